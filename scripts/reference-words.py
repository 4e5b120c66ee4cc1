#!/usr/bin/env python3
"""Write Fixtures/explain/reference-text.tsv: what each real explainxkcd page shows as text.

Usage:
    python3 scripts/reference-words.py [PAGES] > Fixtures/explain/reference-text.tsv

PAGES is real-data's explainxkcd-pages.jsonl.xz (one JSON object a line, {"num": N,
"wikitext": "..."}), by default ../shared/real-data/explainxkcd-pages.jsonl.xz beside the
checkout. The text comes from a MediaWiki parser by other hands than the program's:
mwparserfromhell (installed with pip when missing), so that what `explain` and `transcript`
make of a page can be measured against it without sharing its mistakes.

For each page, the reference Explanation is the Explanation section (the first level-2
section whose heading holds "planation", as #2408's "Eggsplanation" does, subsections
included, up to the next level-2 heading; the whole page when there is none) less its heading; the reference Transcript is the
first level-2 section whose heading holds "transcript" (in any case), less its heading, cut at
`{{comic discussion}}`. Each is read as MediaWiki shows it: File:, Image:, Media: and Category:
links removed (none of them shows as text), `<math>` as its TeX source (MediaWiki draws the
formula; a terminal shows the source), table cells, rows and line breaks as the spaces
between their texts that the wiki's layout makes of them, a table opened after indents or list marks (`:{|`) as
one that starts its line (MediaWiki reads both as a table; mwparserfromhell only the second),
then `strip_code()` (templates dropped, links as their
labels, tags as their contents, `<nowiki>` and `<pre>` as written, entities decoded).

The words of the Explanation are its runs of ASCII letters and digits, lower-cased, of 3
characters or more, without digits-only runs; of those that are distinct, the page keeps at
most SAMPLE, chosen by a stable hash: the first SAMPLE when sorted by the MD5 of "N:word", in
that order.

The markup of a section is what of the page's own text looks like wiki markup (a stray `]]`,
`{{` inside `<nowiki>`, TeX's `}}`): which of these pieces its reference text holds, in this
order: {{ }} [[ ]] <ref ''' ==heading (a line of `==`, text, `==`) {| |} &nbsp; __MAGIC__ (two
underscores, capitals, two underscores) [http. Text made from the page may hold those and no
others.

The file is a header of `#` lines, then one line a page in number order, four fields split by
tabs: N, the Explanation's words, the Explanation's markup and the Transcript's markup (each
split by spaces, and empty when there is none).
"""

import hashlib
import importlib
import json
import lzma
import os
import re
import subprocess
import sys

SAMPLE = 32
PARSER = "mwparserfromhell==0.7.2"
DROPPED_LINKS = ("file:", "image:", "media:", "category:")
WORD = re.compile(r"[A-Za-z0-9]+")
PIECES = ["{{", "}}", "[[", "]]", "<ref", "'''"]
LATER_PIECES = ["{|", "|}", "&nbsp;"]
MAGIC = re.compile(r"__[A-Z]+__")
SPACED_TAGS = {"table", "tr", "td", "th", "caption", "br", "p", "div", "li", "dd", "dt"}
INDENTED_TABLE = re.compile(r"(?m)^[ \t:*#]+(?=\{\|)")


def parser():
    """mwparserfromhell, installed with pip first when it is not."""
    try:
        return importlib.import_module("mwparserfromhell")
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", PARSER], check=True)
        return importlib.import_module("mwparserfromhell")


def section(mw, wikitext, wanted):
    """The first level-2 section whose heading `wanted` accepts, without its heading; None."""
    for found in parse(mw, wikitext).get_sections(levels=[2]):
        heading = found.filter_headings(recursive=False)[0]
        if wanted(str(heading.title)):
            found.remove(heading)
            return found
    return None


