#!/usr/bin/env python3
"""Write Sources/XKCDKit/Text/FoldTable.swift: how each Unicode scalar folds for matching.

Titles are compared (Tab completion, `goto TITLE`) ignoring case, accents and width, as
Foundation's `folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
locale: nil)` does. Foundation does that with ICU, which is 45 MB in a static binary; this
script turns Python's copy of the Unicode Character Database into a table instead, once.

A scalar folds as follows:
- halfwidth and fullwidth forms (U+FF00-FFEF) take their compatibility decomposition
  (`Ａ` is `A`, `ｶ` is `カ`);
- a letter whose canonical decomposition starts with a Latin, Greek or Cyrillic letter loses
  its combining marks (`é` is `e`, `ǻ` is `a`, `ώ` is `ω`, `й` is `и`); a cased letter of those
  scripts whose compatibility decomposition is letters alone takes it (`ĳ` is `ij`, `ǆ` is `dz`);
- everything is case-folded (full folding: `ß` is `ss`, `ﬁ` is `fi`, `ς` is `σ`), and what that
  gives is decomposed and stripped again (`İ` is `i`);
- letters that carry a stroke or are ligatures of two, which Unicode does not decompose, are
  spelled with the plain letters (`ø` is `o`, `ł` is `l`, `æ` is `ae`, `œ` is `oe`), which
  Foundation leaves as they are.
Only scalars whose folding differs from themselves are written; ASCII is left to the code
(`TextFolding`), which also drops the combining marks that follow a letter.

Usage:
    python3 scripts/make-fold-table.py > Sources/XKCDKit/Text/FoldTable.swift
"""

import sys
import unicodedata

# Blocks whose letters lose their diacritics: Basic Latin to Cyrillic Supplement, Cyrillic
# Extended-C, Latin Extended Additional, Greek Extended, Latin Extended-C, Cyrillic
# Extended-B, Latin Extended-D and -E, and the Latin ligatures.
DIACRITIC_BLOCKS = [
    (0x0000, 0x052F),
    (0x1C80, 0x1C8F),
    (0x1E00, 0x1FFF),
    (0x2C60, 0x2C7F),
    (0xA640, 0xA69F),
    (0xA720, 0xA7FF),
    (0xAB30, 0xAB6F),
    (0xFB00, 0xFB06),
]
WIDTH_BLOCK = (0xFF00, 0xFFEF)

# Letters Unicode does not decompose, spelled with the letters a reader would type for them.
# Lower case only: upper case reaches them through case folding.
PLAIN_LETTERS = {
    "æ": "ae",
    "œ": "oe",
    "ø": "o",
    "ł": "l",
    "đ": "d",
    "ħ": "h",
    "ŧ": "t",
    "ı": "i",
    "ŀ": "l",
    "ƀ": "b",
    "ƚ": "l",
    "ƶ": "z",
    "ǥ": "g",
    "ȼ": "c",
    "ɇ": "e",
    "ɉ": "j",
    "ɍ": "r",
    "ɏ": "y",
    "ɨ": "i",
}


def in_blocks(code, blocks):
    return any(low <= code <= high for low, high in blocks)


def is_mark(char):
    return unicodedata.category(char).startswith("M")


def without_marks(text):
    return "".join(char for char in text if not is_mark(char))


def strip_diacritics(text):
    """`text` decomposed, and without its marks when it starts with a Latin, Greek or Cyrillic letter."""
    decomposed = unicodedata.normalize("NFD", text)
    if decomposed and in_blocks(ord(decomposed[0]), DIACRITIC_BLOCKS) and not is_mark(decomposed[0]):
        return without_marks(decomposed)
    return text


def fold(char):
    if is_mark(char):
        # A mark on its own (no letter before it) is kept, case-folded (U+0345 is ι), and only
        # its first part when it decomposes (U+0344, dialytika tonos, is the dialytika).
        return unicodedata.normalize("NFD", char)[0].casefold()
    text = char
    width = unicodedata.normalize("NFKD", text)
    if in_blocks(ord(char), [WIDTH_BLOCK]) and not width.startswith(" "):
        # (A spacing accent, such as the fullwidth macron, stays an accent.)
        text = width
    compatibility = unicodedata.normalize("NFKD", text)
    if (
        unicodedata.category(char) in ("Lu", "Ll", "Lt")
        and in_blocks(ord(char), DIACRITIC_BLOCKS)
        and all(unicodedata.category(c)[0] in "LM" for c in compatibility)
    ):
        text = compatibility
    text = strip_diacritics(text)
    while True:
        folded = strip_diacritics(text.casefold())
        folded = "".join(PLAIN_LETTERS.get(c, c) for c in folded)
        if folded == text:
            return text
        text = folded


def swift_literal(text):
    out = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= code < 0x7F:
            out.append(char)
        elif is_mark(char) or unicodedata.category(char) in ("Zs", "Cf", "Cc"):
            out.append("\\u{%04X}" % code)
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def shown(char):
    if is_mark(char) or unicodedata.category(char) in ("Zs", "Cf", "Cc"):
        return unicodedata.name(char, "U+%04X" % ord(char)).lower()
    return char


def main():
    rows = []
    for code in range(0x80, 0x110000):
        char = chr(code)
        if unicodedata.category(char) in ("Cn", "Cs", "Co"):
            continue
        folded = fold(char)
        if folded != char:
            rows.append((code, folded, char))

    out = sys.stdout
    out.write("// Generated by scripts/make-fold-table.py from the Unicode Character Database %s\n" % unicodedata.unidata_version)
    out.write("// (Python's unicodedata): do not edit. To regenerate, run\n")
    out.write("//     python3 scripts/make-fold-table.py > Sources/XKCDKit/Text/FoldTable.swift\n")
    out.write("\n")
    out.write("/// How non-ASCII scalars fold for matching (see ``TextFolding``): each scalar whose folded\n")
    out.write("/// spelling differs from itself, ascending, with that spelling.\n")
    out.write("enum FoldTable {\n")
    out.write("    /// %d scalars: Latin, Greek and Cyrillic letters without their diacritics, every cased\n" % len(rows))
    out.write("    /// letter case-folded, and halfwidth and fullwidth forms at their usual width.\n")
    out.write("    static let entries: [(scalar: UInt32, folded: String)] = table.unicodeScalars.split {\n")
    out.write("        $0 == \" \" || $0 == \"\\n\"\n")
    out.write("    }.map { entry in\n")
    out.write("        let equals = entry.firstIndex(of: \"=\")!\n")
    out.write("        let code = String(String.UnicodeScalarView(entry[..<equals]))\n")
    out.write("        return (UInt32(code, radix: 16)!, String(String.UnicodeScalarView(entry[entry.index(after: equals)...])))\n")
    out.write("    }\n")
    out.write("\n")
    out.write("    // Each entry is the scalar in hexadecimal, `=`, and its folded spelling, read scalar by\n")
    out.write("    // scalar: a spelling may be a combining mark.\n")
    out.write("    private static let table = \"\"\"\n")
    per_line = 8
    for start in range(0, len(rows), per_line):
        chunk = rows[start:start + per_line]
        out.write("        " + " ".join("%04X=%s" % (code, swift_literal(folded)[1:-1]) for code, folded, _ in chunk) + "\n")
    out.write("        \"\"\"\n")
    out.write("}\n")


main()
