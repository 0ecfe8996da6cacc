"""Holds textTransform (CSS text-transform) against headless Chromium on the corpus, every value on a seeded sample, by the chromium profile: line starts in the text's own offsets, and block heights.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/texttransform_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs en,fr,...] [--values uppercase,lowercase,capitalize,full-width,full-size-kana] [--chromium PATH]
      [--examples N] [--json OUT] [--check [--starts-floor SHARE] | --expect [LIST]]

Makes the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text of the 14 languages at 120, 240
and 360 px, size 17, each language's font) and, for each value of VALUES, a sample of --sample of
them (all when 0) drawn by --seed and the value. Each job is given its text's language (`"language"`
and the div's `lang`: the case mappings follow it, Greek upper case dropping accents), except the
emoji jobs. Each is laid out with our `textlayout batch --fonts-dir Fonts` by the chromium profile,
`"textTransform"` the value, and in headless Chromium as wrap_vs_chromium.py lays it out
(`white-space: pre-wrap; overflow-wrap: anywhere; line-height: normal`, the job's font embedded,
the bundled fallback fonts after it) with `text-transform` of the value. Chromium 156 does not
parse `full-width` and `full-size-kana` (the computed value stays `none`): for those the page holds
the text transformed here instead (WIDE_FORMS from Python's unicodedata `<wide>` and `<narrow>`
decompositions, SMALL_KANA from CSS Text 3's table), its line starts taken back to the text's
offsets (both transforms map one character to one).

The line starts are read in the text's offsets in both: ours are the text's by design; Chromium's
range rectangles take DOM offsets, the text as written (a `ß` shown `SS` one cluster). Compared for
each job: the line starts (UTF-16 offsets) and, where they agree, the block's height within 1/64 px
a line. Prints the share of each value, then the differences by kind (corpus_vs_chromium.KINDS) with
examples; --json writes each job's lines; --check exits 1 when a value's share is below its floor
(FLOORS, or --starts-floor); --expect holds each job to the list of expected differences
(expected-differences-keys-chromium.txt, set-up KEY=VALUE). Python 3 standard library only; needs
Chromium (Debian's /usr/bin/chromium).
"""
import html, os, random, unicodedata

from chromium_pages import (Tally, listed_choices, add_check_options, add_expect_option, checked_study_arguments, job_layouts, make_jobs, page,
                            run_batch, study_parser)
from corpus_vs_chromium import FALLBACK_FONTS, FONT_FILES, KINDS, LANGS, ROOT, SIZE, classify, font_list, same_height, figures_that_differ, show, starts, embedded_font_faces, lines_of_result

VALUES = ["uppercase", "lowercase", "capitalize", "full-width", "full-size-kana"]
# The values Chromium 156 does not parse: the page holds the transformed text instead.
TRANSFORMED_HERE = {"full-width", "full-size-kana"}
# The least share of each value's jobs with the same starts and heights that --check accepts.
FLOORS = {"starts": 0.999}
# The jobs of the CSS keys' studies expected to differ, set-up KEY=VALUE (--expect).
EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected-differences-keys-chromium.txt")

MEASURE = """{layouts: [...document.querySelectorAll("div.job")].map(d => ({i: +d.dataset.i, lines: linesOf(d),
  height: d.getBoundingClientRect().height}))}"""


def wide_forms():
    """The full-width form of each character that has one: ASCII's printable characters and the space, the characters a
    `<wide>` form decomposes to, and the `<narrow>` forms' targets (the half-width voiced marks to the spacing ones)."""
    forms = {0x20: 0x3000}
    forms.update({c: c + 0xFEE0 for c in range(0x21, 0x7F)})
    for c in range(0xFF01, 0xFFEF):
        parts = unicodedata.decomposition(chr(c)).split()
        if len(parts) == 2 and parts[0] == "<wide>" and int(parts[1], 16) > 0x7E:
            forms[int(parts[1], 16)] = c
        elif len(parts) == 2 and parts[0] == "<narrow>":
            forms[c] = int(parts[1], 16)
    forms[0xFF9E], forms[0xFF9F] = 0x309B, 0x309C
    return forms


WIDE_FORMS = wide_forms()
# CSS Text 3's small kana and their full-size forms.
SMALL_KANA = dict(zip("ぁぃぅぇぉゕゖっゃゅょゎァィゥェォヵㇰヶㇱㇲッㇳㇴㇵㇶㇷㇸㇹㇺャュョㇻㇼㇽㇾㇿヮｧｨｩｪｫｬｭｮｯ\U0001B132\U0001B150\U0001B151\U0001B152\U0001B155\U0001B164\U0001B165\U0001B166\U0001B167",
                      "あいうえおかけつやゆよわアイウエオカクケシスツトヌハヒフヘホムヤユヨラリルレロワｱｲｳｴｵﾔﾕﾖﾂこゐゑをコヰヱヲン"))


