#!/usr/bin/env bash
# The main job on the bundled examples, run by `make demo`:
#   1. the variants and their start positions;
#   2. every example game checked for legality (trebuchet check);
#   3. a mobility table for each variant, and heat maps written to demo-output/.
set -euo pipefail
cd "$(dirname "$0")/.."
T=.venv/bin/trebuchet
OUT=demo-output
mkdir -p "$OUT"

echo "== the variants"
$T variants
VARIANTS=$($T variants --json | .venv/bin/python -c 'import json,sys; print(" ".join(r["name"] for r in json.load(sys.stdin)))')

for v in $VARIANTS; do
  echo
  echo "== $v: start position (perft 2 = $($T perft "$v" 2))"
  $T show "$v" --svg "$OUT/$v-start.svg"
done

if $T check --help >/dev/null 2>&1; then
  echo
  echo "== checking the example games"
  $T check examples/*/*.pgn
fi

echo
echo "== mobility (Betza: average moves per square, empty board; crowded d = 1/3)"
for v in $VARIANTS; do
  echo
  echo "-- $v"
  $T mobility "$v"
done
$T mobility catapults-of-troy --no-crowded --svg "$OUT" >/dev/null
$T reach chess N --from g1 --svg "$OUT/chess-knight-from-g1.svg" >/dev/null
$T reach catapults-of-troy R --from a1 --svg "$OUT/catapults-rook-from-a1.svg" >/dev/null
echo
echo "pictures written to $OUT/:"
ls "$OUT"
