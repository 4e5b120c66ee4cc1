#!/bin/sh
# Installs xkcd from this release directory under a prefix (default ~/.local):
#   ./install.sh [--prefix DIR]      or      PREFIX=DIR ./install.sh
# PREFIX/bin/xkcd, its man page in PREFIX/share/man/man1 and its bash, zsh and fish
# completions. ./uninstall.sh with the same prefix removes them again.
set -eu

usage() {
    echo "usage: ./install.sh [--prefix DIR]   (default: PREFIX, else ~/.local)"
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
        echo "install.sh: unknown argument: $1" >&2
        usage >&2
        exit 2
        ;;
    esac
done
[ -n "$prefix" ] || { echo "install.sh: the prefix is empty" >&2; exit 2; }

here=$(cd "$(dirname "$0")" && pwd)
for file in xkcd xkcd.1 completions/xkcd.bash completions/_xkcd completions/xkcd.fish; do
    if [ ! -f "$here/$file" ]; then
        echo "install.sh: $here/$file is missing; unpack the whole release archive" >&2
        exit 1
    fi
done

# put SOURCE DESTINATION MODE: copies next to the destination, then renames over it, so
# a running xkcd is not disturbed.
put() {
    mkdir -p "$(dirname "$2")"
    cp "$here/$1" "$2.new.$$"
    chmod "$3" "$2.new.$$"
    mv -f "$2.new.$$" "$2"
    echo "  $2"
}

echo "Installing xkcd under $prefix:"
put xkcd "$prefix/bin/xkcd" 755
put xkcd.1 "$prefix/share/man/man1/xkcd.1" 644
put completions/xkcd.bash "$prefix/share/bash-completion/completions/xkcd" 644
put completions/_xkcd "$prefix/share/zsh/site-functions/_xkcd" 644
put completions/xkcd.fish "$prefix/share/fish/vendor_completions.d/xkcd.fish" 644

case ":${PATH:-}:" in
*":$prefix/bin:"*) ;;
*) echo "Note: $prefix/bin is not on your PATH; add it (e.g. in ~/.profile) to run xkcd by name." ;;
esac
echo "zsh: add $prefix/share/zsh/site-functions to fpath before compinit if it is not there."
echo "Fetching comics needs libcurl; drawing images needs libpng, libjpeg and giflib."
echo "Done. Run 'xkcd' to start; './uninstall.sh' (with the same prefix) removes these files."
