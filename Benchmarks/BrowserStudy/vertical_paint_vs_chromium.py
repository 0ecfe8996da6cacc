"""Holds where `textlayout render` paints a column's glyphs against where headless Chromium paints them: a turned run on its alphabetic baseline, upright glyphs on the central baseline, a unit combined upright across in its em.

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
The combined cases (COMBINED) put the middle text in a `<span style="text-combine-upright: all">`
and in our span with `"textCombineUpright": "all"`, and measure the ink in the em the unit takes
down the column only (docs/profiles.md, "Text combined upright").

With --fonts it measures instead columns of two fonts: each bundled font of FONTS first in the
family list, Noto Sans CJK JP after it for the ideographs (`漢字` and `漢` around a word of the
font's script, turned), in a div and in our batch: the block's extent (the div's width, our
`height`), the rectangle across of the first ideograph and of the word's first character (the
box of the list's first font, where Chromium puts the text), and our central baseline and the
turned run's baseline. Chromium builds a column's box from each font's box of `h` px (ascent plus
descent, rounded) split about the central baseline in whole pixels, `h − ⌊h/2⌋` on the right (the
line-over side), `⌊h/2⌋` on the left: the figures are the ones docs/profiles.md gives.
With --decorations it measures instead where each draws a column's underline and line-through
(DECORATIONS: 17 and 40 px, `line-height` normal and 2, vertical-rl and vertical-lr, `lang` ja and
zh, an upright and a turned run): Chromium's screenshot of the div with its text transparent and
its decoration black (the line's ink across the column, from the div's left edge), against the
`decorationLines` of our batch job with `language` and a span's `decoration` (x to x + width),
and whether ours lies within a pixel of Chromium's (docs/profiles.md, "Decoration lines in columns").
Python 3 standard library only; needs Chromium (Debian's /usr/bin/chromium).
"""
import argparse, html, os, struct, subprocess, tempfile, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = 4
# (orientation, size, text): a column each.
CASES = [("sideways", 17, "HHHH"), ("mixed", 17, "田HH田"), ("upright", 17, "口田"), ("upright", 40, "口田")]
# (size, before, combined, after): the middle text combined upright (text-combine-upright: all), its
# ink measured in the em it takes down the column alone (after `before`, an em a character).
COMBINED = [(size, before, combined, after) for size in (17, 40) for before, combined, after in (("第", "12", "回"), ("第", "123", "回"), ("平成", "31", "年"))]


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


def ink(path, width, height, top=0):
    """The ink box (left, right, top, bottom) and centroid (x, y) in layout pixels of the picture's `width` × `height` px at the left, from `top` down."""
    _, _, rows = read_png(path)
    ys = range(int(top * SCALE), int((top + height) * SCALE))
    dark = [(x, y) for y in ys for x in range(int(width * SCALE)) if rows[y][x] < 128]
    weight = sum(255 - rows[y][x] for y in ys for x in range(int(width * SCALE)))
    cx = sum((255 - rows[y][x]) * (x + 0.5) for y in ys for x in range(int(width * SCALE))) / weight
    cy = sum((255 - rows[y][x]) * (y + 0.5) for y in ys for x in range(int(width * SCALE))) / weight
    box = (min(x for x, _ in dark) / SCALE, (max(x for x, _ in dark) + 1) / SCALE, min(y for _, y in dark) / SCALE,
           (max(y for _, y in dark) + 1) / SCALE)
    return box, (cx / SCALE, cy / SCALE)


# --decorations: (size, line height, writing mode, lang, text) of a column each, decorated both ways.
DECORATIONS = [(size, height, mode, lang, text) for size in (17, 40) for height in ("normal", "2") for mode in ("vertical-rl", "vertical-lr")
               for lang in ("ja", "zh") for text in ("口田口田", "HHHH")]


