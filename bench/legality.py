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
from collections.abc import Callable

from perft import best_time  # bench/perft.py

import trebuchet
from trebuchet.variants.move import Move
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


def counted_perft(pos: Position, depth: int, moves_of: Callable[[Position], list[Move]]) -> int:
    """Perft, bulk-counted, with the legal moves ``moves_of`` gives (both counts run
    this one loop, so only the legality differs)."""
    moves = moves_of(pos)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        pos.push(move)
        total += counted_perft(pos, depth - 1, moves_of)
        pos.pop()
    return total


def general_moves(pos: Position) -> list[Move]:
    """Legality by the general rule: each pseudo-legal move pushed, tested, popped."""
    variant = pos.variant
    return [m for m in variant.pseudo_legal_moves(pos) if variant.is_safe(pos, m)]


def own_moves(pos: Position) -> list[Move]:
    """The game's own legality (its fast paths)."""
    return pos.variant.legal_moves(pos)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=1, help="runs per count (best kept)")
    parser.add_argument("--no-general", action="store_true", help="skip the general rule")
    args = parser.parse_args()
    build = "compiled" if getattr(trebuchet, "COMPILED", False) else "pure"
    print(f"build: {build}; perft({args.depth}) from the start position")
    print(
        f"{'game':<22} {'nodes':>9} {'own n/s':>10} {'general n/s':>12} "
        f"{'speed-up':>8} {'vs chess':>8}"
    )
    chess_rate = 0.0
    for name in GAMES:
        pos = get_variant(name).start_position()
        nodes, seconds = best_time(lambda: counted_perft(pos, args.depth, own_moves), args.repeat)  # noqa: B023
        rate = nodes / seconds
        chess_rate = chess_rate or rate
        general = speedup = "-"
        if not args.no_general:
            slow_nodes, slow_seconds = best_time(
                lambda: counted_perft(pos, args.depth, general_moves),  # noqa: B023
                args.repeat,
            )
            assert slow_nodes == nodes, (name, nodes, slow_nodes)
            general = f"{slow_nodes / slow_seconds:,.0f}"
            speedup = f"{slow_seconds / seconds:.2f}"
        print(
            f"{name:<22} {nodes:>9} {rate:>10,.0f} {general:>12} {speedup:>8} "
            f"{chess_rate / rate:>7.2f}x"
        )


if __name__ == "__main__":
    main()
