"""Crazyhouse (docs/rules/crazyhouse.md) written as ZRF.

* **Hands** (ZH-1, ZH-3) as :mod:`.export_hands` writes them: a capture sends
  the taken piece down the column ``x1`` … beside the board and turns it to the
  captor's side; a piece in hand drops onto any empty square, a Pawn not onto
  the first or last rank (zone ``pawn-barred``).  A dropped Rook has
  ``never-moved?`` cleared: it came from a hand, so it holds no castling right.
* **Promoted pieces** (ZH-2) are types of their own, ``Promoted-Queen`` …
  (notation ``Q~``, as FEN marks them), moving as the kind they show; the
  Pawn's promotions make them, and one taken goes to the hand as a Pawn
  (``change-type`` after the ``flip``).
* **En passant** sends the Pawn taken beside the captor to the hand too: the
  captor's part ends on the square passed over, and ``from`` on the victim's
  square starts the victim's part down the column.
* **The end**: checkmate and stalemate as in chess; ZH-4's insufficient
  material is the writer's goal (:mod:`.export_draws`: the hands are squares,
  so its counts see them); fivefold repetition (ZH-5) is a counted draw no goal
  of Zillions says, and the file names it as left out.
"""

from __future__ import annotations

from collections.abc import Callable

from trebuchet.converters.zrf.export_clock import FIVEFOLD
from trebuchet.converters.zrf.export_hands import (
    TO_FIRST_EMPTY,
    drop_macro,
    hand_lines,
    hand_setup,
)
from trebuchet.converters.zrf.export_moves import NEVER_MOVED, PieceRules, atom, piece_blocks
from trebuchet.converters.zrf.game_export import GameExport
from trebuchet.variants.pieces import BLACK, WHITE, Piece, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

PAWN = "P"
#: the kinds a Pawn promotes to, each with a promoted type of its own
PROMOTABLE = {"Q": "Queen", "R": "Rook", "B": "Bishop", "N": "Knight"}
#: ZH-3: the ranks no Pawn is dropped on
PAWN_BARRED = "pawn-barred"
_UNMOVED_DROP = "drop-unmoved"


def promoted_name(kind: str) -> str:
    """The type of a promoted piece of ``kind`` (``Promoted-Queen``)."""
    return f"Promoted-{PROMOTABLE[kind]}"


def _macros(pawn: str, first: str) -> str:
    """``to-hand`` (a promoted piece goes as a Pawn), and the drops; ``first``: the
    board's top left square."""
    promoted = " ".join(f"(piece? {promoted_name(k)})" for k in PROMOTABLE)
    return f"""\
; A taken piece goes down the hand's column to its first empty square and
; changes sides there (ZH-1); a promoted piece goes as a Pawn (ZH-2).  A King
; is taken as in chess: carried into a hand, the check test would not see it.
(define to-hand
  (if (piece? King) add
   else (if (or {promoted})
      cascade {TO_FIRST_EMPTY} flip (change-type {pawn}) add
   else cascade {TO_FIRST_EMPTY} flip add)))
; A piece in hand ($1 its type) drops onto each square of the board where $2
; holds, if no square above it in the hand holds a piece of its type and side;
; a dropped Rook holds no castling right.
{drop_macro(first)}{drop_macro(first, _UNMOVED_DROP, f"(set-attribute {NEVER_MOVED} false)")}"""


MACROS = _macros("Pawn", "a8")


def _capture_rules(arrive: str) -> PieceRules:
    """A piece's rules from how its moves end (``arrive``, with ``never-moved?``
    cleared for a castling King or Rook): its captures end in the hand."""
    castles = NEVER_MOVED in arrive
    before = f"(set-attribute {NEVER_MOVED} false) " if castles else ""
    return PieceRules(castles=castles, capture_arrival=f"{before}(to-hand)")


def _drop(variant: Variant, kind: str, castles: bool) -> str:
    name = atom(variant.types[kind].name)
    if kind == PAWN:
        return f"(drop {name} (and empty? (not (in-zone? {PAWN_BARRED}))))"
    return f"({_UNMOVED_DROP if castles else 'drop'} {name} empty?)"


def _piece(kind: str) -> Callable[[Variant, str], list[str]]:
    """A Betza piece's blocks, captures sent to the hand, and its drop."""

    def blocks(variant: Variant, arrive: str) -> list[str]:
        rules = _capture_rules(arrive)
        ptype = variant.types[kind]
        found = [b for _, b in piece_blocks(ptype, rules, None)]
        if not ptype.royal:
            found.append(_drop(variant, kind, rules.castles))
        return found

    return blocks


