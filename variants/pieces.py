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

from mypy_extensions import mypyc_attr

from trebuchet.variants.betza import GRASSHOP, HOP, LAME, Component, lame_path, parse_betza
from trebuchet.variants.geometry import Geometry, Vector
from trebuchet.variants.move import Move, MoveKind, Relocate, Remove, capture, quiet
from trebuchet.variants.piece import BLACK, COLORS, WALL, WHITE, Piece, Player, color_name

if TYPE_CHECKING:
    from trebuchet.variants.position import Position


@mypyc_attr(allow_interpreted_subclasses=True)
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
        #: set by the variant while it is built: whether the kind promotes, and per
        #: player the squares from which one of its moves may enter the zone
        self.promotes = False
        self.promotion_sources: tuple[frozenset[int], ...] = ()
        self.geometry: Geometry | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.letter}, {self.name!r})"

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        """Precompute what the kind needs on this board.

        ``initial`` has an entry per player: the squares from which moves marked
        initial (Betza ``i``) may start.
        """
        self.geometry = geometry

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        """Append the pseudo-legal moves of ``piece`` standing on ``sq`` to ``out``."""
        raise NotImplementedError

    def generate_to(self, pos: Position, sq: int, piece: Piece, to: int, out: list[Move]) -> None:
        """Append the pseudo-legal moves of ``piece`` on ``sq`` that end on ``to``:
        what a reader of one move text (``Nf3``) asks for.  The default generates
        every move and keeps those; a kind with tables by target overrides it."""
        moves: list[Move] = []
        self.generate(pos, sq, piece, moves)
        for m in moves:
            if m.to == to:
                out.append(m)

    def attack_vectors(self, color: Player) -> Iterable[tuple[Vector, int]]:
        """(vector, range) pairs along which a simple kind captures; range 0 = unlimited."""
        return ()

    def targets(self, color: Player, sq: int) -> frozenset[int]:
        """Squares the piece could reach from ``sq`` in one move on some board
        (used to skip promotion checks far from the zone; default: anywhere)."""
        assert self.geometry is not None
        return frozenset(range(self.geometry.size))


def orient(vector: Vector, color: Player) -> Vector:
    """A vector written for White, as seen by ``color`` (Black's board is turned round)."""
    return vector if color == WHITE else (-vector[0], -vector[1])


_RayStep = tuple[int, Move | None, Move | None]
"""(target square, the quiet move there or None, the capture there or None)."""

_Step = tuple[int, Move | None, Move | None, tuple[int, ...]]
"""A single step or leap: as _RayStep, plus the squares a lame leap needs empty."""

_Way = tuple[tuple[int, ...], Move | None, Move | None]
"""One way to a target square: the squares on the way that must be empty, the quiet
move there or None, the capture there or None."""

_Plan = tuple[
    tuple[tuple[Vector, tuple[tuple[bool, bool], ...]], ...],
    tuple[tuple[tuple[Vector, ...], bool, bool], ...],
    tuple[Vector, ...],
    tuple[tuple[Component, Vector], ...],
]
"""What a piece of one colour does in each direction, whatever its square
(:func:`_plan`): the directions it steps or rides in, with per distance
whether it may move and capture there; its lame leaps: the steps each takes (the
last one to its target) and whether it may move and capture; the directions of
its en passant captures; its hops."""

_Laid = tuple[
    tuple[tuple[tuple[tuple[int, ...], ...], tuple[tuple[bool, bool], ...]], ...],
    tuple[tuple[tuple[tuple[int, ...], ...], bool, bool], ...],
    tuple[tuple[tuple[int, ...], ...], ...],
    tuple[tuple[Component, tuple[tuple[int, ...], ...]], ...],
]
"""A :data:`_Plan` on a board (:func:`_lay`): each vector replaced by the board's
table of its rays (:meth:`Geometry.rays`), or of its leaps for a lame leap's steps."""

