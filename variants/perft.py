"""Perft: count the leaf nodes of the legal move tree, the standard check of a move generator."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from trebuchet.variants.position import Position


def perft(pos: Position, depth: int) -> int:
    """Leaf nodes at ``depth``; the last ply is counted, not made (bulk counting)."""
    if depth <= 0:
        return 1
    variant = pos.variant
    moves = variant.legal_moves(pos)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        pos.push(move)
        total += perft(pos, depth - 1)
        pos.pop()
    return total


def perft_reporting(pos: Position, depth: int, report: Callable[[int], None]) -> int:
    """:func:`perft`, telling ``report`` the leaves counted below each node two plies
    above them, so that a long run can show it is alive long before its first
    subtree is done (``perft chess 12``); the cost is one call per node of the
    tree's next-to-last full ply."""
    if depth <= 2:
        nodes = perft(pos, depth)
        report(nodes)
        return nodes
    total = 0
    for move in pos.variant.legal_moves(pos):
        pos.push(move)
        total += perft_reporting(pos, depth - 1, report)
        pos.pop()
    return total


def divide(pos: Position, depth: int) -> dict[str, int]:
    """Perft split by first move, named in coordinate notation."""
    result = {}
    for move in pos.variant.legal_moves(pos):
        name = pos.variant.move_text(pos, move)
        pos.push(move)
        result[name] = perft(pos, depth - 1)
        pos.pop()
    return result


@dataclass(frozen=True)
class PerftCase:
    """One position of a perft suite: its id, its FEN (EPD) and depth -> nodes."""

    id: str
    epd: str
    counts: tuple[tuple[int, int], ...]


def read_perft_suite(text: str) -> list[PerftCase]:
    """The positions of a perft suite in python-chess's format: blocks of ``id NAME``,
    ``epd FEN`` and ``perft DEPTH NODES`` lines; ``#`` starts a comment line."""
    cases: list[PerftCase] = []
    ident, epd = "", ""
    counts: list[tuple[int, int]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", "%")):
            continue
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word == "id":
            if epd:
                cases.append(PerftCase(ident, epd, tuple(counts)))
            ident, epd, counts = rest, "", []
        elif word == "epd":
            if epd:
                cases.append(PerftCase(ident, epd, tuple(counts)))
                counts = []
            epd = rest
        elif word == "perft":
            depth, nodes = rest.split()
            counts.append((int(depth), int(nodes)))
        else:
            raise ValueError(f"perft suite line {line!r}: expected id, epd or perft")
    if epd:
        cases.append(PerftCase(ident, epd, tuple(counts)))
    return cases
