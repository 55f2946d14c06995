"""The seed games' own pieces written as ZRF: what no Betza string says.

Each game that has such pieces gets a :class:`GameExport`: the macros its
pieces call (``define`` forms, as real Zillions files share code), the zones
those macros test, a block list per special kind, and what of the game the
file still cannot carry.  A game without an entry here is written from its
Betza pieces alone, and the writer lists its special pieces as left out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from trebuchet.converters.zrf.export_moves import KING_STEPS, direction_name, rooks_with_rights
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

Zones = dict[Player, frozenset[int]]


@dataclass(frozen=True)
class GameExport:
    """What the writer adds for one game beyond its Betza pieces."""

    #: ``define`` forms the pieces' blocks call
    macros: str
    #: kind letter -> the move blocks of that special piece
    pieces: dict[str, Callable[[Variant], list[str]]]
    #: zone name -> the squares per player, for the macros' tests
    zones: Callable[[Variant], dict[str, Zones]]
    #: what the file leaves out of this game from a position, one line each
    left_out: Callable[[Variant, Position], list[str]] = field(default=lambda v, p: [])


# -- Mangonel Chess (docs/rules/mangonel-chess.md) --------------------------------------

_MANGONEL_MACROS = """\
; The Mangonel steps one square ($1) to an empty square; the nearest piece behind
; it ($2 is the way back), of either side, is slung forward over it (MC-2).
(define scan-behind
  ($1 (verify empty?) to mark $2
   (while (and (on-board? $2) (empty? $2)) $2))
)
; A slung pawn counts its own first rank as the board's edge (MC-3).
(define slung-pawn
  (if (piece? Pawn) (if friend? (set-flag own-pawn true) else (set-flag their-pawn true)))
)
(define pawn-home
  (or (and (flag? own-pawn) (in-zone? first-rank $1))
      (and (flag? their-pawn) (in-zone? promotion-zone $1)))
)
(define pawn-home-here
  (or (and (flag? own-pawn) (in-zone? first-rank))
      (and (flag? their-pawn) (in-zone? promotion-zone)))
)
; The step alone: nothing behind, or nowhere for the slung piece to land.
(define mangonel-step
  ((scan-behind $1 $2)
   (if (on-board? $2)
       $2 (slung-pawn) back
       (verify (or (not-on-board? $1) (friend? $1) (pawn-home $1))))
   add)
)
; With sling-must-land the step is allowed only with nothing behind.
(define mangonel-step-landing
  ((scan-behind $1 $2) (verify (not-on-board? $2)) add)
)
; The step and the sling: the piece lands on the first piece it meets if that is
; an enemy of the mover, else on the last empty square before a piece or the
; edge; a pawn slung onto its last rank is a Queen (MC-3).
(define mangonel-sling
  ((scan-behind $1 $2) $2 (slung-pawn) cascade back
   $1 (verify (not (pawn-home-here))) (verify not-friend?)
   (if empty?
       (while (and (on-board? $1) (empty? $1) (not (pawn-home $1))) $1)
       (if (and (on-board? $1) (enemy? $1) (not (pawn-home $1))) $1))
   (if (or (and (flag? own-pawn) (in-zone? promotion-zone))
           (and (flag? their-pawn) (in-zone? first-rank)))
       (add Queen)
    else add))
)
"""


def _mangonel_blocks(variant: Variant) -> list[str]:
    step = "mangonel-step-landing" if "sling-must-land" in variant.options else "mangonel-step"
    blocks = []
    for v in KING_STEPS:
        d, back = direction_name(v), direction_name((-v[0], -v[1]))
        blocks += [f"({step} {d} {back})", f"(mangonel-sling {d} {back})"]
    return blocks


def _first_ranks(variant: Variant) -> dict[str, Zones]:
    geo = variant.geometry
    return {
        "first-rank": {
            WHITE: geo.squares_of_ranks((0,)),
            BLACK: geo.squares_of_ranks((geo.ranks - 1,)),
        }
    }


def _mangonel_left_out(variant: Variant, pos: Position) -> list[str]:
    """MC-4 and MC-6 follow each castling right's own Rook through slings; a rules
    file sees only that a Rook on the home square never moved by itself."""
    lost = [
        "MC-4: a castling right belongs to its own Rook; here any Rook that never "
        "moved by itself castles from the home square, though a sling brought it there"
    ]
    held = {sq for color in (WHITE, BLACK) for sq in rooks_with_rights(variant, pos, color)}
    waiting = sorted(pos.castling - held)
    if waiting:
        names = " ".join(variant.geometry.name(sq) for sq in waiting)
        lost.append(f"MC-6: the castling rights waiting for a Rook to come home to {names}")
    return lost


GAMES: dict[str, GameExport] = {
    "mangonel-chess": GameExport(
        macros=_MANGONEL_MACROS,
        pieces={"M": _mangonel_blocks},
        zones=_first_ranks,
        left_out=_mangonel_left_out,
    ),
}
