"""Reading input files within bounds: sizes checked before anything is read.

Every reader that takes a whole file into memory (JSON, Game Courier, move
lists, Zillions rules and saved games) reads it through :func:`read_bytes`,
which refuses a file larger than the reader's limit before reading a byte of
it, and reads at most one byte past the limit even when the size could not be
known in advance.  The streaming PGN reader reads lines of at most
:data:`MAX_LINE` bytes instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

from trebuchet.converters.errors import RecordError
from trebuchet.variants.errors import TrebuchetError

#: The largest game file read whole (JSON, Game Courier, move lists).  The
#: bundled examples are a few kilobytes; 32 MB of JSON is some 300 MB once parsed.
MAX_GAME_FILE = 32_000_000
#: The longest line the PGN reader takes.  The longest in the shared PGN data is
#: 5,856 bytes (a lichess export with clock comments); PGN export format wraps at 80.
MAX_LINE = 1_000_000

ErrorFactory = Callable[[str], TrebuchetError]
"""Turns a reason (``file is … bytes``, ``cannot read: …``) into the reader's own error."""


def read_bytes(path: str | Path, limit: int, error: ErrorFactory) -> bytes:
    """The bytes of the file at ``path``; ``error(reason)`` is raised for a file larger
    than ``limit`` (before it is read) or one that cannot be read."""
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                raise error(too_big(size, limit))
            data = handle.read(limit + 1)
    except OSError as exc:
        raise error(f"cannot read: {exc.strerror}") from None
    if len(data) > limit:
        raise error(too_big(len(data), limit, more=True))
    return data


def read_text(path: str, progress: Callable[[int], None] | None = None) -> str:
    """A game file of at most :data:`MAX_GAME_FILE` bytes as text (UTF-8, undecodable
    bytes replaced); RecordError names the file when it is larger or unreadable."""
    data = read_bytes(path, MAX_GAME_FILE, lambda reason: RecordError(reason, source=path))
    if progress is not None:
        progress(len(data))
    return data.decode("utf-8", errors="replace")


def too_big(size: int, limit: int, *, more: bool = False) -> str:
    """The reason given for a file over its limit."""
    return f"file is {'more than ' if more else ''}{size} bytes; at most {limit} are read"


def file_lines(path: str, progress: Callable[[int], None] | None = None) -> Iterator[bytes]:
    """The lines of the file at ``path``, each at most :data:`MAX_LINE` bytes (``progress``
    told the size of each); RecordError names the file, and the line that is longer or
    could not be read."""
    try:
        raw = open(path, "rb")  # noqa: SIM115 - closed by the with below, errors caught here
    except OSError as exc:
        raise RecordError(f"cannot read: {exc.strerror}", source=path) from None
    number = 0
    with raw:
        while True:
            try:
                line = raw.readline(MAX_LINE + 1)
            except OSError as exc:
                raise RecordError(
                    f"cannot read: {exc.strerror}", source=path, line=number + 1
                ) from None
            if not line:
                return
            number += 1
            if len(line) > MAX_LINE:
                raise RecordError(
                    f"line is longer than {MAX_LINE} bytes", source=path, line=number
                )
            if progress is not None:
                progress(len(line))
            yield line
