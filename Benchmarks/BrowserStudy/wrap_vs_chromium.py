"""Holds overflowWrap, wordBreak, lineBreak, textSpacingTrim and textAutospace against headless Chromium on the corpus, every value on a seeded sample, by the chromium profile: line starts, block heights and, for overflowWrap, the min-content width.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/wrap_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs en,fr,...] [--claims overflowWrap,wordBreak,lineBreak,textSpacingTrim,textAutospace] [--chromium PATH] [--examples N]
      [--json OUT] [--check [--starts-floor SHARE] | --expect [LIST]]

Makes the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text of the 14 languages at 120, 240
and 360 px, size 17, each language's font) and, for each claim and each of its values (CLAIMS), a
sample of --sample of them (all when 0) drawn by --seed, the claim and the value; a textAutospace
job also as a mixed copy (id `-mixed`: Latin words and digits put beside its characters). An overflowWrap
job is laid out at a narrow width instead (NARROW_WIDTHS, drawn from the job's id), where words
overflow; a job of Chinese, Japanese or Korean is given its language (`"language"` and the div's
`lang`: Chromium reads `line-break` keywords from the content language). Each job is laid out with
our `textlayout batch --fonts-dir Fonts` by the chromium profile, the claim's key set to the value,
and in headless Chromium as corpus_vs_chromium.py lays it out (`white-space: pre-wrap; unicode-bidi:
plaintext; line-height: normal`, the job's font embedded, the bundled fallback fonts after it), the CSS property of the same
value set on its div (`overflow-wrap: anywhere` unless the claim is overflowWrap). For overflowWrap a
second div of `width: min-content` gives the min-content width, held against our `"intrinsicWidths"`.

Compared for each job: the line starts (UTF-16 offsets; ours read by grapheme clusters as the page reads
Chromium's, a start inside one seen at its end: read_by_graphemes) and, where they agree, the block's height
within 1/64 px a line; for overflowWrap also the min-content width within 1/64 px. Prints the share
of each claim's value, then the differences by kind (corpus_vs_chromium.KINDS) with examples; --json
writes each job's lines; --check exits 1 when a value's share is below its floor (FLOORS, or
--starts-floor); --expect holds each job to the list of expected differences
(expected-differences-keys-chromium.txt, set-up KEY=VALUE). Python 3 standard library only; needs
Chromium (Debian's /usr/bin/chromium).
"""
import bisect, html, os, random

from chromium_pages import (Tally, listed_choices, add_check_options, add_expect_option, checked_study_arguments, job_layouts, make_jobs, page,
                            run_batch, study_parser)
from corpus_vs_chromium import FALLBACK_FONTS, FONT_FILES, KINDS, LANGS, ROOT, SIZE, classify, font_list, same_height, figures_that_differ, show, starts, embedded_font_faces, lines_of_result

# Each claim's values (the job key's and the CSS property's, the same words) and its CSS property.
CLAIMS = {"overflowWrap": (["normal", "break-word", "anywhere"], "overflow-wrap"),
          "wordBreak": (["normal", "break-all", "keep-all"], "word-break"),
          "lineBreak": (["auto", "loose", "normal", "strict", "anywhere"], "line-break"),
          # Fullwidth punctuation of Chinese and Japanese: its jobs are those languages' (--langs zh,ja).
          "textSpacingTrim": (["normal", "space-all", "space-first", "trim-start"], "text-spacing-trim"),
          # Space between ideographs and Latin letters or digits: Chinese and Japanese jobs (--langs zh,ja), each as
          # is and mixed (MIXED_WORDS put beside its ideographs, mixed_text).
          "textAutospace": (["normal", "no-autospace"], "text-autospace")}
# Latin words and digits a textAutospace job's mixed copy has put beside its characters (few corpus
# texts have a Latin letter or digit right beside an ideograph: 168 of the 1,800 Chinese and Japanese jobs).
MIXED_WORDS = ["HTML", "2024", "Linux", "v3", "CPU", "x86_64", "iPhone", "5G", "OK", "Wi-Fi", "128", "USB"]


