#!/usr/bin/env bash
# Renders every picture the README and the docs/ pages show into docs/ with `textlayout render`, `edit` and `compare --html` (a headless Chromium photographs the report); each picture's path is written out whole, as ScriptTests reads them.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product textlayout >/dev/null
textlayout="$(swift build --show-bin-path)/textlayout"
mkdir -p docs
scratch="$(mktemp -d)"
trap 'rm -r "$scratch"' EXIT

# A chat input 280 px wide, 10/14 px insets, 2 px between lines, growing to 4 lines, then scrolling.
chat() {
  "$textlayout" render --width 280 --insets 10,14,10,14 --line-spacing 2 --max-lines 4 --scale 2 --debug \
    --output "$1" "$2"
}
chat docs/chat-1.png "On my way!"
chat docs/chat-2.png "On my way! The train is late again, so order for me: the soup and bread."
chat docs/chat-3.png "On my way! The train is late again, so order for me: the soup and bread. Oh, and ask whether they still have the lemon tart from last week, the one with the burnt top."

# Arabic and English in one paragraph, in the bundled DejaVu Sans (it has both scripts, so no
# fallback font from the machine is involved): a left-to-right paragraph with and without the
# overlay, and a right-to-left one, whose lines the renderer aligns to the right.
mixed="The greeting مرحبا بالعالم means “hello, world”; السلام عليكم is said on arriving. Each script run is shaped on its own."
"$textlayout" render --width 300 --insets 8,10,8,10 --scale 2 --debug --output docs/mixed-arabic-english.png "$mixed"
"$textlayout" render --width 300 --insets 8,10,8,10 --output docs/mixed-arabic-english.svg "$mixed"
rtl="كلمة hello تعني مرحبا، و world تعني العالم. في هذه الفقرة 3 كلمات إنجليزية: hello و world و text."
"$textlayout" render --width 300 --insets 8,10,8,10 --scale 2 --debug --output docs/arabic-english-rtl.png "$rtl"

# A fixed line height of 24 px with taller fallback fonts (the machine's Noto Color Emoji and Noto
# Sans CJK JP), without a strut and with a forced one.
line_height() {
  "$textlayout" render --line-height 24px --strut "$2" --language ja --width 220 --insets 6,8,6,8 --scale 2 --debug \
    --output "$1" $'Latin text alone: 24 px\nAn emoji 🎉 in the line\nJapanese 日本語 in it\n日本語だけの行'
}
line_height docs/line-height-strut-none.png none
line_height docs/line-height-strut-forced.png forced

# CSS text-box by the chromium profile: the lines untrimmed, then trimmed to the cap height above the
# first line's baseline and to the baseline below the last one (the accent and the descenders reach
# into the insets, as they overflow a trimmed CSS block).
text_box() {
  "$textlayout" render --profile chromium --text-box "$2" --width 220 --insets 8,8,8,8 --scale 2 --debug \
    --output "$1" $'Éclair, quiet gyms\nand a second paragraph'
}
text_box docs/text-box-normal.png normal
text_box docs/text-box-cap-alphabetic.png "trim-both cap alphabetic"

# Automatic hyphenation in four languages (the hyphen-* packages' patterns), 160 px wide: the
# golden cases' texts.
hyphens() {
  "$textlayout" render --width 160 --insets 6,8,6,8 --language "$2" --hyphens auto --scale 2 --debug \
    --output "$1" "$3"
}
hyphens docs/hyphens-auto-en.png en "Automatic hyphenation fills narrow columns: international organizations understandably appreciate typographical consistency."
hyphens docs/hyphens-auto-de.png de "Die Donaudampfschifffahrtsgesellschaft veröffentlicht Fahrpläne für Kreuzfahrten auf allen Wasserstraßen."
hyphens docs/hyphens-auto-fr.png fr "L'internationalisation des applications nécessite généralement une documentation particulièrement compréhensible."
hyphens docs/hyphens-auto-ru.png ru "Электрификация южных губерний даст мощный толчок подъёму сельскохозяйственного производства."

# The alignments and justification of one paragraph, 220 px wide, with a 16 px first-line indent.
align() {
  "$textlayout" render --width 220 --insets 6,8,6,8 --align "$2" --indent 16 --scale 2 --debug --output "$1" \
    "A quick brown fox jumps over the lazy dog, then keeps running far away across the field."
}
align docs/align-start.png start
align docs/align-center.png center
align docs/align-end.png end
align docs/align-justify.png justify

# Decoration lines where the font's post and OS/2 tables put them, in the span's colour.
"$textlayout" render --width 260 --insets 8,10,8,10 --scale 2 --output docs/decorations.png \
  --spans '[{"start": 0, "end": 10, "decoration": "underline"}, {"start": 33, "end": 36, "decoration": "lineThrough"},
            {"start": 46, "end": 58, "decoration": ["underline", "lineThrough"], "attributes": {"color": "#c00000"}}]' \
  'Underlined words, a struck price $20 $15, and both at once in red.'

# Truncation, 260 px wide: two lines ending in the ellipsis, left to right and right to left (Noto
# Sans Hebrew from the bundled fonts, whose missing "…" falls back to the bundled DejaVu Sans), and
# one line cut in the middle without the overlay.
clamped="These fields declare relationships between the source package and packages used to build it. They are discussed in the deb-src-control(5) manpage."
"$textlayout" render --width 260 --insets 8,10,8,10 --line-clamp 2 --scale 2 --debug --output docs/truncate-end.png "$clamped"
"$textlayout" render --fonts-dir Fonts --font "Noto Sans Hebrew" --width 260 --insets 8,10,8,10 --line-clamp 2 --scale 2 --debug \
  --output docs/truncate-end-rtl.png "אין מספיק זיכרון לטעינת התמונה, כדאי לנסות לסגור מספר יישומים כדי לפנות זיכרון"
