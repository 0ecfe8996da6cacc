"""Holds text combined upright (a span's "textCombineUpright": "all", CSS text-combine-upright: all) against headless Chromium by the chromium profile: Chinese and Japanese corpus jobs in columns, their short numbers and Latin words each combined, the column starts, the block's extent and each combined unit's place and advance down its column.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/combine_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs zh,ja] [--modes vertical-rl,vertical-lr] [--chromium PATH] [--examples N] [--json OUT] [--expect [LIST]]

Makes the corpus jobs of --langs (Benchmarks/Corpus/make_jobs.py: every text at 120, 240 and 360 px,
the column's length here, size 17, each language's font) and a seeded sample of --sample of them
(all when 0). In each text every run of one to four ASCII letters and digits that stands between
other characters becomes a combined span; a text with fewer than two gets TOKENS (1- to 4-digit
numbers, short Latin) put after some of its ideographs (drawn by the seed), each a combined span.
Each job is laid out in each of --modes (text orientation mixed): by our `textlayout batch
--fonts-dir Fonts` with the spans, and in headless Chromium as vertical_vs_chromium.py lays a job
out, each span `<span style="text-combine-upright: all">`.

Compared for each job: the column starts (UTF-16 offsets; a combined span counts as its length,
chromium_pages.itemsOf), the block's extent within 1/64 px (Chromium's layout unit), and for each
combined unit its start down its column and its length there (Chromium's span rectangle; our
combined run's x and width) within 1/64 px. Chromium places a unit (an atomic inline) at a whole
layout unit: after the text before it in its column, each stretch of text between two units
rounded up to 1/64 px; a unit's start is compared so rounded from our runs' widths ("snapped"),
and the share at our exact start is printed beside it. Prints the share of jobs with all the same, by mode and
language, the share of units, and examples of differences; --json writes each job's layouts; --expect holds
each job to the list of expected differences (expected-differences-keys-chromium.txt, set-up
writingMode=MODE,textCombineUpright=all; `combined-units` the figure of a unit placed or sized otherwise).
Python 3 standard library only; needs Chromium (Debian's /usr/bin/chromium).
"""
import html, json, math, os, random, re

from chromium_pages import HERE, ROOT, add_expect_option, job_layouts, listed_choices, make_jobs, page, percent, run_batch, study_parser
import expected_differences  # chromium_pages puts scripts/ on the path
from corpus_vs_chromium import FALLBACK_FONTS, FONT_FILES, SIZE, embedded_font_faces, font_list
from vertical_vs_chromium import COLUMNS_SCRIPT, LAYOUT_UNIT

LANGS = ["zh", "ja"]
MODES = ["vertical-rl", "vertical-lr"]
# Put after ideographs of a text that has fewer than two short ASCII runs of its own.
TOKENS = ["3", "12", "31", "100", "2024", "AB", "No", "OK", "5G", "PDF"]
SHORT_ASCII = re.compile(r"(?<![0-9A-Za-z])[0-9A-Za-z]{1,4}(?![0-9A-Za-z])")
IDEOGRAPH = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
MEASURE = """{layouts: [...document.querySelectorAll("div.job")].map(d => {
  const box = d.getBoundingClientRect();
  const units = [...d.querySelectorAll("span.tcu")].map(s => { const r = s.getBoundingClientRect(); return {top: r.top - box.top, length: r.height}; });
  return {i: +d.dataset.i, lines: columnsOf(d, d.dataset.mode === "vertical-rl"), height: box.width, units};
})}"""


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def combined_job(job, seed):
    """`job` with its short ASCII runs as combined spans (TOKENS put in first when it has fewer than two): its
    text, and "pieces": the text cut into (piece, combined) in order."""
    text = job["text"]
    if len(SHORT_ASCII.findall(text)) < 2:
        rng = random.Random(f"{seed}-{job['id']}")
        places = [m.end() for m in IDEOGRAPH.finditer(text)]
        for place in sorted(rng.sample(places, min(3, len(places))), reverse=True):
            text = text[:place] + rng.choice(TOKENS) + text[place:]
    pieces, position = [], 0
    for m in SHORT_ASCII.finditer(text):
        if m.start() > position:
            pieces.append((text[position:m.start()], False))
        pieces.append((m.group(), True))
        position = m.end()
    if position < len(text):
        pieces.append((text[position:], False))
    return dict(job, text=text, pieces=pieces)