def transformed_here(value, text):
    """`text` under `value` (full-width or full-size-kana) and, for each UTF-16 offset of it, the text's own (the end's too)."""
    out, back, original = [], [], 0
    for ch in text:
        mapped = chr(WIDE_FORMS.get(ord(ch), ord(ch))) if value == "full-width" else SMALL_KANA.get(ch, ch)
        out.append(mapped)
        back.extend([original] * (2 if ord(mapped) > 0xFFFF else 1))
        original += 2 if ord(ch) > 0xFFFF else 1
    back.append(original)
    return "".join(out), back


def chosen_jobs(values, langs, sample, seed):
    """For each value, a sample of `sample` corpus jobs of `langs` drawn by `seed` and the value: a list of (value, job)."""
    everything = make_jobs(langs, 0, seed)
    chosen = []
    for value in values:
        picked = (everything if sample == 0 or sample >= len(everything)
                  else [everything[i] for i in sorted(random.Random(f"{seed}-textTransform-{value}").sample(range(len(everything)), sample))])
        for job in picked:
            job = dict(job)
            lang = job["id"].split("-")[0]
            if lang != "emoji":
                job["language"] = lang
            chosen.append((value, job))
    return chosen


def our_layouts(binary, chosen):
    """Our layout of each job by the chromium profile with its value: {"height", "lines": [{"start", "width", "fonts"}]}."""
    jobs = []
    for i, (value, job) in enumerate(chosen):
        ours = {"id": i, "text": job["text"], "font": font_list([job["font"], *FALLBACK_FONTS]), "size": SIZE, "width": job["width"],
                "glyphs": True, "profile": "chromium", "textTransform": value}
        if "language" in job:
            ours["language"] = job["language"]
        jobs.append(ours)
    results = run_batch(binary, jobs, fonts_dir=os.path.join(ROOT, "Fonts"))
    return [lines_of_result(r) for r in results]


def transform_page(chosen):
    """The page of `chosen` (value, job): a div each, with `text-transform` of the value, or the text transformed here."""
    style = embedded_font_faces()
    style += """
body { margin: 0; }
div.job { font-size: 17px; line-height: normal; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; margin: 0 0 10px 0; padding: 0; }
"""
    divs = []
    for i, (value, job) in enumerate(chosen):
        family = html.escape(font_list([FONT_FILES[job["font"]][0]] + [family for family, _ in FALLBACK_FONTS.values()]))
        lang = f' lang="{job["language"]}"' if "language" in job else ""
        if value in TRANSFORMED_HERE:
            text, setting = transformed_here(value, job["text"])[0], "text-transform: none"
        else:
            text, setting = job["text"], f"text-transform: {value}"
        divs.append(f'<div class="job" data-i="{i}"{lang} style="width: {job["width"]}px; font-family: {family}; {setting}">'
                    f'{html.escape(text, quote=False)}</div>')
    return page(style, "\n".join(divs), MEASURE)


def in_text_offsets(value, job, layout):
    """Chromium's layout of a job whose text was transformed here, its line starts taken back to the text's offsets."""
    if value not in TRANSFORMED_HERE:
        return layout
    back = transformed_here(value, job["text"])[1]
    return dict(layout, lines=[dict(line, start=back[line["start"]]) for line in layout["lines"]])


def main():
    ap = study_parser(__doc__, "the samples' seed (default 1)", LANGS, "the corpus languages (default all)")
    ap.add_argument("--values", default=",".join(VALUES), help="the textTransform values held (default %(default)s)")
    add_check_options(ap, FLOORS, "for any value")
    add_expect_option(ap, EXPECTED)
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, LANGS, "is not a corpus language")
    values = listed_choices(ap, "--values", args.values, VALUES)
    chosen = chosen_jobs(values, langs, args.sample, args.seed)
    ours = our_layouts(binary, chosen)
    theirs, agent = job_layouts(args.chromium, chosen, transform_page, "texttransform-vs-chromium-")
    theirs = [in_text_offsets(value, job, t) for (value, job), t in zip(chosen, theirs)]
    print(f"Chromium: {agent}\n{len(chosen)} jobs by the chromium profile, {args.sample or 'all'} a value\n")
    tally = Tally()
    for (value, job), o, t in zip(chosen, ours, theirs):
        figures = figures_that_differ(o, t)
        tally.add(value, job, o, t, classify(job, o, t) if figures else None, figures, value=value)
    below = []
    for value in values:
        tally.summary(value, f"textTransform {value}", args, below)
    tally.finish(args, below, lambda value: f"textTransform {value}", lambda value: f"textTransform={value}", show, KINDS, list_ids=True)


if __name__ == "__main__":
    main()
