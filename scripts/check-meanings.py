#!/usr/bin/env python3
"""Checks that the descriptions of Fixtures/search/meanings*.tsv share no content word with
their comic's title, alt text or transcript, as the comic database holds them.

Words are compared lower case, split at anything but letters and digits, stopwords aside,
each reduced by a light stemmer (birds/bird, running/run, hiding/hide count as one word);
numbers count as words. Prints every line that shares a word, with the words, and exits 1
if there is any.

usage: check-meanings.py --comicdb xkcd.sqlite3 [FILE.tsv ...]
(default files: Fixtures/search/meanings.tsv, meanings-unseen.tsv, meanings-blind.tsv and meanings-late.tsv)
"""

import argparse
import os
import re
import sqlite3
import sys
import unicodedata

STOPWORDS = set(
    """
    a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further
    had has have having he her here hers herself him himself his how i if in into is it its
    itself just me more most my myself no nor not of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself
    yourselves s t d ll m re ve don didn doesn isn wasn aren weren won wouldn couldn shouldn
    cannot also ever every get gets got into onto upon yet whose dont cant wont isnt doesnt didnt
    wasnt arent werent wouldnt couldnt shouldnt hasnt havent im ive id youre youve theyre
    theyve hes shes thats whats theres lets
    """.split()
)

WORD = re.compile(r"[a-z0-9]+")


def stem(word):
    """A light stemmer: plural and -ed/-ing endings, a doubled final consonant, a final e."""
    if word.isdigit():
        return word
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "zes", "ches", "shes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    ending = 3 if word.endswith("ing") and len(word) >= 6 else 0
    if word.endswith("ed") and not word.endswith("eed") and len(word) >= 4:
        ending = 2
    if ending:
        word = word[:-ending]
        if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
            word = word[:-1]
        elif len(word) == 2:
            word += "e"
    if len(word) >= 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) >= 3 and word.endswith("y"):
        word = word[:-1] + "i"
    return word


def content_words(text):
    """Each content word of `text`, stemmed, mapped to the word as it was written."""
    words = {}
    text = unicodedata.normalize("NFKD", text.lower().replace("'", "").replace("\u2019", ""))
    for word in WORD.findall("".join(c for c in text if not unicodedata.combining(c))):
        if word not in STOPWORDS:
            words.setdefault(stem(word), word)
    return words


def read_fixture(path):
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        num, sep, sentence = line.partition("\t")
        if not sep or not num.isdigit() or not sentence.strip():
            raise SystemExit(f"error: {path}:{number}: expected a comic number, a tab and a sentence")
        yield number, int(num), sentence


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--comicdb", required=True, help="xkcd-comicdb's xkcd.sqlite3")
    parser.add_argument(
        "files",
        nargs="*",
        default=[os.path.join(root, "Fixtures/search", n) for n in ("meanings.tsv", "meanings-unseen.tsv", "meanings-blind.tsv", "meanings-late.tsv")],
    )
    args = parser.parse_args()
    if not os.path.isfile(args.comicdb):
        raise SystemExit(f"error: {args.comicdb}: no such file; give --comicdb xkcd-comicdb's xkcd.sqlite3")
    db = sqlite3.connect(f"file:{args.comicdb}?mode=ro", uri=True)
    offenders, lines, seen = 0, 0, {}
    for path in args.files:
        for number, num, sentence in read_fixture(path):
            lines += 1
            where = f"{os.path.relpath(path)}:{number}"
            if num in seen:
                print(f"{where}: #{num} is already described at {seen[num]}")
                offenders += 1
            seen[num] = where
            row = db.execute(
                "SELECT title, safe_title, alt, transcript FROM comics WHERE num = ?", (num,)
            ).fetchone()
            if row is None:
                print(f"{where}: #{num} is not in the comic database")
                offenders += 1
                continue
            comic = content_words(" ".join(field or "" for field in row))
            shared = [word for key, word in content_words(sentence).items() if key in comic]
            if shared:
                print(f"{where}: #{num} ({row[0]}) shares {', '.join(shared)}")
                offenders += 1
    print(f"{lines} descriptions, {offenders} sharing words")
    sys.exit(1 if offenders else 0)


if __name__ == "__main__":
    main()
