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
"""
import argparse, collections, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from pango_program import layout  # noqa: E402
HEIGHT_TOLERANCE = 0.02


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
    arguments.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "release", "textlayout"))
    options = arguments.parse_args()
    record_path = os.path.join(HERE, f"agreement-{options.profile}.json" if options.profile else "agreement.json")
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"no textlayout at {binary}: build it (swift build -c release --product textlayout) or give its path")
    jobs_path = os.path.join(tempfile.mkdtemp(prefix="textlayout-agreement-"), "jobs.jsonl")
    with open(jobs_path, "w", encoding="utf-8") as f:
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "Corpus", "make_jobs.py")], stdout=f, check=True)
    jobs = [json.loads(line) for line in open(jobs_path, encoding="utf-8")]
    pango = layout(jobs, system_fonts=True)
    ours_input = "".join(json.dumps(dict(job, profile=options.profile), ensure_ascii=False) + "\n" for job in jobs) if options.profile \
        else open(jobs_path, encoding="utf-8").read()
    ours = subprocess.run([binary, "batch"], input=ours_input, capture_output=True, text=True, check=True).stdout.splitlines()
    if len(ours) != len(jobs) or len(pango) != len(jobs):
        sys.exit(f"{len(jobs)} jobs, but {len(ours)} results from textlayout and {len(pango)} from Pango")
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
