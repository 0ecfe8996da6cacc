"""Holds whiteSpace against headless Chromium by the chromium profile: every value on a seeded sample of the corpus, each text as it is and in a variant with runs of spaces, tabs, newlines and spaces at its ends; line starts and block heights.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/whitespace_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs en,fr,...] [--values normal,nowrap,...] [--chromium PATH] [--examples N]
      [--json OUT] [--check [--starts-floor SHARE] | --expect [LIST]]

Makes the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text of the 14 languages at 120, 240
and 360 px, size 17, each language's font) and, for each white-space value (VALUES), a sample of
--sample of them (all when 0) drawn by --seed and the value; each sampled job is laid out twice:
its text as it is, and a variant (`variant`, drawn from the job's id and the seed) in which
spaces are doubled, become tabs or newlines or a newline between spaces, spaces and tabs start or
end the text, and a newline is put between two characters of a text without spaces (a CJK or Thai
one), so that collapsing has work to do. Each is laid out with our `textlayout batch --fonts-dir
Fonts` by the chromium profile with `"whiteSpace"` set, and in headless Chromium as
corpus_vs_chromium.py lays it out (`overflow-wrap: anywhere; unicode-bidi: plaintext; line-height: normal`, the job's font
embedded, the bundled fallback fonts after it) with `white-space` set to the value.

Compared for each job: the line starts (UTF-16 offsets) and, where they agree, the block's height
within 1/64 px a line. Under a collapsing value (normal, nowrap, pre-line) both engines' starts are
read past the collapsible characters a line starts with (spaces, tabs, and newlines under normal and
nowrap): Chromium gives a collapsed character a rectangle or none depending on the line, while our
line starts where the text after the last line's end does. Prints each value's share, then the
differences by kind (corpus_vs_chromium.KINDS) with examples; --json writes each job's lines;
--check exits 1 when a value's share is below its floor (FLOORS, or --starts-floor); --expect holds
each job to the list of expected differences (expected-differences-keys-chromium.txt, set-up
KEY=VALUE). Python 3 standard library only; needs Chromium (Debian's /usr/bin/chromium).
"""
import html, os, random

from chromium_pages import (Tally, listed_choices, add_check_options, add_expect_option, checked_study_arguments, job_layouts, make_jobs, page,
                            run_batch, study_parser)
from corpus_vs_chromium import FALLBACK_FONTS, FONT_FILES, KINDS, LANGS, SIZE, ROOT, classify, font_list, same_height, figures_that_differ, show, embedded_font_faces, lines_of_result

VALUES = ["normal", "nowrap", "pre", "pre-wrap", "pre-line", "break-spaces"]
# The characters a line's start is read past under each collapsing value (see the docstring).
SKIPPED_AT_LINE_START = {"normal": " \t\n", "nowrap": " \t\n", "pre-line": " \t"}
# The least share of each value's jobs with the same starts and heights that --check accepts.
FLOORS = {"starts": 0.999}
# The jobs of the CSS keys' studies expected to differ, set-up KEY=VALUE (--expect).
EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected-differences-keys-chromium.txt")

MEASURE = """{layouts: [...document.querySelectorAll("div.job")].map(d => ({i: +d.dataset.i, lines: linesOf(d),
  height: d.getBoundingClientRect().height}))}"""


def variant(text, key):
    """`text` with white space to collapse, drawn by `key` (a string): each space doubled, made a tab, a newline or a
    newline between spaces, or kept; maybe spaces and tabs before and after the text; in a text without spaces a
    newline or a space now and then between two characters. Never a newline at the end: a text that ends in one has
    the caret's empty last line in our line model (docs/line-model.md), where a browser's block has none."""
    rng = random.Random(key)
    pieces = []
    has_spaces = " " in text
    for k, ch in enumerate(text):
        if ch == " ":
            roll = rng.random()
            pieces.append("  " if roll < 0.15 else "\t" if roll < 0.2 else "\n" if roll < 0.27 else " \n  " if roll < 0.3
                          else " \t " if roll < 0.32 else " ")
        else:
            pieces.append(ch)
            if not has_spaces and ch != "\n" and k + 1 < len(text) and rng.random() < 0.04:
                pieces.append(rng.choice(["\n", " ", "  ", "\n "]))
    body = "".join(pieces)
    if rng.random() < 0.5:
        body = rng.choice([" ", "  ", "\t", " \n "]) + body
    if rng.random() < 0.5:
        body = body + rng.choice([" ", "   ", "\t ", " \t"])
    return body


