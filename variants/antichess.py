"""Antichess and Giveaway: whoever loses all its pieces, or is stalemated, wins;
captures are compulsory and the king is a piece like the others.

Rulings AC-1 … AC-7 of docs/rules/antichess.md; the family's rules
(docs/rules/chess-family.md) otherwise.  The two games differ only in their
start: Antichess (lichess) has no castling, Giveaway (python-chess) keeps
FIDE's castling rights, and castles without regard to attacks (AC-6).
"""

from __future__ import annotations

from typing import ClassVar

from trebuchet.variants.chess import fide_pieces
from trebuchet.variants.chess_family import ChessFamily
from trebuchet.variants.game import Outcome
from trebuchet.variants.move import Move
from trebuchet.variants.pieces import BLACK, WHITE, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Promotion


class Antichess(ChessFamily):
    """Antichess: AC-1 … AC-7."""

    name = "antichess"
    title = "Antichess"
    aliases: ClassVar[tuple[str, ...]] = ("Anti chess", "Anti")
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"  # AC-1
    # AC-3: a pawn may also become a king
    promotion = Promotion(
        kinds=frozenset({"P"}), choices=("Q", "R", "B", "N", "K"), ranks=(7,), mandatory_ranks=(7,)
    )
    # AC-6: a promoted king never castles, so promotions are remembered
    tracks_promotion = True
    castling_checks = False

    def piece_types(self) -> list[PieceType]:
        """AC-2: the FIDE pieces; the king is not royal (there is no check)."""
        return fide_pieces(royal_king=False)

    def restrict(self, pos: Position, moves: list[Move], *, complete: bool) -> list[Move]:
        """AC-4: when any capture is possible (en passant too), only captures are
        legal; the rule looks at every piece, whatever the filters asked for."""
        every = moves if complete else self.legal_moves(pos)
        if any(m.is_capture() for m in every):
            return [m for m in moves if m.is_capture()]
        return moves

    def variant_end(self, pos: Position) -> bool:
        return not all(any(True for _ in pos.pieces(c)) for c in (WHITE, BLACK))

    def variant_outcome(self, pos: Position) -> Outcome | None:
        """AC-5: the player to move wins when it has no piece left, or has pieces
        but no legal move (stalemate)."""
        if not any(True for _ in pos.pieces(pos.turn)):
            return Outcome("no_pieces", pos.turn)
        if not any(True for _ in pos.pieces(self.opponents(pos.turn)[0])):
            return Outcome("no_pieces", self.opponents(pos.turn)[0])
        if not self.legal_moves(pos):
            return Outcome("stalemate", pos.turn)
        return None

    def insufficient_material(self, pos: Position, color: Player) -> bool:
        """AC-7 (python-chess's rule): ``color`` cannot win (lose all its pieces)
        when the opponent has none left to take them; when only bishops remain and
        every one of ``color``'s could never be taken (the opponent's stand all on
        the other colour of squares); or, with two knights alone on the board, by
        the parity of the squares and the turn."""
        them = self.opponents(color)[0]
        mine = [sq for sq, _ in pos.pieces(color)]
        theirs = [sq for sq, _ in pos.pieces(them)]
        if not mine:
            return False
        if not theirs:
            return True
        geo = self.geometry

        def light(sq: int) -> bool:
            return (geo.file_of(sq) + geo.rank_of(sq)) % 2 == 1

        kinds = [p.kind for _, p in pos.pieces()]
        if all(k == "B" for k in kinds):
            we_light = any(light(sq) for sq in mine)
            we_dark = any(not light(sq) for sq in mine)
            they_dark = all(not light(sq) for sq in theirs)
            they_light = all(light(sq) for sq in theirs)
            return (we_light and they_dark) or (we_dark and they_light)
        if all(k == "N" for k in kinds) and len(kinds) == 2:
            white_on_light = any(light(sq) for sq, _ in pos.pieces(WHITE))
            black_on_dark = any(not light(sq) for sq, _ in pos.pieces(BLACK))
            parity = (color == WHITE) ^ white_on_light ^ black_on_dark
            return (pos.turn == WHITE) == parity
        return False


class Giveaway(Antichess):
    """Giveaway: Antichess with FIDE's castling rights at the start (AC-1, AC-6)."""

    name = "giveaway"
    title = "Giveaway"
    aliases: ClassVar[tuple[str, ...]] = ("Giveaway chess", "Give away", "Give away chess")
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
