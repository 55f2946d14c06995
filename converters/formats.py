"""The game-file formats trebuchet reads and writes, as one table.

Each format is a :class:`Format` (name, extensions, reader, sniffer, one game's
text and the frame around the texts) whose functions live in the format's module
(``pgn``, ``courier``, ``json_format``, ``text_files``, ``zsg``); the module is
imported when one of them is first called, so that a command reading a PGN file
loads no other format (start-up: docs/speed.md).  ``--to NAME``, ``--from NAME`` and
detection by extension or content all come from this table.

>>> [fmt.name for fmt in FORMATS.values()]
['pgn', 'courier', 'json', 'moves', 'fen', 'zsg']
>>> detect_format("game.gc").name
'courier'
"""

from __future__ import annotations

import importlib
import os
import stat
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from trebuchet.converters.inputs import inner_suffix, is_standard_input, open_input
from trebuchet.converters.record import (
    Format,
    GameRecord,
    MoveNode,
    Progress,
    RecordError,
    shown,
)


class _Later:
    """A function of a format's module, the module imported when it is first called."""

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        module = importlib.import_module(f"trebuchet.converters.{self.module}")
        return getattr(module, self.name)(*args, **kwargs)

    def __repr__(self) -> str:
        return f"{self.module}.{self.name}"


class _LaterValue(_Later):
    """A constant of a format's module, the module imported when it is first asked for."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        module = importlib.import_module(f"trebuchet.converters.{self.module}")
        return getattr(module, self.name)


def _format(
    name: str,
    extensions: tuple[str, ...],
    module: str,
    reader: str | None,
    sniff: str | None,
    game_text: str,
    frame: str = "FRAME",
) -> Format:
    return Format(
        name,
        extensions,
        _Later(module, reader) if reader else None,
        _Later(module, sniff) if sniff else None,
        _Later(module, game_text),
        _LaterValue(module, frame),
    )


FORMATS: dict[str, Format] = {
    fmt.name: fmt
    for fmt in (
        _format("pgn", (".pgn",), "pgn", "read_file", "sniff", "write_game"),
        _format("courier", (".gc",), "courier", "read_file", "sniff", "write_game"),
        _format("json", (".json",), "json_format", "read_file", "sniff", "game_text"),
        _format(
            "moves", (".txt", ".moves"), "text_files", "read_moves_file", "sniff_moves",
            "moves_text", "MOVES_FRAME",
        ),
        _format("fen", (".fen",), "text_files", None, None, "fen_text"),
        _format("zsg", (".zsg",), "zsg", "read_records", None, "write_zsg"),
    )
}


def format_named(name: str) -> Format:
    """The format called ``name`` (``pgn``, ``json`` …); RecordError if none is."""
    fmt = FORMATS.get(name.lower())
    if fmt is None:
        raise RecordError(f"unknown format {shown(name)} (known: {', '.join(FORMATS)})")
    return fmt


def detect_format(path: str) -> Format:
    """The format of ``path``: by extension, else sniffed from its first kilobyte."""
    ext = inner_suffix(path)
    for fmt in FORMATS.values():
        if ext in fmt.extensions and fmt.reader is not None:
            return fmt
    if is_standard_input(path):
        handle = open_input(path, lambda reason: RecordError(reason, source=path))
        head = handle.peek(1024)[:1024].decode("utf-8", "replace")  # type: ignore[attr-defined]
        return _sniffed(head, path)
    with open_input(path, lambda reason: RecordError(reason, source=path)) as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            # a pipe cannot be read twice: once to look, once to read
            raise RecordError(
                "standard input is not a file; give its format with --from", source=path
            )
        try:
            head = handle.read(1024).decode("utf-8", "replace")
        except OSError as exc:
            raise RecordError(f"cannot read: {exc.strerror}", source=path) from None
    return _sniffed(head, path)


def _sniffed(head: str, path: str) -> Format:
    """The format whose sniffer takes a file's first kilobyte ``head``."""
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
    if not os.path.lexists(path) and not is_standard_input(path):
        raise RecordError("no such file", source=path)
    if fmt.reader is None:
        raise RecordError(f"format {fmt.name!r} cannot be read", source=path)
    return fmt.reader(path, progress)


def records_of(
    path: str, fmt: Format | None = None, progress: Progress | None = None
) -> Iterator[GameRecord | RecordError]:
    """:func:`read_records`, and a RecordError for a file that holds no game at all.

    The readers yield nothing for an empty file, which a command would report
    as nothing at all (exit 0, no output): a user who converted or checked the
    wrong file must hear that it held no games.
    """
    games = read_records(path, fmt, progress)
    count = 0
    for count, item in enumerate(games, start=1):  # noqa: B007 - count is read after
        yield item
    if count == 0:
        yield no_games(path)


def no_games(path: str) -> RecordError:
    """The error for a file that holds no game (and whether it has not a byte:
    standard input's size is not known)."""
    try:
        empty = not is_standard_input(path) and os.path.getsize(path) == 0
    except OSError:
        empty = False
    return RecordError("holds no games" + (" (the file is empty)" if empty else ""), source=path)


#: What a format can hold of what a record may carry besides its moves and tags.
#: Writing a record in a format that lacks one drops it (:func:`dropped`).
CONTENT = ("variations", "comments", "NAGs")
HOLDS: dict[str, frozenset[str]] = {
    "pgn": frozenset(CONTENT),
    "json": frozenset(CONTENT),
    "courier": frozenset({"comments"}),
    "moves": frozenset({"comments"}),
    "fen": frozenset(),
    "zsg": frozenset(),
}
#: How the lossy formats are named in a warning.
TITLES = {
    "courier": "Game Courier",
    "moves": "a move list",
    "fen": "FEN (final positions only)",
    "zsg": "a Zillions saved game",
}


def content(record: GameRecord) -> Counter[str]:
    """How many variations, comments and NAGs ``record`` carries.

    What a variation holds is counted as the variation, not again as comments
    or NAGs: a format without variations loses it whole.
    """
    found: Counter[str] = Counter(comments=len(record.final_comments))
    for node in record.moves:
        found["comments"] += len(node.before) + len(node.comments)
        found["NAGs"] += len(node.nags)
        found["variations"] += _variations(node)
    return +found


def _variations(node: MoveNode) -> int:
    """The variations of ``node`` and, within them, of their own moves."""
    count = 0
    stack = [node]
    while stack:
        current = stack.pop()
        count += len(current.variations)
        for line in current.variations:
            stack.extend(line)
    return count


def dropped(fmt: Format, records: Iterable[GameRecord]) -> Counter[str]:
    """What writing ``records`` in ``fmt`` loses: count per kind of :data:`CONTENT`."""
    holds = HOLDS.get(fmt.name, frozenset(CONTENT))
    lost: Counter[str] = Counter()
    for record in records:
        lost.update({k: n for k, n in content(record).items() if k not in holds})
    return +lost


def loss_warning(fmt: Format, lost: Counter[str]) -> str | None:
    """The one line that says what ``fmt`` cannot hold and how much was dropped,
    or None when nothing was."""
    if not lost:
        return None
    kinds = [k for k in CONTENT if k in lost]
    counts = ", ".join(f"{lost[k]} {_singular(k, lost[k])}" for k in kinds)
    cannot = " or ".join(kinds) if len(kinds) < 3 else f"{kinds[0]}, {kinds[1]} or {kinds[2]}"
    title = TITLES.get(fmt.name, fmt.name)
    return f"{title} cannot hold {cannot}: {counts} dropped"


def _singular(kind: str, count: int) -> str:
    return kind if count != 1 else kind.removesuffix("s")
