"""Lays the corpus out in headless Chromium and with our batch, by the default profile and by `"profile": "chromium"`, and prints their agreement by font, language and width, the differing jobs sorted by kind.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/corpus_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs en,fr,...] [--chromium PATH] [--examples N] [--json OUT] [--check [--starts-floor SHARE]] [--time]
      [--fonts embedded|system] [--expect Benchmarks/BrowserStudy/expected-differences-chromium.txt]

Makes the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text of the 14 languages at 120, 240
and 360 px, size 17, each language's font), takes a seeded sample (--sample 0: all), and lays each
out with `textlayout batch --fonts-dir Fonts`, once by the default profile and once with
`"profile": "chromium"`, and in headless Chromium, one div of the job's width each, many in a
page: `white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; line-height:
normal; font-family: F; font-size: 17px; width: W` (plaintext: each paragraph's direction by its
first strong character, as the batch's default `"direction": "auto"`), F the job's font embedded by @font-face, then the bundled fallback
fonts (DejaVu Sans, Noto Color Emoji, Noto Sans Symbols 2) so that no cluster falls back outside
the bundle. Our jobs name the same font-family list (FALLBACK_FONTS after the job's font), so that
both engines choose a cluster's font from the same fonts in the same order. Line starts are read
from the clusters' rectangles (chromium_pages.LINES_SCRIPT).

With --time it also times Chromium's own layout of the jobs, per job (TIMING_SCRIPT: performance.now()
around laying each page's divs out anew, then again 3 px wider, in pages run in real time).

Compared for each job: the line starts (UTF-16 offsets), and for the jobs whose starts agree the
block's height, within 1/64 px a line (Chromium floors each line box to its 1/64 px layout unit).
Prints the shares of each profile by font, language and width, then the chromium profile's
differences by kind (KINDS) with examples; --json writes each job's lines from the three layouts;
--check exits 1 when the chromium profile's same starts are below their floor (FLOORS, or
--starts-floor) or a difference is of no named kind. --expect FILE lays out by the chromium
profile alone and holds every job to FILE's list of expected differences for the --fonts set-up
(scripts/expected_differences.py): its starts, its line count and its block height within 1/64 px
a line, for every job; it exits 1 on a difference the list lacks or a listed job that now agrees.
--fonts system (FONT_SET_UPS) gives both engines the system's fonts instead of the embedded files:
the same family list, matched and fallen back from by fontconfig. Python 3 standard library only; needs
Chromium (Debian's /usr/bin/chromium).
"""
import collections, html, json, os, sys

from chromium_pages import (ROOT, add_check_options, checked_study_arguments, finish_check, font_face, in_pages, job_layouts, make_jobs, page,
                            percent, run_batch, run_pages, shares_below, study_parser, unnamed_differences, utf16, write_details)

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import expected_differences  # noqa: E402
from pango_program import require_system_family  # noqa: E402

LANGS = ["en", "fr", "de", "vi", "ru", "el", "ar", "he", "zh", "ja", "ko", "th", "hi", "emoji"]
SIZE = 17
# The corpus's fonts and the bundled fallback fonts, with the family Chromium knows each by.
FONT_FILES = {"DejaVu Sans": ("StudyDejaVu", "DejaVuSans.ttf"), "Noto Sans Hebrew": ("StudyHebrew", "NotoSansHebrew-Regular.ttf"),
              "Noto Sans Arabic": ("StudyArabic", "NotoSansArabic-Regular.ttf"), "Noto Sans Thai": ("StudyThai", "NotoSansThai-Regular.ttf"),
              "Noto Sans Devanagari": ("StudyDevanagari", "NotoSansDevanagari-Regular.ttf"),
              "Noto Sans CJK SC": ("StudyCJKSC", "NotoSansCJKsc-Regular.otf"), "Noto Sans CJK JP": ("StudyCJKJP", "NotoSansCJKjp-Regular.otf"),
              "Noto Sans CJK KR": ("StudyCJKKR", "NotoSansCJKkr-Regular.otf")}
