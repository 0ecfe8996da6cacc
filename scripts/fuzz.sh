#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (release, AddressSanitizer) and fuzzes one for a while: scripts/fuzz.sh text|font|batch|patterns|editor SECONDS [libFuzzer options...]
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/fuzz.sh text|font|batch|patterns|editor SECONDS [libFuzzer options...], or scripts/fuzz.sh build (all five targets)"
build=${FUZZ_BUILD_DIR:-.build/fuzz}

# Builds the named products (none: every target of Fuzz/ at once, sharing one build plan) and
# fails when the build does. --sanitize=fuzzer keeps SwiftPM from renaming main (libFuzzer brings
# its own); the -Xswiftc flag then instruments every Swift module for coverage and ASan, the -Xcc
# flag the C shim.
build_products() {
  local products=() product
  for product in "$@"; do products+=(--product "$product"); done
  echo "building ${*:-every fuzz target} (release, libFuzzer and AddressSanitizer) in $build"
  # The linker's "Cannot export local symbol" notes are filtered out; the status is swift build's.
  if ! swift build --package-path Fuzz --scratch-path "$build" -c release "${products[@]}" \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address \
    > >(grep --line-buffered -v "Cannot export local symbol" || true) 2>&1; then
    echo "fuzz.sh: the build of ${*:-the fuzz targets} failed" >&2
    exit 1
  fi
}

target=${1:-}
if [ "$target" = build ]; then
  build_products
  exit 0
fi
seconds=${2:-}
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "$usage" >&2; exit 2; }
shift 2
case "$target" in
  text) product=FuzzText; options=(-max_len=4096) ;;
  font) product=FuzzFont; options=() ;;
  batch) product=FuzzBatch; options=(-max_len=4096 -dict=Fuzz/batch.dict) ;;
  patterns) product=FuzzPatterns; options=(-max_len=8192) ;;
  editor) product=FuzzEditor; options=(-max_len=196) ;;  # four settings bytes and 64 events of three
  *) echo "$usage" >&2; exit 2 ;;
esac

# FUZZ_SKIP_BUILD=1: the binary was just built (`scripts/fuzz.sh build`, as CI does).
[ "${FUZZ_SKIP_BUILD:-0}" = 1 ] || build_products "$product"
binary="$build/release/$product"
[ -x "$binary" ] || { echo "fuzz.sh: no $binary; build it with scripts/fuzz.sh build" >&2; exit 1; }

# The corpus libFuzzer grows lives under .build; the committed seeds and every committed
# regression input are read as well (and never written).
corpus=${FUZZ_CORPUS_DIR:-.build/fuzz-corpus/$target}
artifacts=.build/fuzz-artifacts/$target
mkdir -p "$corpus" "$artifacts"
seeds=()
for folder in "Fuzz/corpus/$target" "Tests/Goldens/fuzz/$target"; do
  [ -n "$(ls -A "$folder" 2>/dev/null)" ] && seeds+=("$folder")
done
if [ "$target" = patterns ]; then
  # Pattern seeds: the head of each installed pattern file (each charset and both levels).
  patternSeeds=.build/fuzz-seeds/patterns
  mkdir -p "$patternSeeds"
  for file in /usr/share/hyphen/hyph_en_US.dic /usr/share/hyphen/hyph_de_DE.dic /usr/share/hyphen/hyph_fr.dic /usr/share/hyphen/hyph_ru_RU.dic; do
    [ -f "$file" ] && head -c 6000 "$file" > "$patternSeeds/$(basename "$file")"
  done
  seeds+=("$patternSeeds")
fi
if [ "$target" = font ]; then
  # Font seeds: the small bundled fonts as they are, and small subsets of the large ones (when
  # fontTools is there): TrueType with GSUB/GPOS/GDEF and kern, CFF, CBDT colour bitmaps.
  fonts=.build/fuzz-seeds/font
  mkdir -p "$fonts"
  cp Fonts/NotoSansHebrew-Regular.ttf Fonts/NotoSansThai-Regular.ttf Fonts/NotoSansCJKjp-Regular.otf "$fonts/"
  if python3 -c "import fontTools" 2>/dev/null; then
    python3 -m fontTools.subset Fonts/DejaVuSans.ttf --text="AVAWAYTo fi ffl Wave,.1234 ́" --layout-features='*' --output-file="$fonts/dejavu-subset.ttf" 2>/dev/null || true
    python3 -m fontTools.subset Fonts/NotoSansArabic-Regular.ttf --text="مرحبا بالعالم" --layout-features='*' --output-file="$fonts/arabic-subset.ttf" 2>/dev/null || true
    python3 -m fontTools.subset Fonts/NotoSansDevanagari-Regular.ttf --text="हिन्दी क्षत्रिय" --layout-features='*' --output-file="$fonts/devanagari-subset.ttf" 2>/dev/null || true
    python3 -m fontTools.subset Fonts/NotoColorEmoji-subset.ttf --unicodes=U+1F600,U+1F1EB,U+1F1F7 --output-file="$fonts/emoji-subset.ttf" 2>/dev/null || true
  else
    cp Fonts/NotoColorEmoji-subset.ttf "$fonts/"
  fi
  seeds+=("$fonts")
fi

echo "fuzzing $target for $seconds s"
export SWIFT_BACKTRACE=enable=no   # libFuzzer reports crashes itself; Swift's backtracer would stall it
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
# The run's seed: the one given (-seed=N), or a new one, printed so that the run can be repeated.
seed=
for option in "$@"; do [[ "$option" == -seed=* ]] && seed=${option#-seed=}; done
if [ -z "$seed" ]; then
  seed=$(( $(od -An -N4 -tu4 /dev/urandom) % 2147483647 + 1 ))
  set -- "$@" -seed="$seed"
fi
echo "fuzz.sh: $target, seed $seed"
started=$(mktemp)
status=0
"$binary" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix="$artifacts/" "${options[@]}" "$@" "$corpus" "${seeds[@]}" || status=$?
if [ "$status" -ne 0 ]; then
  echo >&2
  echo "fuzz.sh: $target found a problem (status $status) with seed $seed." >&2
  # Each input the run saved, with its bytes when small, so that a CI log alone is enough to
  # commit it as a regression.
  find "$artifacts" -type f -newer "$started" | while read -r file; do
    echo "  input: $file ($(wc -c < "$file") bytes)" >&2
    if [ "$(wc -c < "$file")" -le 4096 ]; then echo "  base64: $(base64 -w0 "$file")" >&2; fi
  done
  echo "Replay it with: $binary <file>. Commit it as Tests/Goldens/fuzz/$target/<name> once fixed" >&2
  echo "(from the base64 above: echo <base64> | base64 -d > Tests/Goldens/fuzz/$target/<name>):" >&2
  echo "FuzzRegressionTests then replays it in every 'swift test'." >&2
fi
rm -f "$started"
exit "$status"
