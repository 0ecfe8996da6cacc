#!/usr/bin/env bash
# Renders the README's pictures into docs/ with `textlayout render` and `textlayout edit`: a growing chat input at three moments, a mixed Arabic/English paragraph, the alignments, a masked phone field, line heights with taller fallback fonts, hyphenated paragraphs.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product textlayout >/dev/null
textlayout="$(swift build --show-bin-path)/textlayout"
mkdir -p docs

# A chat input 280 px wide, 10/14 px insets, 2 px between lines, growing to 4 lines, then scrolling.
chat() {
  "$textlayout" render --width 280 --insets 10,14,10,14 --line-spacing 2 --max-lines 4 --scale 2 --debug \
    --output "docs/chat-$1.png" "$2"
}
chat 1 "On my way!"
chat 2 "On my way! The train is late again, so order for me: the soup and bread."
chat 3 "On my way! The train is late again, so order for me: the soup and bread. Oh, and ask whether they still have the lemon tart from last week, the one with the burnt top."

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
heights=$'Latin text alone: 24 px\nAn emoji 🎉 in the line\nJapanese 日本語 in it\n日本語だけの行'
for strut in none forced; do
  "$textlayout" render --line-height 24px --strut "$strut" --language ja --width 220 --insets 6,8,6,8 --scale 2 --debug \
    --output "docs/line-height-strut-$strut.png" "$heights"
# Automatic hyphenation in four languages (the hyphen-* packages' patterns), 160 px wide: the
# golden cases' texts.
hyphens() {
  "$textlayout" render --width 160 --insets 6,8,6,8 --language "$1" --hyphens auto --scale 2 --debug \
    --output "docs/hyphens-auto-$1.png" "$2"
}
hyphens en "Automatic hyphenation fills narrow columns: international organizations understandably appreciate typographical consistency."
hyphens de "Die Donaudampfschifffahrtsgesellschaft veröffentlicht Fahrpläne für Kreuzfahrten auf allen Wasserstraßen."
hyphens fr "L'internationalisation des applications nécessite généralement une documentation particulièrement compréhensible."
hyphens ru "Электрификация южных губерний даст мощный толчок подъёму сельскохозяйственного производства."
# The alignments and justification of one paragraph, 220 px wide, with a 16 px first-line indent.
fox="A quick brown fox jumps over the lazy dog, then keeps running far away across the field."
for align in start center end justify; do
  "$textlayout" render --width 220 --insets 6,8,6,8 --align "$align" --indent 16 --scale 2 --debug --output "docs/align-$align.png" "$fox"
done
# A masked phone field, replayed with `textlayout edit`: literals in blue, the empty slots' gray
# placeholders, then a selection highlighted across the ")" literal. Each picture is the editor
# after the session's last line.
phone_config='{"config": {"width": 250, "size": 20, "insets": {"top": 10, "left": 12, "bottom": 10, "right": 12}, "border": {"width": 2, "cornerRadius": 8}, "activeOnEditing": true, "mask": {"formats": ["+7(ddd)ddd-dd-dd"], "maskAppearance": "whole", "placeholders": {"d": "_"}, "mode": "lenient", "literalStyle": {"color": "#1f6feb"}}}}'
phone() {
  local out="$1"; shift
  local dir; dir="$(mktemp -d)"
  printf '%s\n' "$phone_config" "$@" | "$textlayout" edit --render-dir "$dir" --render-scale 2 >/dev/null
  cp "$dir/snapshot-$(printf '%04d' $(($# + 1))).png" "docs/$out"
  rm -r "$dir"
}
phone masked-phone.png '{"focus": true}' '{"paste": "(912) 345"}'
phone masked-phone-selection.png '{"focus": true}' '{"paste": "(912) 345"}' '{"select": [1, 5]}'
echo "wrote docs/chat-1.png docs/chat-2.png docs/chat-3.png docs/mixed-arabic-english.png docs/mixed-arabic-english.svg docs/arabic-english-rtl.png docs/masked-phone.png docs/masked-phone-selection.png docs/line-height-strut-none.png docs/line-height-strut-forced.png docs/align-{start,center,end,justify}.png"
