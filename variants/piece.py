"""A piece as it stands on a square, and the players who own pieces.

Kept apart from :mod:`trebuchet.variants.pieces` (the kinds and how they move)
so that :mod:`trebuchet.variants.move` can name a :class:`Piece` in its action
records without an import cycle: the compiled build (docs/speed.md) needs the
class when those records are defined.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trebuchet.variants.pieces import PieceType

Player = int
"""A side, by its place in the turn order: 0 moves first.

Two-player games keep their colours as these numbers (White = 0, Black = 1),
upper case in FEN for White; games of more players number them on.
"""
WHITE: Player = 0
BLACK: Player = 1
COLORS: tuple[Player, Player] = (WHITE, BLACK)


def color_name(color: Player) -> str:
    """``white`` and ``black`` for the two-player colours, ``player N`` (1-based) beyond."""
    return ("white", "black")[color] if color in COLORS else f"player {color + 1}"


class Piece:
    """A piece as it stands on a square: its kind, its owner, what it carries.

    ``color`` is the owning player (None only for :data:`WALL`).  ``cargo``
    holds the kind letters of carried pieces (a Catapult's rider, a Trojan
    Horse's load) in the variant's canonical order; carried pieces belong to
    the carrier's owner.  ``attributes`` names the piece's attributes that are
    true (Zillions games give pieces named flags, such as ``never-moved?``).
    ``royal`` pieces are the ones whose loss (or capturability) decides check.
    ``promoted`` marks a piece made by a promotion in games that remember it (a
    crazyhouse queen goes back to the hand as a pawn); it is part of the piece's
    identity, so a promoted queen and an original one are different objects.
    Never build a Piece directly: ask the variant
    (:meth:`trebuchet.variants.variant.Variant.piece`), which interns them, so
    that boards hold shared objects that compare by identity; nothing changes a
    Piece after it is built.
    """

    __slots__ = ("attributes", "cargo", "color", "kind", "promoted", "royal", "symbol", "type")

    def __init__(
        self,
        kind: str,
        color: Player | None,
        cargo: tuple[str, ...],
        ptype: PieceType | None,
        *,
        royal: bool | None = None,
        attributes: frozenset[str] = frozenset(),
        promoted: bool = False,
    ) -> None:
        self.kind = kind
        self.color = color
        self.cargo = cargo
        self.attributes = attributes
        self.type = ptype
        self.royal = (ptype is not None and ptype.royal) if royal is None else royal
        self.promoted = promoted
        letters = kind + (f"({''.join(cargo)})" if cargo else "")
        self.symbol = letters.lower() if color == BLACK else letters

    def __repr__(self) -> str:
        return f"Piece({self.symbol}{'~' if self.promoted else ''})"


WALL = Piece("*", None, (), None)
"""What stands on a square that is not there (a hole, an unbridged river square)."""
