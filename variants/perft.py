"""Perft: count the leaf nodes of the legal move tree, the standard check of a move generator."""

from __future__ import annotations

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
    push, pop = pos.push, pos.pop
    for move in moves:
        push(move)
        total += perft(pos, depth - 1)
        pop()
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
