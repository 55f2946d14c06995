"""Mobility of piece kinds: Betza's empty-board averages and his crowded-board refinement.

*Empty board* (Betza's method): the piece stands alone on each square in turn
(holes as the terrain says); its moves are counted, split by direction
(forward / sideways / backward for its owner), and its captures are the squares
on which it could take a lone enemy.  Special moves are moves: a bridge built,
a launch, a shot (the last two need other pieces, so an empty board has none).

*Crowded board*: every other square holds a piece with chance ``density`` (an
enemy with chance ``enemy_share`` of that, else a friend).  For Betza kinds the
expected numbers of moves and captures are exact (:mod:`trebuchet.analysis.paths`).  The
special kinds have no path description, so their figures are Monte-Carlo
estimates with a fixed seed, and the result says so in ``method``.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TypeGuard

from trebuchet.analysis.board import (
    AnalysisError,
    PieceForm,
    empty_position,
    piece_forms,
    walls_for,
)
from trebuchet.analysis.moves import (
    BACKWARD,
    FORWARD,
    SIDEWAYS,
    capture_squares,
    check_board_work,
    direction,
    generate,
    present_squares,
    target_square,
)
from trebuchet.analysis.paths import (
    betza_terms,
    expected_moves,
    is_betza,
    lone_enemy_captures,
    random_occupancy,
)
from trebuchet.variants.game import Game
from trebuchet.variants.pieces import BLACK, WALL, WHITE, Piece
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

DEFAULT_DENSITY = 1 / 3


@dataclass(frozen=True)
class SquareMobility:
    """A piece's moves from one square of the empty board."""

    moves: int
    captures: int
    forward: int
    sideways: int
    backward: int


@dataclass
class Mobility:
    """A piece form's empty-board mobility on every present square."""

    variant: str
    form: PieceForm
    terrain: str
    squares: dict[int, SquareMobility] = field(default_factory=dict)

    def _mean(self, attr: str) -> float:
        values = [getattr(m, attr) for m in self.squares.values()]
        return statistics.fmean(values) if values else 0.0

    @property
    def average(self) -> float:
        """Betza's figure: moves averaged over the squares of the board."""
        return self._mean("moves")

    @property
    def average_captures(self) -> float:
        return self._mean("captures")

    @property
    def minimum(self) -> int:
        return min((m.moves for m in self.squares.values()), default=0)

    @property
    def maximum(self) -> int:
        return max((m.moves for m in self.squares.values()), default=0)

    def split(self) -> dict[str, float]:
        """Average moves forward, sideways and backward."""
        return {d: self._mean(d) for d in (FORWARD, SIDEWAYS, BACKWARD)}

    def per_square(self, attr: str = "moves") -> dict[int, float]:
        return {sq: float(getattr(m, attr)) for sq, m in self.squares.items()}

    def within(self, squares: frozenset[int]) -> Mobility:
        """The same figures taken over ``squares`` only (a zone of the board)."""
        kept = {sq: m for sq, m in self.squares.items() if sq in squares}
        return replace(self, squares=kept)


@dataclass
class CrowdedMobility:
    """Expected moves and captures per square when other squares fill at random."""

    variant: str
    form: PieceForm
    terrain: str
    density: float
    enemy_share: float
    method: str
    moves: dict[int, float] = field(default_factory=dict)
    captures: dict[int, float] = field(default_factory=dict)

    @property
    def average(self) -> float:
        return statistics.fmean(self.moves.values()) if self.moves else 0.0

    @property
    def average_captures(self) -> float:
        return statistics.fmean(self.captures.values()) if self.captures else 0.0

    def within(self, squares: frozenset[int]) -> CrowdedMobility:
        """The same figures taken over ``squares`` only (a zone of the board)."""
        moves = {sq: v for sq, v in self.moves.items() if sq in squares}
        captures = {sq: v for sq, v in self.captures.items() if sq in squares}
        return replace(self, moves=moves, captures=captures)


def _enemy_of(variant: Game, form: PieceForm) -> Piece:
    """The lone enemy of Betza's capture count: the same kind, empty-handed, for Black."""
    return variant.piece(form.kind, BLACK)


def betza_counted(variant: Game, form: PieceForm) -> TypeGuard[Variant]:
    """Whether ``form``'s captures are counted from its Betza terms (exactly, at no
    cost) rather than by trying a lone enemy on every square its moves read."""
    return isinstance(variant, Variant) and is_betza(form.ptype(variant)) and not form.cargo


def square_mobility(variant: Game, pos: Position, sq: int, form: PieceForm) -> SquareMobility:
    """Moves and captures of ``form`` on ``sq`` of the otherwise empty ``pos``."""
    piece = form.piece(variant)
    pos.board[sq] = piece
    moves = generate(pos, sq, piece)
    pos.board[sq] = None
    split = {FORWARD: 0, SIDEWAYS: 0, BACKWARD: 0}
    for move in moves:
        split[direction(variant, sq, target_square(move, sq), WHITE)] += 1
    if betza_counted(variant, form):
        walls = frozenset(s for s, p in enumerate(pos.board) if p is WALL)
        captures = len(lone_enemy_captures(variant, form.kind, sq, walls))
    else:
        captures = len(capture_squares(pos, sq, piece, _enemy_of(variant, form)))
    return SquareMobility(len(moves), captures, split[FORWARD], split[SIDEWAYS], split[BACKWARD])


def empty_board(
    variant: Game, form: PieceForm, terrain: str = "start", walls: frozenset[int] | None = None
) -> Mobility:
    """Betza's empty-board mobility of ``form`` on every square present under ``terrain``
    (or, given ``walls``, with exactly those squares missing)."""
    pos = empty_position(variant, walls_for(variant, terrain) if walls is None else walls)
    result = Mobility(variant.name, form, terrain)
    squares = present_squares(pos)
    check_board_work(len(squares), form.piece(variant), f"mobility of {form.label}")
    for sq in squares:
        result.squares[sq] = square_mobility(variant, pos, sq, form)
    return result


