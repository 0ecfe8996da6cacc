#!/usr/bin/env bash
# The suite lists CI's scripts share (.ci/run and scripts/robustness.sh source this file): which suites hold the engine against another program, and which of their tests CI's whole-corpus studies cover.

# The oracle suites: the ones that hold the engine against another program (headless Chromium,
# Pango, Spark in local mode), most of whose time is spent in that program. `.ci/run`'s
# `swift test` leaves them to robustness.sh's expected-differences stage, the oracle stage, which
# runs them beside the studies that hold the whole corpus to the lists of expected differences;
# the asan stage leaves them out (their time goes to the other program, and the engine code they
# reach is every other suite's). A developer's `swift test` runs them. A new oracle suite belongs
# in this list.
# shellcheck disable=SC2034 # read by the scripts that source this file
oracle_suites='CorpusChromiumTests|VerticalChromiumTests|FontListsChromiumTests|FontInstancesChromiumTests|InlineObjectsChromiumTests|CSSChromiumTests|IntrinsicChromiumTests|TextBoxChromiumTests|WrapChromiumTests|WhiteSpaceChromiumTests|TextTransformChromiumTests|TextSpacingChromiumTests|TextAutospaceChromiumTests|SparkBatchTests|PangoAgreementTests|PangoVerticalTests'

# The tests of those suites that hold a fresh or seeded sample to a list of expected differences
# which the expected-differences stage holds, in the same study, to the whole corpus (the corpus
# samples against Chromium, 300 jobs in each font set-up, and against Pango, 300 in each, against
# 12,600) or to a larger sample of the same sets (columns: 60 and 20 jobs a set against 300 and
# 100; white space, transforms, wrapping, text spacing and autospace: 12 to 40 jobs a value
# against 200): the stage skips them, and runs every other test of the suites (the checks that a
# study fails when a key is left out, the floors, and the suites whose studies it runs nowhere
# else). Each name is a Swift Testing test's `Suite/function`.
# shellcheck disable=SC2034 # read by the scripts that source this file
oracle_samples_covered='CorpusChromiumTests/(embeddedSample|systemSample|browserFallbackSample)|(VerticalChromiumTests|WhiteSpaceChromiumTests|TextTransformChromiumTests|WrapChromiumTests|TextSpacingChromiumTests|TextAutospaceChromiumTests)/sample|PangoAgreementTests/profileSampleHoldsTheList'
