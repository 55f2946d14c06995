"""Shatranj of Troy (docs/rules/shatranj-of-troy.md) written as ZRF.

Zillions has no piece that carries others, and no hand of the captor's, so the
file says both with what real files use:

* **Cargo as piece types** (ST-4).  A Horse carrying F and C is a piece of its
  own type, ``Trojan-Horse-FC`` (notation ``T(FC)``); the empty Horse is the
  game's ``Trojan-Horse``.  The file declares a type for every part of every
  cargo the position holds (64 from the start).  Leaving a Camel behind is one
  move block: the Horse leaps, ``(create Camel)`` on the square it left, and
  arrives as the type without the Camel.
* **Hands as squares** (ST-5), as :mod:`.export_hands` writes them: a column
  ``x1``, ``x2``, … beside the board, one square for every piece that could be
  in hand at once (a loaded Horse counts its cargo); a piece in hand drops onto
  any empty square of the board, a pawn not onto its last rank.
* **Bare King** (ST-7, ST-8, option ``bare-king``): a player with one piece
  left loses; pieces in hand stand on the hand's squares, so they count.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from trebuchet.converters.zrf.export_hands import (
    TO_FIRST_EMPTY,
    drop_macro,
    hand_lines,
    hand_setup,
)
from trebuchet.converters.zrf.export_moves import atom, direction_name, expressed
from trebuchet.variants.betza import LEAP
from trebuchet.variants.pieces import BLACK, WHITE, Piece, Player
from trebuchet.variants.position import Position
from trebuchet.variants.shatranj_of_troy import HORSE
from trebuchet.variants.variant import Variant

#: the first square of a drop's walk (ST-1: the board's top left corner)
FIRST = "a9"
#: the royal piece, never taken into a hand (the game ends first)
KING = "King"

MACROS = f"""\
; A taken piece goes down the hand's column to its first empty square and
; changes sides there (ST-5).  A King is taken as in chess: carried into a hand
; it would not count as taken, and the check test would not see it.
(define to-hand
  (if (piece? {KING}) add else cascade {TO_FIRST_EMPTY} flip add))
(define step ($1 (verify empty?) add))
(define take ($1 (verify enemy?) (to-hand)))
(define ride ($1 (while empty? add $1) (verify enemy?) (to-hand)))
; The Horse leaps ($1) and leaves a piece of its cargo ($2) on the square it
; left, arriving as the Horse without it ($3) (ST-4).
(define leave (mark $1 (verify empty?) back (create $2) $1 (add $3)))
(define leave-taking (mark $1 (verify enemy?) (change-type $3) back (create $2) $1 (to-hand)))
; A piece in hand ($1 its type) drops onto each square of the board where $2
; holds, if no square above it in the hand holds a piece of its type and side.
{drop_macro(FIRST)}"""


def cargo_text(variant: Variant, cargo: tuple[str, ...]) -> str:
    """Cargo letters in the game's order, as its hand keys write them (``FC``)."""
    order = variant.kind_order
    return "".join(sorted(cargo, key=lambda k: (order.find(k), k)))


def horse_name(variant: Variant, cargo: tuple[str, ...]) -> str:
    """The type of a Horse carrying ``cargo``: the game's own Horse when empty."""
    base = atom(variant.types[HORSE].name)
    return f"{base}-{cargo_text(variant, cargo)}" if cargo else base


def type_name(variant: Variant, piece: Piece) -> str:
    """The ZRF type of one of our pieces (a Horse's cargo is in its type)."""
    if piece.kind == HORSE:
        return horse_name(variant, tuple(piece.cargo))
    return atom(variant.types[piece.kind].name)


def _held(pos: Position) -> list[tuple[Player, Piece]]:
    """Every piece in either hand, one entry per piece, White's first."""
    variant = pos.variant
    found = []
    for color in (WHITE, BLACK):
        for key, count in sorted(pos.hand(color).items()):
            cargo = tuple(key[2:-1]) if len(key) > 1 else ()
            found += [(color, variant.piece(key[0], color, cargo))] * count
    return found


def cargoes(variant: Variant, pos: Position) -> list[tuple[str, ...]]:
    """Every cargo a Horse of ``pos`` can come to carry: each part (sub-multiset)
    of each Horse's cargo on the board or in hand, the empty one first."""
    horses = [p for _, p in pos.pieces()] + [p for _, p in _held(pos)]
    found: dict[tuple[str, ...], None] = {(): None}
    for piece in horses:
        if piece.kind != HORSE:
            continue
        whole = tuple(cargo_text(variant, tuple(piece.cargo)))
        for size in range(1, len(whole) + 1):
            for part in combinations(whole, size):
                found[part] = None
    return list(found)


def hand_size(pos: Position) -> int:
    """Squares the hand's column needs: one per piece that could be in hand at
    once, every piece but the royal ones (a loaded Horse takes one square)."""
    pieces = [p for _, p in pos.pieces()] + [p for _, p in _held(pos)]
    return sum(1 + len(p.cargo) for p in pieces if not p.royal)


