#!/bin/sh
# Installs the system packages the build needs when they are missing.
# Debian/Ubuntu: apt-get (through sudo when not root). macOS: nothing to install.
set -eu

case "$(uname -s)" in
Darwin) exit 0 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "install-deps: not a Debian/Ubuntu system; make sure libedit, sqlite3 and pkg-config development files are installed" >&2
    exit 0
fi

missing=""
for pkg in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    case "$status" in
    *"install ok installed"*) ;;
    *) missing="$missing $pkg" ;;
    esac
done

[ -z "$missing" ] && exit 0

echo "install-deps: installing$missing" >&2
if [ "$(id -u)" -eq 0 ]; then
    as_root=""
elif command -v sudo >/dev/null 2>&1; then
    as_root="sudo"
else
    echo "install-deps: need root or sudo to install$missing" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -qq
# shellcheck disable=SC2086
$as_root apt-get install -y -qq $missing
