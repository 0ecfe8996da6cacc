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

import argparse
import glob
import os
import subprocess
import sys


def default_binary():
    here = os.path.dirname(os.path.abspath(__file__))
    for config in ("release", "debug"):
        path = os.path.join(here, "..", ".build", config, "textlayout")
        if os.path.exists(path):
            return os.path.normpath(path)
    return None


def run_partition(index, rows, binary_name, resources_name, folders):
    """Pipes one partition's (line, line index) rows through `textlayout batch`; yields (line index, result)."""
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
    first, last = rows[0][1] + 1, rows[-1][1] + 1
    # Status 1 means some jobs failed, each answered with an error line: the results are whole.
    if process.returncode not in (0, 1) or len(answers) != len(rows):
        raise RuntimeError(
            f"partition {index} (input lines {first} to {last}, {len(rows)} jobs): textlayout batch exited "
            f"{process.returncode} with {len(answers)} result lines: {process.stderr.decode('utf-8', 'replace').strip()}")
    for (_, line_index), answer in zip(rows, answers):
        yield line_index, answer


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("input", help="the jobs, one JSON object a line (a local path or any URI Spark reads)")
    parser.add_argument("output", help="where the results go, one line a job, in input order")
    parser.add_argument("--master", default=None, help="Spark's master (default: spark-submit's, else local[2])")
    parser.add_argument("--partitions", type=int, default=None, help="how many partitions the jobs are split into")
    parser.add_argument("--binary", default=default_binary(), help="the textlayout binary (default: .build/release or debug)")
    parser.add_argument("--fonts-dir", default=None, help="a folder of fonts shipped to the executors and passed as --fonts-dir")
    parser.add_argument("--hyphen-dir", default=None,
                        help="a folder of hyphenation patterns (hyph_*.dic) shipped to the executors and passed as --hyphen-dir")
    parser.add_argument("--output-dir", action="store_true", help="write Spark's folder of part files instead of one file")
    args = parser.parse_args()
    if not args.binary or not os.path.exists(args.binary):
        sys.exit(f"spark_batch: no textlayout binary at {args.binary!r}: build it (swift build) or give --binary")
    if args.partitions is not None and args.partitions < 1:
        sys.exit("spark_batch: --partitions must be at least 1")
    # The folders shipped to the executors, by the option that names them; SparkFiles finds each by its name.
    shipped = [(option, os.path.abspath(folder).rstrip("/")) for option, folder in
               (("--fonts-dir", args.fonts_dir), ("--hyphen-dir", args.hyphen_dir)) if folder]
    for option, folder in shipped:
        if not os.path.isdir(folder):
            sys.exit(f"spark_batch: {option} must name a folder, got {folder!r}")
    if len({os.path.basename(folder) for _, folder in shipped}) < len(shipped):
        sys.exit("spark_batch: the folders of --fonts-dir and --hyphen-dir must have different names: the executors find them by name")

    from pyspark import SparkConf, SparkContext

    conf = SparkConf().setAppName("textlayout batch")
    if args.master or "spark.master" not in conf.getAll():
        conf.setMaster(args.master or "local[2]")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    try:
        binary = os.path.abspath(args.binary)
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

        lines = sc.textFile(args.input, minPartitions=args.partitions or sc.defaultParallelism)
        binary_name = os.path.basename(binary)
        # Partitions keep the input's order and each process answers its lines in order, so the
        # keyed results come out in input order with no shuffle; the keys are checked as they go.
        keyed = (lines.zipWithIndex()
                 .mapPartitionsWithIndex(lambda i, rows: run_partition(i, rows, binary_name, resources_name, folders)))
        if args.output_dir:
            keyed.values().saveAsTextFile(args.output)
        else:
            with open(args.output, "w", encoding="utf-8") as out:
                for expected, (index, answer) in enumerate(keyed.toLocalIterator()):
                    if index != expected:
                        raise RuntimeError(f"result of input line {index + 1} came where line {expected + 1}'s belongs")
                    out.write(answer + "\n")
    finally:
        sc.stop()


if __name__ == "__main__":
    main()
