#!/usr/bin/env bash
# The main job on the bundled examples: list the variants, show each start
# position, count a shallow perft.  Run by `make demo`.
set -euo pipefail
cd "$(dirname "$0")/.."
T=.venv/bin/trebuchet
$T variants
for v in $($T variants --json | .venv/bin/python -c 'import json,sys; print(" ".join(r["name"] for r in json.load(sys.stdin)))'); do
  echo
  echo "== $v"
  $T show "$v"
  echo "perft 2: $($T perft "$v" 2)"
done
