"""Titan Chess (Charles Daniel, 2008): 12 x 12, 72 pieces, seven new kinds.

Rulings TC-1 ... TC-9 of docs/rules/titan-chess.md decide every open
question; the page's worked examples are there too.

Most new pieces capture pieces they do not land on (fly-over, jump and double
captures), so each is a small :class:`~trebuchet.variants.pieces.PieceType` that emits
REMOVE actions.  For the check test the rules core would otherwise generate every
enemy move; :meth:`TitanChess.removes` instead looks backwards from the target
square, one short function per kind, because perft spends nearly all its time
asking whether a King is attacked.

Coordinate notation (one text per legal move):

* ordinary, jump, fly-over and double captures: from-square and landing square,
  ``f4h4`` (whatever is removed on the way);
* promotion: a lower-case letter after the move, ``a11a12q``;
* castling (TC-7): the King's move then the Rook's, ``g1h1k1g1`` ... ``g12b12b12c12``;
  the King's move alone (``g1h1``) is a plain King step.
* Input may separate the parts with ``-``, ``x``, ``;``, ``,``, ``=`` or spaces
  (``g1-h1; k1-g1``), as the rule page and Game Courier write them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from typing import ClassVar

from trebuchet.variants.geometry import DIAGONAL, ORTHOGONAL, Geometry, Vector
from trebuchet.variants.move import (
    Action,
    Move,
    MoveKind,
    Relocate,
    Remove,
    capture,
    quiet,
)
from trebuchet.variants.pieces import BLACK, WALL, WHITE, BetzaPiece, Piece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Promotion, Variant

#: Ranks are 0-based from the owner's side: index 5 is rank 6 (White) / rank 7 (Black).
CENTRE = 5
#: Kinds a Pawn or Ninja Pawn may promote to (TC-2, TC-3): not King, Pawn, Ninja Pawn.
PROMOTION_CHOICES = ("Q", "R", "B", "N", "F", "Y", "G", "V", "U", "W")
CAMEL: tuple[Vector, ...] = (
    (3, 1), (1, 3), (-1, 3), (-3, 1), (-3, -1), (-1, -3), (1, -3), (3, -1),
)  # fmt: skip

#: the kinds :meth:`TitanChess.removes` looks for (bombers, quad pieces, Ninja Pawns)
_SPECIAL = frozenset("FYUVJ")

_SEPARATORS = re.compile(r"[\s\-x;,=]+", re.IGNORECASE)


class TitanMove(StrEnum):
    """Titan Chess's special moves (captures of pieces the mover does not land on)."""

    JUMP = "jump"
    """TC-4: a Ninja's two-square move over an enemy, which it captures."""
    FLYOVER = "flyover"
    """TC-5, TC-6: a bomber or quad piece flies over an enemy and takes it."""
    DOUBLE = "double"
    """TC-5: a bomber takes an adjacent enemy and the one behind it at once."""


def _enemy(x: Piece | None, color: Player) -> bool:
    """A piece ``color`` may capture (not empty, not a missing square, not its own)."""
    return x is not None and x is not WALL and x.color != color


def _neg(v: Vector) -> Vector:
    return (-v[0], -v[1])


def _perpendiculars(v: Vector) -> tuple[Vector, Vector]:
    """The two unit vectors at right angles to the orthogonal unit vector ``v``."""
    return ((v[1], v[0]), (-v[1], -v[0]))


def _owned(x: Piece | None, by: Player, kind: str) -> bool:
    return x is not None and x.kind == kind and x.color == by


def _rel_rank(geo: Geometry, sq: int, color: Player) -> int:
    """The rank of ``sq`` counted from ``color``'s own side, 0-based."""
    rank = geo.rank_of(sq)
    return rank if color == WHITE else geo.ranks - 1 - rank


def _geo(ptype: PieceType) -> Geometry:
    assert ptype.geometry is not None, "piece type used before Variant.bind"
    return ptype.geometry


