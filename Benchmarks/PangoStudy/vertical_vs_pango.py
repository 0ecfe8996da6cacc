"""Compares our vertical text (writingMode, textOrientation) with Pango 1.50's vertical gravity, a second reference beside Chromium: the Chinese, Japanese and Korean corpus jobs in columns, by the standard and the chromium profile, their column starts and the block's extent, each difference named by its kind.

  python3 Benchmarks/PangoStudy/vertical_vs_pango.py [--textlayout PATH] [--sample N] [--set-sample N] [--seed S]
      [--langs zh,ja,ko] [--sets vertical-rl,upright,sideways] [--profiles standard,chromium]
      [--examples N] [--json OUT]

The jobs are the vertical study's (Benchmarks/BrowserStudy/vertical_vs_chromium.py: the corpus
jobs of --langs, every text at 120, 240 and 360 px, size 17, each language's font then the bundled
fallback fonts; a seeded sample of --sample of them under `vertical-rl` and of --set-sample under
each other set, all when 0, the default). Ours: `textlayout batch --fonts-dir Fonts` with
`writingMode` and `textOrientation` set, the job's width the column's length, by each profile of
--profiles. Pango's: scripts/pango_program.py (Benchmarks/PangoStudy/pango_lines.c, Fonts/ alone) with
the context's base gravity east and the gravity hint that matches the orientation
(pango_program.GRAVITY_HINTS: mixed natural, upright strong, sideways line), the job's width as
Pango's width, the same font list, file and size; its lines are the columns (their starts in
UTF-16 offsets), its layout's logical height the block's extent (the sum of the columns' widths).
Pango has no `vertical-lr`: its columns are those of `vertical-rl`, only stacked from the other side
(--sets vertical-lr compares ours in that mode with them). The orientations are found for each
character of the jobs laid out alone in a column: our runs' `upright`, Pango's runs of a vertical
gravity (pango_lines.c's `upright` ranges).

Compared for each job: the column starts and the block's extent, within 1/1024 px a column (Pango's
unit) and 0.0005 px (the program prints 3 decimals), as agreement.py compares heights. Prints each
set and profile's share of jobs with the same starts and, of those, the same extent; then every
difference by kind (KINDS) with examples; and, for each set, the characters of the jobs that one
engine sets upright and the other turns. --json writes each differing job's details.

Needs Pango 1.50 (libpango1.0-dev) and ICU (libicu-dev), as the Pango study's programs; no Chromium.
"""
import argparse, collections, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "BrowserStudy"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from chromium_pages import listed_choices, run_batch, utf16  # noqa: E402
from corpus_vs_chromium import FALLBACK_FONTS, SIZE, font_list  # noqa: E402
from vertical_vs_chromium import LANGS, SETS, chosen_jobs  # noqa: E402
from agreement import same_height  # noqa: E402
import pango_differences  # noqa: E402
from pango_program import layout  # noqa: E402

PROFILES = ["standard", "chromium"]
# vertical-lr is left out by default: Pango's columns for it are vertical-rl's, and ours are the same as ours in vertical-rl.
DEFAULT_SETS = ["vertical-rl", "upright", "sideways"]
# The kinds of difference, as classify() names them (a break rule of Pango's and ICU's named as pango_differences.py names it in a line).
KINDS = {
    "break rules": "a break opportunity Pango's rules have and ICU's lack, or the other way round, as in a line "
                   "(pango_differences.py: a word-initial hyphen, UAX #14 LB20a; punctuation before digits, LB25)",
    "profile break rules": "a break opportunity the profile has and ICU's default rules lack, or the other way round "
                           "(the chromium profile's, as Chromium's: before small kana and `ー`, before `.` after a space, "
                           "none after `/` before a letter)",
    "cut": "a word too long for the column is cut at another place, its text measuring the same in both",
    "orientation": "the first columns that differ hold characters one engine sets upright and the other turns, so they "
                   "advance by another measure down the column (their own, or a turned run's kerning)",
    "advance": "their text measures otherwise down the column, and as Pango's with no mark trimmed (textSpacingTrim "
               "space-all): the chromium profile's punctuation trim (text-spacing-trim normal), which Pango does not make",
    "fit": "the same measure and opportunities, another column end (a run of spaces that hangs in ours; an exact fit, "
           "the chromium profile's 1/64 px layout units or Pango's advances rounded to 1/1024 px)",
    "other": "their text measures otherwise down the column, for none of the reasons above (listed for review)",
    "column width": "the same column starts, but the block's extent differs: a column as wide as the line would be "
                    "tall, each engine's way",
}


