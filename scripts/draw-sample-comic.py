#!/usr/bin/env python3
"""Draws Fixtures/imgs/comics/python.png: a synthetic stand-in for xkcd #353's image (the
real images are not redistributable here), black line art on white like the comics, so the
terminal renderers can be tried on something recognisable. Needs Pillow."""
import os
from PIL import Image, ImageDraw, ImageFont

W, H = 518, 588
img = Image.new("RGB", (W, H), "white")
d = ImageDraw.Draw(img)
d.rectangle([4, 4, W - 5, H - 5], outline="black", width=3)
font_path = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
font = ImageFont.truetype(font_path, 22) if os.path.exists(font_path) else ImageFont.load_default()

def stick(x, y, scale, arms_up):
    d.ellipse([x - 18 * scale, y - 36 * scale, x + 18 * scale, y], outline="black", width=4)
    d.line([x, y, x, y + 90 * scale], fill="black", width=4)
    if arms_up:
        d.line([x, y + 25 * scale, x - 40 * scale, y - 10 * scale], fill="black", width=4)
        d.line([x, y + 25 * scale, x + 40 * scale, y - 10 * scale], fill="black", width=4)
    else:
        d.line([x, y + 25 * scale, x - 30 * scale, y + 65 * scale], fill="black", width=4)
        d.line([x, y + 25 * scale, x + 30 * scale, y + 65 * scale], fill="black", width=4)
    d.line([x, y + 90 * scale, x - 28 * scale, y + 150 * scale], fill="black", width=4)
    d.line([x, y + 90 * scale, x + 28 * scale, y + 150 * scale], fill="black", width=4)

stick(120, 390, 1.0, arms_up=False)
stick(370, 170, 1.0, arms_up=True)
d.line([20, 540, W - 20, 540], fill="black", width=3)
d.text((40, 40), "YOU'RE FLYING!\nHOW?", fill="black", font=font)
d.text((300, 40), "PYTHON!", fill="black", font=font)
d.line([110, 95, 120, 340], fill="black", width=2)
d.line([350, 70, 365, 125], fill="black", width=2)
out = os.path.join(os.path.dirname(__file__), "..", "Fixtures", "imgs", "comics", "python.png")
img.save(out, optimize=True)
print(out)
