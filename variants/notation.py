"""Move notations: the text a game record writes for a move, read and written.

Every variant has one *human* notation (SAN for chess-like games, the rule
page's own forms for the Troy games, :meth:`Variant.make_notation`) next to
the coordinate notation the core gives every move
(:meth:`trebuchet.variants.variant.Variant.move_text`).  A notation is resolved
by matching, never by guessing: ``read`` parses the text into parts, then asks
the core for the legal moves that fit (IllegalMoveError / AmbiguousMoveError
otherwise).

Formats with a notation of their own (Game Courier's move lists) implement the
same :class:`Notation` protocol in :mod:`trebuchet.converters`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from trebuchet.variants.errors import AmbiguousMoveError, MoveError
from trebuchet.variants.san import SanNotation

if TYPE_CHECKING:
    from trebuchet.variants.move import Move
    from trebuchet.variants.position import Position
    from trebuchet.variants.variant import Variant

#: How records write a pass: PGN's ``--``, ChessBase's ``Z0``, UCI's ``0000``, XBoard's ``@@@@``.
NULL_TEXTS = frozenset({"--", "Z0", "0000", "@@@@"})

Reader = Callable[["Position", str], "Move"]


class Notation(Protocol):
    """How one variant's moves are written in game records."""

    def write(self, pos: Position, move: Move) -> str:
        """The text of ``move``, legal in ``pos`` (the position before it), with +/# suffix."""
        ...

    def read(self, pos: Position, text: str) -> Move:
        """The one legal move of ``pos`` that ``text`` names (suffixes +, #, !, ? allowed)."""
        ...


def first_reading(
    pos: Position, text: str, *readers: Reader, prefer_nearest: bool = False
) -> Move:
    """The move the first reader that understands ``text`` finds.

    An ambiguity stops at once (a later reading must not pick one of the
    candidates silently).  When no reader finds a move, the first reader's
    error is raised (it says what the preferred notation made of the text),
    or with ``prefer_nearest`` the first error that names nearby legal moves.
    """
    errors: list[MoveError] = []
    for read in readers:
        try:
            return read(pos, text)
        except AmbiguousMoveError:
            raise
        except MoveError as exc:
            errors.append(exc)
    if prefer_nearest:
        raise next((e for e in errors if e.nearest), errors[0])
    raise errors[0]


class PageNotation:
    """Base of a rule page's own notation: generalised SAN is always read too.

    Writers fall back to SAN where a page form cannot stand in the target (a
    PGN token cannot hold the spaces and parentheses of ``T e2-d4 (C@e2)``),
    so a game's records may mix both.  Subclasses implement :meth:`write` and
    :meth:`read_page`.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.san = SanNotation(variant)

    def write(self, pos: Position, move: Move) -> str:
        raise NotImplementedError

    def read_page(self, pos: Position, text: str) -> Move:
        """The move ``text`` names in the page's own forms."""
        raise NotImplementedError

    def read(self, pos: Position, text: str) -> Move:
        """The page's forms first, then SAN; the error that names legal moves wins."""
        return first_reading(pos, text, self.read_page, self.san.read, prefer_nearest=True)
