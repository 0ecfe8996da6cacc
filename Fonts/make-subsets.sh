#!/usr/bin/env bash
# Rebuilds the bundled subsets of Noto Sans CJK and Noto Color Emoji from Debian's fonts, for the characters the tests use.
# Needs: fonts-noto-cjk, fonts-noto-color-emoji, unicode-data, and fonttools (pip install fonttools).
set -euo pipefail
cd "$(dirname "$0")"
golden=$(mktemp)
language=$(mktemp)
emoji=$(mktemp)
# Every character of every golden case's text and golden edit session, plus printable ASCII.
python3 - "$golden" <<'PY'
import glob, json, sys
text = "".join(chr(c) for c in range(0x20, 0x7F))
for path in sorted(glob.glob("../Tests/Goldens/**/*.txt", recursive=True)):
    for line in open(path, encoding="utf-8"):
        if line.startswith("text:"):
            text += json.loads(line[5:].strip())
# Every string of every golden edit session (typed, pasted, configured).
def strings(value):
    if isinstance(value, str): yield value
    elif isinstance(value, list):
        for item in value: yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values(): yield from strings(item)
for path in sorted(glob.glob("../Tests/Goldens/edit/*.jsonl")):
    for line in open(path, encoding="utf-8"):
        try: text += "".join(strings(json.loads(line)))
        except ValueError: pass  # the sessions that test malformed lines
open(sys.argv[1], "w", encoding="utf-8").write("".join(sorted(set(text))))
PY
# The character the language-tag tests draw: its glyph differs in each regional face.
printf '直' > "$language"
# The golden characters plus every base of a variation sequence in Unicode's
# emoji-variation-sequences.txt, which the presentation tests walk.
python3 - "$golden" "$emoji" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
for line in open("/usr/share/unicode/emoji/emoji-variation-sequences.txt", encoding="utf-8"):
    fields = line.split("#")[0].split(";")
    if fields[0].strip():
        text += "".join(chr(int(c, 16)) for c in fields[0].split())
open(sys.argv[2], "w", encoding="utf-8").write("".join(sorted(set(text))))
PY
cat "$golden" "$language" > "$golden.cjk"
cjk=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
# JP, KR and SC draw the golden cases; TC and HK only the language-tag tests' character.
for face in "0 jp $golden.cjk" "1 kr $golden.cjk" "2 sc $golden.cjk" "3 tc $language" "4 hk $language"; do
  set -- $face
  pyftsubset "$cjk" --font-number="$1" --text-file="$3" --layout-features='*' --no-hinting \
    --name-IDs='*' --name-languages='*' --output-file="NotoSansCJK$2-Regular.otf"
done
pyftsubset /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf --text-file="$emoji" --layout-features='*' \
  --name-IDs='*' --output-file=NotoColorEmoji-subset.ttf
rm -f "$golden" "$golden.cjk" "$language" "$emoji"
sha256sum NotoSansCJK*-Regular.otf NotoColorEmoji-subset.ttf
