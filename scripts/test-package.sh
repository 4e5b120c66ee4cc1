#!/bin/sh
# Installs the .deb on a minimal Debian 12 without Swift and uses it there as a user would:
#   scripts/test-package.sh [DEB]
# Without DEB it runs `make package` and takes dist/xkcd_VERSION_ARCH.deb. `make test` runs it
# after the Swift tests; it needs root (debootstrap, chroot, mount), and without root it says
# it was skipped and exits 0.
#
# 1. lintian reports no error on the .deb.
# 2. A bookworm minbase system is made with debootstrap from the host's Debian mirror, once:
#    it is kept as .build/package-test/bookworm-minbase-ARCH.tar.gz and a fresh copy is
#    unpacked for every run. The host's apt sources for bookworm, -updates and -security,
#    its apt settings (Acquire::, a proxy among them), resolv.conf and hosts are copied in.
# 3. In the chroot, with /proc mounted: apt-get install ./xkcd_*.deb pulls in the libraries the
#    binary links and the ones it opens at run time (Recommends); there is no Swift.
# 4. As a normal user, against the loopback test server on the host (xkcd-test-server over
#    Fixtures/; the chroot shares the host's network): --version, sync (with the index by
#    meaning), search by words and by meaning, save, image in half-blocks and in ASCII, the man
#    page through man-db, bash completion.
# 5. apt-get remove takes away every file the package installed and leaves the user's data.
# The chroot is unmounted on any exit; it is removed after a pass and kept (unmounted) after a
# failure, for a look. XKCD_PACKAGE_SKIP_ICU_CHECK=1 passes through to `make package`.
set -eu

if [ "$(id -u)" -ne 0 ]; then
    echo "package test: skipped (installing the .deb in a debootstrapped chroot needs root)"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg >/dev/null 2>&1; then
    echo "package test: skipped (needs a Debian or Ubuntu host with apt and dpkg)"
    exit 0
fi
# The package is built on this host for Debian 12: elsewhere its Depends (glibc's version
# among them) would not be bookworm's.
codename=$(sed -n "s/^VERSION_CODENAME=//p" /etc/os-release 2>/dev/null || true)
if [ "$codename" != bookworm ]; then
    echo "package test: skipped (the package is made for Debian 12, and this host is '${codename:-unknown}')"
    exit 0
fi
# A container without the right to mount cannot give the chroot its /proc.
if ! unshare -m true 2>/dev/null; then
    echo "package test: skipped (this root cannot mount file systems, which the chroot needs)"
    exit 0
fi

cd "$(dirname "$0")/.."
top=$(pwd)
started=$(date +%s)
suite=bookworm
arch=$(dpkg --print-architecture)
work=$top/.build/package-test
cache=$work/$suite-minbase-$arch.tar.gz
root=$work/root
logs=$work/logs
user=xkcduser
server_pid=""
child=""
mounted=""
passed=""

say() { echo "package test: $*"; }
fail() {
    echo "package test: FAILED: $*" >&2
    exit 1
}
elapsed() { echo $(($(date +%s) - $1)); }

# The processes whose root directory is the chroot.
chrooted_processes() {
    for process in /proc/[0-9]*; do
        if [ "$(readlink "$process/root" 2>/dev/null)" = "$root" ]; then
            echo "${process#/proc/}"
        fi
    done
}

