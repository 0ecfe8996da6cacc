"""Holds our font-family lists, font-feature-settings and word-spacing against headless Chromium's on a seeded sample of the corpus, mixed-script texts among them, and sorts the differences by kind.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/fonts_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs en,fr,de,ru,el,vi,he,ar] [--chromium PATH] [--examples N] [--json OUT]
      [--check [--starts-floor SHARE]]

Makes the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text at 120, 240 and 360 px, size
17), takes a seeded sample, and gives each job, seeded: a font-family list of bundled fonts (LISTS:
DejaVu Sans Mono, Noto Sans Hebrew, Noto Sans Arabic and DejaVu Sans in several orders, so that
Latin, Hebrew and Arabic each come from a later family of the list when the first lacks them), a
feature setting (FEATURES, CSS font-feature-settings syntax: ligatures and kerning off, tabular
figures) and a word spacing (SPACINGS, whole 1/64 px, negative too); half of the texts get a
sentence of another script appended (a Hebrew or Arabic corpus text after a Latin, Greek or
Cyrillic one, and the other way round), so that one paragraph takes several families of its list.
Lays each out with our `textlayout batch --fonts-dir Fonts` and in headless Chromium, one div of
the job's width per layout, many in a page, each bundled font embedded by @font-face under its
own family name, `font-family` the job's list in that order (DejaVu Sans always last, so that no
cluster falls back to a font outside the bundle in either engine), `font-feature-settings`,
`word-spacing`, `font-size: 17px`, `line-height: normal`, `white-space: pre-wrap`,
`overflow-wrap: break-word`, `unicode-bidi: plaintext`, `text-align: start`.

What is compared, for each job: the line starts (UTF-16 offsets), and for the jobs whose starts
agree each line's width (ours: the batch's line width; Chromium's: from the line's start side of
the box to the far edge of its last cluster that does not hang), which must lie within 1/64 px
(Chromium lays out in 1/64 px units). Prints the shares, then the differences sorted by kind
(KINDS), with examples; --json writes each job's lines from both engines; --check exits 1 when the
same starts are below their floor (FLOORS, or --starts-floor) or a difference is of no named kind.
The control is each text at its width in DejaVu Sans alone, without features or spacing: the
starts' share counts the jobs whose control agrees, as the inline objects' study does. Python 3 standard library only; needs Chromium (Debian's /usr/bin/chromium).
"""
import collections, html, json, random, unicodedata

from chromium_pages import checked_study_arguments, finish_check, shares_below, unnamed_differences, font_face, job_layouts, make_jobs, page, run_batch, study_parser, utf16

SIZE = 17
LANGS = ["en", "fr", "de", "ru", "el", "vi", "he", "ar"]
# The bundled fonts the lists name, with the family Chromium knows each by.
FONT_FILES = {"DejaVu Sans": ("StudyDejaVu", "DejaVuSans.ttf"), "DejaVu Sans Mono": ("StudyDejaVuMono", "DejaVuSansMono.ttf"),
              "Noto Sans Hebrew": ("StudyHebrew", "NotoSansHebrew-Regular.ttf"),
              "Noto Sans Arabic": ("StudyArabic", "NotoSansArabic-Regular.ttf")}
LISTS = [["DejaVu Sans Mono", "Noto Sans Hebrew", "Noto Sans Arabic", "DejaVu Sans"],
         ["Noto Sans Hebrew", "DejaVu Sans Mono", "DejaVu Sans"],
         ["Noto Sans Arabic", "Noto Sans Hebrew", "DejaVu Sans"],
         ["Noto Sans Hebrew", "Noto Sans Arabic", "DejaVu Sans"],
         ["DejaVu Sans"]]
# Feature settings as both engines are given them (the same CSS syntax).
FEATURES = ["normal", "\"liga\" 0", "\"kern\" 0", "\"liga\" 0, \"kern\" 0", "\"tnum\"", "\"kern\" 0, \"tnum\" 1"]
SPACINGS = [0, 0, 2, 5.5, -1, 0.25]
# The scripts whose texts get a sentence of the other group appended.
RIGHT_TO_LEFT = {"he", "ar"}
# How far a line's widths may lie apart: Chromium's layout unit.
WIDTH_TOLERANCE = 1 / 64
# How close to the box's width a line may be for the engines' rounding to decide whether it fits.
EDGE = 0.05
# The least share of the jobs whose control agrees with the same starts that --check accepts (the
# widths have no floor: each line off by more than 1/64 px must be of a named kind).
FLOORS = {"starts": 0.995}

