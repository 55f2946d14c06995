"""Betza's funny notation, parsed into move components.

Covered: the Fairy-Stockfish subset (atoms ``W F D N A H C L Z J G K B R Q``, a
range digit or a doubled atom for riders, modalities ``m c``, directions
``f b v l r s h`` alone or paired, ``n`` lame, ``p`` hop, ``g`` grasshop, ``i``
initial) plus XBetza's ``e`` (capture en passant) and multi-digit ranges.

Directions follow Fairy-Stockfish exactly, because FSF is the oracle the tests
compare against: a lone letter ``f`` means ``ff``; a pair of one vertical and
one horizontal letter picks the vectors of an oblique atom nearest the first
letter (``fr`` is mostly right, ``rf`` mostly forward); on an orthogonal atom a
mixed pair is the union of both (``fsW`` is forward and sideways).  ``L`` is the
camel and ``J`` the zebra, as FSF reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from trebuchet.variants.errors import BetzaError
from trebuchet.variants.geometry import Vector

#: (long, short) leg of each leaper atom; K is W+F.
LEAPER_ATOMS: dict[str, tuple[tuple[int, int], ...]] = {
    "W": ((1, 0),),
    "F": ((1, 1),),
    "D": ((2, 0),),
    "N": ((2, 1),),
    "A": ((2, 2),),
    "H": ((3, 0),),
    "C": ((3, 1),),
    "L": ((3, 1),),
    "Z": ((3, 2),),
    "J": ((3, 2),),
    "G": ((3, 3),),
    "K": ((1, 0), (1, 1)),
}
RIDER_ATOMS: dict[str, tuple[tuple[int, int], ...]] = {
    "R": ((1, 0),),
    "B": ((1, 1),),
    "Q": ((1, 0), (1, 1)),
}
VERTICALS = "fbvh"
HORIZONTALS = "rlsh"

#: For the atom (a, b), each vector (side, forward) written with a and b, and the
#: direction tokens that select it.  A component without directions takes all 8.
_SELECTORS: tuple[tuple[tuple[int, int, int, int], frozenset[str]], ...] = tuple(
    (coeffs, frozenset(tokens.split()))
    for coeffs, tokens in (
        # (side = sa*a + sb*b, forward = fa*a + fb*b) as (sa, sb, fa, fb)
        ((0, 1, 1, 0), "ff vv rf rv fh rh hr"),
        ((0, -1, 1, 0), "ff vv lf lv fh lh hl"),
        ((0, -1, -1, 0), "bb vv lb lv bh lh hr"),
        ((0, 1, -1, 0), "bb vv rb rv bh rh hl"),
        ((1, 0, 0, 1), "rr ss fr fs fh rh hl"),
        ((1, 0, 0, -1), "rr ss br bs bh rh hr"),
        ((-1, 0, 0, 1), "ll ss fl fs fh lh hr"),
        ((-1, 0, 0, -1), "ll ss bl bs bh lh hl"),
    )
)

LEAP = "leap"
LAME = "lame"
HOP = "hop"
GRASSHOP = "grasshop"


@dataclass(frozen=True)
class Component:
    """One Betza atom with its modifiers: a set of vectors moved along alike.

    ``vectors`` are ``(files right, ranks forward)`` for the piece's owner.
    ``range`` is 1 for a leaper, ``n`` for a rider limited to n steps, 0 for an
    unlimited rider.  ``style`` is LEAP (leaper or rider), LAME (a leaper that
    the squares on its path can block), HOP (cannon) or GRASSHOP.
    """

    vectors: tuple[Vector, ...]
    move: bool
    capture: bool
    en_passant: bool
    range: int
    style: str
    initial: bool

    @property
    def is_simple_attack(self) -> bool:
        """Captures by replacement along an open line or leap (pins and checks follow rays)."""
        return self.capture and self.style == LEAP and not self.initial


#: The longest range read: no board of trebuchet is longer than 99 squares (26 files
#: by 99 ranks at most), so a longer range means nothing more, and the rules core
#: tabulates every step of it.  Real strings: at most one digit (Fairy-Stockfish's
#: variants.ini).
MAX_RANGE = 99
#: The most components a string may have, and its longest text.  Real pieces have
#: at most 4 components and 12 characters (the longest string of Fairy-Stockfish's
#: variants.ini, ``fmWfceFifmnD``, has 3 components; ours too).
MAX_COMPONENTS = 32
MAX_LENGTH = 400

#: One component: modifiers, an atom, the atom again (a rider) or a range.  A
#: regular expression read in a loop: the grammar has no nesting, and a parser
#: library would cost the import of trebuchet 8 MB of memory (docs/speed.md).
_COMPONENT = re.compile(
    r"(?P<mods>[fbvrlshmcepgni]*)(?P<atom>[WFDNAHCLZJGKBRQ])(?P<double>(?P=atom))?"
    r"(?P<range>[0-9]+)?"
)


def _direction_tokens(mods: str) -> list[str]:
    """Pair direction letters as Fairy-Stockfish does; a lone letter doubles."""
    letters = [c for c in mods if c in VERTICALS or c in HORIZONTALS]
    tokens: list[str] = []
    i = 0
    while i < len(letters):
        c = letters[i]
        if i + 1 < len(letters):
            c2 = letters[i + 1]
            if c2 == c or (c in VERTICALS and c2 in HORIZONTALS) or (
                c in HORIZONTALS and c2 in VERTICALS
            ):
                tokens.append(c + c2)
                i += 2
                continue
        tokens.append(c + c)
        i += 1
    return tokens


def _vectors(atom_legs: tuple[tuple[int, int], ...], tokens: list[str]) -> tuple[Vector, ...]:
    found: list[Vector] = []
    for a, b in atom_legs:
        wanted = set(tokens)
        if len(atom_legs) == 1 and b == 0:
            # FSF splits mixed pairs on orthogonal atoms: fsW is fW plus sW.
            wanted = {c + c for t in tokens for c in t}
        for (sa, sb, fa, fb), selectors in _SELECTORS:
            if not tokens or wanted & selectors:
                vec = (sa * a + sb * b, fa * a + fb * b)
                if vec not in found:
                    found.append(vec)
    return tuple(found)


def _range(text: str, digits: str) -> int:
    """The range a component's digits give; BetzaError beyond :data:`MAX_RANGE`."""
    value = digits.lstrip("0") or "0"
    if len(value) > len(str(MAX_RANGE)) or int(value) > MAX_RANGE:
        shown = digits if len(digits) <= 12 else f"{digits[:9]}... ({len(digits)} digits)"
        raise BetzaError(
            f"Betza string {_shown(text)}: range {shown} is more than {MAX_RANGE} "
            "(no board is longer)"
        )
    return int(value)


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def _component(mods: str, atom: str, doubled: bool, digits: str, text: str) -> Component:
    legs = RIDER_ATOMS.get(atom) or LEAPER_ATOMS[atom]
    rider = atom in RIDER_ATOMS or doubled or bool(digits)
    rng = (_range(text, digits) if digits else 0) if rider else 1
    if "g" in mods:
        style = GRASSHOP
    elif "p" in mods:
        style = HOP
    elif "n" in mods and not rider:
        style = LAME
    else:
        style = LEAP
    modal = {c for c in mods if c in "mce"}
    if not modal:
        modal = {"m", "c"}
    return Component(
        vectors=_vectors(legs, _direction_tokens(mods)),
        move="m" in modal,
        capture="c" in modal,
        en_passant="e" in modal,
        range=rng,
        style=style,
        initial="i" in mods,
    )


