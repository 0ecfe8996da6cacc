"""Runs `textlayout batch` as the map step of an Apache Spark job: the same result lines, in the same order, as one machine's batch."""
#
# Usage:
#   python3 scripts/spark_batch.py INPUT.jsonl OUTPUT.jsonl [--master local[2]] [--partitions N]
#                                  [--binary PATH] [--fonts-dir DIR] [--hyphen-dir DIR]
#   spark-submit scripts/spark_batch.py hdfs:///jobs.jsonl hdfs:///results.jsonl --binary ./textlayout ...
#
# Each partition of the input's lines is piped through one `textlayout batch` process on an
# executor (the binary and its bundled fonts, *_TextLayoutFonts.resources, are shipped
# with SparkContext.addFile; the folders of --fonts-dir and --hyphen-dir, when given, are shipped
# too and passed on, so the executors need neither the fonts nor the hyphen-* packages). Every input
# line gets exactly its result line: results are keyed by the input line's index, come back in
# that order (partitions keep the input's order; no shuffle) and are checked against it, so
# OUTPUT holds the bytes `textlayout batch < INPUT` prints. A partition whose
# process fails or answers a different number of lines fails the job with a message naming the
# partition and the input lines (jobs) it held.
#
# OUTPUT is one file when it is a local path (the parts are gathered in order); with
# --output-dir, Spark's usual folder of part files (in order by name) is written instead.
#
# At the end it writes the run's summary to standard error, as `textlayout batch` does:
# `spark_batch: 20000 jobs, 3 failed, 41.25 s`. Exit status as the batch's: 0 every job answered
# without an error, 1 some job failed (every job still answered) or a partition's process failed,
# 2 a usage error, 3 the output could not be written. A user's mistake (a missing jobs file, an
# output in a folder that does not exist, an --output-dir folder that exists already, a master
# Spark does not know, no PySpark) is found before Spark starts and told in one line; a failed
# partition too is one line, not Spark's stack traces.

import argparse
import glob
import os
import re
import subprocess
import sys
import time
from urllib.parse import urlparse

JOBS_FAILED, USAGE_ERROR, UNWRITABLE = 1, 2, 3


class PartitionFailed(Exception):
    """A partition's `textlayout batch` did not answer each of its lines; the message names the partition and its jobs."""


def stop(message, status):
    """Ends the run with one line on standard error and the exit status."""
    print(f"spark_batch: {message}", file=sys.stderr)
    sys.exit(status)


def cannot_write(output, error):
    """The message for an output that could not be written (exit status 3)."""
    return f"cannot write {output!r}: {error.strerror or error}"


def local_path(location):
    """The path on this machine that a location Spark reads or writes names (no scheme, or file:), or None."""
    parsed = urlparse(location)
    if parsed.scheme == "":
        return location
    return parsed.path if parsed.scheme == "file" else None


def default_binary():
    here = os.path.dirname(os.path.abspath(__file__))
    for config in ("release", "debug"):
        path = os.path.join(here, "..", ".build", config, "textlayout")
        if os.path.exists(path):
            return os.path.normpath(path)
    return None


# The summary line `textlayout batch` writes last to standard error: jobs, failed, seconds.
BATCH_SUMMARY = re.compile(r"^textlayout batch: (\d+) jobs?, (\d+) failed, ", re.MULTILINE)