def spans_of(job):
    """The job's combined spans in UTF-16 offsets."""
    spans, offset = [], 0
    for piece, combined in job["pieces"]:
        if combined:
            spans.append({"start": offset, "end": offset + utf16_length(piece), "textCombineUpright": "all"})
        offset += utf16_length(piece)
    return spans


def our_layouts(binary, chosen):
    """Our layout of each (mode, job): {"height", "lines": [{"start", "width"}], "units": [{"top", "length"}]}."""
    jobs = [{"id": i, "text": job["text"], "font": font_list([job["font"], *FALLBACK_FONTS]), "size": SIZE, "width": job["width"],
             "glyphs": True, "profile": "chromium", "writingMode": mode, "spans": spans_of(job)} for i, (mode, job) in enumerate(chosen)]
    layouts = []
    for result in run_batch(binary, jobs, fonts_dir=os.path.join(ROOT, "Fonts")):
        units = []
        for line in result["lines"]:
            # Chromium's start of a unit: the text before it in its column in items, each as long as
            # it is rounded up to a layout unit (an item: the text between two units, or a unit). A column's `y` is its
            # start down the column (its `x` its left edge across the block).
            snapped, text = line["y"], 0.0
            for run in line["runs"]:
                if run.get("combined"):
                    snapped += math.ceil(text * 64 - 1e-6) / 64
                    text = 0.0
                    units.append({"top": line["y"] + run["x"], "length": run["width"], "snapped": snapped})
                    snapped += run["width"]
                else:
                    text += run["width"]
        layouts.append({"height": result["height"], "lines": [{"start": l["start"], "width": l["width"]} for l in result["lines"]],
                        "units": units})
    return layouts


def combine_page(chosen):
    """The page of `chosen` (mode, job): a div each in the mode, the job's width its height, each combined span a span."""
    style = embedded_font_faces() + """
body { margin: 0; }
div.job { font-size: 17px; line-height: normal; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 10px 0; padding: 0; }
span.tcu { text-combine-upright: all; }
"""
    divs = []
    for i, (mode, job) in enumerate(chosen):
        family = html.escape(font_list([FONT_FILES[job["font"]][0]] + [family for family, _ in FALLBACK_FONTS.values()]))
        inner = "".join(f'<span class="tcu" data-unit data-length="{utf16_length(piece)}">{html.escape(piece, quote=False)}</span>'
                        if combined else html.escape(piece, quote=False) for piece, combined in job["pieces"])
        divs.append(f'<div class="job" data-i="{i}" data-mode="{mode}" style="writing-mode: {mode}; height: {job["width"]}px; '
                    f'font-family: {family}">{inner}</div>')
    return page(style, "\n".join(divs), MEASURE, functions=COLUMNS_SCRIPT)


def near(a, b):
    return abs(a - b) <= LAYOUT_UNIT + 1e-9


def differences(ours, theirs):
    """What differs: "starts", "extent", "units" (a unit's start or length down its column)."""
    found = []
    if [l["start"] for l in ours["lines"]] != [l["start"] for l in theirs["lines"]]:
        found.append("starts")
    if not near(ours["height"], theirs["height"]):
        found.append("extent")
    if len(ours["units"]) != len(theirs["units"]) or not all(same_unit(o, t, "snapped") for o, t in zip(ours["units"], theirs["units"])):
        found.append("units")
    return found


def same_unit(ours, theirs, top="top"):
    """Whether a combined unit starts at the same place down its column (ours exact, or `snapped` as Chromium places it)
    and is as long, within 1/64 px."""
    return near(ours[top], theirs["top"]) and near(ours["length"], theirs["length"])


