#!/usr/bin/env bash
# The robustness runs CI adds to `swift test`: the suite under AddressSanitizer and ThreadSanitizer, the hostile texts and the batch stream at full size in release, and a short run of each fuzzer.
# Usage: scripts/robustness.sh [asan|tsan|full-size|fuzz]... (all four when none is named).
set -euo pipefail
cd "$(dirname "$0")/.."

stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=(asan tsan full-size fuzz)
# The fuzz stage is a fixed number of runs from a fixed seed and an empty corpus, so that CI gives
# the same verdict on the same commit; a long exploring session is `scripts/fuzz.sh TARGET SECONDS`.
fuzz_runs_text=${FUZZ_RUNS_TEXT:-10000}
fuzz_runs_font=${FUZZ_RUNS_FONT:-5000}
fuzz_runs_batch=${FUZZ_RUNS_BATCH:-150000}
fuzz_runs_patterns=${FUZZ_RUNS_PATTERNS:-20000}

# Each stage builds in a folder of its own, so that none rebuilds another's objects.
run_stage() {
  local stage=$1 start=$SECONDS
  echo "== robustness: $stage"
  case "$stage" in
    asan)
      # Leaks are not errors here: the font context and its caches live as long as the process.
      ASAN_OPTIONS=detect_leaks=0 TEXTLAYOUT_SANITIZER=address swift test --scratch-path .build/asan --sanitize=address
      ;;
    tsan)
      TEXTLAYOUT_SANITIZER=thread swift test --scratch-path .build/tsan --sanitize=thread
      ;;
    full-size)
      # The hostile texts at full size (a 10 MB line, 1,000,000 newlines, 100,000 marks,
      # 10,000 nested embeddings) and a stream of a million batch jobs, in release.
      # One suite after the other: the growth ratios are CPU times, which other work on the
      # two cores disturbs.
      for suite in HostileTextTests BatchStreamTests; do
        TEXTLAYOUT_HOSTILE_FULL=1 TEXTLAYOUT_STREAM_JOBS=1000000 \
          swift test --scratch-path .build/release-tests -c release -Xswiftc -enable-testing --filter "$suite"
      done
      ;;
    fuzz)
      for target in text font batch patterns; do
        runs_variable=fuzz_runs_$target
        corpus=$(mktemp -d)
        SWIFT_DETERMINISTIC_HASHING=1 FUZZ_CORPUS_DIR=$corpus bash scripts/fuzz.sh "$target" 900 -seed=1 -runs="${!runs_variable}"
        rm -rf "$corpus"
      done
      ;;
    *)
      echo "robustness.sh: no stage '$stage'; the stages are asan, tsan, full-size and fuzz" >&2
      exit 2
      ;;
  esac
  echo "== robustness: $stage passed in $((SECONDS - start)) s"
}

for stage in "${stages[@]}"; do run_stage "$stage"; done
