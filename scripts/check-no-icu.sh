#!/bin/sh
# Fails when BINARY carries ICU: scripts/check-no-icu.sh BINARY
# Looks for ICU's symbols with nm, in the symbol table and the dynamic one: its C API
# (ucol_, ubrk_, udat_, ucal_, unum_, uloc_, u_strToUpper ...), its C++ namespace (icu_76::),
# its data (icudt76_dat) and Foundation's ICU module (_FoundationICU). A stripped binary has
# no symbol table left, so there the names ICU keeps as strings (its data package "icudt76l"
# and its functions' names in its messages) are looked for too. Prints how many matched and a
# few of them, and exits 1 when any did.
set -eu
binary=${1:?usage: check-no-icu.sh BINARY}
if [ ! -f "$binary" ]; then
    echo "check-no-icu: $binary: no such file" >&2
    exit 2
fi
if ! command -v nm >/dev/null 2>&1; then
    echo "check-no-icu: nm not found (install binutils)" >&2
    exit 2
fi

pattern='ucol_|ubrk_|udat_|ucal_|unum_|uloc_|unorm2_|utrans_|u_strToUpper|u_strToLower|icudt[0-9]|icu_[0-9]+|_FoundationICU'
found=$(mktemp)
trap 'rm -f "$found"' EXIT

{
    nm "$binary" 2>/dev/null || true
    nm -D "$binary" 2>/dev/null || true
} | awk '{ print $NF }' | grep -E "$pattern" >"$found" || true
where="symbols"
if [ -z "$(nm "$binary" 2>/dev/null | head -n 1)" ]; then
    # No symbol table (stripped): ICU's names survive as strings.
    strings -a "$binary" | grep -E "$pattern" >>"$found" || true
    where="symbols or strings (the binary is stripped)"
fi

count=$(sort -u "$found" | wc -l | tr -d ' ')
if [ "$count" -gt 0 ]; then
    echo "check-no-icu: $binary: $count ICU $where, e.g.:" >&2
    # C names first: they read better than Swift's mangled ones.
    { sort -u "$found" | grep -v '^[$]s' || true; sort -u "$found" | grep '^[$]s' || true; } |
        head -n 5 | sed 's/^/    /' >&2
    exit 1
fi
echo "check-no-icu: $binary: no ICU symbols"
