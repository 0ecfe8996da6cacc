"""Holds vertical text (writingMode, textOrientation) against headless Chromium by the chromium profile: the Chinese, Japanese and Korean corpus jobs in columns, their column starts and the block's extent across them.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/vertical_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs zh,ja,ko] [--sets vertical-rl,vertical-lr,...] [--set-sample N] [--chromium PATH]
      [--examples N] [--json OUT] [--check [--starts-floor SHARE] | --expect [LIST]]

Makes the corpus jobs of --langs (Benchmarks/Corpus/make_jobs.py: every text at 120, 240 and 360
px, size 17, each language's font) and lays a seeded sample of --sample of them (all when 0) out
in columns under `vertical-rl` with the mixed orientation, and a sample of --set-sample of them
(drawn by the seed and the set's name) under each other set of SETS given in --sets: each with our
`textlayout batch --fonts-dir Fonts` by the chromium profile with `"writingMode"` and
`"textOrientation"` set, the job's width the column's length, and in headless Chromium as
corpus_vs_chromium.py lays a job out (`white-space: pre-wrap; overflow-wrap: anywhere;
line-height: normal`, the job's font embedded, the bundled fallback fonts after it) with
`writing-mode` and `text-orientation` set and the job's width as the div's height.

The mixed sets (mixed-rl, mixed-lr, mixed-upright, mixed-sideways) lay out each job's mixed copy (id
`-mixed`: three to eight of COLUMN_MIXED_WORDS, Latin words, numbers, emoji, ASCII and CJK
punctuation, put among its text at places drawn from the seed and its id). The key sets (KEY_SETS,
under vertical-rl) give each job a setting drawn from its id: line-height a `lineHeight`
(LINE_HEIGHTS; CSS `line-height`), spans a span of 1 to 12 UTF-16 units in another size or with
DejaVu Sans first (SPAN_STYLES; a <span>), align-center, align-end and justify an `align` (CSS
`text-align`; each column's offset down the column, our line's `y`, is also compared with the top of
Chromium's first cluster in it, within 1/64 px, and its share printed), clamp a `lineClamp` of 1 to
3 (`display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: N; overflow: hidden`:
the columns Chromium keeps are compared, the block's extent is the clamped div's).

The object sets (OBJECT_SETS: objects-rl, objects-lr) put one to four inline objects in each job (our job's
`placeholders`; in Chromium an empty `<span style="display: inline-block; width: Wpx; height: Hpx; vertical-align: V">`),
each between two CJK characters at a place drawn from the seed and the job's id, 8 to 60 px wide and tall, aligned by one
of the six alignments (a baseline of its own is not drawn: Chromium's inline-block takes the baseline of its first line
box, which in a column does not lie across it as ours does). Their columns are read from the text alone (the objects are
not columns' items: a narrow object at a wide column's edge may lie beyond its text), their text's starts compared
(a column's first offset that is not an object's), and each object's frame (x, y, width, height from the div's top-left
corner, our result's `placeholders`) within 1/64 px (figure `objects`).

A column's start is read as a line's is (chromium_pages.LINES_SCRIPT), the axes swapped
(COLUMNS_SCRIPT): a column starts at a cluster whose rectangle's middle lies beyond the first
rectangle of the column before, across the block (to its left under vertical-rl, to its right under
vertical-lr); its length reaches from the div's top to the bottom of its lowest cluster that does
not hang. The block's extent is the div's width, our result's `height`. A column's left edge
across the block is its line box's, from the div's left (our line's `x`; chromium_column_lefts):
its first cluster's rectangle is the box of the div's first font, which the leading of a
`line-height` other than normal sets inside the column (Chromium's split: the over side, the right,
its whole pixels), and a column holding span text takes the edge of the column beside it. Its
central baseline is read from the rectangles of its upright characters outside spans (kana,
ideographs and Hangul syllables, every one under `upright`, none under `sideways`): a rectangle is
the box of the column's font (ascent and descent, 25 px in Noto Sans CJK at 17 px), and its middle
across is where the column's text is centred (our line's `baseline`; Layout.columnCenter).

Compared for each job: the column starts (UTF-16 offsets) and the block's extent within 1/64 px
(Chromium's layout unit); where the starts agree, each column's left edge (`column-x`) and the
middle of each of its upright characters' rectangles against our central baseline (`central`),
within 1/64 px: Chromium places boxes in whole layout units, and a box's middle is then exact to
1/128 px, so a difference of more is ours. Prints each set's share of jobs with both the same, in all and by
language, then the differences by kind (corpus_vs_chromium.KINDS, the line read as a column) with
examples; --json writes each job's columns from both engines; --check exits 1 when a set's share is
below its floor (FLOORS, or --starts-floor); --expect holds each job to the list of expected
differences (expected-differences-keys-chromium.txt, set-up writingMode=MODE,textOrientation=ORIENTATION, a key set's
also its name: writingMode=vertical-rl,textOrientation=mixed,justify).
Python 3 standard library only; needs Chromium (Debian's /usr/bin/chromium).
"""
import collections, html, math, os, random

