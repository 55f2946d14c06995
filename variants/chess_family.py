"""The 8 × 8 chess variants of lichess and python-chess: what they share.

Every game of the family (Chess960, Crazyhouse, Three-check, King of the Hill,
Atomic, Antichess and Giveaway, Horde, Racing Kings) is FIDE chess with some
rules changed; this base class holds the rules they all play alike, as
python-chess plays them, so that FEN, SAN, coordinate notation and results
agree with python-chess's ``chess.variant`` boards.  Rulings CF-1 … CF-7 of
docs/rules/chess-family.md:

* castling follows the Chess960 rule in every game (CF-1), which in the
  standard start is ordinary castling;
* castling is written king-takes-rook in coordinate notation (``e1h1``) in
  Chess960, and in the other games only where the king does not stand on the
  e-file with the rook in a corner (CF-2);
* castling rights go with the squares a move writes (CF-3);
* a game ends in python-chess's order: the game's own rule, checkmate,
  insufficient material, stalemate, the seventy-five-move rule, fivefold
  repetition (CF-4);
* SAN's ``#`` also marks a move that wins by the game's own rule (CF-5);
* a repetition counts an en passant square only when a legal en passant
  capture exists (CF-6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar

from trebuchet.variants.chess import FIVEFOLD_PLIES, Chess
from trebuchet.variants.errors import IllegalMoveError
from trebuchet.variants.game import Filter, Outcome
from trebuchet.variants.move import Action, Change, Move, MoveKind, Relocate
from trebuchet.variants.pieces import BLACK, WHITE, Piece, Player
from trebuchet.variants.position import Position

KING = "K"

_Plan = tuple[tuple[int, ...], tuple[int, ...], int, int, int]
"""How one king and rook castle: (squares that must be empty, squares the king may
not be attacked on before it moves, king's target, rook's target, the move's ``to``)."""


class ChessFamily(Chess):
    """FIDE chess as python-chess plays it for its variants: CF-1 … CF-7.

    Subclasses set ``name``, ``title``, ``aliases`` and the rule hooks
    :meth:`variant_end` and :meth:`variant_outcome` (the game's own ending),
    :meth:`insufficient_material`, and what else they change.
    """

    #: Chess960: castling is always written king-takes-rook (CF-2)
    chess960: ClassVar[bool] = False
    #: whether castling asks if the king's squares are attacked (not in antichess)
    castling_checks: ClassVar[bool] = True
    #: whether the seventy-five and fifty-move rules apply (not in crazyhouse)
    fifty_move_rule: ClassVar[bool] = True

    def __init__(self, options: Iterable[str] = ()) -> None:
        self._plans: dict[tuple[int, int], _Plan] = {}
        self._castles: dict[tuple[int, int, Piece | None, Piece | None], Move] = {}
        #: castling move -> its other coordinate spelling (CF-2: both are read)
        self._castle_alias: dict[Move, str] = {}
        #: each player's first rank (the start position is read while the base is built)
        self._back_rank = {WHITE: 0, BLACK: self.ranks - 1}
        super().__init__(options)

    # -- castling (CF-1, CF-2, CF-3) -------------------------------------------
    def castling_king(self, pos: Position, color: Player) -> int | None:
        """CF-1: the player's king that castles: an unpromoted king on its first rank
        (royal or not: antichess castles with its plain king)."""
        board = pos.board
        for sq in self.geometry.squares_of_rank(self._back_rank[color]):
            p = board[sq]
            if p is not None and p.kind == KING and p.color == color and not p.promoted:
                return sq
        return None

    def position(self, fen: str | None = None) -> Position:
        """A position from FEN, its castling rights cleaned as python-chess cleans
        them (CF-3): per player at most the outermost right on each side of its
        castling king."""
        pos = super().position(fen)
        if pos.castling:
            kept: set[int] = set()
            for color in (WHITE, BLACK):
                king = self.castling_king(pos, color)
                mine = sorted(
                    r for r in pos.castling if self.geometry.rank_of(r) == self._back_rank[color]
                )
                if king is None or not mine:
                    continue
                if mine[0] < king:
                    kept.add(mine[0])
                if mine[-1] > king:
                    kept.add(mine[-1])
            pos.castling = frozenset(kept)
        return pos

    def add_castling(self, pos: Position, color: Player, out: list[Move]) -> None:
        """CF-1: the Chess960 rule.  The king goes to the g-file (c-file) and the
        rook to the f-file (d-file); every square either piece crosses or lands on
        is empty but for the two; the king is not in check and crosses no attacked
        square (its landing square is tested with the move, like any other)."""
        king = self.castling_king(pos, color)
        if king is None:
            return
        board = pos.board
        rank = self.geometry.rank_of(king)
        king_piece = board[king]
        for rook in sorted(pos.castling):
            rook_piece = board[rook]
            if (
                rook_piece is None
                or rook_piece.color != color
                or rook_piece.kind not in self.castling_rook_kinds
                or self.geometry.rank_of(rook) != rank
            ):
                continue
            empty, path, king_to, rook_to, to = self._castle_plan(king, rook)
            if any(board[s] is not None for s in empty):
                continue
            if self.castling_checks and self._path_attacked(pos, king, path, color):
                continue
            key = (king, rook, king_piece, rook_piece)
            move = self._castles.get(key)
            if move is None:
                move = self._castles[key] = self._castle_move(
                    pos, king, rook, king_to, rook_to, to
                )
                names = self.geometry.names
                other = king_to if to == rook else rook
                self._castle_alias[move] = names[king] + names[other]
            out.append(move)

    def _path_attacked(
        self, pos: Position, king: int, path: tuple[int, ...], color: Player
    ) -> bool:
        """Whether the king is in check or would cross an attacked square; the king
        is lifted off the board while its path is looked at."""
        board = pos.board
        piece = board[king]
        board[king] = None
        try:
            return any(self.castling_square_attacked(pos, sq, color) for sq in path)
        finally:
            board[king] = piece

    def castling_square_attacked(self, pos: Position, sq: int, color: Player) -> bool:
        """Whether an opponent of ``color`` attacks ``sq`` (a square the castling
        king stands on or crosses); atomic excuses the squares next to the enemy king."""
        return self.attacked_by_opponent(pos, sq, color)

    def _castle_plan(self, king: int, rook: int) -> _Plan:
        plan = self._plans.get((king, rook))
        if plan is None:
            geo = self.geometry
            first = geo.rank_of(king) * geo.files
            a_side = rook < king
            king_to = first + (2 if a_side else 6)
            rook_to = first + (3 if a_side else 5)
            span = set(geo.between(king, king_to)) | set(geo.between(rook, rook_to))
            span |= {king_to, rook_to}
            empty = tuple(sorted(span - {king, rook}))
            path = (king, *geo.between(king, king_to))
            standard = geo.file_of(king) == 4 and geo.file_of(rook) in (0, geo.files - 1)
            to = king_to if standard and not self.chess960 else rook
            plan = self._plans[king, rook] = (empty, path, king_to, rook_to, to)
        return plan

    def _castle_move(
        self, pos: Position, king: int, rook: int, king_to: int, rook_to: int, to: int
    ) -> Move:
        """The castling move's actions; the pieces change places by ``Change`` when
        each lands on the other's square."""
        king_piece, rook_piece = pos.board[king], pos.board[rook]
        assert king_piece is not None and rook_piece is not None
        actions: tuple[Action, ...]
        if king_to == rook and rook_to == king:
            actions = (Change(king, rook_piece), Change(rook, king_piece))
        else:
            king_step = (Relocate(king, king_to),) if king != king_to else ()
            rook_step = (Relocate(rook, rook_to),) if rook != rook_to else ()
            # the rook leaves first when the king lands on its square
            actions = rook_step + king_step if king_to == rook else king_step + rook_step
        return Move(king, to, actions, tag=MoveKind.CASTLE)

    def castling_after(self, pos: Position, move: Move) -> frozenset[int]:
        """CF-3: a right goes when its rook's square is written (the rook moves, is
        captured or blown up); all of a player's rights go when its castling king
        (unpromoted, on its first rank) is moved or removed, or castles (a king
        already on its target square castles without moving)."""
        rights = pos.castling
        lost: set[int] = set()
        rank_of = self.geometry.rank_of
        if move.tag == MoveKind.CASTLE and move.frm is not None:
            lost.update(r for r in rights if rank_of(r) == rank_of(move.frm))
        for sq, old in pos.last_changes():
            if sq in rights:
                lost.add(sq)
            if (
                old is not None
                and old.kind == KING
                and not old.promoted
                and old.color is not None
                and rank_of(sq) == self._back_rank[old.color]
            ):
                lost.update(r for r in rights if rank_of(r) == rank_of(sq))
        return rights - lost if lost else rights

    def castling_kinds(self) -> frozenset[str]:
        """The king castles here whether or not it is royal (antichess)."""
        return frozenset({KING})

    def parse_move(self, pos: Position, text: str) -> Move:
        """Coordinate notation; castling also in its other spelling (CF-2: ``e1h1``
        for ``e1g1`` and back), as python-chess reads both."""
        try:
            return super().parse_move(pos, text)
        except IllegalMoveError:
            wanted = text.strip().lower()
            for move in self.legal_moves(pos, keep=_is_castling):
                if self._castle_alias.get(move) == wanted:
                    return move
            raise

    # -- how games end (CF-4, CF-5) ----------------------------------------------
    def variant_end(self, pos: Position) -> bool:
        """Whether the game's own rule has ended it (then no move is legal)."""
        return False

    def variant_outcome(self, pos: Position) -> Outcome | None:
        """The result by the game's own rule, or None while it says nothing."""
        return None

    def legal_moves(
        self,
        pos: Position,
        *,
        to: int | None = None,
        kinds: Iterable[str] | None = None,
        origins: Callable[[int], bool] | None = None,
        keep: Filter | None = None,
    ) -> list[Move]:
        """No move is legal once the game's own rule has ended the game; a game may
        narrow the legal moves further by a rule about all of them (:meth:`restrict`)."""
        if self.variant_end(pos):
            return []
        moves = super().legal_moves(pos, to=to, kinds=kinds, origins=origins, keep=keep)
        complete = to is None and kinds is None and origins is None and keep is None
        return self.restrict(pos, moves, complete=complete)

    def restrict(self, pos: Position, moves: list[Move], *, complete: bool) -> list[Move]:
        """The legal ones of ``moves`` under a rule that looks at every legal move
        (antichess: captures are compulsory); ``complete`` says whether ``moves``
        are all of them or only those a filter asked for.  Default: all."""
        return moves

    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        """CF-4: the game's own rule; checkmate; insufficient material on both sides;
        stalemate; seventy-five moves; fivefold repetition; and when ``claim_draw``,
        fifty moves and threefold repetition."""
        ended = self.variant_outcome(pos)
        if ended is not None:
            return ended
        moves = self.moves_for_outcome(pos)
        if not moves and self.in_check(pos):
            return Outcome("checkmate", self.opponents(pos.turn)[0])
        if self.insufficient_material(pos, WHITE) and self.insufficient_material(pos, BLACK):
            return Outcome("insufficient_material", None)
        if not moves:
            return Outcome("stalemate", None)
        if self.fifty_move_rule and pos.halfmove >= 150:
            return Outcome("seventyfive_moves", None)
        window = self.repetition_window(pos)
        if not claim_draw and window is not None and window < FIVEFOLD_PLIES:
            return None
        repetitions = pos.repetitions()
        if repetitions >= 5:
            return Outcome("fivefold_repetition", None)
        if claim_draw:
            if self.fifty_move_rule and pos.halfmove >= 100:
                return Outcome("fifty_moves", None)
            if repetitions >= 3:
                return Outcome("threefold_repetition", None)
        return None

    def wins_by_rule(self, pos: Position) -> bool:
        """Whether the game's own rule has decided the game for one side in ``pos``."""
        ended = self.variant_outcome(pos)
        return ended is not None and ended.winner is not None

    def mark_after(self, pos: Position) -> str:
        """CF-5: ``#`` after a move that mates or wins by the game's own rule."""
        if self.wins_by_rule(pos):
            return "#"
        return super().mark_after(pos)

    def ep_capture_possible(self, pos: Position) -> bool:
        """CF-6: an en passant square counts in a repetition only when a legal en
        passant capture exists (python-chess's transposition key)."""
        if not pos.ep:
            return False
        return any(m.tag == MoveKind.EN_PASSANT for m in self.legal_moves(pos))


def _is_castling(move: Move) -> bool:
    return move.tag == MoveKind.CASTLE



def rewrite_captures(moves: list[Move], rewrite: Callable[[Move], Move]) -> list[Move]:
    """``moves`` with every capture by a piece on the board replaced by ``rewrite``
    of it (for :meth:`Variant.adjust_moves`: the hand, the explosion)."""
    return [rewrite(m) if m.frm is not None and m.is_capture() else m for m in moves]