def our_layouts(binary, chosen, profile, **keys):
    """Our result for each (set, job) by `profile` in the set's writing mode and orientation, with the batch `keys` given."""
    jobs = [{"id": i, "text": job["text"], "font": font_list([job["font"], *FALLBACK_FONTS]), "size": SIZE, "width": job["width"],
             "writingMode": SETS[name][0], "textOrientation": SETS[name][1], **keys} for i, (name, job) in enumerate(chosen)]
    if profile != "standard":
        for job in jobs:
            job["profile"] = profile
    return run_batch(binary, jobs, fonts_dir=os.path.join(ROOT, "Fonts"))


def pango_layouts(chosen):
    """Pango's layout of each (set, job) in the set's writing mode and orientation (pango_program.layout's results)."""
    return layout([{"text": job["text"], "font": ",".join([job["font"], *FALLBACK_FONTS]), "size": SIZE, "width": job["width"],
                    "writingMode": SETS[name][0], "textOrientation": SETS[name][1]} for name, job in chosen])


def break_opportunities(binary, chosen, profile):
    """Pango's, ICU's (from pango_breaks.c) and our (by `profile`) line break opportunities, sets of UTF-16 offsets, of
    each (set, job) of `chosen`. Ours are our column starts at a length of 1 px with `overflowWrap` normal: a column at each."""
    os.makedirs(pango_differences.BIN, exist_ok=True)
    out = subprocess.run([pango_differences.build_breaks()], input="".join(pango_differences.esc(job["text"]) + "\n" for _, job in chosen),
                         capture_output=True, text=True, check=True).stdout.splitlines()
    ours = our_layouts(binary, [(name, dict(job, width=1)) for name, job in chosen], profile, overflowWrap="normal")
    return [({int(x) for x in out[2 * n].split()[1:]}, {int(x) for x in out[2 * n + 1].split()[1:]}, {l["start"] for l in o["lines"]})
            for n, o in enumerate(ours)]


def characters(binary, chosen, profile):
    """{(set, font, character): (ours upright, Pango's upright, our length, Pango's)} for each character but white space of
    the texts of `chosen` (set, job), each laid out alone in a column by `profile` (a character's orientation is its own)."""
    keys = sorted({(name, job["font"], c) for name, job in chosen for c in job["text"] if not c.isspace()})
    alone = [(name, {"text": c, "font": font, "width": 100000}) for name, font, c in keys]
    ours, pango = our_layouts(binary, alone, profile, glyphs=True), pango_layouts(alone)
    return {key: (all(run.get("upright", False) for line in o["lines"] for run in line["runs"]), bool(p["upright"]),
                  max((l["width"] for l in o["lines"]), default=0), max(p["widths"], default=0)) for key, o, p in zip(keys, ours, pango)}


def turned_otherwise(table, name, font, text):
    """The characters of `text` (in set `name` and `font`) that one engine sets upright and the other turns, by `table`
    (characters()): {character: whether ours is the upright one}."""
    found = {}
    for c in text:
        ours_upright, pango_upright, _, _ = table.get((name, font, c), (False, False, 0, 0))
        if ours_upright != pango_upright:
            found[c] = ours_upright
    return found


def first_difference(text, ours, pango):
    """Where the columns first differ: the column k whose start differs, Pango's and our start there (the text's end
    past the last column), and the text of the longer of the two columns before, from its start, without its trailing spaces."""
    o, p = [l["start"] for l in ours["lines"]], pango["starts"]
    k = next(k for k in range(max(len(o), len(p)) + 1) if k >= len(o) or k >= len(p) or o[k] != p[k])
    end = len(text.encode("utf-16-le")) // 2
    pango_next, our_next = (p[k] if k < len(p) else end), (o[k] if k < len(o) else end)
    return k, pango_next, our_next, utf16(text, o[k - 1], max(pango_next, our_next)).rstrip()