# The bundled fallback fonts both engines are given after the job's font, in this order: the family
# our batch knows each by, and the family Chromium knows it by with its file.
FALLBACK_FONTS = {"DejaVu Sans": ("StudyDejaVu", "DejaVuSans.ttf"), "Noto Color Emoji": ("StudyEmoji", "NotoColorEmoji-subset.ttf"),
                  "Noto Sans Symbols2": ("StudySymbols2", "NotoSansSymbols2-Regular.ttf")}
# The fonts the engines are given (--fonts), each a set-up of the lists of expected differences.
FONT_SET_UPS = {"embedded": "Fonts/'s files, embedded in the page by @font-face and given to our batch by --fonts-dir Fonts, so both "
                            "engines have the same files and no other",
                "system": "the system's fonts, each job's family list matched by fontconfig in both engines (the browser's platform "
                          "fonts, our batch without --fonts-dir), and what no family of the list has drawn in fontconfig's fallback order",
                "browser-fallback": "the system's fonts, each job naming its font alone, so that what the font lacks is drawn in "
                                    "each engine's own fallback (Chromium's: the browser's default font, then fontconfig's choice "
                                    "for the character and the content language)"}
# The family list each set-up gives a job of the font `font`: the job's font and the bundled fallback fonts, or the job's font alone.
def job_families(font, fonts):
    return [font] if fonts == "browser-fallback" else [font, *FALLBACK_FONTS]

# How close to the box's width a line may be for the engines' rounding to decide whether it fits.
EDGE = 0.05
# Chromium's layout unit, which each line box's height is floored to.
LAYOUT_UNIT = 1 / 64
# The least share of the jobs with the same starts under the chromium profile that --check accepts.
FLOORS = {"starts": 0.99}

KINDS = {
    "edge": f"the longer of the first two lines that differ is as wide as the box to within {EDGE} px: one engine's 1/64 px "
            "layout units fit it, the other's measure does not",
    "fallback": "the first line that differs holds a run in a font other than the job's: the engines drew a cluster in another "
                "font, or measured a fallback font's glyph otherwise (Noto Color Emoji by the standard profile's design units, where "
                "Chromium scales its bitmap strike's whole-pixel advance, as the chromium profile does)",
    "break-rules": f"both first lines that differ end more than {EDGE} px short of the box: a break opportunity one engine has and "
                   "the other lacks (UAX #14 as ICU has it; Chromium's own rules for ASCII punctuation, small kana, quotes)",
    "fallback-height": "the same starts, but the block's height differs by more than 1/64 px a line, and a line holds a run in a "
                       "fallback font: the engines drew a character in fallback fonts of other line heights",
    "other": "none of the kinds above",
}

MEASURE = """{layouts: [...document.querySelectorAll("div.job")].map(d => ({i: +d.dataset.i, lines: linesOf(d),
  height: d.getBoundingClientRect().height}))}"""
# How many times a timing page lays its jobs out again; the fastest time counts.
TIMING_ROUNDS = 3
# The browser's own layout time, in a page of its own run in real time (chromium_pages.run_pages): at
# its load event (the fonts its divs use loaded by then), the divs are cloned into a new container (new
# text nodes: shaped and laid out anew), timed by performance.now() from their insertion to the layout
# that offsetHeight forces (cold); then each clone 3 px wider, timed to the layout that follows (relayout,
# the shaping kept). Milliseconds for the page's jobs, with the status of the fonts in use.
TIMING_SCRIPT = f"""
window.addEventListener("load", () => {{
  const divs = [...document.querySelectorAll("div.job")];
  let cold = Infinity, relayout = Infinity;
  for (let round = 0; round < {TIMING_ROUNDS}; round++) {{
    const holder = document.createElement("div");
    const clones = divs.map(d => d.cloneNode(true));
    let start = performance.now();
    for (const clone of clones) holder.appendChild(clone);
    document.body.appendChild(holder);
    void holder.offsetHeight;
    cold = Math.min(cold, performance.now() - start);
    start = performance.now();
    for (const clone of clones) clone.style.width = (parseFloat(clone.style.width) + 3) + "px";
    void holder.offsetHeight;
    relayout = Math.min(relayout, performance.now() - start);
    holder.remove();
  }}
  const faces = [...document.fonts].filter(f => f.status !== "unloaded").map(f => f.family + ":" + f.status);
  document.getElementById("result").textContent = JSON.stringify({{cold, relayout, faces}});
}});
"""
def font_list(families):
    """A CSS font-family list of `families`, each quoted."""
    return ", ".join('"' + family + '"' for family in families)


