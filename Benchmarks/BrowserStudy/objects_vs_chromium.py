"""Holds our inline objects (U+FFFC with "placeholders") against headless Chromium's empty inline-blocks on a seeded sample of the corpus, with the same texts without objects as the control, and sorts the differences by kind.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/objects_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs en,fr,de,ru,el,vi,he,ar] [--chromium PATH] [--examples N] [--json OUT]
      [--check [--starts-floor SHARE]]

Makes the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text at 120, 240 and 360 px, size
17, DejaVu Sans, Noto Sans Hebrew or Noto Sans Arabic), takes a seeded sample, and puts 1 to 4
seeded random objects in each text: a U+FFFC between words (before a word, with a space after
it, or glued to a word's end) or inside a word (between two letters), each 8 to 60 px wide and
tall (whole pixels), aligned by one of the six alignments; a third of the `baseline` ones give
their own baseline, 0 to their height from their top. Lays each text out with our `textlayout
batch --fonts-dir Fonts` (with its "placeholders") and in headless Chromium, one div of the job's
width per layout, many in a page, the job's font embedded by @font-face (DejaVu Sans after it
for what the font lacks), `font-size: 17px`, `line-height: normal`, `white-space: pre-wrap`,
`overflow-wrap: break-word` and `unicode-bidi: plaintext` (each paragraph's direction from its
first strong character, as ours; `text-align: start` then aligns it to its own start), each object
an empty `<span style="display: inline-block; width: Wpx; height: Hpx; vertical-align: V">`
(`textTop` is `text-top`, `textBottom` `text-bottom`). An object with its own baseline B holds an
empty inline-block 0 px wide and B px tall in a line of `font-size: 0; line-height: 0`: its
bottom, the baseline of that line, is then the object's last line box's baseline, B below its
top, which CSS takes as an inline-block's baseline.

What is compared, for each job:
- line starts, as UTF-16 offsets into the text (an object counts as its U+FFFC, one unit), ours
  and Chromium's; the control is the same text without its U+FFFC characters (and so without
  objects), which must agree first: the floor counts the jobs whose control agrees.
- for the jobs whose starts agree, each object's x (its left edge in the div, from the layout's
  left edge for ours) and its top below its line's top.

Chromium's lines: the page reads each grapheme cluster's rectangle (Range.getClientRects) and
each object's (getBoundingClientRect). A text cluster starts a line when its middle lies below the
bottom of the first text cluster of the line before (all the text of a line shares its baseline).
An object lies on the line of the text around it when the text before and after it share a line;
when it stands at a line's edge it is placed by its line box, which two probes after it give:
empty inline-blocks 0 px wide and 0 px tall with `vertical-align: top` and `bottom`, whose top and
bottom are those of the line box they stand in (a box of no height grows no line box, and a break
before a probe is one after the object, so the probes always share the object's line). An object
is on the line of the text before it when that text's top lies in its line box, else on the line
of the text after it when that one's does, else on a line of its own. The top probe gives the
line's top. A second copy of each text lays out without the probes: an object whose rectangle
moves between the copies is counted ("probes moved"), and should never be.

Prints the share of jobs whose controls agree, of those whose starts with objects agree, and of the
objects within 1 px in x and in top, then the differences sorted by kind (KINDS), with examples;
and, for information, how often the object's line top itself lies within 1 px of Chromium's (it
drifts: Chromium rounds a line of `line-height: normal` to whole pixels). --json writes each job's
details (with its starts' kind of difference); --check exits 1 when a figure is below its floor
(FLOORS; the starts' with --starts-floor), a difference is of no named kind, or the probes moved an
object.
Python 3 standard library only; needs Chromium (Debian's /usr/bin/chromium).
"""
import collections, html, json, random, unicodedata

from chromium_pages import finish_check, unnamed_differences, shares_below, write_details, add_check_options, checked_study_arguments, font_face, in_pages, line_texts, make_jobs, page, percent, run_batch, run_pages, study_parser, utf16

