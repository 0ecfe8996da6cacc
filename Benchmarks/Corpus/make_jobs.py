"""Write layout-benchmark jobs (JSON Lines, one per text and width) for the corpus in Benchmarks/Corpus."""
#
# Usage:  python3 Benchmarks/Corpus/make_jobs.py [--langs en,fr,...] [--font FAMILY] > jobs.jsonl
#
# One job per (text, width):
#   {"id": "<lang>-<n>-w<width>", "text": ..., "font": <family>, "size": 17, "width": W, "lineSpace": 2}
# <n> is the 1-based line number of the text in <lang>.txt.  Widths: 120, 240, 360.
# Python 3 standard library only.

import argparse
import json
import os
import sys

LANGS = ["en", "fr", "de", "vi", "ru", "el", "ar", "he", "zh", "ja", "ko", "th", "hi", "emoji"]
DEFAULT_FONT = {
    "en": "DejaVu Sans", "fr": "DejaVu Sans", "de": "DejaVu Sans", "vi": "DejaVu Sans",
    "ru": "DejaVu Sans", "el": "DejaVu Sans", "emoji": "DejaVu Sans",
    "ar": "Noto Sans Arabic", "he": "Noto Sans Hebrew", "th": "Noto Sans Thai",
    "hi": "Noto Sans Devanagari", "zh": "Noto Sans CJK SC", "ja": "Noto Sans CJK JP",
    "ko": "Noto Sans CJK KR",
}
WIDTHS = [120, 240, 360]
SIZE = 17
LINE_SPACE = 2


def unescape(line):
    """Undo the corpus escaping: \\n -> newline, \\t -> tab, \\\\ -> backslash."""
    out, i = [], 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and i + 1 < len(line):
            nxt = line[i + 1]
            if nxt in "nt\\":
                out.append({"n": "\n", "t": "\t", "\\": "\\"}[nxt])
                i += 2
                continue
        out.append(ch)
        i += 1
    return "".join(out)


def read_texts(path):
    with open(path, encoding="utf-8") as f:
        return [unescape(line.rstrip("\n")) for line in f if line.rstrip("\n")]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--langs", default=",".join(LANGS),
                    help="comma-separated languages (default: all of %s)" % ",".join(LANGS))
    ap.add_argument("--font", help="use this font family for every language")
    ap.add_argument("--dir", default=os.path.dirname(os.path.abspath(__file__)),
                    help="folder holding <lang>.txt (default: this script's folder)")
    args = ap.parse_args()
    langs = [l.strip() for l in args.langs.split(",") if l.strip()]
    unknown = [l for l in langs if l not in DEFAULT_FONT]
    if unknown:
        ap.error("unknown language(s): %s (known: %s)" % (",".join(unknown), ",".join(LANGS)))
    out = sys.stdout
    if hasattr(out, "reconfigure"):
        out.reconfigure(encoding="utf-8", newline="\n")
    for lang in langs:
        font = args.font or DEFAULT_FONT[lang]
        for n, text in enumerate(read_texts(os.path.join(args.dir, lang + ".txt")), start=1):
            for width in WIDTHS:
                job = {"id": f"{lang}-{n}-w{width}", "text": text, "font": font,
                       "size": SIZE, "width": width, "lineSpace": LINE_SPACE}
                out.write(json.dumps(job, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