def _pawn_targets(geo: Geometry, color: Player, sq: int) -> frozenset[int]:
    """Squares either kind of pawn could reach from ``sq``: its forward run, the two
    forward diagonals and the two sideways squares (so that the rules core skips the
    promotion expansion for pawns far from the last rank)."""
    f = _forward(color)
    steps = _run_length(geo, sq, color)
    near = (geo.offset(sq, (dx, dy)) for dx in (-1, 1) for dy in (0, f))
    return frozenset(geo.ray(sq, (0, f))[:steps]) | {t for t in near if t is not None}


def _forward(color: Player) -> int:
    """The rank step that is forward for ``color``."""
    return 1 if color == WHITE else -1


def _run_length(geo: Geometry, sq: int, color: Player) -> int:
    """TC-2, TC-3: how far forward a pawn may run: up to the centre rank from below it,
    one square from the centre rank on."""
    rel = _rel_rank(geo, sq, color)
    return CENTRE - rel if rel < CENTRE else 1


_TableStep = tuple[int, Move | None, Move | None]
"""A square a piece may step or leap to, its quiet move there and its capture there
(None where it has no such move)."""


def _pawn_run(geo: Geometry, color: Player, sq: int) -> tuple[tuple[int, Move], ...]:
    """TC-2: each square of the forward run with the Pawn's move there, which leaves
    the squares it passed as en passant targets."""
    ray = geo.ray(sq, (0, _forward(color)))[: _run_length(geo, sq, color)]
    return tuple((t, Move(sq, t, (Relocate(sq, t),), ep=ray[:k])) for k, t in enumerate(ray))


def _forward_diagonals(geo: Geometry, color: Player, sq: int) -> tuple[int, ...]:
    f = _forward(color)
    found = (geo.offset(sq, (dx, f)) for dx in (-1, 1))
    return tuple(t for t in found if t is not None)


def _table_steps(
    board: list[Piece | None], steps: tuple[_TableStep, ...], color: Player, out: list[Move]
) -> None:
    """The moves of ``steps`` in this position: the quiet move onto an empty square,
    the capture onto an enemy."""
    for t, quiet_move, capture_move in steps:
        x = board[t]
        if x is None:
            if quiet_move is not None:
                out.append(quiet_move)
        elif capture_move is not None and x is not WALL and x.color != color:
            out.append(capture_move)


class TitanPawn(PieceType):
    """The ordinary Pawn (TC-2): from below the centre it may run forward over any
    number of empty squares up to the centre rank; each square it passes becomes an
    en passant target for enemy ordinary Pawns for one move."""

    simple = True  # it removes only by its diagonal captures; e.p. never takes a King

    def __init__(self, letter: str, name: str) -> None:
        super().__init__(letter, name)
        #: per player and square: the forward run (each square with its move, which
        #: leaves the squares passed as en passant targets), and the two diagonals
        #: forward with the capture there, worked out once in :meth:`bind`
        self._runs: dict[Player, list[tuple[tuple[int, Move], ...]]] = {}
        self._diagonals: dict[Player, list[tuple[tuple[int, Move], ...]]] = {}

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        for color in initial:
            self._runs[color] = [_pawn_run(geometry, color, sq) for sq in range(geometry.size)]
            self._diagonals[color] = [
                tuple((t, capture(sq, t)) for t in _forward_diagonals(geometry, color, sq))
                for sq in range(geometry.size)
            ]

    def targets(self, color: Player, sq: int) -> frozenset[int]:
        return _pawn_targets(_geo(self), color, sq)

    def attack_vectors(self, color: Player) -> Iterable[tuple[Vector, int]]:
        f = _forward(color)
        return (((1, f), 1), ((-1, f), 1))

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        color = piece.color
        assert color is not None
        for t, move in self._runs[color][sq]:
            if board[t] is not None:
                break
            out.append(move)
        for diag, take in self._diagonals[color][sq]:
            x = board[diag]
            if x is None:
                if diag in pos.ep:
                    self._en_passant(pos, sq, diag, color, out)
            elif x is not WALL and x.color != color:
                out.append(take)

    @staticmethod
    def _en_passant(pos: Position, sq: int, t: int, color: Player, out: list[Move]) -> None:
        """TC-2: only an ordinary Pawn can be taken en passant (never a Ninja Pawn)."""
        victim = pos.ep_victim
        x = pos.board[victim] if victim >= 0 else None
        if _enemy(x, color) and x is not None and x.kind == "P":
            out.append(Move(sq, t, (Remove(victim), Relocate(sq, t)), tag=MoveKind.EN_PASSANT))