SIZE = 17
# Each language's font for us (make_jobs.py's) and the file Chromium embeds for it.
FONT_FILES = {"DejaVu Sans": "DejaVuSans.ttf", "Noto Sans Hebrew": "NotoSansHebrew-Regular.ttf",
              "Noto Sans Arabic": "NotoSansArabic-Regular.ttf"}
LANGS = ["en", "fr", "de", "ru", "el", "vi", "he", "ar"]
ALIGNMENTS = {"baseline": "baseline", "middle": "middle", "top": "top", "bottom": "bottom",
              "textTop": "text-top", "textBottom": "text-bottom"}
OBJECT_CHARACTER = "\ufffc"
SMALLEST, LARGEST = 8, 60
MOST_OBJECTS = 4
# How far an object's x, or its top below its line's, may lie from Chromium's.
TOLERANCE = 1.0
# How close to the box's width a line may be for the engines' rounding to decide whether it fits.
EDGE = 0.05
# The least share of (jobs whose control agrees) with the same starts, and of objects within
# TOLERANCE in x and in top, that --check accepts.
FLOORS = {"starts": 0.99, "x": 0.99, "top": 0.99}

KINDS = {
    "starts": {
        "edge": f"the longer of the first two lines that differ is as wide as the box to within {EDGE} px (our measure): "
                "one engine's 1/64 px layout units fit it, the other's doubles do not",
        "text-break-rules": "a start only one engine has lies away from the objects (no object just before or at it): "
                            "a break opportunity of the text one engine lacks (see Balanced and pretty lines in docs/line-model.md), "
                            "met because the objects moved the lines",
        "other": "none of the kinds above",
    },
    "x": {
        "other": "none of the kinds above",
    },
    "top": {
        "other": "none of the kinds above",
    },
}

MEASURE = """{layouts: [...document.querySelectorAll("div.job")].map(d => objectLayout(d))}"""
OBJECT_SCRIPT = r"""
// A div's text lines ({start, top}: the first text cluster's offset, the least top of its text)
// and its objects ({offset, x, top, width, height, before, after, lineTop, lineBottom}: `before`
// and `after` the text lines of the nearest text clusters before and after it, -1 when none;
// lineTop and lineBottom its line box's, from the probes after it),
// every coordinate from the div's top left corner.
function objectLayout(div) {
  const box = div.getBoundingClientRect();
  const items = itemsOf(div);
  const textLines = [];
  let bottom = -Infinity;
  for (const item of items) {
    if (item.element || !item.rect) continue;
    const rect = item.rect;
    if ((rect.top + rect.bottom) / 2 > bottom) {
      textLines.push({start: item.offset, top: rect.top - box.top});
      bottom = rect.bottom;
    }
    const line = textLines[textLines.length - 1];
    line.top = Math.min(line.top, rect.top - box.top);
    item.line = textLines.length - 1;
  }
  const objects = [];
  items.forEach((item, k) => {
    if (!item.element) return;
    let before = -1, after = -1;
    for (let j = k - 1; j >= 0 && before < 0; j--) if (items[j].line !== undefined) before = items[j].line;
    for (let j = k + 1; j < items.length && after < 0; j++) if (items[j].line !== undefined) after = items[j].line;
    const top = item.element.nextElementSibling, bottom = top && top.nextElementSibling;
    const probed = top && top.classList.contains("probe-top") && bottom.classList.contains("probe-bottom");
    objects.push({offset: item.offset, x: item.rect.left - box.left, top: item.rect.top - box.top,
                  width: item.rect.width, height: item.rect.height, before, after,
                  lineTop: probed ? top.getBoundingClientRect().top - box.top : null,
                  lineBottom: probed ? bottom.getBoundingClientRect().bottom - box.top : null});
  });
  return {i: +div.dataset.i, copy: div.dataset.copy, textLines, objects, lines: div.dataset.copy === "control" ? linesOf(div) : null};
}
"""


