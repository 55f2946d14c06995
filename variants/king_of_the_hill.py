"""King of the Hill: FIDE chess in which a king that reaches the centre wins.

Rulings KH-1 … KH-2 of docs/rules/king-of-the-hill.md; castling, rights and
endings are the family's (docs/rules/chess-family.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from trebuchet.variants.chess_family import ChessFamily
from trebuchet.variants.game import Outcome
from trebuchet.variants.pieces import Player
from trebuchet.variants.position import Position

#: KH-1: the hill
CENTER = ("d4", "e4", "d5", "e5")


class KingOfTheHill(ChessFamily):
    """King of the Hill: KH-1 … KH-2."""

    name = "king-of-the-hill"
    title = "King of the Hill"
    aliases: ClassVar[tuple[str, ...]] = ("KOTH", "kingOfTheHill")

    def __init__(self, options: Iterable[str] = ()) -> None:
        super().__init__(options)
        self.hill = frozenset(self.square(name) for name in CENTER)

    def variant_end(self, pos: Position) -> bool:
        return any(sq in self.hill for kings in pos.royals for sq in kings)

    def variant_outcome(self, pos: Position) -> Outcome | None:
        """KH-1: the player whose king stands on d4, e4, d5 or e5 has won."""
        for color in (self.opponents(pos.turn)[0], pos.turn):
            if any(sq in self.hill for sq in pos.royals[color]):
                return Outcome("king_in_center", color)
        return None

    def insufficient_material(self, pos: Position, color: Player) -> bool:
        """KH-2: a king can always walk to the hill, so material never runs short."""
        return False
