#!/bin/sh
# Unpacks Debian's nginx binary into DIR (DIR/usr/sbin/nginx) for the tests and benchmarks that
# serve TLS on loopback, unless it is already there. The package is downloaded, never
# installed: no web server is set up, started or enabled on the machine. Only the shared
# libraries it links (its dependencies in section libs) are installed, through install-deps.sh.
# Elsewhere (macOS, other Linux) it does nothing: the tests look for nginx on the system.
set -eu
dir=${1:?usage: fetch-nginx.sh DIR}
nginx="$dir/usr/sbin/nginx"

case "$(uname -s)" in
Darwin) exit 0 ;;
esac
if ! command -v dpkg-deb >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    echo "fetch-nginx: not a Debian/Ubuntu system; the tests use the system's nginx" >&2
    exit 0
fi
[ -x "$nginx" ] && "$nginx" -v 2>/dev/null && exit 0

if [ "$(id -u)" -eq 0 ]; then
    as_root=""
    # apt's download user cannot write into a root-owned folder; root downloads itself.
    download_options="-o APT::Sandbox::User=root"
elif command -v sudo >/dev/null 2>&1; then
    as_root="sudo"
    download_options=""
else
    as_root="none"
    download_options=""
fi

downloads=$(mktemp -d)
trap 'rm -rf "$downloads"' EXIT

# Debian 12 keeps the binary in nginx (nginx-light is a transitional package); Ubuntu 22.04 in
# nginx-core. Says whether one of them came with it; apt's messages go to $downloads/apt.log.
download() {
    for package in nginx nginx-core; do
        # shellcheck disable=SC2086
        if (cd "$downloads" && apt-get download -q $download_options "$package") >>"$downloads/apt.log" 2>&1; then
            deb=$(ls "$downloads"/"$package"_*.deb)
            if dpkg-deb -c "$deb" | grep '\./usr/sbin/nginx$' >/dev/null; then return 0; fi
        fi
    done
    return 1
}

if ! download; then
    # No package lists yet, or lists naming a version the mirror no longer has.
    if [ "$as_root" = none ]; then
        echo "fetch-nginx: cannot download nginx, and need root or sudo to update apt's lists" >&2
        exit 1
    fi
    echo "fetch-nginx: updating apt's package lists" >&2
    DEBIAN_FRONTEND=noninteractive $as_root apt-get update -qq
    if ! download; then
        cat "$downloads/apt.log" >&2
        echo "fetch-nginx: no package with /usr/sbin/nginx could be downloaded (tried nginx, nginx-core)" >&2
        exit 1
    fi
fi

libraries=""
for dependency in $(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/|.*//; s/(.*)//; s/:.*//; s/ //g'); do
    section=$(apt-cache show --no-all-versions "$dependency" 2>/dev/null | sed -n 's/^Section: //p' | head -n 1)
    case "$section" in
    libs | */libs) libraries="$libraries $dependency" ;;
    esac
done
# shellcheck disable=SC2086
"$(dirname "$0")/install-deps.sh" $libraries

rm -rf "$dir"
mkdir -p "$dir"
dpkg-deb -x "$deb" "$dir"
if ! "$nginx" -v 2>/dev/null; then
    "$nginx" -v || true
    echo "fetch-nginx: $nginx does not run" >&2
    exit 1
fi