def mixed_text(job_id, text, words=MIXED_WORDS, inserts=(2, 5), seed="mixed"):
    """`text` with `inserts` (least, most: two to five) of `words` (MIXED_WORDS) put inside it with no space beside them, at
    places drawn from `seed` and `job_id`."""
    rng = random.Random(f"{seed}-{job_id}")
    for _ in range(rng.randint(*inserts)):
        at = rng.randint(0, len(text))
        # Not inside a surrogate pair or before a combining mark: at a character boundary of the text.
        while 0 < at < len(text) and (0xDC00 <= ord(text[at]) <= 0xDFFF or ord(text[at]) in (0x200D, 0xFE0F)):
            at += 1
        text = text[:at] + rng.choice(words) + text[at:]
    return text


# The widths an overflowWrap job is laid out at: narrow enough that words overflow.
NARROW_WIDTHS = [30, 45, 60, 80]
# The languages a job is given (its text's), for the line-break keywords; the others have none, as in the corpus studies.
LANGUAGES = {"zh": "zh", "ja": "ja", "ko": "ko"}
LAYOUT_UNIT = 1 / 64
# The least share of each value's jobs with the same starts and heights (and min-content) that --check accepts.
FLOORS = {"starts": 0.999}
# The jobs of the CSS keys' studies expected to differ, set-up KEY=VALUE (--expect).
EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected-differences-keys-chromium.txt")

MEASURE = """{layouts: [...document.querySelectorAll("div.job")].map(d => ({i: +d.dataset.i, lines: linesOf(d),
  height: d.getBoundingClientRect().height, graphemes: itemsOf(d).map(item => item.offset),
  minContent: d.nextElementSibling && d.nextElementSibling.classList.contains("min")
    ? d.nextElementSibling.getBoundingClientRect().width : null}))}"""


def chosen_jobs(claims, langs, sample, seed):
    """For each claim and value, a sample of `sample` corpus jobs of `langs` drawn by `seed`: a list of (claim, value, job)."""
    everything = make_jobs(langs, 0, seed)
    chosen = []
    for claim in claims:
        for value in CLAIMS[claim][0]:
            picked = (everything if sample == 0 or sample >= len(everything)
                      else [everything[i] for i in sorted(random.Random(f"{seed}-{claim}-{value}").sample(range(len(everything)), sample))])
            for job in picked:
                job = dict(job)
                if claim == "overflowWrap":
                    job["width"] = random.Random(job["id"]).choice(NARROW_WIDTHS)
                language = LANGUAGES.get(job["id"].split("-")[0])
                if language:
                    job["language"] = language
                chosen.append((claim, value, job))
                if claim == "textAutospace":
                    chosen.append((claim, value, dict(job, id=job["id"] + "-mixed", text=mixed_text(job["id"], job["text"]))))
    return chosen


def our_layouts(binary, chosen):
    """Our layout of each job by the chromium profile with its claim's value: {"height", "minContent", "lines": [{"start", "width", "fonts"}]}."""
    jobs = []
    for i, (claim, value, job) in enumerate(chosen):
        ours = {"id": i, "text": job["text"], "font": font_list([job["font"], *FALLBACK_FONTS]), "size": SIZE, "width": job["width"],
                "glyphs": True, "profile": "chromium", claim: value, "intrinsicWidths": claim == "overflowWrap"}
        if "language" in job:
            ours["language"] = job["language"]
        jobs.append(ours)
    results = run_batch(binary, jobs, fonts_dir=os.path.join(ROOT, "Fonts"))
    return [dict(lines_of_result(r), minContent=r.get("minContent")) for r in results]


