"""Where a clamped text is cut, ours against Pango's ellipsize (height -N lines), on a sample of the corpus jobs."""
#
# Usage:  python3 scripts/truncation-vs-pango.py TEXTLAYOUT PANGO_LAYOUT [--jobs 300] [--lines 2]
#                                                 [--truncate end|start|middle] [--seed 1] [--show 15]
# TEXTLAYOUT is the built CLI (`textlayout`); PANGO_LAYOUT is /work/shared/peers/pango_layout.c
# compiled (see that folder's README). Jobs come from Benchmarks/Corpus/make_jobs.py; only jobs
# of one paragraph are sampled (Pango clamps each paragraph on its own, we clamp the whole text).
# Prints the share of jobs where both hide the same UTF-16 range (or both hide nothing), and the
# first differences with the text around each cut.

import argparse
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def escape(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("textlayout")
    parser.add_argument("pango")
    parser.add_argument("--jobs", type=int, default=300)
    parser.add_argument("--lines", type=int, default=2)
    parser.add_argument("--truncate", default="end", choices=["end", "start", "middle"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=15)
    args = parser.parse_args()

    made = subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/Corpus/make_jobs.py")],
                          capture_output=True, text=True, check=True).stdout.splitlines()
    jobs = [json.loads(line) for line in made]
    jobs = [job for job in jobs if "\n" not in job["text"] and "\u2029" not in job["text"] and "\u2028" not in job["text"]]
    random.Random(args.seed).shuffle(jobs)
    jobs = jobs[:args.jobs]

    ours_input = "".join(json.dumps(dict(job, lineClamp=args.lines, truncate=args.truncate)) + "\n" for job in jobs)
    ours = subprocess.run([args.textlayout, "batch"], input=ours_input, capture_output=True, text=True, check=True)
    ours = [json.loads(line) for line in ours.stdout.splitlines()]
    pango_input = "".join(f"{job.get('size', 17)}\t{job['width']}\t{job.get('lineSpace', 0)}\t{job['font']}\t{escape(job['text'])}\n"
                          for job in jobs)
    environment = dict(os.environ, PEER_MAX_LINES=str(args.lines), PEER_ELLIPSIZE=args.truncate)
    pango = subprocess.run([args.pango], input=pango_input, capture_output=True, text=True, check=True, env=environment)
    pango = pango.stdout.splitlines()

    same = 0
    differences = []
    for job, our, theirs in zip(jobs, ours, pango):
        columns = theirs.split("\t")
        hidden = None if columns[-1] == "-" else tuple(int(n) for n in columns[-1].split(","))
        if "error" in our:
            differences.append((job, "error " + our["error"]["message"], hidden))
            continue
        mine = (our["truncated"]["start"], our["truncated"]["end"]) if "truncated" in our else None
        if mine == hidden:
            same += 1
        else:
            differences.append((job, mine, hidden))
    print(f"{same} of {len(jobs)} jobs hide the same range ({100 * same / len(jobs):.1f}%), "
          f"{args.truncate}, {args.lines} lines")
    for job, mine, hidden in differences[:args.show]:
        text = job["text"]
        # Python strings index code points; the ranges are UTF-16: convert through the encoding.
        units = text.encode("utf-16-le")
        def cut(offset):
            return units[:2 * offset].decode("utf-16-le", errors="replace")[-12:] + "|" + units[2 * offset:].decode("utf-16-le", errors="replace")[:12]
        # Show the end of the hidden range where the two differ (its start for an `end` cut).
        edge = 1 if isinstance(mine, tuple) and hidden and mine[0] == hidden[0] else 0
        ours_at = cut(mine[edge]) if isinstance(mine, tuple) else str(mine)
        pango_at = cut(hidden[edge]) if hidden else "-"
        print(f"{job['id']}: ours {mine} {ours_at!r}  pango {hidden} {pango_at!r}")


if __name__ == "__main__":
    main()