def parse(mw, wikitext):
    """`wikitext` as wikicode, its indented tables starting their lines."""
    return mw.parse(INDENTED_TABLE.sub("", wikitext))


def explanation(mw, wikitext):
    """The Explanation section as wikicode; the whole page when it has none."""
    found = section(mw, wikitext, lambda title: "planation" in title)
    return parse(mw, wikitext) if found is None else found


def transcript(mw, wikitext):
    """The Transcript section as wikicode, up to `{{comic discussion}}`; None when there is none."""
    found = section(mw, wikitext, lambda title: "transcript" in title.lower())
    if found is None:
        return None
    text = str(found)
    end = text.lower().find("{{comic discussion}}")
    return mw.parse(text if end < 0 else text[:end])


def visible_text(code):
    """What MediaWiki shows of `code` as text, as mwparserfromhell strips it."""
    while True:
        tags = [tag for tag in code.filter_tags() if str(tag.tag).strip().lower() in SPACED_TAGS | {"math"}]
        if not tags:
            break
        for tag in tags:
            contents = str(tag.contents or "")
            spaced = contents if str(tag.tag).strip().lower() == "math" else f" {contents} "
            try:
                code.replace(tag, spaced)
            except ValueError:
                pass  # inside a node replaced already: the next round takes it
    for link in code.filter_wikilinks():
        if str(link.title).strip().lower().startswith(DROPPED_LINKS):
            try:
                code.remove(link)
            except ValueError:
                pass  # inside a link removed already
    return code.strip_code()


def words(text):
    """The distinct words of `text` as the file holds them (see the module's docstring)."""
    found = {w.lower() for w in WORD.findall(text)}
    return {w for w in found if len(w) >= 3 and not w.isdigit()}


def markup(text):
    """The pieces of markup `text` holds, named as the file names them."""
    found = [piece for piece in PIECES if piece in text]
    for line in text.split("\n"):
        line = line.strip(" ")
        if len(line) > 4 and line.startswith("==") and line.endswith("=="):
            found.append("==heading")
            break
    found += [piece for piece in LATER_PIECES if piece in text]
    if MAGIC.search(text):
        found.append("__MAGIC__")
    if "[http" in text:
        found.append("[http")
    return found


def sample(num, distinct):
    """At most SAMPLE of `distinct`, chosen by the MD5 of "num:word"."""
    return sorted(distinct, key=lambda w: hashlib.md5(f"{num}:{w}".encode()).hexdigest())[:SAMPLE]


def line(mw, page):
    """The file's line for one page."""
    num = page["num"]
    explained = visible_text(explanation(mw, page["wikitext"]))
    transcribed = transcript(mw, page["wikitext"])
    transcribed = "" if transcribed is None else visible_text(transcribed)
    fields = [sample(num, words(explained)), markup(explained), markup(transcribed)]
    return "\t".join([str(num)] + [" ".join(field) for field in fields])


HEADER = f"""\
# What each real explainxkcd page shows as text, by mwparserfromhell's strip_code()
# ({PARSER}); written by scripts/reference-words.py, whose docstring says how.
# A line a page, fields split by tabs: N; at most {SAMPLE} distinct words of the Explanation
# (ASCII letters and digits, lower case, 3 characters or more, not only digits), chosen by
# the MD5 of "N:word"; the pieces of wiki markup the Explanation's own text holds; those the
# Transcript's holds. Text CC BY-SA 3.0, explainxkcd's contributors.
"""


def main():
    default = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "real-data", "explainxkcd-pages.jsonl.xz")
    path = sys.argv[1] if len(sys.argv) > 1 else default
    mw = parser()
    with lzma.open(path, "rt", encoding="utf-8") as pages:
        lines = [line(mw, json.loads(text)) for text in pages]
    lines.sort(key=lambda text: int(text.split("\t", 1)[0]))
    sys.stdout.write(HEADER + "".join(text + "\n" for text in lines))


if __name__ == "__main__":
    main()