def chosen_jobs(values, langs, sample, seed):
    """For each value, a sample of `sample` corpus jobs of `langs` drawn by `seed`, each as it is and as its variant: (value, job)."""
    everything = make_jobs(langs, 0, seed)
    chosen = []
    for value in values:
        picked = (everything if sample == 0 or sample >= len(everything)
                  else [everything[i] for i in sorted(random.Random(f"{seed}-whiteSpace-{value}").sample(range(len(everything)), sample))])
        for job in picked:
            chosen.append((value, job))
            varied = dict(job, id=job["id"] + "-variant", text=variant(job["text"], f"{seed}-{job['id']}"))
            chosen.append((value, varied))
    return chosen


def our_layouts(binary, chosen):
    """Our layout of each job by the chromium profile with its whiteSpace: {"height", "lines": [{"start", "width", "fonts"}]}."""
    jobs = [{"id": i, "text": job["text"], "font": font_list([job["font"], *FALLBACK_FONTS]), "size": SIZE, "width": job["width"],
             "glyphs": True, "profile": "chromium", "whiteSpace": value} for i, (value, job) in enumerate(chosen)]
    results = run_batch(binary, jobs, fonts_dir=os.path.join(ROOT, "Fonts"))
    return [lines_of_result(r) for r in results]


def whitespace_page(chosen):
    """The page of `chosen` (value, job): a div each, its white-space the value."""
    style = embedded_font_faces()
    style += """
body { margin: 0; }
div.job { font-size: 17px; line-height: normal; overflow-wrap: anywhere; unicode-bidi: plaintext; margin: 0 0 10px 0; padding: 0; }
"""
    divs = []
    for i, (value, job) in enumerate(chosen):
        family = html.escape(font_list([FONT_FILES[job["font"]][0]] + [family for family, _ in FALLBACK_FONTS.values()]))
        text = html.escape(job["text"], quote=False)
        divs.append(f'<div class="job" data-i="{i}" style="width: {job["width"]}px; font-family: {family}; white-space: {value}">{text}</div>')
    return page(style, "\n".join(divs), MEASURE)


def read_starts(text, layout, value):
    """The layout's line starts, each read past the characters SKIPPED_AT_LINE_START of `value` (as UTF-16 offsets)."""
    skipped = SKIPPED_AT_LINE_START.get(value, "")
    units = text.encode("utf-16-le")
    count = len(units) // 2
    starts = []
    for line in layout["lines"]:
        s = line["start"]
        while s < count and units[2 * s:2 * s + 2].decode("utf-16-le", errors="replace") in skipped and skipped:
            s += 1
        starts.append(s)
    return starts


def main():
    ap = study_parser(__doc__, "the samples' and variants' seed (default 1)", LANGS, "the corpus languages (default all)")
    ap.add_argument("--values", default=",".join(VALUES), help="the white-space values held (default %(default)s)")
    add_check_options(ap, FLOORS, "for any value")
    add_expect_option(ap, EXPECTED)
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, LANGS, "is not a corpus language")
    values = listed_choices(ap, "--values", args.values, VALUES)
    chosen = chosen_jobs(values, langs, args.sample, args.seed)
    ours = our_layouts(binary, chosen)
    theirs, agent = job_layouts(args.chromium, chosen, whitespace_page, "whitespace-vs-chromium-")
    print(f"Chromium: {agent}\n{len(chosen)} jobs by the chromium profile, {args.sample or 'all'} corpus jobs a value, each as it is and varied\n")
    tally = Tally()
    for (value, job), o, t in zip(chosen, ours, theirs):
        o = dict(o, lines=[dict(l, start=s) for l, s in zip(o["lines"], read_starts(job["text"], o, value))])
        t = dict(t, lines=[dict(l, start=s) for l, s in zip(t["lines"], read_starts(job["text"], t, value))])
        figures = figures_that_differ(o, t)
        tally.add(value, job, o, t, classify(job, o, t) if figures else None, figures,
                  part="varied" if job["id"].endswith("-variant") else "as is", value=value)
    below = []
    for value in values:
        tally.summary(value, f"whiteSpace {value}", args, below, parts=("as is", "varied"))
    tally.finish(args, below, lambda value: f"whiteSpace {value}", lambda value: f"whiteSpace={value}", show, KINDS)


if __name__ == "__main__":
    main()