class NinjaPawn(PieceType):
    """The Ninja Pawn (TC-3): steps forward or sideways anywhere, runs to the centre
    from its own half, captures diagonally forward anywhere and sideways in the enemy
    half.  Not simple: the sideways capture depends on the rank it stands on."""

    def __init__(self, letter: str, name: str) -> None:
        super().__init__(letter, name)
        #: per player and square: the forward run's moves, then each square to the
        #: side and diagonally forward with its quiet move and its capture (None where
        #: there is none), worked out once in :meth:`bind`
        self._runs: dict[Player, list[tuple[tuple[int, Move], ...]]] = {}
        self._wings: dict[Player, list[tuple[_TableStep, ...]]] = {}

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        for color in initial:
            self._runs[color] = [
                tuple((t, quiet(sq, t)) for t, _ in _pawn_run(geometry, color, sq))
                for sq in range(geometry.size)  # TC-3: no en passant squares
            ]
            self._wings[color] = [
                self._wing_steps(geometry, color, sq) for sq in range(geometry.size)
            ]

    @staticmethod
    def _wing_steps(geo: Geometry, color: Player, sq: int) -> tuple[_TableStep, ...]:
        """TC-3: sideways it moves, and captures only in the enemy half; diagonally
        forward it only captures."""
        f = _forward(color)
        enemy_half = _rel_rank(geo, sq, color) > CENTRE
        found: list[_TableStep] = []
        for dx in (-1, 1):
            side = geo.offset(sq, (dx, 0))
            if side is not None:
                found.append((side, quiet(sq, side), capture(sq, side) if enemy_half else None))
            diag = geo.offset(sq, (dx, f))
            if diag is not None:
                found.append((diag, None, capture(sq, diag)))
        return tuple(found)

    def targets(self, color: Player, sq: int) -> frozenset[int]:
        return _pawn_targets(_geo(self), color, sq)

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        color = piece.color
        assert color is not None
        for t, move in self._runs[color][sq]:
            if board[t] is not None:
                break
            out.append(move)
        _table_steps(board, self._wings[color][sq], color, out)


class NinjaJumper(PieceType):
    """Ninja Warrior (orthogonal) and Leaping Ninja Guard (diagonal, plus the camel).

    TC-4: one step, moving or capturing; or two steps straight, leaping the adjacent
    square: a jumped friend stays, a jumped enemy is always captured, and the landing
    square may hold an enemy, captured too.  Every piece it can remove is one step or
    one two-step leap away, so checks follow its leap vectors: it counts as simple.
    """

    simple = True

    def __init__(
        self, letter: str, name: str, lines: tuple[Vector, ...], leaps: tuple[Vector, ...] = ()
    ) -> None:
        super().__init__(letter, name)
        self.lines = lines
        self.leaps = leaps
        #: per square: for each line, the adjacent square with its quiet move and
        #: capture, the square beyond (-1: none) and the jump's four moves (indexed by
        #: 2 * enemy jumped + landing square occupied); then the leaps
        self._lines: list[tuple[tuple[int, Move, Move, int, tuple[Move, ...]], ...]] = []
        self._leaps: list[tuple[_TableStep, ...]] = []

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        self._lines = [self._line_steps(geometry, sq) for sq in range(geometry.size)]
        self._leaps = [
            tuple(
                (t, quiet(sq, t), capture(sq, t))
                for v in self.leaps
                if (t := geometry.offset(sq, v)) is not None
            )
            for sq in range(geometry.size)
        ]

    def _line_steps(
        self, geo: Geometry, sq: int
    ) -> tuple[tuple[int, Move, Move, int, tuple[Move, ...]], ...]:
        found = []
        for v in self.lines:
            ray = geo.ray(sq, v)[:2]
            if not ray:
                continue
            mid = ray[0]
            land = ray[1] if len(ray) == 2 else -1
            jumps: tuple[Move, ...] = ()
            if land >= 0:
                jumps = tuple(
                    self._jump_move(sq, mid, land, over_enemy, onto_enemy)
                    for over_enemy in (False, True)
                    for onto_enemy in (False, True)
                )
            found.append((mid, quiet(sq, mid), capture(sq, mid), land, jumps))
        return tuple(found)

    @staticmethod
    def _jump_move(sq: int, mid: int, land: int, over_enemy: bool, onto_enemy: bool) -> Move:
        """TC-4: the two-square move over ``mid``; a jumped enemy is captured, and so is
        an enemy on the landing square."""
        actions: list[Action] = []
        if over_enemy:
            actions.append(Remove(mid))
        if onto_enemy:
            actions.append(Remove(land))
        actions.append(Relocate(sq, land))
        return Move(sq, land, tuple(actions), tag=TitanMove.JUMP if over_enemy else None)

    def attack_vectors(self, color: Player) -> Iterable[tuple[Vector, int]]:
        for v in self.lines:
            yield v, 1
            yield (2 * v[0], 2 * v[1]), 1
        for v in self.leaps:
            yield v, 1

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        color = piece.color
        assert color is not None
        for mid, quiet_move, capture_move, land, jumps in self._lines[sq]:
            x = board[mid]
            over_enemy = 0
            if x is None:
                out.append(quiet_move)
            elif x is not WALL and x.color != color:
                out.append(capture_move)
                over_enemy = 2
            if land < 0:
                continue
            # TC-4: the two-square move, up to two captures
            target = board[land]
            if target is None:
                out.append(jumps[over_enemy])
            elif target is not WALL and target.color != color:
                out.append(jumps[over_enemy + 1])
        # TC-4: the camel leap takes one piece
        _table_steps(board, self._leaps[sq], color, out)


