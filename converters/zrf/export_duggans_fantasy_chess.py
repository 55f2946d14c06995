"""Duggan's Fantasy Chess (docs/rules/duggans-fantasy-chess.md) written as ZRF.

Most of the game's rules are a question of who could take what: the Mercenary
steps aside only while it is threatened (DF-3), the Assassin may teleport only
where a friend defends the square (DF-6, ``cowardly-assassin``).  Zillions'
``attacked?`` answers such questions, but a test inside another player's
attack test is not asked again (the engine cuts it off, so that check stays
finite), and a threatened Mercenary's capture of the Adept would then never be
check.  So each such question is written out as *probes*: from the square in
question the block walks to each square an attacker could stand on, looks at
what stands there and on the way, sets a flag when the attack is there, and
walks back.  Every probe is a nest of ``if`` forms that undoes its own steps,
so the block ends where it began and the moves that follow read as usual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from trebuchet.converters.zrf.export_moves import KING_STEPS, direction_name
from trebuchet.converters.zrf.game_export import GameExport, Zones
from trebuchet.variants.duggans_fantasy_chess import DuggansFantasyChess
from trebuchet.variants.geometry import DIAGONAL, ORTHOGONAL, Vector
from trebuchet.variants.pieces import BLACK, WHITE
from trebuchet.variants.variant import Variant

#: a test of the square one step away in a direction, written with that direction
Test = Callable[[str], str]

#: the longest line on the 8 x 8 board
_REACH = 7
#: the flag a probe sets when it finds what it looks for
FOUND = "found"
#: a Mercenary's threatened steps, for White (the symmetry turns them for Black)
_MERCENARY_STEPS = ("w", "e", "n")
#: where a Mercenary stands to take a piece: beside it, or in front of it as seen
#: from the taken piece's side (an enemy Mercenary moves the other way)
_ENEMY_MERCENARY_SPOTS = ("w", "e", "n")
#: where a friend Mercenary stands to take a piece here (DF-9): beside, or behind
_FRIEND_MERCENARY_SPOTS = ("w", "e", "s")


def _opposite(d: str) -> str:
    vector = next(v for v in KING_STEPS if direction_name(v) == d)
    return direction_name((-vector[0], -vector[1]))


def _name(v: Vector) -> str:
    return direction_name(v)


# -- probes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Probe:
    """A walk from the square in question to where an attacker could stand, and a
    test there that sets the flag FOUND.  Each step is a direction, a test of the
    square ahead that the step needs (None: it is taken as it is) and a test of
    the square reached that the rest of the walk needs (None: none)."""

    path: tuple[tuple[str, str | None, str | None], ...]
    last: str


def _at(predicate: str, d: str) -> str:
    """A test of the square one step along ``d``, or of this square (``d`` empty)."""
    return f"({predicate} {d})" if d else predicate


def probe(path: list[tuple[str, Test | None]], last: tuple[str, Test], here: bool) -> Probe:
    """A :class:`Probe` from tests that take the direction they look along.  With
    ``here`` every test is made on the square reached, as ``marked?`` (the moving
    piece's own square) is: each step needs only the board ahead."""
    d, test = last
    if not here:
        steps = tuple((s, t(s) if t is not None else None, None) for s, t in path)
        return Probe(steps, test(d))
    walked = [(s, f"(on-board? {s})" if t else None, t("") if t else None) for s, t in path]
    return Probe((*walked, (d, f"(on-board? {d})", None)), test(""))


def render(probes: list[Probe]) -> str:
    """The probes as ZRF: walks that begin alike are walked once (a tree of ``if``
    forms), and each walk back undoes its step, so the block ends where it began."""
    lasts = [f"(if {p.last} (set-flag {FOUND} true))" for p in probes if not p.path]
    branches: dict[tuple[str, str | None, str | None], list[Probe]] = {}
    for p in probes:
        if p.path:
            branches.setdefault(p.path[0], []).append(Probe(p.path[1:], p.last))
    walks = []
    for (d, ahead, reached), rest in branches.items():
        inner = render(rest)
        if reached is not None:
            inner = f"(if {reached} {inner})"
        inner = f"{d} {inner} {_opposite(d)}"
        walks.append(f"(if {ahead} {inner})" if ahead is not None else inner)
    return " ".join(dict.fromkeys(lasts + walks))


def _empty(origin_empty: bool) -> Test:
    """An empty square; with ``origin_empty`` the moving piece's own square too, as
    it will be after the move (the mark stays on it)."""
    if origin_empty:
        return lambda d: f"(or {_at('empty?', d)} {_at('marked?', d)})"
    return lambda d: _at("empty?", d)


def _piece(side: str, kinds: tuple[str, ...], skip_origin: bool = False) -> Test:
    """A piece of ``side`` (``friend?`` or ``enemy?``) of one of ``kinds``."""

    def test(d: str) -> str:
        names = " ".join(f"(piece? {k} {d})" if d else f"(piece? {k})" for k in kinds)
        kind = names if len(kinds) == 1 else f"(or {names})"
        mover = f" (not {_at('marked?', d)})" if skip_origin else ""
        return f"(and {_at(side, d)} {kind}{mover})"

    return test


def _other(side: str) -> str:
    return "enemy?" if side == "friend?" else "friend?"


def stepper_probes(side: str, skip_origin: bool) -> list[Probe]:
    """The Adept's and the Assassin's step to here from any side, the Commander's
    orthogonally (DF-5, DF-6, DF-7): the attacked piece here is never a Golem."""
    out = []
    for v in KING_STEPS:
        kinds = ("Adept", "Assassin", "Commander") if v in ORTHOGONAL else ("Adept", "Assassin")
        out.append(probe([], (_name(v), _piece(side, kinds, skip_origin)), skip_origin))
    return out


def bishop_probes(side: str, origin_empty: bool) -> list[Probe]:
    """A Bishop along a diagonal over empty squares."""
    out = []
    for v in DIAGONAL:
        d = _name(v)
        for distance in range(1, _REACH + 1):
            path: list[tuple[str, Test | None]] = [(d, _empty(origin_empty))] * (distance - 1)
            out.append(probe(path, (d, _piece(side, ("Bishop",))), origin_empty))
    return out


def archer_routes() -> list[list[str]]:
    """The Archer's routes on the board (DF-4): n squares one way (orthogonal or
    diagonal), then n at a right angle, as the directions of their steps."""
    routes = []
    for first in ORTHOGONAL + DIAGONAL:
        for second in ((-first[1], first[0]), (first[1], -first[0])):
            limit = _REACH if first in ORTHOGONAL else _REACH // 2
            routes += [[_name(first)] * n + [_name(second)] * n for n in range(1, limit + 1)]
    return routes


def archer_probes(side: str, origin_empty: bool) -> list[Probe]:
    """An Archer on one of its routes to here, over empty squares: the routes
    read backwards are routes of the same shape."""
    out = []
    for steps in archer_routes():
        path: list[tuple[str, Test | None]] = [(s, _empty(origin_empty)) for s in steps[:-1]]
        out.append(probe(path, (steps[-1], _piece(side, ("Archer",))), origin_empty))
    return out


def golem_probes(side: str, origin_empty: bool) -> list[Probe]:
    """A Golem of ``side`` whose crush would take the piece here (DF-2): here on its
    route or its landing; the landing occupied; no Golem and no Adept of the Golem's
    side on the route.  The probe first walks from here to the landing and back,
    then from here back to the Golem."""

    def clear(d: str) -> str:
        golem, adept = (f"(piece? {k} {d})" if d else f"(piece? {k})" for k in ("Golem", "Adept"))
        bad = f"(or {golem} (and {_at(side, d)} {adept}))"
        return f"(and {_at('on-board?', d)} (not {bad}))" if d else f"(not {bad})"

    def occupied(d: str) -> str:
        taken = f"(not {_at('empty?', d)})"
        if origin_empty:
            return f"(and {taken} (not {_at('marked?', d)}) {clear(d)})"
        return f"(and {taken} {clear(d)})"

    out = []
    for v, length in [(v, 2) for v in DIAGONAL] + [(v, 3) for v in ORTHOGONAL]:
        d, back = _name(v), _name((-v[0], -v[1]))
        for index in range(1, length + 1):
            ahead = length - index
            forward: list[tuple[str, Test | None]] = [(d, clear)] * (ahead - 1)
            if ahead:
                forward.append((d, occupied))
            returning: list[tuple[str, Test | None]] = [(back, None)] * ahead
            behind: list[tuple[str, Test | None]] = [(back, clear)] * (index - 1)
            golem = (back, _piece(side, ("Golem",)))
            out.append(probe(forward + returning + behind, golem, origin_empty))
    return out


def attack_probes(side: str, *, origin_empty: bool = False) -> list[Probe]:
    """Every probe for a piece of ``side`` that could take a piece here that is no
    Golem, but a Mercenary's (the caller adds those: their threat is a question
    of its own) and a Golem's of the other side."""
    return [
        *golem_probes(side, origin_empty),
        *stepper_probes(side, origin_empty),
        *bishop_probes(side, origin_empty),
        *archer_probes(side, origin_empty),
    ]


# -- the Mercenary's threat (DF-3, DF-8) ---------------------------------------------------


#: the link that walks the board's squares one by one (the chain search below)
BOARD_NEXT = "board-next"
#: position flags of the chain search: a Mercenary whose threat counts toward the
#: one moving, and one whose own threats have been looked at
REACHED, EXPANDED = "reached", "expanded"
#: the block flag that asks for another round of the search
CHANGED = "changed"


def _mercenary_threats(side: str) -> str:
    """For the Mercenary here, of ``side``'s enemies (``side`` takes it): whether a
    piece that needs no threat could take it (FOUND), and each Mercenary of
    ``side`` placed to take it, marked REACHED (its own threat would count)."""
    own = _other(side)
    direct = render([*attack_probes(side), *golem_probes(own, False)])
    spots = _ENEMY_MERCENARY_SPOTS if side == "enemy?" else _FRIEND_MERCENARY_SPOTS
    chained = " ".join(
        f"(if (and {_piece(side, ('Mercenary',))(d)} (not (position-flag? {REACHED} {d})))"
        f" (set-position-flag {REACHED} true {d}) (set-flag {CHANGED} true))"
        for d in spots
    )
    return f"{direct} {chained}"


def chain_macros(first: str) -> str:
    """``threatened-chain``: whether the Mercenary here is threatened, as DF-8's least
    fixed point.  An enemy Mercenary threatens it only while threatened itself, so
    the search marks the Mercenaries whose threat would count (REACHED), starting
    here, and looks at each marked one once: a piece that needs no threat could
    take it (FOUND), or a Mercenary placed to take it is marked in turn.  After
    this one, rounds walk the board (from ``first`` along BOARD_NEXT) while the
    last round marked another and FOUND is not set; a chain holds each Mercenary
    at most once, so the rounds are at most as many as the Mercenaries, and the
    file holds one copy of each probe."""
    return f"""; DF-8: the Mercenary here is threatened if a piece that needs no threat could take
; it, or a Mercenary that is itself threatened could: a search over the board.
(define look-at-mercenary
  (if (and (position-flag? {REACHED}) (not (position-flag? {EXPANDED})))
      (set-position-flag {EXPANDED} true)
      (if friend? {_mercenary_threats("enemy?")} else {_mercenary_threats("friend?")}))
)
; It starts with (go from), a no-op here (the block is on its piece's square), which
; tells trebuchet's engine at once that the block may reach any square (the search
; does), instead of tracing the search's every walk.
(define threatened-chain
  (go from) (set-flag {FOUND} false) (set-flag {CHANGED} false) (set-position-flag {REACHED} true)
  (look-at-mercenary)
  (while (and (flag? {CHANGED}) (not (flag? {FOUND})))
    (set-flag {CHANGED} false) {first} (look-at-mercenary)
    (while (on-board? {BOARD_NEXT}) {BOARD_NEXT} (look-at-mercenary)))
  (go from)
)
"""


def board_walk(variant: Variant) -> list[str]:
    """The BOARD_NEXT links through every square, rank by rank from the top."""
    geo = variant.geometry
    walk = [geo.name(sq) for rank in reversed(range(geo.ranks)) for sq in geo.squares_of_rank(rank)]
    return [f"    (links {BOARD_NEXT} " + " ".join(f"({a} {b})" for a, b in pairwise(walk)) + ")"]


# -- the pieces --------------------------------------------------------------------------


def _golem(variant: Variant, arrive: str) -> list[str]:
    """DF-2: to an empty square over empty squares, or onto a piece, crushing
    everything on the route; never over a Golem or the Golem's own Adept."""
    out = []
    safe = "(verify (not (or (piece? Golem) (and friend? (piece? Adept)))))"
    for v, length in [(v, 2) for v in DIAGONAL] + [(v, 3) for v in ORTHOGONAL]:
        d = _name(v)
        out.append("(" + " (verify empty?) ".join([d] * length) + " (verify empty?) add)")
        route = f"{d} {safe} (if (not empty?) capture) " * (length - 1)
        out.append(f"({route}{d} (verify (not empty?)) {safe} add)")
    return out


def _bishop(variant: Variant, arrive: str) -> list[str]:
    """A Bishop that cannot take a Golem (DF-2)."""
    return [
        f"({d} (while empty? add {d}) (verify (and enemy? (not (piece? Golem)))) add)"
        for d in map(_name, DIAGONAL)
    ]


def _archer(variant: Variant, arrive: str) -> list[str]:
    """DF-4: n squares, then n at a right angle, over empty squares; either order
    of the legs (both are written; the same move found twice is one)."""
    landing = "(verify (and not-friend? (not (piece? Golem)))) add"
    return [f"({' (verify empty?) '.join(steps)} {landing})" for steps in archer_routes()]


def _assassin(variant: Variant, arrive: str) -> list[str]:
    """DF-6: a king step onto an enemy that is no Golem, or a teleport onto any
    empty square: each block goes to the edge, to one file, and sweeps it."""
    steps = [
        f"({d} (verify (and enemy? (not (piece? Golem)))) add)" for d in map(_name, KING_STEPS)
    ]
    head = "(verify not-attacked?) " if "cornered-assassin" in variant.options else ""
    land = "add"
    if "cowardly-assassin" in variant.options:
        land = f"(set-flag {FOUND} false) {render(defence_probes())} (if (flag? {FOUND}) add)"
    sweeps = []
    for file in range(variant.files):
        to_file = " e" * file
        sweeps.append(
            f"({head}(while (on-board? w) w){to_file} (while (on-board? n) n)"
            f" (while (on-board? s) (if empty? {land}) s) (if empty? {land}))"
        )
    return steps + sweeps


def defence_probes() -> list[Probe]:
    """DF-9: whether a friend could take an enemy standing here with the Assassin
    gone from her square (the mark): a friend Mercenary beside or behind it is
    threatened by that enemy (an Assassin next to it) and so takes it."""
    mercenaries = [
        probe([], (d, _piece("friend?", ("Mercenary",))), False) for d in _FRIEND_MERCENARY_SPOTS
    ]
    return [*attack_probes("friend?", origin_empty=True), *mercenaries]


def _commander(variant: Variant, arrive: str) -> list[str]:
    """DF-5, DF-10: one orthogonal step, moving or taking; a move ending on its own
    first rank may also make it an Archer, Assassin, Golem or Bishop."""
    choices = "(add Archer Assassin Golem Bishop)"
    return [
        f"({d} (verify not-friend?) (if (in-zone? home-rank) {choices}) add)"
        for d in map(_name, ORTHOGONAL)
    ]


def _mercenary(variant: Variant, arrive: str) -> list[str]:
    """DF-3: a step forward to an empty square, two from the second rank; while
    threatened (DF-8: :func:`chain_macros`), a step left, right or forward onto an
    empty square or an enemy."""
    threatened = " ".join(
        f"(if (or (empty? {d}) (enemy? {d})) {d} {arrive} {_opposite(d)})" for d in _MERCENARY_STEPS
    )
    # a step forward onto an empty square is the Mercenary's own move already
    room = " ".join(f"(empty? {d}) (enemy? {d})" for d in _MERCENARY_STEPS[:2])
    room += f" (enemy? {_MERCENARY_STEPS[2]})"
    return [
        f"(n (verify empty?) {arrive})",
        "((verify (in-zone? second-rank)) n (verify empty?) n (verify empty?) add)",
        f"((verify (or {room})) (threatened-chain) (verify (flag? {FOUND})) {threatened})",
    ]


def duggan_zones(variant: Variant) -> dict[str, Zones]:
    """The Commander's home rank (DF-5) and the Mercenary's second rank (DF-3)."""
    geo = variant.geometry
    top = geo.ranks - 1
    return {
        "home-rank": {WHITE: geo.squares_of_ranks((0,)), BLACK: geo.squares_of_ranks((top,))},
        "second-rank": {WHITE: geo.squares_of_ranks((1,)), BLACK: geo.squares_of_ranks((top - 1,))},
    }


def duggan_export() -> GameExport:
    """Every piece but the Adept (a king: its Betza string says it all), the zones,
    the Mercenary's chain search (its macros and the walk over the board)."""
    pieces = {"G": _golem, "A": _archer, "B": _bishop, "S": _assassin, "M": _mercenary}
    first = f"a{DuggansFantasyChess.ranks}"
    return GameExport(
        macros=chain_macros(first),
        pieces={**pieces, "C": _commander},
        zones=duggan_zones,
        board_lines=lambda variant, pos: board_walk(variant),
    )
