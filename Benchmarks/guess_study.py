"""Measures how often AutoHeightEditor's width-ratio guess gets the line count wrong, against the engine's exact layout.

AutoHeightEditor guesses: lines = (number of "\\n" + 1) + sum over the "\\n"-separated segments of
floor(single-line width of the segment / box width). The single-line widths here are the engine's
own (the guess gets the best possible widths), so every difference comes from the guess itself.

  python3 Benchmarks/guess_study.py JOBS.jsonl [path/to/textlayout]
Prints a table by language (the id's prefix before the first '-') and the overall share wrong.
"""
import collections, json, subprocess, sys

def run_batch(binary, jobs):
    out = subprocess.run([binary, "batch"], input="".join(json.dumps(j, ensure_ascii=False) + "\n" for j in jobs),
                         capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines()]

def main():
    jobs = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
    binary = sys.argv[2] if len(sys.argv) > 2 else ".build/release/textlayout"
    exact = run_batch(binary, jobs)
    # One unlimited-width job per "\n"-separated segment: its single-line width.
    segments, owners = [], []
    for k, job in enumerate(jobs):
        for part in job["text"].split("\n"):
            segments.append({"text": part, "font": job.get("font"), "size": job.get("size", 17)})
            owners.append(k)
    widths = run_batch(binary, segments)
    guess = [0] * len(jobs)
    for k, job in enumerate(jobs):
        guess[k] = job["text"].count("\n") + 1
    for owner, result in zip(owners, widths):
        guess[owner] += int(result["width"] // jobs[owner]["width"])
    by = collections.defaultdict(lambda: [0, 0, 0, 0])  # jobs, wrong, too few, too many
    for job, result, g in zip(jobs, exact, guess):
        row = by[job["id"].split("-")[0]]
        row[0] += 1
        if "error" in result: continue
        n = result["lineCount"]
        row[1] += g != n; row[2] += g < n; row[3] += g > n
    total = [sum(r[i] for r in by.values()) for i in range(4)]
    print("| text | jobs | guess wrong | too few lines | too many |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for lang, (n, wrong, few, many) in sorted(by.items()) + [("all", total)]:
        print(f"| {lang} | {n} | {wrong / n:.1%} | {few / n:.1%} | {many / n:.1%} |")

if __name__ == "__main__":
    main()