class FlyingBomber(PieceType):
    """Flying Bomber (orthogonal lines) and Raptor (diagonal lines), TC-5.

    Moves without capturing as a rook (bishop) does, or leaps an adjacent friend to
    the empty square beyond.  Captures by flying over the first enemy on a clear
    line to the empty square just beyond it, by landing on an enemy exactly two
    squares away over anything, or, with an enemy adjacent and another right after
    it, by taking both and landing on the second (then compulsory).  It never
    captures an adjacent piece by landing on it.
    """

    def __init__(self, letter: str, name: str, lines: tuple[Vector, ...]) -> None:
        super().__init__(letter, name)
        self.lines = lines
        #: per square, its lines, each with its moves: see :class:`_BomberRay`
        self._rays: list[tuple[_BomberRay, ...]] = []

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        self._rays = [
            tuple(_BomberRay(sq, geometry.ray(sq, v)) for v in self.lines)
            for sq in range(geometry.size)
        ]

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        color = piece.color
        assert color is not None
        for line in self._rays[sq]:
            ray = line.ray
            n = len(ray)
            first = 0
            while first < n and board[ray[first]] is None:
                out.append(line.quiet[first])
                first += 1
            if first == 0:
                # A piece right next to it: leap a friend, fly over or double-capture
                # an enemy.
                if n < 2:
                    continue
                near, far = board[ray[0]], board[ray[1]]
                if far is not None and (far is WALL or far.color == color):
                    continue
                if near is not None and near is not WALL and near.color != color:
                    if far is None:
                        out.append(line.flyover[0])
                    elif line.double is not None:
                        # TC-5: the double capture is compulsory: no single capture here
                        out.append(line.double)
                elif far is None:
                    out.append(line.quiet[1])
                elif line.capture_two is not None:
                    # TC-5: over a friendly piece it captures by replacement only
                    out.append(line.capture_two)
            elif first < n:
                # The first piece lies beyond empty squares: fly over it, or replace it
                # at two.
                prey = board[ray[first]]
                if prey is None or prey is WALL or prey.color == color:
                    continue
                if first == 1 and line.capture_two is not None:
                    # TC-5: the distance-two replacement capture
                    out.append(line.capture_two)
                if first + 1 < n and board[ray[first + 1]] is None:
                    out.append(line.flyover[first])


