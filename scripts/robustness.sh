#!/usr/bin/env bash
# The robustness runs CI adds to `swift test`: the suite under AddressSanitizer and ThreadSanitizer, the hostile texts and the batch stream at full size in release, the speed gate, the whole corpus held to the profiles' lists of expected differences, and a short run of each fuzzer.
# Usage: scripts/robustness.sh [--build] [asan|tsan|full-size|speed|expected-differences|fuzz]... (all six when none is named, their builds two at a time first; --build: only the builds).
set -euo pipefail
cd "$(dirname "$0")/.."

build_only=0
if [ "${1:-}" = --build ]; then build_only=1; shift; fi
all_stages=(asan tsan full-size speed expected-differences fuzz)
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=("${all_stages[@]}")
# The fuzz stage first replays a fixed number of runs from a fixed seed and an empty corpus, so
# that CI gives the same verdict on the same commit; then each target explores for a short while
# from a new seed (printed), so that each CI run can find something new. A long exploring session
# is `scripts/fuzz.sh TARGET SECONDS`.
# The text target also drives an editor session (16 events, each held to a fresh measurement),
# which about doubles a run's cost. The fixed-seed counts keep the stage's runs near 3 minutes:
# at 62e62b7 the fixed runs took 265 s for 5,000 text runs (53 ms a run; 126 s at aa7b7a5),
# 121 s for 5,000 font runs, 203 s for 40,000 batch runs, 63 s for 20,000 patterns runs and 26 s
# for 2,000 editor runs, 386 s in the text and font lane beside 292 s in the other, the run over
# its time budget; at about 30% of those counts each lane takes about two minutes. The committed regression inputs are replayed either
# way (and by FuzzRegressionTests in every `swift test`), and the fresh seeds explore after them.
fuzz_runs_text=${FUZZ_RUNS_TEXT:-1500}
fuzz_runs_font=${FUZZ_RUNS_FONT:-1500}
fuzz_runs_batch=${FUZZ_RUNS_BATCH:-16000}
fuzz_runs_patterns=${FUZZ_RUNS_PATTERNS:-8000}
fuzz_runs_editor=${FUZZ_RUNS_EDITOR:-1000}
fuzz_fresh_seconds=${FUZZ_FRESH_SECONDS:-15}

# ThreadSanitizer runs the suites whose code runs on several threads at once, not the whole suite:
# a race needs two threads, and the rest of the suite is single-threaded code that TSan only slows
# down (about 5 times). Found by grepping Sources and Tests for DispatchQueue, concurrentPerform,
# TaskGroup, pthread_create, Locked and --threads: the shared font context, its caches and
# fallback table, the batch runner (ConcurrencyTests, and the built command's --threads in
# BatchStreamTests, BatchTests, CommandLineCommandTests); the lock pool and ICU's per-thread
# iterators (ResourceOwnershipTests); the hyphenation pattern tables (HyphenationTests); a font's
# ink boxes drawn from a task group (InkTests); the word cache (WordCacheTests); font loading and
# fallback (FontTests, FontSelectionTests). Swift Testing runs these suites' tests in parallel
# in one process, so they also race each other through the shared bundled-font contexts.
# A new suite that runs code on several threads belongs in this list.
# The suites AddressSanitizer leaves out: the oracle suites (scripts/ci-suites.sh), which the
# expected-differences stage runs.
# shellcheck source=scripts/ci-suites.sh
source scripts/ci-suites.sh

tsan_suites='ConcurrencyTests|BatchStreamTests|BatchTests|CommandLineCommandTests|ResourceOwnershipTests|HyphenationTests|InkTests|WordCacheTests|FontTests|FontSelectionTests'

# One fuzz run of `target`: `fixed` (seed 1, the target's fixed number of runs) or `fresh` (a new
# seed for FUZZ_FRESH_SECONDS), from an empty corpus.
fuzz_run() {
  local kind=$1 target=$2 corpus status=0
  corpus=$(mktemp -d)
  if [ "$kind" = fixed ]; then
    local runs_variable=fuzz_runs_$target
    SWIFT_DETERMINISTIC_HASHING=1 FUZZ_SKIP_BUILD=1 FUZZ_CORPUS_DIR=$corpus bash scripts/fuzz.sh "$target" 900 -seed=1 -runs="${!runs_variable}" || status=$?
  else
    FUZZ_SKIP_BUILD=1 FUZZ_CORPUS_DIR=$corpus bash scripts/fuzz.sh "$target" "$fuzz_fresh_seconds" || status=$?
  fi
  rm -rf "$corpus"
  return $status
}

