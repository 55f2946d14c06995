"""The move blocks of an exported rules file: a native piece's moves as ZRF.

Each Betza component becomes one block per direction, written for White; the
board's symmetry turns it for Black, as the rules core turns a piece's vectors
(half a turn).  What the core adds to a piece's own moves is written where
Zillions expects it: the double step as an initial move from the squares of a
zone, promotion on arrival in the promotion zone, en passant by the last move's
squares (``last-to?``, ``last-from?``), and castling by the King with a
``never-moved?`` attribute on King and Rook and a zone naming the Rooks whose
right the setup gives (rights are only ever lost, so a zone fixed at the setup
and the attribute cleared by a move carry them exactly).

Nothing here decides what the file can say; :func:`unexpressed` names what it
cannot, and the writer lists that in the file's header.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import pairwise

from trebuchet.converters.zrf.export_clock import TICK, UP, ZERO
from trebuchet.variants.betza import LAME, LEAP, Component, lame_path, parse_betza
from trebuchet.variants.geometry import Vector
from trebuchet.variants.pieces import PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: the attribute that carries a castling right on King and Rook
NEVER_MOVED = "never-moved?"
#: directions the symmetry leaves alone: castling goes toward a Rook on the same
#: side for both players, where half a turn would swap east and west
EAST, WEST = "east", "west"

#: the eight one-square steps, as (files right, ranks up)
KING_STEPS: tuple[Vector, ...] = (
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
)

_UNIT_NAMES = {
    (0, 1): "n",
    (0, -1): "s",
    (1, 0): "e",
    (-1, 0): "w",
    (1, 1): "ne",
    (-1, 1): "nw",
    (1, -1): "se",
    (-1, -1): "sw",
}


def atom(name: str) -> str:
    """A name as a ZRF atom: spaces become hyphens (the ZSG writer does the same)."""
    return "-".join(name.split())


def direction_name(vector: Vector) -> str:
    """A direction atom for a (files right, ranks up) vector: ``n``, ``ne``, ``j1_2``."""
    return _UNIT_NAMES.get(vector) or f"j{vector[0]}_{vector[1]}"


@dataclass(frozen=True)
class PieceRules:
    """What the writer knows of one piece kind beyond its Betza string."""

    #: the promotion choices' atoms when this kind promotes, else empty
    promotes_to: tuple[str, ...] = ()
    #: the form that makes the choices where ``(add choices)`` does not say it (a
    #: Bishop made as the type of its square's colour: :mod:`.export_draws`)
    promotion_form: str = ""
    #: True when promotion is optional somewhere in the promotion zone
    optional_promotion: bool = False
    #: the atoms of the kinds whose double step may be taken en passant
    ep_victims: tuple[str, ...] = ()
    #: a further test where the victim's double step began (empty: none)
    ep_guard: str = ""
    #: True when its moves clear ``never-moved?`` (King and Rook of a castling game)
    castles: bool = False
    #: forms a capture runs on the square it lands on before it ends there (atomic's
    #: explosion); a kind that moves and captures is then written as two blocks
    capture_ending: str = ""
    #: the whole ending of a capture, in place of the move's (empty: the move's); a
    #: game whose captor keeps the piece taken sends it to a hand (crazyhouse's
    #: ``(to-hand)``), so its blocks are split into moves and captures too
    capture_arrival: str = ""
    #: what a promotion does besides making the piece (a game's own state), with its
    #: trailing space; empty: nothing
    before_promotion: str = ""
    #: what a move does to the halfmove clock before it is added (a macro of
    #: :mod:`.export_clock`; empty: the file keeps no clock)
    clock: str = ""
    #: forms every block starts with on the piece's square, with a trailing space
    #: (S-chess's gating twin: the gate is open, and the held piece is put there);
    #: empty: none
    guard: str = ""
    #: forms a block starts with on the piece's square, by the block's first step
    #: (S-chess's gating twin: a line the piece's leaving opens must stay shut);
    #: None: ``guard`` alone
    guard_along: Callable[[Vector], str] | None = None
    #: where nonzero, a rider is written as one it limits to this many squares, a
    #: block per distance: effects of the ``guard`` go with a block's first move
    #: only (the engine, as Zillions, starts them afresh after each ``add``)
    longest_ride: int = 0


@dataclass(frozen=True)
class Castling:
    """One way of castling, seen from the King: the Rook ``distance`` squares away
    along ``toward`` (EAST or WEST), the King going ``king_steps`` squares toward it
    (two in FIDE chess; up to the Rook's own square in Titan Chess), the Rook to the
    square next to the King on the side it came from."""

    toward: str
    distance: int
    rook_kinds: tuple[str, ...]
    king_steps: int = 2
    #: False where the King may castle out of or through attacked squares (giveaway)
    checks: bool = True


def rooks_with_rights(variant: Variant, pos: Position, color: Player) -> list[int]:
    """The squares of ``color``'s Rooks that may still castle: a right whose Rook is
    not on its square (Mangonel Chess's waiting rights, MC-6) is none here."""
    return [
        sq
        for sq in sorted(pos.castling)
        if (p := pos.board[sq]) is not None
        and p.color == color
        and p.kind in variant.castling_rook_kinds
    ]


def unexpressed(comp: Component) -> str:
    """Why a Betza component has no ZRF block here ('' when it has one)."""
    if comp.style not in (LEAP, LAME):
        return f"{comp.style} moves"
    if comp.style == LAME and comp.range != 1:
        return "lame riders"
    if comp.initial and comp.range != 1:
        return "initial rider moves"
    if comp.en_passant and any(abs(v[0]) != 1 or v[1] != 1 for v in comp.vectors):
        return "en passant other than diagonally forward"
    return ""


def expressed(ptype: PieceType) -> list[Component]:
    """The components of a Betza piece that the writer expresses."""
    if not ptype.betza:
        return []
    return [c for c in parse_betza(ptype.betza) if not unexpressed(c)]


def vectors_used(ptype: PieceType) -> list[Vector]:
    """Every direction a piece's blocks step along (leaps, and unit steps of paths)."""
    found: list[Vector] = []
    for comp in expressed(ptype):
        for v in comp.vectors:
            found.extend(_path(comp, v))
    return found


def _path(comp: Component, vector: Vector) -> list[Vector]:
    """The steps of one move: the leap itself, or a lame leap's unit steps."""
    if comp.style != LAME:
        return [vector]
    points = [(0, 0), *lame_path(vector), vector]
    return [(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(points)]


#: the move types of a game whose captures are compulsory, highest priority first
CAPTURING, MOVING = "capturing", "moving"


def piece_blocks(
    ptype: PieceType, rules: PieceRules, zone_of_initial: str | None, *, typed: bool = False
) -> list[tuple[str, str]]:
    """The move blocks of one Betza piece, one per component and direction, each
    with its move type: CAPTURING for captures, MOVING for the rest.  ``typed``
    splits a component that moves and captures in two, so that a game may rank
    them (compulsory captures); its initial moves only where it has a zone to make
    them from."""
    blocks: list[tuple[str, str]] = []
    split = typed or bool(rules.capture_ending or rules.capture_arrival)
    for found in expressed(ptype):
        if found.initial and zone_of_initial is None:
            continue
        limited = rules.longest_ride and found.range == 0
        whole = replace(found, range=rules.longest_ride) if limited else found
        for comp in _split(whole) if split else [whole]:
            kind = CAPTURING if comp.capture and not comp.move else MOVING
            blocks.extend(
                (kind, _block(comp, vector, rules, zone_of_initial))
                for vector in comp.vectors
                if comp.move or comp.capture
            )
        if whole.en_passant and rules.ep_victims:
            blocks.extend((CAPTURING, _en_passant(v, rules)) for v in whole.vectors)
    return blocks


def _split(comp: Component) -> list[Component]:
    """A component that moves and captures, as its moves and its captures."""
    if comp.move and comp.capture:
        return [replace(comp, capture=False), replace(comp, move=False)]
    return [comp]


def _block(comp: Component, vector: Vector, rules: PieceRules, zone_of_initial: str | None) -> str:
    """One component along one vector: a leap, a lame leap, or a (limited) ride."""
    land = _landing(comp)
    arrive = _ending(rules, moves=comp.move, captures=comp.capture)
    initial = f"(verify (in-zone? {zone_of_initial})) " if comp.initial else ""
    along = rules.guard_along(vector) if rules.guard_along is not None else ""
    head = rules.guard + along + initial
    steps = [direction_name(s) for s in _path(comp, vector)]
    if comp.range == 1:
        path = " (verify empty?) ".join(steps)
        return f"({head}{path} {land}{arrive})"
    d = steps[0]
    if comp.range == 0:
        onto_empty = _ending(rules, moves=True, captures=False)
        loop = f"(while empty? {onto_empty} {d})" if comp.move else f"(while empty? {d})"
        onto_enemy = _ending(rules, moves=False, captures=True)
        tail = f" (verify enemy?) {onto_enemy}" if comp.capture else ""
        return f"({head}{d} {loop}{tail})"
    return " ".join(_limited(comp, d, arrive, head))


def _ending(rules: PieceRules, *, moves: bool, captures: bool) -> str:
    """How a block ends that lands only ``moves`` (onto an empty square) or only
    ``captures``, or either: its :func:`arrival`, and for a capture the game's own
    ending (atomic's explosion before it, crazyhouse's hand in its place)."""
    arrive = arrival(rules, moves=moves, captures=captures)
    if captures and not moves:
        if rules.capture_arrival:
            return rules.capture_arrival
        if rules.capture_ending:
            return f"{rules.capture_ending} {arrive}"
    return arrive


def _landing(comp: Component) -> str:
    """The test on a leap's landing square, with its trailing space."""
    if comp.move and comp.capture:
        return "(verify not-friend?) "
    return "(verify empty?) " if comp.move else "(verify enemy?) "


def _limited(comp: Component, d: str, arrive: str, head: str) -> list[str]:
    """A rider limited to ``range`` steps: one block per distance, its path empty."""
    blocks = []
    for distance in range(1, comp.range + 1):
        path = " ".join([d, "(verify empty?)"] * (distance - 1) + [d])
        blocks.append(f"({head}{path} {_landing(comp)}{arrive})")
    return blocks


def arrival(rules: PieceRules, *, moves: bool = True, captures: bool = True) -> str:
    """How a move ends: ``add``, or in the promotion zone the choices (and the plain
    move too, where promotion there is optional); before it, what the move does to
    the halfmove clock, told apart by the landing square where only one of
    ``moves`` (onto an empty square) and ``captures`` can be, so that the block
    need not test it."""
    clock = f"{_clock(rules.clock, moves, captures)} " if rules.clock else ""
    moved = f"{clock}(set-attribute never-moved? false) add" if rules.castles else f"{clock}add"
    if not rules.promotes_to:
        return moved
    made = rules.promotion_form or f"(add {' '.join(rules.promotes_to)})"
    choices = f"{clock}{rules.before_promotion}{made}"
    if rules.optional_promotion:
        return (
            f"(if (in-zone? promotion-zone) {choices}) "
            f"(if (not (in-zone? promotion-forced)) {moved})"
        )
    return f"(if (in-zone? promotion-zone) {choices} else {moved})"


def _clock(tick: str, moves: bool, captures: bool) -> str:
    """The clock's macro for a landing that only ``moves`` or only ``captures``:
    ``clock-tick``, which tests the landing square, as the one it would choose."""
    if moves and not captures:
        return tick.replace(TICK, UP)
    if captures and not moves:
        return tick.replace(TICK, ZERO)
    return tick


def _en_passant(vector: Vector, rules: PieceRules) -> str:
    """Capture in passing along a diagonal ``vector``: the enemy beside us made the
    last move, a double step from two squares beyond; it is taken where it stands
    and we go to the square it passed over."""
    side = direction_name((vector[0], 0))
    victims = rules.ep_victims
    kinds = " ".join(f"(piece? {k})" for k in victims)
    kind_test = kinds if len(victims) == 1 else f"(or {kinds})"
    guard = f" {rules.ep_guard}" if rules.ep_guard else ""
    ending = f" {rules.capture_ending}" if rules.capture_ending else ""
    clock = f" {rules.clock}" if rules.clock else ""
    return (
        f"({side} (verify (and enemy? {kind_test} last-to?)) capture "
        f"n to{ending} n (verify last-from?){guard}{clock} add)"
    )


def starting_with(blocks: str, start: str) -> str:
    """``blocks`` (one move block, or several written one after another: a limited
    rider's) with ``start`` run first in each."""
    out, depth = [], 0
    for char in blocks:
        out.append(char)
        if char == "(":
            depth += 1
            if depth == 1:
                out.append(f"{start} ")
        elif char == ")":
            depth -= 1
    return "".join(out)


def castling_block(way: Castling, before_add: str = "") -> str:
    """The King's castling: not out of check nor over an attacked square, every
    square between King and Rook empty, the Rook one with its right.  The King's
    part comes first; where it lands on the Rook's square the engine, like
    Zillions, moves the Rook away before the King arrives.  ``before_add``: what
    the castling does last, standing on the Rook's landing square: the halfmove
    clock's count (:mod:`.export_clock`; it counts one), S-chess's gate."""
    d = way.toward
    back = WEST if d == EAST else EAST
    rooks = " ".join(f"(piece? {k})" for k in way.rook_kinds)
    rook_test = rooks if len(way.rook_kinds) == 1 else f"(or {rooks})"
    safe = " (verify not-attacked?)" if way.checks else ""
    crossed = [f"{d} (verify empty?){safe}"] * (way.king_steps - 1)
    landing = d if way.king_steps == way.distance else f"{d} (verify empty?)"
    beyond = [f"{d} (verify empty?)"] * (way.distance - way.king_steps - 1)
    to_rook = [d] if way.king_steps < way.distance else []
    parts = [
        f"(verify {NEVER_MOVED})",
        "(verify (in-zone? castling-king))",
        *(["(verify not-attacked?)"] if way.checks else []),
        *crossed,
        landing,
        f"(set-attribute {NEVER_MOVED} false)",
        "cascade",
        *beyond,
        *to_rook,
        f"(verify (and friend? {rook_test} {NEVER_MOVED} (in-zone? castling-rook)))",
        "from",
        *[back] * (way.distance - way.king_steps + 1),
        f"(set-attribute {NEVER_MOVED} false)",
        *([before_add] if before_add else []),
        "add",
    ]
    return f"({' '.join(parts)})"
