"""Three-check: FIDE chess in which the third check wins.

Rulings TK-1 … TK-4 of docs/rules/three-check.md; castling, rights and endings
are the family's (docs/rules/chess-family.md).  A position counts the checks
each player still has to give (``Position.checks_left``), written after the en
passant field as python-chess writes it, ``3+3``; lichess's checks given,
``+0+0`` after the move number, is read too (docs/rules/fen.md).
"""

from __future__ import annotations

from typing import ClassVar

from trebuchet.variants.chess_family import ChessFamily
from trebuchet.variants.game import Outcome
from trebuchet.variants.move import Move
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position


class ThreeCheck(ChessFamily):
    """Three-check: TK-1 … TK-4."""

    name = "three-check"
    title = "Three-check"
    aliases: ClassVar[tuple[str, ...]] = (
        "Three check",
        "Threecheck",
        "Three check chess",
        "3-check",
        "3 check",
        "3check",
    )
    checks_to_win = 3  # TK-1
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"

    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """TK-2: a move that leaves the opponent in check counts one check for the
        player who made it (a mate too; a check does not reset the halfmove clock)."""
        super().after_move(pos, move, captured)
        if self.in_check(pos):
            mover = self.opponents(pos.turn)[0]
            left = list(pos.checks_left)
            left[mover] -= 1
            pos.checks_left = tuple(left)

    def variant_end(self, pos: Position) -> bool:
        return any(n <= 0 for n in pos.checks_left)

    def variant_outcome(self, pos: Position) -> Outcome | None:
        """TK-1: the player who has given its third check wins (TK-3: a draw should
        both have, which no game reaches)."""
        white, black = pos.checks_left
        if white <= 0 and black <= 0:
            return Outcome("three_checks", None)
        if white <= 0:
            return Outcome("three_checks", WHITE)
        if black <= 0:
            return Outcome("three_checks", BLACK)
        return None

    def insufficient_material(self, pos: Position, color: Player) -> bool:
        """TK-4: any piece but the king can still give check, so only a bare king
        lacks material (both bare: a draw)."""
        return all(p.kind == "K" for _, p in pos.pieces(color))