# Runs the targets of two lanes side by side, each lane's targets one after the other; each
# lane's output is printed whole when both are done. Every target runs even after a failure;
# fails naming the targets that failed.
fuzz_lanes() {
  local kind=$1 logs=() pids=() lane failed=()
  shift
  for lane in "$@"; do
    local log
    log=$(mktemp)
    logs+=("$log")
    (
      lane_failed=()
      for target in $lane; do
        start=$SECONDS
        fuzz_run "$kind" "$target" || lane_failed+=("$target")
        echo "== fuzz: $kind $target took $((SECONDS - start)) s"
      done
      [ ${#lane_failed[@]} -eq 0 ] || { echo "${lane_failed[*]}" > "$log.failed"; exit 1; }
    ) > "$log" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed+=("$(cat "${logs[$i]}.failed" 2>/dev/null || echo "lane $i")")
    cat "${logs[$i]}"
    rm -f "${logs[$i]}" "${logs[$i]}.failed"
  done
  if [ ${#failed[@]} -gt 0 ]; then
    echo "robustness.sh: the $kind fuzz runs of ${failed[*]} found a problem (see above)" >&2
    return 1
  fi
}

# Each stage builds in a folder of its own, so that none rebuilds another's objects (but speed,
# which counts a benchmark built beside full-size's tests, and expected-differences, which uses
# `swift test`'s debug build). A stage's `swift test` is given the options of its build.
asan_options=(--scratch-path .build/asan -c release -Xswiftc -enable-testing --sanitize=address)
tsan_options=(--scratch-path .build/tsan --sanitize=thread)
release_options=(--scratch-path .build/release-tests -c release -Xswiftc -enable-testing)

# Builds what a stage runs: its tests (asan, tsan, full-size; full-size's build holds the
# benchmark, which swift build builds with every other target), the debug build and full-size's
# release textlayout (expected-differences) or the fuzz targets. Nothing is compiled when it is
# built already.
build_stage() {
  case "$1" in
    asan) TEXTLAYOUT_UNOPTIMIZED_TESTS=1 swift build --build-tests "${asan_options[@]}" ;;
    tsan) swift build --build-tests "${tsan_options[@]}" ;;
    full-size|speed) TEXTLAYOUT_UNOPTIMIZED_TESTS=1 swift build --build-tests "${release_options[@]}" ;;
    expected-differences)
      swift build --build-tests
      TEXTLAYOUT_UNOPTIMIZED_TESTS=1 swift build "${release_options[@]}" --product textlayout ;;
    fuzz) bash scripts/fuzz.sh build ;;
    *)
      echo "robustness.sh: no stage '$1'; the stages are ${all_stages[*]}" >&2
      exit 2
      ;;
  esac
}

# Runs this script twice at once, with each argument's words as its arguments (a stage, or
# `--build` and a stage), each run's output printed whole when both are done, with its time;
# fails when either fails. Two builds at once keep both cores busy where one alone leaves one
# idle much of the time: a release build spends most of its time optimizing the engine's largest
# module, in one compiler process.
side_by_side() {
  local commands=("$1" "$2") logs=() pids=() times=() i status=0 start=$SECONDS
  for i in 0 1; do
    logs+=("$(mktemp)")
    # shellcheck disable=SC2086 # the arguments' words, split on purpose
    ( command_start=$SECONDS; bash scripts/robustness.sh ${commands[$i]} && echo "$((SECONDS - command_start))" > "${logs[$i]}.time" ) > "${logs[$i]}" 2>&1 &
    pids+=($!)
  done
  for i in 0 1; do
    wait "${pids[$i]}" || { status=1; echo "robustness.sh: scripts/robustness.sh ${commands[$i]} failed" >&2; }
  done
  for i in 0 1; do
    cat "${logs[$i]}"
    times+=("${commands[$i]}: $(cat "${logs[$i]}.time" 2>/dev/null || echo 'failed after ?') s")
    rm -f "${logs[$i]}" "${logs[$i]}.time"
  done
  side_by_side_seconds=$((SECONDS - start))
  echo "== robustness: side by side in $side_by_side_seconds s (${times[0]}; ${times[1]})"
  return $status
}

