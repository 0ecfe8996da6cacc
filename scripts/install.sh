#!/usr/bin/env bash
# Installs the textlayout command with its bundled fonts under PREFIX: the binary and its resource bundle in PREFIX/lib/textlayout/, a link to it in PREFIX/bin/.
#
# Usage: scripts/install.sh PREFIX [--binary PATH]
#
# Without --binary it builds the release binary first (.build/release/textlayout); with it, it
# installs that binary, already built, and the TextLayout_TextLayoutFonts.resources folder beside
# it. The binary finds its fonts in the bundle next to its own file (links resolved), so the
# bundle stays beside it in PREFIX/lib/textlayout/ and PREFIX/bin/ holds only the command, a
# relative link, so that a staged PREFIX can be moved. An installation there before is replaced.
# Exit status: 0 installed, 2 a usage error (no PREFIX, no binary or no bundle beside it), 3
# PREFIX could not be written.
set -euo pipefail

fail() {  # one line on standard error, then the exit status
  echo "install.sh: $1" >&2
  exit "$2"
}
usage="usage: scripts/install.sh PREFIX [--binary PATH]   (without --binary: builds .build/release/textlayout)"

prefix="" binary=""
while (($#)); do
  case "$1" in
    --binary)
      (($# >= 2)) || fail "--binary takes the path of a built textlayout; $usage" 2
      binary="$2"; shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    -*) fail "unknown option $1; $usage" 2 ;;
    *)
      [[ -z "$prefix" ]] || fail "one PREFIX only, got $prefix and $1; $usage" 2
      prefix="$1"; shift ;;
  esac
done
[[ -n "$prefix" ]] || fail "$usage" 2
[[ "$prefix" == /* ]] || prefix="$PWD/$prefix"  # the build below runs in the checkout

if [[ -z "$binary" ]]; then
  cd "$(dirname "$0")/.."
  swift build -c release --product textlayout
  binary=.build/release/textlayout
fi
[[ -f "$binary" && -x "$binary" ]] || fail "no textlayout binary at $binary: build it (swift build -c release --product textlayout) or name it with --binary" 2
# SwiftPM names the bundle after the package's identity: <identity>_TextLayoutFonts.resources.
bundles=("$(dirname "$binary")"/*_TextLayoutFonts.resources)
[[ -d "${bundles[0]}" ]] || fail "no *_TextLayoutFonts.resources folder beside $binary: the bundled fonts ship in it" 2

library="$prefix/lib/textlayout"
if ! errors="$( {
  mkdir -p "$prefix/bin" "$prefix/lib" &&
    rm -rf "$library" && mkdir "$library" &&
    cp "$binary" "$library/textlayout" &&
    cp -R "${bundles[@]}" "$library/" &&
    ln -sfn ../lib/textlayout/textlayout "$prefix/bin/textlayout"
} 2>&1 )"; then
  fail "cannot install into $prefix: $(head -n 1 <<<"$errors")" 3
fi
echo "installed $prefix/bin/textlayout (the binary and its fonts in $library)"
