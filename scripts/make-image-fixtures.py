#!/usr/bin/env python3
"""Writes Fixtures/images/: small synthetic PNG, JPEG and GIF files whose pixels are known.

Every pixel comes from a formula or a table below; Tests/XKCDKitTests/ImageDecoderTests.swift
computes the same values and compares them with what the decoder gives. PNG and GIF files are
written byte by byte here (chunks, zlib, CRC; LZW, sub-blocks), so that every variant exists
(16-bit, Adam7, tRNS, GIF frame offsets, interlaced GIF) whatever the encoder library prefers.
JPEG files are written by Pillow (`pip install pillow`). Each file is read back with Pillow
and checked before the script ends. The output is the same on every run.

Usage: scripts/make-image-fixtures.py [--out DIR]
"""

import argparse
import io
import struct
import sys
import zlib
from pathlib import Path

try:
    from PIL import Image
except ImportError:
    sys.exit("make-image-fixtures: needs Pillow (pip install pillow)")


# --- Pixel content (mirrored in ImageDecoderTests.swift) ---------------------------------------

def rgb(x, y):
    return (x * 16, y * 20, (x * 7 + y * 13) % 256)


def grey(x, y):
    return x * 32 + y * 4


def alpha(x, y):
    return min(255, (x + 8 * y) * 6)


PALETTE = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255),
           (0, 0, 0), (255, 255, 255)]
PNG_TRNS = [0, 128]  # index 0 fully clear, index 1 half; the rest opaque


def png_palette_index(x, y):
    return (x + 2 * y) % 6


def gif_index(x, y):
    return (x + 2 * y) % 8


def gif_transparent_index(x, y):
    return (x + y) % 4


GIF_TRANSPARENT = 2

# JPEG quadrants of 16x16 pixels (one 4:2:0 MCU each): top left, top right, bottom left, bottom right.
JPEG_COLOURS = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
JPEG_GREYS = [64, 192]  # left and right halves
JPEG_CMYK = [(0, 0, 0, 0), (255, 0, 0, 0), (0, 255, 255, 0), (0, 0, 0, 128)]  # white, cyan, red, grey


# --- PNG --------------------------------------------------------------------------------------

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def pack_row(row, bit_depth):
    """Samples of one row (a list of tuples) as bytes."""
    samples = [s for pixel in row for s in pixel]
    if bit_depth == 16:
        return struct.pack(">%dH" % len(samples), *samples)
    if bit_depth == 8:
        return bytes(samples)
    per_byte = 8 // bit_depth
    out = bytearray()
    for i in range(0, len(samples), per_byte):
        group = samples[i:i + per_byte] + [0] * (per_byte - len(samples[i:i + per_byte]))
        byte = 0
        for s in group:
            byte = (byte << bit_depth) | s
        out.append(byte)
    return bytes(out)


def png(pixels, colour_type, bit_depth, interlace=False, plte=None, trns=None):
    """A PNG of `pixels` (rows of sample tuples), every row with filter 0."""
    height, width = len(pixels), len(pixels[0])
    if interlace:
        passes = [[[pixels[y][x] for x in range(x0, width, dx)] for y in range(y0, height, dy)]
                  for x0, y0, dx, dy in ADAM7]
    else:
        passes = [pixels]
    raw = b"".join(b"\0" + pack_row(row, bit_depth) for image in passes for row in image if row)
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 1 if interlace else 0)
    body = chunk(b"IHDR", ihdr)
    if plte:
        body += chunk(b"PLTE", bytes(c for colour in plte for c in colour))
    if trns:
        body += chunk(b"tRNS", bytes(trns))
    body += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def grid(width, height, pixel):
    return [[pixel(x, y) for x in range(width)] for y in range(height)]


# --- GIF --------------------------------------------------------------------------------------

def lzw(indices, min_size):
    """GIF's variable-width LZW, codes packed from the least significant bit."""
    clear, end = 1 << min_size, (1 << min_size) + 1
    out, bits, count = bytearray(), 0, 0

    def emit(code, size):
        nonlocal bits, count
        bits |= code << count
        count += size
        while count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            count -= 8

    def reset():
        return {(i,): i for i in range(clear)}, end + 1, min_size + 1

    table, next_code, size = reset()
    emit(clear, size)
    prefix = ()
    for index in indices:
        if prefix + (index,) in table:
            prefix += (index,)
            continue
        emit(table[prefix], size)
        # The decoder widens its codes once its table fills the current width.
        if next_code >= 1 << size and size < 12:
            size += 1
        if next_code >= 4095:
            emit(clear, size)
            table, next_code, size = reset()
        else:
            table[prefix + (index,)] = next_code
            next_code += 1
        prefix = (index,)
    if prefix:
        emit(table[prefix], size)
        if next_code >= 1 << size and size < 12:
            size += 1
    emit(end, size)
    if count:
        out.append(bits & 0xFF)
    return bytes(out)