"$textlayout" render --width 260 --insets 8,10,8,10 --line-clamp 1 --truncate middle --scale 2 --output docs/truncate-middle.png "$clamped"

# Inline objects (docs/pictures.md): a chat message with custom emoji, a sticker on top and a
# mention chip in the middle, each drawn as an outline labelled with its index.
object=$(printf '\357\277\274')  # U+FFFC OBJECT REPLACEMENT CHARACTER in UTF-8
"$textlayout" render --width 240 --insets 8,10,8,10 --scale 2 --debug --output docs/inline-objects.png \
  --placeholders '[{"width": 20, "height": 20}, {"width": 20, "height": 20}, {"width": 56, "height": 40, "align": "top"}, {"width": 64, "height": 18, "align": "middle"}]' \
  "Nice work $object$object see you at the launch $object thanks to $object for the slides"

# Columns (docs/pictures.md): Japanese under vertical-rl with the overlay, then Latin words and
# numbers turned among the upright characters.
columns() {
  "$textlayout" render --fonts-dir Fonts --font "Noto Sans CJK JP" --profile chromium --writing-mode vertical-rl \
    --width 180 --insets 8,10,8,10 --scale 2 --debug --output "$1" "$2"
}
columns docs/vertical-rl-japanese.png "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。"
columns docs/vertical-rl-mixed.png "2026年12月、textlayoutは縦書きの列を描く。HarfBuzzで組んだLatin文字や数字123は横に倒し、漢字は立てて置く。"

# Greedy lines beside balanced ones (a 24 px heading, 300 px wide) and beside pretty ones (a
# paragraph 286 px wide): the golden cases' texts.
balance() {
  "$textlayout" render --size 24 --width 300 --text-wrap "$2" --scale 2 --debug --output "$1" \
    "Balanced lines for headings, captions and chat bubbles"
}
balance docs/text-wrap-balance-wrap.png wrap
balance docs/text-wrap-balance-balance.png balance
pretty() {
  "$textlayout" render --width 286 --text-wrap "$2" --scale 2 --debug --output "$1" \
    "A renderer that must draw with a second engine gets a second set of line breaks, and exactness is lost. Pretty wrapping weighs every line of the paragraph at once."
}
pretty docs/text-wrap-pretty-wrap.png wrap
pretty docs/text-wrap-pretty-pretty.png pretty

# A masked phone field, replayed with `textlayout edit`: literals in blue, the empty slots' gray
# placeholders, then a selection highlighted across the ")" literal. Each picture is the editor
# after the session's last line.
phone_config='{"config": {"width": 250, "size": 20, "insets": {"top": 10, "left": 12, "bottom": 10, "right": 12}, "border": {"width": 2, "cornerRadius": 8}, "activeOnEditing": true, "mask": {"formats": ["+7(ddd)ddd-dd-dd"], "maskAppearance": "whole", "placeholders": {"d": "_"}, "mode": "lenient", "literalStyle": {"color": "#1f6feb"}}}}'
phone() {
  local picture="$1"; shift
  local snapshots="$scratch/phone"
  rm -rf "$snapshots"
  printf '%s\n' "$phone_config" "$@" | "$textlayout" edit --render-dir "$snapshots" --render-scale 2 >/dev/null
  cp "$snapshots/snapshot-$(printf '%04d' $(($# + 1))).png" "$picture"
}
phone docs/masked-phone.png '{"focus": true}' '{"paste": "(912) 345"}'
phone docs/masked-phone-selection.png '{"focus": true}' '{"paste": "(912) 345"}' '{"select": [1, 5]}'

# The compare report (`compare --html`) of three jobs whose golden was made from other texts and
# widths: an English string that now needs three lines where one is allowed, a Hebrew one that
# wraps elsewhere at a narrower width, one unchanged. A headless Chromium photographs its top.
cat >"$scratch/old.jsonl" <<'JOBS'
{"id":"send","text":"Send","width":180,"maxLines":1}
{"id":"delete","text":"Delete this conversation?","width":180,"maxLines":1}
{"id":"he-send","text":"שלח הודעה לכל חברי הקבוצה","font":"Noto Sans Hebrew","width":180,"maxLines":1}
JOBS
cat >"$scratch/new.jsonl" <<'JOBS'
{"id":"send","text":"Send","width":180,"maxLines":1}
{"id":"delete","text":"Delete this conversation for everyone?","width":180,"maxLines":1}
{"id":"he-send","text":"שלח הודעה לכל חברי הקבוצה","font":"Noto Sans Hebrew","width":150,"maxLines":1}
JOBS
"$textlayout" batch --fonts-dir Fonts "$scratch/old.jsonl" >"$scratch/golden.jsonl" 2>/dev/null
# compare exits 1 when something changed, as it does here.
"$textlayout" compare "$scratch/golden.jsonl" --jobs "$scratch/new.jsonl" --old-jobs "$scratch/old.jsonl" --fonts-dir Fonts \
  --html "$scratch/report.html" >/dev/null || [ $? -eq 1 ]
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=900,960 \
  --screenshot="$PWD/docs/compare-report.png" "file://$scratch/report.html" 2>/dev/null

echo "wrote the documentation's pictures into docs/"