# The no-break spaces a line may end in when a word is cut right after one.
NO_BREAK_SPACES = "\u00a0\u202f\u2007"

KINDS = {
    "starts": {
        "edge": f"the longer of the first two lines that differ is as wide as the box to within {EDGE} px (our measure): "
                "one engine's 1/64 px layout units fit it, the other's doubles do not",
        "break-rules": f"both first lines that differ end more than {EDGE} px short of the box: a break opportunity one engine has "
                       "and the other lacks (UAX #14 as ICU has it, ours; Chromium's own rules), as in the studies without lists",
        "other": "none of the kinds above",
    },
    "widths": {
        "no-break-space-at-end": "the line ends in a no-break space (U+00A0, U+202F, U+2007; a word cut right after it): ours "
                                 "lets it hang as a space, Chromium counts its width",
        "cut-joined-word": "the line ends or starts inside a word of joined (Arabic) letters cut for want of room: Chromium shapes "
                           "the letters at the cut as if the word were not broken (CSS Text 3's overflow-wrap, as Pango does), "
                           "ours shapes each side on its own, so they take their final and initial forms",
        "fragments": "the line is n runs (of one font and direction) and lies within n/64 px, n + 1 for a right-to-left line: "
                     "Chromium places each inline text fragment at a whole 1/64 px, so each run's edge may round by up to 1/64 px, "
                     "and a right-to-left line's start at the box's right edge too",
        "other": "none of the kinds above",
    },
}

MEASURE = """{layouts: [...document.querySelectorAll("div.job")].map(d => ({i: +d.dataset.i, lines: linesOf(d)}))}"""


def css_list(families):
    return ", ".join(f'"{FONT_FILES[f][0]}"' for f in families)


def studied_jobs(langs, sample, seed):
    """The sampled corpus jobs, each with its `list`, `features` and `wordSpacing`; half of them
    with a text of the other script group appended (after a space)."""
    jobs = make_jobs(langs, sample, seed)
    rng = random.Random(seed)
    by_group = {rtl: [j["text"] for j in jobs if (j["id"].split("-")[0] in RIGHT_TO_LEFT) == rtl] for rtl in (False, True)}
    for job in jobs:
        rtl = job["id"].split("-")[0] in RIGHT_TO_LEFT
        others = by_group[not rtl]
        if others and rng.random() < 0.5:
            job["text"] += " " + rng.choice(others).split("\n")[0]
        job["list"] = rng.choice(LISTS)
        job["features"] = rng.choice(FEATURES)
        job["wordSpacing"] = rng.choice(SPACINGS)
    return jobs


def our_lines(binary, jobs):
    """Our lines of each job, [{"start", "width", "direction", "runs"}] ("runs": how many glyph runs)."""
    results = run_batch(binary, [{"id": i, "text": job["text"], "font": ", ".join(job["list"]), "size": SIZE, "width": job["width"],
                                  "features": job["features"], "wordSpacing": job["wordSpacing"], "glyphs": True}
                                 for i, job in enumerate(jobs)])
    return [[{"start": l["start"], "width": l["width"], "direction": l["direction"], "runs": len(l["runs"])} for l in r["lines"]]
            for r in results]


def fonts_page(jobs):
    style = "".join(font_face(family, file) for family, file in FONT_FILES.values()) + """
body { margin: 0; }
div.job { font-size: 17px; font-kerning: normal; line-height: normal; white-space: pre-wrap; overflow-wrap: break-word;
          unicode-bidi: plaintext; text-align: start; tab-size: 8; margin: 0 0 10px 0; padding: 0; }
"""
    divs = [f'<div class="job" data-i="{i}" style="width: {job["width"]}px; font-family: {html.escape(css_list(job["list"]))}; '
            f'font-feature-settings: {html.escape(job["features"])}; word-spacing: {job["wordSpacing"]}px">'
            f'{html.escape(job["text"], quote=False)}</div>' for i, job in enumerate(jobs)]
    return page(style, "\n".join(divs), MEASURE)