def sub_blocks(data):
    return b"".join(bytes([len(data[i:i + 255])]) + data[i:i + 255] for i in range(0, len(data), 255)) + b"\0"


def colour_table(colours):
    bits = max(1, (len(colours) - 1).bit_length())
    padded = list(colours) + [(0, 0, 0)] * ((1 << bits) - len(colours))
    return bits, bytes(c for colour in padded for c in colour)


def gif_frame(rows, left=0, top=0, interlace=False, transparent=None, delay=0, claimed_size=None):
    """One frame: a graphics control block, a descriptor and the LZW data of `rows` (indices);
    the descriptor gives `claimed_size` instead of the real one when set."""
    height, width = len(rows), len(rows[0])
    order = list(range(height))
    if interlace:
        order = [y for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for y in range(start, height, step)]
    flags = 1 if transparent is not None else 0
    control = b"\x21\xF9\x04" + struct.pack("<BHB", flags, delay, transparent or 0) + b"\0"
    descriptor = b"\x2C" + struct.pack("<HHHHB", left, top, *(claimed_size or (width, height)),
                                        0x40 if interlace else 0)
    min_size = 3
    data = lzw([rows[y][x] for y in order for x in range(width)], min_size)
    return control + descriptor + bytes([min_size]) + sub_blocks(data)


def gif(width, height, frames, colours=PALETTE, loop=False):
    header = b"GIF89a" + struct.pack("<HH", width, height)
    if colours:
        bits, table = colour_table(colours)
        header += bytes([0x80 | 0x70 | (bits - 1), 0, 0]) + table
    else:
        header += b"\0\0\0"
    if loop:
        header += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\0\0\0"
    return header + b"".join(frames) + b"\x3B"


def index_grid(width, height, index):
    return [[index(x, y) for x in range(width)] for y in range(height)]


# --- JPEG -------------------------------------------------------------------------------------

def quadrants(mode, colours, size=32):
    image = Image.new(mode, (size, size))
    half = size // 2
    for i, colour in enumerate(colours):
        image.paste(colour, ((i % 2) * half, (i // 2) * half, (i % 2) * half + half, (i // 2) * half + half))
    return image


def jpeg(image, **options):
    out = io.BytesIO()
    image.save(out, "JPEG", quality=95, **options)
    return out.getvalue()


def with_jpeg_size(data, width, height):
    """`data` with its frame header (SOF0) claiming another size."""
    at = data.index(b"\xFF\xC0")
    return data[:at + 5] + struct.pack(">HH", height, width) + data[at + 9:]


# --- The files --------------------------------------------------------------------------------

def fixtures():
    rgb_12 = grid(16, 12, rgb)
    offset_rows = index_grid(6, 4, gif_index)
    grey_image = Image.new("L", (32, 16))
    grey_image.paste(JPEG_GREYS[0], (0, 0, 16, 16))
    grey_image.paste(JPEG_GREYS[1], (16, 0, 32, 16))
    baseline = jpeg(quadrants("RGB", JPEG_COLOURS))
    return {
        "png-palette-trns.png": png(grid(8, 6, lambda x, y: (png_palette_index(x, y),)), 3, 4,
                                    plte=PALETTE[:6], trns=PNG_TRNS),
        "png-grey8.png": png(grid(8, 6, lambda x, y: (grey(x, y),)), 0, 8),
        "png-grey-alpha.png": png(grid(8, 6, lambda x, y: (grey(x, y), alpha(x, y))), 4, 8),
        "png-rgb.png": png(rgb_12, 2, 8),
        "png-rgba.png": png(grid(8, 6, lambda x, y: rgb(x, y) + (alpha(x, y),)), 6, 8),
        "png-rgb16.png": png(grid(8, 6, lambda x, y: tuple(v * 257 for v in rgb(x, y))), 2, 16),
        "png-rgba16.png": png(grid(8, 6, lambda x, y: tuple(v * 257 for v in rgb(x, y) + (alpha(x, y),))), 6, 16),
        "png-rgb-adam7.png": png(rgb_12, 2, 8, interlace=True),
        "png-huge-dimensions.png": png([[(0, 0, 0)]], 2, 8).replace(
            chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)),
            chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))),
        "jpeg-baseline.jpg": baseline,
        "jpeg-progressive.jpg": jpeg(quadrants("RGB", JPEG_COLOURS), progressive=True),
        "jpeg-grey.jpg": jpeg(grey_image),
        "jpeg-cmyk.jpg": jpeg(quadrants("CMYK", JPEG_CMYK)),
        "jpeg-huge-dimensions.jpg": with_jpeg_size(baseline, 40000, 40000),
        "gif-single.gif": gif(16, 12, [gif_frame(index_grid(16, 12, gif_index))]),
        "gif-interlaced.gif": gif(16, 12, [gif_frame(index_grid(16, 12, gif_index), interlace=True)]),
        "gif-transparent.gif": gif(8, 6, [gif_frame(index_grid(8, 6, gif_transparent_index),
                                                    transparent=GIF_TRANSPARENT)]),
        "gif-animated.gif": gif(8, 6, [gif_frame(index_grid(8, 6, gif_index), delay=50),
                                       gif_frame(index_grid(8, 6, lambda x, y: 7 - gif_index(x, y)), delay=50)],
                                loop=True),
        "gif-offset.gif": gif(12, 10, [gif_frame(offset_rows, left=3, top=2)]),
        "gif-huge-screen.gif": gif(65535, 65535, [gif_frame([[1]])]),
        "gif-huge-frame.gif": gif(8, 8, [gif_frame([[1]], claimed_size=(40000, 40000))]),
        "gif-no-colour-map.gif": gif(4, 4, [gif_frame(index_grid(4, 4, gif_index))], colours=None),
    }


