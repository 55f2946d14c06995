"""FIDE chess: the baseline that perft tables and python-chess check."""

from __future__ import annotations

from typing import ClassVar

from mypy_extensions import mypyc_attr

from trebuchet.variants.game import Outcome
from trebuchet.variants.pieces import BLACK, WALL, WHITE, BetzaPiece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Promotion, Variant

#: A FIDE pawn: one step forward, two from its first rank, diagonal and en passant captures.
PAWN_BETZA = "fmWfceFifmnD"
#: the fewest reversible plies in which a position can occur five times: four
#: returns to it, each of at least four plies (both sides move away and back);
#: below it no repetition need be counted (threefold, claimed, needs eight)
FIVEFOLD_PLIES = 16


@mypyc_attr(allow_interpreted_subclasses=True)
class Chess(Variant):
    """The FIDE Laws of Chess: castling, en passant, promotion, the draw rules."""

    name = "chess"
    title = "FIDE chess"
    files = 8
    ranks = 8
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    ep_kinds: ClassVar[frozenset[str]] = frozenset({"P"})
    castling_rook_kinds: ClassVar[frozenset[str]] = frozenset({"R"})
    promotion: Promotion | None = Promotion(
        kinds=frozenset({"P"}), choices=("Q", "R", "B", "N"), ranks=(7,), mandatory_ranks=(7,)
    )

    def piece_types(self) -> list[PieceType]:
        return fide_pieces()

    def insufficient_material(self, pos: Position, color: Player) -> bool:
        """Whether ``color`` cannot mate; a hook for games with more piece kinds."""
        return insufficient_material(pos, color)

    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        """Checkmate, stalemate, insufficient material, the 75-move and fivefold
        rules always; the 50-move and threefold rules when ``claim_draw``."""
        ended = super().outcome(pos)
        if ended is not None:
            return ended
        if self.insufficient_material(pos, WHITE) and self.insufficient_material(pos, BLACK):
            return Outcome("insufficient_material", None)
        if pos.halfmove >= 150:
            return Outcome("seventyfive_moves", None)
        if not claim_draw and pos.halfmove < FIVEFOLD_PLIES:
            return None
        repetitions = pos.repetitions()
        if repetitions >= 5:
            return Outcome("fivefold_repetition", None)
        if claim_draw:
            if pos.halfmove >= 100:
                return Outcome("fifty_moves", None)
            if repetitions >= 3:
                return Outcome("threefold_repetition", None)
        return None


def fide_pieces(king: str = "K", *, royal_king: bool = True) -> list[PieceType]:
    """The FIDE piece kinds, built fresh; variants change the king: its Betza moves
    (atomic's king never captures, ``mK``) or whether it is royal (antichess)."""
    return [
        BetzaPiece("P", "Pawn", PAWN_BETZA),
        BetzaPiece("N", "Knight", "N"),
        BetzaPiece("B", "Bishop", "B"),
        BetzaPiece("R", "Rook", "R"),
        BetzaPiece("Q", "Queen", "Q"),
        BetzaPiece("K", "King", king, royal=royal_king),
    ]


def insufficient_material(pos: Position, color: Player) -> bool:
    """Whether ``color`` cannot mate by any series of legal moves (python-chess's rule):
    a lone king, king and one knight against king (and queens), or only bishops all
    on squares of one colour with no pawns or knights on the board."""
    geo = pos.variant.geometry
    mine: list[str] = []
    for _, p in pos.pieces(color):
        if p.kind in "PRQ":  # asked every ply of a playout: stop at the first
            return False
        if p.kind != "K":
            mine.append(p.kind)
    if "N" in mine:
        others = [p.kind for _, p in pos.pieces(1 - color) if p.kind not in "KQ"]
        return len(mine) <= 1 and not others
    if "B" in mine:
        everything = [(sq, p.kind) for sq, p in pos.pieces()]
        shades = {(geo.file_of(sq) + geo.rank_of(sq)) % 2 for sq, k in everything if k == "B"}
        return len(shades) == 1 and not any(k in "PN" for _, k in everything)
    return True


__all__ = ["PAWN_BETZA", "WALL", "Chess", "fide_pieces", "insufficient_material"]