from chromium_pages import (HERE, Tally, add_check_options, add_expect_option, checked_study_arguments, job_layouts, listed_choices,
                            make_jobs, page, percent, run_batch, study_parser, utf16)
import expected_differences  # chromium_pages puts scripts/ on the path
from wrap_vs_chromium import mixed_text
from corpus_vs_chromium import FALLBACK_FONTS, FONT_FILES, KINDS, ROOT, SIZE, classify, embedded_font_faces, font_list, lines_of_result, show

LANGS = ["zh", "ja", "ko"]
# Each set: its writing mode and text orientation. The first is laid out on the --sample, the others on --set-sample.
SETS = {"vertical-rl": ("vertical-rl", "mixed"), "vertical-lr": ("vertical-lr", "mixed"),
        "upright": ("vertical-rl", "upright"), "sideways": ("vertical-rl", "sideways")}
# The mixed variant's sets: the job's mixed copy (id `-mixed`: COLUMN_MIXED_WORDS put among its characters, mixed_column_text),
# in each writing mode and orientation.
MIXED_SETS = {"mixed-rl": ("vertical-rl", "mixed"), "mixed-lr": ("vertical-lr", "mixed"),
              "mixed-upright": ("vertical-rl", "upright"), "mixed-sideways": ("vertical-rl", "sideways")}
SETS.update(MIXED_SETS)
# What a mixed copy puts among a job's CJK text: Latin words (one with a space), numbers, emoji, ASCII and CJK punctuation.
COLUMN_MIXED_WORDS = ["HTML", "Linux", "iPhone", "Wi-Fi", "x86_64", "New York", "OK", "2024", "128", "3.14", "10%", "5G", "v3",
                      "\U0001F600", "\U0001F44D", "\u2764\uFE0F", "\U0001F389", "!", "?", ",", ".", ":", "(", ")", '"', "'", "-", "/",
                      "\u3001", "\u3002", "\u300C", "\u300D", "\uFF01", "\uFF1F", "\uFF08", "\uFF09", "\u2026", "\u30FC", "\u30FB",
                      "\u300A", "\u300B"]
# The sets of columns under vertical-rl with a job key of the line model (KEY_SETS), each given its setting drawn from the
# job's id (key_setting): `lineHeight` (CSS `line-height`), a span of another size or font over a part of the text (a
# <span>), `align` (`text-align`), and `lineClamp` (`display: -webkit-box; -webkit-box-orient: vertical;
# -webkit-line-clamp`, `overflow: hidden`). Each: its writing mode and orientation and the kind of setting.
KEY_SETS = {"line-height": ("vertical-rl", "mixed", "lineHeight"), "spans": ("vertical-rl", "mixed", "span"),
            "align-center": ("vertical-rl", "mixed", "align"), "align-end": ("vertical-rl", "mixed", "align"),
            "justify": ("vertical-rl", "mixed", "align"), "clamp": ("vertical-rl", "mixed", "lineClamp")}
