"""Holds the CSS semantics the engine claims (line-height, text-align, justify, text-indent, -webkit-line-clamp, tab-size, letter-spacing) against headless Chromium on seeded samples of the corpus, one browser launch for all, and sorts the differences by kind.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/css_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs en,fr,de,ru,el,vi,he,ar] [--claims lineHeight,align,justify,indent,clamp[,tabSize,letterSpacing]]
      [--profile standard|chromium|pango] [--tolerance PX] [--chromium PATH] [--examples N]
      [--json OUT] [--check [--starts-floor SHARE] [--expect LIST]]

Makes the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text at 120, 240 and 360 px, size
17; DejaVu Sans, Noto Sans Hebrew or Noto Sans Arabic, DejaVu Sans after it for what it lacks) and
takes, for each claim, a sample of --sample of them (all when 0) drawn by --seed, each given
the claim's setting, drawn from the claim and the job's id alone (so a job has the same setting in
every sample, and an expected difference names it by its id):
- lineHeight (the DejaVu Sans languages): a multiple (LINE_HEIGHTS: `"lineHeight": 1.5`, CSS
  `line-height: 1.5`) or pixels (`"24px"`, `line-height: 24px`);
- align: `start`, `end`, `left`, `right` or `center` (`text-align` of the same name);
- justify: `justify` (`text-align: justify`);
- indent: a whole number of px from 4 to 40, half of them negative (a hanging indent: CSS
  `text-indent: Npx hanging each-line`, a positive one `Npx each-line`: our indent is each
  paragraph's first line's), aligned `start`, `justify`, `end` or `center`;
- clamp: `"lineClamp"` 1 to 3 (`truncate` end, the default): `display: -webkit-box;
  -webkit-box-orient: vertical; -webkit-line-clamp: N; overflow: hidden`;
- tabSize: the text with tabs (a third of its spaces made tabs, one in five of them two, a tab
  before one paragraph in four) and a `"tabSize"` of TAB_SIZES (CSS `tab-size`: spaces, or px),
  three jobs in ten indented by 4 to 40 px (`text-indent`);
- letterSpacing: a `"letterSpacing"` of LETTER_SPACINGS (CSS `letter-spacing`, px).
The last two (SPACING_CLAIMS) are held only when named in --claims, and --check holds them by the
chromium profile alone.
Lays every job out with our `textlayout batch --fonts-dir Fonts` ("glyphs": true, for each line's
runs; "profile" --profile, standard by default) and in headless Chromium, one div of the job's
width per job, all of them in one page (one browser launch; pages of PAGE_SIZE jobs when there are
more), the fonts embedded by @font-face,
`font-size: 17px`, `white-space: pre-wrap`, `overflow-wrap: break-word`, `unicode-bidi:
plaintext` (each paragraph's direction from its first strong character, as ours), `line-height:
normal` unless the claim sets it.

What is compared, for each job: the line starts (UTF-16 offsets; a job whose starts differ is
sorted into the break rules' kinds and compared no further), then the claim's figure on each line:
- lineHeight: the block's height within n/64 px (n lines; by the chromium profile, whose line
  heights are in Chromium's 1/64 px units, within the tolerance) and each line's text top (the top
  of its first cluster's rectangle, the font's content area) within the tolerance of ours (its
  baseline less the font's ascent, by the same profile);
- align, justify, indent: each line's content edges (left and right, hanging spaces left out)
  within the tolerance (--tolerance; TOLERANCES: 1 px by the standard and pango profiles, whose
  rules are not Chromium's, 1/64 px, Chromium's layout unit, by the chromium profile); a line
  off by more, but by less than 1/64 px a run and one more, is of the kind item-snapping;
- clamp: the kept line count, and the text the last kept line keeps (ours: up to the hidden
  range; Chromium's: the line as it broke, the ellipsis after it);
- tabSize, letterSpacing: each line's edges as align's, ours from the glyphs of its clusters that are not
  whitespace (the page leaves whitespace out of Chromium's, a tab that starts a line included),
  and the block's height within 1/64 px.
Prints the shares for each claim, then the differences sorted by kind (KINDS), with examples;
--json writes each job's details. --check exits 1, by the standard and pango profiles, when a share
is below its floor (FLOORS; the starts' with --starts-floor) or a difference is of no named kind;
by the chromium profile (or with --expect LIST), when the run does not hold the expected-difference
list (EXPECTED_CHROMIUM by default): a job whose starts or figure differs that the list does not
name for its claim, or a listed job of the sample that agrees (the list only shrinks); a job off
only by item-snapping is held by that kind's bound, not listed. Python 3 standard library only;
needs Chromium (Debian's /usr/bin/chromium).
"""
import collections, html, os, random, re, sys