def main():
    ap = study_parser(__doc__, "the sample's and the tokens' seed (default 1)", LANGS, "the corpus languages (default %(default)s)")
    ap.add_argument("--modes", default=",".join(MODES), help="the writing modes (default %(default)s)")
    ap.add_argument("--json", help="write each job's layouts here (JSON Lines)")
    add_expect_option(ap, os.path.join(HERE, "expected-differences-keys-chromium.txt"))
    args = ap.parse_args()
    langs = listed_choices(ap, "--langs", args.langs, LANGS)
    modes = listed_choices(ap, "--modes", args.modes, MODES)
    jobs = [combined_job(job, args.seed) for job in make_jobs(langs, args.sample, args.seed)]
    chosen = [(mode, job) for mode in modes for job in jobs]
    ours = our_layouts(args.textlayout, chosen)
    theirs, agent = job_layouts(args.chromium, chosen, combine_page, "combine-vs-chromium-")
    print(f"Chromium: {agent}\n{len(chosen)} jobs by the chromium profile ({','.join(langs)}, sample {args.sample}, seed {args.seed}), "
          f"{sum(len(spans_of(job)) for job in jobs)} combined spans a mode\n")
    shown = {}
    details = []
    for mode in modes:
        for lang in langs:
            picked = [(job, o, t) for (m, job), o, t in zip(chosen, ours, theirs) if m == mode and job["id"].startswith(lang + "-")]
            agree = sum(not differences(o, t) for _, o, t in picked)
            units = sum(len(t["units"]) for _, _, t in picked)
            paired = [(a, b) for _, o, t in picked if len(o["units"]) == len(t["units"]) for a, b in zip(o["units"], t["units"])]
            snapped = sum(same_unit(a, b, "snapped") for a, b in paired)
            exact = sum(same_unit(a, b) for a, b in paired)
            one_em = sum(near(b["length"], SIZE) and near(a["length"], SIZE) for a, b in paired)
            print(f"{mode} {lang}: same column starts, block extent and combined units within 1/64 px {percent(agree, len(picked))} "
                  f"({agree} of {len(picked)}); of {units} units {one_em} an em long in both, {snapped} in the same place as Chromium "
                  f"rounds the text before them, {exact} at our exact place")
            for job, o, t in picked:
                found = differences(o, t)
                details.append({"id": job["id"], "mode": mode, "width": job["width"], "differs": found, "ours": o, "chromium": t})
                for kind in found:
                    shown.setdefault(kind, []).append((mode, job, o, t))
    for kind, cases in sorted(shown.items()):
        print(f"\n{kind}: {len(cases)} jobs")
        for mode, job, o, t in cases[:args.examples]:
            print(f"  {job['id']} {mode} {json.dumps(job['text'], ensure_ascii=False)[:200]}")
            print(f"    ours:     starts {[l['start'] for l in o['lines']]} extent {o['height']} units {[(u['top'], u['length']) for u in o['units']]}")
            print(f"    Chromium: starts {[l['start'] for l in t['lines']]} extent {t['height']} units {[(u['top'], u['length']) for u in t['units']]}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            for detail in details:
                f.write(json.dumps(detail, ensure_ascii=False) + "\n")
    if args.expect:
        for mode in modes:
            run = [(job, o, t) for (m, job), o, t in zip(chosen, ours, theirs) if m == mode]
            found = {job["id"]: expected_differences.differing_figures(
                         "starts" not in differences(o, t), len(o["lines"]) == len(t["lines"]), "extent" not in differences(o, t),
                         same_combined_units="units" not in differences(o, t))
                     for job, o, t in run if differences(o, t)}
            expected_differences.hold(args.expect, set_up(mode), [job["id"] for job, _, _ in run], found)


def set_up(mode):
    """The set-up that names a run of `mode` in the list of expected differences: the writing mode and the combining."""
    return f"writingMode={mode},textCombineUpright=all"


if __name__ == "__main__":
    main()