SETS.update({name: (mode, orientation) for name, (mode, orientation, _) in KEY_SETS.items()})
# The line heights of the line-height set (a multiple or pixels, the job key's and CSS's alike).
LINE_HEIGHTS = [1.5, 2, 1, "24px", "32px"]
# The spans of the spans set: a size, and whether DejaVu Sans comes first in the span's fonts (before the job's and the
# fallback fonts, in our span's "font" and the <span>'s font-family alike).
SPAN_STYLES = [(24, False), (12, False), (None, True), (24, True)]
# The sets with inline objects in columns (with_column_objects), each its writing mode and orientation.
OBJECT_SETS = {"objects-rl": ("vertical-rl", "mixed"), "objects-lr": ("vertical-lr", "mixed")}
SETS.update(OBJECT_SETS)
# The objects' alignments, ours and CSS's `vertical-align`, and their least and largest width and height in pixels.
OBJECT_ALIGNMENTS = {"baseline": "baseline", "middle": "middle", "top": "top", "bottom": "bottom", "textTop": "text-top",
                     "textBottom": "text-bottom"}
SMALLEST_OBJECT, LARGEST_OBJECT = 8, 60
OBJECT_CHARACTER = "\ufffc"
# The least share of each set's jobs with the same column starts that --check accepts.
FLOORS = {"starts": 0.995}
# The kinds of differences: the corpus study's, the lines read as columns, and one of columns alone.
COLUMN_KINDS = {**KINDS, "placed": "the same column starts and block extent, but a column's left edge or central baseline more than "
                                   "1/64 px from Chromium's",
                "objects": "the same column starts and block extent, but an inline object's frame more than 1/64 px from Chromium's"}
# Chromium's layout unit: the block's extent is compared within one.
LAYOUT_UNIT = 1 / 64

