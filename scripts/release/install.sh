#!/bin/sh
# Installs xkcd from this release directory under a prefix (default ~/.local), or removes it:
#   ./install.sh [--prefix DIR]      or      PREFIX=DIR ./install.sh
#   ./install.sh --uninstall [--prefix DIR]   (what ./uninstall.sh runs)
# PREFIX/bin/xkcd, its man page in PREFIX/share/man/man1, its bash, zsh and fish
# completions, and the sentence encoder's model in PREFIX/lib/xkcd (where the program looks for
# it beside its bin folder; not PREFIX/share/xkcd, which under ~/.local is xkcd's data
# directory). Removing takes only those six files: the comics, favorites and history in xkcd's
# data directory (~/.local/share/xkcd, or XKCD_DATA_DIR) are kept.
set -eu

name=${XKCD_INSTALL_NAME:-install.sh}
uninstall=""
usage() {
    echo "usage: ./$name [--prefix DIR]   (default: PREFIX, else ~/.local)"
}

prefix=${PREFIX:-}
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
    --uninstall)
        uninstall=1
        shift
        ;;
    -h | --help)
        usage
        exit 0
        ;;
    *)
        echo "$name: unknown argument: $1" >&2
        usage >&2
        exit 2
        ;;
    esac
done
if [ -z "$prefix" ]; then
    [ -n "${HOME:-}" ] || { echo "$name: HOME is not set; give --prefix DIR" >&2; exit 2; }
    prefix=$HOME/.local
fi

# Each file of the release and where it goes under the prefix, with its mode.
files="xkcd:bin/xkcd:755
xkcd.1:share/man/man1/xkcd.1:644
completions/xkcd.bash:share/bash-completion/completions/xkcd:644
completions/_xkcd:share/zsh/site-functions/_xkcd:644
completions/xkcd.fish:share/fish/vendor_completions.d/xkcd.fish:644
all-minilm-l6-v2.xkcd:lib/xkcd/all-minilm-l6-v2.xkcd:644"
# Where an earlier release put the model: under ~/.local, xkcd's data directory.
earlier_model=$prefix/share/xkcd/all-minilm-l6-v2.xkcd

# Stops with one line when the folder that would hold `$1` (or its nearest existing parent)
# cannot be written: a prefix such as /usr/local belongs to root.
need_writable() {
    dir=$(dirname "$1")
    while [ ! -e "$dir" ] && [ "$dir" != / ]; do dir=$(dirname "$dir"); done
    if [ ! -d "$dir" ] || [ ! -w "$dir" ]; then
        own=", or install under a prefix of your own: ./install.sh --prefix ~/.local"
        [ -z "$uninstall" ] || own=""
        folder=" ($dir)"
        [ "$dir" != "$prefix" ] || folder=""
        echo "$name: $prefix is not writable for you$folder — run it with sudo$own" >&2
        exit 1
    fi
}

if [ -n "$uninstall" ]; then
    for entry in $files; do
        target=$prefix/$(echo "$entry" | cut -d: -f2)
        if [ -e "$target" ] || [ -L "$target" ]; then need_writable "$target"; fi
    done
    echo "Removing xkcd from $prefix:"
    removed=0
    for entry in $files; do
        target=$prefix/$(echo "$entry" | cut -d: -f2)
        if [ -e "$target" ] || [ -L "$target" ]; then
            rm -f "$target"
            echo "  removed $target"
            removed=$((removed + 1))
        else
            echo "  not there: $target"
        fi
    done
    if [ -f "$earlier_model" ] && rm -f "$earlier_model"; then
        echo "  removed $earlier_model"
        removed=$((removed + 1))
    fi
    # The model's folder is xkcd's own: it goes once empty.
    rmdir "$prefix/lib/xkcd" 2>/dev/null || true
    if [ "$removed" -eq 0 ]; then
        echo "Nothing of xkcd was installed under $prefix."
    else
        echo "Done. Your comics, favorites and history are kept in xkcd's data directory (~/.local/share/xkcd by default); delete it to remove them too."
    fi
    exit 0
fi

here=$(cd "$(dirname "$0")" && pwd)
for entry in $files; do
    source=$(echo "$entry" | cut -d: -f1)
    if [ ! -f "$here/$source" ]; then
        echo "$name: $here/$source is missing; unpack the whole release archive" >&2
        exit 1
    fi
done

# Checked before anything is copied, so that nothing is half-installed.
for entry in $files; do
    need_writable "$prefix/$(echo "$entry" | cut -d: -f2)"
done

echo "Installing xkcd under $prefix:"
for entry in $files; do
    source=$(echo "$entry" | cut -d: -f1)
    target=$prefix/$(echo "$entry" | cut -d: -f2)
    # Copied next to the target, then renamed over it, so a running xkcd is not disturbed.
    mkdir -p "$(dirname "$target")"
    cp "$here/$source" "$target.new.$$"
    chmod "$(echo "$entry" | cut -d: -f3)" "$target.new.$$"
    mv -f "$target.new.$$" "$target"
    echo "  $target"
done

if [ -f "$earlier_model" ] && rm -f "$earlier_model"; then
    echo "  removed $earlier_model (the model's place before)"
fi

case ":${PATH:-}:" in
*":$prefix/bin:"*) ;;
*) echo "Note: $prefix/bin is not on your PATH; add it (e.g. in ~/.profile) to run xkcd by name." ;;
esac
share=$prefix/share
echo "Completions went to $share/bash-completion/completions, $share/zsh/site-functions and $share/fish/vendor_completions.d:"
echo "  bash: the bash-completion package loads it (from ~/.local/share, or $share when it is in XDG_DATA_DIRS);"
echo "        without that package, add '. $share/bash-completion/completions/xkcd' to ~/.bashrc."
echo "  zsh:  add $share/zsh/site-functions to fpath before compinit if it is not there."
echo "  fish: loads it when $share is in XDG_DATA_DIRS; otherwise copy it to ~/.config/fish/completions."
echo "Fetching comics needs libcurl; drawing images needs libpng, libjpeg and giflib;"
echo "building the index by meaning ('xkcd sync') runs several times faster with OpenBLAS (libopenblas0)."
echo "Done. Run 'xkcd' to start; './uninstall.sh' (with the same prefix) removes these files."
