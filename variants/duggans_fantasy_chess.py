"""Duggan's Fantasy Chess (revised), Sean Duggan 2004 — rulings DF-1 … DF-7.

Three of its pieces break the assumptions of ray-based attack tables: the
Golem removes every piece on its path, the Mercenary captures only while it is
itself attacked, and only a few kinds may take a Golem.  So this module answers
"is this square attacked?" itself, with targeted look-ups from the target square
outward (:meth:`DuggansFantasyChess.is_attacked`), and never by generating moves:
move generation asks that question (a Mercenary's threat, the Assassin options),
so generation must not be needed to answer it.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import ClassVar

from trebuchet.variants.geometry import DIAGONAL, ORTHOGONAL, Geometry, Vector
from trebuchet.variants.move import Action, Move, Relocate, Remove, quiet, with_change
from trebuchet.variants.pieces import (
    BLACK,
    WALL,
    WHITE,
    BetzaPiece,
    Piece,
    PieceType,
    Player,
    orient,
)
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Promotion, Variant

GOLEM = "G"
MERCENARY = "M"
COMMANDER = "C"
ADEPT = "K"
ASSASSIN = "S"

#: DF-2: the only kinds whose moves may remove a Golem.
GOLEM_KILLERS = frozenset({MERCENARY, COMMANDER, ADEPT})
#: DF-5: what a Commander may become on its own first rank (or it stays).
COMMANDER_CHOICES = ("A", "S", "G", "B")

class DugganMove(StrEnum):
    """Duggan's Fantasy Chess's special moves."""

    CRUSH = "crush"
    """DF-2: a Golem move that removes pieces on its path (or a friend on its landing)."""
    THREATENED = "threatened"
    """DF-3: a threatened Mercenary's side or forward step or capture."""
    TELEPORT = "teleport"
    """DF-6: the Assassin jumps to an empty square."""


_Route = tuple[int, ...]
"""Squares a move passes over in order, its landing square last."""


def _line(geo: Geometry, sq: int, step: Vector, length: int) -> _Route:
    """``length`` squares from ``sq`` along ``step``; () if the line leaves the board."""
    squares = geo.ray(sq, step)[:length]
    return squares if len(squares) == length else ()


def _owned(piece: Piece | None, by: Player, kind: str) -> bool:
    return piece is not None and piece.kind == kind and piece.color == by


def _is_golem(piece: Piece | None) -> bool:
    return piece is not None and piece.kind == GOLEM


# -- pieces ------------------------------------------------------------------------


class GolemProofPiece(BetzaPiece):
    """A Betza piece that may not take a Golem (DF-2): Bishop, Assassin's captures."""

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        moves: list[Move] = []
        super().generate(pos, sq, piece, moves)
        out.extend(m for m in moves if not _is_golem(pos.board[m.to]))


class Golem(PieceType):
    """DF-2: to (±2,±2) or (±3,0)/(0,±3).  An empty landing square needs a clear
    path; an occupied one (either colour) crushes every piece on the path and the
    landing square, unless one of them is a Golem or the Golem's own Adept."""

    simple = False

    def __init__(self) -> None:
        super().__init__(GOLEM, "Golem")
        self.routes: list[tuple[_Route, ...]] = []
        #: per square, the (Golem square, route) pairs whose route passes it
        self.reach: list[list[tuple[int, _Route]]] = []

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        shapes = [(d, 2) for d in DIAGONAL] + [(d, 3) for d in ORTHOGONAL]
        self.routes = [
            tuple(r for step, n in shapes if (r := _line(geometry, sq, step, n)))
            for sq in range(geometry.size)
        ]
        self.reach = [[] for _ in range(geometry.size)]
        for sq, routes in enumerate(self.routes):
            for route in routes:
                for s in route:
                    self.reach[s].append((sq, route))

    def crushable(self, board: list[Piece | None], route: _Route, color: Player) -> bool:
        """Whether a Golem of ``color`` may crush along ``route`` (its landing taken
        as occupied): no Golem and no Adept of its own colour stands on it (DF-2)."""
        for s in route:
            p = board[s]
            if p is not None and (p.kind == GOLEM or (p.royal and p.color == color)):
                return False
        return True

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        color = piece.color
        assert color is not None
        for route in self.routes[sq]:
            land = route[-1]
            if board[land] is None:
                if all(board[s] is None for s in route[:-1]):
                    out.append(quiet(sq, land))
            elif self.crushable(board, route, color):
                out.append(_crush(board, sq, route, color))

    def attacks(self, pos: Position, target: int, color: Player) -> bool:
        """Whether a Golem of ``color`` could crush the piece on ``target``."""
        board = pos.board
        for sq, route in self.reach[target]:
            golem = board[sq]
            if golem is None or golem.kind != GOLEM or golem.color != color:
                continue
            land = route[-1]
            if land != target and board[land] is None:
                continue
            if self.crushable(board, route, color):
                return True
        return False