# columnsOf: a vertical div's columns, {start, width}, read as linesOf reads lines with the axes
# swapped: a column starts at a cluster whose rectangle's middle lies beyond the first rectangle of
# the column before, across the block (leftwards when `rightToLeft`); `width` reaches from the div's
# top to the bottom of the column's lowest cluster that does not hang.
COLUMNS_SCRIPT = r"""
function columnsOf(div, rightToLeft, upright) {
  const box = div.getBoundingClientRect();
  const columns = [];
  let edge = rightToLeft ? Infinity : -Infinity;
  // A span of styled text is read through (its clusters); a unit's element (`data-unit`: a combined span) is one item.
  for (const item of (div.querySelector("span:not([data-unit])") ? spannedItemsOf(div) : itemsOf(div))) {
    const rect = item.rect;
    if (!rect) continue;
    const middle = (rect.left + rect.right) / 2;
    if (rightToLeft ? middle < edge : middle > edge) {
      columns.push({start: item.offset, width: 0, top: rect.top - box.top, box: null, spanned: false, centers: []});
      edge = rightToLeft ? rect.left : rect.right;
    }
    const column = columns[columns.length - 1];
    if (!HANGING.test(item.segment)) column.width = Math.max(column.width, rect.bottom - box.top);
    if (item.inSpan) { column.spanned = true; continue; }
    if (!column.box) column.box = [rect.left - box.left, rect.right - box.left];
    if (item.segment && upright && upright.test(item.segment)) column.centers.push(middle - box.left);
  }
  return columns;
}
// spannedItemsOf: itemsOf of a div whose text is also inside <span> elements: the grapheme clusters of
// every text node in the div, in order, with their UTF-16 offsets in the div's text, those of a span
// marked `inSpan`.
function spannedItemsOf(div) {
  const items = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(div, NodeFilter.SHOW_TEXT);
  let offset = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const first = items.length;
    addClusters(items, node, offset, range);
    if (node.parentNode !== div) for (const item of items.slice(first)) item.inSpan = true;
    offset += node.data.length;
  }
  return items;
}
"""
# The characters whose rectangles give a column's central baseline, by orientation: those upright in it.
UPRIGHT_CHARACTERS = {"mixed": r"/^[\u3041-\u30ff\u3400-\u9fff\uac00-\ud7a3]$/u", "upright": r"/^\S/u", "sideways": r"/(?!)/"}
# objectColumnsOf: the columns of a div with inline objects ({start, width} each: width as columnsOf's, an object's bottom
# counted in the column of the text before it), read from its text alone as columnsOf reads them, and its objects' frames ({x, y, width, height} from the div's top-left corner), in text order.
OBJECT_COLUMNS_SCRIPT = r"""
function objectColumnsOf(div, rightToLeft) {
  const box = div.getBoundingClientRect();
  const columns = [], objects = [];
  let edge = rightToLeft ? Infinity : -Infinity;
  for (const item of itemsOf(div)) {
    const rect = item.rect;
    if (item.element) {
      objects.push({x: rect.left - box.left, y: rect.top - box.top, width: rect.width, height: rect.height});
      if (columns.length) columns[columns.length - 1].width = Math.max(columns[columns.length - 1].width, rect.bottom - box.top);
      continue;
    }
    if (!rect) continue;
    const middle = (rect.left + rect.right) / 2;
    if (rightToLeft ? middle < edge : middle > edge) {
      columns.push({start: item.offset, width: 0});
      edge = rightToLeft ? rect.left : rect.right;
    }
    if (!HANGING.test(item.segment)) columns[columns.length - 1].width = Math.max(columns[columns.length - 1].width, rect.bottom - box.top);
  }
  return {lines: columns, objects};
}
"""
MEASURE = """{layouts: [...document.querySelectorAll("div.job")].map(d => Object.assign({i: +d.dataset.i, height: d.getBoundingClientRect().width},
  d.dataset.objects ? objectColumnsOf(d, d.dataset.mode === "vertical-rl")
                    : {lines: columnsOf(d, d.dataset.mode === "vertical-rl", UPRIGHT[d.dataset.orientation])}))}"""


def chosen_jobs(sets, langs, sample, set_sample, seed):
    """(set, job) for each set of `sets`: the first on a sample of `sample` corpus jobs, the others on `set_sample` each."""
    everything = make_jobs(langs, 0, seed)
    chosen = []
    for n, name in enumerate(sets):
        size = sample if name == "vertical-rl" else set_sample
        picked = (everything if size == 0 or size >= len(everything)
                  else [everything[i] for i in sorted(random.Random(f"{seed}-vertical-{name}").sample(range(len(everything)), size))])
        if name in MIXED_SETS:
            picked = [dict(job, id=job["id"] + "-mixed", text=mixed_column_text(job, seed)) for job in picked]
        if name in KEY_SETS:
            picked = [dict(job, **key_setting(name, job)) for job in picked]
        if name in OBJECT_SETS:
            picked = [dict(job, **with_column_objects(job, seed)) for job in picked]
        chosen += [(name, job) for job in picked]
    return chosen


def mixed_column_text(job, seed):
    """The mixed copy of `job`'s text: three to eight of COLUMN_MIXED_WORDS put inside it at places drawn from `seed` and its id."""
    return mixed_text(job["id"], job["text"], words=COLUMN_MIXED_WORDS, inserts=(3, 8), seed=f"{seed}-vertical-mixed")