def embedded_font_faces():
    """@font-face rules embedding the corpus's fonts and the bundled fallback fonts, each file once, under the families Chromium
    knows them by (FONT_FILES, FALLBACK_FONTS)."""
    faces = [(family, file) for family, file in FONT_FILES.values()]
    faces += [(family, file) for family, file in FALLBACK_FONTS.values() if (family, file) not in faces]
    return "".join(font_face(family, file) for family, file in faces)


def lines_of_result(result):
    """A batch result's {"height", "lines": [{"start", "width", "fonts"}]} ("fonts": the files its runs use), as the studies compare it."""
    return {"height": result["height"],
            "lines": [{"start": l["start"], "width": l["width"],
                       "fonts": sorted({run["font"].rstrip(")").split("/")[-1] for run in l["runs"]})} for l in result["lines"]]}


def our_layouts(binary, jobs, profile, fonts="embedded"):
    """Our layout of each job by `profile`, in the job's font then FALLBACK_FONTS: {"height", "lines": [{"start", "width",
    "fonts"}]} ("fonts": the runs' font files). `fonts` (FONT_SET_UPS): `embedded`, the families from Fonts/ alone
    (--fonts-dir Fonts); `system`, from the system's fonts (then the bundled ones)."""
    results = run_batch(binary, [{"id": i, "text": job["text"], "font": font_list(job_families(job["font"], fonts)), "size": SIZE, "width": job["width"],
                                  "glyphs": True, "profile": profile} for i, job in enumerate(jobs)],
                        fonts_dir=None if fonts != "embedded" else os.path.join(ROOT, "Fonts"))
    return [lines_of_result(r) for r in results]


def corpus_page(jobs, script=None, fonts="embedded"):
    """The page of `jobs`: one div each; measured by MEASURE, or with `script` (JavaScript) alone in its place. With `fonts`
    `embedded` the fonts are Fonts/'s files embedded by @font-face under a family of the study's own (Chromium sees no other
    font of the list); with `system` the div's list names the system's families, as our jobs do, which fontconfig finds."""
    if fonts != "embedded":
        style = ""
        family_list = lambda job: font_list(job_families(job["font"], fonts))
    else:
        style = embedded_font_faces()
        family_list = lambda job: font_list([FONT_FILES[job["font"]][0]] + [family for family, _ in FALLBACK_FONTS.values()])
    style += """
body { margin: 0; }
div.job { font-size: 17px; line-height: normal; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; margin: 0 0 10px 0; padding: 0; }
"""
    divs = [f'<div class="job" data-i="{i}" style="width: {job["width"]}px; font-family: '
            f'{html.escape(family_list(job))}">'
            f'{html.escape(job["text"], quote=False)}</div>' for i, job in enumerate(jobs)]
    if script is not None:
        return (f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><style>{style}</style></head><body>\n' + "\n".join(divs)
                + f'\n<pre id="result"></pre>\n<script>{script}</script>\n</body></html>\n')
    return page(style, "\n".join(divs), MEASURE)


