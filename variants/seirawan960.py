"""Seirawan960 (S-chess960): S-chess from a Chess960 start, as Fairy-Stockfish
plays it with ``chess960`` set (``seirawan``) and pychess publishes it.

Rulings S9-1 … S9-4 of docs/rules/seirawan960.md.  Nothing is written twice: the
game is :class:`~trebuchet.variants.seirawan.Seirawan` (the Hawk, the Elephant,
gating, SAN, FEN's gates) over
:class:`~trebuchet.variants.chess_family.ChessFamily` (Chess960 castling,
king-takes-rook coordinates, rights that go with the squares a move writes).
What the two do not say alone is the castling field of FEN (S9-3).

>>> start_fen(518)
'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1'
>>> start_fen(0)
'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR[EHeh] w KQABCDEkqabcde - 0 1'
"""

from __future__ import annotations

from typing import ClassVar

from trebuchet.variants.chess960 import back_rank
from trebuchet.variants.chess_family import ChessFamily
from trebuchet.variants.fen import castling_text
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.seirawan import GATED, Seirawan


def start_fen(number: int) -> str:
    """S9-1: Chess960 start ``number`` (FR-1) with S-chess's hands, every first-rank
    square a gate: the castling rights ``KQ`` (which imply the king's and the
    rooks' squares), then the other files."""
    white = back_rank(number)
    gates = "".join(chr(ord("A") + i) for i, p in enumerate(white) if p not in "RK")
    return (
        f"{white.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{white}[EHeh] "
        f"w KQ{gates}kq{gates.lower()} - 0 1"
    )


class Seirawan960(Seirawan, ChessFamily):
    """S-chess with Chess960 castling: S9-1 … S9-4 over SC-1 … SC-6 and CF-1 … CF-3."""

    name = "seirawan960"
    title = "Seirawan960"  # as pychess writes the Variant tag
    # pychess's label; the tag's spelling forgives case, spaces and hyphens
    aliases: ClassVar[tuple[str, ...]] = ("S-Chess960", "Seirawan chess 960")
    # S9-1: the standard array when a record gives no FEN (as FR-3)
    start_fen = Seirawan.start_fen
    chess960 = True

    def read_castling(self, pos: Position, field: str) -> frozenset[int]:
        """S9-3: ``K``/``Q`` and gates as in S-chess (SC-5).  A file letter of a player
        with an empty hand names a castling rook (Shredder-FEN, X-FEN's inner
        rooks); of a player still holding a piece it is a gate, and a player with no
        ``K``/``Q`` right whose king stands on a gate castles with each rook on a
        gate (Fairy-Stockfish's Chess960 FEN, ``GABCDEFH``)."""
        rights = set(super().read_castling(pos, field))
        geo = self.geometry
        for color in (WHITE, BLACK):
            home = self._home_rank(color)
            king = self.castling_king(pos, color)
            if king is None:
                continue
            rooks = [
                sq
                for sq in geo.squares_of_rank(home)
                if (p := pos.board[sq]) is not None
                and p.color == color
                and p.kind in self.castling_rook_kinds
            ]
            mine = [c for c in field if c.isalpha() and c.isupper() == (color == WHITE)]
            if not self._holds(pos, color):
                files = {ord(c.lower()) - ord("a") for c in mine if c not in "KQkq"}
                rights.update(sq for sq in rooks if geo.file_of(sq) in files)
            elif king in pos.gates and not any(geo.rank_of(r) == home for r in rights):
                rights.update(sq for sq in rooks if sq in pos.gates)
        return frozenset(rights)

    def castling_field(self, pos: Position) -> str:
        """S9-3: as S-chess writes it (X-FEN rights, then the gates they do not
        imply), but a player who holds a piece and one of whose rights needs a file
        letter (an inner rook) has all its gates written by file, the king's and the
        rooks' too, as Fairy-Stockfish's Chess960 FEN does: the letter alone would be
        read as a gate."""
        field = super().castling_field(pos)
        rights = castling_text(pos)
        names = self.geometry.names
        out = []
        for color in (WHITE, BLACK):
            white = color == WHITE
            mine = "".join(c for c in field if c.isalpha() and c.isupper() == white)
            by_file = any(c.isupper() == white and c not in "KQkq-" for c in rights)
            if by_file and self._holds(pos, color):
                home = self._home_rank(color)
                files = "".join(
                    names[sq][0] for sq in sorted(pos.gates) if self.geometry.rank_of(sq) == home
                )
                mine = files.upper() if white else files
            out.append(mine)
        return "".join(out) or "-"

    @staticmethod
    def _holds(pos: Position, color: Player) -> bool:
        return any(pos.hands.get((color, k), 0) > 0 for k in GATED)