def decoration_columns(args):
    """Prints, for each case of DECORATIONS and each line, Chromium's ink across the column and our rectangle's (see the module's text)."""
    from chromium_pages import run_batch
    font = os.path.join(ROOT, "Fonts", "NotoSansCJKjp-Regular.otf")
    jobs, cases = [], []
    for size, height, mode, lang, text in DECORATIONS:
        for decoration in ("underline", "line-through"):
            cases.append((size, height, mode, lang, text, decoration))
            jobs.append({"id": len(jobs), "text": text, "font": "Noto Sans CJK JP", "size": size, "width": 300, "profile": "chromium",
                         "writingMode": mode, "language": lang, "lineHeight": "normal" if height == "normal" else float(height), "glyphs": True,
                         "spans": [{"start": 0, "end": len(text), "decoration": "underline" if decoration == "underline" else "lineThrough"}]})
    ours = run_batch(args.textlayout, jobs)
    within = 0
    with tempfile.TemporaryDirectory(prefix="vertical-decoration-") as folder:
        for (size, height, mode, lang, text, decoration), result in zip(cases, ours):
            page, shot = os.path.join(folder, "page.html"), os.path.join(folder, "chromium.png")
            with open(page, "w", encoding="utf-8") as f:
                f.write(f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><style>@font-face {{ font-family: P; src: url("file://{font}"); }}'
                        f'body {{ margin: 0; background: white; }} div {{ margin-left: 10px; font: {size}px/{height} P; height: 300px; writing-mode: {mode}; '
                        f'color: transparent; text-decoration: {decoration}; text-decoration-color: black; }}</style></head><body><div>{text}</div></body></html>')
            subprocess.run([args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--force-device-scale-factor={SCALE}",
                            "--window-size=120,320", "--virtual-time-budget=3000", f"--screenshot={shot}", "file://" + page], check=True, capture_output=True)
            _, _, rows = read_png(shot)
            xs = [x for row in rows for x, level in enumerate(row) if level < 128]
            theirs = (min(xs) / SCALE - 10, (max(xs) + 1) / SCALE - 10)
            x, _, width, _ = result["lines"][0]["runs"][0]["decorationLines"][0]
            close = x >= theirs[0] - 1 and x + width <= theirs[1] + 1
            within += close
            print(f"{size} px, line-height {height}, {mode}, lang {lang}, {text} {decoration}: Chromium {theirs[0]:.2f} to {theirs[1]:.2f}, "
                  f"ours {x:.3f} to {x + width:.3f}{'' if close else ' (more than a pixel off)'}")
    print(f"{within} of {len(cases)} lines within a pixel of Chromium's")


# --fonts: each first font of a column and a word in its script.
FONTS = [("DejaVu Sans", "abc"), ("Noto Sans Devanagari", "नमस्ते"), ("Noto Sans Thai", "สวัสดี"), ("Noto Sans Arabic", "مرحبا")]


