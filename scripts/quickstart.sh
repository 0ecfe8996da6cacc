#!/usr/bin/env bash
# The README's first command: installs what is missing, builds, and lays out a sample text in the bundled font.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product textlayout
.build/release/textlayout measure --width 240 --line-spacing 2 --max-lines 4 \
  "Growing editors guess their height. This one knows it: every line break comes from the real glyphs of the real font."