def random_object(rng):
    """An object of random size (SMALLEST to LARGEST px) and alignment; a third of the `baseline`
    ones give their own baseline, 0 to their height."""
    thing = {"width": rng.randint(SMALLEST, LARGEST), "height": rng.randint(SMALLEST, LARGEST), "align": rng.choice(list(ALIGNMENTS))}
    if thing["align"] == "baseline" and rng.random() < 1 / 3:
        thing["baseline"] = rng.randint(0, thing["height"])
    return thing


def is_letter(character):
    return unicodedata.category(character).startswith("L")


def with_objects(text, rng):
    """`text` with 1 to MOST_OBJECTS U+FFFC put in at random: before a word with a space after it,
    glued to a word's end, or between two letters of a word (never before a mark); and the objects."""
    before_word = [i for i in range(1, len(text)) if text[i - 1] == " " and not text[i].isspace()] or [0]
    after_word = [i for i in range(1, len(text)) if is_letter(text[i - 1]) and not is_letter(text[i])
                  and not unicodedata.category(text[i]).startswith("M")]
    inside_word = [i for i in range(1, len(text)) if is_letter(text[i - 1]) and is_letter(text[i])]
    places = {}
    for _ in range(rng.randint(1, MOST_OBJECTS)):
        choices = [(kind, where) for kind, where in (("before", before_word), ("after", after_word), ("inside", inside_word)) if where]
        kind, where = rng.choice(choices)
        places.setdefault(rng.choice(where), OBJECT_CHARACTER + " " if kind == "before" else OBJECT_CHARACTER)
    for i in sorted(places, reverse=True):
        text = text[:i] + places[i] + text[i:]
    return text, [random_object(rng) for _ in range(text.count(OBJECT_CHARACTER))]


def study_jobs(langs, sample, seed):
    """The corpus jobs with objects: {id, text, font, width, objects, control (the text without objects)}."""
    rng = random.Random(seed)
    jobs = []
    for job in make_jobs(langs, sample, seed):
        if OBJECT_CHARACTER in job["text"]:
            continue
        text, objects = with_objects(job["text"], rng)
        jobs.append({"id": job["id"], "text": text, "font": job["font"], "width": job["width"], "objects": objects,
                     "control": text.replace(OBJECT_CHARACTER, "")})
    return jobs


def our_layouts(binary, jobs):
    """Our layout of each job with its objects and of its control: ({starts, tops, objects: [{line, x, top}]}, control starts)."""
    batch = []
    for i, job in enumerate(jobs):
        common = {"font": job["font"], "size": SIZE, "width": job["width"]}
        batch.append(dict(id=f"{i}", text=job["text"], placeholders=job["objects"], **common))
        batch.append(dict(id=f"{i}-control", text=job["control"], **common))
    results = run_batch(binary, batch)
    layouts = []
    for result, control in zip(results[0::2], results[1::2]):
        tops, top = [], 0.0
        for line in result["lines"]:
            tops.append(top)
            top += line["height"]
        objects = [{"line": o["line"], "x": o["x"], "top": o["y"] - tops[o["line"]], "lineTop": tops[o["line"]],
                    "width": o["width"], "height": o["height"]} for o in result.get("placeholders", [])]
        layouts.append(({"starts": [l["start"] for l in result["lines"]], "objects": objects},
                        [l["start"] for l in control["lines"]]))
    return layouts


