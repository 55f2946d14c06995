"""Sittuyin (Burmese chess): the pawns start on the board, the pieces in hand; the
players first drop their pieces into their own camp, then play on, and a pawn
becomes a general (a ferz) on the long diagonals.

Rulings SY-1 … SY-6 of docs/rules/sittuyin.md, as Fairy-Stockfish plays the game
(the reference the tests ask, with pyffish).  What the core does not know:

* the set-up (SY-2): while a player holds pieces, its move is a drop, onto its
  first three ranks (rooks onto the first only);
* promotion (SY-4): a pawn on one of the long diagonals in the opponent's half
  (any square, for a player's last pawn) may become a general there or one
  diagonal step away, when its side has no general, without capturing and
  without attacking any enemy piece.

Coordinate notation is Fairy-Stockfish's UCI: ``N@f3``; ``c6c6f`` for a
promotion where the pawn stands, ``c6d7f`` with the step.  SAN: ``N@f3``,
``c6=F``, ``c6d7=F``.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import ClassVar

from trebuchet.variants.game import Outcome
from trebuchet.variants.move import Change, Move, Relocate, drop_move
from trebuchet.variants.notation import Notation
from trebuchet.variants.pieces import BLACK, WHITE, BetzaPiece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.san import SanNotation, check_suffix
from trebuchet.variants.variant import Variant

GENERAL = "F"
PAWN = "P"
ROOK = "R"


class SittuyinMove(StrEnum):
    """Sittuyin's special move."""

    PROMOTE = "promote"
    """SY-4: a pawn becomes a general where it stands or one diagonal step away."""


class Sittuyin(Variant):
    """Sittuyin: SY-1 … SY-6."""

    special_moves: ClassVar[bool] = True
    rewrites_moves: ClassVar[bool] = True

    name = "sittuyin"
    title = "Sittuyin"
    aliases: ClassVar[tuple[str, ...]] = ("Burmese chess", "Myanmar chess")
    # SY-1 (holdings in Fairy-Stockfish's order)
    start_fen = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
    has_hands = True
    kind_order = "KSFRNP"

    def __init__(self, options: Iterable[str] = ()) -> None:
        super().__init__(options)
        geo = self.geometry
        at = geo.square
        #: SY-2: each side's camp, where it drops
        self.camp = {
            WHITE: geo.squares_of_ranks((0, 1, 2)),
            BLACK: geo.squares_of_ranks((5, 6, 7)),
        }
        #: SY-2: each side's first rank, where it drops its rooks
        self.rook_rank = {WHITE: geo.squares_of_rank(0), BLACK: geo.squares_of_rank(7)}
        #: SY-4: the long diagonals in the opponent's half, where a pawn promotes
        self.promotion_squares = {
            WHITE: frozenset(at(s) for s in ("a8", "b7", "c6", "d5", "e5", "f6", "g7", "h8")),
            BLACK: frozenset(at(s) for s in ("a1", "b2", "c3", "d4", "e4", "f3", "g2", "h1")),
        }
        #: per square, its diagonal neighbours (where a general steps and attacks)
        self._steps = tuple(
            tuple(
                t
                for t in range(geo.size)
                if geo.distance(sq, t) == 1
                and geo.file_of(sq) != geo.file_of(t)
                and geo.rank_of(sq) != geo.rank_of(t)
            )
            for sq in range(geo.size)
        )

    def piece_types(self) -> list[PieceType]:
        """SY-3: king, general (ferz), elephant (``FfW``), knight, rook, pawn
        (one step, no double step, no en passant)."""
        return [
            BetzaPiece("K", "King", "K", royal=True),
            BetzaPiece("S", "Elephant", "FfW"),
            BetzaPiece("F", "General", "F"),
            BetzaPiece("R", "Chariot", "R"),
            BetzaPiece("N", "Horse", "N"),
            BetzaPiece("P", "Pawn", "fmWfcF"),
        ]

    def make_notation(self) -> Notation:
        return SittuyinNotation(self)

    # -- generation ----------------------------------------------------------
    def add_special_moves(self, pos: Position, color: Player, out: list[Move]) -> None:
        """SY-2: drops into the camp while pieces are held; SY-4: promotions."""
        held = sorted(
            (k for (c, k), n in pos.hands.items() if c == color and n > 0),
            key=self.kind_order.find,
        )
        if held:
            for key in held:
                piece = self.piece(key, color)
                squares = self.rook_rank[color] if key == ROOK else self.camp[color]
                out.extend(
                    drop_move(sq, piece, color, key)
                    for sq in sorted(squares)
                    if pos.board[sq] is None
                )
            return
        self._add_promotions(pos, color, out)

    def _add_promotions(self, pos: Position, color: Player, out: list[Move]) -> None:
        board = pos.board
        mine = list(pos.pieces(color))
        if any(p.kind == GENERAL for _, p in mine):
            return
        pawns = [sq for sq, p in mine if p.kind == PAWN]
        if len(pawns) > 1:
            pawns = [sq for sq in pawns if sq in self.promotion_squares[color]]
        general = self.piece(GENERAL, color, promoted=True)
        them = self.opponents(color)[0]
        for sq in pawns:
            for to in (sq, *self._steps[sq]):
                if to != sq and board[to] is not None:
                    continue
                attacked = any(
                    (p := board[t]) is not None and p.color == them for t in self._steps[to]
                )
                if attacked:
                    continue
                actions = (Change(sq, general),) if to == sq else (
                    Relocate(sq, to),
                    Change(to, general),
                )
                out.append(
                    Move(sq, to, actions, tag=SittuyinMove.PROMOTE, promotion=GENERAL)
                )

    def adjust_moves(self, pos: Position, color: Player, moves: list[Move]) -> list[Move]:
        """SY-2: while a player holds pieces it must drop one."""
        if any(n > 0 for (c, _), n in pos.hands.items() if c == color):
            return [m for m in moves if m.frm is None]
        return moves

    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """SY-5: a drop resets the halfmove clock, as a pawn move does."""
        super().after_move(pos, move, captured)
        if move.frm is None and move.drop is not None:
            pos.halfmove = 0

    # -- how games end -----------------------------------------------------------
    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        """SY-6: checkmate wins, stalemate draws, two bare kings draw."""
        ended = super().outcome(pos, claim_draw=claim_draw)
        if ended is not None:
            return ended
        nothing_held = not any(pos.hands.values())
        if nothing_held and all(p.kind == "K" for _, p in pos.pieces()):
            return Outcome("insufficient_material", None)
        return None


class SittuyinNotation(SanNotation):
    """SAN with Fairy-Stockfish's promotion forms: ``c6=F`` in place, ``c6d7=F``
    with the step (SY-4)."""

    def write(self, pos: Position, move: Move) -> str:
        if move.tag == SittuyinMove.PROMOTE and move.frm is not None and move.frm != move.to:
            names = self.names
            return f"{names[move.frm]}{names[move.to]}=F" + check_suffix(pos, move)
        return super().write(pos, move)
