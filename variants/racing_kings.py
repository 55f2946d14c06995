"""Racing Kings: both kings race to the eighth rank; no move may give check.

Rulings RK-1 … RK-5 of docs/rules/racing-kings.md; the family's rules
(docs/rules/chess-family.md) otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from trebuchet.variants.chess_family import ChessFamily
from trebuchet.variants.game import Outcome
from trebuchet.variants.move import Move
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position


class RacingKings(ChessFamily):
    """Racing Kings: RK-1 … RK-5."""

    name = "racing-kings"
    title = "Racing Kings"
    aliases: ClassVar[tuple[str, ...]] = ("Racing", "Race", "racingkings")
    # RK-1
    start_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"

    def __init__(self, options: Iterable[str] = ()) -> None:
        super().__init__(options)
        geo = self.geometry
        self.goal = frozenset(geo.squares_of_rank(geo.ranks - 1))

    def filter_legal(self, pos: Position, moves: list[Move]) -> list[Move]:
        """RK-2: the FIDE rule, and no move may give check."""
        legal = super().filter_legal(pos, moves)
        return [m for m in legal if not self._gives_check(pos, m)]

    def _gives_check(self, pos: Position, move: Move) -> bool:
        pos.push(move)
        try:
            return self.in_check(pos)
        finally:
            pos.pop()

    def _at_goal(self, pos: Position, color: Player) -> bool:
        return any(sq in self.goal for sq in pos.royals[color])

    def variant_end(self, pos: Position) -> bool:
        """RK-3, RK-4: the race is over once a king stands on the eighth rank, except
        that when White's does, Black (to move) may still draw by reaching it too:
        the game goes on while Black's king has a square on the last rank next to
        it that holds no Black piece and that White does not attack (as the board
        stands, Black's king still on its square)."""
        white, black = self._at_goal(pos, WHITE), self._at_goal(pos, BLACK)
        if not (white or black):
            return False
        kings = pos.royals[BLACK]
        if pos.turn == WHITE or black or not kings:
            return True
        geo = self.geometry
        king = kings[0]
        for sq in self.goal:
            if geo.distance(sq, king) != 1:
                continue
            p = pos.board[sq]
            if p is not None and p.color == BLACK:
                continue
            if not self.is_attacked(pos, sq, WHITE):
                return False
        return True

    def variant_outcome(self, pos: Position) -> Outcome | None:
        """RK-3: the king that reaches the eighth rank alone wins; both there: a draw."""
        white, black = self._at_goal(pos, WHITE), self._at_goal(pos, BLACK)
        if white and black:
            return Outcome("race", None)
        if not self.variant_end(pos):
            return None
        return Outcome("race", WHITE if white else BLACK)

    def insufficient_material(self, pos: Position, color: Player) -> bool:
        """RK-5: a king alone can still win the race."""
        return False
