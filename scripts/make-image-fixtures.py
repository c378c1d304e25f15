"""Writes the small images the media tests upload (Tests/TestSupport/Fixtures/), with Pillow.

Run once when a fixture changes (`pip install pillow`, then `python3 scripts/make-image-fixtures.py`);
the files are committed, so the suite needs no image library besides the server's own libvips.
"""
from pathlib import Path

from PIL import Image

out = Path(__file__).resolve().parent.parent / "Tests" / "TestSupport" / "Fixtures"
out.mkdir(parents=True, exist_ok=True)

# Stored sideways: 120 x 80, left half red, right half blue, with EXIF orientation 6 ("rotate 90
# degrees clockwise to show"), so shown upright it is 80 x 120 with red on top. It also carries what
# must never be served: a GPS position and a camera serial number.
sideways = Image.new("RGB", (120, 80), (220, 20, 20))
sideways.paste((20, 20, 220), (60, 0, 120, 80))
exif = Image.Exif()
exif[0x0112] = 6  # Orientation
exif[0x010F] = "Fixture Camera Co"  # Make
exif[0x8769] = {0xA431: "SERIAL-0042"}  # Exif IFD: BodySerialNumber
exif[0x8825] = {1: "N", 2: (48.0, 51.0, 29.0), 3: "E", 4: (2.0, 17.0, 40.0)}  # GPS IFD
sideways.save(out / "sideways-with-gps.jpg", quality=95, exif=exif)

# 300 x 100: red, green, red thirds; a square thumbnail of the centre is green.
wide = Image.new("RGB", (300, 100), (220, 20, 20))
wide.paste((20, 200, 20), (100, 0, 200, 100))
wide.save(out / "wide-green-centre.png")

# 1200 x 900 photograph-like gradient, for the device versions (wider than every class).
photo = Image.linear_gradient("L").resize((1200, 900)).convert("RGB")
photo.save(out / "landscape-1200x900.jpg", quality=85)

# Transparent PNG, a two-frame GIF and a WebP.
transparent = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
transparent.paste((0, 128, 255, 255), (10, 10, 30, 30))
transparent.save(out / "transparent.png")
frames = [Image.new("RGB", (64, 48), colour) for colour in [(255, 200, 0), (0, 0, 0)]]
frames[0].save(out / "two-frames.gif", save_all=True, append_images=frames[1:], duration=100, loop=0)
Image.new("RGB", (64, 48), (10, 120, 60)).save(out / "green.webp", quality=80)

# 1024 x 1024, for the app icon export.
icon = Image.new("RGB", (1024, 1024), (30, 60, 200))
icon.paste((250, 250, 250), (256, 256, 768, 768))
icon.save(out / "icon-1024.png")
