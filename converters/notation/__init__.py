"""Move notations: the text a game record writes for a move, read and written.

Every variant has one *human* notation (SAN for chess-like games, the rule
page's own forms for the Troy games) next to the coordinate notation the core
gives every move (:meth:`trebuchet.variants.variant.Variant.move_text`).  A notation is
resolved by matching, never by guessing: ``read`` parses the text into parts,
then finds the one legal move that fits (IllegalMoveError / AmbiguousMoveError
otherwise, from :mod:`trebuchet.variants.errors`).

Each variant's notation is a module of this package named in the table below;
a variant without an entry uses SAN.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Protocol

from trebuchet.variants.move import Move
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant


class Notation(Protocol):
    """How one variant's moves are written in game records."""

    def write(self, pos: Position, move: Move) -> str:
        """The text of ``move``, legal in ``pos`` (the position before it), with +/# suffix."""
        ...

    def read(self, pos: Position, text: str) -> Move:
        """The one legal move of ``pos`` that ``text`` names (suffixes +, #, !, ? allowed)."""
        ...


#: variant name -> "module:Class" of its notation; others use SAN.
_TABLE: dict[str, str] = {
    "catapults-of-troy": "trebuchet.converters.notation.catapults_of_troy:CatapultsNotation",
    "shatranj-of-troy": "trebuchet.converters.notation.shatranj_of_troy:ShatranjOfTroyNotation",
}
_DEFAULT = "trebuchet.converters.notation.san:SanNotation"


def notation_for(variant: Variant) -> Notation:
    """The human notation of ``variant``."""
    target = _TABLE.get(variant.name, _DEFAULT)
    module_name, _, cls = target.partition(":")
    if importlib.util.find_spec(module_name) is None:
        module_name, _, cls = _DEFAULT.partition(":")
    notation: Notation = getattr(importlib.import_module(module_name), cls)(variant)
    return notation