@cache
def parse_betza(text: str) -> tuple[Component, ...]:
    """The components of a Betza string; BetzaError names the unreadable part."""
    if len(text) > MAX_LENGTH:
        raise BetzaError(
            f"Betza string {_shown(text)} is {len(text)} characters long, "
            f"at most {MAX_LENGTH} are read"
        )
    comps = []
    at = 0
    while at < len(text):
        found = _COMPONENT.match(text, at)
        if found is None:
            raise BetzaError(
                f"cannot read Betza string {_shown(text)} at column {at + 1}: "
                f"expected modifiers (fbvrlshmcepgni) then an atom (WFDNAHCLZJGKBRQ)"
            )
        at = found.end()
        mods, atom, double, digits = found.group("mods", "atom", "double", "range")
        comps.append(_component(mods, atom, double is not None, digits or "", text))
    if len(comps) > MAX_COMPONENTS:
        raise BetzaError(
            f"Betza string {_shown(text)} has {len(comps)} components, "
            f"at most {MAX_COMPONENTS} are read"
        )
    return tuple(comps)


def lame_path(vector: Vector) -> tuple[Vector, ...]:
    """Intermediate steps of a lame leap: straight along the long leg, then diagonal."""
    dx, dy = vector
    ax, ay = abs(dx), abs(dy)
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    long_x = ax >= ay
    diag = min(ax, ay)
    straight = max(ax, ay) - diag
    steps: list[Vector] = []
    x = y = 0
    for _ in range(straight):
        if long_x:
            x += sx
        else:
            y += sy
        steps.append((x, y))
    for _ in range(diag):
        x += sx
        y += sy
        steps.append((x, y))
    return tuple(steps[:-1])
