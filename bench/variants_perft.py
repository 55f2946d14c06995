"""Deep perft of the lichess and python-chess variants against python-chess's suites.

The tests (tests/games/test_lichess_perft.py) count every position of
shared/data/perft/python-chess/*.perft to small depths; this counts them as deep
as ``--max-nodes`` allows, checks every count and prints nodes per second, with
python-chess's speed on the same rows when ``--compare`` is given.

    python bench/variants_perft.py                      # rows up to 2M nodes
    python bench/variants_perft.py --max-nodes 200000 --compare
    python bench/variants_perft.py --suite atomic.perft --max-nodes 10000000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import NamedTuple

import chess
import chess.variant
from perft import python_chess_perft  # bench/perft.py: an ended game has no moves there

from trebuchet.variants.perft import perft, read_perft_suite
from trebuchet.variants.registry import get_variant

SUITES = Path(__file__).resolve().parents[2] / "shared" / "data" / "perft" / "python-chess"

#: suite -> (our variant, python-chess's board)
PLAN: dict[str, tuple[str, type[chess.Board]]] = {
    "chess960.perft": ("chess960", chess.Board),
    "tricky.perft": ("chess960", chess.Board),
    "crazyhouse.perft": ("crazyhouse", chess.variant.CrazyhouseBoard),
    "3check.perft": ("three-check", chess.variant.ThreeCheckBoard),
    "atomic.perft": ("atomic", chess.variant.AtomicBoard),
    "giveaway.perft": ("giveaway", chess.variant.GiveawayBoard),
    "horde.perft": ("horde", chess.variant.HordeBoard),
    "racingkings.perft": ("racing-kings", chess.variant.RacingKingsBoard),
}


class SuiteRun(NamedTuple):
    """One suite counted: our variant, its positions and nodes, both engines' times."""

    variant: str
    positions: int
    nodes: int
    ours: float
    theirs: float
    failures: list[str]


def run_suite(suite: str, max_nodes: int, *, compare: bool, every: int = 1) -> SuiteRun:
    """Count every row of ``suite`` up to ``max_nodes`` leaves, checking each count;
    with ``compare``, time python-chess on the same rows."""
    name, board_class = PLAN[suite]
    variant = get_variant(name)
    cases = read_perft_suite((SUITES / suite).read_text())
    if suite == "chess960.perft":
        cases = cases[::every]
    nodes = 0
    ours_time = theirs_time = 0.0
    failures = []
    for case in cases:
        for depth, expected in case.counts:
            if expected > max_nodes:
                continue
            pos = variant.position(case.epd)
            start = time.perf_counter()
            got = perft(pos, depth)
            ours_time += time.perf_counter() - start
            nodes += got
            if got != expected:
                failures.append(f"FAIL {suite} {case.id} depth {depth}: {got}, expected {expected}")
            if compare:
                theirs = board_class(case.epd, chess960=True)
                start = time.perf_counter()
                python_chess_perft(theirs, depth)
                theirs_time += time.perf_counter() - start
    return SuiteRun(name, len(cases), nodes, ours_time, theirs_time, failures)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-nodes", type=int, default=2_000_000, help="skip larger rows")
    parser.add_argument("--suite", action="append", help="only these suites (file names)")
    parser.add_argument("--compare", action="store_true", help="time python-chess too")
    parser.add_argument("--every", type=int, default=1, help="chess960: every n-th position")
    args = parser.parse_args()
    if not SUITES.is_dir():
        print(f"no perft suites at {SUITES}")
        return 0
    failures = 0
    for suite in args.suite or list(PLAN):
        run = run_suite(suite, args.max_nodes, compare=args.compare, every=args.every)
        for failure in run.failures:
            print(failure)
        failures += len(run.failures)
        rate = run.nodes / run.ours if run.ours else 0.0
        line = f"{suite:<18} {run.variant:<16} {run.positions:>4} positions {run.nodes:>11,} nodes"
        line += f" {rate:>11,.0f} n/s"
        if args.compare and run.ours:
            line += f"  python-chess {run.nodes / run.theirs:>11,.0f} n/s"
            line += f"  ratio {run.theirs / run.ours:.2f}"
        print(line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
