#!/usr/bin/env bash
# Rebuilds the bundled subsets of Noto Sans CJK, Noto Color Emoji and Inter's variable font from Debian's fonts: each language's common characters, the corpus's, and those the tests use; Inter's Latin letters on its weight axis.
# Needs: fonts-noto-cjk, fonts-noto-color-emoji, fonts-inter-variable, unicode-data, libharfbuzz-bin (hb-shape), and fonttools (pip install fonttools).
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
corpus=../Benchmarks/Corpus
cjk=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
emoji_font=/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf

# The characters each subset keeps, one file each (see Fonts/README.md, "Subsets"):
# - golden: printable ASCII and every character of every golden case's text and edit session;
# - jp, kr, sc: the golden characters, 直 (the language-tag tests' character, drawn differently in
#   each regional face), the language's common characters (the rows of its national character
#   set that hold symbols, kana or Hangul and the first level of ideographs, read from Python's
#   codecs) and every character of the corpus's text in that language;
# - tc, hk: 直 only;
# - emoji: every emoji of one code point and every emoji component (Unicode's emoji-test.txt),
#   the regional indicators, every character of the corpus's emoji text, and every base of
#   emoji-variation-sequences.txt, which the presentation tests walk; emoji-closure: the golden
#   characters and those bases, whose sequences are kept whole.
python3 - "$work" "$corpus" <<'PY'
import glob, json, sys
work, corpus = sys.argv[1], sys.argv[2]
text = "".join(chr(c) for c in range(0x20, 0x7F))
for path in sorted(glob.glob("../Tests/Goldens/**/*.txt", recursive=True)):
    for line in open(path, encoding="utf-8"):
        if line.startswith("text:"):
            text += json.loads(line[5:].strip())
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
golden = set(text)

def rows(codec, last_row):
    """The characters of rows 1 to last_row of a 94 x 94 national character set, in its EUC encoding."""
    found = set()
    for row in range(0xA1, 0xA1 + last_row):
        for cell in range(0xA1, 0xFF):
            try: found.add(bytes([row, cell]).decode(codec))
            except UnicodeDecodeError: pass
    return found
def corpus_text(language):
    return set(open(f"{corpus}/{language}.txt", encoding="utf-8").read()) - {"\n"}

common = {
    "jp": rows("euc_jp", 47) | corpus_text("ja"),   # JIS X 0208: symbols, kana, level-1 kanji (2,965)
    "kr": rows("euc_kr", 40) | corpus_text("ko"),   # KS X 1001: symbols, jamo, the 2,350 Hangul syllables
    "sc": rows("gb2312", 55) | corpus_text("zh"),   # GB 2312: symbols, kana, level-1 hanzi (3,755)
}
def write(name, chars):
    open(f"{work}/{name}.txt", "w", encoding="utf-8").write("".join(sorted(chars)))
for face, chars in common.items():
    write(face, golden | {"直"} | chars)
write("regional", {"直"})
write("golden", golden)

# Every emoji of one code point and every component (skin tones, hair styles), the regional
# indicators (a flag the font lacks draws as its two letters), and the corpus's emoji text.
emoji = {chr(c) for c in range(0x1F1E6, 0x1F200)} | corpus_text("emoji")
for line in open("/usr/share/unicode/emoji/emoji-test.txt", encoding="utf-8"):
    fields = line.split("#")[0].split(";")
    if len(fields) == 2 and fields[1].strip() in ("fully-qualified", "component"):
        points = [int(c, 16) for c in fields[0].split() if c != "FE0F"]
        if len(points) == 1: emoji.add(chr(points[0]))
bases = set()
for line in open("/usr/share/unicode/emoji/emoji-variation-sequences.txt", encoding="utf-8"):
    fields = line.split("#")[0].split(";")
    if fields[0].strip():
        bases.update(chr(int(c, 16)) for c in fields[0].split())
write("emoji", emoji | bases)
write("emoji-closure", golden | bases)
PY

# JP, KR and SC draw the golden cases and their languages; TC and HK only the language-tag tests' character.
for face in "0 jp $work/jp.txt" "1 kr $work/kr.txt" "2 sc $work/sc.txt" "3 tc $work/regional.txt" "4 hk $work/regional.txt"; do
  set -- $face
  pyftsubset "$cjk" --font-number="$1" --text-file="$3" --layout-features='*' --no-hinting \
    --name-IDs='*' --name-languages='*' --output-file="NotoSansCJK$2-Regular.otf"
done

# The emoji font keeps: the glyphs of the emoji characters above; every glyph that the golden
# characters and the variation-sequence bases reach through the font's substitutions (so the
# golden cases' skin-tone, ZWJ and keycap sequences shape as in the full font); and the glyphs
# HarfBuzz draws the corpus's emoji text with (its flags, skin tones and ZWJ sequences), found by
# shaping each line. Sequences beyond these draw as their parts, each in colour.
sed 's/\\n/\n/g; s/\\t/\t/g' "$corpus/emoji.txt" | while IFS= read -r line; do
  [ -n "$line" ] && hb-shape --no-glyph-names --no-positions --no-clusters "$emoji_font" "$line"
done | tr -d '[]' | tr '|' '\n' | sort -un > "$work/corpus-emoji-gids.txt"
python3 - "$work" "$emoji_font" <<'PY'
import sys
from fontTools import subset
from fontTools.ttLib import TTFont
work, path = sys.argv[1], sys.argv[2]
def read(name): return open(f"{work}/{name}.txt", encoding="utf-8").read()
font = TTFont(path)
options = subset.Options(layout_features=["*"], name_IDs=["*"])
# The closure of the golden characters and variation bases, in the full font's glyph names.
closure = subset.Subsetter(options)
closure.populate(text=read("emoji-closure"))
closure._prune_pre_subset(font)
closure._closure_glyphs(font)
kept = set(closure.glyphs_retained)
kept |= {font.getGlyphName(int(gid)) for gid in read("corpus-emoji-gids").split() if int(gid) > 0}
options.layout_closure = False
final = subset.Subsetter(options)
final.populate(glyphs=sorted(kept), text=read("emoji"))
final.subset(font)
font.save("NotoColorEmoji-subset.ttf")
PY
sha256sum NotoSansCJK*-Regular.otf NotoColorEmoji-subset.ttf
ls -l NotoSansCJK*-Regular.otf NotoColorEmoji-subset.ttf

# Inter's variable font (fonts-inter-variable), cut to a variable font for the text fuzz target's
# axis values: the slant axis pinned at 0, the weight axis (100 to 900) kept whole, the basic
# Latin letters and the space with their kerning. It is renamed "Inter Subset" so that it never
# stands in for the whole font that the font-instance tests find by the family name "Inter".
python3 - /usr/share/fonts/truetype/inter-vf/Inter.var.ttf <<'PY'
import sys
from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer
font = instancer.instantiateVariableFont(TTFont(sys.argv[1]), {"slnt": 0})
options = subset.Options(hinting=False, layout_features=["kern"], name_IDs=["*"])
options.drop_tables += ["DSIG"]
subsetter = subset.Subsetter(options)
subsetter.populate(text="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz ")
subsetter.subset(font)
names = font["name"]
for record in names.names:
    if record.nameID in (1, 4, 16, 18):
        record.string = "Inter Subset"
    elif record.nameID in (6, 25):
        record.string = "InterSubset"
    elif record.nameID == 3:
        record.string = record.toUnicode().replace("Inter:", "InterSubset:")
font.save("InterSubset-Variable.ttf")
PY
sha256sum InterSubset-Variable.ttf
ls -l InterSubset-Variable.ttf