cleanup() {
    status=$?
    if [ -n "$child" ]; then
        kill "$child" 2>/dev/null || true
        wait "$child" 2>/dev/null || true
    fi
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    # What still runs inside the chroot (a command cut short by a signal: timeout puts it in a
    # process group of its own, out of reach of the terminal's Ctrl-C) keeps its mounts busy.
    if [ -d "$root" ]; then
        for signal in TERM TERM TERM KILL; do
            inside=$(chrooted_processes)
            [ -n "$inside" ] || break
            # shellcheck disable=SC2086
            kill -s "$signal" $inside 2>/dev/null || true
            sleep 1
        done
    fi
    # Innermost first; whatever is still mounted under the root is unmounted, lazily at last.
    for point in $mounted; do
        umount "$point" 2>/dev/null || umount -l "$point" 2>/dev/null || true
    done
    if [ -d "$root" ]; then
        if grep -q " $root/" /proc/mounts 2>/dev/null; then
            echo "package test: still mounted under $root; not removing it" >&2
        elif [ -n "$passed" ]; then
            rm -rf --one-file-system "$root"
        else
            echo "package test: the chroot is kept for a look: $root (logs in $logs)" >&2
        fi
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# run NAME COMMAND...: runs COMMAND with its output in $logs/NAME.log; on failure shows the end
# of the log and fails.
# COMMAND runs in the background and is waited for, so that a signal stops the script at once
# (the cleanup stops COMMAND).
run() {
    name=$1
    shift
    "$@" >"$logs/$name.log" 2>&1 &
    child=$!
    if wait "$child"; then status=0; else status=$?; fi
    child=""
    if [ "$status" -ne 0 ]; then
        tail -n 30 "$logs/$name.log" >&2
        fail "$name (log: $logs/$name.log)"
    fi
}

# The chroot's programs run with a clean environment: as root, or as the test user.
in_root() {
    timeout 900 chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive /bin/sh -c "$1"
}
as_user() {
    timeout 300 chroot --userspec="$user_id:$group_id" "$root" /usr/bin/env -i \
        PATH=/usr/local/bin:/usr/bin:/bin HOME="/home/$user" USER="$user" LOGNAME="$user" \
        LANG=C.UTF-8 TERM=xterm-256color XKCD_BASE_URL="$base_url" XKCD_EXPLAIN_URL="$base_url" \
        /bin/sh -c "cd && $1"
}

# The host's Debian sources as "URI SUITE" lines, from one-line .list files and deb822 .sources.
host_sources() {
    for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$file" ] || continue
        awk '$1 == "deb" {
            i = 2
            if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
            if (i + 1 <= NF) print $i, $(i + 1)
        }' "$file"
    done
    for file in /etc/apt/sources.list.d/*.sources; do
        [ -f "$file" ] || continue
        awk '
        function flush(  n, m, i, j, u, s) {
            if (types ~ /(^| )deb( |$)/ && enabled != "no") {
                n = split(uris, u, " "); m = split(suites, s, " ")
                for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print u[i], s[j]
            }
            types = ""; uris = ""; suites = ""; enabled = "yes"; key = ""
        }
        BEGIN { enabled = "yes" }
        /^#/ { next }
        /^[ \t]*$/ { flush(); next }
        /^[A-Za-z-]+:/ { key = tolower(substr($0, 1, index($0, ":") - 1)); value = substr($0, index($0, ":") + 1) }
        /^[ \t]/ { value = $0 }
        {
            if (key == "types") types = types " " value
            else if (key == "uris") uris = uris " " value
            else if (key == "suites") suites = suites " " value
            else if (key == "enabled") { gsub(/[ \t]/, "", value); enabled = tolower(value) }
        }
        END { flush() }' "$file"
    done
}

rm -rf "$logs"
mkdir -p "$work" "$logs"

# The package.
deb=${1:-}
package_started=$(date +%s)
if [ -z "$deb" ]; then
    make --no-print-directory package
    version=$(.build/release/xkcd --version | head -n 1 | cut -d' ' -f2)
    deb=dist/xkcd_${version}_$arch.deb
fi
[ -f "$deb" ] || fail "no package at $deb"
deb_size=$(stat -c %s "$deb")
dpkg-deb -f "$deb" Recommends | tr ',' '\n' | grep -qx ' *bash-completion' ||
    fail "the package does not recommend bash-completion: $(dpkg-deb -f "$deb" Recommends)"
dpkg-deb -f "$deb" Recommends | tr ',' '\n' | grep -qx ' *libopenblas0' ||
    fail "the package does not recommend libopenblas0: $(dpkg-deb -f "$deb" Recommends)"
# What a user downloads: the package with the model at most 30 MB, its binary at most 20 MB.
[ "$deb_size" -le 30000000 ] || fail "$deb is $deb_size bytes, more than 30 MB"
binary_size=$(dpkg-deb --fsys-tarfile "$deb" | tar -tvf - ./usr/bin/xkcd | awk '{ print $3 }')
[ -n "$binary_size" ] || fail "cannot read the size of /usr/bin/xkcd in $deb"
[ "$binary_size" -le 20000000 ] || fail "/usr/bin/xkcd is $binary_size bytes, more than 20 MB"
# grep reads the whole listing (no -q): dpkg-deb cut off mid-listing complains on stderr.
dpkg-deb -c "$deb" | grep ' ./usr/share/xkcd/all-minilm-l6-v2.xkcd$' >/dev/null ||
    fail "the package has no model in /usr/share/xkcd"
package_time=$(elapsed "$package_started")

run install-tools ./scripts/install-deps.sh debootstrap lintian
lint_started=$(date +%s)
# No tag is suppressed: every error and warning lintian can raise applies to this package.
if ! lintian --allow-root --fail-on error --tag-display-limit 0 "$deb" >"$logs/lintian.log" 2>&1; then
    cat "$logs/lintian.log" >&2
    fail "lintian reports errors on $deb"
fi
lint_time=$(elapsed "$lint_started")
say "lintian: $(grep -c '^E:' "$logs/lintian.log" || true) errors, $(grep -c '^W:' "$logs/lintian.log" || true) warnings (${lint_time} s)"
sed 's/^/    /' "$logs/lintian.log"

# The minimal system, from the cache or debootstrapped.
sources=$(host_sources | awk -v s="$suite" '$2 == s || $2 == s "-updates" || $2 == s "-security"' | awk '!seen[$0]++')
mirror=$(echo "$sources" | awk -v s="$suite" '$2 == s { print $1; exit }')
mirror=${mirror:-http://deb.debian.org/debian}
[ -n "$sources" ] || sources="$mirror $suite"
chroot_started=$(date +%s)
if [ ! -f "$cache" ]; then
    proxy=""
    eval "$(apt-config shell proxy Acquire::http::Proxy)"
    if [ -n "$proxy" ] && [ -z "${http_proxy:-}" ]; then
        export http_proxy="$proxy"
    fi
    rm -rf --one-file-system "$work/debootstrap"
    say "debootstrapping $suite (minbase) from $mirror into the cache"
    run debootstrap debootstrap --variant=minbase "$suite" "$work/debootstrap" "$mirror"
    tar -C "$work/debootstrap" -czf "$cache.partial" .
    mv "$cache.partial" "$cache"
    rm -rf --one-file-system "$work/debootstrap"
    how="debootstrapped"
else
    how="from the cache"
fi
if [ -d "$root" ]; then
    grep -q " $root/" /proc/mounts && fail "something is still mounted under $root"
    rm -rf --one-file-system "$root"
fi
mkdir -p "$root"
tar -C "$root" -xzf "$cache"
chroot_time=$(elapsed "$chroot_started")

echo "$sources" | awk '{ print "deb", $1, $2, "main" }' >"$root/etc/apt/sources.list"
for conf in /etc/apt/apt.conf /etc/apt/apt.conf.d/*; do
    if [ -f "$conf" ] && grep -q 'Acquire::' "$conf"; then
        cp "$conf" "$root/etc/apt/apt.conf.d/50host-${conf##*/}"
    fi