# --- Checks with Pillow -----------------------------------------------------------------------

def expected_png(name):
    """The RGBA pixels a lossless PNG fixture holds, or None for the others."""
    tables = {
        "png-palette-trns.png": (8, 6, lambda x, y: PALETTE[png_palette_index(x, y)] + (
            PNG_TRNS[png_palette_index(x, y)] if png_palette_index(x, y) < len(PNG_TRNS) else 255,)),
        "png-grey8.png": (8, 6, lambda x, y: (grey(x, y),) * 3 + (255,)),
        "png-grey-alpha.png": (8, 6, lambda x, y: (grey(x, y),) * 3 + (alpha(x, y),)),
        "png-rgb.png": (16, 12, lambda x, y: rgb(x, y) + (255,)),
        "png-rgba.png": (8, 6, lambda x, y: rgb(x, y) + (alpha(x, y),)),
        "png-rgb16.png": (8, 6, lambda x, y: rgb(x, y) + (255,)),
        "png-rgba16.png": (8, 6, lambda x, y: rgb(x, y) + (alpha(x, y),)),
        "png-rgb-adam7.png": (16, 12, lambda x, y: rgb(x, y) + (255,)),
    }
    return tables.get(name)


# Files made to be refused: Pillow is not asked to read them.
HOSTILE = {"png-huge-dimensions.png", "jpeg-huge-dimensions.jpg", "gif-huge-screen.gif", "gif-huge-frame.gif",
           "gif-no-colour-map.gif"}


def check(name, data):
    if name in HOSTILE:
        return
    image = Image.open(io.BytesIO(data))
    image.load()
    if name.startswith("png-"):
        width, height, pixel = expected_png(name)
        rgba = image.convert("RGBA")
        assert rgba.size == (width, height), name
        for y in range(height):
            for x in range(width):
                assert rgba.getpixel((x, y)) == pixel(x, y), (name, x, y, rgba.getpixel((x, y)), pixel(x, y))
    elif name.startswith("jpeg-"):
        want = {"jpeg-grey.jpg": [(g, g, g) for g in JPEG_GREYS],
                "jpeg-cmyk.jpg": [(0 if c else 255, 0 if m else 255, 0 if yy else 255) if not k else (127, 127, 127)
                                  for c, m, yy, k in JPEG_CMYK]}.get(name, JPEG_COLOURS)
        rgb_image = image.convert("RGB")
        centres = [(8, 8), (24, 8)] if name == "jpeg-grey.jpg" else [(8, 8), (24, 8), (8, 24), (24, 24)]
        for (x, y), colour in zip(centres, want):
            got = rgb_image.getpixel((x, y))
            assert all(abs(a - b) <= 4 for a, b in zip(got, colour)), (name, x, y, got, colour)
    elif name.startswith("gif-"):
        frame = {"gif-offset.gif": (3, 2, 6, 4, gif_index, None),
                 "gif-transparent.gif": (0, 0, 8, 6, gif_transparent_index, GIF_TRANSPARENT)}.get(
            name, (0, 0, image.size[0], image.size[1], gif_index, None))
        left, top, width, height, index, transparent = frame
        rgba = image.convert("RGBA")
        for y in range(height):
            for x in range(width):
                got = rgba.getpixel((left + x, top + y))
                if index(x, y) == transparent:
                    assert got[3] == 0, (name, x, y, got)
                else:
                    assert got == PALETTE[index(x, y)] + (255,), (name, x, y, got)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "Fixtures" / "images")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    for name, data in fixtures().items():
        check(name, data)
        (out / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
