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

A column's start is read as a line's is (chromium_pages.LINES_SCRIPT), the axes swapped
(COLUMNS_SCRIPT): a column starts at a cluster whose rectangle's middle lies beyond the first
rectangle of the column before, across the block (to its left under vertical-rl, to its right under
vertical-lr); its length reaches from the div's top to the bottom of its lowest cluster that does
not hang. The block's extent is the div's width, our result's `height`. A column's left edge
across the block is its first cluster's rectangle's left edge, from the div's left (our line's
`x`); its central baseline is read from the rectangles of its upright characters (kana, ideographs
and Hangul syllables, every one under `upright`, none under `sideways`): a rectangle is the box of
its font (ascent and descent, 25 px in Noto Sans CJK at 17 px) centred on the central baseline, so
its middle across is the baseline (our line's `baseline`).

Compared for each job: the column starts (UTF-16 offsets) and the block's extent within 1/64 px
(Chromium's layout unit); where the starts agree, each column's left edge (`column-x`) and the
middle of each of its upright characters' rectangles against our central baseline (`central`),
within 1/64 px: Chromium places boxes in whole layout units, and a box's middle is then exact to
1/128 px, so a difference of more is ours. Prints each set's share of jobs with both the same, in all and by
language, then the differences by kind (corpus_vs_chromium.KINDS, the line read as a column) with
examples; --json writes each job's columns from both engines; --check exits 1 when a set's share is
below its floor (FLOORS, or --starts-floor); --expect holds each job to the list of expected
differences (expected-differences-keys-chromium.txt, set-up writingMode=MODE,textOrientation=ORIENTATION).
Python 3 standard library only; needs Chromium (Debian's /usr/bin/chromium).
"""
import html, os, random

from chromium_pages import (HERE, Tally, add_check_options, add_expect_option, checked_study_arguments, job_layouts, listed_choices,
                            make_jobs, page, run_batch, study_parser)
import expected_differences  # chromium_pages puts scripts/ on the path
from corpus_vs_chromium import FALLBACK_FONTS, FONT_FILES, KINDS, ROOT, SIZE, classify, embedded_font_faces, font_list, lines_of_result, show

LANGS = ["zh", "ja", "ko"]
# Each set: its writing mode and text orientation. The first is laid out on the --sample, the others on --set-sample.
SETS = {"vertical-rl": ("vertical-rl", "mixed"), "vertical-lr": ("vertical-lr", "mixed"),
        "upright": ("vertical-rl", "upright"), "sideways": ("vertical-rl", "sideways")}
# The least share of each set's jobs with the same column starts that --check accepts.
FLOORS = {"starts": 0.995}
# The kinds of differences: the corpus study's, the lines read as columns, and one of columns alone.
COLUMN_KINDS = {**KINDS, "placed": "the same column starts and block extent, but a column's left edge or central baseline more than "
                                   "1/64 px from Chromium's"}
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
  for (const item of itemsOf(div)) {
    const rect = item.rect;
    if (!rect) continue;
    const middle = (rect.left + rect.right) / 2;
    if (rightToLeft ? middle < edge : middle > edge) {
      columns.push({start: item.offset, width: 0, x: rect.left - box.left, centers: []});
      edge = rightToLeft ? rect.left : rect.right;
    }
    const column = columns[columns.length - 1];
    if (!HANGING.test(item.segment)) column.width = Math.max(column.width, rect.bottom - box.top);
    if (item.segment && upright.test(item.segment)) column.centers.push(middle - box.left);
  }
  return columns;
}
"""
# The characters whose rectangles give a column's central baseline, by orientation: those upright in it.
UPRIGHT_CHARACTERS = {"mixed": r"/^[\u3041-\u30ff\u3400-\u9fff\uac00-\ud7a3]$/u", "upright": r"/^\S/u", "sideways": r"/(?!)/"}
MEASURE = """{layouts: [...document.querySelectorAll("div.job")].map(d => ({i: +d.dataset.i,
  lines: columnsOf(d, d.dataset.mode === "vertical-rl", UPRIGHT[d.dataset.orientation]), height: d.getBoundingClientRect().width}))}"""


def chosen_jobs(sets, langs, sample, set_sample, seed):
    """(set, job) for each set of `sets`: the first on a sample of `sample` corpus jobs, the others on `set_sample` each."""
    everything = make_jobs(langs, 0, seed)
    chosen = []
    for n, name in enumerate(sets):
        size = sample if name == "vertical-rl" else set_sample
        picked = (everything if size == 0 or size >= len(everything)
                  else [everything[i] for i in sorted(random.Random(f"{seed}-vertical-{name}").sample(range(len(everything)), size))])
        chosen += [(name, job) for job in picked]
    return chosen


def our_layouts(binary, chosen):
    """Our layout of each (set, job) by the chromium profile in the set's writing mode and orientation: {"height", "lines"}."""
    jobs = [{"id": i, "text": job["text"], "font": font_list([job["font"], *FALLBACK_FONTS]), "size": SIZE, "width": job["width"],
             "glyphs": True, "profile": "chromium", "writingMode": SETS[name][0], "textOrientation": SETS[name][1]}
            for i, (name, job) in enumerate(chosen)]
    results = run_batch(binary, jobs, fonts_dir=os.path.join(ROOT, "Fonts"))
    layouts = [lines_of_result(r) for r in results]
    for layout, result in zip(layouts, results):
        for line, column in zip(layout["lines"], result["lines"]):
            line.update(x=column["x"], center=column["baseline"])
    return layouts


def vertical_page(chosen):
    """The page of `chosen` (set, job): a div each in the set's writing mode and orientation, the job's width its height."""
    style = embedded_font_faces() + """
body { margin: 0; }
div.job { font-size: 17px; line-height: normal; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 10px 0; padding: 0; }
"""
    divs = []
    for i, (name, job) in enumerate(chosen):
        mode, orientation = SETS[name]
        family = html.escape(font_list([FONT_FILES[job["font"]][0]] + [family for family, _ in FALLBACK_FONTS.values()]))
        divs.append(f'<div class="job" data-i="{i}" data-mode="{mode}" data-orientation="{orientation}" style="writing-mode: {mode}; text-orientation: {orientation}; '
                    f'height: {job["width"]}px; font-family: {family}">{html.escape(job["text"], quote=False)}</div>')
    upright = "const UPRIGHT = {" + ", ".join(f'"{k}": {v}' for k, v in UPRIGHT_CHARACTERS.items()) + "};\n"
    return page(style, "\n".join(divs), MEASURE, functions=COLUMNS_SCRIPT + upright)


def starts(layout):
    return [l["start"] for l in layout["lines"]]


def same_extent(ours, theirs):
    return abs(ours["height"] - theirs["height"]) <= LAYOUT_UNIT + 1e-9


def column_offsets(ours, theirs):
    """Where the column starts agree: the largest distance between a column's left edges, and between a middle of one of its
    upright characters' rectangles and our central baseline (0 with none); None where the starts differ."""
    if starts(ours) != starts(theirs):
        return None
    pairs = list(zip(ours["lines"], theirs["lines"]))
    return (max((abs(o["x"] - t["x"]) for o, t in pairs), default=0),
            max((abs(o["center"] - c) for o, t in pairs for c in t["centers"]), default=0))


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
    placed = {name: [0, 0, 0] for name in sets}  # jobs with the same starts, of them the same left edges, the same central baselines
    for (name, job), o, t in zip(chosen, ours, theirs):
        offsets = column_offsets(o, t)
        same_x, same_central = (True, True) if offsets is None else (offsets[0] <= LAYOUT_UNIT + 1e-9, offsets[1] <= LAYOUT_UNIT + 1e-9)
        if offsets is not None:
            placed[name] = [placed[name][0] + 1, placed[name][1] + same_x, placed[name][2] + same_central]
        figures = expected_differences.differing_figures(starts(o) == starts(t), len(o["lines"]) == len(t["lines"]), same_extent(o, t),
                                                         same_column_x=same_x, same_central=same_central)
        kind = None if not figures else "placed" if figures <= {"column-x", "central"} else classify(job, o, t)
        tally.add(name, job, o, t, kind, figures, part=job["id"].split("-")[0], set=name)
    below = []
    for name in sets:
        tally.summary(name, f"{name} ({' '.join(SETS[name])})", args, below,
                      what="same column starts, block extent, column left edges and central baselines within 1/64 px",
                      parts=[lang for lang in langs if tally.counts[name][lang + " jobs"]])
        same, x, central = placed[name]
        print(f"  of the {same} with the same column starts: left edges within 1/64 px {x} ({100 * x / max(same, 1):.2f}%), "
              f"central baselines within 1/64 px {central} ({100 * central / max(same, 1):.2f}%)")
    tally.finish(args, below, lambda name: name, lambda name: f"writingMode={SETS[name][0]},textOrientation={SETS[name][1]}", show, COLUMN_KINDS)


if __name__ == "__main__":
    main()