def board_lines(variant: Variant, pos: Position) -> list[str]:
    """The hand's column, the walk over the board's squares and the hand's zone."""
    return hand_lines(variant, hand_size(pos))


def setup(variant: Variant, pos: Position) -> list[str]:
    """Each player's setup entries: pieces on the board by type (a Horse by its
    cargo), and the pieces in hand down the hand's column."""
    return hand_setup(variant, pos, lambda piece: type_name(variant, piece), _held(pos))


def _drop_block(name: str, letter: str) -> str:
    """The drop of a piece in hand: onto any empty square, a pawn not onto its
    last rank, the promotion-forced zone (ST-5)."""
    where = "(and empty? (not (in-zone? promotion-forced)))" if letter == "P" else "empty?"
    return f"(drop {name} {where})"


def piece_blocks(variant: Variant, letter: str, arrive: str) -> list[str]:
    """A Betza piece's moves with captures sent to the hand, and its drop.  The
    pieces of this game are leapers and riders (ST-3); the Pawn's capture may
    promote (ST-6), the choice made before the taken piece goes to the hand."""
    ptype = variant.types[letter]
    blocks = []
    for comp in expressed(ptype):
        if comp.style != LEAP:
            raise ValueError(f"{ptype.name}: no ZRF block for {comp.style} moves")
        for vector in comp.vectors:
            d = direction_name(vector)
            if comp.range == 0:
                blocks.append(f"(ride {d})")
                continue
            if comp.move:
                plain = arrive == "add"
                blocks.append(f"(step {d})" if plain else f"({d} (verify empty?) {arrive})")
            if comp.capture:
                blocks.extend(_captures(variant, letter, d))
    if not ptype.royal:
        blocks.append(_drop_block(atom(ptype.name), letter))
    return blocks


def _captures(variant: Variant, letter: str, d: str) -> list[str]:
    """A capture along ``d``; a promoting kind's also as each promotion it may make."""
    promo = variant.promotion
    if promo is None or letter not in promo.kinds:
        return [f"(take {d})"]
    choices = [atom(variant.types[k].name) for k in promo.choices]
    return [
        f"({d} (verify enemy?) (verify (not (in-zone? promotion-forced))) (to-hand))",
        *(
            f"({d} (verify enemy?) (verify (in-zone? promotion-zone)) (change-type {c}) (to-hand))"
            for c in choices
        ),
    ]


def horse_blocks(variant: Variant, cargo: tuple[str, ...]) -> list[str]:
    """A Horse with ``cargo``: its knight leaps, each also leaving one kind of its
    cargo on the square it left (ST-4), and its drop."""
    leaps = [direction_name(v) for c in expressed(variant.types[HORSE]) for v in c.vectors]
    blocks = []
    for d in leaps:
        blocks += [f"(step {d})", f"(take {d})"]
        for kind in dict.fromkeys(cargo):
            rest = list(cargo)
            rest.remove(kind)
            left = atom(variant.types[kind].name)
            after = horse_name(variant, tuple(rest))
            blocks += [f"(leave {d} {left} {after})", f"(leave-taking {d} {left} {after})"]
    blocks.append(_drop_block(horse_name(variant, cargo), HORSE))
    return blocks


def extra_pieces(variant: Variant, pos: Position) -> list[str]:
    """The piece forms of the loaded Horses, one per cargo (the empty Horse is the
    game's own piece)."""
    out = []
    for cargo in cargoes(variant, pos)[1:]:
        text = cargo_text(variant, cargo)
        out += [
            "  (piece",
            f"    (name {horse_name(variant, cargo)})",
            f'    (help "Trojan Horse carrying {text}: a knight that may leave one of them '
            'on the square it leaves.")',
            f'    (notation "{HORSE}({text})")',
            f'    (image White "images\\trebuchet\\w{HORSE}.bmp" '
            f'Black "images\\trebuchet\\b{HORSE}.bmp")',
            "    (moves",
            *(f"      {b}" for b in horse_blocks(variant, cargo)),
            "    )",
            "  )",
        ]
    return out


def _piece_of(letter: str) -> Callable[[Variant, str], list[str]]:
    return lambda variant, arrive: piece_blocks(variant, letter, arrive)


#: kind letter -> its blocks, given how a move ends (:func:`.export_moves.arrival`)
PIECES: dict[str, Callable[[Variant, str], list[str]]] = {
    **{letter: _piece_of(letter) for letter in "KFWECNRP"},
    HORSE: lambda variant, arrive: horse_blocks(variant, ()),
}


__all__ = [
    "MACROS",
    "PIECES",
    "board_lines",
    "cargoes",
    "extra_pieces",
    "hand_size",
    "horse_blocks",
    "horse_name",
    "piece_blocks",
    "setup",
    "type_name",
]