def _crush(board: list[Piece | None], sq: int, route: _Route, color: Player) -> Move:
    """The Golem's move along ``route`` removing every piece on it.  It is a
    simple capture when it takes just an enemy on the landing square, else a
    tagged ``crush``."""
    victims = [s for s in route if board[s] is not None]
    actions: list[Action] = [Remove(s) for s in victims]
    actions.append(Relocate(sq, route[-1]))
    land_piece = board[route[-1]]
    simple = len(victims) == 1 and land_piece is not None and land_piece.color != color
    return Move(sq, route[-1], tuple(actions), tag=None if simple else DugganMove.CRUSH)


class Archer(PieceType):
    """DF-4: n squares one way (orthogonal or diagonal), then n squares at a right
    angle; nothing may stand on the way.  Each target has two such paths (one
    per order of the legs) and either clear one suffices.  Captures only on the
    landing square, and never a Golem (DF-2)."""

    simple = False

    def __init__(self) -> None:
        super().__init__("A", "Archer")
        #: per square: (target, paths) with each path's squares before the target
        self.routes: list[tuple[tuple[int, tuple[_Route, ...]], ...]] = []

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        self.routes = [self._routes_from(geometry, sq) for sq in range(geometry.size)]

    @staticmethod
    def _routes_from(geo: Geometry, sq: int) -> tuple[tuple[int, tuple[_Route, ...]], ...]:
        found: dict[int, list[_Route]] = {}
        for first in ORTHOGONAL + DIAGONAL:
            for second in ((-first[1], first[0]), (first[1], -first[0])):
                for n in range(1, max(geo.files, geo.ranks)):
                    leg1 = _line(geo, sq, first, n)
                    leg2 = _line(geo, leg1[-1], second, n) if leg1 else ()
                    if leg2:
                        found.setdefault(leg2[-1], []).append(leg1 + leg2[:-1])
        return tuple((t, tuple(paths)) for t, paths in found.items())

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        for target, paths in self.routes[sq]:
            x = board[target]
            if x is not None and (x.color == piece.color or x.kind == GOLEM):
                continue
            if any(all(board[s] is None for s in path) for path in paths):
                actions: tuple[Action, ...] = (Relocate(sq, target),)
                if x is not None:
                    actions = (Remove(target), *actions)
                out.append(Move(sq, target, actions))

    def attacks(self, pos: Position, target: int, color: Player) -> bool:
        """Whether an Archer of ``color`` could land on ``target``.  The paths are
        symmetric, so the Archer's own routes from ``target`` lead back to it."""
        board = pos.board
        for sq, paths in self.routes[target]:
            p = board[sq]
            if (
                p is not None
                and p.kind == "A"
                and p.color == color
                and any(all(board[s] is None for s in path) for path in paths)
            ):
                return True
        return False


