"""The game-file formats trebuchet reads and writes, as one table of objects.

Each format module declares its :class:`Format` (name, extensions, reader,
writer, sniffer); this module lists them, so ``--to NAME``, ``--from NAME`` and
detection by extension or content all come from one place.

>>> [fmt.name for fmt in FORMATS.values()]
['pgn', 'courier', 'json', 'moves', 'fen', 'zsg']
>>> detect_format("game.gc").name
'courier'
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from trebuchet.converters import courier, fen, json_format, pgn, zsg
from trebuchet.converters.record import Format, GameRecord, Progress, RecordError, shown

FORMATS: dict[str, Format] = {
    fmt.name: fmt
    for fmt in (pgn.FORMAT, courier.FORMAT, json_format.FORMAT, fen.MOVES, fen.FORMAT, zsg.FORMAT)
}


def format_named(name: str) -> Format:
    """The format called ``name`` (``pgn``, ``json`` …); RecordError if none is."""
    fmt = FORMATS.get(name.lower())
    if fmt is None:
        raise RecordError(f"unknown format {shown(name)} (known: {', '.join(FORMATS)})")
    return fmt


def detect_format(path: str) -> Format:
    """The format of ``path``: by extension, else sniffed from its first kilobyte."""
    ext = os.path.splitext(path)[1].lower()
    for fmt in FORMATS.values():
        if ext in fmt.extensions and fmt.reader is not None:
            return fmt
    try:
        with open(path, "rb") as handle:
            head = handle.read(1024).decode("utf-8", "replace")
    except OSError as exc:
        raise RecordError(f"cannot read: {exc.strerror}", source=path) from None
    for fmt in FORMATS.values():
        if fmt.sniff is not None and fmt.sniff(head):
            return fmt
    raise RecordError("cannot tell the file's format; give it with --from", source=path)


def read_records(
    path: str, fmt: Format | None = None, progress: Progress | None = None
) -> Iterator[GameRecord | RecordError]:
    """The games of the file at ``path`` (format given or detected); ``progress`` is
    told of the bytes read."""
    fmt = fmt or detect_format(path)
    if not os.path.isfile(path):
        raise RecordError("no such file", source=path)
    if fmt.reader is None:
        raise RecordError(f"format {fmt.name!r} cannot be read", source=path)
    return fmt.reader(path, progress)
