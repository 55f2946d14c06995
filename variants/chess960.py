"""Chess960 (Fischer Random Chess, Bobby Fischer 1996): FIDE chess from one of
960 shuffled back ranks.

Rulings FR-1 … FR-4 of docs/rules/chess960.md; castling, rights and endings are
the family's (docs/rules/chess-family.md, CF-1 … CF-6).  The game has no fixed
start: records give it in a FEN tag; without one the standard position
(number 518) is played.  :func:`start_fen` gives any of the 960 by its number.

>>> start_fen(518)
'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
>>> start_fen(0)
'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1'
"""

from __future__ import annotations

from typing import ClassVar

from trebuchet.variants.chess_family import ChessFamily
from trebuchet.variants.errors import OptionError

#: FR-1: where the two knights stand among the five squares left after the
#: bishops and the queen, for the knight digit 0 … 9 of a start number.
_KNIGHT_PAIRS = ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))


def back_rank(number: int) -> str:
    """FR-1: White's first rank of start position ``number`` (0 … 959), a1 first.

    The number's digits in mixed radix, lowest first: the light-squared bishop's
    file (b, d, f, h: 0 … 3), the dark-squared bishop's (a, c, e, g), the queen's
    place among the six squares left (0 … 5), then the knights' pair (0 … 9);
    rook, king and rook fill the last three squares from the a-side.
    """
    if not 0 <= number < 960:
        raise OptionError(f"Chess960 start number {number}: expected 0 to 959")
    rank: list[str | None] = [None] * 8
    number, light = divmod(number, 4)
    rank[2 * light + 1] = "B"
    number, dark = divmod(number, 4)
    rank[2 * dark] = "B"
    number, queen = divmod(number, 6)
    free = [i for i, p in enumerate(rank) if p is None]
    rank[free[queen]] = "Q"
    free = [i for i, p in enumerate(rank) if p is None]
    for i in _KNIGHT_PAIRS[number]:
        rank[free[i]] = "N"
    for letter, i in zip("RKR", [i for i, p in enumerate(rank) if p is None], strict=True):
        rank[i] = letter
    return "".join(p or "" for p in rank)


def start_fen(number: int) -> str:
    """FR-1, FR-2: the FEN of start position ``number``; castling rights in X-FEN
    (``KQkq``: each rook is the outermost on its side of the king), as python-chess
    writes them."""
    white = back_rank(number)
    return f"{white.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"


class Chess960(ChessFamily):
    """Chess960: FR-1 … FR-4."""

    name = "chess960"
    title = "Chess960"
    aliases: ClassVar[tuple[str, ...]] = (
        "Chess 960",
        "Fischerandom",
        "Fischerrandom",
        "Fischer Random",
        "Fischer Random Chess",
        "FRC",
    )
    # FR-3: the standard position when a record gives none
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    chess960 = True
