"""Horde: White's thirty-six pawns and no king against Black's full army.

Rulings HO-1 … HO-5 of docs/rules/horde.md; castling, rights and endings are
the family's (docs/rules/chess-family.md).  White has no royal piece, so it is
never in check and may move anything anywhere the pieces allow; it loses when
it has nothing left, Black by checkmate.
"""

from __future__ import annotations

from typing import ClassVar

from trebuchet.variants.chess_family import ChessFamily
from trebuchet.variants.game import Outcome
from trebuchet.variants.move import Move
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position


class Horde(ChessFamily):
    """Horde: HO-1 … HO-5."""

    name = "horde"
    title = "Horde"
    aliases: ClassVar[tuple[str, ...]] = ("Horde chess",)
    # HO-1
    start_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"

    def initial_squares(self, kind: str) -> dict[Player, frozenset[int]]:
        """HO-2: pawns step two from their first two ranks (White's first rank too),
        not from every rank the horde fills at the start."""
        if kind != "P":
            return super().initial_squares(kind)
        return {**super().initial_squares(kind), WHITE: self.geometry.squares_of_ranks((0, 1))}

    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """HO-3: a pawn's double step from White's first rank leaves no en passant
        square behind (as python-chess plays it)."""
        super().after_move(pos, move, captured)
        if pos.ep and move.frm is not None and self.geometry.rank_of(move.frm) == 0:
            pos.ep = ()
            pos.ep_victim = -1

    def variant_end(self, pos: Position) -> bool:
        return not (self._has_pieces(pos, WHITE) and self._has_pieces(pos, BLACK))

    def variant_outcome(self, pos: Position) -> Outcome | None:
        """HO-4: a player with no piece left has lost."""
        white, black = self._has_pieces(pos, WHITE), self._has_pieces(pos, BLACK)
        if white and black:
            return None
        if not (white or black):
            return Outcome("no_pieces", None)
        return Outcome("no_pieces", WHITE if white else BLACK)

    @staticmethod
    def _has_pieces(pos: Position, color: Player) -> bool:
        return any(True for _ in pos.pieces(color))

    def insufficient_material(self, pos: Position, color: Player) -> bool:
        """HO-5: Black can always win by taking the whole horde, so a Horde game
        never ends for want of material (White's own material is not judged)."""
        return False