def chromium_lines(chromium, jobs):
    """Chromium's lines of each job, and the browser's userAgent."""
    layouts, user_agent = job_layouts(chromium, jobs, fonts_page, "fonts-vs-chromium-")
    return [layout["lines"] for layout in layouts], user_agent


def rounding_bound(line):
    """How far Chromium's 1/64 px placement may move our `line`'s width (see KINDS' "fragments")."""
    return (line["runs"] + (line["direction"] == "rtl")) * WIDTH_TOLERANCE + 1e-9


def starts(lines):
    return [l["start"] for l in lines]


def chromium_width(line, direction):
    """Chromium's width of `line` (chromium_pages.LINES_SCRIPT's linesOf), a line of `direction` aligned to its start."""
    return line["left"] if direction == "rtl" else line["width"]


def joins(c):
    """Whether `c` is a letter of the Arabic script, which joins its neighbours in a word."""
    return unicodedata.category(c).startswith("L") and "ARABIC" in unicodedata.name(c, "")


def at_cut_joined_word(job, lines, k):
    """Whether line `k` ends or starts between two Arabic letters (a word cut where it has no break opportunity)."""
    units = job["text"].encode("utf-16-le")
    def cut_inside_word(offset):
        before, after = units[:2 * offset].decode("utf-16-le", "replace"), units[2 * offset:].decode("utf-16-le", "replace")
        return bool(before) and bool(after) and joins(before[-1]) and joins(after[0])
    return cut_inside_word(lines[k]["start"]) or (k + 1 < len(lines) and cut_inside_word(lines[k + 1]["start"]))


def line_text(job, lines, k):
    """The text of line `k` of `lines`."""
    return utf16(job["text"], lines[k]["start"], lines[k + 1]["start"] if k + 1 < len(lines) else None)


def classify_starts(job, ours, theirs):
    k = next(k for k in range(min(len(ours), len(theirs)) + 1)
             if k == len(ours) or k == len(theirs) or ours[k]["start"] != theirs[k]["start"])
    # The line before the first start that differs is the one one engine ended earlier.
    line = max(k - 1, 0)
    if line < len(ours) and abs(ours[line]["width"] - job["width"]) <= EDGE:
        return "edge"
    if line < len(theirs) and line < len(ours) and abs(chromium_width(theirs[line], ours[line]["direction"]) - job["width"]) <= EDGE:
        return "edge"
    if line < len(ours) and line < len(theirs):
        return "break-rules"
    return "other"


def percent(part, whole):
    return f"{100 * part / whole:.2f}%" if whole else "n/a"


