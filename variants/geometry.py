"""Board geometry: rectangular boards up to 26 files, with named squares and zones.

Squares are integers ``rank * files + file`` (``a1`` is 0).  Squares that are
not there at all, or not there for now (an unbridged river square), are marked
on the board itself by :data:`trebuchet.variants.pieces.WALL`, so that the geometry stays
static data that is computed once per variant and shared by every position.

Rays and leaps are precomputed per square and per vector on first use, because
move generation asks the same questions millions of times; they depend on the
board's shape alone, so every board of a shape shares them.
"""

from __future__ import annotations

from collections.abc import Iterable

from trebuchet.variants.errors import SquareError

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"

Vector = tuple[int, int]
"""A displacement ``(files to the right, ranks up)`` seen from White."""

ORTHOGONAL: tuple[Vector, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: tuple[Vector, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
QUEEN_LINES: tuple[Vector, ...] = ORTHOGONAL + DIAGONAL


#: per board shape (files, ranks, squares), per vector: the rays (:meth:`Geometry.rays`)
_RAYS: dict[tuple[int, int, int], dict[Vector, tuple[tuple[int, ...], ...]]] = {}
#: per board shape, per vector: the leaps (:meth:`Geometry.leaps`)
_LEAPS: dict[tuple[int, int, int], dict[Vector, tuple[int, ...]]] = {}


class Geometry:
    """A rectangular board: its size, square names, rays and leaps.

    A game may name its squares otherwise (``names``, the grid's squares row by
    row from the bottom), and may have squares off the grid (``extra``: a
    Zillions game's hands and counters), numbered after the grid's; those have
    no file or rank, and no ray leads to or from them.
    """

    def __init__(
        self,
        files: int,
        ranks: int,
        *,
        names: tuple[str, ...] | None = None,
        extra: tuple[str, ...] = (),
    ) -> None:
        if not (1 <= files <= len(FILE_LETTERS) and 1 <= ranks <= 99):
            raise ValueError(f"unsupported board size {files}x{ranks}")
        self.files = files
        self.ranks = ranks
        #: squares of the grid; squares from here on are the extra ones
        self.grid_size = files * ranks
        self.size = self.grid_size + len(extra)
        grid = names or tuple(
            FILE_LETTERS[sq % files] + str(sq // files + 1) for sq in range(self.grid_size)
        )
        if len(grid) != self.grid_size:
            raise ValueError(f"{len(grid)} names for a {files}x{ranks} grid")
        self.names: tuple[str, ...] = (*grid, *extra)
        self._index = {name.lower(): sq for sq, name in enumerate(self.names) if name}
        self._exact = {name: sq for sq, name in enumerate(self.names) if name}
        #: files, ranks and squares: what the rays and leaps depend on, the same for
        #: every board of the shape (so they are shared by all of them)
        self.shape = (files, ranks, self.size)
        self._rays = _RAYS.setdefault(self.shape, {})
        self._leaps = _LEAPS.setdefault(self.shape, {})

    def __repr__(self) -> str:
        return f"Geometry({self.files}x{self.ranks})"

    # -- names -------------------------------------------------------------
    def square(self, name: str) -> int:
        """The square called ``name`` (``e4``, ``E4``, ``l12``); SquareError if none."""
        sq = self.index_of(name)
        if sq is None:
            raise SquareError(
                f"no square {name!r} on a {self.files}x{self.ranks} board "
                f"(files a-{FILE_LETTERS[self.files - 1]}, ranks 1-{self.ranks})"
            )
        return sq

    def index_of(self, name: str) -> int | None:
        """The square called ``name`` (exactly, else in any case), or None: for readers
        that try a reading and move on when it names no square."""
        text = name.strip()
        found = self._exact.get(text)
        return found if found is not None else self._index.get(text.lower())

    def name(self, sq: int) -> str:
        return self.names[sq]

    def file_of(self, sq: int) -> int:
        return sq % self.files

    def rank_of(self, sq: int) -> int:
        return sq // self.files

    def on_grid(self, sq: int) -> bool:
        """Whether ``sq`` is a square of the grid (not one of the extra squares)."""
        return sq < self.grid_size

    def at(self, file: int, rank: int) -> int | None:
        """The square at ``(file, rank)`` (0-based), or None off the board."""
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            return rank * self.files + file
        return None

    def offset(self, sq: int, vector: Vector) -> int | None:
        if sq >= self.grid_size:
            return None
        return self.at(sq % self.files + vector[0], sq // self.files + vector[1])

    def squares_of_rank(self, rank: int) -> tuple[int, ...]:
        return tuple(range(rank * self.files, (rank + 1) * self.files))

    def squares_of_ranks(self, ranks: Iterable[int]) -> frozenset[int]:
        return frozenset(sq for r in ranks for sq in self.squares_of_rank(r))


    # -- rays and leaps ----------------------------------------------------
    def rays(self, vector: Vector) -> tuple[tuple[int, ...], ...]:
        """For every square, the squares met stepping by ``vector`` to the edge."""
        cached = self._rays.get(vector)
        if cached is None:
            step = vector[1] * self.files + vector[0]
            # a ray's squares are evenly spaced on the numbering: a range of them
            cached = self._rays[vector] = tuple(
                tuple(range(sq + step, sq + step * (self._room(sq, vector) + 1), step))
                if step
                else ()
                for sq in range(self.size)
            )
        return cached

    def _room(self, sq: int, vector: Vector) -> int:
        """How many steps by ``vector`` from ``sq`` stay on the grid (none from an
        extra square, nor for the null vector)."""
        dx, dy = vector
        if sq >= self.grid_size or dx == dy == 0:
            return 0
        file, rank = sq % self.files, sq // self.files
        room = self.files + self.ranks  # more steps than any line of the grid has
        if dx:
            room = min(room, (self.files - 1 - file) // dx if dx > 0 else file // -dx)
        if dy:
            room = min(room, (self.ranks - 1 - rank) // dy if dy > 0 else rank // -dy)
        return room

    def ray(self, sq: int, vector: Vector) -> tuple[int, ...]:
        return self.rays(vector)[sq]

    def leaps(self, vector: Vector) -> tuple[int, ...]:
        """For every square, the square one ``vector`` away, or -1 off the board."""
        cached = self._leaps.get(vector)
        if cached is None:
            cached = self._leaps[vector] = tuple(
                -1 if (t := self.offset(sq, vector)) is None else t for sq in range(self.size)
            )
        return cached

    def between(self, a: int, b: int) -> tuple[int, ...]:
        """Squares strictly between ``a`` and ``b`` on a rank, file or diagonal; () otherwise."""
        df = b % self.files - a % self.files
        dr = b // self.files - a // self.files
        if df == dr == 0 or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
            return ()
        step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
        return self.ray(a, step)[: max(abs(df), abs(dr)) - 1]

    def distance(self, a: int, b: int) -> int:
        """King distance (Chebyshev) between two squares."""
        return max(abs(a % self.files - b % self.files), abs(a // self.files - b // self.files))
