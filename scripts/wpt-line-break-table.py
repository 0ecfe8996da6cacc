#!/usr/bin/env python3
# Turns WPT's css/css-text/i18n line-breaking tests into Tests/Conformance/wpt-css-text-i18n-line-breaks.tsv, one expectation a row.
"""Usage: scripts/wpt-line-break-table.py WPT_CHECKOUT WPT_COMMIT > Tests/Conformance/wpt-css-text-i18n-line-breaks.tsv

Reads three families of tests under WPT_CHECKOUT/css/css-text/i18n and writes one row per expectation:

* The data tables (ja/, zh/, other-lang/, unknown-lang/: `css-text-line-break-{lang}-{class}-{value}.html`).
  Each holds a list of code points (`charlist`, one a line) and builds, for each, a test box and a
  reference box. The test box holds `文文文文文文` + the code point + `字字` at a width where six
  ideographs fit; the reference box holds the same text with a `<br/>` where the test expects the
  first line to end: right before the code point (it may start a line: a break between `文` and it)
  or one ideograph earlier (it may not: no break there, so the line breaks before the last `文`).
  The row's position is the code point's index in the text and its expectation `break` or
  `no-break` there. The converter checks that the reference is the test's text with one `<br/>`,
  that the `<br/>` is at one of those two places, and that the test's title ("may appear" or
  "may NOT appear") says the same.
* The opening and closing punctuation tests (`css3-text-line-break-opclns-NNN.html`), reftests
  whose page holds a test box (`中中X文` for a character that may not end a line, `中中中X文` for
  one that may not start a line) and a reference box with a `<br/>` two ideographs in, in a box
  where three ideographs fit. The row's position is the place the test forbids a break (right
  after X in `中中X文`, right before it in `中中中X文`: one character past the `<br/>`), its
  expectation `no-break` there, so that the line breaks one character earlier, at the `<br/>`.
  The converter checks the two boxes' shapes and that the `<br/>` is where this reading puts it.
* The white-space tests (`css3-text-line-break-baspglwj-NNN.html`): four boxes (`white-space`
  normal, pre-line, pre-wrap, break-spaces) of one text, 39 `a`, a character, 30 or 31 `b`, in a box
  of 50 characters; each is expected to wrap (`offsetHeight > 35`) or not (`< 35`). The row's
  position is `any` and its expectation `break` (the text has a break opportunity somewhere) or
  `no-break` (none).

Each row: source file (relative to css/css-text/i18n), the text as code points (hexadecimal,
space-separated), the position, the `lang` attribute (`-` for none or empty), the `line-break`
value (`auto` when the test sets none), the `white-space` value (`normal` when the test sets none),
the box's width as the test's CSS gives it (the data tables and the punctuation tests set 30 px
text), the expectation. A file that does not have the expected shape stops the conversion with its name.
"""
import html
import os
import re
import sys

HEADER = """\
# WPT css-text line-breaking expectations, one a row, converted by scripts/wpt-line-break-table.py.
# Source: web-platform-tests/wpt, folder css/css-text/i18n, commit {commit}.
# WPT is distributed under the 3-Clause BSD License (https://github.com/web-platform-tests/wpt/blob/master/LICENSE.md),
# Copyright (c) web-platform-tests contributors. The rows are data read from the tests, not their code.
# Columns: source, text (code points), position (code point index of the expected break, or any), lang, line-break, white-space, width, expected
"""

TABLE_FOLDERS = ["ja", "zh", "other-lang", "unknown-lang"]


def fail(path, why):
    sys.exit(f"{path}: {why}")


def code_points(text):
    return " ".join(f"{ord(c):04X}" for c in text)


def box_width(relative, source):
    """The width the test's CSS gives its test box at 30 px text (the last declaration wins)."""
    if not re.search(r"\.test, \.ref \{ font-size: 30px;", source):
        fail(relative, "the test box's text is not 30 px")
    widths = re.findall(r"\.test, \.ref \{[^}]*width: ([0-9.]+(?:px|em));", source)
    if not widths:
        fail(relative, "no width for the test box")
    return widths[-1]


