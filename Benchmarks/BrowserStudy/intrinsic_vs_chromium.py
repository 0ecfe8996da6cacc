"""Compares the batch's `intrinsicWidths` (`"minContent"`, `"maxContent"`) under the chromium profile with headless Chromium's `width: min-content` and `width: max-content` of the corpus texts, and prints their agreement and the differing texts by kind.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/intrinsic_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs en,fr,...] [--chromium PATH] [--examples N] [--json OUT] [--direction auto|ltr] [--check]

Takes the corpus texts (Benchmarks/Corpus/make_jobs.py; each text once, at its first width, since
the intrinsic widths do not depend on it), a seeded sample of them (--sample 0: all), and measures
each with `textlayout batch --fonts-dir Fonts` (`"profile": "chromium"`, `"intrinsicWidths": true`,
size 17, the job's font then the bundled fallback fonts as corpus_vs_chromium.py gives them) and in
headless Chromium as two divs, `width: min-content` and `width: max-content`, each `white-space:
pre-wrap; overflow-wrap: anywhere; font-size: 17px; line-height: normal` and, by --direction auto
(the default), `unicode-bidi: plaintext` (each paragraph's direction by its first strong
character, as the batch's default `"direction": "auto"`); --direction ltr gives the batch
`"direction": "ltr"` and the divs their own default direction. Read by
getBoundingClientRect().width. A width agrees within 1/64 px (Chromium's layout unit). Prints the
shares by language, then the differences by kind (KINDS) with examples; --json writes each text's
four widths; --check exits 1 when any text differs. Python 3 standard library only; needs Chromium.
"""
import collections, html, json, sys

from chromium_pages import (checked_study_arguments, job_layouts, make_jobs, page, percent, print_shares_by_language, run_batch, study_parser,
                            write_details)
from corpus_vs_chromium import FALLBACK_FONTS, FONT_FILES, LANGS, SIZE, font_list, embedded_font_faces

# Chromium's layout unit: the tolerance of a width.
LAYOUT_UNIT = 1 / 64
# The kinds a difference is printed by, to start looking: every corpus text agrees (docs/profiles.md),
# so --check accepts none.
KINDS = {
    "fallback": "the text has a cluster our layout draws in a fallback font: the engines measure that font's glyph otherwise, "
                "chose another font for it, or split its items otherwise",
    "tab": "the text has a tab: the engines put its stop elsewhere (the engine's stops are Pango's, a space past the pen)",
    "other": "none of the kinds above",
}

MEASURE = """{layouts: [...document.querySelectorAll("div.min")].map(d => ({i: +d.dataset.i,
  minContent: d.getBoundingClientRect().width,
  maxContent: document.getElementById("max" + d.dataset.i).getBoundingClientRect().width}))}"""


def texts_of(jobs):
    """The corpus jobs, each text once (its first job), in corpus order."""
    seen, unique = set(), []
    for job in jobs:
        if (job["text"], job["font"]) not in seen:
            seen.add((job["text"], job["font"]))
            unique.append(job)
    return unique


def our_widths(binary, jobs, direction):
    """Our {"minContent", "maxContent", "fonts"} of each job under the chromium profile in the paragraph direction `direction`
    ("fonts": the files its runs use)."""
    results = run_batch(binary, [{"id": i, "text": job["text"], "font": font_list([job["font"], *FALLBACK_FONTS]), "size": SIZE,
                                  "width": job["width"], "profile": "chromium", "intrinsicWidths": True, "glyphs": True,
                                  "direction": direction}
                                 for i, job in enumerate(jobs)])
    return [{"minContent": r["minContent"], "maxContent": r["maxContent"],
             "fonts": sorted({run["font"].rstrip(")").split("/")[-1] for line in r["lines"] for run in line["runs"]})} for r in results]