def classify(job, ours, pango, opportunities, unbroken, turned):
    """The kind (KINDS) and a note of a job whose column starts differ. `opportunities` is (Pango's, ICU's, ours by the
    profile) break opportunities of its text; `unbroken(text)` (ours, Pango's) length of `text` in one column; `turned(text)`
    turned_otherwise() of a piece of the job's text."""
    text = job["text"]
    end = len(text.encode("utf-16-le")) // 2
    k, p, o, piece = first_difference(text, ours, pango)
    pango_ops, icu_ops, our_ops = ({end} | ops for ops in opportunities)
    note = f"column {k}: Pango starts the next at {p} ({utf16(text, p, p + 6)!r}), ours at {o} ({utf16(text, o, o + 6)!r})"
    # The engine whose column ends first (at `first`, by its opportunities `first_ops`) and the other (at `last`).
    (first, first_ops), (last, last_ops) = sorted([(p, pango_ops), (o, our_ops)], key=lambda end_ops: end_ops[0])
    # A break rule differs when the engine that went further broke at an opportunity the other lacks, or cut a word
    # past one the other has (it would have broken there, had it one).
    site = (last if last in last_ops and last not in first_ops else
            first if first in first_ops and first not in last_ops and last not in last_ops else None)
    if site is not None:
        if (site in our_ops) != (site in icu_ops):
            return "profile break rules", note
        return "break rules", f"{pango_differences.break_rule(text, site)}; {note}"
    ours_length, pango_length, _ = unbroken(piece)
    if abs(ours_length - pango_length) <= 0.01:
        if first not in first_ops or last not in last_ops:
            return "cut", note
        longest = ours["lines"][k - 1]["width"]
        if job["width"] < longest < job["width"] + 1 / 64:
            return "fit", f"ours fits {longest:.3f} px in {job['width']} (the chromium profile's 1/64 px layout units); {note}"
        return "fit", f"{pango_differences.classify(job, ours, pango['starts'][:k] + [p], pango_ops, icu_ops)}; {note}"
    measured = f"{piece!r} is {ours_length:.3f} px in ours, {pango_length:.3f} in Pango"
    otherwise = turned(piece)
    # The characters turned otherwise whose own length differs; when none, the run of them measures otherwise (kerning).
    differing = {c: up for c, up in otherwise.items() if abs(unbroken(c)[0] - unbroken(c)[1]) > 0.01}
    if differing:
        named = ", ".join(f"{c} ({'ours upright, Pango turned' if up else 'Pango upright, ours turned'}: "
                          f"{unbroken(c)[0]:.3f} px in ours, {unbroken(c)[1]:.3f} in Pango)" for c, up in sorted(differing.items())[:4])
        return "orientation", f"{named}{' ...' if len(differing) > 4 else ''}; {measured}; {note}"
    untrimmed = unbroken(piece)[2]
    if abs(untrimmed - pango_length) <= 0.01:
        return "advance", f"{measured}, untrimmed {untrimmed:.3f}; {note}"
    if otherwise:
        named = "".join(sorted(otherwise)[:8])
        return "orientation", f"{named!r}{'...' if len(otherwise) > 8 else ''} turned otherwise, each as long alone in both; {measured}; {note}"
    return "other", f"{measured}; {note}"


def column_widths(ours, pango):
    """Our columns' widths across the block and Pango's (its extent shared by its columns), as a note."""
    widths = sorted({round(l["height"], 3) for l in ours["lines"]})
    return f"columns {', '.join(f'{w:g}' for w in widths)} px wide in ours, {pango['height'] / pango['lineCount']:.3f} in Pango"


