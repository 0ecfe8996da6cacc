"""Holds our balanced lines (textWrap "balance") against headless Chromium's CSS `text-wrap: balance` on a seeded sample of the corpus, with greedy filling as the control, and sorts the differences by kind.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/balance_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs en,fr,de,ru,el,vi] [--chromium PATH] [--white-space pre-wrap|normal] [--examples N] [--json OUT]
      [--profile standard|chromium|pango] [--check [--starts-floor SHARE]]

Makes the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text at 120, 240 and 360 px, size 17,
DejaVu Sans for these languages), takes a seeded sample of them, and lays each out twice with our
`textlayout batch --fonts-dir Fonts` ("textWrap": "wrap" and "balance"; "profile" --profile, standard by default) and twice in headless
Chromium (`text-wrap: wrap` and `balance`), one div of the job's width per layout, many in a page,
with Fonts/DejaVuSans.ttf embedded by @font-face, `font-size: 17px`, `font-kerning: normal`,
`white-space: pre-wrap` (our model: spaces are kept, a newline is a hard break and spaces at a
line's end hang, neither wrapping nor counting in its width; `normal` would collapse runs of
spaces and turn newlines into spaces) and `overflow-wrap: break-word` (we cut a word too long
for a line; by default Chromium lets it overflow). The page finds each line's start (a UTF-16
offset) and width by Range.getClientRects over every grapheme cluster.

Prints, for greedy (the control: if it disagrees often, the browser setup is wrong) and for
balance, the share of jobs with the same line count, the same line starts and the widest line
within 0.5 px, over all jobs, over the jobs of two lines or more, and (balance) over the jobs
both engines balance; then the jobs whose starts differ, sorted into kinds (GREEDY_KINDS,
BALANCE_KINDS), with examples. Whether a start one engine chose is a break opportunity for the
other is probed: the other fills the text from the line before at that line's width. --json
writes every job's lines from both engines; --check exits 1 when the same balanced starts, over
the jobs both engines balance, are below their floor (FLOORS, or --starts-floor) or a balanced
difference is of no named kind. Python 3 standard library only; needs Chromium
(Debian's /usr/bin/chromium).
"""
import collections, html, json, re

from chromium_pages import finish_check, unnamed_differences, shares_below, checked_study_arguments, font_face, in_pages, make_jobs, page, run_batch, run_pages, study_parser, utf16

DEJAVU_LANGS = ["en", "fr", "de", "ru", "el", "vi"]
WIDTH_TOLERANCE = 0.5
# Chromium's limits (third_party/blink/renderer/core/layout/inline/score_line_break_context.h):
# more greedy lines than this and `balance` is greedy filling.
CHROMIUM_MAX_BALANCED_LINES = 6
# What Chromium's ScoreLineBreaker adds to the break before a paragraph's last word (its orphan
# penalty, score_line_breaker.cc), in the units of its squared slack (px²).
CHROMIUM_ORPHAN_PENALTY = 10000.0
SIZE = 17
# The least share of the jobs both engines balance with the same balanced starts that --check
# accepts (the whole study holds 93.1%, docs/line-model.md).
FLOORS = {"starts": 0.9}

# How much wider than a line's width a probe for a break opportunity is laid out (both engines
# measure a line within 1/64 px of each other).
PROBE_SLACK = 0.05
# A space and what UAX #14 (LB13: CL, CP, EX, IS, SY) never breaks before, even after a space.
UAX14_NO_BREAK_AFTER_SPACE = r"[ \t][!),.:;?\]}/]"
# How far the engines' widths of one line may differ (Chromium rounds to 1/64 px).
SAME_WIDTH = 0.05

