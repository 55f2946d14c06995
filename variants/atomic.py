"""Atomic chess: every capture is an explosion that takes the capturing piece and
every piece but pawns on the squares around with it; blowing up the enemy king
wins.

Rulings AT-1 … AT-7 of docs/rules/atomic.md; castling, rights and endings are
the family's (docs/rules/chess-family.md).  A capture move carries its whole
explosion as ``Remove`` actions, worked out against the board it is made on,
so making and unmaking stay generic; legality is tried on the board.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from trebuchet.variants.chess import fide_pieces
from trebuchet.variants.chess_family import ChessFamily, rewrite_captures
from trebuchet.variants.game import Outcome
from trebuchet.variants.move import Move, Remove
from trebuchet.variants.pieces import BLACK, WHITE, Piece, PieceType, Player
from trebuchet.variants.position import Position

PAWN = "P"


class Atomic(ChessFamily):
    """Atomic chess: AT-1 … AT-7."""

    rewrites_moves: ClassVar[bool] = True
    own_attacks: ClassVar[bool] = True

    name = "atomic"
    title = "Atomic"
    aliases: ClassVar[tuple[str, ...]] = ("Atom", "Atomic chess", "Atomic960")
    simple_rules = False  # explosions remove more than the captured piece

    def __init__(self, options: Iterable[str] = ()) -> None:
        super().__init__(options)
        geo = self.geometry
        #: per square, the squares around it (the blast of a capture there)
        self.around = tuple(
            tuple(t for t in range(geo.size) if geo.distance(sq, t) == 1)
            for sq in range(geo.size)
        )

    def piece_types(self) -> list[PieceType]:
        """AT-2: the FIDE pieces, but the king never captures (it would blow itself up)."""
        return fide_pieces(king="mK")

    # -- generation ----------------------------------------------------------
    def adjust_moves(self, pos: Position, color: Player, moves: list[Move]) -> list[Move]:
        """AT-1: a capture also removes the capturing piece (after it has landed and
        promoted) and every piece other than a pawn, of either side, around the
        square it landed on."""
        board = pos.board

        def explode(m: Move) -> Move:
            blast = tuple(
                Remove(t)
                for t in self.around[m.to]
                if t != m.frm and (p := board[t]) is not None and p.kind != PAWN
            )
            return m.with_actions((*m.actions, Remove(m.to), *blast))

        return rewrite_captures(moves, explode)

    # -- check and legality ----------------------------------------------------
    def _kings_touch(self, pos: Position) -> bool:
        geo = self.geometry
        return any(
            geo.distance(w, b) == 1 for w in pos.royals[WHITE] for b in pos.royals[BLACK]
        )

    def is_attacked(self, pos: Position, target: int, by: Player) -> bool:
        """AT-3: an attack is an ordinary chess attack (the king attacks nothing);
        what an explosion could reach does not count."""
        return bool(self._check_lines(pos, target, by, first=True))

    def in_check(self, pos: Position, color: Player | None = None) -> bool:
        """AT-3: a king is in check when attacked, unless the two kings touch (a
        capture of one would blow up the other)."""
        us = pos.turn if color is None else color
        if self._kings_touch(pos):
            return False
        return any(self.attacked_by_opponent(pos, s, us) for s in pos.royals[us])

    def filter_legal(self, pos: Position, moves: list[Move]) -> list[Move]:
        """AT-4: a move is legal when the mover's king survives it and then either
        the enemy king is gone or the mover is not in check (AT-3)."""
        us = pos.turn
        them = self.opponents(us)[0]
        legal = []
        for m in moves:
            pos.push(m)
            if pos.royals[us] and (not pos.royals[them] or not self.in_check(pos, us)):
                legal.append(m)
            pos.pop()
        return legal

    def castling_square_attacked(self, pos: Position, sq: int, color: Player) -> bool:
        """AT-5: the king may castle from, across and onto squares next to the enemy
        king, attacked or not."""
        geo = self.geometry
        enemy = pos.royals[self.opponents(color)[0]]
        if any(geo.distance(sq, k) == 1 for k in enemy):
            return False
        return self.attacked_by_opponent(pos, sq, color)

    # -- how games end -----------------------------------------------------------
    def variant_end(self, pos: Position) -> bool:
        return not (pos.royals[WHITE] and pos.royals[BLACK])

    def variant_outcome(self, pos: Position) -> Outcome | None:
        """AT-6: the player whose king has been blown up has lost."""
        mine, theirs = pos.royals[pos.turn], pos.royals[self.opponents(pos.turn)[0]]
        if not (mine or theirs) or (mine and theirs):
            return None
        return Outcome("explosion", pos.turn if mine else self.opponents(pos.turn)[0])

    def insufficient_material(self, pos: Position, color: Player) -> bool:
        """AT-7 (python-chess's rule).  ``color`` cannot win when it has only its
        king; when the enemy king has company, only if nothing but bishops and
        kings are left with every White bishop on one colour of squares and every
        Black one on the other (no explosion can reach across); against a bare
        king, when ``color`` has one knight, bishop or rook, or only two knights."""
        them = self.opponents(color)[0]
        if not pos.royals[them]:
            return False
        mine = [p.kind for _, p in pos.pieces(color) if not p.royal]
        if not mine:
            return True
        everything = [(sq, p) for sq, p in pos.pieces()]
        if any(not p.royal for _, p in pos.pieces(them)):
            if all(p.kind in "BK" for _, p in everything):
                return self._bishops_apart(everything)
            return False
        if any(p.kind in "QP" for _, p in everything):
            return False
        if len([k for k in mine if k in "NBR"]) == 1:
            return True
        if all(p.kind in "NK" for _, p in everything):
            return len(mine) <= 2
        return False

    def _bishops_apart(self, everything: list[tuple[int, Piece]]) -> bool:
        """Whether White's bishops all stand on one colour of squares and Black's all
        on the other, as python-chess decides it."""
        geo = self.geometry
        shades: dict[Player | None, set[int]] = {WHITE: set(), BLACK: set()}
        for sq, p in everything:
            if p.kind == "B":
                shades[p.color].add((geo.file_of(sq) + geo.rank_of(sq)) % 2)
        light, dark = 1, 0
        if dark not in shades[WHITE]:
            return light not in shades[BLACK]
        if light not in shades[WHITE]:
            return dark not in shades[BLACK]
        return False
