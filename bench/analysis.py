"""Time the full empty-board report of each variant: mobility and reachability of every
piece form (all kinds, plus the loaded carriers of the start position).

Goal: under one second per variant.  Run: ``.venv/bin/python bench/analysis.py``
(add ``--crowded`` to time the crowded-board columns as well).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trebuchet.analysis.board import piece_forms
from trebuchet.analysis.mobility import crowded, empty_board
from trebuchet.analysis.reachability import reachability
from trebuchet.variants.registry import get_variant, variant_names


def bench(name: str, with_crowded: bool) -> tuple[int, float, float, float]:
    variant = get_variant(name)
    forms = piece_forms(variant)
    start = time.perf_counter()
    for form in forms:
        empty_board(variant, form)
    mobility = time.perf_counter() - start
    start = time.perf_counter()
    for form in forms:
        reachability(variant, form)
    reach = time.perf_counter() - start
    busy = 0.0
    if with_crowded:
        start = time.perf_counter()
        for form in forms:
            crowded(variant, form)
        busy = time.perf_counter() - start
    return len(forms), mobility, reach, busy


def main() -> None:
    with_crowded = "--crowded" in sys.argv[1:]
    print(
        f"{'variant':<24}{'pieces':>7}{'mobility s':>12}{'reach s':>10}{'total s':>10}"
        + (f"{'crowded s':>11}" if with_crowded else "")
    )
    for name in variant_names():
        count, mobility, reach, busy = bench(name, with_crowded)
        line = f"{name:<24}{count:>7}{mobility:>12.3f}{reach:>10.3f}{mobility + reach:>10.3f}"
        print(line + (f"{busy:>11.3f}" if with_crowded else ""))


if __name__ == "__main__":
    main()
