#!/usr/bin/env bash
# Compares what two builds of textlayout print for the same input: the corpus batch (with shrinkWrap, insets and bad jobs), every golden edit session, and measure's text and JSON.
# Usage: scripts/compare-outputs.sh OLD_BINARY NEW_BINARY   (prints each difference, then the counts compared)
# Build paths in font descriptions are masked, so two checkouts compare equal where their layouts are.
set -u
old=$1 new=$2
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mask() { sed -i -E 's,"/[^"]*/\.build/[^"]*/(Fonts/[^"]*)",BUILD/\1,g; s,\(/[^()]*/\.build/[^()]*/(Fonts/[^()]*)\),(BUILD/\1),g' "$@"; }

python3 Benchmarks/Corpus/make_jobs.py > "$work/corpus.jsonl"
python3 - "$work/corpus.jsonl" > "$work/jobs.jsonl" <<'PY'
import json, sys
for i, line in enumerate(open(sys.argv[1], encoding="utf-8")):
    print(line, end="")
    if i % 5 == 0:
        job = json.loads(line)
        job.update(shrinkWrap=True, insets={"top": 3, "left": 4, "bottom": 5, "right": 6}, maxLines=3)
        print(json.dumps(job, ensure_ascii=False))
for bad in ['{}', 'not json', '{"text":5}', '{"text":"x","size":-1}', '{"text":"x","font":"No Such Font 123"}',
            '{"text":"x","colour":1}', '{"text":"x","insets":{"middle":1}}', '{"id":[1,{"a":null}],"text":"x","direction":"up"}',
            '{"text":"x","minLines":1.5}', '']:
    print(bad)
PY
"$old" batch < "$work/jobs.jsonl" > "$work/old" 2>/dev/null
"$new" batch < "$work/jobs.jsonl" > "$work/new" 2>/dev/null
mask "$work/old" "$work/new"
diff "$work/old" "$work/new" | cut -c1-400
echo "batch: $(wc -l < "$work/jobs.jsonl") jobs, $(diff "$work/old" "$work/new" | grep -c '^>') result lines differ"

sessions=0
for session in Tests/Goldens/edit/*.jsonl; do
    "$old" edit < "$session" > "$work/old" 2>/dev/null
    "$new" edit < "$session" > "$work/new" 2>/dev/null
    mask "$work/old" "$work/new"
    cmp -s "$work/old" "$work/new" || { echo "edit $(basename "$session") differs:"; diff "$work/old" "$work/new" | cut -c1-400; }
    sessions=$((sessions + 1))
done
echo "edit: $sessions sessions compared"

outputs=0
for text in "Hello world, this is a test of wrapping" $'super\u00adcali\u00adfragilistic' "שלום עולם hello" $'👍🏽 e\u0301 漢字かな'; do
    for format in text json; do
        "$old" measure --width 90 --output-format $format "$text" > "$work/old" 2>&1
        "$new" measure --width 90 --output-format $format "$text" > "$work/new" 2>&1
        mask "$work/old" "$work/new"
        cmp -s "$work/old" "$work/new" || { echo "measure --output-format $format differs for: $text"; diff "$work/old" "$work/new" | cut -c1-400; }
        outputs=$((outputs + 1))
    done
done
echo "measure: $outputs outputs compared"
