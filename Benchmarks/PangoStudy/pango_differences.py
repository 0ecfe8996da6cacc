"""Sorts every job whose line starts differ from Pango 1.50's into a kind of difference, with counts per font.

  python3 Benchmarks/PangoStudy/pango_differences.py JOBS.jsonl [path/to/textlayout]

Needs the peers' Pango program (built by ../shared/peers/compare.py into $TMPDIR/textlayout-peers)
and builds pango_breaks.c beside it. For the first line start that differs, with Pango's start p and
ours o, it asks both Pango and ICU for the text's break opportunities and decides:
  - p and o are opportunities of both: the fit differs (a run of spaces that hangs in ours, an exact
    fit that Pango's rounding to 1/1024 px pushes over, or something else, listed for review);
  - otherwise the break rules differ: Thai/Lao/Khmer/Myanmar dictionaries, a word-initial hyphen
    (UAX #14 LB20a), punctuation before digits (LB25), or a cut inside a word too long for the line.
"""
import collections, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get("PEER_BIN", os.path.join(tempfile.gettempdir(), "textlayout-peers"))

def esc(t): return t.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")

def build_breaks():
    out = os.path.join(BIN, "pango_breaks")
    src = os.path.join(HERE, "pango_breaks.c")
    if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(src):
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pango", "icu-uc"], capture_output=True, text=True, check=True).stdout.split()
        subprocess.run(["gcc", "-O2", "-o", out, src] + flags, check=True)
    return out

def u16(text, a, b):
    e = text.encode("utf-16-le"); return e[2 * a:2 * b].decode("utf-16-le", "replace")

def classify(job, ours, pango_starts, pango_ops, icu_ops):
    starts = [l["start"] for l in ours["lines"]]
    i = next((k for k in range(min(len(starts), len(pango_starts))) if starts[k] != pango_starts[k]), None)
    if i is None: return "line count only"
    p, o = pango_starts[i], starts[i]
    text = job["text"]
    around = u16(text, max(0, min(p, o) - 2), max(p, o) + 2)
    if p in icu_ops and o in pango_ops:
        line = ours["lines"][i - 1]
        tail = u16(text, line["start"], max(p, o))
        if re.search(r"[ \u00a0]{2,}", tail): return "fit: a run of spaces hangs in ours"
        if abs(line["width"] - job["width"]) < 0.02 or abs(ours["lines"][i - 1]["width"] - job["width"]) < 0.05:
            return "fit: exact fit, Pango rounds advances to 1/1024 px"
        return "fit: other"
    if p not in pango_ops and o not in icu_ops: return "cut inside a word too long for the line"
    return "break rules: " + break_rule(text, p if p not in icu_ops else o)  # the opportunity one engine has and the other lacks

def break_rule(text, site):
    """Which of Pango's and ICU's known differences an opportunity at UTF-16 offset `site` that one has and the other lacks is."""
    around = u16(text, max(0, site - 2), site + 2)
    if re.search(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]", around): return "Thai/Lao/Khmer/Myanmar dictionary"
    if re.search(r"(^|[\s(\[{«\"'])-$", u16(text, max(0, site - 2), site)): return "word-initial hyphen (LB20a)"
    if re.search(r"[.:,/]$", u16(text, max(0, site - 1), site)) and re.match(r"\d", u16(text, site, site + 1)):
        return "punctuation before digits (LB25)"
    return "other"

def main():
    jobs_path = sys.argv[1]
    binary = sys.argv[2] if len(sys.argv) > 2 else ".build/release/textlayout"
    jobs = [json.loads(l) for l in open(jobs_path, encoding="utf-8")]
    ours = [json.loads(l) for l in subprocess.run([binary, "batch"], stdin=open(jobs_path), capture_output=True, text=True).stdout.splitlines()]
    tsv = "".join(f"{j.get('size', 17)}\t{j.get('width', 1e9)}\t{j.get('lineSpace', 0)}\t{j['font']}\t{esc(j['text'])}\n" for j in jobs)
    pango = subprocess.run([os.path.join(BIN, "pango_layout")], input=tsv, capture_output=True, text=True, check=True).stdout.splitlines()
    differing = [k for k, (r, p) in enumerate(zip(ours, pango)) if [l["start"] for l in r["lines"]] != [int(x) for x in p.split("\t")[2].split(",")]]
    ops = subprocess.run([build_breaks()], input="".join(esc(jobs[k]["text"]) + "\n" for k in differing), capture_output=True, text=True, check=True).stdout.splitlines()
    kinds = collections.defaultdict(list)
    for n, k in enumerate(differing):
        pango_ops = set(int(x) for x in ops[2 * n].split()[1:])
        icu_ops = set(int(x) for x in ops[2 * n + 1].split()[1:])
        starts = [int(x) for x in pango[k].split("\t")[2].split(",")]
        kinds[classify(jobs[k], ours[k], starts, pango_ops, icu_ops)].append(jobs[k]["id"])
    by_font = collections.Counter(j["font"] for j in jobs)
    same_by_font = collections.Counter(j["font"] for k, j in enumerate(jobs) if k not in set(differing))
    print("| font | jobs | identical line starts |")
    print("| --- | ---: | ---: |")
    for font in sorted(by_font):
        print(f"| {font} | {by_font[font]} | {same_by_font[font] / by_font[font]:.1%} |")
    print(f"| all | {len(jobs)} | {1 - len(differing) / len(jobs):.1%} |")
    print()
    print("| kind of difference | jobs | share of all jobs | examples |")
    print("| --- | ---: | ---: | --- |")
    for kind, ids in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        print(f"| {kind} | {len(ids)} | {len(ids) / len(jobs):.2%} | {', '.join(ids[:3])} |")

if __name__ == "__main__":
    main()
