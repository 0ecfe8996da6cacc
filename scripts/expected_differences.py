"""Reads a committed list of the corpus jobs expected to differ from an oracle (Chromium, Pango) and holds a run to it exactly: any other difference fails, and so does a listed job that now agrees (the list only shrinks).

A list is a text file, one job a line, `#` starting a comment line:

    JOB-ID  SET-UP  WHAT  REASON

JOB-ID is the corpus job's id (`zh-11-w120`: the language, the text's number, the width), SET-UP
the fonts the run lays out in (each study names its own: `embedded`, `system`, `bundled`), WHAT
the comma-separated figures that differ (`starts`, `line-count`, `height`; all three when the
starts differ and a line more or fewer follows; `min-content`, the min-content width, in the studies
that hold it; `column-x` and `central`, a column's left edge across the block and its central
baseline, in the vertical study; `combined-units`, a unit combined upright placed or sized otherwise
down its column, in the study of text combined upright; `objects`, an inline object's frame in a column more than
1/64 px from Chromium's, in the vertical study's object sets), and REASON a sentence saying why the engines part
there. Python 3 standard library only; used by Benchmarks/BrowserStudy/corpus_vs_chromium.py and
Benchmarks/PangoStudy/agreement.py and the CSS keys' studies of Benchmarks/BrowserStudy (`--expect FILE`).
"""
import collections, sys

FIGURES = ("starts", "line-count", "height", "min-content", "column-x", "central", "combined-units", "objects")


def read(path):
    """The list at `path` as {(job id, set-up): (figures (a frozenset of FIGURES), reason)}; stops naming the line
    when a line is malformed, names an unknown figure, has no reason or repeats a job and set-up."""
    listed = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = line.split(None, 3)
            if len(fields) < 4 or len(fields[3].strip()) < 10:
                sys.exit(f"{path}:{number}: not 'JOB-ID SET-UP WHAT REASON' with a reason: {line.rstrip()}")
            job, setup, what, reason = fields[0], fields[1], fields[2], fields[3].strip()
            figures = frozenset(what.split(","))
            if not figures <= set(FIGURES):
                sys.exit(f"{path}:{number}: WHAT '{what}' is not of {', '.join(FIGURES)}")
            if (job, setup) in listed:
                sys.exit(f"{path}:{number}: {job} {setup} is listed twice")
            listed[(job, setup)] = (figures, reason)
    return listed


def differing_figures(same_starts, same_line_count, same_height, same_min_content=True, same_column_x=True, same_central=True,
                       same_combined_units=True, same_objects=True):
    """The FIGURES that differ, as a frozenset."""
    return frozenset(name for name, same in zip(FIGURES, (same_starts, same_line_count, same_height, same_min_content, same_column_x,
                                                          same_central, same_combined_units, same_objects)) if not same)


def hold(path, setup, run_ids, found, describe=lambda job: "", whole=False):
    """Holds a run to the list at `path` for `setup`: `run_ids` every job id the run laid out, `found` {job id: the
    frozenset of FIGURES that differ} for each job that differs, `describe` a job id's layouts as text (for the
    report), `whole` whether the run is the whole corpus (then a listed job not in it fails too). Prints the run's figures and each listed job's reason once; exits 1 listing every difference
    the list lacks, every listed job of the run that now agrees and every job that differs otherwise than listed."""
    listed = {job: entry for (job, listed_setup), entry in read(path).items() if listed_setup == setup}
    run_ids = set(run_ids)
    in_run = {job: entry for job, entry in listed.items() if job in run_ids}
    unlisted = sorted(job for job in found if job not in listed)
    agreeing = sorted(job for job in in_run if job not in found)
    missing = sorted(job for job in listed if job not in run_ids) if whole else []
    otherwise = sorted(job for job in found if job in listed and found[job] != listed[job][0])
    by_reason = collections.Counter(reason for job, (_, reason) in in_run.items() if job in found)
    print(f"\nexpected differences ({path}, set-up {setup}): {len(run_ids)} jobs run, {len(found)} differ, "
          f"{len(in_run)} of the list's {len(listed)} in the run")
    for reason, count in by_reason.most_common():
        print(f"  {count} job(s): {reason}")
    problems = []
    for job in unlisted:
        problems.append(f"{job} differs ({','.join(f for f in FIGURES if f in found[job])}) and is not listed\n{describe(job)}")
    for job in agreeing:
        problems.append(f"{job} is listed ({listed[job][1]}) but now agrees: take it off the list")
    for job in missing:
        problems.append(f"{job} is listed but is no job of the corpus")
    for job in otherwise:
        problems.append(f"{job} differs in {','.join(f for f in FIGURES if f in found[job])}, listed as "
                        f"{','.join(f for f in FIGURES if f in listed[job][0])}\n{describe(job)}")
    if problems:
        sys.exit(f"\n{len(problems)} job(s) not as {path} expects (set-up {setup}):\n" + "\n".join(problems))
    print(f"every difference as listed ({len(found)} jobs)")
