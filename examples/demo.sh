#!/usr/bin/env bash
# The main job on the bundled examples, run by `make demo`:
#   1. the variants and their start positions;
#   2. every example game checked for legality (trebuchet check);
#   3. a mobility table for each variant, and heat maps written to demo-output/;
#   4. a game viewer page (demo-output/*.html) for one game of each variant;
#   5. a Zillions rules file run by its own move code (examples/zillions/chess.zrf,
#      and the Zillions corpus's saved games when ../shared is beside the checkout);
#   6. a design judged by its games: playout metrics of Catapults of Troy, and
#      their report page (demo-output/catapults-of-troy-evaluate.html).
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
  $T show "$v" -o "$OUT/$v-start.svg"
done

echo
echo "== checking the example games"
$T check examples/*/*.pgn

echo
echo "== mobility (Betza: average moves per square, empty board; crowded d = 1/3)"
for v in $VARIANTS; do
  echo
  echo "-- $v"
  $T mobility "$v"
done
$T mobility catapults-of-troy --no-crowded -o "$OUT" >/dev/null
$T reach chess N --from g1 -o "$OUT/chess-knight-from-g1.svg" >/dev/null
$T reach catapults-of-troy R --from a1 -o "$OUT/catapults-rook-from-a1.svg" >/dev/null
$T show chess f2f3 e7e5 g2g4 d8h4 --flip --arrow d8h4 -o "$OUT/chess-fools-mate.svg" 2>/dev/null
$T show shatranj-of-troy e2d4,C@e2 e8f6,N@e8 d4b5 f6e4 d3e4 e7e6 b5a7 \
  -o "$OUT/shatranj-of-troy-hands.svg" >/dev/null 2>&1

echo
echo "== game viewer pages (open one in a browser; ← → step through the moves)"
for game in examples/*/*.pgn; do
  $T view "$game" -o "$OUT/$(basename "$(dirname "$game")")-$(basename "$game" .pgn).html"
done
echo
echo "== a Zillions rules file, run by its own ZRF move code"
ZRF=examples/zillions/chess.zrf
echo "perft 1..3 of $ZRF: $($T perft $ZRF 1) $($T perft $ZRF 2) $($T perft $ZRF 3) (FIDE chess: 20 400 8902)"
$T show $ZRF -o "$OUT/chess-zrf-start.svg" >/dev/null
$T check examples/zillions/fools-mate.zsg --rules $ZRF
$T play $ZRF e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 | tail -1
CORPUS=../shared/data/zillions/corpus
if [ -d "$CORPUS" ]; then
  $T check "$CORPUS/DobutsuShogi/Dobutsu.zsg" "$CORPUS/Duke/Duke.zsg" \
    "$CORPUS/CheckersCollection/Dameo.zsg" --quiet
  echo "English draughts from CheckersCollection.zrf, perft 4: $($T perft \
    "$CORPUS/CheckersCollection/CheckersCollection.zrf" --game "Checkers (English draughts)" 4) (published: 1469)"
fi

echo
echo "== a design judged by its games: 20 random playouts (docs/evaluate.md)"
$T evaluate catapults-of-troy -n 20 --max-plies 300 --seed 1 \
  -o "$OUT/catapults-of-troy-evaluate.html"

echo
echo "pictures written to $OUT/:"
ls "$OUT"
