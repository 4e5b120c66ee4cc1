#!/bin/sh
# Removes the files ./install.sh put under a prefix (default ~/.local):
#   ./uninstall.sh [--prefix DIR]      or      PREFIX=DIR ./uninstall.sh
# Only those five files: the comics, favorites and history in xkcd's data directory
# (~/.local/share/xkcd, or XKCD_DATA_DIR) are kept.
set -eu

usage() {
    echo "usage: ./uninstall.sh [--prefix DIR]   (default: PREFIX, else ~/.local)"
}

prefix=${PREFIX:-${HOME:?HOME is not set}/.local}
while [ $# -gt 0 ]; do
    case "$1" in
    --prefix)
        [ $# -ge 2 ] || { usage >&2; exit 2; }
        prefix=$2
        shift 2
        ;;
    --prefix=*)
        prefix=${1#--prefix=}
        shift
        ;;
    -h | --help)
        usage
        exit 0
        ;;
    *)
        echo "uninstall.sh: unknown argument: $1" >&2
        usage >&2
        exit 2
        ;;
    esac
done
[ -n "$prefix" ] || { echo "uninstall.sh: the prefix is empty" >&2; exit 2; }

echo "Removing xkcd from $prefix:"
removed=0
for file in bin/xkcd share/man/man1/xkcd.1 share/bash-completion/completions/xkcd \
    share/zsh/site-functions/_xkcd share/fish/vendor_completions.d/xkcd.fish; do
    if [ -e "$prefix/$file" ] || [ -L "$prefix/$file" ]; then
        rm -f "$prefix/$file"
        echo "  removed $prefix/$file"
        removed=$((removed + 1))
    else
        echo "  not there: $prefix/$file"
    fi
done
if [ "$removed" -eq 0 ]; then
    echo "Nothing of xkcd was installed under $prefix."
else
    echo "Done. Your comics, favorites and history are kept in xkcd's data directory (~/.local/share/xkcd by default); delete it to remove them too."
fi
