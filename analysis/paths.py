"""Betza move paths as conditions on squares: exact mobility on a crowded board.

A Betza piece makes a given move exactly when some squares hold what the move
needs: the squares it passes are empty, a hopper's screen is occupied (by either
side), and the target is empty (a move) or holds an enemy (a capture).  Each
such requirement is a :class:`Term`.  When every square is filled independently
— empty, friend, enemy or missing, with known probabilities — the chance that a
term holds is a product, and the expected number of moves is the sum over terms
(linearity of expectation), with inclusion-exclusion where two components reach
the same target in the same way.  No sampling: the numbers are exact.

With probabilities 0 and 1 the same code gives the moves on one fixed position,
which is how the Fairy-Stockfish crowded-board oracle checks it.

En passant moves (Betza ``e``) need a previous move and are not counted.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from trebuchet.variants.betza import GRASSHOP, HOP, LAME, Component, lame_path
from trebuchet.variants.pieces import WHITE, BetzaPiece, PieceType, Player, orient
from trebuchet.variants.variant import Variant

EMPTY, FRIEND, ENEMY = 0, 1, 2
"""Square states; a missing square is none of them."""
_EMPTY = frozenset({EMPTY})
_OCCUPIED = frozenset({FRIEND, ENEMY})
_ENEMY = frozenset({ENEMY})

Condition = tuple[tuple[int, frozenset[int]], ...]
"""(square, states it may be in) pairs, each square once."""


@dataclass(frozen=True)
class Term:
    """One way for a piece to reach ``target``: the move happens iff ``condition`` holds."""

    target: int
    capture: bool
    condition: Condition


@dataclass(frozen=True)
class Occupancy:
    """Per square, the chances of holding nothing, a friend, an enemy (the rest: missing)."""

    empty: Sequence[float]
    friend: Sequence[float]
    enemy: Sequence[float]

    def chance(self, sq: int, states: frozenset[int]) -> float:
        total = 0.0
        if EMPTY in states:
            total += self.empty[sq]
        if FRIEND in states:
            total += self.friend[sq]
        if ENEMY in states:
            total += self.enemy[sq]
        return total


def random_occupancy(
    size: int, walls: frozenset[int], density: float, enemy_share: float, own: int
) -> Occupancy:
    """Every square but ``own`` and the holes filled with chance ``density``, by an
    enemy with chance ``enemy_share`` of that."""
    empty = [0.0 if sq in walls else 1.0 - density for sq in range(size)]
    enemy = [0.0 if sq in walls else density * enemy_share for sq in range(size)]
    friend = [0.0 if sq in walls else density * (1.0 - enemy_share) for sq in range(size)]
    empty[own], enemy[own], friend[own] = 1.0, 0.0, 0.0
    return Occupancy(empty, friend, enemy)


def is_betza(ptype: PieceType) -> bool:
    """Whether the kind's moves are exactly its Betza string: a BetzaPiece whose
    generator is not overridden (a subclass may add or filter moves)."""
    return isinstance(ptype, BetzaPiece) and type(ptype).generate is BetzaPiece.generate


def _condition(empties: Sequence[int], screen: int | None, target: int, capture: bool) -> Condition:
    pairs = [(s, _EMPTY) for s in empties]
    if screen is not None:
        pairs.append((screen, _OCCUPIED))
    pairs.append((target, _ENEMY if capture else _EMPTY))
    return tuple(pairs)


def _terms_to(
    target: int, empties: Sequence[int], screen: int | None, comp: Component
) -> list[Term]:
    out = []
    if comp.move:
        out.append(Term(target, False, _condition(empties, screen, target, False)))
    if comp.capture:
        out.append(Term(target, True, _condition(empties, screen, target, True)))
    return out


def _component_terms(
    variant: Variant, sq: int, vector: tuple[int, int], comp: Component
) -> list[Term]:
    geo = variant.geometry
    terms: list[Term] = []
    if comp.style == LAME:
        squares = [geo.offset(sq, step) for step in (*lame_path(vector), vector)]
        if all(s is not None for s in squares):
            path = [s for s in squares if s is not None]
            terms += _terms_to(path[-1], path[:-1], None, comp)
        return terms
    ray = geo.ray(sq, vector)
    if comp.style in (HOP, GRASSHOP):
        limit = 1 if comp.style == GRASSHOP else (comp.range or len(ray))
        for i, screen in enumerate(ray):
            for m in range(1, limit + 1):
                if i + m >= len(ray):
                    break
                empties = (*ray[:i], *ray[i + 1 : i + m])
                terms += _terms_to(ray[i + m], empties, screen, comp)
        return terms
    if comp.range:
        ray = ray[: comp.range]
    for k, t in enumerate(ray):
        terms += _terms_to(t, ray[:k], None, comp)
    return terms


def betza_terms(variant: Variant, kind: str, sq: int, color: Player) -> list[Term]:
    """Every term of a Betza kind standing on ``sq`` (for ``color``)."""
    ptype = variant.types[kind]
    assert isinstance(ptype, BetzaPiece)
    initial = variant.initial_squares(kind).get(color, frozenset())
    terms: list[Term] = []
    for comp in ptype.components:
        if comp.initial and sq not in initial:
            continue
        for vec in comp.vectors:
            terms += _component_terms(variant, sq, orient(vec, color), comp)
    return terms


def _joint(conditions: Sequence[Condition]) -> Condition | None:
    """The condition that all of ``conditions`` hold; None if they contradict."""
    allowed: dict[int, frozenset[int]] = {}
    for cond in conditions:
        for sq, states in cond:
            both = allowed.get(sq, states) & states
            if not both:
                return None
            allowed[sq] = both
    return tuple(allowed.items())


def chance(cond: Condition, occ: Occupancy) -> float:
    p = 1.0
    for sq, states in cond:
        p *= occ.chance(sq, states)
        if p == 0.0:
            break
    return p


def _essential(conds: Sequence[Condition]) -> list[Condition]:
    """The conditions that matter for their union: duplicates dropped, and every
    condition that implies another (asks for all it asks, and more) dropped too.

    Several components often reach one target the same way (``K`` and ``W``, ``Q``
    and ``R``, a piece given twice); without this a Betza string of 24 components
    made inclusion-exclusion run over 2**24 subsets.
    """
    unique = list(dict.fromkeys(tuple(sorted(c)) for c in conds))
    unique.sort(key=len)
    kept: list[Condition] = []
    for cond in unique:
        asks = dict(cond)
        if not any(all(sq in asks and asks[sq] <= states for sq, states in weaker)
                   for weaker in kept):
            kept.append(cond)
    return kept


def _union_chance(conds: Sequence[Condition], occ: Occupancy) -> float:
    """P(at least one condition holds), by inclusion-exclusion.

    Subsets are grown one condition at a time and a subset whose conditions
    contradict is not grown further (no superset of it can hold), so the hopper
    paths to one target, which exclude each other, cost one term each instead of
    a term per subset.
    """
    kept = _essential(conds)
    if len(kept) == 1:
        return chance(kept[0], occ)
    total = 0.0
    stack: list[tuple[int, Condition, float]] = [(0, (), -1.0)]
    while stack:
        start, joint, sign = stack.pop()
        for i in range(start, len(kept)):
            grown = _joint((joint, kept[i]))
            if grown is not None:
                total -= sign * chance(grown, occ)
                stack.append((i + 1, grown, -sign))
    return total


def expected_moves(terms: Sequence[Term], occ: Occupancy) -> tuple[float, float]:
    """Expected numbers of distinct non-capturing moves and of captures."""
    groups: dict[tuple[int, bool], list[Condition]] = defaultdict(list)
    for term in terms:
        groups[(term.target, term.capture)].append(term.condition)
    moves = captures = 0.0
    for (_, is_capture), conds in groups.items():
        p = _union_chance(conds, occ)
        if is_capture:
            captures += p
        else:
            moves += p
    return moves, captures


def targets_on(terms: Sequence[Term], occ: Occupancy) -> set[int]:
    """Targets certainly reached when ``occ`` describes one fixed position (0/1 chances)."""
    return {t.target for t in terms if chance(t.condition, occ) > 0.5}


def lone_enemy_captures(variant: Variant, kind: str, sq: int, walls: frozenset[int]) -> set[int]:
    """Betza's capture count for a Betza kind: the squares on which it could take a lone
    enemy, every other square empty.  Hoppers find no screen, so they take nothing."""
    ptype = variant.types[kind]
    assert isinstance(ptype, BetzaPiece)
    geo = variant.geometry
    found: set[int] = set()
    for comp in ptype.components:
        if not comp.capture or comp.style in (HOP, GRASSHOP):
            continue
        if comp.initial and sq not in variant.initial_squares(kind).get(WHITE, frozenset()):
            continue
        for vec in comp.vectors:
            if comp.style == LAME:
                path = [geo.offset(sq, step) for step in (*lame_path(vec), vec)]
                if all(s is not None and s not in walls for s in path):
                    found.add(path[-1])  # type: ignore[arg-type]
                continue
            ray = geo.ray(sq, vec)[: comp.range or None]
            for t in ray:
                if t in walls:
                    break
                found.add(t)
    return found
