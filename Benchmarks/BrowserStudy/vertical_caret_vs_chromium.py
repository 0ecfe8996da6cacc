"""Holds the editor's caret in columns against headless Chromium: at every grapheme offset of a few Japanese and Chinese corpus texts in a vertical-rl (or vertical-lr) field, our snapshot's caretRect against a collapsed Range's getBoundingClientRect in a contenteditable div.

  swift build --product textlayout
  python3 Benchmarks/BrowserStudy/vertical_caret_vs_chromium.py [--textlayout PATH] [--sample N] [--seed S]
      [--langs ja,zh] [--mode vertical-rl|vertical-lr] [--chromium PATH] [--examples N]

Makes the corpus jobs of --langs (Benchmarks/Corpus/make_jobs.py), keeps a seeded sample of
--sample (default 12) and, for each, replays `textlayout edit` with the job's text and font at
size 17 by the chromium profile in --mode, the job's width the columns' length, no insets, and a
`{"caret": k}` event for each grapheme offset k: the snapshot's caretRect is where we draw the
caret (a bar across its column at its place down it). In Chromium each job is a contenteditable div
with `writing-mode` set, `white-space: pre-wrap; overflow-wrap: anywhere; line-height: normal`,
the job's width as its height and the job's font embedded (the bundled file; our `edit` finds the
font by name through fontconfig, the same Noto Sans CJK design), and the caret at offset k is a
collapsed Range's getBoundingClientRect, from the div's top-left corner. Compared at each offset:
the caret's place down the column (our y, Chromium's top) and its column's left edge (our x,
Chromium's left) within 1/64 px (Chromium's layout unit). An offset where a column wraps softly has
two places: Chromium's collapsed range takes the end of the column before (upstream), ours
(downstream, as a `caret` event leaves it) the start of the next column, so those offsets are
counted apart when Chromium's caret is in the column before, below the caret before it. Prints the share of offsets that agree and examples of
those that differ.
Python 3 standard library only; needs Chromium (Debian's /usr/bin/chromium).
"""
import argparse, json, os, random, subprocess, sys

from chromium_pages import ROOT, make_jobs, page, percent, run_pages
from corpus_vs_chromium import FONT_FILES, embedded_font_faces

LAYOUT_UNIT = 1 / 64

# carets: for each div, the rectangle of a collapsed range at each grapheme offset of its text.
CARETS_SCRIPT = r"""
function caretsOf(div, offsets) {
  const box = div.getBoundingClientRect();
  const node = div.firstChild;
  const range = document.createRange();
  return offsets.map(offset => {
    range.setStart(node, offset);
    range.collapse(true);
    const r = range.getBoundingClientRect();
    return {x: r.left - box.left, y: r.top - box.top, width: r.width, height: r.height};
  });
}
"""


def grapheme_offsets(text):
    """The UTF-16 offsets where our snapshot puts carets: each of ours answers one `caret` event."""
    offsets, units = [0], 0
    for ch in text:
        units += 2 if ord(ch) > 0xFFFF else 1
        offsets.append(units)
    return offsets


def ours(binary, job, mode):
    """Our caretRect (downstream) at each offset of `job`, and the offsets where columns start."""
    config = {"config": {"width": job["width"], "font": job["font"], "size": 17, "profile": "chromium", "writingMode": mode,
                         "whiteSpace": "pre-wrap", "text": job["text"]}}
    offsets = grapheme_offsets(job["text"])
    lines = [json.dumps(config, ensure_ascii=False)] + [json.dumps({"caret": k}) for k in offsets]
    run = subprocess.run([binary, "edit"], input="\n".join(lines) + "\n", capture_output=True, text=True)
    snapshots = [json.loads(line) for line in run.stdout.splitlines()]
    if len(snapshots) != len(lines) or any("error" in s for s in snapshots):
        sys.exit(f"textlayout edit failed for {job['id']}: {run.stderr.strip() or snapshots[-1]}")
    return offsets, [s["caretRect"] for s in snapshots[1:]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--textlayout", default=os.path.join(ROOT, ".build", "debug", "textlayout"))
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--sample", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--langs", default="ja,zh")
    ap.add_argument("--mode", choices=["vertical-rl", "vertical-lr"], default="vertical-rl")
    ap.add_argument("--examples", type=int, default=8)
    args = ap.parse_args()
    jobs = [job for job in make_jobs(args.langs.split(","), 0, args.seed) if "\n" not in job["text"] and "\t" not in job["text"]]
    jobs = sorted(random.Random(args.seed).sample(jobs, min(args.sample, len(jobs))), key=lambda job: job["id"])
    ourCarets = [ours(args.textlayout, job, args.mode) for job in jobs]
    style = embedded_font_faces() + (f"div {{ writing-mode: {args.mode}; white-space: pre-wrap; overflow-wrap: anywhere; line-height: normal;"
                     " font-size: 17px; margin: 0 0 20px 0; padding: 0; }")
    body = "".join(f'<div contenteditable="true" id="j{i}" style="height: {job["width"]}px; font-family: \'{FONT_FILES[job["font"]][0]}\'">'
                   f'{job["text"].replace("&", "&amp;").replace("<", "&lt;")}</div>\n' for i, job in enumerate(jobs))
    measure = "{carets: [" + ", ".join(f"caretsOf(document.getElementById('j{i}'), {json.dumps(offsets)})"
                                       for i, (offsets, _) in enumerate(ourCarets)) + "]}"
    result = run_pages(args.chromium, [page(style, body, measure, CARETS_SCRIPT)], "vertical-caret-")[0]
    same = wraps = total = 0
    differences = []
    for job, (offsets, rects), theirs in zip(jobs, ourCarets, result["carets"]):
        for k, (offset, rect, their) in enumerate(zip(offsets, rects, theirs)):
            total += 1
            agrees = abs(rect["x"] - their["x"]) <= LAYOUT_UNIT and abs(rect["y"] - their["y"]) <= LAYOUT_UNIT
            # A soft wrap (downstream: our caret at the next column's top): Chromium's caret at the end of the column
            # before, in its column and below the caret before.
            wrap = (0 < k and rect["y"] == 0 and rects[k - 1]["x"] != rect["x"]
                    and abs(their["x"] - rects[k - 1]["x"]) <= LAYOUT_UNIT and their["y"] > rects[k - 1]["y"])
            if agrees:
                same += 1
            elif wrap:
                wraps += 1
            else:
                differences.append((job["id"], offset, rect, their))
    print(f"{len(jobs)} jobs under {args.mode}, {total} caret offsets ({result['userAgent'].split(' ')[-2]})")
    print(f"  same place within 1/64 px: {same} ({percent(same, total)}); at a soft wrap, Chromium at the column before's end: {wraps}; "
          f"different: {len(differences)} ({percent(len(differences), total)})")
    for job_id, offset, rect, their in differences[:args.examples]:
        print(f"  {job_id} offset {offset}: ours x {rect['x']:.3f} y {rect['y']:.3f}, Chromium x {their['x']:.3f} y {their['y']:.3f}"
              f" ({their['width']:.3f} × {their['height']:.3f})")


if __name__ == "__main__":
    main()