_TablesKey = tuple[tuple[Component, ...], tuple[int, int, int], bool, frozenset[int] | None]
"""What a Betza piece's tables for one player are made of: its components, the
board's files, ranks and squares (its shape: squares that are not there are walls
on the board, not holes in the geometry), whether the board is turned round (Black,
and a piece that moves otherwise forward than back), and the squares its initial
moves may start from (None when it has none)."""

_BoardTables = tuple[
    list[tuple[_Step, ...]],
    list[tuple[tuple[_RayStep, ...], ...]],
    list[tuple[int, ...]],
    list[tuple[tuple[Component, tuple[int, ...]], ...]],
    list[dict[int, tuple[_Way, ...]] | None],
    list[frozenset[int] | None],
]
"""One player's tables of a Betza piece, per square: steps, rays, en passant targets,
hops, and (filled in when first asked) ways by target and targets."""

#: The tables of every Betza piece built so far, shared by every piece, player and
#: game whose key is equal: chess960's, crazyhouse's and FIDE chess's pieces are one
#: set of tables.  Nothing changes a table once built but to fill in an entry left
#: None, which is the same whoever fills it (tests/core/test_shared_tables.py).
_SHARED_TABLES: dict[_TablesKey, _BoardTables] = {}


@mypyc_attr(allow_interpreted_subclasses=True)
class BetzaPiece(PieceType):
    """A piece whose moves are a Betza string, such as ``N`` or ``fmWfceFifmnD``.

    The work is done once, in :meth:`bind`: for every colour and square the
    piece's single steps, its rays and its lame leaps are tabulated together
    with the Move objects they produce.  Moves are immutable values, so the same
    objects serve every position and generation allocates nothing for them; and
    the tables are the same for every piece of equal moves on a board of the same
    shape, so they are built once and shared (:data:`_SHARED_TABLES`).  Two
    derived tables, the targets and the ways by target, are filled in per square
    as they are first asked for.
    """

    def __init__(self, letter: str, name: str, betza: str, *, royal: bool = False) -> None:
        super().__init__(letter, name, royal=royal)
        self.betza = betza
        self.components: tuple[Component, ...] = parse_betza(betza)
        self.simple = all(c.is_simple_attack for c in self.components if c.capture)
        self._steps: dict[Player, list[tuple[_Step, ...]]] = {}
        self._rays: dict[Player, list[tuple[tuple[_RayStep, ...], ...]]] = {}
        self._ep: dict[Player, list[tuple[int, ...]]] = {}
        self._hops: dict[Player, list[tuple[tuple[Component, tuple[int, ...]], ...]]] = {}
        #: per colour and square: target square -> the ways there (generate_to), worked
        #: out when first asked: reading a short game asks for a few squares' only
        self._ways: dict[Player, list[dict[int, tuple[_Way, ...]] | None]] = {}
        #: per colour and square: :meth:`betza_targets`, worked out when first asked
        self._targets: dict[Player, list[frozenset[int] | None]] = {}

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        # Black's board is White's turned round: a piece that moves alike both ways
        # has White's tables for Black too (half of a game's start-up)
        turns = not self._colour_blind()
        from_initial = any(comp.initial for comp in self.components)
        for color in initial:
            key: _TablesKey = (
                self.components,
                geometry.shape,
                turns and color != WHITE,
                initial.get(color, frozenset()) if from_initial else None,
            )
            tables = _SHARED_TABLES.get(key)
            if tables is None:
                tables = _SHARED_TABLES[key] = _board_tables(key, geometry)
            steps, rays, ep, hops, ways, targets = tables
            self._steps[color] = steps
            self._rays[color] = rays
            self._ep[color] = ep
            self._hops[color] = hops
            self._ways[color] = ways
            self._targets[color] = targets

    def _colour_blind(self) -> bool:
        """Whether the piece's moves are the same for either player: no move only
        from the initial squares, and every vector's opposite a vector of the same
        component (so turning the board round changes nothing)."""
        return all(
            not comp.initial and set(comp.vectors) == {(-x, -y) for x, y in comp.vectors}
            for comp in self.components
        )

    def targets(self, color: Player, sq: int) -> frozenset[int]:
        """Squares the piece could reach from ``sq`` in one move on some board.

        Read off the Betza tables; a subclass that adds moves in ``generate``
        (a teleport, a deployment) and does not say where they go by
        overriding this method is taken to reach anywhere.
        """
        if type(self).generate is not BetzaPiece.generate:
            return super().targets(color, sq)
        return self.betza_targets(color, sq)

    def betza_targets(self, color: Player, sq: int) -> frozenset[int]:
        """The squares the Betza string's own moves may reach from ``sq`` on some board
        (what :meth:`targets` says when ``generate`` adds nothing)."""
        known = self._targets[color]
        found = known[sq]
        if found is None:
            # asked for every square by the variant's tables, and again by some games
            found = known[sq] = _reach(
                self._steps[color][sq], self._rays[color][sq], self._hops[color][sq]
            )
        return found

    def attack_vectors(self, color: Player) -> Iterable[tuple[Vector, int]]:
        for comp in self.components:
            if comp.is_simple_attack:
                for vec in comp.vectors:
                    yield orient(vec, color), comp.range

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        color = piece.color
        assert color is not None
        for t, quiet_move, capture_move, between in self._steps[color][sq]:
            if between:  # a lame leap: the squares it passes must be empty
                # written out, not _empty(): perft's hot path (every pawn's double step)
                blocked = False
                for s in between:
                    if board[s] is not None:
                        blocked = True
                        break
                if blocked:
                    continue
            x = board[t]
            if x is None:
                if quiet_move is not None:
                    out.append(quiet_move)
            elif capture_move is not None and x.color != color and x is not WALL:
                out.append(capture_move)
        for ray in self._rays[color][sq]:
            for t, quiet_move, capture_move in ray:
                x = board[t]
                if x is None:
                    if quiet_move is not None:
                        out.append(quiet_move)
                    continue
                if capture_move is not None and x.color != color and x is not WALL:
                    out.append(capture_move)
                break
        if pos.ep:
            for t in self._ep[color][sq]:
                if t in pos.ep and board[t] is None:
                    _add_en_passant(pos, sq, t, color, out)
        hops = self._hops[color][sq]
        if hops:
            for comp, path in hops:
                _generate_hop(pos, sq, color, comp, path, out)

    def generate_to(self, pos: Position, sq: int, piece: Piece, to: int, out: list[Move]) -> None:
        """:meth:`generate`'s moves that end on ``to``, read off the table by target:
        only the squares on the way to ``to`` are looked at."""
        color = piece.color
        assert color is not None
        if self._hops[color][sq] or type(self).generate is not BetzaPiece.generate:
            super().generate_to(pos, sq, piece, to, out)  # hops, or moves added in code
            return
        by_target = self._ways[color][sq]
        if by_target is None:
            by_target = self._ways[color][sq] = _ways(self._steps[color][sq], self._rays[color][sq])
        ways = by_target.get(to)
        board = pos.board
        if ways is not None:
            x = board[to]
            for between, quiet_move, capture_move in ways:
                if between and not _empty(board, between):
                    continue
                if x is None:
                    if quiet_move is not None:
                        out.append(quiet_move)
                elif capture_move is not None and x.color != color and x is not WALL:
                    out.append(capture_move)
        if pos.ep and to in pos.ep and to in self._ep[color][sq] and board[to] is None:
            _add_en_passant(pos, sq, to, color, out)