done
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
cp /etc/hosts "$root/etc/hosts"
mount -t proc proc "$root/proc"
mounted="$root/proc"
if mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts" 2>/dev/null; then
    mounted="$root/dev/pts $mounted"
fi

# Install the package as a user would, with man-db besides; bash-completion comes as a
# recommendation.
install_started=$(date +%s)
cp "$deb" "$root/tmp/"
deb_name=${deb##*/}
run apt-update in_root "apt-get update"
run apt-install in_root "cd /tmp && apt-get install -y ./$deb_name man-db"
install_time=$(elapsed "$install_started")
for package in xkcd libedit2 libsqlite3-0 libcurl4 libpng16-16 libjpeg62-turbo libgif7 libopenblas0 bash-completion; do
    status=$(in_root "dpkg-query -W -f='\${Status}' $package" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || fail "$package is not installed in the chroot ($status)"
done
if in_root "command -v swift" >/dev/null 2>&1; then
    fail "the chroot has swift"
fi
swift_libraries=$(in_root "find / -xdev \\( -name 'libswiftCore*' -o -name 'libFoundation*.so*' -o -name 'libdispatch.so*' \\) -print" 2>/dev/null || true)
[ -z "$swift_libraries" ] || fail "the chroot has Swift's libraries: $swift_libraries"
run ldd in_root "ldd /usr/bin/xkcd"
if grep -q 'not found' "$logs/ldd.log"; then
    cat "$logs/ldd.log" >&2
    fail "/usr/bin/xkcd links a library the chroot lacks"
fi
in_root "dpkg -L xkcd" | while IFS= read -r path; do
    if [ -n "$path" ] && [ ! -d "$root$path" ]; then echo "$path"; fi
done >"$logs/installed-files"
[ -s "$logs/installed-files" ] || fail "dpkg -L xkcd lists no file"

# The loopback server, as the tests use it.
run build-server swift build --product xkcd-test-server
.build/debug/xkcd-test-server --fixtures Fixtures --port 0 >"$logs/server.out" 2>"$logs/server.err" &
server_pid=$!
base_url=""
tries=0
while [ -z "$base_url" ]; do
    base_url=$(head -n 1 "$logs/server.out" 2>/dev/null || true)
    [ -n "$base_url" ] && break
    kill -0 "$server_pid" 2>/dev/null || {
        cat "$logs/server.err" >&2
        fail "xkcd-test-server stopped"
    }
    tries=$((tries + 1))
    [ "$tries" -lt 300 ] || fail "xkcd-test-server printed no address in 30 s"
    sleep 0.1
done
case "$base_url" in
http://127.0.0.1:*) ;;
*) fail "xkcd-test-server printed '$base_url', not its address" ;;
esac

# As a user.
checks_started=$(date +%s)
run useradd in_root "useradd --create-home --shell /bin/bash $user"
user_id=$(in_root "id -u $user")
group_id=$(in_root "id -g $user")

run version as_user "xkcd --version"
grep -q "^xkcd ${version:-[0-9]}" "$logs/version.log" || fail "xkcd --version printed: $(head -n 1 "$logs/version.log")"
run sync as_user "xkcd sync"
run search as_user "xkcd search python"
grep -q '#353' "$logs/search.log" || fail "xkcd search python does not list #353: $(cat "$logs/search.log")"
grep -q 'comics indexed by meaning' "$logs/sync.log" || fail "xkcd sync built no index by meaning: $(cat "$logs/sync.log")"
run meaning as_user "xkcd search --by meaning a programming language that lets you levitate"
head -n 2 "$logs/meaning.log" | grep -q '#353.*close in meaning' ||
    fail "search by meaning does not put #353 first: $(cat "$logs/meaning.log")"
run save as_user "xkcd save 353 /tmp/x.png"
[ -f "$root/tmp/x.png" ] || fail "xkcd save 353 /tmp/x.png wrote no file"
[ "$(head -c 8 "$root/tmp/x.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
    fail "/tmp/x.png is not a PNG"
run image-blocks as_user "xkcd image 353 --renderer blocks"
grep -q '▀' "$logs/image-blocks.log" || fail "xkcd image 353 --renderer blocks drew no half-block"
run image-ascii as_user "xkcd image 353 --renderer ascii"
[ "$(wc -l <"$logs/image-ascii.log")" -ge 5 ] || fail "xkcd image 353 --renderer ascii drew less than 5 lines"
grep -q '▀' "$logs/image-ascii.log" && fail "xkcd image 353 --renderer ascii drew half-blocks"
run man as_user "MANWIDTH=80 man -P cat xkcd"
grep -q '^NAME' "$logs/man.log" || fail "man xkcd shows no NAME section"
grep -q 'xkcd' "$logs/man.log" || fail "man xkcd does not name xkcd"
# The completion bash-completion loads for xkcd, called as bash calls it for "xkcd go<Tab>".
cat >"$root/tmp/complete-xkcd.bash" <<'EOF'
. /usr/share/bash-completion/bash_completion
__load_completion xkcd || { echo "bash-completion loads nothing for xkcd"; exit 1; }
function=$(complete -p xkcd | sed -n 's/.*-F \([^ ]*\).*/\1/p')
[ -n "$function" ] || { echo "no completion function for xkcd: $(complete -p xkcd)"; exit 1; }
COMP_LINE="xkcd go" COMP_POINT=7 COMP_WORDS=(xkcd go) COMP_CWORD=1 COMP_TYPE=9
"$function" xkcd go xkcd
printf '%s\n' "${COMPREPLY[@]}"
EOF
run completion as_user "bash /tmp/complete-xkcd.bash"
grep -qx 'goto' "$logs/completion.log" || fail "completing 'xkcd go' does not offer goto: $(cat "$logs/completion.log")"
data_dir=$root/home/$user/.local/share/xkcd
[ -n "$(ls -A "$data_dir" 2>/dev/null)" ] || fail "no data in ~/.local/share/xkcd after sync"
find "$data_dir" -mindepth 1 -printf '%P %s\n' | sort >"$logs/data-before"
checks_time=$(elapsed "$checks_started")

# Removal.
run apt-remove in_root "apt-get remove -y xkcd"
left=""
while IFS= read -r path; do
    if [ -e "$root$path" ] || [ -L "$root$path" ]; then left="$left $path"; fi
done <"$logs/installed-files"
[ -z "$left" ] || fail "apt-get remove left:$left"
find "$data_dir" -mindepth 1 -printf '%P %s\n' 2>/dev/null | sort >"$logs/data-after" || true
cmp -s "$logs/data-before" "$logs/data-after" ||
    fail "the user's data in ~/.local/share/xkcd changed on removal"

passed=yes
files=$(wc -l <"$logs/installed-files" | tr -d ' ')
say "passed ($deb_name, $((deb_size / 1000)) kB, its binary $((binary_size / 1000)) kB; package ${package_time} s, lintian ${lint_time} s, chroot ${how} ${chroot_time} s, install ${install_time} s, checks ${checks_time} s; removal took all $files files and kept the user's data; $(elapsed "$started") s in all)"
