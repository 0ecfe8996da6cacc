"""Records how often our layout of the corpus agrees with Pango's (per font and overall) in agreement.json, the figures the "Exactness against Pango" table of docs/exactness.md shows.

  swift build -c release --product textlayout
  python3 Benchmarks/PangoStudy/agreement.py [--profile pango] [--list] [path/to/textlayout]

Lays out the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text at 120, 240 and 360 px,
fonts named by family, found among the system's fonts: scripts/install-deps.sh installs the Noto
fonts) with our `textlayout batch` and with the project's Pango program (scripts/pango_program.py,
--system-fonts), and counts, per font and over all jobs, the jobs whose line starts are identical,
whose line counts are equal and whose heights are within 0.02 px (compare.py exact's three figures).
Writes Benchmarks/PangoStudy/agreement.json, the study's output (no test reads it), and prints the
table's rows. PangoAgreementTests measures a sample of the same jobs live on every test run.

With --profile NAME, our jobs carry "profile": NAME (docs/batch-format.md) and the record goes to
agreement-NAME.json (the pango profile's table in docs/exactness.md); --list prints each differing
job: its id, where the first differing line starts in Pango's layout and in ours (UTF-16 offsets),
and the text around both.

With --expect FILE (the pango profile's list: Benchmarks/PangoStudy/expected-differences-pango.txt)
nothing is recorded: every job of the run (--sample N of them, seeded by --seed; all by default)
is held to FILE's list for the --fonts set-up (scripts/expected_differences.py), its line starts,
line count and height (within 1/1024 px a line, PANGO_UNIT: Pango gives each line's ascent and
descent in whole Pango units, 1/1024 px, and the program prints the layout's height to 0.001 px),
and the run exits 1 on a difference the list lacks or a listed job that now agrees. --fonts
system (the default) lets both engines see the system's fonts, each family as fontconfig matches
it and falls back; --fonts bundled gives both Fonts/ alone (Pango a fontconfig configuration of
that folder, our batch --fonts-dir Fonts).
"""
import argparse, collections, json, os, random, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from pango_program import layout  # noqa: E402
import expected_differences  # noqa: E402
HEIGHT_TOLERANCE = 0.02
# Pango's unit, 1/1024 px: a line's logical height is its ascent and descent each rounded to it, so a layout of n lines
# may part from the exact sum by up to n units (and 0.0005 px more, the program printing 3 decimals).
PANGO_UNIT = 1 / 1024
FONT_SET_UPS = ("system", "bundled")


def same_height(ours, theirs):
    """Whether our height is Pango's to within PANGO_UNIT a line (of the more lines of the two) and the printing's rounding."""
    return abs(ours["height"] - theirs["height"]) <= PANGO_UNIT * max(ours["lineCount"], theirs["lineCount"], 1) + 0.0005


def expect(options, jobs, pango, ours):
    """Holds the run (`ours` the results as objects) to the list --expect names, for the --fonts set-up (exits 1 when it does not hold)."""
    index = {job["id"]: i for i, job in enumerate(jobs)}
    found = {}
    for job, p, o in zip(jobs, pango, ours):
        starts = [l["start"] for l in o["lines"]]
        figures = expected_differences.differing_figures(starts == p["starts"], o["lineCount"] == p["lineCount"], same_height(o, p))
        if figures:
            found[job["id"]] = figures

    def describe(id):
        i = index[id]
        o, p = ours[i], pango[i]
        return (f"  {jobs[i]['font']}, width {jobs[i]['width']}: ours {o['lineCount']} lines, height {o['height']:.4f}; "
                f"Pango {p['lineCount']} lines, height {p['height']:.4f}; "
                + first_difference(jobs[i]["text"], [l["start"] for l in o["lines"]], p["starts"]))
    expected_differences.hold(options.expect, options.fonts, index, found, describe, whole=options.sample == 0)


def first_difference(text, ours, theirs):
    """The first line start where the two layouts differ, and the text around both starts."""
    k = next((i for i in range(min(len(ours), len(theirs))) if ours[i] != theirs[i]), min(len(ours), len(theirs)))
    o = ours[k] if k < len(ours) else None
    p = theirs[k] if k < len(theirs) else None
    units = text.encode("utf-16-le")
    around = lambda at: units[2 * max(0, at - 12):2 * (at + 12)].decode("utf-16-le", "replace") if at is not None else ""
    return f"Pango starts line {k} at {p} ({around(p)!r}), we at {o} ({around(o)!r})"