from chromium_pages import (HERE, add_check_options, checked_study_arguments, finish_check, font_face, in_pages, make_jobs, page,
                            percent, run_batch, run_pages, shares_below, study_parser, unnamed_differences, utf16, write_details)

SIZE = 17
LANGS = ["en", "fr", "de", "ru", "el", "vi", "he", "ar"]
DEJAVU_LANGS = ["en", "fr", "de", "ru", "el", "vi"]
# Each language's font for us (make_jobs.py's) and the file Chromium embeds for it.
FONT_FILES = {"DejaVu Sans": "DejaVuSans.ttf", "Noto Sans Hebrew": "NotoSansHebrew-Regular.ttf",
              "Noto Sans Arabic": "NotoSansArabic-Regular.ttf"}
ARABIC = re.compile("[\u0600-\u06ff]")
# The whitespace the page leaves out of a line's edges (chromium_pages.LINES_SCRIPT's HANGING).
HANGING = re.compile("[ \t\n\u1680\u2000-\u2006\u2008-\u200a\u205f\u3000]")
LATIN = re.compile("[A-Za-z]")
CLAIMS = ["lineHeight", "align", "justify", "indent", "clamp", "tabSize", "letterSpacing"]
# The claims held when --claims is not given: the spacing claims are asked for by name.
DEFAULT_CLAIMS = ["lineHeight", "align", "justify", "indent", "clamp"]
LINE_HEIGHTS = [1, 1.2, 1.25, 1.5, 2, 0.9, "18px", "20.3px", "24px", "30.5px"]
ALIGNMENTS = ["start", "end", "left", "right", "center"]
INDENT_ALIGNMENTS = ["start", "justify", "end", "center"]
# The claims of spacing (tabs), whose lines' edges and block height are compared.
SPACING_CLAIMS = ["tabSize", "letterSpacing"]
# The letterSpacing claim's spacings in px (`"letterSpacing"`, CSS `letter-spacing`).
LETTER_SPACINGS = [0.5, 1, 2, 3.3, -0.5, -1.25, 0.1]
# The tabSize claim's sizes (`"tabSize"`, CSS `tab-size`): spaces, or pixels as strings.
TAB_SIZES = [8, 8, 4, 2, 1, 2.5, 0, "13px", "40px", "27.3px"]
# How many jobs one browser launch lays out (all the claims' at the default sample).
PAGE_SIZE = 1200
PROFILES = ["standard", "chromium", "pango"]
# Chromium's layout unit: each line box is its computed height floored to it.
LAYOUT_UNIT = 1 / 64
# How far a line's edges, or its text top, may lie from Chromium's by default, by profile: the
# chromium profile follows Chromium's rules and units, so to its layout unit; the others by 1 px.
TOLERANCES = {"standard": 1.0, "pango": 1.0, "chromium": LAYOUT_UNIT}
# The jobs whose layout by the chromium profile is expected to differ from Chromium's, each with its reason.
EXPECTED_CHROMIUM = os.path.join(HERE, "expected-differences-css-chromium.txt")
# How close to the box's width a line may be for the engines' rounding to decide whether it fits.
EDGE = 0.05
# The least shares --check accepts: the same starts (of all the claims' jobs), and of the jobs
# (lines) whose starts agree, those whose figure agrees.
FLOORS = {"starts": 0.95, "lineHeight": 1.0, "align": 0.99, "justify": 0.75, "indent": 0.55, "clamp": 0.7}

