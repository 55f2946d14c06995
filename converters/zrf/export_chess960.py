"""Chess960's castling (docs/rules/chess960.md, CF-1) written as ZRF.

The FIDE block of :func:`.export_moves.castling_block` walks from the King to a
Rook in a corner.  In Chess960 the King and its Rooks may stand anywhere on the
first rank, and castling takes them to fixed files whatever the start: the King
to g (c), the Rook to f (d).  The setup is fixed in the file, so each right of
the position written is one block of the King's, with that right's squares:

* every square the King or the Rook crosses or lands on is empty but for the
  two of them (``(verify empty?)`` on each);
* the King is not in check and crosses no attacked square (``(verify
  not-attacked?)`` on its square and each square it passes; its landing square
  is tested by the checkmate goal, as for any move);
* the Rook is a friend that never moved and holds a right (zone
  ``castling-rook``), the King never moved and stands where the rights were
  given (zone ``castling-king``).

A block walks along its rank with ``east`` and ``west``, which no symmetry
turns, so one block serves both players where their King and Rook stand on the
same files.  Then the pieces move: the King to its file (a ``cascade`` there
picks up the Rook when the King lands on the Rook's square), the Rook to its
file; a King or a Rook already on its file does not move, and a King that stays
or a Rook that stays has its ``never-moved?`` cleared in place: the King so that
it does not castle again, the Rook so that the move names it (below).

In coordinates trebuchet writes a Chess960 castling king-takes-rook (``b1a1``,
CF-2); the engine reads that as the move of the King's block that also moves
the friend on the second square or clears its attribute (:mod:`trebuchet.variants.zrf.coordinates`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from trebuchet.converters.zrf import export_clock as clock
from trebuchet.converters.zrf.export_moves import EAST, NEVER_MOVED, WEST, atom, rooks_with_rights
from trebuchet.variants.chess_family import ChessFamily
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: the files castling takes King and Rook to: toward the h-side, toward the a-side
KING_FILES = {EAST: 6, WEST: 2}
ROOK_FILES = {EAST: 5, WEST: 3}
_CLEARED = f"(set-attribute {NEVER_MOVED} false)"


@dataclass(frozen=True)
class Castling960:
    """One right, by files: the King on ``king``, its Rook on ``rook``."""

    king: int
    rook: int

    @property
    def toward(self) -> str:
        return EAST if self.rook > self.king else WEST

    @property
    def king_to(self) -> int:
        return KING_FILES[self.toward]

    @property
    def rook_to(self) -> int:
        return ROOK_FILES[self.toward]

    def must_be_empty(self) -> list[int]:
        """The files either piece crosses or lands on, but the two pieces' own."""
        span = set(_through(self.king, self.king_to)) | set(_through(self.rook, self.rook_to))
        return sorted(span - {self.king, self.rook})

    def king_path(self) -> list[int]:
        """The King's file and the files it crosses (not its landing file)."""
        return [self.king, *_through(self.king, self.king_to)[:-1]]


def _through(start: int, end: int) -> list[int]:
    """The files from ``start`` (excluded) to ``end`` (included), in walking order."""
    step = 1 if end >= start else -1
    return list(range(start + step, end + step, step)) if end != start else []


def castling_kings(variant: Variant, pos: Position) -> dict[Player, frozenset[int]]:
    """Per player the square of its castling King, where it holds a right."""
    assert isinstance(variant, ChessFamily)
    kings: dict[Player, frozenset[int]] = {}
    for color in (WHITE, BLACK):
        king = variant.castling_king(pos, color)
        if king is None:
            continue
        rank = variant.geometry.rank_of(king)
        if any(variant.geometry.rank_of(r) == rank for r in rooks_with_rights(variant, pos, color)):
            kings[color] = frozenset({king})
    return kings


def castlings(variant: Variant, pos: Position) -> list[Castling960]:
    """Every right of ``pos`` as files (one entry where both players share one)."""
    geo = variant.geometry
    found: dict[Castling960, None] = {}
    for color, kings in castling_kings(variant, pos).items():
        for king in kings:
            for rook in rooks_with_rights(variant, pos, color):
                if geo.rank_of(rook) == geo.rank_of(king):
                    found[Castling960(geo.file_of(king), geo.file_of(rook))] = None
    return list(found)


def castling_zones(variant: Variant, pos: Position) -> dict[str, dict[Player, frozenset[int]]]:
    """The zones the blocks test: the Kings and the Rooks holding rights."""
    return {
        "castling-king": castling_kings(variant, pos),
        "castling-rook": {c: frozenset(rooks_with_rights(variant, pos, c)) for c in (WHITE, BLACK)},
    }


class _Walk:
    """The steps of one block along the King's rank, from the King's file."""

    def __init__(self, start: int) -> None:
        self.file = start
        self.out: list[str] = []

    def to(self, file: int, *tests: str) -> None:
        step = EAST if file > self.file else WEST
        self.out.extend([step] * abs(file - self.file))
        self.file = file
        self.out.extend(tests)


def castling_block(way: Castling960, rook_kinds: tuple[str, ...], counts: str = "") -> str:
    """The King's castling by one right (the module's docstring says how);
    ``counts``: what it does to the halfmove clock (:mod:`.export_clock`)."""
    ending = [counts, "add"] if counts else ["add"]
    walk = _Walk(way.king)
    walk.out += [f"(verify {NEVER_MOVED})", "(verify (in-zone? castling-king))"]
    empty, path = set(way.must_be_empty()), set(way.king_path())
    for file in sorted(empty | path, key=lambda f: abs(f - way.king)):
        tests = ["(verify empty?)"] if file in empty else []
        walk.to(file, *tests, *(["(verify not-attacked?)"] if file in path else []))
    kinds = " ".join(f"(piece? {k})" for k in rook_kinds)
    kind_test = kinds if len(rook_kinds) == 1 else f"(or {kinds})"
    walk.to(
        way.rook,
        f"(verify (and friend? {kind_test} {NEVER_MOVED} (in-zone? castling-rook)))",
    )
    if way.king_to != way.king:
        walk.to(way.king_to, _CLEARED, "cascade" if way.rook_to != way.rook else "to")
    if way.rook_to == way.rook:
        walk.to(way.rook, _CLEARED, *ending)
    else:
        walk.to(way.rook, "from")
        walk.to(way.rook_to, _CLEARED)
        if way.king_to == way.king:
            walk.out.append("to")
            walk.to(way.king, _CLEARED)
        walk.out.extend(ending)
    return f"({' '.join(walk.out)})"


def castling_blocks(variant: Variant, pos: Position) -> list[str]:
    """The King's castling blocks for every right of ``pos``, each counting one on
    the halfmove clock where the file keeps it."""
    kinds = tuple(atom(variant.types[k].name) for k in sorted(variant.castling_rook_kinds))
    counts = clock.UP if clock.clocked(variant) else ""
    return [castling_block(way, kinds, counts) for way in castlings(variant, pos)]


class OwnCastling(NamedTuple):
    """A game's own castling for the writer: the King's blocks and their zones."""

    blocks: Callable[[Variant, Position], list[str]]
    zones: Callable[[Variant, Position], dict[str, dict[Player, frozenset[int]]]]


CHESS960_CASTLING = OwnCastling(castling_blocks, castling_zones)


__all__ = [
    "CHESS960_CASTLING",
    "Castling960",
    "OwnCastling",
    "castling_block",
    "castling_blocks",
    "castling_zones",
    "castlings",
]
