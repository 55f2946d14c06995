"""Titan Chess: its rulings (docs/rules/titan-chess.md), each pinned by a test
named by its id, on positions where the ruling decides the result.  Every expected
move set, clock, board and FEN is worked out by hand from the ruling, in the
comments beside it; none is a recording of the engine's output.
"""

from __future__ import annotations

from tests.helpers import legal_from, position
from trebuchet.variants.move import MoveKind
from trebuchet.variants.position import Position

CT = "catapults-of-troy"
ST = "shatranj-of-troy"
MC = "mangonel-chess"
DF = "duggans-fantasy-chess"
TC = "titan-chess"


# -- Titan Chess (docs/rules/titan-chess.md) --------------------------------------------------


def test_tc9_castling_across_a_square_a_fly_over_would_hit_is_illegal() -> None:
    """TC-9 with TC-7.  White: King g1, Rook k1 (right K), Bishop f1; a black Quad
    Bomber on k2.  Its only capture is a fly-over (TC-6): first step k2-j1, then
    outward along rank 1 over i1 and h1.  A King standing on h1 (having left
    g1) is flown over onto the empty g1, so h1 counts as attacked: the plain
    step g1h1 and the castlings that cross h1 (King to i1, j1, k1) are illegal.
    The King on g1 itself is not in check (beyond it, f1 holds the Bishop), and
    castling onto h1 is legal: the Rook then stands on g1 and nothing lands there.

    A Flying Bomber or Raptor cannot make this point with a fly-over: on rank 1
    no line has a square beyond a crossed square except rank 1 itself, and that
    line runs through g1, where its fly-over would already be a check.  Without
    the Quad Bomber, all four king-side castlings are legal."""
    fen = "6k5/12/12/12/12/12/12/12/12/12/{}/5BK3R1 w K - 0 1"
    free = position(TC, fen.format("12"))
    assert _castlings(free) == {"g1h1k1g1", "g1i1k1h1", "g1j1k1i1", "g1k1k1j1"}
    watched = position(TC, fen.format("10u1"))
    assert not watched.is_check()
    assert _castlings(watched) == {"g1h1k1g1"}
    assert "g1h1" not in legal_from(watched, "g1")


def _castlings(pos: Position) -> set[str]:
    return {pos.move_text(m) for m in pos.legal_moves() if m.tag == MoveKind.CASTLE}