# The kinds of difference in a line's edges (align, justify, indent).
EDGE_KINDS = {
    "no-space-line": "justified, the line holds no space but those hanging at its end (a word cut, or one word): ours spreads "
                     "it over the gaps between its clusters (Pango's rule, and the browsers' for Chinese and Japanese), "
                     "Chromium leaves a line of Latin, Greek, Cyrillic, Hebrew or Arabic without spaces at its start",
    "indent-side": "indented, aligned to the end or centred: ours indents from the side a line is aligned to and narrows a "
                   "centred line without moving it (Pango's rule), CSS always indents from the start side (the line moves by "
                   "the indent, by half of it when centred)",
    "arabic-cut-word": "the line ends, or starts, in an Arabic word cut for being too long for a line (overflow-wrap): ours "
                       "draws the letters beside the cut in their final and initial forms (as Pango), Chromium keeps the joined "
                       "forms, as CSS Text asks of a word broken by overflow-wrap, so the line's width differs",
    "item-snapping": "a line of several runs (fonts, directions) off by less than 1/64 px a run, one more: Chromium snaps each "
                     "inline item's width up to its 1/64 px layout unit and sets the next after the snapped width, so a line's "
                     "far edge drifts by up to 1/64 px an item (`%s` beside Hebrew at 240 px: three runs, 16.6/1000 px wider), "
                     "where ours adds the runs' exact widths; named, not listed, and held by that bound",
    "other": "a line's edge off by more than the tolerance",
}
STARTS_KINDS = {
    "edge": f"the longer of the first two lines that differ is as wide as its room to within {EDGE} px: "
            "one engine's 1/64 px layout units fit it, the other's doubles do not",
    "break-rules": "a break opportunity one engine has and the other lacks (UAX #14 as ICU has it, ours; Chromium's own rules), "
                   "as in the studies without these settings",
    "other": "none of the kinds above",
}
KINDS = {
    "starts": STARTS_KINDS,
    "lineHeight": {"other": "a block height off by more than n/64 px or a line's text top by more than the tolerance"},
    "align": EDGE_KINDS,
    "justify": EDGE_KINDS,
    "tabSize": EDGE_KINDS,
    "letterSpacing": EDGE_KINDS,
    "indent": EDGE_KINDS,
    "clamp": {
        "arabic-joining": "Arabic, the kept text a letter or two longer or shorter than Chromium's cut (inferred as above): ours "
                          "measures the last kept letter as drawn after the cut, in its final form, Chromium the letters' widths "
                          "in the joined word (as Pango does, see Truncation in docs/line-model.md)",
        "bidi-cut": "the cut falls in a run of the other direction (a Latin word in a right-to-left line): ours keeps a "
                    "start of the text in logical order, Chromium hides what lies visually past the ellipsis",
        "past-the-break": "ours keeps more of the last line's paragraph: its text runs past where the line broke, as far as fits "
                          "with the ellipsis (Pango's rule); Chromium keeps the line as it broke and puts the ellipsis after it",
        "other": "another line count, or another kept text",
    },
}

# What the page measures: each div's lines (chromium_pages.LINES_SCRIPT's linesOf) with the top of
# each line's first cluster, the div's height, and for a clamped div each cluster's offset, left and right.
FUNCTIONS = """
function cssLinesOf(div) {
  const box = div.getBoundingClientRect();
  const tops = new Map(itemsOf(div).filter(item => item.rect).map(item => [item.offset, item.rect.top - box.top]));
  const clusters = div.classList.contains("clamp")
    ? itemsOf(div).filter(item => item.rect).map(item => [item.offset, item.rect.left - box.left, item.rect.right - box.left]) : null;
  return {height: box.height, lines: linesOf(div).map(line => Object.assign(line, {top: tops.get(line.start)})), clusters};
}
"""
MEASURE = """{layouts: [...document.querySelectorAll("div.job")].map(d => Object.assign({i: +d.dataset.i}, cssLinesOf(d)))}"""


def claimed_jobs(claims, langs, sample, seed):
    """For each claim, a sample of `sample` corpus jobs of `langs` (the DejaVu Sans ones for
    lineHeight) drawn by `seed`, each with the claim's setting drawn from the claim and the job's id:
    a list of (claim, job)."""
    everything = make_jobs(langs, 0, seed)
    chosen = []
    for claim in claims:
        pool = [j for j in everything if claim != "lineHeight" or j["id"].split("-")[0] in DEJAVU_LANGS]
        picked = (pool if sample == 0 or sample >= len(pool)
                  else [pool[i] for i in sorted(random.Random(f"{seed}-{claim}").sample(range(len(pool)), sample))])
        for job in picked:
            rng = random.Random(f"{claim}-{job['id']}")
            job = {"id": job["id"], "text": job["text"], "font": job["font"], "width": job["width"]}
            if claim == "lineHeight":
                job["lineHeight"] = rng.choice(LINE_HEIGHTS)
            elif claim == "align":
                job["align"] = rng.choice(ALIGNMENTS)
            elif claim == "justify":
                job["align"] = "justify"
            elif claim == "indent":
                job["indent"] = rng.randint(4, 40) * rng.choice([1, -1])
                job["align"] = rng.choice(INDENT_ALIGNMENTS)
            elif claim == "clamp":
                job["lineClamp"] = rng.randint(1, 3)
            elif claim == "tabSize":
                job["text"] = with_tabs(job["text"], rng)
                job["tabSize"] = rng.choice(TAB_SIZES)
                if rng.random() < 0.3:
                    job["indent"] = rng.randint(4, 40)
            elif claim == "letterSpacing":
                job["letterSpacing"] = rng.choice(LETTER_SPACINGS)
            chosen.append((claim, job))
    return chosen


