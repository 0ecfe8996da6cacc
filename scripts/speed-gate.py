#!/usr/bin/env python3
"""The speed gate: counts the instructions of the benchmark's fixed workloads over committed jobs, and fails when any exceeds its committed budget by more than its allowance."""
#
# Usage: python3 scripts/speed-gate.py [--record] [--skip-build] [--bench PATH] [WORKLOAD ...]
#
# Each workload (textlayout-bench --count NAME, over Benchmarks/SpeedGate/jobs.jsonl) runs under
# callgrind, which counts only what runs inside the benchmark's `countedWork`: the hot path of one
# pass, after a warm-up pass, with start-up left out. A count is the same for the same binary,
# inputs and environment whatever else the machine is doing, so the gate needs no quiet machine.
# Budgets: Benchmarks/SpeedGate/budgets.txt, a line per workload: its name, its budget in
# instructions and the allowance over it in percent (the count's measured noise). The file names
# the workloads the gate counts (the benchmark's `CountedWorkload` cases, which a test holds it
# to). --record writes the counts of this run as the new budgets, keeping each allowance (a new
# workload named on the command line gets 1%); a budget goes up only in a commit that says why.
#
# The binary is built as scripts/robustness.sh's full-size stage builds its release tests (the
# engine optimized, -enable-testing, the same folder), so that CI builds the engine once for
# both; valgrind 3.19 refuses that binary's DWARF ("Possibly corrupted debuginfo file"), so the
# gate counts a copy with its debug sections stripped (objcopy --strip-debug), placed beside it
# where it finds the bundled fonts.
# Exit codes: 0 every workload within budget (or recorded), 1 a workload over budget, 2 bad usage
# or a run that failed.

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GATE = os.path.join(ROOT, "Benchmarks", "SpeedGate")
BUDGETS = os.path.join(GATE, "budgets.txt")
JOBS = os.path.join(GATE, "jobs.jsonl")
SCRATCH = os.path.join(ROOT, ".build", "release-tests")
# What a run may take at most, in seconds (the slowest, keystroke-1MB, takes about two minutes).
RUN_LIMIT = 900


def fail(message, code=2):
    print("speed-gate: " + message, file=sys.stderr)
    sys.exit(code)


def build():
    """Builds textlayout-bench as the full-size stage builds its tests; returns the stripped copy's path."""
    environment = dict(os.environ, TEXTLAYOUT_UNOPTIMIZED_TESTS="1")
    subprocess.run(["swift", "build", "--scratch-path", SCRATCH, "-c", "release", "-Xswiftc", "-enable-testing",
                    "--product", "textlayout-bench"], cwd=ROOT, env=environment, check=True)
    return os.path.join(SCRATCH, "release", "textlayout-bench")


def stripped_copy(binary):
    copy = binary + "-counted"
    subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
    return copy


def read_budgets():
    """The committed budgets: {workload: (instructions, allowance in percent)}."""
    budgets = {}
    with open(BUDGETS, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split()
            if len(fields) != 3 or not fields[1].isdigit() or not re.fullmatch(r"\d+(\.\d+)?%", fields[2]):
                fail("%s:%d: a line is 'WORKLOAD INSTRUCTIONS ALLOWANCE%%', not %r" % (BUDGETS, number, line))
            budgets[fields[0]] = (int(fields[1]), float(fields[2][:-1]))
    return budgets


def write_budgets(budgets):
    """Writes `budgets` in their order (the file's, then new workloads)."""
    lines = ["# The speed gate's budgets (scripts/speed-gate.py): a workload, its instructions at most, and the",
             "# allowance over them (the count's measured noise). Raised only in a commit that says why."]
    for name, (count, allowance) in budgets.items():
        lines.append("%-16s %12d %g%%" % (name, count, allowance))
    with open(BUDGETS, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def count(binary, workload):
    """Callgrind's count of the workload's counted pass, and what the benchmark printed of its units."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
        command = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*countedWork*",
                   "--callgrind-out-file=" + out, binary, "--jobs", JOBS, "--count", workload]
        try:
            run = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=RUN_LIMIT)
        except subprocess.TimeoutExpired:
            return workload, None, "took over %d s" % RUN_LIMIT
        if run.returncode != 0:
            return workload, None, "exited %d: %s" % (run.returncode, run.stderr.strip()[-2000:])
        with open(out, encoding="utf-8") as f:
            totals = [int(line.split()[1]) for line in f if line.startswith("totals:")]
        units = re.search(r"^counted: \S+, (\d+) (\w+)", run.stdout, re.M)
        if not totals or not units:
            return workload, None, "no count in callgrind's output or the benchmark's"
        return workload, (totals[0], int(units.group(1)), units.group(2)), None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("workloads", nargs="*", help="the workloads to count (default: every one the budgets name)")
    parser.add_argument("--record", action="store_true", help="write this run's counts as the budgets")
    parser.add_argument("--skip-build", action="store_true", help="count the binary already built")
    parser.add_argument("--bench", help="count this textlayout-bench (already stripped of debug sections) instead of building one")
    args = parser.parse_args()
    budgets = read_budgets()
    workloads = args.workloads or list(budgets)
    missing = [w for w in workloads if w not in budgets]
    if missing and not args.record:
        fail("no budget for %s in %s; the workloads are %s (--record NAME counts a new one)"
             % (", ".join(missing), os.path.relpath(BUDGETS, ROOT), ", ".join(budgets)))

    if args.bench:
        binary = args.bench
    else:
        built = os.path.join(SCRATCH, "release", "textlayout-bench") if args.skip_build else build()
        binary = stripped_copy(built)

    # Two runs at a time: a count does not depend on what else runs.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda w: count(binary, w), workloads))
    failed = [(w, why) for w, _, why in results if why]
    for workload, why in failed:
        print("speed-gate: %s: %s" % (workload, why), file=sys.stderr)
    if failed:
        sys.exit(2)

    over = []
    print("%-16s %14s %14s %9s %10s  %s" % ("workload", "instructions", "budget", "change", "allowance", "per unit"))
    for workload, (instructions, units, unit_name), _ in results:
        budget, allowance = budgets.get(workload, (0, 1.0))
        change = (instructions / budget - 1) * 100 if budget else 0.0
        verdict = ""
        if budget and instructions > budget * (1 + allowance / 100):
            verdict = "  OVER BUDGET"
            over.append(workload)
        elif budget and change < -2 * allowance:
            verdict = "  (under budget by more than twice the allowance: --record lowers it)"
        print("%-16s %14d %14d %+8.2f%% %9g%%  %d a %s%s" % (workload, instructions, budget, change, allowance,
                                                        round(instructions / units), unit_name.rstrip("s"), verdict))
    if args.record:
        for workload, (instructions, _, _), _ in results:
            budgets[workload] = (instructions, budgets.get(workload, (0, 1.0))[1])
        write_budgets(budgets)
        print("speed-gate: recorded %d budgets in %s" % (len(results), os.path.relpath(BUDGETS, ROOT)))
        return
    if over:
        fail("%s over budget: a change made the hot path dearer. If it is worth it, raise the budget in a "
             "commit that says why (--record)." % ", ".join(over), code=1)
    print("speed-gate: every workload within its budget")


if __name__ == "__main__":
    main()
