"""What the studies against headless Chromium share: the corpus jobs, the bundled fonts as @font-face rules, pages of many divs run in the browser, and the page script that finds each line's start by Range.getClientRects.

Python 3 standard library only; needs Chromium (Debian's /usr/bin/chromium).
"""
import argparse, base64, collections, concurrent.futures, html, json, os, random, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import expected_differences  # noqa: E402
FONTS = os.path.join(ROOT, "Fonts")
# The layouts of one browser run: a page of this many divs.
JOBS_PER_PAGE = 800
# How many browsers load pages at once under virtual time (run_pages): the environment's
# TEXTLAYOUT_CHROMIUM_PAGES_AT_ONCE, else one. CI's expected-differences stage, whose studies run
# one after the other, sets two; `swift test` keeps one, its suites already running side by side
# (two at once there took its whole run from 381 to 411 s).
PAGE_RUNS_AT_ONCE = max(1, int(os.environ.get("TEXTLAYOUT_CHROMIUM_PAGES_AT_ONCE", "1")))

# The page's shared functions. itemsOf: the div's content in text order, each grapheme cluster of
# its text nodes and each child element marked `data-unit` (an object: one UTF-16 unit, its
# U+FFFC; or as many as its `data-length` says, a span of text laid out as one unit), with its
# UTF-16 offset and its first client rectangle of some height (null when it has none); addClusters
# adds a text node's clusters, `offset` the offset of its first. linesOf: a text-only div's lines,
# {start, width, left}: a line starts at a cluster whose rectangle's middle lies below the bottom of
# the first rectangle of the line before; its width
# reaches from the div's left edge to the right edge of its rightmost cluster that does not hang
# (spaces at the end of a line), and `left` from the div's right edge to the left edge of its
# leftmost one (the width of a line aligned to the right, as a right-to-left one at its start).
LINES_SCRIPT = r"""
const HANGING = /^[ \t\n\u1680\u2000-\u2006\u2008-\u200a\u205f\u3000]+$/;
const SEGMENTER = new Intl.Segmenter(undefined, {granularity: "grapheme"});
function addClusters(items, node, offset, range) {
  for (const {segment, index} of SEGMENTER.segment(node.data)) {
    range.setStart(node, index);
    range.setEnd(node, index + segment.length);
    const rect = [...range.getClientRects()].find(r => r.height > 0) || null;
    items.push({offset: offset + index, segment, element: null, rect});
  }
}
function itemsOf(div) {
  const items = [];
  const range = document.createRange();
  let offset = 0;
  for (const node of div.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      addClusters(items, node, offset, range);
      offset += node.data.length;
    } else if (node.nodeType === Node.ELEMENT_NODE && node.dataset.unit !== undefined) {
      items.push({offset, segment: null, element: node, rect: node.getBoundingClientRect()});
      offset += node.dataset.length ? +node.dataset.length : 1;
    }
  }
  return items;
}
function linesOf(div) {
  const box = div.getBoundingClientRect();
  const lines = [];
  let bottom = -Infinity;
  for (const item of itemsOf(div)) {
    const rect = item.rect;
    if (!rect) continue;
    const middle = (rect.top + rect.bottom) / 2;
    if (middle > bottom) {
      lines.push({start: item.offset, width: 0, left: 0});
      bottom = rect.bottom;
    }
    if (!HANGING.test(item.segment)) {
      const line = lines[lines.length - 1];
      line.width = Math.max(line.width, rect.right - box.left);
      line.left = Math.max(line.left, box.right - rect.left);
    }
  }
  return lines;
}
"""

_font_data = {}


def font_face(family, file_name):
    """An @font-face rule that embeds Fonts/`file_name` (base64) as `family`."""
    if file_name not in _font_data:
        with open(os.path.join(FONTS, file_name), "rb") as f:
            _font_data[file_name] = base64.b64encode(f.read()).decode("ascii")
    mime, kind = ("otf", "opentype") if file_name.endswith(".otf") else ("ttf", "truetype")
    return f'@font-face {{ font-family: "{family}"; src: url(data:font/{mime};base64,{_font_data[file_name]}) format("{kind}"); }}\n'