GREEDY_KINDS = {
    "break-rules": "a line starts where the other engine has no break opportunity (UAX #14 as ICU has it, ours; Chromium's own rules)",
    "edge": "a line as wide as the box to within rounding: one engine's 1/64 px layout units fit it, the other's doubles do not",
}
BALANCE_KINDS = {
    "greedy-differs": "the greedy lines already differ (see above), so the lines balancing chooses from differ",
    "break-rules": "a balanced line starts where the other engine has no break opportunity",
    "more-than-6-lines": f"greedy takes more than {CHROMIUM_MAX_BALANCED_LINES} lines: Chromium does not balance",
    "cut-word": "a word is cut, too long for a line: Chromium's breakers give up (a second pass with overflow-wrap), ours balance",
    "later-paragraph": "only a paragraph after a newline differs: Chromium balances only a block's first paragraph",
    "our-tie-break": "Chromium's lines have the same widest line and more even widths (a smaller sum of squared widths): ours should be these (a flaw in our search, see docs/line-model.md)",
    "orphan": "Chromium's last line is not one word, as ours is: its orphan penalty outweighs a wider widest line or less even lines",
    "tie": "the widest lines are within 0.5 px",
    "evenness": "Chromium's lines have less squared slack (the last line's too) but a wider widest line: it does not put the widest line first",
    "other": "none of the above",
}

# What the page measures (chromium_pages.page): what the browser says of text-wrap: balance, and each div's lines.
MEASURE = """{supports: {textWrapBalance: CSS.supports("text-wrap", "balance"),
                        textWrapStyleBalance: CSS.supports("text-wrap-style", "balance")},
             layouts: [...document.querySelectorAll("div.job")].map(d => ({i: +d.dataset.i, lines: linesOf(d)}))}"""


def our_lines(binary, layouts, profile):
    """Our lines for each layout (text, width, mode), as [{"start", "width"}], laid out as the
    corpus jobs are (DejaVu Sans, size 17) with `textWrap` the mode, by `profile`."""
    results = run_batch(binary, [{"id": i, "text": text, "font": "DejaVu Sans", "size": SIZE, "width": width, "textWrap": mode,
                                  "profile": profile} for i, (text, width, mode) in enumerate(layouts)])
    return [[{"start": l["start"], "width": l["width"]} for l in r["lines"]] for r in results]


def balance_page(layouts, white_space):
    """A page with one div per layout (text, width, mode), and the script that measures their lines."""
    style = font_face("StudyDejaVu", "DejaVuSans.ttf") + f"""
body {{ margin: 0; }}
div.job {{ font-family: "StudyDejaVu"; font-size: 17px; font-kerning: normal; line-height: normal;
          white-space: {white_space}; overflow-wrap: break-word; tab-size: 8; margin: 0 0 10px 0; padding: 0; }}
div.wrap {{ text-wrap: wrap; }}
div.balance {{ text-wrap: balance; }}
"""
    divs = [f'<div class="job {mode}" data-i="{i}" style="width: {width}px">{html.escape(text, quote=False)}</div>'
            for i, (text, width, mode) in enumerate(layouts)]
    return page(style, "\n".join(divs), MEASURE)


def chromium_lines(chromium, layouts, white_space):
    """Chromium's lines for each layout (text, width, mode "wrap" or "balance"), and what the browser
    said about itself; one browser run a page of chromium_pages.JOBS_PER_PAGE layouts."""
    pages = in_pages(layouts)
    results = run_pages(chromium, [balance_page(part, white_space) for _, part in pages], "balance-vs-chromium-")
    lines = [None] * len(layouts)
    for (first, _), result in zip(pages, results):
        for layout in result["layouts"]:
            lines[first + layout["i"]] = layout["lines"]
    about = {k: results[-1][k] for k in ("userAgent", "faces", "supports")} if results else None
    return lines, about


def widest(lines):
    return max((l["width"] for l in lines), default=0.0)


def starts(lines):
    return [l["start"] for l in lines]


GROUPS = {"all": "all jobs", "multi": "2+ lines", "balanced": "balanced by both"}


