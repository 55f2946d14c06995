"""Moves of one piece alone on a board, and what a move does to the piece that made it.

Every analysis asks the piece kind itself (``PieceType.generate``), so special
pieces — catapults, rams, bombers, bridge builders — are measured by the same
code that plays them.  Captures follow Betza's method: a capture towards a
square counts when the piece, alone with one enemy standing there, can take it.
To find those squares without trying every square, the board records which
squares the generator *looks at* on the empty board: an enemy on a square it
never looked at cannot change what it does, so only looked-at squares are tried.
"""

from __future__ import annotations

from types import FunctionType
from typing import Any, SupportsIndex, overload

from trebuchet.analysis.board import AnalysisError
from trebuchet.variants.game import Game
from trebuchet.variants.move import Change, Move, Place, Relocate, Remove, Terrain
from trebuchet.variants.pieces import WALL, WHITE, Piece, PieceType, Player
from trebuchet.variants.position import Position

FORWARD, SIDEWAYS, BACKWARD = "forward", "sideways", "backward"


def destination(move: Move, frm: int) -> int:
    """Where the piece that stood on ``frm`` is after ``move`` (``frm`` if it stayed)."""
    here = frm
    for act in move.actions:
        if isinstance(act, Relocate) and act.frm == here:
            here = act.to
    return here


def target_square(move: Move, frm: int) -> int:
    """The square a move is aimed at: where the piece goes, else the first other square it
    touches (a shot's victim, a bridge), else ``move.to``."""
    end = destination(move, frm)
    if end != frm:
        return end
    for act in move.actions:
        if isinstance(act, (Remove, Place, Change, Terrain)) and act.sq != frm:
            return act.sq
    return move.to


def direction(variant: Game, frm: int, target: int, color: Player) -> str:
    """Forward, sideways or backward from the mover's point of view."""
    files = variant.geometry.files
    rise = target // files - frm // files
    if color != WHITE:
        rise = -rise
    if rise > 0:
        return FORWARD
    return SIDEWAYS if rise == 0 else BACKWARD


def generate(pos: Position, sq: int, piece: Piece) -> list[Move]:
    """The pseudo-legal moves of ``piece`` on ``sq``, duplicates removed, in order."""
    assert piece.type is not None
    out: list[Move] = []
    piece.type.generate(pos, sq, piece, out)
    return list(dict.fromkeys(out))


class ReadLog(list[Piece | None]):
    """A board that remembers which squares were read; iterating reads them all."""

    def __init__(self, items: list[Piece | None]) -> None:
        super().__init__(items)
        self.read: set[int] = set()

    @overload
    def __getitem__(self, index: SupportsIndex) -> Piece | None: ...

    @overload
    def __getitem__(self, index: slice) -> list[Piece | None]: ...

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            self.read.update(range(*index.indices(len(self))))
        else:
            i = int(index)
            self.read.add(i if i >= 0 else i + len(self))
        return super().__getitem__(index)

    def _all(self) -> None:
        self.read.update(range(len(self)))

    def __iter__(self) -> Any:
        self._all()
        return super().__iter__()

    def __contains__(self, item: object) -> bool:
        self._all()
        return super().__contains__(item)

    def index(self, *args: Any) -> int:
        self._all()
        return super().index(*args)

    def count(self, item: Any) -> int:
        self._all()
        return super().count(item)

    def copy(self) -> list[Piece | None]:
        self._all()
        return list(super().__iter__())


def squares_read(pos: Position, sq: int, piece: Piece) -> tuple[list[Move], set[int]]:
    """The moves of ``piece`` on ``sq`` and the squares its generator looked at (every
    square, when the generator is compiled: compiled code indexes the board's list
    directly, past the log; docs/speed.md)."""
    plain = pos.board
    assert piece.type is not None
    if not _logs_reads(type(piece.type)):
        return generate(pos, sq, piece), set(range(len(plain)))
    log = ReadLog(plain)
    pos.board = log
    try:
        moves = generate(pos, sq, piece)
    finally:
        pos.board = plain
    return moves, log.read


def _logs_reads(kind: type[PieceType]) -> bool:
    """Whether every ``generate`` the kind's classes define is interpreted Python (the
    compiled build's are not functions), so that a :class:`ReadLog` sees its reads."""
    return all(
        isinstance(klass.__dict__["generate"], FunctionType)
        for klass in kind.__mro__
        if "generate" in klass.__dict__ and klass is not PieceType
    )


#: the most work one analysis of a piece over a whole board may take, counted as
#: squares x squares x the move programs one generation runs (a bound on the
#: squares one square's moves can read, for every square, the captures' probes
#: included).  FIDE chess's Queen is 4,096; a Zillions chess piece 8 programs
#: 33,000; Tai Shogi's 25 x 25 board with 30 programs 11,700,000 (seconds); a
#: 141 x 141 board of Rooks 1,600,000,000 and a piece of 624 move blocks on a
#: 20 x 20 board 100,000,000 ran for minutes, and are refused.
MAX_BOARD_WORK = 50_000_000


def check_board_work(squares: int, piece: Piece, what: str) -> None:
    """Refuse, in one line naming the limit, to measure ``piece`` on every one of
    ``squares`` squares when that would be more than :data:`MAX_BOARD_WORK`."""
    assert piece.type is not None
    programs = max(1, len(getattr(piece.type, "moves", ())) + len(getattr(piece.type, "drops", ())))
    work = squares * squares * programs
    if work > MAX_BOARD_WORK:
        raise AnalysisError(
            f"{what}: {piece.type.name} on {squares} squares with {programs} move block(s) "
            f"is {squares} x {squares} x {programs} = {work:,} steps of work, more than "
            f"{MAX_BOARD_WORK:,}; too much to measure"
        )


def capture_squares(pos: Position, sq: int, piece: Piece, enemy: Piece) -> list[int]:
    """Squares where a lone ``enemy`` could be taken by ``piece`` standing on ``sq``.

    ``pos`` holds nothing but holes; it is left as it was.
    """
    board = pos.board
    ptype = piece.type
    assert ptype is not None
    board[sq] = piece
    _, looked = squares_read(pos, sq, piece)
    found = []
    for t in sorted(looked):
        if t == sq or board[t] is not None:
            continue
        board[t] = enemy
        moves: list[Move] = []
        ptype.generate(pos, sq, piece, moves)
        board[t] = None
        if any(_takes(m, t) for m in moves):
            found.append(t)
    board[sq] = None
    return found


def _takes(move: Move, t: int) -> bool:
    """Whether ``move`` takes the lone enemy on ``t``.  A move that removes pieces
    takes what stands where it removes; one that removes nothing takes a piece only
    where its game says it captures (a Zillions game that moves what it takes into a
    hand kept on the board)."""
    removed = [act.sq for act in move.actions if isinstance(act, Remove)]
    return t in removed if removed else move.is_capture()


def present_squares(pos: Position) -> list[int]:
    """Squares that are on the board: not holes, nor a Zillions file's dummy positions."""
    off = pos.variant.off_board_squares()
    return [sq for sq, p in enumerate(pos.board) if p is not WALL and sq not in off]