def make_jobs(langs, sample, seed):
    """The corpus jobs of `langs` (Benchmarks/Corpus/make_jobs.py: every text at 120, 240 and 360
    px, size 17, each language's font), a seeded sample of `sample` of them (all when 0), in corpus order."""
    made = subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "Corpus", "make_jobs.py"), "--langs", ",".join(langs)],
                          capture_output=True, text=True, check=True).stdout.splitlines()
    jobs = [json.loads(line) for line in made]
    if 0 < sample < len(jobs):
        chosen = sorted(random.Random(seed).sample(range(len(jobs)), sample))
        jobs = [jobs[i] for i in chosen]
    return jobs


def run_batch(binary, jobs, fonts_dir=FONTS):
    """Our results for `jobs` (dicts) from `textlayout batch --fonts-dir Fonts` (`fonts_dir`; None: the system's fonts
    then the bundled ones), in order; stops the study when a job fails or goes unanswered."""
    run = subprocess.run([binary, "batch"] + (["--fonts-dir", fonts_dir] if fonts_dir else []), capture_output=True, text=True,
                         input="".join(json.dumps(job, ensure_ascii=False) + "\n" for job in jobs))
    results = [json.loads(line) for line in run.stdout.splitlines()]
    if len(results) != len(jobs):
        sys.exit(f"textlayout batch answered {len(results)} of {len(jobs)} jobs: {run.stderr.strip()}")
    failed = [r for r in results if "error" in r]
    if failed:
        sys.exit(f"textlayout batch failed {len(failed)} jobs, first: {json.dumps(failed[0], ensure_ascii=False)}")
    return results


def utf16(text, start, end=None):
    """`text` from UTF-16 offset `start` to `end` (the end when None)."""
    units = text.encode("utf-16-le")
    return units[2 * start:None if end is None else 2 * end].decode("utf-16-le")


def percent(part, whole):
    """`part` of `whole` as a percentage with two decimals ("-" of nothing)."""
    return f"{100.0 * part / whole:.2f}%" if whole else "-"


def print_shares_by_language(jobs, agrees, title, noun="jobs"):
    """Prints `title`, then for each language (a job id's first part) its jobs and the share of them for which `agrees(i)`
    (i the job's index) is true."""
    groups = {}
    for i, job in enumerate(jobs):
        groups.setdefault(job["id"].split("-")[0], []).append(i)
    print(title)
    for lang, members in sorted(groups.items()):
        print(f"  {lang:6} {len(members):5} {noun}  {percent(sum(1 for i in members if agrees(i)), len(members))}")


def line_texts(text, starts):
    """The text of each line of `text` that starts at the UTF-16 offsets `starts`, without its hard break."""
    ends = starts[1:] + [None]
    return [utf16(text, start, end).rstrip("\n") for start, end in zip(starts, ends)]


def page(style, body, measure, functions=""):
    """A page: `style` (CSS), `body` (HTML), LINES_SCRIPT and `functions` (more JavaScript), and once the fonts are loaded the
    object `measure` (a JavaScript expression) returns (every face loaded first, used or not), with the browser's userAgent and the
    status of each font face, written as JSON into <pre id="result">."""
    script = (LINES_SCRIPT + functions + "async function measureAll() {\n"
              "  await Promise.all([...document.fonts].map(f => f.load()));\n  await document.fonts.ready;\n"
              "  const faces = [...document.fonts].map(f => f.family + \":\" + f.status);\n"
              f"  const result = Object.assign({{userAgent: navigator.userAgent, faces}}, {measure});\n"
              "  document.getElementById(\"result\").textContent = JSON.stringify(result);\n}\n"
              "window.addEventListener(\"load\", measureAll);\n")
    return (f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><style>{style}</style></head><body>\n'
            + body + f'\n<pre id="result"></pre>\n<script>{script}</script>\n</body></html>\n')


