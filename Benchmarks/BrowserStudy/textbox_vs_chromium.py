"""Compares the batch's `textBox` under the chromium profile with headless Chromium's CSS `text-box` over the corpus jobs: each div's height and each line's position, within 1/64 px, and prints the agreement by value and the differing jobs by kind.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/textbox_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs en,fr,...] [--chromium PATH] [--examples N] [--values V1,V2,...] [--json OUT] [--check]

Takes the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text at 120, 240 and 360 px, size 17,
each language's font; --sample 0: all, the default) and lays each out with `textlayout batch
--fonts-dir Fonts` (`"profile": "chromium"`, the job's font then the bundled fallback fonts as
corpus_vs_chromium.py gives them) once without a text box and once with each of VALUES as
`"textBox"`; and in headless Chromium as as many divs (`white-space: pre-wrap; overflow-wrap:
anywhere; unicode-bidi: plaintext; font-size: 17px; line-height: normal`, the job's width,
`text-box: V`). Read from the
browser: each div's height (getBoundingClientRect) and the top of each line's first cluster
(Range.getClientRects), as chromium_pages.LINES_SCRIPT finds lines.

A job agrees on a value when both hold within 1/64 px (Chromium's layout unit):
- height: the trimmed div's height is ours (the content height), and
- lines: every line moved as ours moved: the top of each line's first cluster in the trimmed div,
  less its top in the untrimmed one, is our line's baseline with the text box less without it
  (the same cluster in the same font: the difference is where the line was put, whatever the
  engines' fonts make of the cluster's box).
A job whose untrimmed layouts already differ (line starts or height, corpus_vs_chromium.py's
differences) is counted apart ("untrimmed-differs") and judged by the trim alone: the height the
value took off, and the lines' moves. Prints the shares by value and language, the differences by
kind (KINDS) with examples; --json writes each job's figures; --check exits 1 when a value's
agreement is below FLOORS or a difference is of no named kind. Python 3 standard library only;
needs Chromium.
"""
import collections, html, json, sys

from chromium_pages import (checked_study_arguments, in_pages, make_jobs, page, percent, print_shares_by_language, run_batch, run_pages, study_parser,
                            write_details)
from corpus_vs_chromium import FALLBACK_FONTS, FONT_FILES, LANGS, SIZE, font_list, embedded_font_faces

# Chromium's layout unit: the tolerance of a height and of a line's move.
LAYOUT_UNIT = 1 / 64
# The values laid out: both sides to cap height and baseline (the issue's), to x-height, the first
# line alone to the ascent (`auto`), the last alone to the baseline, and an ideographic edge, which
# Chromium 156 does not parse (the declaration is dropped; the chromium profile trims nothing).
VALUES = ["trim-both cap alphabetic", "trim-both ex alphabetic", "trim-start", "trim-end text alphabetic", "trim-both ideographic"]
# The jobs of a page. Each job's divs stand in a column of their own, the columns side by side, so
# that no div lies far down the page: the browser's rectangles are single-precision floats, which
# at 300,000 px from the top (a page of the corpus's 800 jobs in one column) are 1/32 px apart.
JOBS_PER_PAGE = 200
# The least share of jobs agreeing on height and lines, for each value, that --check accepts (issue 43's bar).
FLOORS = {"agree": 0.999}

KINDS = {
    "untrimmed-differs": "the untrimmed layouts already differ (line starts or height: corpus_vs_chromium.py's differences); "
                         "judged by the trim alone, which agrees",
    "other": "none of the kinds above",
}