run_stage() {
  local stage=$1 start=$SECONDS
  echo "== robustness: $stage"
  build_stage "$stage"   # refuses a stage it does not know
  case "$stage" in
    asan)
      # The whole suite but the oracles: nearly every suite shapes, breaks or draws text through
      # HarfBuzz, FreeType, fontconfig and ICU (the C this stage is for), and the few that stay in
      # Swift (the option parser, the JSON reader and writer) take seconds, so leaving them out
      # saves nothing worth a list to keep up to date. The oracles (oracle_suites) are left
      # out: their time goes to Chromium, Spark's JVM and Pango, which this stage does not check,
      # and the engine code they reach is every other suite's.
      # Leaks are not errors here: the font context and its caches live as long as the process.
      # The engine is optimized and the test modules are not (TEXTLAYOUT_UNOPTIMIZED_TESTS, as in
      # full-size): ASan instruments every load and store either way and -O keeps Swift's bounds
      # and overflow checks (the engine has no assert() that -O would drop), but unoptimized Swift
      # made this stage's run three times the plain suite's (680 s against 217 s, quiet, at
      # fdd2c0f). Optimized, the run took 501 s even with the two cores shared by a load of 11 to
      # 16, and the hostile texts' CPU times fell 10 to 15 times (a line of words at 4n: 0.27 s
      # against 4.04 s); the release build costs about a minute more (full-size's took 198 s, the
      # debug ASan one 164 s), far less than the run saves.
      ASAN_OPTIONS=detect_leaks=0 TEXTLAYOUT_SANITIZER=address TEXTLAYOUT_UNOPTIMIZED_TESTS=1 \
        swift test --skip-build "${asan_options[@]}" --skip "\\.($oracle_suites)/"
      ;;
    tsan)
      # The long stream of distinct texts is left out: under ThreadSanitizer it holds only that the
      # memory stays flat (TSan shadows all of it), it ran a minute after every other test here
      # (144 s against 81 at 62e62b7), and full-size runs it at a million jobs; the batch runner's
      # threads are the other tests' (every line answered in order on 1 and 2 threads).
      TEXTLAYOUT_SANITIZER=thread swift test --skip-build "${tsan_options[@]}" --filter "\\.($tsan_suites)/" \
        --skip "\\.BatchStreamTests/flatMemory\\("
      ;;
    full-size)
      # The hostile texts at full size (a 10 MB line, 1,000,000 newlines, 100,000 marks,
      # 10,000 nested embeddings) and a stream of a million batch jobs, in release.
      # One suite after the other, and the hostile texts one case at a time: the growth ratios
      # are CPU times, which cases side by side disturb (run with every stage, the speed gate
      # runs beside this stage: one process on the other core, whose counts no load changes). The engine is optimized and the test modules are not
      # (TEXTLAYOUT_UNOPTIMIZED_TESTS, see Package.swift): what is measured is the engine's work
      # (and the release `textlayout` the stream runs), and optimizing the large test modules
      # was most of this stage's build.
      for suite in HostileTextTests BatchStreamTests; do
        TEXTLAYOUT_UNOPTIMIZED_TESTS=1 TEXTLAYOUT_HOSTILE_FULL=1 TEXTLAYOUT_STREAM_JOBS=1000000 \
          swift test --skip-build "${release_options[@]}" --filter "\\.$suite/"
      done
      ;;
    speed)
      # The instruction counts of the benchmark's fixed workloads against their committed budgets
      # (scripts/speed-gate.py, Benchmarks/SpeedGate). It counts the textlayout-bench of
      # full-size's build (build_stage), built as the gate itself would build it.
      python3 scripts/speed-gate.py
      ;;
    expected-differences)
      # Every corpus job (12,600) by the chromium profile in headless Chromium, in the embedded fonts, in the
      # system's, and in the system's with each job naming its font alone (each engine's own fallback), and by the pango profile in Pango, in the system's fonts and in the bundled ones, each held to its committed list
      # (Benchmarks/BrowserStudy/expected-differences-chromium.txt, Benchmarks/PangoStudy/expected-differences-pango.txt):
      # a difference not listed, or a listed job that agrees, fails the stage. A developer's `swift test` holds a
      # fresh sample of 300 jobs to the same lists. The release textlayout of full-size's build lays our side out in the studies (the
      # swift test suites run the debug one next to their tests); each run's time is printed (docs/testing.md has the
      # figures). Every run runs even after a failure.
      local textlayout=.build/release-tests/release/textlayout
      local failed=() run_start=$SECONDS
      # First the oracle suites, which `.ci/run`'s `swift test` leaves here, but their tests whose
      # samples the studies below cover (scripts/ci-suites.sh): they run side by side, so each
      # loads one Chromium page at a time.
      swift test --skip-build --filter "\\.($oracle_suites)/" --skip "\\.($oracle_samples_covered)\\(" || failed+=("swift test's oracle suites")
      echo "== expected-differences: swift test's oracle suites took $((SECONDS - run_start)) s"
      # The studies load two Chromium pages at once (Benchmarks/BrowserStudy/chromium_pages.py,
      # run_pages): one browser leaves part of a core idle, and the studies here run one at a time.
      local -x TEXTLAYOUT_CHROMIUM_PAGES_AT_ONCE=2
      for fonts in embedded system browser-fallback; do
        run_start=$SECONDS
        python3 Benchmarks/BrowserStudy/corpus_vs_chromium.py --sample 0 --fonts "$fonts" --examples 0 --textlayout "$textlayout" \
          --expect Benchmarks/BrowserStudy/expected-differences-chromium.txt || failed+=("chromium/$fonts")
        echo "== expected-differences: chromium, $fonts fonts, took $((SECONDS - run_start)) s"
      done
      for fonts in system bundled; do
        run_start=$SECONDS
        python3 Benchmarks/PangoStudy/agreement.py --profile pango --fonts "$fonts" --expect Benchmarks/PangoStudy/expected-differences-pango.txt \
          "$textlayout" || failed+=("pango/$fonts")
        echo "== expected-differences: pango, $fonts fonts, took $((SECONDS - run_start)) s"
      done
      # The CSS keys' studies, each on a seeded sample (seed 1), every job held to the keys' list of expected differences
      # (Benchmarks/BrowserStudy/expected-differences-keys-chromium.txt, set-up KEY=VALUE): whiteSpace's six values (200 jobs a
      # value, as is and varied), textTransform's five (200 a value), overflowWrap, wordBreak and lineBreak (200 a value),
      # textSpacingTrim and textAutospace on Chinese and Japanese (200 a value, autospace's also mixed with Latin words),
      # and columns (300 jobs under vertical-rl; 100 under each other set: vertical-lr, upright, sideways, the four sets of
      # mixed text, the key sets of line heights, spans, alignment, justification and clamps, and inline objects in each
      # vertical mode), and text combined upright
      # (200 Chinese and Japanese jobs in each vertical mode): about 90 s in all (docs/profiles.md has each study's figures
      # on the whole corpus).
      local keys_list=Benchmarks/BrowserStudy/expected-differences-keys-chromium.txt
      local study
      for study in "whitespace_vs_chromium.py --sample 200" "texttransform_vs_chromium.py --sample 200" "wrap_vs_chromium.py --sample 200" \
                   "wrap_vs_chromium.py --claims textSpacingTrim,textAutospace --langs zh,ja --sample 200" \
                   "vertical_vs_chromium.py --sample 300 --set-sample 100 --sets vertical-rl,vertical-lr,upright,sideways,mixed-rl,mixed-lr,mixed-upright,mixed-sideways,line-height,spans,align-center,align-end,justify,clamp,objects-rl,objects-lr" \
                   "combine_vs_chromium.py --sample 200"; do
        run_start=$SECONDS
        # shellcheck disable=SC2086 # the study's name and options, split on purpose
        python3 Benchmarks/BrowserStudy/$study --examples 1 --textlayout "$textlayout" --expect "$keys_list" \
          || failed+=("chromium/${study%% *}")
        echo "== expected-differences: chromium, $study, took $((SECONDS - run_start)) s"
      done
      if [ ${#failed[@]} -gt 0 ]; then
        echo "robustness.sh: the runs ${failed[*]} differ from their lists of expected differences (see above)" >&2
        exit 1
      fi
      ;;
    fuzz)
      # One build of the five targets (they share every module: build_stage), then the runs, two
      # at a time: a libFuzzer run is one process on one core, and a fixed seed's verdict does not
      # depend on the other core's load. The lanes are balanced by the fixed runs' times at the
      # counts above (a fresh-clone run at 0ea49a4): text, font and editor (37, 21 and 7 s) beside
      # batch and patterns (48 and 17 s).
      fuzz_lanes fixed "text font editor" "batch patterns"
      # Fresh seeds: every target runs, and the stage fails after them if any found something
      # (fuzz.sh prints the seed, and each saved input's path and bytes).
      fuzz_lanes fresh "text batch" "font patterns editor"
      ;;
  esac
  echo "== robustness: $stage passed in $((SECONDS - start)) s"
  stage_times+=("$stage $((SECONDS - start)) s")
}

if [ $build_only = 1 ]; then
  for stage in "${stages[@]}"; do build_stage "$stage"; done
  exit 0
fi
stage_times=()
if [ "${stages[*]}" = "${all_stages[*]}" ]; then
  # All six, as CI runs them: the four builds two at a time (a release build beside another), then
  # the stages; full-size's suites beside the speed gate, whose instruction counts do not depend
  # on the machine's load (the hostile texts' growth is fitted to CPU times, one case at a time,
  # on one core). The stages' builds are then already done.
  side_by_side "--build asan" "--build full-size"
  stage_times+=("builds of asan and full-size $side_by_side_seconds s")
  side_by_side "--build tsan" "--build fuzz"
  stage_times+=("builds of tsan and fuzz $side_by_side_seconds s")
  run_stage asan
  run_stage tsan
  side_by_side "full-size" "speed"
  stage_times+=("full-size and speed $side_by_side_seconds s")
  run_stage expected-differences
  run_stage fuzz
else
  for stage in "${stages[@]}"; do run_stage "$stage"; done
fi
echo "== robustness: every stage passed: ${stage_times[*]/%/,}" | sed 's/,$//' 
