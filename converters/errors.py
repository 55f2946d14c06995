"""The errors of reading and replaying game files, with the ``file:line:col:`` prefix
every message starts with.

They live apart from :mod:`trebuchet.converters.record` so that the lowest
readers (bounded file input, the Zillions rules reader) can raise them without
importing the record model, which itself loads Zillions games.
"""

from __future__ import annotations

from trebuchet.variants.errors import TrebuchetError


class RecordError(TrebuchetError):
    """A game file that cannot be read: the message starts with ``file:line:col:``."""

    def __init__(self, message: str, *, source: str = "", line: int = 0, column: int = 0) -> None:
        super().__init__(f"{where(source, line, column)}{message}")
        self.source = source
        self.line = line
        self.column = column


class ReplayError(RecordError):
    """A move text that matches no legal move, or several, in its position."""

    def __init__(
        self,
        message: str,
        *,
        source: str = "",
        line: int = 0,
        column: int = 0,
        text: str = "",
        fen: str = "",
        nearest: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message, source=source, line=line, column=column)
        self.text = text
        self.fen = fen
        self.nearest = nearest


def where(source: str, line: int = 0, column: int = 0) -> str:
    """The ``file:line:col: `` prefix of a message (parts that are unknown left out)."""
    parts = [source or "<input>"]
    if line:
        parts.append(str(line))
        if column:
            parts.append(str(column))
    return ":".join(parts) + ": "
