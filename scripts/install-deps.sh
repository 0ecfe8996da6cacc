#!/usr/bin/env bash
# Installs what the build and the tests need, only what is missing: Debian packages (a Java runtime, Chromium, Inter's variable font (fonts-inter-variable, for the font-instance tests), Liberation Sans 2 (fonts-liberation2, whose kern table kerns the space), hyphenation patterns, libhyphen, Pango's headers and the Noto fonts the Pango agreement corpus names among them) and PySpark from PyPI.
set -euo pipefail
packages=(pkg-config libfreetype-dev libharfbuzz-dev libfontconfig-dev libicu-dev libpng-dev fontconfig fonts-dejavu-core unicode-data chromium
          fonts-inter-variable fonts-liberation2 hyphen-en-us hyphen-de hyphen-fr hyphen-ru libhyphen-dev gcc libpango1.0-dev
          # The families the corpus names (Benchmarks/Corpus/make_jobs.py), in the system's fonts, as
          # PangoAgreementTests and Benchmarks/PangoStudy/agreement.py lay them out in Pango and the engine.
          fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)
missing=()
# A Java runtime for Spark's local mode (scripts/spark_batch.py and its test), unless one is there.
command -v java >/dev/null || packages+=(default-jre-headless)
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# PySpark 4 (scripts/spark_batch.py and its test in Spark's local mode; the version docs/testing.md names), from PyPI.
python3 -c 'import pyspark' 2>/dev/null || python3 -m pip install -q 'pyspark>=4,<5'