class Mercenary(PieceType):
    """DF-3: one step forward to an empty square, two from its second rank.  While
    it is attacked (by an enemy, or by one of its own Golems) it may also step
    left, right or forward onto an empty square or onto an enemy, a Golem included."""

    simple = False

    def __init__(self, variant: DuggansFantasyChess) -> None:
        super().__init__(MERCENARY, "Mercenary")
        self.variant = variant
        self.second_rank: dict[Player, frozenset[int]] = {}

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        self.second_rank = {
            WHITE: frozenset(geometry.squares_of_rank(1)),
            BLACK: frozenset(geometry.squares_of_rank(geometry.ranks - 2)),
        }
        #: per player and square: the square ahead, the one beyond it from the second
        #: rank (else -1), and the side and forward steps of a threatened Mercenary
        self.tables = {
            color: [self._square_table(geometry, color, sq) for sq in range(geometry.size)]
            for color in (WHITE, BLACK)
        }
        #: per player and square: the side and forward steps of a threatened Mercenary,
        #: each with its move there and its capture there
        self.threatened_steps = {
            color: [
                tuple(
                    (
                        t,
                        Move(sq, t, (Relocate(sq, t),), tag=DugganMove.THREATENED),
                        Move(sq, t, (Remove(t), Relocate(sq, t)), tag=DugganMove.THREATENED),
                    )
                    for t in self.tables[color][sq][2]
                )
                for sq in range(geometry.size)
            ]
            for color in (WHITE, BLACK)
        }

    def _square_table(
        self, geo: Geometry, color: Player, sq: int
    ) -> tuple[int, int, tuple[int, ...]]:
        forward = orient((0, 1), color)
        ahead = geo.offset(sq, forward)
        beyond = geo.offset(ahead, forward) if ahead is not None else None
        double = beyond if beyond is not None and sq in self.second_rank[color] else -1
        steps = tuple(
            t
            for step in ((-1, 0), (1, 0), (0, 1))
            if (t := geo.offset(sq, orient(step, color))) is not None
        )
        return (-1 if ahead is None else ahead, double, steps)

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        color = piece.color
        assert color is not None
        board = pos.board
        ahead, double, _ = self.tables[color][sq]
        if ahead >= 0 and board[ahead] is None:
            out.append(quiet(sq, ahead))
            if double >= 0 and board[double] is None:
                out.append(quiet(sq, double))
        found = []
        for t, step, take in self.threatened_steps[color][sq]:
            x = board[t]
            if x is None and t != ahead:
                found.append(step)
            elif x is not None and x is not WALL and x.color != color:
                found.append(take)
        # the threat (an attack test) is asked only when there is a step to make
        if found and self.variant.threatened(pos, sq, color):
            out.extend(found)


class Commander(BetzaPiece):
    """DF-5: one step orthogonally, moving or capturing (Golems too, DF-2).  A move
    that ends on its own first rank may also make it an Archer, Assassin, Golem
    or Bishop; staying a Commander is the plain move.  Its zone is the opposite
    of the Mercenary's, so it promotes here rather than through the variant's
    :class:`~trebuchet.variants.variant.Promotion`."""

    def __init__(self, variant: DuggansFantasyChess) -> None:
        super().__init__(COMMANDER, "Commander", "W")
        self.variant = variant
        self.home: dict[Player, frozenset[int]] = {}

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        self.home = {
            WHITE: frozenset(geometry.squares_of_rank(0)),
            BLACK: frozenset(geometry.squares_of_rank(geometry.ranks - 1)),
        }

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        first = len(out)
        super().generate(pos, sq, piece, out)
        color = piece.color
        assert color is not None
        home = self.home[color]
        for move in out[first:]:
            if move.to in home:
                out.extend(
                    with_change(move, self.variant.piece(kind, color), kind)
                    for kind in COMMANDER_CHOICES
                )


class Assassin(GolemProofPiece):
    """DF-6: captures one step like a king (never a Golem), or teleports to any
    empty square.  Options restrict the teleport: ``cornered-assassin`` forbids it
    while she is attacked by an enemy; ``cowardly-assassin`` allows it only to a
    square defended by a friendly piece (her own Golems count)."""

    simple = False

    def __init__(self, variant: DuggansFantasyChess) -> None:
        super().__init__(ASSASSIN, "Assassin", "cK")
        self.variant = variant
        #: per square, the teleport from there to each square (made once)
        self.teleports: list[tuple[Move, ...]] = []

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        squares = range(geometry.size)
        self.teleports = [
            tuple(Move(sq, t, (Relocate(sq, t),), tag=DugganMove.TELEPORT) for t in squares)
            for sq in squares
        ]

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        super().generate(pos, sq, piece, out)
        color = piece.color
        assert color is not None
        variant = self.variant
        if "cornered-assassin" in variant.options and variant.attacked_by_opponent(pos, sq, color):
            return
        cowardly = "cowardly-assassin" in variant.options
        teleports = self.teleports[sq]
        for t, x in enumerate(pos.board):
            if x is None and (not cowardly or variant.defended_after_teleport(pos, sq, t)):
                out.append(teleports[t])


# -- the game ---------------------------------------------------------------------------