class _BomberRay:
    """A line of a Flying Bomber or Raptor from its square, with its moves made once:
    the quiet move to each square, the fly-over of each square onto the next, the
    capture by replacement two squares away and the double capture (TC-5)."""

    __slots__ = ("capture_two", "double", "flyover", "quiet", "ray")

    def __init__(self, sq: int, ray: tuple[int, ...]) -> None:
        self.ray = ray
        self.quiet: tuple[Move, ...] = tuple(quiet(sq, t) for t in ray)
        self.flyover: tuple[Move, ...] = tuple(
            _flyover(sq, ray[i], ray[i + 1]) for i in range(len(ray) - 1)
        )
        self.capture_two: Move | None = None
        self.double: Move | None = None
        if len(ray) > 1:
            self.capture_two = capture(sq, ray[1])
            both = (Remove(ray[0]), Remove(ray[1]), Relocate(sq, ray[1]))
            self.double = Move(sq, ray[1], both, tag=TitanMove.DOUBLE)


_QuadPath = tuple[int, tuple[int, ...], tuple[Move, ...], tuple[Move, ...]]
"""A Quad piece's path from its square: the first-step square, the squares outward
from it, the quiet move to each and the fly-over of each onto the next."""


class QuadPiece(PieceType):
    """Quad Bomber (diagonal step, then orthogonally outward) and Quad Raptor
    (orthogonal step, then diagonally outward), TC-6.

    The first step must reach an empty square and is not a move by itself; the
    piece then slides outward.  It captures only by flying over the first enemy in
    its path onto the empty square just beyond, one piece at most.
    """

    def __init__(self, letter: str, name: str, paths: tuple[tuple[Vector, Vector], ...]) -> None:
        super().__init__(letter, name)
        #: (first step, outward direction) pairs
        self.paths = paths
        #: per square, its paths (see :data:`_QuadPath`)
        self._paths: list[tuple[_QuadPath, ...]] = []

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        self._paths = []
        for sq in range(geometry.size):
            found: list[_QuadPath] = []
            for first, outward in self.paths:
                s1 = geometry.offset(sq, first)
                if s1 is None:
                    continue
                ray = geometry.ray(s1, outward)
                quiets = tuple(quiet(sq, t) for t in ray)
                flyovers = tuple(_flyover(sq, ray[i], ray[i + 1]) for i in range(len(ray) - 1))
                found.append((s1, ray, quiets, flyovers))
            self._paths.append(tuple(found))

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        color = piece.color
        assert color is not None
        for s1, ray, quiets, flyovers in self._paths[sq]:
            if board[s1] is not None:
                continue  # TC-6: a piece on the first step blocks and cannot be taken
            n = len(ray)
            for i in range(n):
                x = board[ray[i]]
                if x is None:
                    out.append(quiets[i])
                    continue
                if x is not WALL and x.color != color and i + 1 < n and board[ray[i + 1]] is None:
                    out.append(flyovers[i])
                break


def _flyover(sq: int, prey: int, land: int) -> Move:
    """The piece on ``sq`` flies over ``prey``, taking it, and lands on ``land``."""
    return Move(sq, land, (Remove(prey), Relocate(sq, land)), tag=TitanMove.FLYOVER)


def quad_paths(firsts: tuple[Vector, ...], bomber: bool) -> tuple[tuple[Vector, Vector], ...]:
    """Each first step with its two outward directions.

    For the Quad Bomber the outward lines are the two orthogonal components of its
    diagonal first step; for the Quad Raptor, the two diagonals that contain its
    orthogonal first step.
    """
    paths: list[tuple[Vector, Vector]] = []
    for v in firsts:
        if bomber:
            outs = [(v[0], 0), (0, v[1])]
        else:
            outs = [(v[0] + p[0], v[1] + p[1]) for p in _perpendiculars(v)]
        paths.extend((v, o) for o in outs)
    return tuple(paths)