def read_by_graphemes(layout, graphemes):
    """`layout` (ours) with each line start inside a grapheme cluster moved to that cluster's end (`graphemes`: the
    UTF-16 offsets where the page's grapheme clusters start), as the page reads Chromium's lines: linesOf puts a grapheme
    cluster on the line of its first rectangle, so a line that starts inside one (a break of `word-break: break-all`
    before a Thai vowel or tone mark, `ส|ำ`, which both engines take) is seen to start after it, and one that starts
    inside the text's last one is not seen at all."""
    starts = sorted(graphemes)
    lines = []
    for line in layout["lines"]:
        at = bisect.bisect_left(starts, line["start"])
        if at < len(starts):
            lines.append(dict(line, start=starts[at]))
        elif not lines:
            lines.append(line)
    return dict(layout, lines=lines)


def wrap_page(chosen):
    """The page of `chosen` (claim, value, job): a div each, with the claim's property; an overflowWrap job also a min-content div after it."""
    style = embedded_font_faces()
    style += """
body { margin: 0; }
div.job, div.min { font-size: 17px; line-height: normal; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; margin: 0 0 10px 0; padding: 0; }
div.min { width: min-content; }
"""
    divs = []
    for i, (claim, value, job) in enumerate(chosen):
        family = html.escape(font_list([FONT_FILES[job["font"]][0]] + [family for family, _ in FALLBACK_FONTS.values()]))
        lang = f' lang="{job["language"]}"' if "language" in job else ""
        text = html.escape(job["text"], quote=False)
        setting = f'{CLAIMS[claim][1]}: {value}'
        divs.append(f'<div class="job" data-i="{i}"{lang} style="width: {job["width"]}px; font-family: {family}; {setting}">{text}</div>')
        if claim == "overflowWrap":
            divs.append(f'<div class="min"{lang} style="font-family: {family}; {setting}">{text}</div>')
    return page(style, "\n".join(divs), MEASURE)


def main():
    ap = study_parser(__doc__, "the samples' seed (default 1)", LANGS, "the corpus languages (default all)")
    ap.add_argument("--claims", default="overflowWrap,wordBreak,lineBreak",
                    help="the claims held (default %(default)s; textSpacingTrim and textAutospace too when named, on --langs zh,ja)")
    add_check_options(ap, FLOORS, "for any value")
    add_expect_option(ap, EXPECTED)
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, LANGS, "is not a corpus language")
    claims = listed_choices(ap, "--claims", args.claims, CLAIMS)
    chosen = chosen_jobs(claims, langs, args.sample, args.seed)
    ours = our_layouts(binary, chosen)
    theirs, agent = job_layouts(args.chromium, chosen, wrap_page, "wrap-vs-chromium-")
    print(f"Chromium: {agent}\n{len(chosen)} jobs by the chromium profile, {args.sample or 'all'} a value\n")
    tally = Tally()
    for (claim, value, job), o, t in zip(chosen, ours, theirs):
        o = read_by_graphemes(o, t["graphemes"])
        figures = figures_that_differ(o, t)
        if claim == "overflowWrap" and abs(o["minContent"] - t["minContent"]) > LAYOUT_UNIT + 1e-9:
            figures |= {"min-content"}
        kind = classify(job, o, t) if figures - {"min-content"} else "min-content" if figures else None
        tally.add((claim, value), job, o, t, kind, figures, claim=claim, value=value)
    below = []
    for claim in claims:
        for value in CLAIMS[claim][0]:
            tally.summary((claim, value), f"{claim} {value}", args, below,
                          what="same starts and heights" + (" and min-content" if claim == "overflowWrap" else ""))
    tally.finish(args, below, lambda key: f"{key[0]} {key[1]}", lambda key: f"{key[0]}={key[1]}", show,
                 dict(KINDS, **{"min-content": "the min-content width differs by more than 1/64 px"}),
                 extra=lambda key, o, t: f"\n    min-content ours {o['minContent']} chromium {t['minContent']}" if key[0] == "overflowWrap" else "")


if __name__ == "__main__":
    main()
