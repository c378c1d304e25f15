"""Writes COUNT distinct photograph-like JPEGs of WIDTH x HEIGHT into FOLDER (Pillow).

Each is a gradient with coloured shapes and grain, different per seed, so every upload is a new
image (a new content hash) and decodes like a photograph rather than like a flat fill.
Usage: python3 make_photos.py FOLDER COUNT [WIDTH HEIGHT]
"""
import random
import sys
from pathlib import Path

from PIL import Image, ImageDraw

folder, count = Path(sys.argv[1]), int(sys.argv[2])
width, height = (int(sys.argv[3]), int(sys.argv[4])) if len(sys.argv) > 4 else (4000, 3000)
folder.mkdir(parents=True, exist_ok=True)
grain = Image.effect_noise((width, height), 40).convert("RGB")
for index in range(count):
    rng = random.Random(index)
    base = Image.linear_gradient("L").resize((width, height)).convert("RGB")
    draw = ImageDraw.Draw(base)
    for _ in range(40):
        x, y = rng.randrange(width), rng.randrange(height)
        size = rng.randrange(width // 20, width // 4)
        draw.ellipse((x, y, x + size, y + size), fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    Image.blend(base, grain, 0.15).save(folder / f"photo-{index:04d}.jpg", quality=90)
