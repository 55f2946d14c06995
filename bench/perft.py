"""Perft speed: trebuchet against python-chess on the same positions, in one run.

Both count leaves in bulk at depth 1 (python-chess: ``legal_moves.count()``;
trebuchet: ``len(legal_moves)``), so the ratio compares move generation,
legality and make/unmake.  Runs alternate between the two engines and the best
of ``--repeat`` runs is kept, which makes the ratio robust to a busy machine.

    python bench/perft.py                 # start position d5, Kiwipete d4, ...
    python bench/perft.py --quick         # shallower, for a smoke run
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import chess

from trebuchet.variants.perft import perft
from trebuchet.variants.registry import get_variant, variant_names

CHESS_POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4085603,
    ),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624),
]


def python_chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


def best_time(func: Callable[[], int], repeat: int) -> tuple[int, float]:
    best = float("inf")
    nodes = 0
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = func()
        best = min(best, time.perf_counter() - start)
    return nodes, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one ply shallower everywhere")
    parser.add_argument("--repeat", type=int, default=1, help="runs per engine (best kept)")
    args = parser.parse_args()
    chess_variant = get_variant("chess")
    print(
        f"{'position':<10} {'depth':>5} {'nodes':>10} {'trebuchet n/s':>14} "
        f"{'python-chess n/s':>17} {'ratio':>6}"
    )
    for name, fen, depth, expected in CHESS_POSITIONS:
        depth -= args.quick
        ours_pos = chess_variant.position(fen)
        board = chess.Board(fen)
        n_ours, t_ours = best_time(lambda: perft(ours_pos, depth), args.repeat)  # noqa: B023
        n_theirs, t_theirs = best_time(
            lambda: python_chess_perft(board, depth),  # noqa: B023
            args.repeat,
        )
        assert n_ours == n_theirs, (name, n_ours, n_theirs)
        if not args.quick:
            assert n_ours == expected, (name, n_ours, expected)
        print(
            f"{name:<10} {depth:>5} {n_ours:>10} {n_ours / t_ours:>14,.0f} "
            f"{n_theirs / t_theirs:>17,.0f} {t_theirs / t_ours:>6.2f}"
        )
    print()
    print("other variants (no external peer; nodes per second of trebuchet alone):")
    for name in variant_names():
        if name == "chess":
            continue
        pos = get_variant(name).start_position()
        depth = 3 if name != "titan-chess" else 3 - args.quick
        nodes, seconds = best_time(lambda: perft(pos, depth), 1)  # noqa: B023
        print(f"{name:<22} perft({depth}) = {nodes:>9}  {nodes / seconds:>10,.0f} n/s")


if __name__ == "__main__":
    main()