def div(job, i, copy):
    """The div of one copy of a job: `control` its text without objects, `probed` with objects each
    followed by the probes of its line box's top and bottom, `plain` with objects alone."""
    text = job["control"] if copy == "control" else job["text"]
    pieces = text.split(OBJECT_CHARACTER)
    body = [html.escape(pieces[0], quote=False)]
    for thing, piece in zip(job["objects"], pieces[1:]):
        style = f"width: {thing['width']}px; height: {thing['height']}px; vertical-align: {ALIGNMENTS[thing['align']]}"
        inner = ""
        if "baseline" in thing:
            style += "; font-size: 0; line-height: 0"
            inner = f'<span class="baseline" style="height: {thing["baseline"]}px"></span>'
        body.append(f'<span class="object" data-unit style="{style}">{inner}</span>')
        if copy == "probed":
            body.append('<span class="probe-top"></span><span class="probe-bottom"></span>')
        body.append(html.escape(piece, quote=False))
    family = FAMILIES[job["font"]]
    return (f'<div class="job" data-i="{i}" data-copy="{copy}" style="width: {job["width"]}px; font-family: \'{family}\', \'{FAMILIES["DejaVu Sans"]}\'">'
            + "".join(body) + "</div>")


FAMILIES = {font: "Study" + font.replace(" ", "") for font in FONT_FILES}
STYLE = "".join(font_face(family, FONT_FILES[font]) for font, family in FAMILIES.items()) + """
body { margin: 0; }
div.job { font-size: 17px; font-kerning: normal; line-height: normal; white-space: pre-wrap; overflow-wrap: break-word;
          tab-size: 8; unicode-bidi: plaintext; text-align: start; margin: 0 0 10px 0; padding: 0; }
span.object { display: inline-block; margin: 0; padding: 0; border: 0; }
span.baseline { display: inline-block; width: 0; vertical-align: baseline; }
span.probe-top, span.probe-bottom { display: inline-block; width: 0; height: 0; vertical-align: top; }
span.probe-bottom { vertical-align: bottom; }
"""


def chromium_layouts(chromium, jobs):
    """Chromium's layout of each job: ({starts, objects: [{line, x, top, lineTop}], moved}, control starts)."""
    copies = [(job, i, copy) for i, job in enumerate(jobs) for copy in ("control", "probed", "plain")]
    pages = in_pages(copies)
    results = run_pages(chromium, [page(STYLE, "\n".join(div(*c) for c in part), MEASURE, OBJECT_SCRIPT) for _, part in pages],
                        "objects-vs-chromium-")
    found = collections.defaultdict(dict)
    for result in results:
        for layout in result["layouts"]:
            found[layout["i"]][layout["copy"]] = layout
    layouts = []
    for i in range(len(jobs)):
        control, probed, plain = (found[i][c] for c in ("control", "probed", "plain"))
        layouts.append((with_object_lines(probed, plain), [l["start"] for l in control["lines"]]))
    return layouts, results[0]["userAgent"] if results else ""


def with_object_lines(probed, plain):
    """The lines of a layout with objects, from its text lines and its objects (see the module's
    description): {starts, objects: [{line, x, top (below its line's top), lineTop}], moved}."""
    text_tops = [l["top"] for l in probed["textLines"]]
    lines = [{"start": l["start"], "key": (k, 0.0)} for k, l in enumerate(probed["textLines"])]
    keys = []
    for thing in probed["objects"]:
        before, after, top, bottom = thing["before"], thing["after"], thing["lineTop"], thing["lineBottom"]

        def within(line):
            return line >= 0 and top - 0.01 <= text_tops[line] < bottom - 0.01
        if before >= 0 and (before == after or within(before)):
            key = (before, 0.0)
        elif within(after):
            key = (after, 0.0)
        else:
            key = (before, 1.0 + top)
        keys.append(key)
        if key[1] and all(l["key"] != key for l in lines):
            lines.append({"start": thing["offset"], "key": key})
    for thing, key in zip(probed["objects"], keys):
        line = next(l for l in lines if l["key"] == key)
        line["start"] = min(line["start"], thing["offset"])
    lines.sort(key=lambda l: l["key"])
    index = {l["key"]: n for n, l in enumerate(lines)}
    objects = [{"line": index[key], "x": t["x"], "top": t["top"] - t["lineTop"], "lineTop": t["lineTop"],
                "width": t["width"], "height": t["height"]} for t, key in zip(probed["objects"], keys)]
    moved = sum(1 for a, b in zip(probed["objects"], plain["objects"]) if abs(a["x"] - b["x"]) > 0.01 or abs(a["top"] - b["top"]) > 0.01)
    moved += [l["start"] for l in probed["textLines"]] != [l["start"] for l in plain["textLines"]]
    return {"starts": [l["start"] for l in lines], "objects": objects, "moved": moved}