def agreement(ours, theirs, groups):
    """Counts of jobs in each group (GROUPS; `groups` names a job's) with the same line count, the
    same starts and the widest line within the tolerance."""
    counts = {group: collections.Counter() for group in GROUPS}
    for i, (o, t) in enumerate(zip(ours, theirs)):
        for group in groups[i]:
            c = counts[group]
            c["jobs"] += 1
            c["count"] += len(o) == len(t)
            c["starts"] += starts(o) == starts(t)
            c["widest"] += abs(widest(o) - widest(t)) <= WIDTH_TOLERANCE
    return counts


def unshared_starts(text, lines, other_starts):
    """The probes for the starts of `lines` (one engine's) that `other_starts` (the other's) lacks:
    for each, the layout (the text from the start of the line before, at that line's width and a
    little more, greedy) whose first line ends there if the other engine may break there."""
    probes = []
    for before, line in zip(lines, lines[1:]):
        if line["start"] not in other_starts:
            probes.append(((utf16(text, before["start"]), before["width"] + PROBE_SLACK, "wrap"), line["start"] - before["start"]))
    return probes


def lacking_breaks(jobs, pairs, binary, chromium, white_space, profile):
    """For each job whose starts differ in `pairs` (ours, Chromium's), whether a start of one engine
    is no break opportunity for the other: each engine fills the text from the line before at that
    line's width, and does not end its first line there. Returns {job index: "ours" or "Chromium"}
    (the engine that lacks the break)."""
    probes = {"ours": [], "Chromium": []}
    lacking = {}
    for i, (ours, theirs) in pairs.items():
        text = jobs[i]["text"]
        probes["Chromium"] += [(i, p) for p in unshared_starts(text, ours, starts(theirs))]
        probes["ours"] += [(i, p) for p in unshared_starts(text, theirs, starts(ours))]
        # Our probe cannot tell a break from the cut of a word too long for the line, which lands
        # at the same place when the line holds no break opportunity ("symbolique :" cut before
        # the colon): UAX #14 (LB13) never breaks before these, even after spaces.
        if any(re.match(UAX14_NO_BREAK_AFTER_SPACE, utf16(text, l["start"] - 1, l["start"] + 1)) for l in theirs[1:]):
            lacking[i] = "ours"
    for engine, found in (("ours", our_lines(binary, [p[0] for _, p in probes["ours"]], profile) if probes["ours"] else []),
                          ("Chromium", chromium_lines(chromium, [p[0] for _, p in probes["Chromium"]], white_space)[0]
                           if probes["Chromium"] else [])):
        for (i, (_, expected)), lines in zip(probes[engine], found):
            if len(lines) < 2 or lines[1]["start"] != expected:
                lacking.setdefault(i, engine)
    return lacking