def with_column_objects(job, seed):
    """`job`'s text with one to four U+FFFC put in between two CJK characters (kana, ideographs, Hangul syllables) at places
    drawn from `seed` and its id, and their objects (OBJECT_SETS): {"text", "objects": [{width, height, align}]}."""
    rng = random.Random(f"{seed}-vertical-objects-{job['id']}")
    text = job["text"]
    cjk = lambda c: "\u3041" <= c <= "\u30ff" or "\u3400" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7a3"
    places = [i for i in range(1, len(text)) if cjk(text[i - 1]) and cjk(text[i])]
    chosen = sorted(set(rng.sample(places, min(len(places), rng.randint(1, 4)))), reverse=True)
    for i in chosen:
        text = text[:i] + OBJECT_CHARACTER + text[i:]
    objects = [{"width": rng.randint(SMALLEST_OBJECT, LARGEST_OBJECT), "height": rng.randint(SMALLEST_OBJECT, LARGEST_OBJECT),
                "align": rng.choice(list(OBJECT_ALIGNMENTS))} for _ in chosen]
    return {"text": text, "objects": objects}


def key_setting(name, job):
    """What a job of KEY_SETS' set `name` is given, drawn from its id: {"keys": our job's keys, "css": its div's CSS,
    "span": (start, end, CSS) of a <span> in UTF-16 offsets, or none}."""
    rng = random.Random(f"{name}-{job['id']}")
    kind = KEY_SETS[name][2]
    if kind == "lineHeight":
        value = rng.choice(LINE_HEIGHTS)
        return {"keys": {"lineHeight": value}, "css": f"line-height: {value}"}
    if kind == "span":
        size, dejavu_first = rng.choice(SPAN_STYLES)
        keys = {"size": size} if size else {}
        css = f"font-size: {size}px; " if size else ""
        if dejavu_first:
            keys["font"] = font_list(["DejaVu Sans", job["font"], *FALLBACK_FONTS])
            css += "font-family: " + font_list(["StudyDejaVu", FONT_FILES[job["font"]][0]] + [family for family, _ in FALLBACK_FONTS.values()])
        length = len(job["text"].encode("utf-16-le")) // 2
        start = rng.randrange(length)
        end = min(length, start + rng.randint(1, 12))
        # Not inside a surrogate pair: the span's edges at characters.
        units = job["text"].encode("utf-16-le")
        while start > 0 and 0xDC00 <= int.from_bytes(units[2 * start:2 * start + 2], "little") <= 0xDFFF:
            start -= 1
        while end < length and 0xDC00 <= int.from_bytes(units[2 * end:2 * end + 2], "little") <= 0xDFFF:
            end += 1
        return {"keys": {"spans": [dict(keys, start=start, end=end)]}, "css": "", "span": (start, end, css)}
    if kind == "align":
        value = {"align-center": "center", "align-end": "end", "justify": "justify"}[name]
        return {"keys": {"align": value}, "css": f"text-align: {value}"}
    count = rng.randint(1, 3)
    return {"keys": {"lineClamp": count},
            "css": f"display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: {count}; overflow: hidden"}


def job_html(job):
    """The div's content of `job`: its text, the part a set's span covers (job["span"]) inside a <span>, its objects
    (job["objects"]) each an empty inline-block."""
    if "objects" in job:
        pieces = job["text"].split(OBJECT_CHARACTER)
        body = [html.escape(pieces[0], quote=False)]
        for thing, piece in zip(job["objects"], pieces[1:]):
            style = f"width: {thing['width']}px; height: {thing['height']}px; vertical-align: {OBJECT_ALIGNMENTS[thing['align']]}"
            body.append(f'<span class="object" data-unit style="{style}"></span>' + html.escape(piece, quote=False))
        return "".join(body)
    if "span" not in job:
        return html.escape(job["text"], quote=False)
    start, end, css = job["span"]
    part = lambda a, b: html.escape(utf16(job["text"], a, b), quote=False)
    return f'{part(0, start)}<span style="{html.escape(css)}">{part(start, end)}</span>{part(end, None)}'


