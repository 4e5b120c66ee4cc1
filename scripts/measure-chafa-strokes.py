#!/usr/bin/env python3
"""How dark chafa draws each real comic's strokes, for the half-block contrast test.

Runs Debian's chafa (`chafa -f symbols -c full -s 100`) on every image in real-data/comics,
with its default symbols and with half blocks alone, and writes for each file the stroke
level of both: the grey (luma, 0-255) that the darkest 1% of cells reach, taking each cell's
darker colour. The test draws the same files in half blocks at 100 columns, measures them the
same way, and expects its strokes no lighter than chafa's half blocks.

    scripts/measure-chafa-strokes.py ../shared/real-data/comics > Fixtures/measurements/chafa-strokes.tsv
"""
import os
import re
import subprocess
import sys

SGR = re.compile(r"\x1b\[([0-9;]*)m")


def cell_darkness(text):
    """Each drawn cell's darker colour, as luma, from truecolor SGR text."""
    levels = []
    for line in text.split("\n"):
        fg = bg = None
        inverse = False
        position = 0
        for match in SGR.finditer(line):
            levels.extend(cells(line[position:match.start()], fg, bg, inverse))
            numbers = [int(n) if n else 0 for n in match.group(1).split(";")]
            i = 0
            while i < len(numbers):
                n = numbers[i]
                if n == 0:
                    fg = bg = None
                    inverse = False
                elif n == 7:
                    inverse = True
                elif n == 27:
                    inverse = False
                elif n in (38, 48) and i + 4 < len(numbers) and numbers[i + 1] == 2:
                    luma = (299 * numbers[i + 2] + 587 * numbers[i + 3] + 114 * numbers[i + 4]) // 1000
                    if n == 38:
                        fg = luma
                    else:
                        bg = luma
                    i += 4
                elif n == 39:
                    fg = None
                elif n == 49:
                    bg = None
                i += 1
            position = match.end()
        levels.extend(cells(line[position:], fg, bg, inverse))
    return levels


def cells(run, fg, bg, inverse):
    # The terminal's own colours are a light terminal's: black on white.
    fg = 0 if fg is None else fg
    bg = 255 if bg is None else bg
    if inverse:
        fg, bg = bg, fg
    out = []
    for ch in run:
        if ch == " ":
            out.append(bg)
        elif ch == "\u2588":
            out.append(fg)
        else:
            out.append(min(fg, bg))
    return out


def stroke_level(levels):
    ordered = sorted(levels)
    return ordered[max(0, len(ordered) // 100 - 1)] if ordered else 255


def measure(path, symbols):
    drawn = subprocess.run(
        ["chafa", "-f", "symbols", "-c", "full", "-s", "100", "--symbols", symbols, "--animate", "off", path],
        capture_output=True, text=True, check=True).stdout
    return stroke_level(cell_darkness(drawn))


def main():
    directory = sys.argv[1]
    print("# file\tstroke level: chafa 1.12 -s 100 with its default symbols\twith half blocks only (vhalf)")
    images = sorted(n for n in os.listdir(directory) if n.lower().endswith((".png", ".jpg", ".jpeg", ".gif")))
    for name in images:
        path = os.path.join(directory, name)
        print(f"{name}\t{measure(path, 'block+border+space-wide-inverted')}\t{measure(path, 'vhalf+space')}")


if __name__ == "__main__":
    main()