def _step(sq: int, t: int, can_move: bool, can_capture: bool) -> _RayStep:
    # the shared plain moves (one object for every kind, player and game): the
    # tables of chess hold 22,000 moves, a third of them distinct
    return (
        t,
        quiet(sq, t) if can_move else None,
        capture(sq, t) if can_capture else None,
    )


def _empty(board: list[Piece | None], squares: tuple[int, ...]) -> bool:
    """Whether every one of ``squares`` is empty (the way of a lame leap or a ray).
    A loop, not ``all()`` over a generator: this is on the move generator's path."""
    for s in squares:  # noqa: SIM110
        if board[s] is not None:
            return False
    return True


def _reach(
    steps: tuple[_Step, ...],
    rays: tuple[tuple[_RayStep, ...], ...],
    hops: tuple[tuple[Component, tuple[int, ...]], ...],
) -> frozenset[int]:
    """The squares one square's steps, rays and hops may reach on some board."""
    found = {step[0] for step in steps}
    found.update(t for ray in rays for t, _, _ in ray)
    found.update(t for _, path in hops for t in path)
    return frozenset(found)


def _ways(
    steps: tuple[_Step, ...], rays: tuple[tuple[_RayStep, ...], ...]
) -> dict[int, tuple[_Way, ...]]:
    """The steps and rays of one square turned into ways by target, in the order
    :meth:`BetzaPiece.generate` gives their moves."""
    found: dict[int, list[_Way]] = {}
    for t, quiet_move, capture_move, between in steps:
        found.setdefault(t, []).append((between, quiet_move, capture_move))
    for ray in rays:
        squares = tuple(s for s, _, _ in ray)
        for i, (t, quiet_move, capture_move) in enumerate(ray):
            if quiet_move is not None or capture_move is not None:
                found.setdefault(t, []).append((squares[:i], quiet_move, capture_move))
    return {t: tuple(ways) for t, ways in found.items()}