class DuggansFantasyChess(Variant):
    """Duggan's Fantasy Chess (revised): FIDE's board and array with fantasy pieces."""

    own_attacks: ClassVar[bool] = True

    name = "duggans-fantasy-chess"
    title = "Duggan's Fantasy Chess (revised)"
    files = 8
    ranks = 8
    # DF-1: Golem=Rook, Archer=Knight, Assassin=Queen, Adept=King, Mercenary=Pawn;
    # no castling and no en passant (castling_rook_kinds and ep_kinds stay empty).
    start_fen = "gabskbag/mmmmmmmm/8/8/8/8/MMMMMMMM/GABSKBAG w - - 0 1"
    option_help: ClassVar[dict[str, str]] = {
        "cornered-assassin": "DF-6: the Assassin may not teleport while an enemy attacks her",
        "cowardly-assassin": "DF-6: the Assassin may teleport only to a square a friend defends",
    }
    pawn_kinds: ClassVar[frozenset[str]] = frozenset({MERCENARY})
    simple_rules: ClassVar[bool] = False
    board_legality: ClassVar[bool] = True
    plain_tags: ClassVar[frozenset[StrEnum]] = frozenset(
        {DugganMove.THREATENED, DugganMove.TELEPORT}
    )
    # DF-3: a Mercenary reaching the last rank must become Archer, Bishop or
    # Commander.  The Commander's own promotion (DF-5) is in its generator.
    promotion: Promotion | None = Promotion(
        kinds=frozenset({MERCENARY}),
        choices=("A", "B", "C"),
        ranks=(7,),
        mandatory_ranks=(7,),
    )

    def __init__(self, options: Iterable[str] = ()) -> None:
        super().__init__(options)
        geo = self.geometry
        squares = range(geo.size)
        #: per square, the squares next to it
        self._near = [
            tuple(t for v in ORTHOGONAL + DIAGONAL if (t := geo.offset(sq, v)) is not None)
            for sq in squares
        ]
        #: per square, the squares one step away, and whether the step is orthogonal
        self._steps = [
            tuple(
                (t, step in ORTHOGONAL)
                for step in ORTHOGONAL + DIAGONAL
                if (t := geo.offset(sq, step)) is not None
            )
            for sq in squares
        ]
        #: per square, its diagonals outward
        self._diagonals = [tuple(geo.ray(sq, v) for v in DIAGONAL) for sq in squares]
        #: per player and square, where a Mercenary of that player would stand to take
        #: a piece there (beside it, or behind it from the Mercenary's side: DF-3)
        self._mercenary_origins = {
            by: [
                tuple(
                    t
                    for step in ((-1, 0), (1, 0), (0, -1))
                    if (t := geo.offset(sq, orient(step, by))) is not None
                )
                for sq in squares
            ]
            for by in (WHITE, BLACK)
        }
        #: per target, per square a Golem (an Archer) could take it from: the squares
        #: its routes (paths) there cross, its own square included
        self._golem_zone: list[dict[int, frozenset[int]]] = [{} for _ in squares]
        for t in squares:
            for sq, route in self.golem.reach[t]:
                zone = self._golem_zone[t].get(sq, frozenset({sq}))
                self._golem_zone[t][sq] = zone | frozenset(route)
        self._archer_zone = [
            {sq: frozenset((sq, *(s for path in paths for s in path))) for sq, paths in routes}
            for routes in self.archer.routes
        ]

    def piece_types(self) -> list[PieceType]:
        self.golem = Golem()
        self.archer = Archer()
        return [
            self.golem,
            self.archer,
            GolemProofPiece("B", "Bishop", "B"),
            Assassin(self),
            BetzaPiece(ADEPT, "Adept", "K", royal=True),  # DF-7
            Mercenary(self),
            Commander(self),
        ]

    # -- attacks --------------------------------------------------------------------
    def is_attacked(self, pos: Position, sq: int, by: Player) -> bool:
        """Could ``by`` remove the piece on ``sq`` with one move (ignoring its own check)?"""
        return self._attacked(pos, sq, by, frozenset())

    def special_attacks(self, pos: Position, sq: int, by: Player) -> bool:
        """What the rays of the simple kinds (Bishop, Commander, Adept) do not see:
        Golems, Archers, threatened Mercenaries and the Assassin's step.  For a
        Golem or a piece of ``by`` on ``sq`` the rays do not apply (DF-2): the whole
        test."""
        board = pos.board
        occupant = board[sq]
        if occupant is None or occupant.color == by or occupant.kind == GOLEM:
            return self._attacked(pos, sq, by, frozenset())
        return (
            self.golem.attacks(pos, sq, by)
            or any(_owned(board[s], by, ASSASSIN) for s in self._near[sq])
            or self.archer.attacks(pos, sq, by)
            or self._mercenaries_attack(pos, sq, by, frozenset())
        )

    def special_zone(self, pos: Position, target: int, by: Player) -> frozenset[int] | None:
        """The squares that decide :meth:`special_attacks` for ``target``: the route of
        each ``by`` Golem and the paths of each ``by`` Archer that could reach it,
        and any ``by`` Assassin next to it.  None when a ``by`` Mercenary stands
        where it could take the target: whether it is threatened depends on
        everything (DF-3)."""
        board = pos.board
        if any(_owned(board[s], by, MERCENARY) for s in self._mercenary_origins[by][target]):
            return None
        found: set[int] = set()
        for s, zone in self._golem_zone[target].items():
            if _owned(board[s], by, GOLEM):
                found |= zone
        for s, zone in self._archer_zone[target].items():
            if _owned(board[s], by, "A"):
                found |= zone
        found.update(s for s in self._near[target] if _owned(board[s], by, ASSASSIN))
        return frozenset(found)

    def threatened(self, pos: Position, sq: int, color: Player) -> bool:
        """DF-3: whether the ``color`` Mercenary on ``sq`` is attacked by an enemy
        or by one of its own Golems, and so may make its side and forward steps."""
        return self._threatened(pos, sq, color, frozenset({sq}))

    def _threatened(self, pos: Position, sq: int, color: Player, pending: frozenset[int]) -> bool:
        return self._attacked(pos, sq, 1 - color, pending) or self.golem.attacks(pos, sq, color)

    def _attacked(self, pos: Position, sq: int, by: Player, pending: frozenset[int]) -> bool:
        """The attack test.  An enemy Mercenary attacks only while it is itself
        threatened, and two Mercenaries may each be "threatened" only by the
        other; ``pending`` holds the Mercenaries whose threat is being decided,
        and a threat that leads back to one of them does not count.  So a threat
        must rest on some other piece (the least fixed point of DF-3's wording)."""
        board = pos.board
        occupant = board[sq]
        if occupant is not None and occupant.color == by:
            return self.golem.attacks(pos, sq, by)  # only a Golem takes friends (DF-2)
        if self.golem.attacks(pos, sq, by) or self._steppers_attack(pos, sq, by):
            return True
        if _is_golem(occupant):
            return self._mercenaries_attack(pos, sq, by, pending)
        return (
            self._bishops_attack(pos, sq, by)
            or self.archer.attacks(pos, sq, by)
            or self._mercenaries_attack(pos, sq, by, pending)
        )

    def _steppers_attack(self, pos: Position, sq: int, by: Player) -> bool:
        """Adept (any step), Commander (orthogonal step), Assassin (any step, never
        onto a Golem: DF-2)."""
        board = pos.board
        golem_target = _is_golem(board[sq])
        for s, orthogonal in self._steps[sq]:
            p = board[s]
            if p is None or p is WALL or p.color != by:
                continue
            if p.kind == ADEPT or (p.kind == COMMANDER and orthogonal):
                return True
            if p.kind == ASSASSIN and not golem_target:
                return True
        return False

    def _bishops_attack(self, pos: Position, sq: int, by: Player) -> bool:
        board = pos.board
        for ray in self._diagonals[sq]:
            for s in ray:
                p = board[s]
                if p is not None:
                    if p.kind == "B" and p.color == by:
                        return True
                    break
        return False

    def _mercenaries_attack(
        self, pos: Position, sq: int, by: Player, pending: frozenset[int]
    ) -> bool:
        """A ``by`` Mercenary beside ``sq`` or behind it (from its own side) that
        is itself threatened (DF-3)."""
        board = pos.board
        for s in self._mercenary_origins[by][sq]:
            if s in pending:
                continue
            p = board[s]
            if (
                p is not None
                and p.kind == MERCENARY
                and p.color == by
                and self._threatened(pos, s, by, pending | {s})
            ):
                return True
        return False

    def defended_after_teleport(self, pos: Position, frm: int, to: int) -> bool:
        """``cowardly-assassin`` (DF-6): whether, with the Assassin gone from ``frm``,
        a friendly piece could take an enemy standing on ``to``.  The stand-in enemy
        is an Assassin: it threatens the Mercenaries beside it, so side-by-side
        Mercenaries defend one another as the rule page's tips say.  Enemy Golems
        never defend; her own Golems do, since their crush takes friends too."""
        board = pos.board
        assassin = board[frm]
        assert assassin is not None and assassin.color is not None
        color = assassin.color
        board[frm] = None
        board[to] = self.piece(ASSASSIN, 1 - color)
        try:
            return self.is_attacked(pos, to, color)
        finally:
            board[to] = None
            board[frm] = assassin
