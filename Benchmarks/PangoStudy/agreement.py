"""Records how often our layout of the corpus agrees with Pango's (per font and overall) in agreement.json, the figures the "Exactness against Pango" table of docs/exactness.md shows.

  swift build -c release --product textlayout
  python3 Benchmarks/PangoStudy/agreement.py [path/to/textlayout]

Lays out the corpus jobs (Benchmarks/Corpus/make_jobs.py: every text at 120, 240 and 360 px,
fonts named by family, found among the system's fonts: scripts/install-deps.sh installs the Noto
fonts) with our `textlayout batch` and with the project's Pango program (scripts/pango_program.py,
--system-fonts), and counts, per font and over all jobs, the jobs whose line starts are identical,
whose line counts are equal and whose heights are within 0.02 px (compare.py exact's three figures).
Writes Benchmarks/PangoStudy/agreement.json, the study's output (no test reads it), and prints the
table's rows. PangoAgreementTests measures a sample of the same jobs live on every test run.
"""
import collections, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RECORD = os.path.join(HERE, "agreement.json")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from pango_program import layout  # noqa: E402
HEIGHT_TOLERANCE = 0.02


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "textlayout"))
    if not os.access(binary, os.X_OK):
        sys.exit(f"no textlayout at {binary}: build it (swift build -c release --product textlayout) or give its path")
    jobs_path = os.path.join(tempfile.mkdtemp(prefix="textlayout-agreement-"), "jobs.jsonl")
    with open(jobs_path, "w", encoding="utf-8") as f:
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "Corpus", "make_jobs.py")], stdout=f, check=True)
    jobs = [json.loads(line) for line in open(jobs_path, encoding="utf-8")]
    pango = layout(jobs, system_fonts=True)
    ours = subprocess.run([binary, "batch"], stdin=open(jobs_path), capture_output=True, text=True, check=True).stdout.splitlines()
    if len(ours) != len(jobs) or len(pango) != len(jobs):
        sys.exit(f"{len(jobs)} jobs, but {len(ours)} results from textlayout and {len(pango)} from Pango")
    counts = collections.defaultdict(collections.Counter)
    for job, p, o in zip(jobs, pango, ours):
        result = json.loads(o)
        if "lines" not in result:
            sys.exit(f"textlayout answered job {job['id']} with no lines: {o[:200]}")
        for key in (job["font"], "all"):
            c = counts[key]
            c["jobs"] += 1
            c["identicalStarts"] += [l["start"] for l in result["lines"]] == p["starts"]
            c["sameLineCount"] += result["lineCount"] == p["lineCount"]
            c["heightWithinTolerance"] += abs(result["height"] - p["height"]) < HEIGHT_TOLERANCE
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    record = {
        "what": "jobs of the corpus (Benchmarks/Corpus/make_jobs.py) whose line starts, line counts and heights "
                f"(within {HEIGHT_TOLERANCE} px) agree with Pango's; written by Benchmarks/PangoStudy/agreement.py",
        "commit": commit,
        "heightTolerance": HEIGHT_TOLERANCE,
        "fonts": {font: dict(sorted(c.items())) for font, c in sorted(counts.items()) if font != "all"},
        "all": dict(sorted(counts["all"].items())),
    }
    with open(RECORD, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=2, ensure_ascii=False)
        f.write("\n")
    for font, c in list(record["fonts"].items()) + [("all", record["all"])]:
        print(f"| {font} | {c['jobs']:,} | {c['identicalStarts'] / c['jobs']:.1%} |")
    a = record["all"]
    print(f"Line counts agree on {a['sameLineCount'] / a['jobs']:.1%} of the jobs and heights to "
          f"{HEIGHT_TOLERANCE} px on {a['heightWithinTolerance'] / a['jobs']:.1%}.")
    print(f"recorded in {os.path.relpath(RECORD, ROOT)} (commit {commit})")


if __name__ == "__main__":
    main()
