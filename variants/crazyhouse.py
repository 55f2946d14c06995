"""Crazyhouse: FIDE chess in which a captured piece changes sides and may be
dropped back onto the board by its captor.

Rulings ZH-1 … ZH-6 of docs/rules/crazyhouse.md; castling, rights and endings
are the family's (docs/rules/chess-family.md).  What the family does not know:

* every capture sends its victim to the captor's hand, a promoted piece as a
  pawn (ZH-1, ZH-2); promoted pieces stay marked, ``Q~`` in FEN;
* drops (ZH-3): a held piece onto any empty square, pawns not on the first or
  last rank; a drop may check and mate;
* no seventy-five- or fifty-move rule, and repetitions reach back across
  captures and drops (ZH-5).

Coordinate notation writes a drop ``N@f3``, ``P@e4``; SAN writes ``N@f3`` and,
as python-chess does, ``@e4`` for a pawn (both forms are read).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from trebuchet.variants.chess_family import ChessFamily, rewrite_captures
from trebuchet.variants.move import Hand, Move, drop_move
from trebuchet.variants.pieces import Player
from trebuchet.variants.position import Position

PAWN = "P"


class Crazyhouse(ChessFamily):
    """Crazyhouse: ZH-1 … ZH-6."""

    special_moves: ClassVar[bool] = True
    rewrites_moves: ClassVar[bool] = True

    name = "crazyhouse"
    title = "Crazyhouse"
    aliases: ClassVar[tuple[str, ...]] = ("Crazy House", "House", "ZH", "Crazyhouse960")
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    has_hands = True
    # ZH-6: holdings are written in python-chess's order, queens first
    kind_order = "KQRBNP"
    tracks_promotion = True
    fen_marks_promotion = True
    san_names_dropped_pawns = False
    fifty_move_rule = False  # ZH-5

    def __init__(self, options: Iterable[str] = ()) -> None:
        super().__init__(options)
        geo = self.geometry
        # ZH-3: pawns are never dropped on the first or last rank
        self._pawn_barred = geo.squares_of_ranks((0, geo.ranks - 1))
        self._drops: dict[tuple[Player, str, int], Move] = {}
        self._gains: dict[tuple[Move, Player, str], Move] = {}

    # -- generation ----------------------------------------------------------
    def adjust_moves(self, pos: Position, color: Player, moves: list[Move]) -> list[Move]:
        """ZH-1, ZH-2: a capture sends its victim to the captor's hand, as a pawn
        when the victim was promoted."""
        board = pos.board
        gains = self._gains

        def to_hand(m: Move) -> Move:
            (sq,) = m.removed_squares
            victim = board[sq]
            assert victim is not None
            key = PAWN if victim.promoted else victim.kind
            gained = gains.get((m, color, key))
            if gained is None:
                gained = gains[m, color, key] = m.with_actions((*m.actions, Hand(color, key, 1)))
            return gained

        return rewrite_captures(moves, to_hand)

    def add_special_moves(self, pos: Position, color: Player, out: list[Move]) -> None:
        """Castling, then ZH-3: each held kind onto every empty square (pawns not on
        the first or last rank)."""
        super().add_special_moves(pos, color, out)
        held = [k for (c, k), n in pos.hands.items() if c == color and n > 0]
        if not held:
            return
        empty = [sq for sq, p in enumerate(pos.board) if p is None]
        drops = self._drops
        for key in sorted(held, key=self.kind_order.find):
            barred = self._pawn_barred if key == PAWN else frozenset()
            for sq in empty:
                if sq in barred:
                    continue
                move = drops.get((color, key, sq))
                if move is None:
                    move = drops[color, key, sq] = drop_move(sq, self.piece(key, color), color, key)
                out.append(move)

    # -- how games end -----------------------------------------------------------
    def repetition_window(self, pos: Position) -> int | None:
        """ZH-5: a capture or a pawn drop does not bar a repetition (the captured
        piece may come back), so the whole game is searched."""
        return None

    def insufficient_material(self, pos: Position, color: Player) -> bool:
        """ZH-4 (python-chess's rule, the same for both sides): at most three pieces
        on the board and in the hands together, none promoted, and no pawn, rook or
        queen anywhere."""
        on_board = [p for _, p in pos.pieces()]
        held = {k: n for (_, k), n in pos.hands.items() if n}
        if len(on_board) + sum(held.values()) > 3:
            return False
        if any(p.promoted or p.kind in "PRQ" for p in on_board):
            return False
        return not any(k in "PRQ" for k in held)