def run_partition(index, rows, binary_name, resources_name, folders, job_count, failed_count):
    """Pipes one partition's (line, line index) rows through `textlayout batch`; yields (line index, result).

    Adds the partition's jobs and failed jobs (from the batch's summary line) to the two accumulators."""
    from pyspark import SparkFiles

    rows = list(rows)
    if not rows:
        return
    binary = SparkFiles.get(binary_name)
    os.chmod(binary, 0o755)
    command = [binary, "batch", "--threads", "1"]
    for option, name in folders:
        command += [option, SparkFiles.get(name)]
    env = dict(os.environ)
    if resources_name:
        # The binary finds its bundled fonts next to itself; SparkFiles puts both in one folder.
        env["TEXTLAYOUT_FONTS_DIR"] = os.path.join(SparkFiles.get(resources_name), "Fonts")
    data = "".join(line + "\n" for line, _ in rows).encode("utf-8")
    process = subprocess.run(command, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    answers = process.stdout.decode("utf-8").split("\n")
    if answers and answers[-1] == "":
        answers.pop()
    errors = process.stderr.decode("utf-8", "replace").strip()
    summary = BATCH_SUMMARY.search(errors)
    first, last = rows[0][1] + 1, rows[-1][1] + 1
    # Status 1 means some jobs failed, each answered with an error line: the results are whole.
    if process.returncode not in (0, 1) or len(answers) != len(rows) or not summary:
        raise PartitionFailed(
            f"partition {index} (input lines {first} to {last}, {len(rows)} jobs): textlayout batch exited "
            f"{process.returncode} with {len(answers)} result lines: {'; '.join(errors.splitlines()) or 'no message'}")
    job_count.add(len(rows))
    failed_count.add(int(summary.group(2)))
    for (_, line_index), answer in zip(rows, answers):
        yield line_index, answer


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("input", help="the jobs, one JSON object a line (a local path or any URI Spark reads)")
    parser.add_argument("output", help="where the results go, one line a job, in input order (a local file, or with --output-dir any URI Spark writes)")
    parser.add_argument("--master", default=None, help="Spark's master (default: spark-submit's, else local[2])")
    parser.add_argument("--partitions", type=int, default=None, help="how many partitions the jobs are split into")
    parser.add_argument("--binary", default=default_binary(), help="the textlayout binary (default: .build/release or debug)")
    parser.add_argument("--fonts-dir", default=None, help="a folder of fonts shipped to the executors and passed as --fonts-dir")
    parser.add_argument("--hyphen-dir", default=None,
                        help="a folder of hyphenation patterns (hyph_*.dic) shipped to the executors and passed as --hyphen-dir")
    parser.add_argument("--output-dir", action="store_true", help="write Spark's folder of part files instead of one file")
    return parser.parse_args()


def check_arguments(args):
    """Ends the run with a usage error for what can be seen wrong before Spark starts; returns the
    folders shipped to the executors, as (option, absolute path)."""
    if not args.binary or not os.path.isfile(args.binary):
        stop(f"no textlayout binary at {args.binary!r}: build it (swift build) or give --binary", USAGE_ERROR)
    # Spark's own rule for a master; it would tell a wrong one with a Java stack trace.
    if args.master is not None and not re.fullmatch(r"yarn|local(\[.+\])?|(spark|k8s)://.+", args.master):
        stop(f"--master must be local, local[N], local[*], yarn, spark://HOST:PORT or k8s://URL, got {args.master!r}", USAGE_ERROR)
    if args.partitions is not None and args.partitions < 1:
        stop(f"--partitions must be at least 1, got {args.partitions}", USAGE_ERROR)
    # The folders shipped to the executors, by the option that names them; SparkFiles finds each by its name.
    shipped = [(option, os.path.abspath(folder).rstrip("/")) for option, folder in
               (("--fonts-dir", args.fonts_dir), ("--hyphen-dir", args.hyphen_dir)) if folder]
    for option, folder in shipped:
        if not os.path.isdir(folder):
            stop(f"{option} must name a folder, got {folder!r}", USAGE_ERROR)
    if len({os.path.basename(folder) for _, folder in shipped}) < len(shipped):
        stop("the folders of --fonts-dir and --hyphen-dir must have different names: the executors find them by name", USAGE_ERROR)
    # Spark reads a file, a folder of files or a glob; on this machine, one of them must be there.
    jobs = local_path(args.input)
    if jobs is not None and not glob.glob(jobs):
        stop(f"no jobs at {args.input!r}: name a file of jobs, a folder of such files or a glob", USAGE_ERROR)
    output = local_path(args.output)
    if args.output_dir:
        if output is not None and os.path.lexists(output):
            stop(f"{args.output!r} already exists: --output-dir writes a new folder; remove it or name another", USAGE_ERROR)
    elif output is None:
        stop(f"{args.output!r} is not on this machine: one output file is written here; "
             "give --output-dir to write a folder of part files to any storage Spark writes", USAGE_ERROR)
    elif os.path.isdir(output):
        stop(f"{args.output!r} is a folder: name the output file, or give --output-dir for a folder of part files", USAGE_ERROR)
    elif not os.path.isdir(os.path.dirname(os.path.abspath(output))):
        stop(f"no folder {os.path.dirname(os.path.abspath(output))!r} for the output file {args.output!r}", USAGE_ERROR)
    return shipped


def spark_failure(error):
    """One line for a Spark job that failed: a partition's own message, or the first line of Spark's."""
    # The Java stack trace with its causes, where the Python worker's exception stands.
    partition = re.search(r"PartitionFailed: (.*)", str(error))
    return partition.group(1) if partition else f"Spark failed: {str(error.java_exception).strip().splitlines()[0]}"


def lay_out(sc, args, binary, shipped, out):
    """Runs the jobs through the executors and writes the results to `out`, or without it to
    Spark's folder of part files; returns (jobs, failed jobs)."""
    sc.addFile(binary)
    # SwiftPM names the bundle after the package's identity: <identity>_TextLayoutFonts.resources.
    bundles = sorted(glob.glob(os.path.join(os.path.dirname(binary), "*_TextLayoutFonts.resources")))
    resources_name = None
    if bundles:
        sc.addFile(bundles[0], recursive=True)
        resources_name = os.path.basename(bundles[0])
    folders = []
    for option, folder in shipped:
        sc.addFile(folder, recursive=True)
        folders.append((option, os.path.basename(folder)))

    job_count, failed_count = sc.accumulator(0), sc.accumulator(0)
    lines = sc.textFile(args.input, minPartitions=args.partitions or sc.defaultParallelism)
    binary_name = os.path.basename(binary)
    # Partitions keep the input's order and each process answers its lines in order, so the
    # keyed results come out in input order with no shuffle; the keys are checked as they go.
    keyed = (lines.zipWithIndex()
             .mapPartitionsWithIndex(lambda i, rows: run_partition(i, rows, binary_name, resources_name, folders,
                                                                   job_count, failed_count)))
    if out is None:
        keyed.values().saveAsTextFile(args.output)
    else:
        for expected, (index, answer) in enumerate(keyed.toLocalIterator()):
            if index != expected:
                raise RuntimeError(f"result of input line {index + 1} came where line {expected + 1}'s belongs")
            out.write(answer + "\n")
    return job_count.value, failed_count.value


def main():
    started = time.monotonic()
    args = parse_arguments()
    shipped = check_arguments(args)
    try:
        from py4j.protocol import Py4JJavaError
        from pyspark import SparkConf, SparkContext
    except ImportError:
        stop("PySpark is not installed: scripts/install-deps.sh installs it and a Java runtime "
             "(or python3 -m pip install pyspark)", USAGE_ERROR)

    # One output file is opened before Spark starts, so that a file that cannot be written costs no run.
    try:
        out = None if args.output_dir else open(local_path(args.output), "w", encoding="utf-8")
    except OSError as error:
        stop(cannot_write(args.output, error), UNWRITABLE)

    conf = SparkConf().setAppName("textlayout batch")
    if args.master or "spark.master" not in conf.getAll():
        conf.setMaster(args.master or "local[2]")
    # Spark would log a failed partition's Python and Java traceback; the run tells it in one line.
    # Its progress bar shows on a terminal only, as the batch's progress does.
    conf.set("spark.log.level", "OFF")
    conf.set("spark.ui.showConsoleProgress", "true" if sys.stderr.isatty() else "false")
    try:
        sc = SparkContext(conf=conf)
    except Exception as error:  # no Java runtime, a cluster that does not answer
        stop(f"Spark did not start: {str(error).strip().splitlines()[0]}", USAGE_ERROR)
    failure = None
    try:
        jobs, failed = lay_out(sc, args, os.path.abspath(args.binary), shipped, out)
        if out is not None:
            out.close()
    except Py4JJavaError as error:
        failure = (spark_failure(error), JOBS_FAILED)
    except OSError as error:
        failure = (cannot_write(args.output, error), UNWRITABLE)
    finally:
        sc.stop()
    if failure:
        stop(*failure)
    print(f"spark_batch: {jobs} job{'' if jobs == 1 else 's'}, {failed} failed, {time.monotonic() - started:.2f} s", file=sys.stderr)
    sys.exit(JOBS_FAILED if failed else 0)


if __name__ == "__main__":
    main()