def intrinsic_page(jobs, direction):
    """The page of `jobs`: two divs each, one min-content and one max-content wide, measured by MEASURE, whose paragraphs take
    their direction as the batch's `direction` (auto: CSS's unicode-bidi: plaintext; ltr: the div's default)."""
    style = embedded_font_faces() + """
body { margin: 0; }
div.job { font-size: 17px; line-height: normal; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 10px 0; padding: 0; }
div.min { width: min-content; }
div.max { width: max-content; }
""" + ("div.job { unicode-bidi: plaintext; }\n" if direction == "auto" else "")
    divs = []
    for i, job in enumerate(jobs):
        family = html.escape(font_list([FONT_FILES[job["font"]][0]] + [family for family, _ in FALLBACK_FONTS.values()]))
        text = html.escape(job["text"], quote=False)
        divs.append(f'<div class="job min" data-i="{i}" style="font-family: {family}">{text}</div>')
        divs.append(f'<div class="job max" id="max{i}" style="font-family: {family}">{text}</div>')
    return page(style, "\n".join(divs), MEASURE)


def agrees(ours, theirs, what):
    return abs(ours[what] - theirs[what]) <= LAYOUT_UNIT + 1e-9


def classify(job, ours, theirs):
    """The kind of a text whose widths differ (KINDS)."""
    if any(f != FONT_FILES[job["font"]][1] for f in ours["fonts"]):
        return "fallback"
    if "\t" in job["text"]:
        return "tab"
    return "other"


def main():
    ap = study_parser(__doc__, "the seed of the sample (default 1)", LANGS, "corpus languages (default %(default)s)")
    ap.set_defaults(sample=0)
    ap.add_argument("--json", help="write each text's widths here (JSON Lines)")
    ap.add_argument("--direction", choices=("auto", "ltr"), default="auto",
                    help="the paragraphs' direction: auto (the batch's default; the divs' unicode-bidi: plaintext) or ltr (the "
                    "divs' own default; the batch's \"direction\": \"ltr\"); default %(default)s")
    ap.add_argument("--check", action="store_true", help="exit 1 when any text differs")
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, LANGS, "is not in the corpus")

    jobs = texts_of(make_jobs(langs, 0, args.seed))
    if 0 < args.sample < len(jobs):
        import random
        chosen = sorted(random.Random(args.seed).sample(range(len(jobs)), args.sample))
        jobs = [jobs[i] for i in chosen]
    ours = our_widths(binary, jobs, args.direction)
    theirs, user_agent = job_layouts(args.chromium, jobs, lambda part: intrinsic_page(part, args.direction), "intrinsic-vs-chromium-")
    print(user_agent)
    print(f"{len(jobs)} texts ({','.join(langs)}, sample {args.sample or 'all'}, seed {args.seed}), profile chromium, "
          f"direction {args.direction}")
    agree = {what: [agrees(o, t, what) for o, t in zip(ours, theirs)] for what in ("minContent", "maxContent")}
    both = [a and b for a, b in zip(agree["minContent"], agree["maxContent"])]
    for what in ("minContent", "maxContent"):
        print(f"  {what} within 1/64 px: {percent(sum(agree[what]), len(jobs))} ({sum(agree[what])} of {len(jobs)})")
    print(f"  both: {percent(sum(both), len(jobs))} ({sum(both)} of {len(jobs)})")
    print_shares_by_language(jobs, lambda i: both[i], "\nboth within 1/64 px by language:", "texts")

    differences = collections.defaultdict(list)
    for i, job in enumerate(jobs):
        if not both[i]:
            differences[classify(job, ours[i], theirs[i])].append(i)
    print(f"\n{sum(len(m) for m in differences.values())} texts differ, by kind:")
    for kind, meaning in KINDS.items():
        if differences.get(kind):
            print(f"\n{kind}: {len(differences[kind])} - {meaning}")
            for i in differences[kind][:args.examples]:
                o, t = ours[i], theirs[i]
                print(f"  {jobs[i]['id']} min {o['minContent']:.4f} / {t['minContent']:.4f}  max {o['maxContent']:.4f} / {t['maxContent']:.4f}"
                      f"  (ours / Chromium) {jobs[i]['text'][:60]!r}")
            print("  ids: " + " ".join(jobs[i]["id"] for i in differences[kind]))
    write_details(args.json, [{"id": job["id"], "text": job["text"], "ours": {k: ours[i][k] for k in ("minContent", "maxContent")},
                               "chromium": {k: theirs[i][k] for k in ("minContent", "maxContent")}} for i, job in enumerate(jobs)])
    if args.check:
        if not all(both):
            sys.exit(f"{len(jobs) - sum(both)} text(s) differ from Chromium's widths (above)")
        print("\nevery text agrees")


if __name__ == "__main__":
    main()
