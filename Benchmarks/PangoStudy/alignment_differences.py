"""Holds alignment, justification and indent against Pango 1.50 on a corpus and sorts the lines that differ by kind.

  python3 Benchmarks/PangoStudy/alignment_differences.py JOBS.jsonl ALIGN INDENT [path/to/textlayout]

ALIGN is Pango's: left, center, right or justify (ours: start, center, end, justify: Pango's
left and right follow the paragraph's direction). Needs the peers' Pango program (built by
../shared/peers/compare.py into $TMPDIR/textlayout-peers), run with PEER_ALIGN and PEER_INDENT.
Jobs whose line starts differ are left out (pango_differences.py sorts those). On the others each
line's width and content x (where the content starts; ours is where the runs start, left of the
content by a right-to-left line's hanging whitespace) are compared within 0.02 px, and a line that
differs is put in the first kind that explains it:
  - measured width differs, x follows: the two engines measure the line differently (shaping,
    a run of spaces that hangs in ours) and each places its own width by the same rule;
  - Pango rounds the centre: Pango rounds a centred line's offset to a whole pixel when the
    layout's width and the line's are whole pixels (its hinting), even with hinting off;
  - the paragraph's direction differs: x mirrored, in a text that opens with an embedding control
    (U+202B then a left-to-right letter: ICU's base direction is left to right, Pango's right to left);
  - Pango counts the hanging space: a justified line whose width in Pango falls short of ours by
    exactly its hanging whitespace (where the next line starts in another script, Pango stretches
    the content and the space together to the width);
  - Pango's justified line ends at a hyphen: it ends within a pixel of the width, short of it or past
    it (Pango stretches it by the width the line had before its end was shaped on its own);
  - Pango's rounding of each gap to 1/1024 px: within 0.05 px;
  - other: listed for review.
"""
import collections, json, os, subprocess, sys, tempfile

BIN = os.environ.get("PEER_BIN", os.path.join(tempfile.gettempdir(), "textlayout-peers"))
OURS = {"left": "start", "center": "center", "right": "end", "justify": "justify"}

def esc(t): return t.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")

def u16(text, a, b):
    e = text.encode("utf-16-le"); return e[2 * a:2 * b].decode("utf-16-le", "replace")

def kind(align, line, text, width, pango_width, pango_x, content_x, hanging):
    dw = line["width"] - pango_width
    if abs(dw) < 0.02 and abs(content_x - (width - line["width"] - pango_x)) < 0.02 and align != "center":
        return "the paragraph's direction differs (mirrored x)"
    if align != "justify" and abs(dw) >= 0.02:
        shift = {"left": 0, "right": -dw, "center": -dw / 2}[align]
        if line["direction"] == "rtl" and align != "center": shift = -dw - shift
        if abs(content_x - pango_x - shift) < 0.02: return "measured width differs, x follows"
    if align == "center" and pango_x == round(pango_x) and abs(content_x - pango_x) <= 0.5 + abs(dw) / 2:
        return "Pango rounds the centre"
    if align == "justify" and hanging > 0.1 and abs(dw - hanging) < 0.02: return "Pango counts the hanging space"
    if align == "justify" and text.rstrip().endswith(("-", "\u2010")) and abs(dw) < 1.5: return "Pango's justified line ends at a hyphen"
    if align == "justify" and abs(dw) < 0.05: return "Pango's rounding of each gap to 1/1024 px"
    return "other"

def main():
    jobs_path, align, indent = sys.argv[1], sys.argv[2], float(sys.argv[3])
    textlayout = sys.argv[4] if len(sys.argv) > 4 else ".build/release/textlayout"
    jobs = [json.loads(l) for l in open(jobs_path, encoding="utf-8")]
    tsv = "".join(f"{j.get('size', 17)}\t{j.get('width', 1e9)}\t{j.get('lineSpace', 0)}\t{j['font']}\t{esc(j['text'])}\n" for j in jobs)
    env = dict(os.environ, PEER_ALIGN=align, PEER_INDENT=str(indent))
    pango = subprocess.run([os.path.join(BIN, "pango_layout")], input=tsv, capture_output=True, text=True, env=env, check=True).stdout.splitlines()
    requests = "".join(json.dumps(dict(j, align=OURS[align], indent=indent, glyphs=True), ensure_ascii=False) + "\n" for j in jobs)
    ours = subprocess.run([textlayout, "batch"], input=requests, capture_output=True, text=True).stdout.splitlines()
    compared = agreeing = 0
    kinds, examples = collections.Counter(), []
    for job, p, o in zip(jobs, pango, ours):
        fields, result = p.split("\t"), json.loads(o)
        if "error" in result or [int(s) for s in fields[2].split(",")] != [l["start"] for l in result["lines"]]: continue
        compared += 1
        widths, xs = [float(w) for w in fields[3].split(",")], [float(x) for x in fields[4].split(",")]
        agrees = True
        for k, line in enumerate(result["lines"]):
            advance = sum(run["width"] for run in line["runs"])
            content_x = line["x"] + (advance - line["width"] if line["direction"] == "rtl" else 0)
            if abs(line["width"] - widths[k]) <= 0.02 and abs(content_x - xs[k]) <= 0.02: continue
            agrees = False
            text = u16(job["text"], line["start"], line["end"])
            found = kind(align, line, text, job.get("width", 1e9), widths[k], xs[k], content_x, advance - line["width"])
            kinds[found] += 1
            if found == "other" and len(examples) < 10:
                examples.append(f"{job['id']} line {k} {text!r}: width {line['width']:.3f} "
                                f"(Pango {widths[k]:.3f}), x {content_x:.3f} (Pango {xs[k]:.3f})")
        agreeing += agrees
    print(f"align {align}, indent {indent}: {compared} jobs with Pango's line starts, {agreeing} with its widths and x on every line")
    for name, count in kinds.most_common(): print(f"  {count:6d} lines: {name}")
    for example in examples: print("   ", example)

main()