class TitanChess(Variant):
    """Titan Chess: FIDE rules with seven new pieces, the extended pawn run and its en
    passant, flexible castling (nine ways) and promotion on the last rank."""

    own_attacks: ClassVar[bool] = True

    name = "titan-chess"
    title = "Titan Chess"
    files = 12
    ranks = 12
    # TC-1: F Flying Bomber, Y Raptor, G Leaping Ninja Guard, V Quad Raptor,
    # U Quad Bomber, W Ninja Warrior, J Ninja Pawn; Black mirrors on the same files.
    start_fen = (
        "frygvqkugyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/"
        "PPPPPPPPPPPP/JJJWNBBNWJJJ/FRYGVQKUGYRF w KQkq - 0 1"
    )
    pawn_kinds: ClassVar[frozenset[str]] = frozenset({"P", "J"})
    castling_rook_kinds: ClassVar[frozenset[str]] = frozenset({"R"})
    # TC-2, TC-3: both pawns promote on the last rank (12 / 1), compulsorily.
    promotion: Promotion | None = Promotion(
        kinds=frozenset({"P", "J"}), choices=PROMOTION_CHOICES, ranks=(11,), mandatory_ranks=(11,)
    )
    simple_rules = False
    board_legality: ClassVar[bool] = True

    def __init__(self, options: Iterable[str] = ()) -> None:
        super().__init__(options)
        self._reverse = _ReverseTables(self.geometry)
        #: (kind, player, square, target) -> what :meth:`_piece_zone` says
        self._piece_zones: dict[tuple[str, Player, int, int], frozenset[int]] = {}

    def piece_types(self) -> list[PieceType]:
        return [
            TitanPawn("P", "Pawn"),
            NinjaPawn("J", "Ninja Pawn"),
            BetzaPiece("N", "Knight", "N"),
            BetzaPiece("B", "Bishop", "B"),
            BetzaPiece("R", "Rook", "R"),
            BetzaPiece("Q", "Queen", "Q"),
            BetzaPiece("K", "King", "K", royal=True),
            NinjaJumper("W", "Ninja Warrior", ORTHOGONAL),
            NinjaJumper("G", "Leaping Ninja Guard", DIAGONAL, CAMEL),
            FlyingBomber("F", "Flying Bomber", ORTHOGONAL),
            FlyingBomber("Y", "Raptor", DIAGONAL),
            QuadPiece("U", "Quad Bomber", quad_paths(DIAGONAL, bomber=True)),
            QuadPiece("V", "Quad Raptor", quad_paths(ORTHOGONAL, bomber=False)),
        ]

    # -- castling (TC-7) ----------------------------------------------------
    def add_castling(self, pos: Position, color: Player, out: list[Move]) -> None:
        """TC-7: the King goes 1 to 4 (5 toward the b-file Rook) squares toward a Rook
        with castling rights, and the Rook lands on the King's other side.  Squares
        strictly between them must be empty; the King's start, path and landing square
        must not be attacked (the landing square through ordinary legality)."""
        geo = self.geometry
        them = self.opponents(color)[0]
        for king_sq in pos.royals[color]:
            if king_sq not in self.royal_start[color]:
                continue
            for rook_sq in sorted(pos.castling):
                if not self._may_castle_with(pos, color, king_sq, rook_sq):
                    continue
                if self.is_attacked(pos, king_sq, them):
                    return  # TC-7: not out of check
                step = 1 if rook_sq > king_sq else -1
                for king_to in (*geo.between(king_sq, rook_sq), rook_sq):
                    if self._king_would_be_attacked(pos, king_sq, king_to - step, them):
                        break
                    out.append(self._castle(king_sq, king_to, rook_sq, king_to - step))

    def _may_castle_with(self, pos: Position, color: Player, king_sq: int, rook_sq: int) -> bool:
        geo = self.geometry
        rook = pos.board[rook_sq]
        return (
            _owned(rook, color, "R")
            and geo.rank_of(rook_sq) == geo.rank_of(king_sq)
            and abs(rook_sq - king_sq) > 1
            and all(pos.board[s] is None for s in geo.between(king_sq, rook_sq))
        )

    def _king_would_be_attacked(
        self, pos: Position, king_sq: int, square: int, by: Player
    ) -> bool:
        """Whether the King, standing on ``square`` instead of its start, could be taken:
        what "passes over an attacked square" means for pieces that need a victim to
        fly over or a landing square beyond it."""
        if square == king_sq:
            return False  # the start square was tested already
        board = pos.board
        king = board[king_sq]
        board[square], board[king_sq] = king, None
        try:
            return self.is_attacked(pos, square, by)
        finally:
            board[king_sq], board[square] = king, None

    def _castle(self, king_sq: int, king_to: int, rook_sq: int, rook_to: int) -> Move:
        """The castling move; the piece whose target is the other's start moves second."""
        king_move = Relocate(king_sq, king_to)
        rook_move = Relocate(rook_sq, rook_to)
        actions = (rook_move, king_move) if king_to == rook_sq else (king_move, rook_move)
        names = self.geometry.names
        suffix = names[rook_sq] + names[rook_to]
        return Move(king_sq, king_to, actions, tag=MoveKind.CASTLE, suffix=suffix)

    # -- attacks -------------------------------------------------------------------
    def removes(self, pos: Position, target: int, by: Player, kinds: frozenset[str]) -> bool:
        """Whether a ``by`` piece of a non-simple kind could remove the piece on
        ``target``, found by looking backwards from the target through tables made
        once per board (same answer as generating every move, which the tests check
        on random positions)."""
        board = pos.board
        tables = self._reverse
        return (
            _bomber_attacks(board, tables.orthogonal[target], by, "F")
            or _bomber_attacks(board, tables.diagonal[target], by, "Y")
            or _quad_attacks(board, tables.quad_bomber[target], by, "U")
            or _quad_attacks(board, tables.quad_raptor[target], by, "V")
            or any(_owned(board[s], by, "J") for s in tables.ninja_pawn[by][target])
        )

    def special_zone(self, pos: Position, target: int, by: Player) -> frozenset[int] | None:
        """The squares that decide :meth:`removes` for ``target``: for each ``by`` piece
        of a special kind placed to reach it, its square and the squares its capture
        needs empty or occupied (worked out once per kind, square and target)."""
        board = pos.board
        cache = self._piece_zones
        found: set[int] = set()
        for s, x in enumerate(board):
            if x is None or x.color != by or x.kind not in _SPECIAL:
                continue
            key = (x.kind, by, s, target)
            zone = cache.get(key)
            if zone is None:
                zone = cache[key] = self._piece_zone(x.kind, by, s, target)
            found |= zone
        return frozenset(found)

    def _piece_zone(self, kind: str, by: Player, sq: int, target: int) -> frozenset[int]:
        """The squares that decide whether the ``by`` piece of ``kind`` on ``sq`` removes
        the piece on ``target`` (TC-3, TC-5, TC-6); empty when it never can."""
        geo = self.geometry
        ptype = self.types[kind]
        if isinstance(ptype, FlyingBomber):
            for v in ptype.lines:
                ray = geo.ray(sq, v)
                if target in ray:
                    beyond = geo.offset(target, v)
                    extra = () if beyond is None else (beyond,)
                    return frozenset((sq, *ray[: ray.index(target)], *extra))
            return frozenset()
        if isinstance(ptype, QuadPiece):
            found: set[int] = set()
            for first, outward in ptype.paths:
                s1 = geo.offset(sq, first)
                if s1 is None:
                    continue
                ray = geo.ray(s1, outward)
                if target in ray:
                    i = ray.index(target)
                    found.update((sq, s1, *ray[:i], *ray[i + 1 : i + 2]))
            return frozenset(found)
        return frozenset((sq,)) if sq in self._reverse.ninja_pawn[by][target] else frozenset()

    # -- notation ----------------------------------------------------------------
    def parse_move(self, pos: Position, text: str) -> Move:
        """Coordinate notation, also with the separators the rule page uses (``g1-h1``)."""
        return super().parse_move(pos, _SEPARATORS.sub("", text))


