"""Records Pango's layout of each golden layout case (its `pango:` line starts, and where they apply `pango-widths:`, `pango-x:` and `pango-hidden:`), so GoldenTests can hold ours against an outside engine.

  python3 scripts/record-pango-starts.py [--check | --overwrite] [--goldens DIR]

Each case Tests/Goldens/{core,scripts}/NAME.txt is a batch job (`text` a JSON string, `font` a file
in Fonts/, `insets` T,L,B,R). scripts/pango_program.py lays it out with the project's Pango program
(Benchmarks/PangoStudy/pango_lines.c) in the same font file (a fontconfig configuration that holds
only Fonts/), at the case's size, wrap width (less the side insets) and lineSpace, with what Pango
can take of its paragraph settings: align and indent (pango_layout_set_alignment, _set_justify,
_set_indent), lineClamp, maxHeight (less the top and bottom insets) and truncate (Pango's
ellipsizing at a height of -N lines or of the pixels), direction and language; Pango inserts
hyphens where the text has a soft hyphen (U+00AD). The rest (lineHeight, strut, lineBreak, hyphens,
textWrap, minLines, maxLines) Pango does not take: its greedy layout at the case's width is recorded.

Recorded: `pango` (line starts, UTF-16 offsets) always; `pango-widths` and `pango-x` (each line's
width and where its content starts, in px) when the case sets align or indent; `pango-hidden` (the
range Pango's ellipsis stands for) when Pango ellipsized. A missing line is added. A line whose
recorded value differs from Pango's is left as it is and reported (the golden, the key, both
values), and the script exits 1, unless --overwrite rewrites it. --check writes nothing and exits
1 on any line missing or differing. --goldens names another folder of core/ and scripts/ cases.

A case whose starts in NAME.expected differ from Pango's must name the kind of difference in a
`pango-difference:` line (one of the kinds in the "Exactness against Pango" tables of
docs/exactness.md) and record our starts in a `pango-difference-ours:` line (written by hand, as
GoldenTests checks them); every case whose kind or starts are missing, no longer needed or not
ours is listed, and the exit status is 1.
"""
import argparse, json, os, re, sys
from pango_program import layout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDENS = os.path.join(ROOT, "Tests", "Goldens")
AREAS = ["core", "scripts"]
DEFAULT_FONT = "DejaVuSans.ttf"
# The case's keys that record Pango's layout, not part of the job.
PANGO_KEYS = {"pango", "pango-difference", "pango-difference-ours", "pango-hidden", "pango-x", "pango-widths"}


def case_settings(txt):
    """The `key: value` lines of a case file, as a dict of raw values (comments skipped)."""
    settings = {}
    for line in txt.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or ":" not in line:
            continue
        key, value = line.split(":", 1)
        settings[key.strip()] = value.strip()
    return settings


def case_job(settings):
    """The batch job of a case, as GoldenTests' goldenJob reads it."""
    job = {"font": DEFAULT_FONT}
    for key, value in settings.items():
        if key in PANGO_KEYS:
            continue
        if key == "font":
            job[key] = value
        elif key == "insets":
            job[key] = dict(zip(["top", "left", "bottom", "right"], (float(v) for v in value.split(","))))
        else:
            job[key] = json.loads(value)
    return job


def expected_starts(expected):
    """Our line starts, from a case's .expected dump."""
    return [int(m.group(1)) for m in re.finditer(r"^line \d+ \[(\d+)\.\.", expected, re.M)]


def pango_lines(job, result):
    """The `pango*` lines Pango's result gives the case, key to value."""
    lines = {"pango": ",".join(map(str, result["starts"]))}
    if job.get("align") or job.get("indent"):
        lines["pango-widths"] = ",".join(f"{w:.3f}" for w in result["widths"])
        lines["pango-x"] = ",".join(f"{x:.3f}" for x in result["xs"])
    if result["hidden"]:
        lines["pango-hidden"] = ",".join(map(str, result["hidden"]))
    return lines


def with_line(txt, key, value):
    """The case file with its `key:` line set to `value` (added at the end when absent)."""
    line = f"{key}: {value}"
    pattern = rf"^{re.escape(key)}:.*$"
    if re.search(pattern, txt, re.M):
        return re.sub(pattern, lambda _: line, txt, count=1, flags=re.M)
    return txt.rstrip("\n") + "\n" + line + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 when a recorded line is missing or differs")
    mode.add_argument("--overwrite", action="store_true", help="rewrite recorded lines that differ from Pango's")
    parser.add_argument("--goldens", default=GOLDENS, help="the folder of the core/ and scripts/ cases (Tests/Goldens)")
    args = parser.parse_args()
    cases = []
    for area in AREAS:
        folder = os.path.join(args.goldens, area)
        for name in sorted(n[:-4] for n in os.listdir(folder) if n.endswith(".txt")):
            path = os.path.join(folder, name + ".txt")
            txt = open(path, encoding="utf-8").read()
            settings = case_settings(txt)
            cases.append((f"{area}/{name}", path, txt, settings, case_job(settings)))
    results = layout([job for *_, job in cases])
    differing, problems = [], []
    for (case, path, txt, settings, job), result in zip(cases, results):
        updated = txt
        for key, value in pango_lines(job, result).items():
            recorded = settings.get(key)
            if recorded == value:
                continue
            if recorded is not None and not args.overwrite:
                differing.append(f"{case}: '{key}' is recorded as {recorded}, Pango gives {value}"
                                 + ("" if args.check else " (left as it is: --overwrite rewrites it)"))
                continue
            if args.check:
                differing.append(f"{case}: no '{key}' line; Pango gives {value}")
            updated = with_line(updated, key, value)
        if updated != txt and not args.check:
            with open(path, "w", encoding="utf-8") as f:
                f.write(updated)
        ours = expected_starts(open(path[:-4] + ".expected", encoding="utf-8").read())
        kind = settings.get("pango-difference")
        recorded_ours = settings.get("pango-difference-ours")
        if result["starts"] != ours and not kind:
            problems.append(f"{case}: ours {ours}, Pango {result['starts']}: name the kind in a 'pango-difference:' line")
        elif result["starts"] == ours and (kind or recorded_ours):
            problems.append(f"{case}: same starts as Pango, but the case records a difference: remove its pango-difference lines")
        elif kind and recorded_ours != ",".join(map(str, ours)):
            problems.append(f"{case}: ours {ours}, but its 'pango-difference-ours:' line records {recorded_ours}")
        print(f"{case}: {'same' if result['starts'] == ours else 'differs (' + (kind or 'unnamed') + ')'} {result['starts']}")
    for p in differing + problems:
        print(p, file=sys.stderr)
    sys.exit(1 if differing or problems else 0)


if __name__ == "__main__":
    main()