def run_pages(chromium, pages, prefix, virtual_time=True):
    """Loads each page (HTML text) in headless Chromium and returns what its script wrote, one
    result object a page, in page order; stops the study when the browser gives none or did not
    load a font. Without `virtual_time` the browser runs in real time (performance.now() then
    advances while a script lays out; under the virtual time budget it may not), and a page must
    write its result by the end of its load event. Under virtual time PAGE_RUNS_AT_ONCE browsers
    may run side by side, each with a profile folder of its own: a page's layout does not depend on
    the time it takes. A browser leaves part of a core idle while it loads a page: on two idle cores
    two at once took 23 s where one took 27 (the corpus study's 3,200-job sample) and 20 s where one
    took 25 (the column study's sets as CI runs them). Timed pages run one at a time."""
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        def load(numbered):
            n, text = numbered
            path = os.path.join(folder, f"page{n}.html")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            run = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={folder}/profile{n}"]
                                 + (["--virtual-time-budget=30000"] if virtual_time else []) + ["--dump-dom", "file://" + path],
                                 capture_output=True, text=True)
            found = re.search(r'<pre id="result">(.*?)</pre>', run.stdout, re.S)
            if run.returncode != 0 or not found or not found.group(1):
                return f"Chromium gave no result for {path} (status {run.returncode}): {run.stderr.strip()[-2000:]}"
            result = json.loads(html.unescape(found.group(1)))
            if not all(face.endswith(":loaded") for face in result["faces"]):
                return f"Chromium did not load the fonts: {result['faces']}"
            return result
        at_once = PAGE_RUNS_AT_ONCE if virtual_time else 1
        with concurrent.futures.ThreadPoolExecutor(max_workers=at_once) as pool:
            results = list(pool.map(load, enumerate(pages)))
    for result in results:
        if isinstance(result, str):
            sys.exit(result)
    return results


def job_layouts(chromium, jobs, make_page, prefix):
    """What Chromium reports of each job, in job order, and the browser's userAgent: the jobs in
    pages (in_pages) made by `make_page` (a page's jobs: its HTML), whose result's `layouts` are
    one object a job, `i` its index in its page."""
    pages = in_pages(jobs)
    results = run_pages(chromium, [make_page(part) for _, part in pages], prefix)
    layouts = [None] * len(jobs)
    for (first, _), result in zip(pages, results):
        for layout in result["layouts"]:
            layouts[first + layout["i"]] = layout
    return layouts, results[-1]["userAgent"] if results else ""


def in_pages(items, size=JOBS_PER_PAGE):
    """`items` cut into pages of `size` (JOBS_PER_PAGE unless given): (index of the first, the page's items)."""
    return [(first, items[first:first + size]) for first in range(0, len(items), size)]