def table_rows(root, relative):
    source = open(os.path.join(root, relative), encoding="utf-8").read()
    charlist = re.search(r"var charlist = `([^`]*)`", source)
    value = re.search(r"\.test \{ line-break: ([a-z-]+); \}", source)
    test = re.search(r"'<div class=\"test\" id=\"test'\+i\+'\" lang=\"([^\"]*)\">([^<&]*)&#x'\+hex\+';([^<]*)<span id=\"testSpan'\+i\+'\">([^<]*)</span></div>'", source)
    ref = re.search(r"'<div class=\"ref\" id=\"ref'\+i\+'\" lang=\"([^\"]*)\">([^&]*)&#x'\+hex\+';([^<]*)<span id=\"refSpan'\+i\+'\">([^<]*)</span></div>'", source)
    title = re.search(r"\}, lines\[i\]\+' may (NOT )?appear at line start", source)
    if not (charlist and value and test and ref and title):
        fail(relative, "not a line-break data table of the expected shape")
    lang, before, after, last = test.groups()
    ref_lang, ref_before, ref_after, ref_last = ref.groups()
    if ref_lang != lang or (ref_after, ref_last) != (after, last) or ref_before.count("<br/>") != 1 \
            or ref_before.replace("<br/>", "") != before:
        fail(relative, "the reference box is not the test box's text with one <br/>")
    line_start = ref_before.index("<br/>")
    position = len(before)
    if line_start == position:
        expected = "break"
    elif line_start == position - 1:
        expected = "no-break"
    else:
        fail(relative, f"the reference breaks at {line_start}, neither before the code point nor one character earlier")
    if (expected == "no-break") != (title.group(1) is not None):
        fail(relative, "the test's title and its reference disagree")
    width = box_width(relative, source)
    rows = []
    for line in charlist.group(1).split("\n"):
        hex_value = line.split(" ")[0]
        if not re.fullmatch(r"[0-9A-F]{4,6}", hex_value):
            fail(relative, f"cannot read the charlist line {line!r}")
        text = before + chr(int(hex_value, 16)) + after + last
        rows.append((relative, code_points(text), str(position), lang or "-", value.group(1), "normal", width, expected))
    return rows


def punctuation_rows(root, relative):
    source = open(os.path.join(root, relative), encoding="utf-8").read()
    lang = re.search(r"<html\s+lang=\"([^\"]*)\"", source)
    test = re.findall(r"<div class='test'>([^<]*)</div>", source)
    ref = re.findall(r"<div class='ref'>([^<]*)<br />([^<]*)</div>", source)
    if len(test) != 1 or len(ref) != 1 or "line-break:" in source or "white-space:" in source:
        fail(relative, "not a punctuation reftest of the expected shape")
    text = html.unescape(test[0])
    first, second = html.unescape(ref[0][0]), html.unescape(ref[0][1])
    if first + second != text or text not in ("中中" + text[2] + "文", "中中中" + text[3] + "文"):
        fail(relative, f"the boxes are not 中中X文 or 中中中X文 broken two ideographs in: {text!r}, {first!r}|{second!r}")
    if len(first) != 2:
        fail(relative, "the reference does not break two ideographs in")
    return [(relative, code_points(text), str(len(first) + 1), (lang.group(1) if lang else "") or "-", "auto", "normal",
             box_width(relative, source), "no-break")]


def white_space_rows(root, relative):
    source = open(os.path.join(root, relative), encoding="utf-8").read()
    spaces = {"breakable": "normal"}
    for name, value in re.findall(r"#(breakable\d) \{ white-space: ([a-z-]+); \}", source):
        spaces[name] = value
    lang = re.search(r"<html\s+lang=\"([^\"]*)\"", source)
    boxes = dict(re.findall(r"<div id=\"(breakable\d?)\">([^<]*)</div>", source))
    checks = re.findall(r"getElementById\('(breakable\d?)'\)\.offsetHeight ([<>]) 35\)", source)
    if not boxes or len(checks) != len(boxes) or set(name for name, _ in checks) != set(boxes) or not set(boxes) <= set(spaces):
        fail(relative, "not a white-space line-break test of the expected shape")
    rows = []
    for name, comparison in checks:
        text = html.unescape(boxes[name])
        rows.append((relative, code_points(text), "any", (lang.group(1) if lang else "") or "-", "auto", spaces[name],
                     "50ch", "break" if comparison == ">" else "no-break"))
    return rows


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n")[0])
    root = os.path.join(sys.argv[1], "css/css-text/i18n")
    rows = []
    for folder in TABLE_FOLDERS:
        for name in sorted(os.listdir(os.path.join(root, folder))):
            if name.startswith("css-text-line-break-") and name.endswith(".html"):
                rows.extend(table_rows(root, folder + "/" + name))
    for name in sorted(os.listdir(root)):
        if name.startswith("css3-text-line-break-opclns-") and name.endswith(".html"):
            rows.extend(punctuation_rows(root, name))
    for name in sorted(os.listdir(root)):
        if name.startswith("css3-text-line-break-baspglwj-") and name.endswith(".html"):
            rows.extend(white_space_rows(root, name))
    sys.stdout.write(HEADER.format(commit=sys.argv[2]))
    for row in rows:
        sys.stdout.write("\t".join(row) + "\n")
    print(f"{len(rows)} rows", file=sys.stderr)


if __name__ == "__main__":
    main()