_BomberLine = tuple[tuple[int, ...], int]
"""Squares from the target back toward a shooter, and the square beyond the target (-1: none)."""
_QuadLine = tuple[int, tuple[tuple[int, tuple[int, ...]], ...]]
"""A landing square beyond the target, then (first-step square, origin squares) going back."""


class _ReverseTables:
    """Per target square, where a non-simple attacker would have to stand (TC-3, TC-5,
    TC-6), so that the check test reads a few squares instead of generating moves."""

    def __init__(self, geo: Geometry) -> None:
        squares = range(geo.size)
        self.orthogonal = [_bomber_lines(geo, t, ORTHOGONAL) for t in squares]
        self.diagonal = [_bomber_lines(geo, t, DIAGONAL) for t in squares]
        self.quad_bomber = [_quad_lines(geo, t, bomber=True) for t in squares]
        self.quad_raptor = [_quad_lines(geo, t, bomber=False) for t in squares]
        self.ninja_pawn = {
            by: [_ninja_origins(geo, t, by) for t in squares] for by in (WHITE, BLACK)
        }


def _bomber_lines(geo: Geometry, target: int, lines: tuple[Vector, ...]) -> tuple[_BomberLine, ...]:
    found = []
    for v in lines:
        back = geo.ray(target, _neg(v))
        beyond = geo.offset(target, v)
        if back:
            found.append((back, -1 if beyond is None else beyond))
    return tuple(found)