# Each div: its height and, for each line (a cluster whose rectangle's middle lies below the bottom
# of the first rectangle of the line before), the top of its first cluster's rectangle, from the div's top.
FUNCTIONS = r"""
function boxOf(div) {
  const box = div.getBoundingClientRect();
  const tops = [];
  let bottom = -Infinity;
  for (const item of itemsOf(div)) {
    const rect = item.rect;
    if (!rect) continue;
    if ((rect.top + rect.bottom) / 2 > bottom) {
      tops.push(rect.top - box.top);
      bottom = rect.bottom;
    }
  }
  return {height: box.height, tops};
}
"""
MEASURE = """{layouts: [...document.querySelectorAll("div.plain")].map(d => ({i: +d.dataset.i, plain: boxOf(d),
  trimmed: [...document.querySelectorAll("div.trim" + d.dataset.i)].map(boxOf), lines: linesOf(d).map(l => l.start)}))}"""


def our_boxes(binary, jobs, values):
    """Our layout of each job under the chromium profile without a text box and with each of `values`:
    {"plain": {"height", "baselines", "starts"}, "trimmed": [{"height", "baselines"}, ...]}."""
    base = lambda i, job: {"id": i, "text": job["text"], "font": font_list([job["font"], *FALLBACK_FONTS]), "size": SIZE,
                           "width": job["width"], "profile": "chromium"}
    requests = []
    for i, job in enumerate(jobs):
        requests.append(base(i, job))
        requests.extend(dict(base(i, job), textBox=value) for value in values)
    results = run_batch(binary, requests)
    box = lambda r: {"height": r["height"], "baselines": [l["baseline"] for l in r["lines"]], "starts": [l["start"] for l in r["lines"]]}
    step = 1 + len(values)
    return [{"plain": box(results[step * i]), "trimmed": [box(r) for r in results[step * i + 1:step * (i + 1)]]} for i in range(len(jobs))]


def textbox_page(jobs, values):
    """The page of `jobs`: one div each without a text box (class plain) and one with each of `values` (class trimI)."""
    style = embedded_font_faces() + """
body { margin: 0; display: flex; align-items: flex-start; }
div.column { flex: none; width: 380px; }
div.job { font-size: 17px; line-height: normal; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; margin: 0 0 10px 0; padding: 0; }
"""
    divs = []
    for i, job in enumerate(jobs):
        family = html.escape(font_list([FONT_FILES[job["font"]][0]] + [family for family, _ in FALLBACK_FONTS.values()]))
        text = html.escape(job["text"], quote=False)
        divs.append(f'<div class="column"><div class="job plain" data-i="{i}" style="width: {job["width"]}px; font-family: {family}">{text}</div>')
        divs.extend(f'<div class="job trim{i}" style="width: {job["width"]}px; font-family: {family}; text-box: {value}">{text}</div>'
                    for value in values)
        divs.append('</div>')
    return page(style, "\n".join(divs), MEASURE, FUNCTIONS)


def near(a, b):
    return abs(a - b) <= LAYOUT_UNIT + 1e-9


def judged(ours, theirs, k):
    """(agrees, untrimmed_differs) of value `k` of a job: the trimmed height and every line's move within
    1/64 px; when the untrimmed layouts differ, the height the value took off and the moves of the lines both have."""
    o_plain, o_trim = ours["plain"], ours["trimmed"][k]
    t_plain, t_trim = theirs["plain"], theirs["trimmed"][k]
    same_untrimmed = o_plain["starts"] == theirs["lines"] and near(o_plain["height"], t_plain["height"])
    o_moves = [b - a for a, b in zip(o_plain["baselines"], o_trim["baselines"])]
    t_moves = [b - a for a, b in zip(t_plain["tops"], t_trim["tops"])]
    moves_agree = len(t_plain["tops"]) == len(t_trim["tops"]) and all(near(a, b) for a, b in zip(o_moves, t_moves))
    if same_untrimmed:
        return near(o_trim["height"], t_trim["height"]) and moves_agree and len(o_moves) == len(t_moves), False
    trimmed_off = near(o_plain["height"] - o_trim["height"], t_plain["height"] - t_trim["height"])
    return trimmed_off and moves_agree, True