def _pawn(variant: Variant, arrive: str) -> list[str]:
    """The Pawn: its step and double step, its captures (promoting on the last rank
    to the promoted types), en passant, and its drop."""
    choices = [promoted_name(k) for k in PROMOTABLE]
    pawn = atom(variant.types[PAWN].name)
    blocks = [
        f"(n (verify empty?) (if (in-zone? promotion-zone) (add {' '.join(choices)}) else add))",
        f"((verify (in-zone? initial-{pawn})) n (verify empty?) n (verify empty?) add)",
    ]
    for d in ("ne", "nw"):
        blocks.append(f"({d} (verify enemy?) (verify (not (in-zone? promotion-zone))) (to-hand))")
        blocks.extend(
            f"({d} (verify enemy?) (verify (in-zone? promotion-zone)) (change-type {c}) (to-hand))"
            for c in choices
        )
    for side in ("e", "w"):
        blocks.append(
            f"({side} (verify (and enemy? (piece? {pawn}) last-to?)) n n (verify last-from?) "
            f"s cascade s from {TO_FIRST_EMPTY} flip add)"
        )
    blocks.append(_drop(variant, PAWN, False))
    return blocks


def _promoted_piece(variant: Variant, kind: str) -> list[str]:
    """The piece form of a promoted ``kind``: its moves, captures to the hand."""
    ptype = variant.types[kind]
    rules = _capture_rules("add")
    picture = ptype.name.lower()
    return [
        "  (piece",
        f"    (name {promoted_name(kind)})",
        f'    (help "Promoted {ptype.name}: moves as a {ptype.name}; taken, it goes to the '
        'hand as a Pawn.")',
        f'    (notation "{kind}~")',
        f'    (image White "images\\Chess\\w{picture}.bmp" Black "images\\Chess\\b{picture}.bmp")',
        "    (moves",
        *(f"      {b}" for _, b in piece_blocks(ptype, rules, None)),
        "    )",
        "  )",
    ]


def extra_pieces(variant: Variant, pos: Position) -> list[str]:
    """The promoted types, one per kind a Pawn promotes to."""
    return [line for kind in PROMOTABLE for line in _promoted_piece(variant, kind)]


def _held(pos: Position) -> list[tuple[Player, Piece]]:
    """Every piece in either hand, one entry per piece, White's first."""
    variant = pos.variant
    return [
        (color, variant.piece(kind, color))
        for color in (WHITE, BLACK)
        for kind, count in sorted(pos.hand(color).items())
        for _ in range(count)
    ]


def _type_name(variant: Variant, piece: Piece) -> str:
    if piece.promoted:
        return promoted_name(piece.kind)
    return atom(variant.types[piece.kind].name)


def setup(variant: Variant, pos: Position) -> list[str]:
    """Pieces by type (a promoted one by its own), the hands down the column."""
    return hand_setup(variant, pos, lambda piece: _type_name(variant, piece), _held(pos))


def board_lines(variant: Variant, pos: Position) -> list[str]:
    """The hand's column: a square for every piece but the Kings, on the board or
    in hand (each could be taken into a hand); one at least, since the drops and
    ``to-hand`` name its first square (bare Kings)."""
    on_board = sum(1 for _, p in pos.pieces() if not p.royal)
    held = sum(n for color in (WHITE, BLACK) for n in pos.hand(color).values())
    return hand_lines(variant, max(1, on_board + held))


def zones(variant: Variant) -> dict[str, dict[Player, frozenset[int]]]:
    """ZH-3: the first and last ranks, where no Pawn is dropped."""
    barred = variant.geometry.squares_of_ranks((0, variant.geometry.ranks - 1))
    return {PAWN_BARRED: {WHITE: barred, BLACK: barred}}


def left_out(variant: Variant, pos: Position) -> list[str]:
    """ZH-5: the draw no Zillions goal counts."""
    return [FIVEFOLD]


def crazyhouse_export() -> GameExport:
    """Every piece (the King for its captures), the hands, the promoted types."""
    pieces = {kind: _piece(kind) for kind in "NBRQK"}
    return GameExport(
        macros=MACROS,
        pieces={**pieces, PAWN: _pawn},
        zones=zones,
        left_out=left_out,
        hands=True,
        board_lines=board_lines,
        setup=setup,
        extra_pieces=extra_pieces,
        chess_endings=True,
    )


__all__ = ["MACROS", "crazyhouse_export", "promoted_name"]