def _quad_lines(geo: Geometry, target: int, bomber: bool) -> tuple[_QuadLine, ...]:
    found = []
    for o in ORTHOGONAL if bomber else DIAGONAL:
        land = geo.offset(target, o)
        if land is None:
            continue
        chain = []
        for s1 in geo.ray(target, _neg(o)):
            origins = (geo.offset(s1, _neg(first)) for first in _first_steps(o, bomber))
            chain.append((s1, tuple(s for s in origins if s is not None)))
        found.append((land, tuple(chain)))
    return tuple(found)


def _ninja_origins(geo: Geometry, target: int, by: Player) -> tuple[int, ...]:
    """TC-3 backwards: diagonally forward from anywhere, sideways from the enemy half."""
    f = _forward(by)
    found = []
    for dx in (-1, 1):
        diag = geo.offset(target, (dx, -f))
        if diag is not None:
            found.append(diag)
        side = geo.offset(target, (dx, 0))
        if side is not None and _rel_rank(geo, side, by) > CENTRE:
            found.append(side)
    return tuple(found)


def _bomber_attacks(
    board: list[Piece | None], lines: tuple[_BomberLine, ...], by: Player, kind: str
) -> bool:
    """TC-5 backwards: a bomber two squares away always takes; one adjacent takes
    if the square beyond holds the target's friend (double) or nothing (fly-over);
    one farther off along an empty line takes if the square beyond is empty."""
    for back, beyond in lines:
        if len(back) > 1 and _owned(board[back[1]], by, kind):
            return True
        if beyond < 0:
            continue
        after = board[beyond]
        if after is None:
            shooter = next((board[s] for s in back if board[s] is not None), None)
            if _owned(shooter, by, kind):
                return True
        elif _owned(board[back[0]], by, kind) and _enemy(after, by):
            return True
    return False


def _quad_attacks(
    board: list[Piece | None], lines: tuple[_QuadLine, ...], by: Player, kind: str
) -> bool:
    """TC-6 backwards: an empty landing square beyond the target, an empty path back
    to some first-step square, and the quad piece one first step before that."""
    for land, chain in lines:
        if board[land] is not None:
            continue
        for s1, origins in chain:
            if board[s1] is not None:
                break
            if any(_owned(board[s], by, kind) for s in origins):
                return True
    return False


def _first_steps(outward: Vector, bomber: bool) -> tuple[Vector, Vector]:
    """The first steps whose outward lines include ``outward``.

    Quad Bomber: the two diagonals having ``outward`` as a component.  Quad Raptor:
    the two orthogonal components of the diagonal ``outward``.
    """
    if bomber:
        p, q = _perpendiculars(outward)
        return ((outward[0] + p[0], outward[1] + p[1]), (outward[0] + q[0], outward[1] + q[1]))
    return ((outward[0], 0), (0, outward[1]))


__all__ = [
    "CAMEL",
    "PROMOTION_CHOICES",
    "FlyingBomber",
    "NinjaJumper",
    "NinjaPawn",
    "QuadPiece",
    "TitanChess",
    "TitanMove",
    "TitanPawn",
]