def with_tabs(text, rng):
    """`text` with tabs: a third of its spaces made tabs (one in five of those two tabs), and a
    tab before one paragraph in four, as code and tables hold them."""
    out = []
    for k, c in enumerate(text):
        if k == 0 or text[k - 1] == "\n":
            out.append("\t" if rng.random() < 0.25 else "")
        out.append(("\t\t" if rng.random() < 0.2 else "\t") if c == " " and rng.random() < 1 / 3 else c)
    return "".join(out)


def our_layouts(binary, chosen, profile):
    """Our result for each job by `profile`, each line with its content's left and right edges."""
    results = run_batch(binary, [dict(job, id=i, size=SIZE, glyphs=True, font=job["font"] + ", DejaVu Sans", profile=profile)
                                 for i, (_, job) in enumerate(chosen)])
    for (claim, job), result in zip(chosen, results):
        for line in result["lines"]:
            # A right-to-left line's runs start left of its content by the spaces hanging there.
            runs_width = sum(run["width"] for run in line["runs"])
            right = line["x"] + (runs_width if line["direction"] == "rtl" else line["width"])
            line["left"], line["right"] = right - line["width"], right
            if claim in SPACING_CLAIMS:
                line["left"], line["right"] = inked_edges(job, line)
    return results


def inked_edges(job, line):
    """The left and right edges of the clusters of `line` that are not whitespace, from its glyphs,
    as the page measures Chromium's lines (a tab at the line's start is not its edge); a line of
    whitespace alone is (the width, 0), as the page has it."""
    edges = []
    for run in line["runs"]:
        x = line["x"] + run["x"]
        for advance, cluster in zip(run["advances"], run["clusters"]):
            unit = job["text"].encode("utf-16-le")[2 * cluster:2 * cluster + 2].decode("utf-16-le", "surrogatepass")
            if not HANGING.match(unit):
                edges.append((x, x + advance))
            x += advance
    return (min(e[0] for e in edges), max(e[1] for e in edges)) if edges else (job["width"], 0)


def div(i, claim, job):
    style = [f"width: {job['width']}px", f"font-family: \"Study{job['font']}\", \"StudyDejaVu Sans\""]
    if "lineHeight" in job:
        style.append(f"line-height: {job['lineHeight']}")
    if "align" in job:
        style.append(f"text-align: {job['align']}")
    if "indent" in job:
        style.append(f"text-indent: {abs(job['indent'])}px{' hanging' if job['indent'] < 0 else ''} each-line")
    if "lineClamp" in job:
        style.append(f"-webkit-line-clamp: {job['lineClamp']}")
    if "tabSize" in job:
        style.append(f"tab-size: {job['tabSize']}")
    if "letterSpacing" in job:
        style.append(f"letter-spacing: {job['letterSpacing']}px")
    kind = "job clamp" if claim == "clamp" else "job"
    return f'<div class="{kind}" data-i="{i}" style="{html.escape("; ".join(style))}">{html.escape(job["text"], quote=False)}</div>'


def chromium_layouts(chromium, chosen):
    """Chromium's {height, lines} for each job, and the browser's userAgent."""
    style = "".join(font_face(f"Study{family}", file) for family, file in FONT_FILES.items()) + """
body { margin: 0; }
div.job { font-size: 17px; font-kerning: normal; white-space: pre-wrap; overflow-wrap: break-word; unicode-bidi: plaintext;
          tab-size: 8; margin: 0 0 10px 0; padding: 0; }
div.clamp { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
"""
    pages = in_pages(chosen, PAGE_SIZE)
    results = run_pages(chromium, [page(style, "\n".join(div(i, *c) for i, c in enumerate(part)), MEASURE, FUNCTIONS)
                                   for _, part in pages], "css-vs-chromium-")
    layouts = [None] * len(chosen)
    for (first, _), result in zip(pages, results):
        for layout in result["layouts"]:
            layouts[first + layout["i"]] = layout
    return layouts, results[-1]["userAgent"] if results else ""


def starts(lines):
    return [l["start"] for l in lines]


def chromium_edges(line, width):
    """The left and right edges of a Chromium line's content in its div `width` px wide."""
    return width - line["left"], line["width"]


def room(job, k, lines, text):
    """The room of our line `k` (the width less the indent of an indented line)."""
    indent = job.get("indent", 0)
    first = k == 0 or utf16(text, lines[k]["start"] - 1, lines[k]["start"]) == "\n"
    return job["width"] - (abs(indent) if (indent > 0) == first and indent != 0 else 0)


