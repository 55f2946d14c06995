"""Output files, written whole or not at all.

Every command that writes a file goes through :func:`write_atomically`: the text
goes to a temporary file in the target's folder, which replaces the target only
once it is complete, so an error half-way (or Ctrl-C) never leaves a truncated
file behind and never destroys an older good one.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

from trebuchet.variants.errors import TrebuchetError


class OutputError(TrebuchetError):
    """An output file that cannot be written (no such folder, no permission)."""


def write_atomically(
    path: str | Path,
    write: Callable[[IO[str]], None],
    *,
    encoding: str = "utf-8",
    newline: str = "\n",
) -> None:
    """Call ``write`` on a stream whose text lands in ``path`` only if it succeeds."""
    target = Path(path)
    folder = target.resolve().parent
    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"{target}: cannot write: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding=encoding, errors="replace", newline=newline) as out:
            write(out)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_text(path: str | Path, text: str, **options: str) -> None:
    """:func:`write_atomically` for text already in hand."""

    def put(out: IO[str]) -> None:
        out.write(text)

    write_atomically(path, put, **options)