def _merge(flags: list[bool], comp: Component) -> None:
    """Add what ``comp`` may do at one distance to ``flags`` (may move, may capture)."""
    flags[0] |= comp.move
    flags[1] |= comp.capture


def _board_tables(key: _TablesKey, geometry: Geometry) -> _BoardTables:
    """The tables of the piece, colour and board that ``key`` names (see
    :data:`_SHARED_TABLES`)."""
    components, _, turned, starts = key
    longest = max(geometry.files, geometry.ranks)
    # what the piece does in each direction is the same from every square but
    # those of its initial moves: one plan for each, laid on the board once
    plans = tuple(
        _lay(geometry, _plan(components, turned, from_initial, longest))
        for from_initial in (False, True)
    )
    on = starts or frozenset()
    tables = [_square_tables(sq, plans[sq in on]) for sq in range(geometry.size)]
    return (
        [t[0] for t in tables],
        [t[1] for t in tables],
        [t[2] for t in tables],
        [t[3] for t in tables],
        [None] * geometry.size,
        [None] * geometry.size,
    )


def _plan(
    components: tuple[Component, ...], turned: bool, from_initial: bool, longest: int
) -> _Plan:
    """What a piece of ``components`` does in each direction, for White or
    ``turned`` round for Black, from a square where its initial moves may start
    or from one where they may not.

    Components are merged per direction and distance, so that overlapping atoms
    (``KW``) give each move once; the directions keep the order in which the
    components name them, which is the order the moves are generated in."""
    reach: dict[Vector, list[list[bool]]] = {}
    lame: dict[Vector, list[bool]] = {}
    ep: list[Vector] = []
    hops: list[tuple[Component, Vector]] = []
    for comp in components:
        if comp.initial and not from_initial:
            continue
        for vec in comp.vectors:
            v = (-vec[0], -vec[1]) if turned else vec
            if comp.style == LAME:
                _merge(lame.setdefault(v, [False, False]), comp)
            elif comp.style in (HOP, GRASSHOP):
                hops.append((comp, v))
            else:
                per_dist = reach.setdefault(v, [])
                distances = min(comp.range or longest, longest)
                while len(per_dist) < distances:
                    per_dist.append([False, False])
                for flags in per_dist[:distances]:
                    _merge(flags, comp)
                if comp.en_passant:
                    ep.append(v)
    return (
        tuple((v, tuple((f[0], f[1]) for f in per_dist)) for v, per_dist in reach.items()),
        tuple(((*lame_path(v), v), f[0], f[1]) for v, f in lame.items()),
        tuple(ep),
        tuple(hops),
    )