def our_layouts(binary, chosen):
    """Our layout of each (set, job) by the chromium profile in the set's writing mode and orientation: {"height", "lines"}."""
    jobs = [{"id": i, "text": job["text"], "font": font_list([job["font"], *FALLBACK_FONTS]), "size": SIZE, "width": job["width"],
             "glyphs": True, "profile": "chromium", "writingMode": SETS[name][0], "textOrientation": SETS[name][1], **job.get("keys", {}),
             **({"placeholders": job["objects"]} if "objects" in job else {})}
            for i, (name, job) in enumerate(chosen)]
    results = run_batch(binary, jobs, fonts_dir=os.path.join(ROOT, "Fonts"))
    layouts = [lines_of_result(r) for r in results]
    for layout, result, (_, job) in zip(layouts, results, chosen):
        # Each column's left edge across the block (`x`), its central baseline (`center`) and its offset down the column
        # (`top`: where alignment puts its start), from our result's `x`, `baseline` and `y`.
        for line, column in zip(layout["lines"], result["lines"]):
            line.update(x=column["x"], center=column["baseline"], top=column.get("y", 0))
        if "objects" in job:
            with_text_starts(layout, job["text"])
            layout["objects"] = [{k: o[k] for k in ("x", "y", "width", "height")} for o in result.get("placeholders", [])]
    return layouts


