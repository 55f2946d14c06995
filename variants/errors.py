"""Errors a user can cause, each with a one-line message.

Every error that reaches the command line is a :class:`TrebuchetError`; the CLI
prints ``str(error)`` and exits non-zero, so messages must read well on their own
and never span lines.
"""

from __future__ import annotations

#: How much of a bad input an error message quotes.
SHOWN_WIDTH = 60


def shown(text: str, width: int = SHOWN_WIDTH) -> str:
    """``text`` quoted for an error message, cut short when longer than ``width``.

    Every reader quotes what it could not read with this (a hostile file's one
    token may be megabytes long; the error stays one short line).
    """
    if len(text) <= width:
        return repr(text)
    return repr(text[: width - 3]) + f"... ({len(text)} characters)"


class TrebuchetError(Exception):
    """Base of every error caused by input (a file, a move, a name, an option)."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


class UnknownVariantError(TrebuchetError):
    """A variant name that the registry does not know."""


class OptionError(TrebuchetError):
    """An unknown or malformed variant option."""


class FenError(TrebuchetError):
    """A FEN that cannot be read; the message names the field and why."""


class SquareError(TrebuchetError):
    """A square name that the board does not have."""


class BetzaError(TrebuchetError):
    """A Betza move description that cannot be parsed."""


class MoveError(TrebuchetError):
    """A move text that is unreadable, illegal or ambiguous in its position."""

    def __init__(
        self,
        message: str,
        *,
        text: str = "",
        fen: str = "",
        nearest: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.text = text
        self.fen = fen
        self.nearest = nearest


class UnreadableMoveError(MoveError):
    """A text that is not a move in the notation at all (``1.e4x``, ``e.p.``): a
    different mistake from a readable move that is not legal, and told apart."""


class IllegalMoveError(MoveError):
    """A move text that matches no legal move."""


class AmbiguousMoveError(MoveError):
    """A move text that matches more than one legal move."""