def chromium_layouts(chromium, jobs, fonts="embedded"):
    """Chromium's layout of each job ({"height", "lines"}) in the fonts set up as `fonts` says (corpus_page), and the browser's userAgent."""
    return job_layouts(chromium, jobs, lambda part: corpus_page(part, fonts=fonts), "corpus-vs-chromium-")


def chromium_layout_time(chromium, jobs):
    """Chromium's own layout time a job in microseconds, {"cold", "relayout"} (TIMING_SCRIPT's, summed over the
    pages); stops the study when a page's fonts were not loaded when it was timed."""
    results = run_pages(chromium, [corpus_page(part, TIMING_SCRIPT) for _, part in in_pages(jobs)], "corpus-timing-", virtual_time=False)
    for result in results:
        if not all(face.endswith(":loaded") for face in result["faces"]):
            sys.exit(f"Chromium timed a page before its fonts were loaded: {result['faces']}")
    return {what: 1000 * sum(r[what] for r in results) / max(1, len(jobs)) for what in ("cold", "relayout")}


def starts(layout):
    return [l["start"] for l in layout["lines"]]


def same_height(ours, theirs):
    return abs(ours["height"] - theirs["height"]) <= LAYOUT_UNIT * max(len(ours["lines"]), 1) + 1e-9


def figures_that_differ(ours, theirs):
    """The figures of expected_differences.FIGURES in which two layouts of a job differ: starts, line count, height."""
    return expected_differences.differing_figures(starts(ours) == starts(theirs), len(ours["lines"]) == len(theirs["lines"]),
                                                  same_height(ours, theirs))


def classify(job, ours, theirs):
    """The kind of a job whose layouts differ (KINDS)."""
    o, t = ours["lines"], theirs["lines"]
    if starts(ours) == starts(theirs):
        mixed = any(f != FONT_FILES[job["font"]][1] for line in o for f in line["fonts"])
        return "fallback-height" if mixed else "other"
    k = next(k for k in range(min(len(o), len(t)) + 1) if k == len(o) or k == len(t) or o[k]["start"] != t[k]["start"])
    line = max(k - 1, 0)
    if line >= len(o) or line >= len(t):
        return "other"
    if abs(o[line]["width"] - job["width"]) <= EDGE or abs(t[line]["width"] - job["width"]) <= EDGE:
        return "edge"
    if any(f != FONT_FILES[job["font"]][1] for f in o[line]["fonts"]):
        return "fallback"
    return "break-rules"


