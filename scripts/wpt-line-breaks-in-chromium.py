#!/usr/bin/env python3
# Runs the rows of Tests/Conformance/wpt-css-text-i18n-line-breaks.tsv in headless Chromium and lists those where Chromium gives another answer than WPT expects.
"""Usage: scripts/wpt-line-breaks-in-chromium.py [--chromium PATH] [--json OUT]

What it is for: telling, for each row the engine's chromium profile fails, whether Chromium itself
fails it (a WPT expectation the browser does not meet) or passes it (a rule the profile lacks).

Each row is set as its WPT test sets it, in one page: a data-table or punctuation row as a `div`
of the test's width at 30 px in Noto Sans CJK JP (Fonts/), `line-height: 1em`, with the row's
`lang` and `line-break`, and the line each code point is on read from the text's client rectangles; a white-space row
as a `div` 50ch wide in DejaVu Sans Mono at 25 px, `line-height: 30px`, with its `white-space`,
wrapping when it is over 35 px tall. Prints one line per row where Chromium disagrees with WPT
(source, code point, lang, line-break, expected, Chromium's answer), then the counts; `--json`
writes every row's answer.
"""
import argparse, html, json, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "BrowserStudy"))
from chromium_pages import run_pages  # noqa: E402  (the studies' one way of running a page in the browser)
TABLE = os.path.join(ROOT, "Tests", "Conformance", "wpt-css-text-i18n-line-breaks.tsv")

SCRIPT = """
document.fonts.ready.then(() => {
  const answers = [];
  for (const box of document.querySelectorAll('div.row')) {
    if (box.dataset.position === 'any') {
      answers.push(box.offsetHeight > 35 ? 'break' : 'no-break');
      continue;
    }
    const node = box.firstChild, text = node.data, tops = [];
    let offset = 0;
    for (const ch of text) {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + ch.length);
      tops.push(range.getClientRects()[0].top);
      offset += ch.length;
    }
    const position = Number(box.dataset.position);
    // The second line's first code point: the row's position (a break before it) or earlier.
    const second = tops.findIndex(top => top > tops[0]);
    answers.push(second === position ? 'break' : second === position - 1 ? 'no-break' : 'second line at ' + second);
  }
  const faces = [...document.fonts].map(f => f.family + ':' + f.status);
  document.getElementById('result').textContent = JSON.stringify({answers, faces, userAgent: navigator.userAgent});
});
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--json")
    args = ap.parse_args()
    rows = [line.rstrip("\n").split("\t") for line in open(TABLE, encoding="utf-8") if not line.startswith("#")]
    boxes = []
    for source, points, position, lang, line_break, white_space, width, expected in rows:
        text = html.escape("".join(chr(int(p, 16)) for p in points.split()))
        lang_attribute = "" if lang == "-" else lang
        if position == "any":
            style = f"font: 25px/30px 'Mono'; width: 50ch; white-space: {white_space}"
        else:
            style = f"font: 30px/1em 'CJK'; width: {width}; line-break: {line_break}; white-space: {white_space}"
        boxes.append(f'<div class="row" lang="{lang_attribute}" data-position="{position}" style="{style}">{text}</div>')
    fonts = os.path.join(ROOT, "Fonts")
    page = ("<!DOCTYPE html><html><head><meta charset='utf-8'><style>"
            f"@font-face {{ font-family: 'CJK'; src: url('file://{fonts}/NotoSansCJKjp-Regular.otf'); }}"
            f"@font-face {{ font-family: 'Mono'; src: url('file://{fonts}/DejaVuSansMono.ttf'); }}"
            "div.row { padding: 0; margin: 0 0 10px 0; }</style></head><body>"
            + "\n".join(boxes) + f"<pre id='result'></pre><script>{SCRIPT}</script></body></html>")
    result = run_pages(args.chromium, [page], "wpt-line-breaks-")[0]
    disagreements = 0
    for row, answer in zip(rows, result["answers"]):
        if answer != row[7]:
            disagreements += 1
            source, points, position = row[0], row[1].split(), row[2]
            point = "U+" + next((p for p in points if p not in ("6587", "4E2D", "5B57")), "") if position != "any" else row[5]
            print(f"{source}\t{point}\t{row[3]}\t{row[4]}\texpected {row[7]}\tChromium {answer}")
    print(f"{result['userAgent']}: {len(rows)} rows, Chromium disagrees with WPT on {disagreements}", file=sys.stderr)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump([{"source": r[0], "text": r[1], "position": r[2], "expected": r[7], "chromium": a}
                       for r, a in zip(rows, result["answers"])], f, indent=1)


if __name__ == "__main__":
    main()
