"""Properties every variant's rules core must have, on positions reached by random play."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trebuchet.variants.move import Move
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant, variant_names

PLIES = 30


def _snapshot(pos: Position) -> tuple[Any, ...]:
    hands = {k: n for k, n in pos.hands.items() if n}
    return (
        list(pos.board),
        pos.turn,
        pos.castling,
        pos.ep,
        pos.ep_victim,
        pos.halfmove,
        pos.fullmove,
        hands,
        pos.royals,
    )


@pytest.mark.parametrize("name", variant_names())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_make_unmake_and_fen_round_trip(name: str, data: st.DataObject) -> None:
    """At every ply: unmaking each legal move restores the position exactly, the
    FEN reads back to the same position, every legal move has its own text, and
    lands inside its piece's ``targets()`` (which readers use to skip pieces)."""
    variant = get_variant(name)
    pos = variant.start_position()
    for _ in range(PLIES):
        moves = pos.legal_moves()
        if not moves:
            break
        texts = [pos.move_text(m) for m in moves]
        assert len(set(texts)) == len(texts), f"two moves share a text in {pos.fen()}"
        fen = pos.fen()
        again = variant.position(fen)
        assert again.fen() == fen
        assert sorted(again.move_text(m) for m in again.legal_moves()) == sorted(texts)
        for sq, piece in pos.pieces(pos.turn):
            assert piece.type is not None
            own: list[Move] = []
            piece.type.generate(pos, sq, piece, own)
            reach = piece.type.targets(pos.turn, sq)
            assert all(m.to in reach for m in own), f"{piece.symbol} on {sq} in {fen}"
        before = _snapshot(pos)
        for move in moves:
            pos.push(move)
            pos.pop()
            assert _snapshot(pos) == before, f"{texts[moves.index(move)]} in {fen}"
        pos.push(moves[data.draw(st.integers(0, len(moves) - 1))])