def _check_density(density: float, enemy_share: float) -> None:
    if not 0.0 <= density <= 1.0:
        raise AnalysisError(f"density {density} must be between 0 and 1")
    if not 0.0 <= enemy_share <= 1.0:
        raise AnalysisError(f"enemy share {enemy_share} must be between 0 and 1")


def crowded(
    variant: Game,
    form: PieceForm,
    density: float = DEFAULT_DENSITY,
    terrain: str = "start",
    *,
    enemy_share: float = 0.5,
    samples: int = 40,
    seed: int = 1,
    walls: frozenset[int] | None = None,
) -> CrowdedMobility:
    """Expected mobility of ``form`` per square on a randomly crowded board.

    Exact for Betza kinds; for special kinds (and loaded carriers) a Monte-Carlo
    estimate from ``samples`` boards per square, seeded so it is repeatable.
    """
    _check_density(density, enemy_share)
    if walls is None:
        walls = walls_for(variant, terrain)
    if isinstance(variant, Variant) and is_betza(form.ptype(variant)) and not form.cargo:
        result = CrowdedMobility(variant.name, form, terrain, density, enemy_share, "exact")
        size = variant.geometry.size
        off = variant.off_board_squares()
        for sq in range(size):
            if sq in walls or sq in off:
                continue
            occ = random_occupancy(size, walls, density, enemy_share, sq)
            moves, captures = expected_moves(betza_terms(variant, form.kind, sq, WHITE), occ)
            result.moves[sq] = moves
            result.captures[sq] = captures
        return result
    return sample_crowded(
        variant,
        form,
        density,
        terrain,
        enemy_share=enemy_share,
        samples=samples,
        seed=seed,
        walls=walls,
    )


def filler_kind(variant: Game, form: PieceForm) -> str:
    """The kind that crowds the board in samples: the commonest kind of the start position."""
    counts: dict[str, int] = {}
    for _, piece in variant.start_position().pieces():
        counts[piece.kind] = counts.get(piece.kind, 0) + 1
    if not counts:
        return form.kind
    return max(sorted(counts), key=lambda k: counts[k])


def sample_square(
    variant: Game,
    pos: Position,
    sq: int,
    form: PieceForm,
    occupants: tuple[Piece, Piece],
    density: float,
    enemy_share: float,
    rng: random.Random,
) -> tuple[int, int]:
    """One random board around ``form`` on ``sq``: (non-capturing moves, captures)."""
    friend, enemy = occupants
    board = pos.board
    free = [s for s, p in enumerate(board) if p is None and s != sq]
    for s in free:
        if rng.random() < density:
            board[s] = enemy if rng.random() < enemy_share else friend
    piece = form.piece(variant)
    board[sq] = piece
    moves = generate(pos, sq, piece)
    for s in free:
        board[s] = None
    board[sq] = None
    caps = sum(1 for m in moves if m.is_capture())
    return len(moves) - caps, caps


def sample_crowded(
    variant: Game,
    form: PieceForm,
    density: float = DEFAULT_DENSITY,
    terrain: str = "start",
    *,
    enemy_share: float = 0.5,
    samples: int = 40,
    seed: int = 1,
    walls: frozenset[int] | None = None,
) -> CrowdedMobility:
    """Monte-Carlo estimate of :func:`crowded` by playing the generator on random boards."""
    _check_density(density, enemy_share)
    if samples < 1:
        raise AnalysisError("samples must be at least 1")
    rng = random.Random(seed)
    pos = empty_position(variant, walls_for(variant, terrain) if walls is None else walls)
    fill = filler_kind(variant, form)
    occupants = (variant.piece(fill, WHITE), variant.piece(fill, BLACK))
    method = f"sampled ({samples} boards per square, seed {seed}, filler {fill})"
    result = CrowdedMobility(variant.name, form, terrain, density, enemy_share, method)
    for sq in present_squares(pos):
        totals = [
            sample_square(variant, pos, sq, form, occupants, density, enemy_share, rng)
            for _ in range(samples)
        ]
        result.moves[sq] = statistics.fmean(t[0] for t in totals)
        result.captures[sq] = statistics.fmean(t[1] for t in totals)
    return result


@dataclass(frozen=True)
class MobilityRow:
    """One line of the mobility table of a variant."""

    form: PieceForm
    empty: Mobility
    crowded: CrowdedMobility | None


def report(
    variant: Game,
    forms: Iterable[PieceForm] | None = None,
    *,
    terrain: str = "start",
    density: float | None = DEFAULT_DENSITY,
    samples: int = 40,
    walls_from: Game | None = None,
    only: frozenset[int] | None = None,
) -> list[MobilityRow]:
    """The mobility table of a variant: every form (or ``forms``), empty and crowded.

    ``walls_from`` takes the holes from another variant on the same board (Betza
    pieces tried out on a real game's terrain).  ``only`` limits the squares the
    figures are taken over (a Zillions game that keeps its hands as positions:
    its ``board-zone``); the squares outside stay on the board.
    """
    walls = walls_for(walls_from or variant, terrain)
    rows = []
    for form in forms if forms is not None else piece_forms(variant):
        empty = empty_board(variant, form, terrain, walls)
        busy = None
        if density is not None:
            busy = crowded(variant, form, density, terrain, samples=samples, walls=walls)
        if only is not None:
            empty = empty.within(only)
            busy = busy.within(only) if busy is not None else None
        rows.append(MobilityRow(form, empty, busy))
    return rows