def study_parser(doc, seed_help, langs, langs_help):
    """The argument parser of a study described by `doc` (its first line the description), with the
    options every study takes: --textlayout, --chromium, --sample, --seed, --langs, --examples."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0], epilog="\n".join(doc.split("\n")[1:]),
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--textlayout", default=os.path.join(ROOT, ".build", "debug", "textlayout"), help="our CLI (default: .build/debug/textlayout)")
    ap.add_argument("--chromium", default="/usr/bin/chromium", help="the browser (default: /usr/bin/chromium)")
    ap.add_argument("--sample", type=int, default=400, help="how many corpus jobs, chosen at random (0: all; default 400)")
    ap.add_argument("--seed", type=int, default=1, help=seed_help)
    ap.add_argument("--langs", default=",".join(langs), help=langs_help)
    ap.add_argument("--examples", type=int, default=2, help="examples shown for each kind of difference (default 2)")
    return ap


def add_check_options(ap, floors, also_fails):
    """The options of a study with floors: --json (each job's details), --check (exit 1 below a
    floor of `floors` or when `also_fails`, a phrase) and --starts-floor (the starts' floor)."""
    ap.add_argument("--json", help="write each job's details here (JSON Lines)")
    ap.add_argument("--check", action="store_true", help="exit 1 when a figure is below its floor (" +
                    ", ".join(f"{k} {100 * v:g}%%" for k, v in floors.items()) + "), " + also_fails)
    ap.add_argument("--starts-floor", type=float, default=floors["starts"],
                    help="--check's floor for the same starts, as a share (default %(default)s; a small sample varies more)")


def add_expect_option(ap, path):
    """--expect LIST: hold the run to a list of expected differences (`path` the committed one) instead of --check's floors."""
    ap.add_argument("--expect", metavar="LIST", nargs="?", const=path,
                    help="hold every job of the run to LIST's expected differences, set-up KEY=VALUE (scripts/expected_differences.py): "
                         "a difference not listed, or a listed job of the run that agrees, exits 1 (LIST by default: "
                         + os.path.relpath(path, ROOT) + ")")


def listed_choices(ap, option, given, allowed):
    """The comma-separated words of option `option`'s value `given`, each one of `allowed`; a usage error (exit 2) naming the
    option and the allowed words when any is not, or none is given."""
    chosen = [word for word in given.split(",") if word]
    if not chosen or any(word not in allowed for word in chosen):
        ap.error(f"{option}: {given} is not a list of {','.join(allowed)}")
    return chosen


class Tally:
    """A study's agreement: for each key (a value; a claim and a value) its jobs and those that agree, counted also by
    part (as is, varied) when a job has one; the differences grouped by key and kind, with the figures that differ;
    each job's details for --json."""

    def __init__(self):
        self.counts = collections.defaultdict(collections.Counter)
        self.differences = collections.defaultdict(list)
        self.details = []
        # By key: every job id run, and each differing job's figures (expected_differences.FIGURES).
        self.run_ids = collections.defaultdict(list)
        self.found = collections.defaultdict(dict)

    def add(self, key, job, ours, theirs, kind, figures=frozenset(), part=None, **detail):
        """Counts `job` under `key` (and `part`): it agrees when `kind` is None, else it is a difference of that kind
        in `figures` (not empty)."""
        assert bool(kind) == bool(figures), f"{job['id']}: a difference names its figures, an agreement none"
        counts = self.counts[key]
        for prefix in ("",) + ((part + " ",) if part else ()):
            counts[prefix + "jobs"] += 1
            counts[prefix + "agree"] += kind is None
        self.run_ids[key].append(job["id"])
        if kind:
            self.differences[key, kind].append((job, ours, theirs))
            self.found[key][job["id"]] = (figures, job, ours, theirs)
        self.details.append(dict(detail, id=job["id"], width=job["width"], kind=kind, ours=ours, chromium=theirs))

    def finish(self, args, below, name_of, setup_of, show, kinds, extra=lambda key, ours, theirs: "", list_ids=False):
        """Ends a study: prints the differences by key and kind (`name_of(key)` names a key, `kinds` a kind) with --examples
        of each (`show` their layouts, `extra` what a study adds), every id of a kind when `list_ids`; writes --json; holds
        the run to --expect's list (set-ups `setup_of(key)`) or to --check's floors (`below`, from ``summary``)."""
        for (key, kind), members in sorted(self.differences.items()):
            print(f"\n{name_of(key)}, {kind} ({len(members)}): {kinds.get(kind, kind)}")
            for job, ours, theirs in members[:args.examples]:
                print(show(job, [("ours", ours), ("chromium", theirs)]) + extra(key, ours, theirs))
            if list_ids:
                print("  ids: " + " ".join(f"{job['id']}@{job['width']}" for job, _, _ in members))
        write_details(args.json, self.details)
        if args.expect:
            self.hold(args.expect, setup_of, show)
        if args.check:
            finish_check(below)

    def hold(self, path, setup_of, show):
        """Holds every key's jobs to the list of expected differences at `path` (scripts/expected_differences.py), the
        key's set-up named by `setup_of(key)`; `show(job, [(name, layout), ...])` shows a differing job's layouts. Exits 1
        after every key is held when any is not as listed."""
        failures = []
        for key, ids in self.run_ids.items():
            found = self.found[key]
            figures = {id: entry[0] for id, entry in found.items()}
            try:
                expected_differences.hold(path, setup_of(key), ids, figures,
                                          lambda id: show(found[id][1], [("ours", found[id][2]), ("chromium", found[id][3])]))
            except SystemExit as failure:
                failures.append(str(failure))
        if failures:
            sys.exit("\n".join(failures))

    def summary(self, key, name, args, below, what="same starts and heights", parts=()):
        """Prints `name`'s share of agreeing jobs (and each of `parts`'); adds to `below` what --check reports of it."""
        c = self.counts[key]
        shares = "".join(f"{', ' if i else '; '}{part} {c[part + ' agree']} of {c[part + ' jobs']}" for i, part in enumerate(parts))
        print(f"{name}: {what} {percent(c['agree'], c['jobs'])} ({c['agree']} of {c['jobs']}){shares}")
        if args.check and c["agree"] < args.starts_floor * c["jobs"]:
            below.append(f"{name} {percent(c['agree'], c['jobs'])} < {100 * args.starts_floor:g}%")


def write_details(path, details):
    """Writes each job's details (dicts) to `path`, one JSON line each, when `path` is given."""
    if path:
        with open(path, "w", encoding="utf-8") as f:
            for detail in details:
                f.write(json.dumps(detail, ensure_ascii=False) + "\n")


def shares_below(floors, starts_floor, shares):
    """What --check reports of `shares` ({what: (part, whole)}) below `floors` (the starts' at `starts_floor`)."""
    floors = dict(floors, starts=starts_floor)
    return [f"{what} {percent(*shares[what])} < {100 * floor:g}%" for what, floor in floors.items()
            if shares[what][1] == 0 or shares[what][0] < floor * shares[what][1]]


def unnamed_differences(differences):
    """What --check reports of `differences` ({what: {kind: members}}): the members of each kind "other"."""
    return [f"{len(kinds['other'])} {what} difference(s) of no named kind" for what, kinds in differences.items() if kinds.get("other")]


def finish_check(below):
    """Ends --check: exits 1 naming what is `below` (phrases), else says every figure holds."""
    if below:
        sys.exit("below the floors: " + "; ".join(below))
    print("\nall figures at or above their floors")


def checked_study_arguments(ap, args, langs, unknown_langs):
    """The languages of --langs and our CLI's absolute path, once the options every study takes are
    checked: each language one of `langs` (else `unknown_langs` says why), --sample not negative,
    textlayout and Chromium found."""
    chosen = [l for l in args.langs.split(",") if l]
    unknown = [l for l in chosen if l not in langs]
    if unknown:
        ap.error(f"--langs: {','.join(unknown)} {unknown_langs}; allowed: {','.join(langs)}")
    if args.sample < 0:
        ap.error(f"--sample must be 0 (all jobs) or more, not {args.sample}")
    if getattr(args, "expect", None) and getattr(args, "check", False):
        ap.error("--expect and --check are two ways of judging a run: give one")
    if not 0 <= getattr(args, "starts_floor", 0) <= 1:
        ap.error(f"--starts-floor must be a share between 0 and 1, not {args.starts_floor}")
    binary = os.path.abspath(args.textlayout)
    if not os.access(binary, os.X_OK):
        sys.exit(f"no textlayout at {binary}: build it (swift build --product textlayout) or give --textlayout PATH")
    if not os.access(args.chromium, os.X_OK):
        sys.exit(f"no Chromium at {args.chromium}: install it (scripts/install-deps.sh) or give --chromium PATH")
    return chosen, binary