def classify_starts(job, ours, theirs, natural):
    """The kind (of STARTS_KINDS) of a job whose starts differ; `natural` is our layout of the job
    left unjustified (a justified line's width is its room, whatever it holds)."""
    k = next(k for k in range(min(len(ours), len(theirs)) + 1)
             if k == len(ours) or k == len(theirs) or ours[k]["start"] != theirs[k]["start"])
    line = max(k - 1, 0)
    if line >= len(ours) or line >= len(theirs):
        return "other"
    width = room(job, line, ours, job["text"])
    left, right = chromium_edges(theirs[line], job["width"])
    if abs(natural[line]["width"] - width) <= EDGE or (job.get("align") != "justify" and abs(right - left - width) <= EDGE):
        return "edge"
    return "break-rules"


def line_height_differs(ours, theirs, ascent, tolerance, layout_units):
    """Whether the block height lies more than n/64 px from ours (`tolerance` when our lines are in
    Chromium's `layout_units` too), or a line's text top more than `tolerance`."""
    if abs(ours["height"] - theirs["height"]) > (tolerance if layout_units else len(ours["lines"]) * LAYOUT_UNIT) + 1e-9:
        return True
    return any(abs(o["baseline"] - ascent - t["top"]) > tolerance + 1e-9 for o, t in zip(ours["lines"], theirs["lines"]))


def edges_differ(job, o, t, tolerance):
    left, right = chromium_edges(t, job["width"])
    return abs(o["left"] - left) > tolerance + 1e-9 or abs(o["right"] - right) > tolerance + 1e-9


def item_snapping(job, o, t):
    """Whether line `o`'s edges lie within 1/64 px a run, and one more, of Chromium's line `t` (EDGE_KINDS' item-snapping)."""
    left, right = chromium_edges(t, job["width"])
    bound = (len(o["runs"]) + 1) * LAYOUT_UNIT + 1e-9
    return abs(o["left"] - left) <= bound and abs(o["right"] - right) <= bound


def indent_side(job, k, lines, o, t, tolerance):
    """Whether line `k` differs only by where the indent goes when it is aligned to the end or centred (KINDS' indent-side)."""
    indent = abs(job["indent"])
    if job["align"] not in ("end", "center") or room(job, k, lines, job["text"]) == job["width"]:
        return False
    shift = indent if job["align"] == "end" else indent / 2
    left, right = chromium_edges(t, job["width"])
    return any(abs(o["left"] + s - left) <= tolerance + 1e-9 and abs(o["right"] + s - right) <= tolerance + 1e-9 for s in (shift, -shift))


def kept_text(job, result):
    """Our last kept line's text (to the hidden range when text is hidden)."""
    last = result["lines"][-1]
    end = result["truncated"]["start"] if "truncated" in result else last["end"]
    return utf16(job["text"], last["start"], end)


def chromium_kept_text(job, lines, count):
    """Chromium's last kept line's text: the line as it broke (without its hard break)."""
    end = lines[count]["start"] if count < len(lines) else None
    return utf16(job["text"], lines[count - 1]["start"], end).rstrip("\n")


def no_space_line(job, lines, k):
    """Whether our line `k` holds no space (U+0020, U+00A0) but those hanging at its end."""
    end = lines[k + 1]["start"] if k + 1 < len(lines) else None
    return not any(c in " \u00a0" for c in utf16(job["text"], lines[k]["start"], end).rstrip(" \t\n"))


def chromium_cut(job, theirs, count, ellipsis, direction):
    """The longest start of Chromium's last kept line whose clusters end, from the line's start side,
    within the box less the ellipsis' width (`ellipsis`, ours): what Chromium keeps when the line
    and the ellipsis do not fit (NGLineTruncator), read from its clusters' rectangles."""
    start, width = theirs["lines"][count - 1]["start"], job["width"]
    end = theirs["lines"][count]["start"] if count < len(theirs["lines"]) else None
    kept = start
    for offset, left, right in theirs["clusters"]:
        if offset < start or (end is not None and offset >= end):
            continue
        if (width - left if direction == "rtl" else right) > width - ellipsis + 1e-9:
            break
        kept = next_cluster_end(theirs["clusters"], offset, end, job["text"])
    return utf16(job["text"], start, kept)