def unbroken_lengths(binary, profile, pieces):
    """{(set, font, text): (ours, Pango's, ours untrimmed) length of text laid out in one column} for each of `pieces`,
    ours by `profile`, untrimmed with `textSpacingTrim` space-all (the standard profile's: no mark trimmed)."""
    if not pieces:
        return {}
    chosen = [(name, {"text": text, "font": font, "width": 100000}) for name, font, text in pieces]
    ours, pango = our_layouts(binary, chosen, profile), pango_layouts(chosen)
    untrimmed = our_layouts(binary, chosen, profile, textSpacingTrim="space-all")
    length = lambda result: max((l["width"] for l in result["lines"]), default=0)
    return {piece: (length(o), max(p["widths"], default=0), length(u)) for piece, o, p, u in zip(pieces, ours, pango, untrimmed)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog="\n".join(__doc__.split("\n")[1:]),
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--textlayout", default=os.path.join(ROOT, ".build", "debug", "textlayout"), help="our CLI (default: .build/debug/textlayout)")
    ap.add_argument("--sample", type=int, default=0, help="how many corpus jobs vertical-rl takes, chosen at random (0: all, the default)")
    ap.add_argument("--set-sample", type=int, default=0, help="how many corpus jobs each other set takes (0: all, the default)")
    ap.add_argument("--seed", type=int, default=1, help="the samples' seed (default 1), as vertical_vs_chromium.py draws them")
    ap.add_argument("--langs", default=",".join(LANGS), help="the corpus languages (default %(default)s)")
    ap.add_argument("--sets", default=",".join(DEFAULT_SETS), help="the sets laid out (default %(default)s): " +
                    "; ".join(f"{k}: writing-mode {m}, text-orientation {o}" for k, (m, o) in SETS.items()))
    ap.add_argument("--profiles", default=",".join(PROFILES), help="our profiles compared (default %(default)s)")
    ap.add_argument("--examples", type=int, default=2, help="examples shown for each kind of difference (default 2)")
    ap.add_argument("--json", help="write each differing job's details here (JSON Lines)")
    args = ap.parse_args()
    langs = listed_choices(ap, "--langs", args.langs, LANGS)
    sets = listed_choices(ap, "--sets", args.sets, list(SETS))
    profiles = listed_choices(ap, "--profiles", args.profiles, PROFILES)
    if args.sample < 0 or args.set_sample < 0:
        ap.error(f"--sample and --set-sample must be 0 (all jobs) or more, not {args.sample} and {args.set_sample}")
    binary = os.path.abspath(args.textlayout)
    if not os.access(binary, os.X_OK):
        sys.exit(f"no textlayout at {binary}: build it (swift build --product textlayout) or give --textlayout PATH")
    chosen = chosen_jobs(sets, langs, args.sample, args.set_sample, args.seed)
    pango = pango_layouts(chosen)
    print(f"{len(chosen)} jobs ({','.join(langs)}, sets {','.join(sets)}, sample {args.sample}, set sample {args.set_sample}, "
          f"seed {args.seed}); Pango {subprocess.run(['pkg-config', '--modversion', 'pango'], capture_output=True, text=True).stdout.strip()}")
    details = []
    for profile in profiles:
        ours = our_layouts(binary, chosen, profile)
        counts = collections.defaultdict(collections.Counter)
        differing = [i for i, (o, p) in enumerate(zip(ours, pango)) if [l["start"] for l in o["lines"]] != p["starts"]]
        opportunities = dict(zip(differing, break_opportunities(binary, [chosen[i] for i in differing], profile)))
        kinds = collections.defaultdict(list)
        table = characters(binary, chosen, profile)
        # The pieces whose unbroken length decides `advance`, measured in one run; each character's from `table`.
        pieces = sorted({(chosen[i][0], chosen[i][1]["font"], first_difference(chosen[i][1]["text"], ours[i], pango[i])[3]) for i in differing})
        lengths = {**unbroken_lengths(binary, profile, pieces), **{key: value[2:] for key, value in table.items()}}  # characters: (ours, Pango's)
        for i, ((name, job), o, p) in enumerate(zip(chosen, ours, pango)):
            c = counts[name]
            c["jobs"] += 1
            if i in opportunities:
                kind, note = classify(job, o, p, opportunities[i], lambda t: lengths[name, job["font"], t],
                                      lambda t: turned_otherwise(table, name, job["font"], t))
            else:
                c["starts"] += 1
                if same_height(o, p):
                    c["extent"] += 1
                    continue
                kind, note = "column width", f"extent {o['height']:.3f} px in ours, {p['height']:.3f} in Pango; {column_widths(o, p)}"
            kinds[name, kind].append((job["id"], note))
            details.append({"profile": profile, "set": name, "id": job["id"], "kind": kind, "note": note,
                            "ours": [l["start"] for l in o["lines"]], "pango": p["starts"], "oursExtent": o["height"], "pangoExtent": p["height"]})
        print(f"\nprofile {profile}\n")
        print("| set | same column starts | block extent within 1/1024 px a column (of those) |")
        print("| --- | --- | --- |")
        for name in sets:
            c = counts[name]
            print(f"| `{SETS[name][0]}`, {SETS[name][1]} | {c['starts'] / c['jobs']:.2%} ({c['starts']:,} of {c['jobs']:,}) | "
                  f"{c['extent'] / max(c['starts'], 1):.2%} ({c['extent']:,}) |")
        for name in sets:
            listed = [(kind, kinds[name, kind]) for kind in KINDS if kinds[name, kind]]
            if listed:
                print(f"\n{name} ({' '.join(SETS[name])}), by {profile}:")
            for kind, found in listed:
                print(f"  {kind}: {len(found)} ({KINDS[kind]})")
                for id, note in found[:args.examples]:
                    print(f"    {id}: {note}")
        print_orientations(chosen, table, sets)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            for d in details:
                f.write(json.dumps(d, ensure_ascii=False) + "\n")


def print_orientations(chosen, table, sets):
    """For each set, the characters of its jobs one engine sets upright and the other turns (by `table`, characters()),
    with how many jobs hold each."""
    for name in sets:
        found = collections.defaultdict(set)
        for n, job in chosen:
            if n == name:
                for c, ours_upright in turned_otherwise(table, name, job["font"], job["text"]).items():
                    found["ours upright, Pango turned" if ours_upright else "Pango upright, ours turned", c].add(job["id"])
        print(f"\n{name}: characters set upright by one engine and turned by the other (jobs holding each)")
        for side in ("ours upright, Pango turned", "Pango upright, ours turned"):
            chars = sorted((c for s, c in found if s == side), key=lambda c: (-len(found[side, c]), c))
            shown = ", ".join(f"U+{ord(c):04X} {c} ({len(found[side, c])})" for c in chars[:24])
            print(f"  {side}: {len(chars)} characters{': ' + shown if chars else ''}{' ...' if len(chars) > 24 else ''}")


if __name__ == "__main__":
    main()