def show(job, ours, theirs):
    text = job["text"]
    rows = [f"  {job['id']} width {job['width']} font-family {', '.join(job['list'])}; features {job['features']}; word-spacing {job['wordSpacing']}"]
    for name, lines in (("ours", ours), ("chromium", theirs)):
        cut = starts(lines) + [len(text.encode('utf-16-le')) // 2]
        rows.append(f"    {name:8} |" + "|".join(utf16(text, a, b).replace("\n", "\\n") for a, b in zip(cut, cut[1:])) + "|")
    return "\n".join(rows)


def main():
    ap = study_parser(__doc__, "the seed of the sample and of each job's list, features and spacing (default 1)", LANGS,
                      "corpus languages (default %(default)s)")
    ap.add_argument("--json", help="write every job's lines from both engines here")
    ap.add_argument("--check", action="store_true", help="exit 1 when a share is below its floor or a difference is of no named kind")
    ap.add_argument("--starts-floor", type=float, default=FLOORS["starts"], help="--check's floor for the same starts (default %(default)s)")
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, LANGS, "has no bundled font the lists name")
    if not 0 <= args.starts_floor <= 1:
        ap.error(f"--starts-floor must be a share between 0 and 1, not {args.starts_floor}")

    jobs = studied_jobs(langs, args.sample, args.seed)
    # Each job, then its control: the same text and width in DejaVu Sans alone, no features, no spacing.
    both = [copy for job in jobs for copy in (job, dict(job, list=["DejaVu Sans"], features="normal", wordSpacing=0))]
    ours_both = our_lines(binary, both)
    theirs_both, user_agent = chromium_lines(args.chromium, both)
    ours, theirs = ours_both[0::2], theirs_both[0::2]
    controls = [starts(o) == starts(t) for o, t in zip(ours_both[1::2], theirs_both[1::2])]
    counts = collections.Counter()
    differences = {"starts": collections.defaultdict(list), "widths": collections.defaultdict(list)}
    for i, (job, o, t) in enumerate(zip(jobs, ours, theirs)):
        counts["jobs"] += 1
        counts["control"] += controls[i]
        counts["starts of control"] += controls[i] and starts(o) == starts(t)
        if starts(o) != starts(t):
            differences["starts"][classify_starts(job, o, t)].append(i)
            continue
        counts["starts"] += 1
        counts["lines"] += len(o)
        gaps = [abs(a["width"] - chromium_width(b, a["direction"])) for a, b in zip(o, t)]
        off = [k for k, gap in enumerate(gaps) if gap > WIDTH_TOLERANCE + 1e-9]
        counts["widths"] += len(o) - len(off)
        if off:
            within_runs = [k for k in off if gaps[k] <= rounding_bound(o[k])]
            counts["within runs"] += len(within_runs)
            beyond = [k for k in off if k not in within_runs]
            kinds = ["no-break-space-at-end" if line_text(job, o, k)[-1:] in tuple(NO_BREAK_SPACES)
                     else "cut-joined-word" if at_cut_joined_word(job, o, k) else "other" for k in beyond]
            differences["widths"][next((k for k in kinds if k == "other"), kinds[0] if kinds else "fragments")].append(i)
    shares = {"starts": (counts["starts of control"], counts["control"]), "widths": (counts["widths"], counts["lines"])}
    print(user_agent)
    print(f"{counts['jobs']} jobs ({','.join(langs)}, sample {args.sample}, seed {args.seed}), "
          f"{sum(1 for j in jobs if len(j['list']) > 1)} with a list of several families, "
          f"{sum(1 for j in jobs if j['features'] != 'normal')} with features, {sum(1 for j in jobs if j['wordSpacing'])} with word spacing")
    print(f"control (DejaVu Sans alone, no features, no spacing) same starts: {percent(counts['control'], counts['jobs'])} "
          f"({counts['control']} of {counts['jobs']})")
    print(f"same starts: {percent(*shares['starts'])} of the jobs whose control agrees ({shares['starts'][0]} of {shares['starts'][1]}); "
          f"{percent(counts['starts'], counts['jobs'])} of all")
    print(f"lines of those jobs within 1/64 px: {percent(*shares['widths'])} ({shares['widths'][0]} of {shares['widths'][1]}); "
          f"within n/64 px for a line of n runs (n + 1 right to left): {percent(counts['widths'] + counts['within runs'], counts['lines'])}")
    for what, kinds in differences.items():
        print(f"\n{what}: {sum(len(m) for m in kinds.values())} jobs differ, by kind:")
        for kind, meaning in KINDS[what].items():
            if kinds.get(kind):
                print(f"\n{what} {kind}: {len(kinds[kind])} - {meaning}")
                for i in kinds[kind][:args.examples]:
                    print(show(jobs[i], ours[i], theirs[i]))
                    if what == "widths":
                        print("    widths ours " + " ".join(f"{l['width']:.4f}" for l in ours[i])
                              + " / chromium " + " ".join(f"{chromium_width(b, a['direction']):.4f}" for a, b in zip(ours[i], theirs[i])))

    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            for job, control, o, t in zip(jobs, controls, ours, theirs):
                f.write(json.dumps({**job, "controlAgrees": control, "ours": o, "chromium": t}, ensure_ascii=False) + "\n")
    if args.check:
        finish_check(shares_below(FLOORS, args.starts_floor, shares) + unnamed_differences(differences))


if __name__ == "__main__":
    main()
