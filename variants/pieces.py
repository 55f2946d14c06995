"""Pieces on the board, and piece kinds that generate their moves.

A :class:`Piece` is an immutable value (kind, colour, cargo) interned by its
variant, so boards hold shared objects and compare by identity.  A
:class:`PieceType` generates the pseudo-legal moves of a piece on a square.
Ordinary pieces are :class:`BetzaPiece`; the siege engines are small subclasses
of :class:`PieceType` in their variant's module.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from variants.betza import GRASSHOP, HOP, LAME, Component, lame_path, parse_betza
from variants.geometry import Geometry, Vector
from variants.move import MOVE, REMOVE, Move

if TYPE_CHECKING:
    from variants.position import Position

Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS: tuple[Color, Color] = (WHITE, BLACK)


def color_name(color: Color) -> str:
    return "white" if color else "black"


class Piece:
    """A piece as it stands on a square: its kind, its owner, what it carries.

    ``cargo`` holds the kind letters of carried pieces (a Catapult's rider, a
    Trojan Horse's load) in the variant's canonical order; carried pieces belong
    to the carrier's owner.  Never build a Piece directly: ask the variant
    (:meth:`variants.variant.Variant.piece`), which interns them.
    """

    __slots__ = ("cargo", "color", "kind", "royal", "symbol", "type")

    def __init__(
        self, kind: str, color: Color | None, cargo: tuple[str, ...], ptype: PieceType | None
    ) -> None:
        self.kind = kind
        self.color = color
        self.cargo = cargo
        self.type = ptype
        self.royal = ptype.royal if ptype is not None else False
        letters = kind + (f"({''.join(cargo)})" if cargo else "")
        self.symbol = letters if color is not False else letters.lower()

    def __repr__(self) -> str:
        return f"Piece({self.symbol})"


WALL = Piece("*", None, (), None)
"""What stands on a square that is not there (a hole, an unbridged river square)."""


class PieceType:
    """A kind of piece: its letter, name, and how it moves.

    Subclasses implement :meth:`generate`.  ``simple`` is True when every
    capture the kind makes replaces the captured piece along an open line or by
    a leap (the vectors of :meth:`attack_vectors`); the rules core then finds
    checks and pins from rays instead of generating the piece's moves.
    """

    simple: bool = False
    betza: str = ""

    def __init__(self, letter: str, name: str, *, royal: bool = False) -> None:
        self.letter = letter.upper()
        self.name = name
        self.royal = royal
        self.promotes = False
        self.geometry: Geometry | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.letter}, {self.name!r})"

    def bind(self, geometry: Geometry, initial: dict[Color, frozenset[int]]) -> None:
        """Precompute what the kind needs on this board.

        ``initial`` gives, per colour, the squares from which moves marked
        initial (Betza ``i``) may start.
        """
        self.geometry = geometry

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        """Append the pseudo-legal moves of ``piece`` standing on ``sq`` to ``out``."""
        raise NotImplementedError

    def attack_vectors(self, color: Color) -> Iterable[tuple[Vector, int]]:
        """(vector, range) pairs along which a simple kind captures; range 0 = unlimited."""
        return ()


def orient(vector: Vector, color: Color) -> Vector:
    """A vector written for White, as seen by ``color`` (Black's board is turned round)."""
    return vector if color else (-vector[0], -vector[1])


_Path = tuple[tuple[int, ...], bool, bool, bool]
"""(squares in order, may move, may capture, may capture en passant)."""


class BetzaPiece(PieceType):
    """A piece whose moves are a Betza string, such as ``N`` or ``fmWfceFifmnD``."""

    def __init__(self, letter: str, name: str, betza: str, *, royal: bool = False) -> None:
        super().__init__(letter, name, royal=royal)
        self.betza = betza
        self.components: tuple[Component, ...] = parse_betza(betza)
        self.simple = all(c.is_simple_attack for c in self.components if c.capture)
        self._leaps: dict[Color, list[tuple[_Path, ...]]] = {}
        self._special: dict[Color, list[tuple[tuple[Component, tuple[int, ...]], ...]]] = {}

    def bind(self, geometry: Geometry, initial: dict[Color, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        for color in (True, False):
            leaps: list[tuple[_Path, ...]] = []
            special: list[tuple[tuple[Component, tuple[int, ...]], ...]] = []
            for sq in range(geometry.size):
                paths: list[_Path] = []
                others: list[tuple[Component, tuple[int, ...]]] = []
                for comp in self.components:
                    if comp.initial and sq not in initial.get(color, frozenset()):
                        continue
                    for vec in comp.vectors:
                        v = orient(vec, color)
                        if comp.style == LAME:
                            path = _lame_squares(geometry, sq, v)
                            if path:
                                others.append((comp, path))
                        elif comp.style in (HOP, GRASSHOP):
                            others.append((comp, geometry.ray(sq, v)))
                        else:
                            ray = geometry.ray(sq, v)
                            if comp.range:
                                ray = ray[: comp.range]
                            if ray:
                                paths.append((ray, comp.move, comp.capture, comp.en_passant))
                leaps.append(tuple(paths))
                special.append(tuple(others))
            self._leaps[color] = leaps
            self._special[color] = special

    def attack_vectors(self, color: Color) -> Iterable[tuple[Vector, int]]:
        for comp in self.components:
            if comp.is_simple_attack:
                for vec in comp.vectors:
                    yield orient(vec, color), comp.range

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        color = piece.color
        assert color is not None
        for path, can_move, can_capture, can_ep in self._leaps[color][sq]:
            for t in path:
                x = board[t]
                if x is None:
                    if can_move:
                        out.append(Move(sq, t, ((MOVE, sq, t),)))
                    elif can_ep and t in pos.ep:
                        _add_en_passant(pos, sq, t, color, out)
                    continue
                if x is not WALL and x.color is not color and can_capture:
                    out.append(Move(sq, t, ((REMOVE, t), (MOVE, sq, t))))
                break
        special = self._special[color][sq]
        if special:
            for comp, path in special:
                _generate_special(pos, sq, color, comp, path, out)


def _lame_squares(geometry: Geometry, sq: int, vector: Vector) -> tuple[int, ...]:
    """The squares a lame leap passes, then its target; () if it leaves the board."""
    squares = []
    for step in (*lame_path(vector), vector):
        t = geometry.offset(sq, step)
        if t is None:
            return ()
        squares.append(t)
    return tuple(squares)


def _add_en_passant(pos: Position, sq: int, t: int, color: Color, out: list[Move]) -> None:
    victim = pos.ep_victim
    x = pos.board[victim] if victim >= 0 else None
    if x is not None and x is not WALL and x.color is not color:
        out.append(Move(sq, t, ((REMOVE, victim), (MOVE, sq, t)), tag="ep"))


def _generate_special(
    pos: Position, sq: int, color: Color, comp: Component, path: tuple[int, ...], out: list[Move]
) -> None:
    """Lame leaps, hoppers and grasshoppers: rarer, so written plainly."""
    board = pos.board
    if comp.style == LAME:
        if any(board[s] is not None for s in path[:-1]):
            return
        targets: Iterable[int] = path[-1:]
        limit = 1
    else:
        screen = next((i for i, s in enumerate(path) if board[s] is not None), -1)
        if screen < 0 or board[path[screen]] is WALL:
            return
        targets = path[screen + 1 :]
        limit = 1 if comp.style == GRASSHOP else (comp.range or len(path))
    for t in list(targets)[:limit]:
        x = board[t]
        if x is None:
            if comp.move:
                out.append(Move(sq, t, ((MOVE, sq, t),)))
            continue
        if x is not WALL and x.color is not color and comp.capture:
            out.append(Move(sq, t, ((REMOVE, t), (MOVE, sq, t))))
        break
