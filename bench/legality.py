"""Legality speed per game: perft(3) from each start, in one run.

For every native game (and FIDE chess, the yardstick) this counts perft(3) twice:
with the game's own legality (``legal_moves``: the fast paths of docs/speed.md)
and with the general rule those paths must equal (every pseudo-legal move pushed,
the royal pieces' safety asked by generating attacks, popped). It prints nodes
per second for both, the speed-up of the fast path, and each game's nodes per
second as a fraction of chess's (issue 14 asks for every game within 3x). Ratios
within one run, never absolute times: the machines are shared.

    python bench/legality.py              # perft(3) everywhere
    python bench/legality.py --depth 2    # a smoke run
    python bench/legality.py --no-general # only the games' own legality
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import trebuchet
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant

GAMES = [
    "chess",
    "shatranj-of-troy",
    "titan-chess",
    "duggans-fantasy-chess",
    "mangonel-chess",
    "catapults-of-troy",
]


def general_perft(pos: Position, depth: int) -> int:
    """Perft with legality by the general rule (push, test, pop), bulk-counted."""
    variant = pos.variant
    moves = [m for m in variant.pseudo_legal_moves(pos) if variant.is_safe(pos, m)]
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        pos.push(move)
        total += general_perft(pos, depth - 1)
        pos.pop()
    return total


def own_perft(pos: Position, depth: int) -> int:
    """Perft with the game's own legality (trebuchet.variants.perft's, written out so
    that both counts run the same loop)."""
    moves = pos.variant.legal_moves(pos)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        pos.push(move)
        total += own_perft(pos, depth - 1)
        pos.pop()
    return total


def timed(func: Callable[[], int], repeat: int) -> tuple[int, float]:
    """The count ``func`` returns and its best time of ``repeat`` runs."""
    best, nodes = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = func()
        best = min(best, time.perf_counter() - start)
    return nodes, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=1, help="runs per count (best kept)")
    parser.add_argument("--no-general", action="store_true", help="skip the general rule")
    args = parser.parse_args()
    build = "compiled" if getattr(trebuchet, "COMPILED", False) else "pure"
    print(f"build: {build}; perft({args.depth}) from the start position")
    print(f"{'game':<22} {'nodes':>9} {'own n/s':>10} {'general n/s':>12} "
          f"{'speed-up':>8} {'vs chess':>8}")
    chess_rate = 0.0
    for name in GAMES:
        pos = get_variant(name).start_position()
        nodes, seconds = timed(lambda: own_perft(pos, args.depth), args.repeat)  # noqa: B023
        rate = nodes / seconds
        chess_rate = chess_rate or rate
        general = speedup = "-"
        if not args.no_general:
            slow_nodes, slow_seconds = timed(
                lambda: general_perft(pos, args.depth), args.repeat  # noqa: B023
            )
            assert slow_nodes == nodes, (name, nodes, slow_nodes)
            general = f"{slow_nodes / slow_seconds:,.0f}"
            speedup = f"{slow_seconds / seconds:.2f}"
        print(f"{name:<22} {nodes:>9} {rate:>10,.0f} {general:>12} {speedup:>8} "
              f"{chess_rate / rate:>7.2f}x")


if __name__ == "__main__":
    main()