def first_different_line(ours, theirs):
    """Where the first lines that differ start, and where the longer of them ends."""
    k = next(k for k, (a, b) in enumerate(zip(ours + [None], theirs + [None])) if a != b)
    ends = [starts[k] for starts in (ours, theirs) if k < len(starts)]
    return ours[k - 1], max(ends) if len(ends) == 2 else None


def longer_line_widths(binary, jobs, differing):
    """Our width, less the job's width, of the longer of the first two lines that differ in each
    job of `differing` ({index: (our starts, Chromium's)}), laid out alone without a width."""
    probes = []
    for i, (ours, theirs) in differing.items():
        job = jobs[i]
        start, end = first_different_line(ours, theirs)
        before = utf16(job["text"], 0, start).count(OBJECT_CHARACTER)
        text = utf16(job["text"], start, end).rstrip(" \t\n")
        probes.append((i, {"id": f"{i}", "text": text, "font": job["font"], "size": SIZE,
                           "placeholders": job["objects"][before:before + text.count(OBJECT_CHARACTER)]}))
    results = run_batch(binary, [p for _, p in probes])
    return {i: result["width"] - jobs[i]["width"] for (i, _), result in zip(probes, results)}


def classify(job, ours, theirs, what, k=None, overflow=None):
    """The kind (a key of KINDS[what]) of a difference in `what` ("starts", or "x" or "top" of object
    `k`); `overflow` is how much wider than the box the longer first line that differs is (ours)."""
    if what == "starts":
        text = job["text"]
        unshared = set(ours["starts"]) ^ set(theirs["starts"])
        if overflow is not None and abs(overflow) <= EDGE:
            return "edge"
        if any(OBJECT_CHARACTER not in utf16(text, max(start - 1, 0), start + 1) for start in unshared):
            return "text-break-rules"
    return "other"


def show_lines(text, starts):
    return [line.replace(OBJECT_CHARACTER, "[obj]") for line in line_texts(text, starts)]


def show_difference(job, ours, theirs, what, k):
    """A few lines that show one difference: the job, and the lines or the object of both engines."""
    shown = [f"  {job['id']} (width {job['width']}): {json.dumps(job['text'], ensure_ascii=False)}"]
    if what == "starts":
        for who, layout in (("ours", ours), ("Chromium", theirs)):
            shown.append(f"    {who}: " + " | ".join(show_lines(job["text"], layout["starts"])))
    else:
        o, t = ours["objects"][k], theirs["objects"][k]
        shown.append(f"    object {k} {json.dumps(job['objects'][k])} on line {o['line']}: "
                     f"x ours {o['x']:.2f}, Chromium's {t['x']:.2f}; top below the line's top ours {o['top']:.2f}, Chromium's {t['top']:.2f}; "
                     f"line top ours {o['lineTop']:.2f}, Chromium's {t['lineTop']:.2f}")
        shown.append("    lines: " + " | ".join(show_lines(job["text"], ours["starts"])))
    return shown