def show(job, layouts):
    text = job["text"]
    rows = [f"  {job['id']} width {job['width']} font {job['font']}"]
    for name, layout in layouts:
        cut = starts(layout) + [len(text.encode('utf-16-le')) // 2]
        rows.append(f"    {name:8} h={layout['height']:.4f} |" + "|".join(utf16(text, a, b).replace("\n", "\\n") for a, b in zip(cut, cut[1:])) + "|")
    return "\n".join(rows)


def main():
    ap = study_parser(__doc__, "the seed of the sample (default 1)", LANGS, "corpus languages (default %(default)s)")
    add_check_options(ap, FLOORS, "or a difference is of no named kind")
    ap.add_argument("--time", action="store_true", help="also time Chromium's own layout of the jobs (TIMING_SCRIPT)")
    ap.add_argument("--fonts", choices=FONT_SET_UPS, default="embedded",
                    help="the fonts both engines lay out in (default %(default)s): " + "; ".join(f"{k}: {v}" for k, v in FONT_SET_UPS.items()))
    ap.add_argument("--expect", metavar="FILE",
                    help="lay out by the chromium profile alone and hold every job of the run to FILE's list of expected differences "
                         "for the --fonts set-up (scripts/expected_differences.py): starts, line counts and block heights within "
                         "1/64 px a line; exit 1 on a difference not listed or otherwise than listed, and on a listed job that now agrees")
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, LANGS, "is not in the corpus")
    if args.expect and args.check:
        ap.error("--expect and --check are two ways of judging a run: give one")
    if args.expect:
        expected_differences.read(args.expect)  # a malformed list stops the run before the browser starts

    jobs = make_jobs(langs, args.sample, args.seed)
    if args.fonts != "embedded":
        for family in sorted({job["font"] for job in jobs} | set(FALLBACK_FONTS)):
            require_system_family(family)  # else fontconfig would give both engines another font, and the list would not apply
    profiles = ("chromium",) if args.expect else ("standard", "chromium")
    ours = {profile: our_layouts(binary, jobs, profile, args.fonts) for profile in profiles}
    theirs, user_agent = chromium_layouts(args.chromium, jobs, args.fonts)
    print(user_agent)
    print(f"{len(jobs)} jobs ({','.join(langs)}, sample {args.sample}, seed {args.seed}, fonts {args.fonts})")
    if args.time:
        timing = chromium_layout_time(args.chromium, jobs)
        print(f"Chromium's own layout (performance.now(), fastest of {TIMING_ROUNDS} rounds): {timing['cold']:.1f} us a job cold, "
              f"{timing['relayout']:.1f} us relaid out 3 px wider")
    agree = {profile: [starts(o) == starts(t) for o, t in zip(layouts, theirs)] for profile, layouts in ours.items()}
    heights = {profile: [a and same_height(o, t) for a, o, t in zip(agree[profile], layouts, theirs)] for profile, layouts in ours.items()}
    for profile in ours:
        print(f"\nprofile {profile}: same starts {percent(sum(agree[profile]), len(jobs))} ({sum(agree[profile])} of {len(jobs)}), "
              f"and the block's height within 1/64 px a line {percent(sum(heights[profile]), sum(agree[profile]))} of those")
    for name, key in (("font", lambda j: j["font"]), ("language", lambda j: j["id"].split("-")[0]), ("width", lambda j: j["width"])):
        groups = collections.defaultdict(list)
        for i, job in enumerate(jobs):
            groups[key(job)].append(i)
        print(f"\nsame starts by {name}: {' / '.join(ours)}")
        for group, members in sorted(groups.items(), key=lambda g: str(g[0])):
            print(f"  {str(group):22} {len(members):5} jobs  " + " / ".join(percent(sum(agree[p][i] for i in members), len(members)) for p in ours))

    differences = collections.defaultdict(list)
    for i, job in enumerate(jobs):
        if not heights["chromium"][i]:
            differences[classify(job, ours["chromium"][i], theirs[i])].append(i)
    print(f"\nprofile chromium: {sum(len(m) for m in differences.values())} jobs differ, by kind:")
    for kind, meaning in KINDS.items():
        if differences.get(kind):
            print(f"\n{kind}: {len(differences[kind])} - {meaning}")
            for i in differences[kind][:args.examples]:
                print(show(jobs[i], [*((profile, ours[profile][i]) for profile in ours), ("browser", theirs[i])]))
    write_details(args.json, [{**job, **{profile: ours[profile][i] for profile in ours}, "browser": theirs[i]}
                              for i, job in enumerate(jobs)])
    if args.expect:
        index = {job["id"]: i for i, job in enumerate(jobs)}
        found = {}
        for i, job in enumerate(jobs):
            figures = figures_that_differ(ours["chromium"][i], theirs[i])
            if figures:
                found[job["id"]] = figures
        expected_differences.hold(args.expect, args.fonts, index, found,
                                  lambda id: show(jobs[index[id]], [("chromium", ours["chromium"][index[id]]), ("browser", theirs[index[id]])]),
                                  whole=args.sample == 0 and langs == LANGS)
    if args.check:
        shares = {"starts": (sum(agree["chromium"]), len(jobs))}
        finish_check(shares_below(FLOORS, args.starts_floor, shares) + unnamed_differences({"starts": differences}))


if __name__ == "__main__":
    main()
