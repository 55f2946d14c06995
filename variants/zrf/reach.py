"""Where a compiled move program can go, read from its shape without running it.

A check test asks, of every enemy piece, whether one of its moves would remove
a royal piece.  Most pieces cannot come near the royal square whatever the
board holds (a Knight three files away, a Bishop on the other colour, a Pawn
behind it), and their answer is known without running their programs.

The compiler gives each operation it makes a *shape* (how it moves the current
position, where its effect falls) and :func:`reach` walks the shapes from a
square.  The walk over-approximates: every test may go either way, every loop
runs any number of times, the block goes on where a run would stop.  So the
squares it finds hold every square a run on any board could land on, take or
create on.  An operation without a shape (``(go from)``, ``(go last-to)``)
makes the whole program reach anywhere (None), which filters nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: an operation of :mod:`.program`, only compared by identity here
Operation = Callable[[Any], bool]
Links = Mapping[str, Sequence[int]]

#: the most squares one walk may handle before it gives up (reach anywhere):
#: loops are walked to a fixed point, and a huge board could make that slow
WORK_LIMIT = 200_000


@dataclass(frozen=True, slots=True)
class Stay:
    """An operation that moves nothing it matters where to: a test, a flag, an
    ``add`` (the square it adds at is reached already), an effect that takes
    nothing (``flip``, ``set-attribute``)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step in ``direction`` (a key of the run's link table)."""

    direction: str


@dataclass(frozen=True, slots=True)
class Jump:
    """To the position ``index``."""

    index: int


@dataclass(frozen=True, slots=True)
class MarkHere:
    """``mark``: the mark is the current position."""


@dataclass(frozen=True, slots=True)
class Back:
    """``back``: the current position is the mark."""


@dataclass(frozen=True, slots=True)
class Hit:
    """An effect that may take a piece (``capture``, ``create``): here, one step
    ``toward`` a direction, or ``at`` a fixed position (>= 0)."""

    toward: str | None = None
    at: int = -1


@dataclass(frozen=True, slots=True)
class Branch:
    """``if``: one of two blocks."""

    then: tuple[Operation, ...]
    other: tuple[Operation, ...]


@dataclass(frozen=True, slots=True)
class Loop:
    """``while``: the body, any number of times."""

    body: tuple[Operation, ...]


@dataclass(frozen=True, slots=True)
class Slide:
    """A rider's slide (``(while empty? add DIR)``): any square along the ray."""

    direction: str


Shape = Stay | Step | Jump | MarkHere | Back | Hit | Branch | Loop | Slide

STAY = Stay()


class _Anywhere(Exception):
    """The walk met an operation it cannot follow, or ran past its limit."""


Squares = frozenset[int]
#: the current positions and the marks a run may have at one point
State = tuple[Squares, Squares]


class _Walk:
    """One walk of a program from a square: the squares seen so far."""

    def __init__(
        self,
        shapes: Mapping[Operation, Shape],
        links: Links,
        fixed: dict[int, Squares | None] | None = None,
    ) -> None:
        self.shapes = shapes
        self.links = links
        self.seen: set[int] = set()
        self.work = 0
        #: per ``if``, the fixed squares it takes or creates on when it never moves
        #: the current position (an exported file's clock), else None; the same
        #: from any square, so a caller may keep it for every walk of its programs
        self._fixed: dict[int, Squares | None] = {} if fixed is None else fixed

    def block(self, ops: Sequence[Operation], curs: Squares, marks: Squares) -> State:
        """The current positions and marks a run may have after ``ops``."""
        for op in ops:
            if not curs:
                break
            self.work += len(curs)
            if self.work > WORK_LIMIT:
                raise _Anywhere
            curs, marks = self.operation(self.shapes.get(op), curs, marks)
            self.seen.update(curs)
        return curs, marks

    def operation(self, shape: Shape | None, curs: Squares, marks: Squares) -> State:
        if type(shape) is Stay:
            return curs, marks
        if type(shape) is Step:
            table = self._table(shape.direction)
            return frozenset(table[c] for c in curs if table[c] >= 0), marks
        if type(shape) is Jump:
            return frozenset({shape.index}), marks
        if type(shape) is MarkHere:
            return curs, curs
        if type(shape) is Back:
            return marks, marks
        if type(shape) is Hit:
            self.seen.update(self._hit_squares(shape, curs))
            return curs, marks
        if type(shape) is Branch:
            fixed = self._fixed_squares(shape)
            if fixed is not None:
                self.seen.update(fixed)
                return curs, marks
            then = self.block(shape.then, curs, marks)
            other = self.block(shape.other, curs, marks)
            return then[0] | other[0], then[1] | other[1]
        if type(shape) is Loop:
            return self._loop(shape.body, curs, marks)
        if type(shape) is Slide:
            return self._ray(shape.direction, curs), marks
        raise _Anywhere

    def _fixed_squares(self, branch: Branch) -> Squares | None:
        """The squares an ``if`` takes or creates on when every operation in it,
        at any depth, is a test or an effect at a named position: it leaves the
        current position and the mark as they were, wherever the run is, so it
        is walked once, not once per square (a loop walks its body many times)."""
        key = id(branch)
        if key not in self._fixed:
            found: set[int] = set()
            self._fixed[key] = frozenset(found) if self._fixed_into(branch, found) else None
        return self._fixed[key]

    def _fixed_into(self, branch: Branch, found: set[int]) -> bool:
        for op in (*branch.then, *branch.other):
            shape = self.shapes.get(op)
            if type(shape) is Stay:
                continue
            if type(shape) is Hit and shape.at >= 0:
                found.add(shape.at)
            elif type(shape) is not Branch or not self._fixed_into(shape, found):
                return False
        return True

    def _table(self, direction: str) -> Sequence[int]:
        table = self.links.get(direction)
        if table is None:
            raise _Anywhere
        return table

    def _hit_squares(self, shape: Hit, curs: Squares) -> Squares:
        if shape.at >= 0:
            return frozenset({shape.at})
        if shape.toward is None:
            return curs
        table = self._table(shape.toward)
        return frozenset(table[c] for c in curs if table[c] >= 0)

    def _loop(self, body: Sequence[Operation], curs: Squares, marks: Squares) -> State:
        """Every state after any number of turns of ``body``: a fixed point."""
        while True:
            after, after_marks = self.block(body, curs, marks)
            if after <= curs and after_marks <= marks:
                return curs, marks
            curs, marks = curs | after, marks | after_marks

    def _ray(self, direction: str, curs: Squares) -> Squares:
        table = self._table(direction)
        out = set(curs)
        for start in curs:
            sq = table[start]
            while sq >= 0 and sq not in out:
                out.add(sq)
                self.work += 1
                sq = table[sq]
        if self.work > WORK_LIMIT:
            raise _Anywhere
        return frozenset(out)


def reach(
    blocks: Sequence[Sequence[Operation]],
    start: int,
    links: Links,
    shapes: Mapping[Operation, Shape],
    fixed: dict[int, Squares | None] | None = None,
) -> Squares | None:
    """Every square a run of ``blocks`` from ``start`` could land on, take or
    create on (and some it could not); None when it could be anywhere.  ``fixed``:
    what is known of the ``if`` forms of these programs that never move (by their
    ``id``; the caller keeps the programs alive), kept from walk to walk (an
    exported three-check's search for its King, in every block, is walked once)."""
    walk = _Walk(shapes, links, fixed)
    here = frozenset({start})
    walk.seen.add(start)
    try:
        for ops in blocks:
            walk.block(ops, here, here)
    except _Anywhere:
        return None
    return frozenset(walk.seen)