def last_break_opportunity(text):
    """Where a line could last start in `text`: after its last run of spaces (Chromium's orphan
    penalty falls on the break there; other break opportunities are rare in these texts)."""
    found = [len(text[:m.end()].encode("utf-16-le")) // 2 for m in re.finditer(r"[ \t]+(?=\S)", text)]
    return found[-1] if found else None


def chromium_score(lines, width, last_word_start):
    """What Chromium's balancing minimizes for these lines (its line penalty is the same for every
    breaking into one line count, so left out): the squared slack of every line, the last too, plus
    its orphan penalty when the last line is the paragraph's last word."""
    score = sum((width - l["width"]) ** 2 for l in lines)
    if lines and lines[-1]["start"] == last_word_start:
        score += CHROMIUM_ORPHAN_PENALTY
    return score


def squares(lines):
    """The sum of the squared widths of the lines: the less, the more even (balance's second aim)."""
    return sum(l["width"] ** 2 for l in lines)


def squares_slack(lines):
    """How far `squares` of one breaking may differ between the engines: each line's width by up to SAME_WIDTH."""
    return sum(2 * l["width"] * SAME_WIDTH for l in lines)


def cuts_a_word(text, lines):
    """Whether a line starts inside a word (a word too long for the line was cut)."""
    return any(re.match(r"\w\w", utf16(text, l["start"] - 1, l["start"] + 1)) for l in lines[1:])


def classify(job, ours_greedy, theirs_greedy, ours, theirs, lacking):
    """The kind (a key of BALANCE_KINDS) of a balance job whose line starts differ."""
    text, width = job["text"], job["width"]
    if starts(ours_greedy) != starts(theirs_greedy):
        return "greedy-differs"
    if lacking:
        return "break-rules"
    if len(ours_greedy) > CHROMIUM_MAX_BALANCED_LINES:
        return "more-than-6-lines"
    if cuts_a_word(text, ours_greedy):
        return "cut-word"
    first_paragraph_end = len(utf16(text, 0).split("\n")[0].encode("utf-16-le")) // 2
    if "\n" in text and [s for s in starts(ours) if s <= first_paragraph_end] == [s for s in starts(theirs) if s <= first_paragraph_end]:
        return "later-paragraph"
    if abs(widest(ours) - widest(theirs)) <= SAME_WIDTH and squares(theirs) < squares(ours) - squares_slack(theirs):
        return "our-tie-break"
    last_word = last_break_opportunity(text)
    if ours[-1]["start"] == last_word and theirs[-1]["start"] != last_word:
        return "orphan"
    if abs(widest(ours) - widest(theirs)) <= WIDTH_TOLERANCE:
        return "tie"
    if chromium_score(theirs, width, last_word) < chromium_score(ours, width, last_word) and widest(theirs) > widest(ours):
        return "evenness"
    return "other"


def percent(part, whole):
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def show_lines(text, lines):
    ends = starts(lines)[1:] + [None]
    return [f"{line['width']:7.2f} | {utf16(text, line['start'], end).rstrip()}" for line, end in zip(lines, ends)]


def print_kind(kind, meaning, members, jobs, layouts, examples):
    """One kind of difference: its count, its meaning and a few examples, both engines' lines."""
    print(f"\n{kind}: {len(members)} - {meaning}")
    for i in members[:examples]:
        job, (ours, theirs) = jobs[i], layouts[i]
        print(f"  {job['id']} (width {job['width']}): widest line ours {widest(ours):.2f}, Chromium's {widest(theirs):.2f}")
        for who, lines in (("ours", ours), ("Chromium", theirs)):
            print(f"    {who}:")
            for shown in show_lines(job["text"], lines):
                print("      " + shown)


def main():
    ap = study_parser(__doc__, "the seed of the sample (default 1)", DEJAVU_LANGS,
                      "corpus languages (default: those set in DejaVu Sans, %(default)s)")
    ap.add_argument("--white-space", default="pre-wrap", choices=["pre-wrap", "normal"], help="Chromium's white-space (default pre-wrap)")
    ap.add_argument("--json", help="write every job's lines from both engines here")
    ap.add_argument("--profile", default="standard", choices=["standard", "chromium", "pango"],
                    help="the profile every layout of ours is given (default %(default)s)")
    ap.add_argument("--check", action="store_true", help="exit 1 when the same balanced starts (of the jobs both engines balance) "
                    "are below their floor or a balanced difference is of no named kind")
    ap.add_argument("--starts-floor", type=float, default=FLOORS["starts"], help="--check's floor for the same starts (default %(default)s)")
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, DEJAVU_LANGS, "not set in DejaVu Sans by the corpus")

    jobs = make_jobs(langs, args.sample, args.seed)
    layouts = [(job["text"], job["width"], mode) for job in jobs for mode in ("wrap", "balance")]
    ours = our_lines(binary, layouts, args.profile)
    theirs, about = chromium_lines(args.chromium, layouts, args.white_space)
    ours_greedy, ours_balanced, theirs_greedy, theirs_balanced = ours[0::2], ours[1::2], theirs[0::2], theirs[1::2]
    # The jobs of two lines or more; and of those, the ones Chromium balances too: the same greedy
    # lines (so the same lines to choose from), at most 6 of them, no word cut, one paragraph.
    groups = [["all"] + (["multi"] if len(g) >= 2 else [])
              + (["balanced"] if 2 <= len(g) <= CHROMIUM_MAX_BALANCED_LINES and starts(g) == starts(t)
                 and not cuts_a_word(job["text"], g) and "\n" not in job["text"] else [])
              for job, g, t in zip(jobs, ours_greedy, theirs_greedy)]

    print(f"{about['userAgent']}\nCSS.supports text-wrap: balance {about['supports']['textWrapBalance']}, "
          f"text-wrap-style: balance {about['supports']['textWrapStyleBalance']}; white-space: {args.white_space}")
    print(f"{len(jobs)} jobs ({','.join(langs)}, seed {args.seed}, profile {args.profile}); 2+ lines: of two lines or more (our greedy); balanced by both: "
          f"those with the same greedy lines in both, at most {CHROMIUM_MAX_BALANCED_LINES}, no word cut, one paragraph")
    balanced_counts = agreement(ours_balanced, theirs_balanced, groups)["balanced"]
    for name, o, t in (("greedy", ours_greedy, theirs_greedy), ("balance", ours_balanced, theirs_balanced)):
        for group, c in agreement(o, t, groups).items():
            if name == "greedy" and group == "balanced":
                continue
            label = GROUPS[group]
            print(f"{name:8} {label:16} same line count {percent(c['count'], c['jobs']):>6}, same starts {percent(c['starts'], c['jobs']):>6}, "
                  f"widest within {WIDTH_TOLERANCE} px {percent(c['widest'], c['jobs']):>6}  (of {c['jobs']})")

    differing = {mode: {i: (o[i], t[i]) for i in range(len(jobs)) if starts(o[i]) != starts(t[i])}
                 for mode, o, t in (("wrap", ours_greedy, theirs_greedy), ("balance", ours_balanced, theirs_balanced))}
    lacking = {mode: lacking_breaks(jobs, pairs, binary, args.chromium, args.white_space, args.profile) for mode, pairs in differing.items()}
    greedy_kinds = collections.defaultdict(list)
    for i in differing["wrap"]:
        greedy_kinds["break-rules" if i in lacking["wrap"] else "edge"].append(i)
    print(f"\ngreedy: {len(differing['wrap'])} jobs with other starts, by kind:")
    for kind, meaning in GREEDY_KINDS.items():
        if greedy_kinds[kind]:
            print_kind(kind, meaning, greedy_kinds[kind], jobs, differing["wrap"], args.examples)
    balance_kinds = collections.defaultdict(list)
    for i in differing["balance"]:
        balance_kinds[classify(jobs[i], ours_greedy[i], theirs_greedy[i], ours_balanced[i], theirs_balanced[i],
                               lacking["balance"].get(i))].append(i)
    print(f"\nbalance: {len(differing['balance'])} jobs with other starts, by kind:")
    for kind, meaning in BALANCE_KINDS.items():
        if balance_kinds[kind]:
            print_kind(kind, meaning, balance_kinds[kind], jobs, differing["balance"], args.examples)

    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            for i, job in enumerate(jobs):
                f.write(json.dumps({"id": job["id"], "width": job["width"], "text": job["text"],
                                    "ours": {"wrap": ours_greedy[i], "balance": ours_balanced[i]},
                                    "chromium": {"wrap": theirs_greedy[i], "balance": theirs_balanced[i]}},
                                   ensure_ascii=False) + "\n")
    if args.check:
        finish_check(shares_below(FLOORS, args.starts_floor, {"starts": (balanced_counts["starts"], balanced_counts["jobs"])})
                     + unnamed_differences({"balance": balance_kinds}))


if __name__ == "__main__":
    main()
