"""Holds where `textlayout render` paints a column's glyphs against where headless Chromium paints them: a turned run on its alphabetic baseline, upright glyphs on the central baseline.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/vertical_paint_vs_chromium.py [--textlayout PATH] [--chromium PATH]

Each case is one column under `writing-mode: vertical-rl` in Noto Sans CJK JP (Fonts/, embedded in
the page) by the chromium profile, `line-height: normal`, 120 px long (300 at 40 px): Chromium's
screenshot at 4 device pixels a pixel, against our `render --scale 4`. For each it prints the box
of the ink (pixels darker than mid-gray, in layout pixels: left, right across the column, top,
bottom down it) and the ink's centroid (each pixel weighted by its darkness) in both pictures,
and the centroid's offset (ours less Chromium's). Turned glyphs are drawn by both with the same
outlines turned, so their ink agrees to the device pixel when the baseline does; upright glyphs
differ by up to an eighth of a pixel, by an offset that does not scale with the size (docs/profiles.md).
Python 3 standard library only; needs Chromium (Debian's /usr/bin/chromium).
"""
import argparse, os, struct, subprocess, tempfile, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = 4
# (orientation, size, text): a column each.
CASES = [("sideways", 17, "HHHH"), ("mixed", 17, "田HH田"), ("upright", 17, "口田"), ("upright", 40, "口田")]


def read_png(path):
    """(width, height, rows of gray levels) of an 8-bit gray, gray-alpha, RGB or RGBA PNG (the first channel)."""
    data = open(path, "rb").read()
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        chunk = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, _, color = struct.unpack(">IIBB", chunk[:10])
        elif kind == b"IDAT":
            idat += chunk
        at += 12 + length
    bpp = {0: 1, 4: 2, 2: 3, 6: 4}[color]
    raw, stride, rows, previous, offset = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for x in range(stride):
            a, b, c = line[x - bpp] if x >= bpp else 0, previous[x], previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line[::bpp])
        previous = line
    return width, height, rows


def ink(path, width, height):
    """The ink box (left, right, top, bottom) and centroid (x, y) in layout pixels of the picture's top-left `width` × `height` px."""
    _, _, rows = read_png(path)
    dark = [(x, y) for y in range(int(height * SCALE)) for x in range(int(width * SCALE)) if rows[y][x] < 128]
    weight = sum(255 - rows[y][x] for y in range(int(height * SCALE)) for x in range(int(width * SCALE)))
    cx = sum((255 - rows[y][x]) * (x + 0.5) for y in range(int(height * SCALE)) for x in range(int(width * SCALE))) / weight
    cy = sum((255 - rows[y][x]) * (y + 0.5) for y in range(int(height * SCALE)) for x in range(int(width * SCALE))) / weight
    box = (min(x for x, _ in dark) / SCALE, (max(x for x, _ in dark) + 1) / SCALE, min(y for _, y in dark) / SCALE,
           (max(y for _, y in dark) + 1) / SCALE)
    return box, (cx / SCALE, cy / SCALE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--textlayout", default=os.path.join(ROOT, ".build", "debug", "textlayout"))
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    font = os.path.join(ROOT, "Fonts", "NotoSansCJKjp-Regular.otf")
    with tempfile.TemporaryDirectory(prefix="vertical-paint-") as folder:
        for orientation, size, text in CASES:
            length, across = (120, 25) if size == 17 else (300, 58)
            page = os.path.join(folder, "page.html")
            with open(page, "w", encoding="utf-8") as f:
                f.write(f'<!DOCTYPE html><html><head><meta charset="utf-8"><style>@font-face {{ font-family: P; src: url("file://{font}"); }}'
                        f'body {{ margin: 0; background: white; }} div {{ font: {size}px/normal P; height: {length}px; writing-mode: vertical-rl; '
                        f'text-orientation: {orientation}; }}</style></head><body><div>{text}</div></body></html>')
            theirs = os.path.join(folder, "chromium.png")
            subprocess.run([args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--force-device-scale-factor={SCALE}",
                            f"--window-size={across + 20},{length + 20}", "--virtual-time-budget=5000", f"--screenshot={theirs}", "file://" + page],
                           check=True, capture_output=True)
            ours = os.path.join(folder, "ours.png")
            subprocess.run([args.textlayout, "render", "--fonts-dir", os.path.join(ROOT, "Fonts"), "--font", "Noto Sans CJK JP", "--size", str(size),
                            "--width", str(length), "--profile", "chromium", "--writing-mode", "vertical-rl", "--text-orientation", orientation,
                            "--scale", str(SCALE), "--output", ours, text], check=True)
            (their_box, their_centre), (our_box, our_centre) = ink(theirs, across, length), ink(ours, across, length)
            print(f"{orientation} {size} px {text}: ink Chromium {their_box}, ours {our_box}; centroid Chromium "
                  f"({their_centre[0]:.3f}, {their_centre[1]:.3f}), ours ({our_centre[0]:.3f}, {our_centre[1]:.3f}), "
                  f"ours less Chromium's ({our_centre[0] - their_centre[0]:+.3f}, {our_centre[1] - their_centre[1]:+.3f})")


if __name__ == "__main__":
    main()