def main():
    arguments = argparse.ArgumentParser(description="Agreement of the corpus's line starts with Pango 1.50's.")
    arguments.add_argument("--profile", help="lay our side out with this profile (\"profile\" of each job)")
    arguments.add_argument("--list", action="store_true", help="print each job whose line starts differ")
    arguments.add_argument("--expect", metavar="FILE", help="hold the run to FILE's expected differences instead of recording it")
    arguments.add_argument("--fonts", choices=FONT_SET_UPS, default="system", help="the fonts both engines see (default %(default)s)")
    arguments.add_argument("--sample", type=int, default=0, help="how many corpus jobs, chosen at random (0: all, the default)")
    arguments.add_argument("--seed", type=int, default=1, help="the seed of the sample (default 1)")
    arguments.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "release", "textlayout"))
    options = arguments.parse_args()
    if not options.expect and (options.fonts != "system" or options.sample):
        arguments.error("--fonts bundled and --sample go with --expect: the record is of the whole corpus in the system's fonts")
    if options.expect:
        expected_differences.read(options.expect)
    record_path = os.path.join(HERE, f"agreement-{options.profile}.json" if options.profile else "agreement.json")
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"no textlayout at {binary}: build it (swift build -c release --product textlayout) or give its path")
    jobs_path = os.path.join(tempfile.mkdtemp(prefix="textlayout-agreement-"), "jobs.jsonl")
    with open(jobs_path, "w", encoding="utf-8") as f:
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "Corpus", "make_jobs.py")], stdout=f, check=True)
    jobs = [json.loads(line) for line in open(jobs_path, encoding="utf-8")]
    if 0 < options.sample < len(jobs):
        jobs = [jobs[i] for i in sorted(random.Random(options.seed).sample(range(len(jobs)), options.sample))]
        print(f"{len(jobs)} jobs, sample {options.sample}, seed {options.seed}, fonts {options.fonts}")
    else:
        print(f"{len(jobs)} jobs (all), fonts {options.fonts}")
    pango = layout(jobs, system_fonts=options.fonts == "system")
    ours_input = "".join(json.dumps(dict(job, profile=options.profile) if options.profile else job, ensure_ascii=False) + "\n" for job in jobs)
    fonts_dir = ["--fonts-dir", os.path.join(ROOT, "Fonts")] if options.fonts == "bundled" else []
    ours = subprocess.run([binary, "batch"] + fonts_dir, input=ours_input, capture_output=True, text=True, check=True).stdout.splitlines()
    if len(ours) != len(jobs) or len(pango) != len(jobs):
        sys.exit(f"{len(jobs)} jobs, but {len(ours)} results from textlayout and {len(pango)} from Pango")
    if options.expect:
        results = [json.loads(o) for o in ours]
        if any("lines" not in r for r in results):
            sys.exit(f"textlayout answered a job with no lines: {next(r for r in results if 'lines' not in r)}")
        expect(options, jobs, pango, results)
        return
    counts = collections.defaultdict(collections.Counter)
    for job, p, o in zip(jobs, pango, ours):
        result = json.loads(o)
        if "lines" not in result:
            sys.exit(f"textlayout answered job {job['id']} with no lines: {o[:200]}")
        starts = [l["start"] for l in result["lines"]]
        if options.list and starts != p["starts"]:
            print(job["id"], first_difference(job["text"], starts, p["starts"]))
        for key in (job["font"], "all"):
            c = counts[key]
            c["jobs"] += 1
            c["identicalStarts"] += starts == p["starts"]
            c["sameLineCount"] += result["lineCount"] == p["lineCount"]
            c["heightWithinTolerance"] += abs(result["height"] - p["height"]) < HEIGHT_TOLERANCE
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    record = {
        "profile": options.profile or "standard",
        "what": "jobs of the corpus (Benchmarks/Corpus/make_jobs.py) whose line starts, line counts and heights "
                f"(within {HEIGHT_TOLERANCE} px) agree with Pango's; written by Benchmarks/PangoStudy/agreement.py",
        "commit": commit,
        "heightTolerance": HEIGHT_TOLERANCE,
        "fonts": {font: dict(sorted(c.items())) for font, c in sorted(counts.items()) if font != "all"},
        "all": dict(sorted(counts["all"].items())),
    }
    with open(record_path, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=2, ensure_ascii=False)
        f.write("\n")
    for font, c in list(record["fonts"].items()) + [("all", record["all"])]:
        print(f"| {font} | {c['jobs']:,} | {c['identicalStarts'] / c['jobs']:.1%} |")
    a = record["all"]
    print(f"Line counts agree on {a['sameLineCount'] / a['jobs']:.1%} of the jobs and heights to "
          f"{HEIGHT_TOLERANCE} px on {a['heightWithinTolerance'] / a['jobs']:.1%}.")
    print(f"recorded in {os.path.relpath(record_path, ROOT)} (commit {commit})")


if __name__ == "__main__":
    main()