def with_text_starts(layout, text):
    """`layout` (ours, of a job with objects) with its columns as the object sets read Chromium's: each column's start its
    first UTF-16 offset that is not an object's, a column of objects alone left out."""
    units = text.encode("utf-16-le")
    is_object = lambda k: units[2 * k:2 * k + 2] == OBJECT_CHARACTER.encode("utf-16-le")
    ends = [line["start"] for line in layout["lines"][1:]] + [len(units) // 2]
    kept = []
    for line, end in zip(layout["lines"], ends):
        start = next((k for k in range(line["start"], end) if not is_object(k)), None)
        if start is not None:
            kept.append(dict(line, start=start))
    layout["lines"] = kept


def vertical_page(chosen):
    """The page of `chosen` (set, job): a div each in the set's writing mode and orientation, the job's width its height."""
    style = embedded_font_faces() + """
body { margin: 0; }
div.job { font-size: 17px; line-height: normal; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 10px 0; padding: 0; }
span.object { display: inline-block; margin: 0; padding: 0; border: 0; }
"""
    divs = []
    for i, (name, job) in enumerate(chosen):
        mode, orientation = SETS[name]
        family = html.escape(font_list([FONT_FILES[job["font"]][0]] + [family for family, _ in FALLBACK_FONTS.values()]))
        objects = ' data-objects="1"' if "objects" in job else ""
        divs.append(f'<div class="job" data-i="{i}" data-mode="{mode}" data-orientation="{orientation}"{objects} style="writing-mode: {mode}; '
                    f'text-orientation: {orientation}; height: {job["width"]}px; font-family: {family}; {job.get("css", "")}">{job_html(job)}</div>')
    upright = "const UPRIGHT = {" + ", ".join(f'"{k}": {v}' for k, v in UPRIGHT_CHARACTERS.items()) + "};\n"
    return page(style, "\n".join(divs), MEASURE, functions=COLUMNS_SCRIPT + OBJECT_COLUMNS_SCRIPT + upright)


def starts(layout):
    return [l["start"] for l in layout["lines"]]


def same_extent(ours, theirs):
    return abs(ours["height"] - theirs["height"]) <= LAYOUT_UNIT + 1e-9


def column_offsets(job, mode, ours, theirs):
    """Where the column starts agree: the largest distance between our column's left edge and Chromium's
    (chromium_column_lefts; columns whose edge the page does not give are left out), and between a middle of one of
    its upright characters' rectangles and our central baseline (0 with none); None where the starts differ."""
    if starts(ours) != starts(theirs):
        return None
    lefts = chromium_column_lefts(job, mode, theirs["lines"])
    pairs = list(zip(ours["lines"], theirs["lines"]))
    return (max((abs(o["x"] - left) for (o, _), left in zip(pairs, lefts) if left is not None), default=0),
            max((abs(o["center"] - c) for o, t in pairs for c in t["centers"]), default=0))


def chromium_column_lefts(job, mode, columns):
    """The left edge of each of Chromium's `columns` (the div's, from its left), its line box's, not its text's: a
    column without span text reaches beyond its first cluster's rectangle (the box of the div's first font, `h` px
    across) by the leading, line-height less h split as Chromium's CalculateLeadingSpace splits it: ⌊(lh − h) / 2⌋
    (whole pixels) on the right, the line-over side, the rest on the left (measured: under `line-height: 2`, 34 px, a 25
    px rectangle 5 px from the column's left edge, 4 from its right; `line-height: normal`: none). A column holding span
    text, whose box the span's fonts may widen, takes the edge of the column beside it on its left (the next under
    vertical-rl, the one before under vertical-lr) when that one holds none, the div's left edge when it is the last
    there; otherwise None."""
    value = job.get("keys", {}).get("lineHeight")
    line_height = None if value is None else float(value[:-2]) if isinstance(value, str) else value * SIZE
    edges = []
    for column in columns:
        if column["spanned"] or column["box"] is None:
            edges.append(None)
            continue
        left, right = column["box"]
        leading = 0 if line_height is None else line_height - (right - left)
        over = math.floor(leading / 2 + 1e-9)
        edges.append((left - (leading - over), right + over))
    lefts = []
    for k, edge in enumerate(edges):
        beside = k + 1 if mode == "vertical-rl" else k - 1
        lefts.append(edge[0] if edge else 0 if not 0 <= beside < len(edges) else edges[beside][1] if edges[beside] else None)
    return lefts


def main():
    ap = study_parser(__doc__, "the samples' seed (default 1)", LANGS, "the corpus languages (default %(default)s)")
    ap.add_argument("--sets", default="vertical-rl,vertical-lr",
                    help="the sets laid out (default %(default)s): " + "; ".join(f"{k}: writing-mode {m}, text-orientation {o}"
                                                                           for k, (m, o) in SETS.items()))
    ap.add_argument("--set-sample", type=int, default=200, help="how many corpus jobs each set but vertical-rl takes (0: all; default 200)")
    add_check_options(ap, FLOORS, "for any set")
    add_expect_option(ap, os.path.join(HERE, "expected-differences-keys-chromium.txt"))
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, LANGS, "is not a CJK corpus language")
    sets = listed_choices(ap, "--sets", args.sets, list(SETS))
    if args.set_sample < 0:
        ap.error(f"--set-sample must be 0 (all jobs) or more, not {args.set_sample}")
    chosen = chosen_jobs(sets, langs, args.sample, args.set_sample, args.seed)
    ours = our_layouts(binary, chosen)
    theirs, agent = job_layouts(args.chromium, chosen, vertical_page, "vertical-vs-chromium-")
    print(f"Chromium: {agent}\n{len(chosen)} jobs by the chromium profile ({','.join(langs)}, sample {args.sample}, "
          f"set sample {args.set_sample}, seed {args.seed})\n")
    tally = Tally()
    offsets = collections.defaultdict(collections.Counter)
    placed = {name: [0, 0, 0] for name in sets}  # jobs with the same starts, of them the same left edges, the same central baselines
    placed_objects = {name: [0, 0] for name in sets}  # the objects of the jobs with the same starts, of them those within 1/64 px
    for (name, job), o, t in zip(chosen, ours, theirs):
        if "lineClamp" in job.get("keys", {}):
            # The columns a clamp hides are laid out and hidden: the kept ones are compared.
            t = dict(t, lines=t["lines"][:job["keys"]["lineClamp"]])
        if name in KEY_SETS and KEY_SETS[name][2] == "align" and starts(o) == starts(t):
            offsets[name]["jobs"] += 1
            offsets[name]["agree"] += same_offsets(o, t)
        column_places = column_offsets(job, SETS[name][0], o, t) if name not in OBJECT_SETS else None
        same_x, same_central = (True, True) if column_places is None else (column_places[0] <= LAYOUT_UNIT + 1e-9,
                                                                           column_places[1] <= LAYOUT_UNIT + 1e-9)
        if column_places is not None:
            placed[name] = [placed[name][0] + 1, placed[name][1] + same_x, placed[name][2] + same_central]
        same_objects = "objects" not in job or starts(o) != starts(t) or same_object_frames(o, t)
        if "objects" in job and starts(o) == starts(t):
            placed_objects[name] = [placed_objects[name][0] + len(o["objects"]),
                                    placed_objects[name][1] + sum(same_frame(a, b) for a, b in zip(o["objects"], t["objects"]))]
        figures = expected_differences.differing_figures(starts(o) == starts(t), len(o["lines"]) == len(t["lines"]), same_extent(o, t),
                                                         same_column_x=same_x, same_central=same_central, same_objects=same_objects)
        kind = (None if not figures else "placed" if figures <= {"column-x", "central"} else "objects" if figures == {"objects"}
                else classify(job, o, t))
        tally.add(name, job, o, t, kind, figures, part=job["id"].split("-")[0], set=name)
    below = []
    for name in sets:
        tally.summary(name, f"{name} ({' '.join(SETS[name])})", args, below,
                      what="same column starts, block extent, column left edges and central baselines within 1/64 px",
                      parts=[lang for lang in langs if tally.counts[name][lang + " jobs"]])
        same, x, central = placed[name]
        if name not in OBJECT_SETS:
            print(f"  of the {same} with the same column starts: left edges within 1/64 px {x} ({100 * x / max(same, 1):.2f}%), "
                  f"central baselines within 1/64 px {central} ({100 * central / max(same, 1):.2f}%)")
        if name in OBJECT_SETS:
            compared, within = placed_objects[name]
            print(f"  {name}: objects of the jobs with the same column starts whose frame (x, y, width, height) is within 1/64 px: "
                  f"{percent(within, compared)} ({within} of {compared})")
        if offsets[name]["jobs"]:
            print(f"  {name}: each column's offset down the column within 1/64 px, of the jobs with the same column starts: "
                  f"{percent(offsets[name]['agree'], offsets[name]['jobs'])} ({offsets[name]['agree']} of {offsets[name]['jobs']})")
    tally.finish(args, below, lambda name: name, set_up, show, COLUMN_KINDS)


def same_frame(ours, theirs):
    """Whether an object's frame, ours and Chromium's, is the same within 1/64 px in x, y, width and height."""
    return all(abs(ours[k] - theirs[k]) <= LAYOUT_UNIT + 1e-9 for k in ("x", "y", "width", "height"))


def same_object_frames(ours, theirs):
    """Whether a layout's objects are as many as Chromium's and each in the same frame (same_frame)."""
    return len(ours["objects"]) == len(theirs["objects"]) and all(same_frame(a, b) for a, b in zip(ours["objects"], theirs["objects"]))


def same_offsets(ours, theirs):
    """Whether each column of `ours` starts as far down the column as Chromium's (its first cluster's top), within 1/64 px."""
    return all(abs(o["top"] - t["top"]) <= LAYOUT_UNIT + 1e-9 for o, t in zip(ours["lines"], theirs["lines"]))


def set_up(name):
    """The set-up that names set `name` in the list of expected differences: its writing mode and orientation, a set of
    KEY_SETS also its name."""
    mode, orientation = SETS[name]
    return f"writingMode={mode},textOrientation={orientation}" + (",objects" if name in OBJECT_SETS else f",{name}" if name in KEY_SETS else "")


if __name__ == "__main__":
    main()