def two_font_columns(args):
    """Prints, for each of FONTS first and Noto Sans CJK JP after it, Chromium's column and ours (see the module's text)."""
    from chromium_pages import page, run_pages, run_batch
    from corpus_vs_chromium import FONT_FILES, embedded_font_faces, font_list
    texts = [f"漢字{word}漢" for _, word in FONTS]
    divs = "".join(f'<div class="job" style="font-family: {html.escape(font_list([FONT_FILES[name][0], FONT_FILES["Noto Sans CJK JP"][0]]))}">{text}</div>'
                   for (name, _), text in zip(FONTS, texts))
    style = embedded_font_faces() + ("body { margin: 0; } div.job { font-size: 17px; line-height: normal; white-space: pre-wrap; "
                                     "writing-mode: vertical-rl; height: 300px; margin: 0 0 10px 0; }")
    measure = """{layouts: [...document.querySelectorAll("div.job")].map(d => { const b = d.getBoundingClientRect();
      const across = itemsOf(d).map(it => [it.rect.left - b.left, it.rect.right - b.left]); return {width: b.width, ideograph: across[0], word: across[2]}; })}"""
    theirs = run_pages(args.chromium, [page(style, divs, measure)], "vertical-fonts-")[0]["layouts"]
    ours = run_batch(args.textlayout, [{"id": i, "text": text, "font": f"{name}, Noto Sans CJK JP", "size": 17, "width": 300, "profile": "chromium",
                                        "writingMode": "vertical-rl", "glyphs": True} for i, ((name, _), text) in enumerate(zip(FONTS, texts))])
    for (name, _), t, o in zip(FONTS, theirs, ours):
        line = o["lines"][0]
        turned = next(run for run in line["runs"] if run.get("sideways"))
        print(f"{name}, Noto Sans CJK JP: Chromium's block {t['width']} px, the ideograph's rectangle {t['ideograph']}, the word's {t['word']}; "
              f"ours {o['height']} px, central baseline {line['baseline']}, the turned word's baseline {turned['baseline']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--textlayout", default=os.path.join(ROOT, ".build", "debug", "textlayout"))
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--fonts", action="store_true", help="measure columns of two fonts instead (see above)")
    ap.add_argument("--decorations", action="store_true", help="measure columns' underlines and line-throughs instead (see above)")
    args = ap.parse_args()
    if args.fonts:
        return two_font_columns(args)
    if args.decorations:
        return decoration_columns(args)
    with tempfile.TemporaryDirectory(prefix="vertical-paint-") as folder:
        for orientation, size, text in CASES:
            length, across = (120, 25) if size == 17 else (300, 58)
            theirs, ours = draw_both(args, folder, size, length, across, f"text-orientation: {orientation};", html.escape(text),
                                     ["--text-orientation", orientation], text)
            report(f"{orientation} {size} px {text}", ink(theirs, across, length), ink(ours, across, length))
        for size, before, combined, after in COMBINED:
            length, across = (120, 25) if size == 17 else (300, 58)
            spans = f'[{{"start": {len(before)}, "end": {len(before) + len(combined)}, "textCombineUpright": "all"}}]'
            theirs, ours = draw_both(args, folder, size, length, across, "", f'{before}<span style="text-combine-upright: all">{combined}</span>{after}',
                                     ["--spans", spans], before + combined + after)
            top = len(before) * size
            report(f"combined {size} px {before}[{combined}]{after}, the unit's em ({top} to {top + size} px down)",
                   ink(theirs, across, size, top=top), ink(ours, across, size, top=top))


def draw_both(args, folder, size, length, across, div_style, body, options, text):
    """(Chromium's screenshot, our picture): one column `length` px long under vertical-rl in Noto Sans CJK JP at `size`
    px, Chromium's div styled also by `div_style` holding the HTML `body`, ours `render` of `text` with `options`."""
    font = os.path.join(ROOT, "Fonts", "NotoSansCJKjp-Regular.otf")
    page = os.path.join(folder, "page.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write(f'<!DOCTYPE html><html><head><meta charset="utf-8"><style>@font-face {{ font-family: P; src: url("file://{font}"); }}'
                f'body {{ margin: 0; background: white; }} div {{ font: {size}px/normal P; height: {length}px; writing-mode: vertical-rl; '
                f'{div_style} }}</style></head><body><div>{body}</div></body></html>')
    theirs = os.path.join(folder, "chromium.png")
    subprocess.run([args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--force-device-scale-factor={SCALE}",
                    f"--window-size={across + 20},{length + 20}", "--virtual-time-budget=5000", f"--screenshot={theirs}", "file://" + page],
                   check=True, capture_output=True)
    ours = os.path.join(folder, "ours.png")
    subprocess.run([args.textlayout, "render", "--fonts-dir", os.path.join(ROOT, "Fonts"), "--font", "Noto Sans CJK JP", "--size", str(size),
                    "--width", str(length), "--profile", "chromium", "--writing-mode", "vertical-rl", *options,
                    "--scale", str(SCALE), "--output", ours, text], check=True)
    return theirs, ours

def report(case, theirs, ours):
    """Prints one case's ink boxes and centroids, Chromium's and ours, and the centroids' offset (ours less Chromium's)."""
    (their_box, their_centre), (our_box, our_centre) = theirs, ours
    print(f"{case}: ink Chromium {their_box}, ours {our_box}; centroid Chromium "
          f"({their_centre[0]:.3f}, {their_centre[1]:.3f}), ours ({our_centre[0]:.3f}, {our_centre[1]:.3f}), "
          f"ours less Chromium's ({our_centre[0] - their_centre[0]:+.3f}, {our_centre[1] - their_centre[1]:+.3f})")


if __name__ == "__main__":
    main()
