"""Hands written as ZRF: what Shatranj of Troy's and crazyhouse's exports share.

Zillions has no hand that fills with the captor's prizes, so the file keeps the
hands as the corpus's shogi files do: a column of squares ``x1``, ``x2``, …
beside the board, one for every piece that could be in a hand at once.  A
capture sends the taken piece down the column to its first empty square
(``cascade``) and turns it to the captor's side (``flip``); each game writes
that macro itself, as what goes into the hand differs (a Horse with its cargo,
a promoted piece as a Pawn).  A piece in hand drops by walking the board's
squares one by one (``board-next`` links, rank by rank from the top left); only
the highest square of the column holding that type for that side drops, so two
Pawns in hand make one drop per square, as trebuchet counts them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import pairwise

from trebuchet.converters.zrf.export_board import column_beside
from trebuchet.variants.pieces import BLACK, WHITE, Piece, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: the hand's column of squares, beside the board
HAND_FILE = "x"
#: the direction down the hand's column, and back up
HAND_NEXT, HAND_PREV = "hand-next", "hand-prev"
#: the walk over the board's squares that a drop takes, from the top left corner
BOARD_NEXT = "board-next"
#: the walk down the column to its first empty square, where a taken piece goes
TO_FIRST_EMPTY = f"{HAND_FILE}1 (while not-empty? {HAND_NEXT})"


def first_square(variant: Variant) -> str:
    """Where the drop's walk starts: the board's top left square."""
    geo = variant.geometry
    return geo.name(geo.squares_of_rank(geo.ranks - 1)[0])


def drop_macro(
    first: str, name: str = "drop", before_add: str = "", walk: str = BOARD_NEXT
) -> str:
    """The ``define`` of a drop: a piece in hand ($1 its type) drops onto each square
    of the board where $2 holds, if no square above it in the hand holds a piece of
    its type and side; ``before_add`` runs on the square dropped on.  The squares
    tried are ``first`` (a position, or a direction from the hand's square) and
    those after it along ``walk``."""
    arrive = f"{before_add} add" if before_add else "add"
    return f"""\
(define {name}
  ((verify (in-zone? hand)) mark
   (while (on-board? {HAND_PREV}) {HAND_PREV} (verify (not (and friend? (piece? $1)))))
   back {first} (if $2 {arrive})
   (while (on-board? {walk}) {walk} (if $2 {arrive})))
)
"""


def column_grid(variant: Variant, size: int, directions: str = "") -> list[str]:
    """A grid of one column of ``size`` squares beside the board, ``x1`` at the top,
    with ``directions`` (a line; none: nothing on the board reaches those squares)."""
    ranks = [str(n) for n in range(1, size + 1)]
    return column_beside(variant, HAND_FILE, ranks, directions=directions)


def hand_lines(variant: Variant, size: int) -> list[str]:
    """The hand's column of ``size`` squares (a grid of its own beside the board,
    whose only directions run along it), the walk over the board's squares, and
    the zone of the hand."""
    geo = variant.geometry
    walk = [geo.name(sq) for rank in reversed(range(geo.ranks)) for sq in geo.squares_of_rank(rank)]
    links = " ".join(f"({a} {b})" for a, b in pairwise(walk))
    hand = " ".join(f"{HAND_FILE}{n}" for n in range(1, size + 1))
    return [
        *column_grid(variant, size, f"      (directions ({HAND_NEXT} 0 1) ({HAND_PREV} 0 -1))"),
        f"    (links {BOARD_NEXT} {links})",
        f"    (zone (name hand) (players White Black) (positions {hand}))",
    ]


def hand_setup(
    variant: Variant,
    pos: Position,
    type_name: Callable[[Piece], str],
    held: Iterable[tuple[Player, Piece]],
) -> list[str]:
    """Each player's setup entry: the pieces on the board by their ZRF type, and the
    pieces ``held`` down the hand's column, in that order."""
    geo = variant.geometry
    where: dict[Player, dict[str, list[str]]] = {WHITE: {}, BLACK: {}}
    for sq, piece in pos.pieces():
        assert piece.color is not None
        where[piece.color].setdefault(type_name(piece), []).append(geo.name(sq))
    for n, (color, piece) in enumerate(held, start=1):
        where[color].setdefault(type_name(piece), []).append(f"{HAND_FILE}{n}")
    return [
        f"({('White', 'Black')[color]} "
        + " ".join(f"({name} {' '.join(squares)})" for name, squares in where[color].items())
        + ")"
        for color in (WHITE, BLACK)
    ]


__all__ = [
    "BOARD_NEXT",
    "HAND_FILE",
    "HAND_NEXT",
    "HAND_PREV",
    "TO_FIRST_EMPTY",
    "column_grid",
    "drop_macro",
    "first_square",
    "hand_lines",
    "hand_setup",
]