def _lay(geometry: Geometry, plan: _Plan) -> _Laid:
    """``plan`` on ``geometry``: each direction's table of rays, each lame leap's
    tables of leaps (its steps, then its target), fetched once for every square."""
    directions, lame, ep_directions, hop_directions = plan
    return (
        tuple((geometry.rays(v), per_dist) for v, per_dist in directions),
        tuple(
            (tuple(geometry.leaps(step) for step in path), can_move, can_capture)
            for path, can_move, can_capture in lame
        ),
        tuple(geometry.rays(v) for v in ep_directions),
        tuple((comp, geometry.rays(v)) for comp, v in hop_directions),
    )


def _square_tables(
    sq: int, laid: _Laid
) -> tuple[
    tuple[_Step, ...],
    tuple[tuple[_RayStep, ...], ...],
    tuple[int, ...],
    tuple[tuple[Component, tuple[int, ...]], ...],
]:
    """A piece's steps, rays, en passant targets and hops from ``sq``: its plan
    laid on the board (a direction that leaves the board at once gives nothing)."""
    directions, lame, ep_rays, hop_rays = laid
    steps: list[_Step] = []
    rays: list[tuple[_RayStep, ...]] = []
    for rays_from, per_dist in directions:
        ray = rays_from[sq]
        if len(ray) == 1 or len(per_dist) == 1:
            # a leap, or a ride that has room for one step only
            if ray:
                steps.append((*_step(sq, ray[0], *per_dist[0]), ()))
        elif ray:
            # the plan looks as far as any board allows; the ray ends at this one's edge
            entries = zip(ray, per_dist, strict=False)
            rays.append(tuple(_step(sq, t, *flags) for t, flags in entries))
    for leaps, can_move, can_capture in lame:
        squares = tuple(leaps_from[sq] for leaps_from in leaps)
        if -1 not in squares:  # the way and the target on the board
            steps.append((*_step(sq, squares[-1], can_move, can_capture), squares[:-1]))
    # one en passant target per square, however many components name it
    ep: tuple[int, ...] = ()
    if ep_rays:
        ep = tuple(dict.fromkeys(ray[0] for rays_from in ep_rays if (ray := rays_from[sq])))
    hops = tuple((comp, rays_from[sq]) for comp, rays_from in hop_rays)
    return tuple(steps), tuple(rays), ep, hops


def _add_en_passant(pos: Position, sq: int, t: int, color: Player, out: list[Move]) -> None:
    victim = pos.ep_victim
    x = pos.board[victim] if victim >= 0 else None
    if x is not None and x is not WALL and x.color != color:
        out.append(Move(sq, t, (Remove(victim), Relocate(sq, t)), tag=MoveKind.EN_PASSANT))


def _generate_hop(
    pos: Position, sq: int, color: Player, comp: Component, path: tuple[int, ...], out: list[Move]
) -> None:
    """Hoppers (cannons) and grasshoppers: over exactly one piece, then on."""
    board = pos.board
    screen = next((i for i, s in enumerate(path) if board[s] is not None), -1)
    if screen < 0 or board[path[screen]] is WALL:
        return
    beyond = path[screen + 1 :]
    if comp.style == GRASSHOP:
        beyond = beyond[:1]
    for t in beyond:
        x = board[t]
        if x is None:
            if comp.move:
                out.append(Move(sq, t, (Relocate(sq, t),)))
            continue
        if x is not WALL and x.color != color and comp.capture:
            out.append(Move(sq, t, (Remove(t), Relocate(sq, t))))
        break


__all__ = [
    "BLACK",
    "COLORS",
    "WALL",
    "WHITE",
    "BetzaPiece",
    "Piece",
    "PieceType",
    "Player",
    "color_name",
    "orient",
]