def main():
    ap = study_parser(__doc__, "the seed of the sample and of the objects (default 1)", LANGS, "corpus languages (default: %(default)s)")
    add_check_options(ap, FLOORS, "a difference is of no named kind, or the probes moved an object")
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, LANGS, "has no bundled font that Chromium embeds here")

    jobs = study_jobs(langs, args.sample, args.seed)
    ours = our_layouts(binary, jobs)
    theirs, user_agent = chromium_layouts(args.chromium, jobs)

    differing = {i: (o["starts"], t["starts"]) for i, ((o, o_control), (t, t_control)) in enumerate(zip(ours, theirs))
                 if o_control == t_control and o["starts"] != t["starts"]}
    overflows = longer_line_widths(binary, jobs, differing) if differing else {}
    counts = collections.Counter()
    differences = {what: collections.defaultdict(list) for what in KINDS}
    details = []
    for i, (job, (o, o_control), (t, t_control)) in enumerate(zip(jobs, ours, theirs)):
        control_agrees = o_control == t_control
        starts_agree = o["starts"] == t["starts"]
        counts["jobs"] += 1
        counts["objects"] += len(job["objects"])
        counts["control"] += control_agrees
        counts["starts"] += starts_agree
        counts["moved"] += t["moved"] > 0
        kind = None
        if control_agrees:
            counts["starts of control"] += starts_agree
            if not starts_agree:
                kind = classify(job, o, t, "starts", overflow=overflows.get(i))
                differences["starts"][kind].append((i, None))
        if starts_agree:
            for k, (a, b) in enumerate(zip(o["objects"], t["objects"])):
                counts["compared"] += 1
                for what in ("x", "top"):
                    if abs(a[what] - b[what]) <= TOLERANCE:
                        counts[what] += 1
                    else:
                        differences[what][classify(job, o, t, what, k)].append((i, k))
                counts["lineTop"] += abs(a["lineTop"] - b["lineTop"]) <= TOLERANCE
        details.append({"id": job["id"], "width": job["width"], "text": job["text"], "objects": job["objects"],
                        "controlAgrees": control_agrees, "startsAgree": starts_agree, "startsKind": kind,
                        "ours": {"control": o_control, **o}, "chromium": {"control": t_control, **t}})

    shares = {"starts": (counts["starts of control"], counts["control"]), "x": (counts["x"], counts["compared"]),
              "top": (counts["top"], counts["compared"])}
    print(user_agent)
    print(f"{counts['jobs']} jobs ({','.join(langs)}, sample {args.sample}, seed {args.seed}), {counts['objects']} objects")
    print(f"control (the texts without objects) same starts: {percent(counts['control'], counts['jobs'])} ({counts['control']} of {counts['jobs']})")
    print(f"with objects, same starts: {percent(*shares['starts'])} of the jobs whose control agrees ({shares['starts'][0]} of {shares['starts'][1]}); "
          f"{percent(counts['starts'], counts['jobs'])} of all")
    print(f"objects of the jobs whose starts agree: x within {TOLERANCE:g} px {percent(*shares['x'])} ({shares['x'][0]} of {shares['x'][1]}), "
          f"top below the line's top within {TOLERANCE:g} px {percent(*shares['top'])} ({shares['top'][0]} of {shares['top'][1]}), "
          f"line top within {TOLERANCE:g} px {percent(counts['lineTop'], counts['compared'])}")
    print(f"jobs whose objects or lines the probes moved: {counts['moved']}")
    for what, kinds in differences.items():
        total = sum(len(m) for m in kinds.values())
        print(f"\n{what}: {total} differences, by kind:")
        for kind, meaning in KINDS[what].items():
            members = kinds.get(kind, [])
            if members:
                print(f"\n{what} {kind}: {len(members)} - {meaning}")
                for i, k in members[:args.examples]:
                    print("\n".join(show_difference(jobs[i], ours[i][0], theirs[i][0], what, k)))

    write_details(args.json, details)
    if args.check:
        moved = [f"the probes moved {counts['moved']} jobs' objects or lines"] if counts["moved"] else []
        finish_check(shares_below(FLOORS, args.starts_floor, shares) + unnamed_differences(differences) + moved)


if __name__ == "__main__":
    main()