def main():
    ap = study_parser(__doc__, "the seed of the sample (default 1)", LANGS, "corpus languages (default %(default)s)")
    ap.set_defaults(sample=0)
    ap.add_argument("--values", default=",".join(VALUES), help="the text-box values, comma-separated (default %(default)s)")
    ap.add_argument("--json", help="write each job's figures here (JSON Lines)")
    ap.add_argument("--check", action="store_true", help=f"exit 1 when a value's agreement is below {100 * FLOORS['agree']:g}%% "
                    "or a difference is of no named kind")
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, LANGS, "is not in the corpus")
    values = [v.strip() for v in args.values.split(",") if v.strip()]

    jobs = make_jobs(langs, args.sample, args.seed)
    ours = our_boxes(binary, jobs, values)
    pages = in_pages(jobs, JOBS_PER_PAGE)
    results = run_pages(args.chromium, [textbox_page(part, values) for _, part in pages], "textbox-vs-chromium-")
    theirs = [None] * len(jobs)
    for (first, _), result in zip(pages, results):
        for layout in result["layouts"]:
            theirs[first + layout["i"]] = layout
    print(results[-1]["userAgent"])
    print(f"{len(jobs)} jobs ({','.join(langs)}, sample {args.sample or 'all'}, seed {args.seed}), profile chromium")
    verdicts = [[judged(o, t, k) for k in range(len(values))] for o, t in zip(ours, theirs)]
    below = []
    for k, value in enumerate(values):
        agree = sum(v[k][0] for v in verdicts)
        apart = sum(v[k][1] for v in verdicts)
        print(f"  text-box: {value:28} height and lines within 1/64 px: {percent(agree, len(jobs))} ({agree} of {len(jobs)}), "
              f"{apart} judged by the trim alone, their untrimmed layouts differing")
        if agree < FLOORS["agree"] * len(jobs):
            below.append(f"{value} {percent(agree, len(jobs))} < {100 * FLOORS['agree']:g}%")
    print_shares_by_language(jobs, lambda i: all(v[0] for v in verdicts[i]), "\nall values agreeing, by language:")

    differences = collections.defaultdict(list)
    for i, job in enumerate(jobs):
        for k, value in enumerate(values):
            if not verdicts[i][k][0]:
                differences["other"].append((i, k))
    apart = sorted({jobs[i]["id"] for i, v in enumerate(verdicts) if any(a for _, a in v)})
    print(f"\n{len(apart)} jobs whose untrimmed layouts differ, judged by the trim alone ({KINDS['untrimmed-differs']}):")
    print("  ids: " + " ".join(apart))
    print(f"\n{len(differences['other'])} job values differ")
    for i, k in differences["other"][:args.examples * 5]:
        o, t = ours[i], theirs[i]
        print(f"  {jobs[i]['id']} '{values[k]}': height {o['trimmed'][k]['height']:.4f} / {t['trimmed'][k]['height']:.4f} "
              f"(untrimmed {o['plain']['height']:.4f} / {t['plain']['height']:.4f}), moves "
              f"{[round(b - a, 4) for a, b in zip(o['plain']['baselines'], o['trimmed'][k]['baselines'])][:4]} / "
              f"{[round(b - a, 4) for a, b in zip(t['plain']['tops'], t['trimmed'][k]['tops'])][:4]} (ours / Chromium) {jobs[i]['text'][:40]!r}")
    if differences["other"]:
        print("  ids: " + " ".join(sorted({f"{jobs[i]['id']}:{values[k]}" for i, k in differences["other"]})))
    write_details(args.json, [{"id": job["id"], "values": values, "ours": ours[i], "chromium": theirs[i]} for i, job in enumerate(jobs)])
    if args.check:
        if differences["other"]:
            below.append(f"{len(differences['other'])} difference(s) of no named kind")
        if below:
            sys.exit("below the floors: " + "; ".join(below))
        print("\nall figures at or above their floors")


if __name__ == "__main__":
    main()
