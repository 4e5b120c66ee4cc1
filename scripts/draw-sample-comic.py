#!/usr/bin/env python3
"""Draws the stand-in comic images in Fixtures/imgs/comics (the real images are not
redistributable here): black line art with lettering on white, as the comics are drawn, so the
terminal renderers can be tried and timed on something shaped like them. Needs Pillow.

- python.png: #353's image, 518x588.
- server_problem.png and server_problem_2x.png: #1084's image and its double-resolution
  version, the same drawing at 1x and 2x, to see that a 2x image takes the cells of its 1x.
- tall_comic_2x.png: a 2x page of twelve lettered panels, 1480x2000, written as xkcd's
  images are (adaptive filters, deflate level 9), for the image rows of `make bench`.

The output is the same on every run."""
import os
import random
from PIL import Image, ImageDraw, ImageFont

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "imgs", "comics")
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def font(size):
    return ImageFont.truetype(FONT, size) if os.path.exists(FONT) else ImageFont.load_default()


def stick(d, x, y, s, arms_up, w):
    d.ellipse([x - 18 * s, y - 36 * s, x + 18 * s, y], outline="black", width=w)
    d.line([x, y, x, y + 90 * s], fill="black", width=w)
    if arms_up:
        d.line([x, y + 25 * s, x - 40 * s, y - 10 * s], fill="black", width=w)
        d.line([x, y + 25 * s, x + 40 * s, y - 10 * s], fill="black", width=w)
    else:
        d.line([x, y + 25 * s, x - 30 * s, y + 65 * s], fill="black", width=w)
        d.line([x, y + 25 * s, x + 30 * s, y + 65 * s], fill="black", width=w)
    d.line([x, y + 90 * s, x - 28 * s, y + 150 * s], fill="black", width=w)
    d.line([x, y + 90 * s, x + 28 * s, y + 150 * s], fill="black", width=w)


def save(img, name):
    out = os.path.join(HERE, name)
    # optimize: zlib level 9; Pillow picks each row's filter adaptively for 8-bit images.
    img.save(out, optimize=True)
    print(out, img.size, os.path.getsize(out))


def python():
    W, H = 518, 588
    img = Image.new("RGB", (W, H), "white")
    d = ImageDraw.Draw(img)
    d.rectangle([4, 4, W - 5, H - 5], outline="black", width=3)
    stick(d, 120, 390, 1.0, False, 4)
    stick(d, 370, 170, 1.0, True, 4)
    d.line([20, 540, W - 20, 540], fill="black", width=3)
    d.text((40, 40), "YOU'RE FLYING!\nHOW?", fill="black", font=font(22))
    d.text((300, 40), "PYTHON!", fill="black", font=font(22))
    d.line([110, 95, 120, 340], fill="black", width=2)
    d.line([350, 70, 365, 125], fill="black", width=2)
    save(img, "python.png")


def server_problem(scale):
    W, H = 300 * scale, 200 * scale
    img = Image.new("RGB", (W, H), "white")
    d = ImageDraw.Draw(img)
    d.rectangle([2 * scale, 2 * scale, W - 3 * scale, H - 3 * scale], outline="black", width=2 * scale)
    stick(d, 70 * scale, 95 * scale, 0.55 * scale, False, 2 * scale)
    stick(d, 220 * scale, 95 * scale, 0.55 * scale, False, 2 * scale)
    d.rectangle([90 * scale, 140 * scale, 130 * scale, 150 * scale], outline="black", width=scale)
    d.text((12 * scale, 10 * scale), "I, UM, MESSED UP\nMY SERVER AGAIN.", fill="black", font=font(11 * scale))
    d.text((170 * scale, 10 * scale), "I'LL TAKE\nA LOOK.", fill="black", font=font(11 * scale))
    d.line([0, 185 * scale, W, 185 * scale], fill="black", width=scale)
    save(img, "server_problem_2x.png" if scale == 2 else "server_problem.png")


def tall_page():
    W, H = 1480, 2000
    img = Image.new("RGB", (W, H), "white")
    d = ImageDraw.Draw(img)
    rng = random.Random(1084)
    words = ("THE SERVER IS FINE I CHECKED THE LOGS TWICE WHY IS IT ON FIRE "
             "MAYBE TRY TURNING IT OFF AND ON AGAIN WAIT WHAT DID YOU DO").split()
    panel_w, panel_h = W // 3, H // 4
    for row in range(4):
        for col in range(3):
            x0, y0 = col * panel_w + 12, row * panel_h + 12
            x1, y1 = x0 + panel_w - 24, y0 + panel_h - 24
            d.rectangle([x0, y0, x1, y1], outline="black", width=5)
            for line in range(rng.randint(2, 4)):
                text = " ".join(rng.choice(words) for _ in range(rng.randint(3, 5)))
                d.text((x0 + 20, y0 + 16 + line * 34), text, fill="black", font=font(26))
            for k in range(rng.randint(1, 2)):
                stick(d, x0 + 110 + k * 220, y0 + 230, 1.0, rng.random() < 0.5, 5)
            d.line([x0 + 10, y1 - 40, x1 - 10, y1 - 40], fill="black", width=4)
    save(img, "tall_comic_2x.png")


python()
server_problem(1)
server_problem(2)
tall_page()