def next_cluster_end(clusters, offset, end, text):
    """Where the cluster at `offset` ends: the next cluster's offset, or `end` (the text's end when None)."""
    later = [o for o, _, _ in clusters if o > offset]
    return later[0] if later else (end if end is not None else len(text.encode("utf-16-le")) // 2)


def arabic_cut_word(job, lines, k):
    """Whether our line `k` ends, or starts, inside a word (a word cut for being too long) between Arabic letters."""
    def cut_at(start):
        around = utf16(job["text"], start - 1, start + 1)
        return len(around) == 2 and all(ARABIC.match(c) and c.isalpha() for c in around)
    return (k + 1 < len(lines) and cut_at(lines[k + 1]["start"])) or (k > 0 and cut_at(lines[k]["start"]))


def longer_part(a, b):
    """What the longer of two texts, one the start of the other, has past the shorter (the whole of `a` when neither starts the other)."""
    shorter, longer = sorted((a, b), key=len)
    return longer[len(shorter):] if longer.startswith(shorter) else a


def compare(claim, job, ours, theirs, ascent, tolerance, layout_units):
    """(counted units, agreeing units, kind of the difference or None, lines off only by item-snapping) of a job whose starts agree."""
    lines, their_lines = ours["lines"], theirs["lines"]
    if claim == "lineHeight":
        differs = line_height_differs(ours, theirs, ascent, tolerance, layout_units)
        return 1, int(not differs), "other" if differs else None, 0
    if claim in ("align", "justify", "indent") or claim in SPACING_CLAIMS:
        off = [k for k, (o, t) in enumerate(zip(lines, their_lines)) if edges_differ(job, o, t, tolerance)]
        # A line within the item-snapping bound is that kind: the rules' differences move a line by whole pixels.
        kinds = ["item-snapping" if item_snapping(job, lines[k], their_lines[k])
                 else "no-space-line" if job.get("align") == "justify" and no_space_line(job, lines, k)
                 else "arabic-cut-word" if arabic_cut_word(job, lines, k)
                 else "indent-side" if claim == "indent" and indent_side(job, k, lines, lines[k], their_lines[k], tolerance)
                 else "other" for k in off]
        # The job's kind: "other" before any named kind, item-snapping only when it is the only one.
        # A spacing claim's block height too, within 1/64 px (its lines are the job's, and no line height is set).
        tall = claim in SPACING_CLAIMS and abs(ours["height"] - theirs["height"]) > LAYOUT_UNIT + 1e-9
        kinds += ["other"] if tall else []
        kind = next((k for k in ["other"] + list(EDGE_KINDS) if k in kinds and k != "item-snapping"), "item-snapping" if kinds else None)
        extra = int(claim in SPACING_CLAIMS)
        return len(lines) + extra, len(lines) + extra - len(off) - int(tall), kind, kinds.count("item-snapping")
    # clamp: the kept lines (Chromium's box holds them), then the last one's text.
    count = min(job["lineClamp"], len(their_lines))
    if len(lines) != count:
        return 1, 0, "other", 0
    ours_kept, theirs_kept = kept_text(job, ours), chromium_kept_text(job, their_lines, count)
    if ours_kept.rstrip() == theirs_kept.rstrip():
        return 1, 1, None, 0
    if "truncated" in ours and ours_kept.startswith(theirs_kept) and count < len(their_lines):
        return 1, 0, "past-the-break", 0
    if "truncated" in ours:
        # Chromium's last line and the ellipsis after it are wider than the box: Chromium cuts the
        # line too, where the page cannot see it, and the cut is inferred from its clusters.
        cut = chromium_cut(job, theirs, count, ours["ellipsis"]["width"], lines[-1]["direction"])
        if ours_kept == cut:
            return 1, 1, "inferred", 0
        if ARABIC.search(cut) and " " not in longer_part(ours_kept, cut):
            return 1, 0, "arabic-joining", 0
        if lines[-1]["direction"] == "rtl" and LATIN.search(longer_part(ours_kept, cut)):
            return 1, 0, "bidi-cut", 0
    return 1, 0, "other", 0


# What an expected difference names as differing, by claim (besides "starts", the line starts).
FIGURES = {"lineHeight": "height", "align": "edges", "justify": "edges", "indent": "edges", "clamp": "kept", "tabSize": "edges", "letterSpacing": "edges"}


def read_expected(path):
    """The expected-difference list at `path`: {(claim, job id): (what differs, reason)}, each line
    `CLAIM JOB-ID WHAT REASON` (WHAT "starts" or the claim's FIGURES), `#` lines comments."""
    expected = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\n").split(" ", 3)
            if len(fields) < 4 or fields[0] not in CLAIMS or fields[2] not in ("starts", FIGURES[fields[0]]) or not fields[3].strip():
                sys.exit(f"{path}:{n}: not `CLAIM JOB-ID WHAT REASON` (WHAT starts or the claim's {FIGURES}): {line.strip()}")
            if (fields[0], fields[1]) in expected:
                sys.exit(f"{path}:{n}: {fields[0]} {fields[1]} listed twice")
            expected[(fields[0], fields[1])] = (fields[2], fields[3])
    return expected


def unexpected(expected, outcomes):
    """What a run does not hold of the `expected` differences: `outcomes` is {(claim, job id): what
    differs, or None when the job agrees} for each job of the run (listed jobs outside it are not held)."""
    problems = []
    for (claim, job_id), what in outcomes.items():
        listed = expected.get((claim, job_id))
        if what and not listed:
            problems.append(f"{claim} {job_id}: its {what} differ, not listed")
        elif what and listed[0] != what:
            problems.append(f"{claim} {job_id}: its {what} differ, listed as its {listed[0]}")
        elif not what and listed:
            problems.append(f"{claim} {job_id}: agrees, listed as differing in its {listed[0]} (take it off the list)")
    return problems


def show(job, ours, theirs):
    text = job["text"]
    settings = ", ".join(f"{k} {job[k]}" for k in ("lineHeight", "align", "indent", "lineClamp", "tabSize", "letterSpacing") if k in job)
    rows = [f"  {job['id']} width {job['width']}: {settings}"]
    for name, lines in (("ours", ours["lines"]), ("chromium", theirs["lines"])):
        cut = starts(lines) + [len(text.encode('utf-16-le')) // 2]
        rows.append(f"    {name:8} |" + "|".join(utf16(text, a, b).replace("\n", "\\n").replace("\t", "\\t") for a, b in zip(cut, cut[1:])) + "|")
    rows.append(f"    heights ours {ours['height']:.4f}, chromium {theirs['height']:.4f}; edges ours "
                + " ".join(f"{l['left']:.2f}-{l['right']:.2f}" for l in ours["lines"]) + " / chromium "
                + " ".join("{:.2f}-{:.2f}".format(*chromium_edges(l, job["width"])) for l in theirs["lines"]))
    if "truncated" in ours:
        rows.append(f"    kept ours {kept_text(job, ours)!r}")
    return "\n".join(rows)


def main():
    ap = study_parser(__doc__, "the seed of the samples and of each job's setting (default 1)", LANGS,
                      "corpus languages (default %(default)s; lineHeight takes the DejaVu Sans ones)")
    ap.add_argument("--claims", default=",".join(DEFAULT_CLAIMS), help=f"the claims held, of {','.join(CLAIMS)} (default %(default)s)")
    ap.add_argument("--profile", default="standard", choices=PROFILES, help="the profile every job is given (default %(default)s)")
    ap.add_argument("--tolerance", type=float, help="how far (px) a line's edge or text top may lie from Chromium's "
                    "(default by profile: " + ", ".join(f"{p} {t:g}" for p, t in TOLERANCES.items()) + ")")
    add_check_options(ap, FLOORS, "or a difference is of no named kind; by the chromium profile, when the run does not hold --expect")
    ap.add_argument("--expect", help="the expected-difference list --check holds the run to (default by the chromium profile: "
                    f"{os.path.relpath(EXPECTED_CHROMIUM)}; by the others none, the floors instead)")
    ap.set_defaults(sample=200)
    args = ap.parse_args()
    langs, binary = checked_study_arguments(ap, args, LANGS, "has no bundled font")
    claims = [c for c in args.claims.split(",") if c]
    if not claims or any(c not in CLAIMS for c in claims):
        ap.error(f"--claims: {args.claims} is not a list of {','.join(CLAIMS)}")
    if args.check and args.profile != "chromium" and any(c in SPACING_CLAIMS for c in claims):
        ap.error(f"--check holds {' and '.join(SPACING_CLAIMS)} by the chromium profile only (the others' line heights and tab stops are not Chromium's)")
    tolerance = TOLERANCES[args.profile] if args.tolerance is None else args.tolerance
    if tolerance < 0:
        ap.error(f"--tolerance must be 0 or more, not {args.tolerance}")
    expect = args.expect or (EXPECTED_CHROMIUM if args.profile == "chromium" else None)
    expected = read_expected(expect) if expect else None

    chosen = claimed_jobs(claims, langs, args.sample, args.seed)
    ours = our_layouts(binary, chosen, args.profile)
    theirs, user_agent = chromium_layouts(args.chromium, chosen)
    # DejaVu Sans' ascent (its line gap is 0): the baseline of a line of `lineHeight` normal.
    differing = [i for i, ((claim, _), o, t) in enumerate(zip(chosen, ours, theirs))
                 if starts(o["lines"]) != (starts(t["lines"])[:len(o["lines"])] if claim == "clamp" else starts(t["lines"]))]
    unjustified = (our_layouts(binary, [(claim, dict(job, align="start")) for claim, job in (chosen[i] for i in differing)], args.profile)
                   if differing else [])
    natural = {i: result["lines"] for i, result in zip(differing, unjustified)}
    ascent = run_batch(binary, [{"text": "x", "font": "DejaVu Sans", "size": SIZE, "profile": args.profile}])[0]["lines"][0]["baseline"]
    outcomes = {}

    counts = {claim: collections.Counter() for claim in claims}
    differences = {what: collections.defaultdict(list) for what in ["starts"] + claims}
    details = []
    for i, ((claim, job), o, t) in enumerate(zip(chosen, ours, theirs)):
        c = counts[claim]
        c["jobs"] += 1
        # A clamped layout's starts are the kept lines'; Chromium's lines go on below the box.
        their_starts = starts(t["lines"])[:len(o["lines"])] if claim == "clamp" else starts(t["lines"])
        kind = None
        if starts(o["lines"]) != their_starts:
            kind = classify_starts(job, o["lines"], t["lines"], natural[i])
            differences["starts"][kind].append(i)
            outcomes[(claim, job["id"])] = "starts"
        else:
            c["starts"] += 1
            counted, agreeing, kind, snapped = compare(claim, job, o, t, ascent, tolerance, args.profile == "chromium")
            c["snapped"] += snapped
            # A job off only by item-snapping is held by that kind's bound, not listed.
            outcomes[(claim, job["id"])] = FIGURES[claim] if counted != agreeing and kind != "item-snapping" else None
            c["units"] += counted
            c["agreeing"] += agreeing
            if kind == "inferred":
                c["inferred"] += 1
            elif kind:
                differences[claim][kind].append(i)
            if claim == "clamp":
                c["hidden"] += "truncated" in o
        detail = {"claim": claim, **job, "kind": kind, "ours": o["lines"], "chromium": t}
        if claim == "clamp" and "truncated" in o and kind is not None:
            count = min(job["lineClamp"], len(t["lines"]))
            detail["kept"] = kept_text(job, o)
            detail["chromiumKept"] = chromium_kept_text(job, t["lines"], count)
            detail["chromiumCut"] = chromium_cut(job, t, count, o["ellipsis"]["width"], o["lines"][-1]["direction"])
        details.append(detail)

    print(user_agent)
    print(f"{len(chosen)} jobs ({','.join(langs)}, {args.sample or 'all'} a claim, seed {args.seed}), profile {args.profile}, "
          f"tolerance {tolerance:g} px")
    units = {"lineHeight": "jobs' heights and text tops", "align": "lines' edges", "justify": "lines' edges", "tabSize": "lines' edges and jobs' heights", "letterSpacing": "lines' edges and jobs' heights",
             "indent": "lines' edges", "clamp": "jobs' kept line count and last line"}
    shares = {"starts": (sum(c["starts"] for c in counts.values()), sum(c["jobs"] for c in counts.values()))}
    for claim in claims:
        c = counts[claim]
        shares[claim] = (c["agreeing"], c["units"])
        extra = f", {c['hidden']} of them hiding text" if claim == "clamp" else ""
        inferred = f", {c['inferred']} of them by Chromium's cut inferred from its clusters" if claim == "clamp" else ""
        snapped = (f", with the item-snapping bound {percent(c['agreeing'] + c['snapped'], c['units'])} "
                   f"({c['agreeing'] + c['snapped']} of {c['units']})" if c["snapped"] else "")
        print(f"{claim:10} same starts {percent(c['starts'], c['jobs'])} ({c['starts']} of {c['jobs']}){extra}; "
              f"{units[claim]} within tolerance {percent(*shares[claim])} ({shares[claim][0]} of {shares[claim][1]}){inferred}{snapped}")
    print(f"all claims same starts {percent(*shares['starts'])} ({shares['starts'][0]} of {shares['starts'][1]})")
    for what, kinds in differences.items():
        if not kinds:
            continue
        print(f"\n{what}: {sum(len(m) for m in kinds.values())} jobs differ, by kind:")
        for kind, meaning in KINDS[what].items():
            if kinds.get(kind):
                print(f"\n{what} {kind}: {len(kinds[kind])} - {meaning}")
                for i in kinds[kind][:args.examples]:
                    print(show(chosen[i][1], ours[i], theirs[i]))

    write_details(args.json, details)
    if args.check and expected is not None:
        problems = unexpected(expected, outcomes)
        listed = sum(1 for key in outcomes if key in expected)
        if problems:
            sys.exit(f"the run does not hold {os.path.relpath(expect)} ({len(problems)}): " + "; ".join(problems))
        print(f"\nthe run holds {os.path.relpath(expect)}: {listed} listed jobs of the sample differ as listed, every other job agrees")
    elif args.check:
        floors = {what: floor for what, floor in FLOORS.items() if what in shares}
        finish_check(shares_below(floors, args.starts_floor, shares) + unnamed_differences(differences))


if __name__ == "__main__":
    main()
