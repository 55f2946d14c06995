"""GameRecord: one game, independent of the file format it came from.

Every reader (PGN, Game Courier, JSON, plain move lists) produces GameRecords
and every writer consumes them, so a conversion is *read, replay, write*.  A
record holds what the source said (tags, move texts with their comments, NAGs
and variations, and where each text stood in the file) and, once
:func:`trebuchet.converters.replay.replay` has run, the legal :class:`Move` behind every
text.  Writers use the replayed moves, never the source texts, so the output
is always in the target format's own notation.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from trebuchet.variants.errors import TrebuchetError, UnknownVariantError
from trebuchet.variants.move import Move
from trebuchet.variants.registry import get_variant, variant_class, variant_names
from trebuchet.variants.variant import Variant


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


#: The Seven Tag Roster, in the order PGN writes it.
ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclass
class MoveNode:
    """One move text of a record, with what the source attached to it.

    ``before`` holds comments written before the move (the start of a game or
    of a variation), ``comments`` those after it; ``variations`` are
    alternatives to this move, each a list of nodes played from the position
    before it.  ``move`` is filled in by replay.
    """

    text: str
    line: int = 0
    column: int = 0
    nags: list[int] = field(default_factory=list)
    before: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    variations: list[list[MoveNode]] = field(default_factory=list)
    move: Move | None = None


@dataclass
class GameRecord:
    """A game: tags, the main line of move nodes, the result, where it came from."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[MoveNode] = field(default_factory=list)
    #: comments after the last move when the game has no moves, or before the result
    final_comments: list[str] = field(default_factory=list)
    #: the termination marker of the movetext (PGN), "" when the source had none
    result: str = ""
    source: str = ""
    line: int = 0
    options: tuple[str, ...] = ()
    #: "notation" when move texts are in the variant's notation (PGN), "coordinate"
    #: when they are coordinate notation (JSON, plain move lists)
    move_format: str = "notation"
    warnings: list[str] = field(default_factory=list)

    @property
    def fen(self) -> str | None:
        """The start position's FEN, or None for the variant's own start."""
        value = self.tags.get("FEN", "").strip()
        return value or None

    @property
    def result_text(self) -> str:
        """The result a writer should give: the tag, else the marker, else ``*``."""
        tag = self.tags.get("Result", "").strip()
        if tag in RESULTS:
            return tag
        return self.result if self.result in RESULTS else "*"

    def variant(self) -> Variant:
        """The variant the ``Variant`` tag names (FIDE chess when absent)."""
        name = resolve_variant_name(self.tags.get("Variant", ""))
        if name is None:
            raise RecordError(
                f"unsupported variant {self.tags['Variant']!r} "
                f"(trebuchet knows: {', '.join(variant_names())})",
                source=self.source,
                line=self.line,
            )
        try:
            return get_variant(name, self.options)
        except TrebuchetError as exc:
            raise RecordError(str(exc), source=self.source, line=self.line) from None

    def mainline(self) -> Iterator[MoveNode]:
        yield from self.moves

    def plies(self) -> int:
        return len(self.moves)


def _squash(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


#: Other names of FIDE chess in the Variant tags of real files (lichess, pychess, XBoard).
_CHESS_ALIASES = (
    "",
    "chess",
    "standard",
    "normal",
    "classical",
    "fide",
    "fidechess",
    "orthodox",
    "international",
    "westernchess",
    "fromposition",
)


def resolve_variant_name(tag: str) -> str | None:
    """Our name of the variant a ``Variant`` tag value names, or None if we have none.

    Spelling is forgiving: case, spaces, hyphens and underscores are ignored,
    and a game's title works as well as its name ("Catapults of Troy").
    """
    key = _squash(tag)
    if key in _CHESS_ALIASES:
        return "chess"
    for name in variant_names():
        if key in (_squash(name), _squash(variant_class(name).title)):
            return name
    return None


def variant_tag(variant: Variant) -> str | None:
    """The ``Variant`` tag a writer should give a game of ``variant`` (None for chess)."""
    return None if variant.name == "chess" else variant.title or variant.name


def header_variant(record: GameRecord, variant: Variant) -> str:
    """The variant a header-style format writes: the record's own tag, else our name."""
    return record.tags.get("Variant") or variant.name


def drop_implicit_variant(record: GameRecord) -> None:
    """A ``chess`` variant header is what writers give games that had no Variant tag
    (PGN's default); reading it back as no tag keeps round trips exact."""
    if record.tags.get("Variant") == "chess":
        del record.tags["Variant"]


def check_variant_name(name: str) -> str:
    """Our name for ``name`` or UnknownVariantError, for command-line options."""
    resolved = resolve_variant_name(name)
    if resolved is None:
        raise UnknownVariantError(
            f"unknown variant {name!r} (known: {', '.join(variant_names())})"
        )
    return resolved


# -- formats ----------------------------------------------------------------

Reader = Callable[[str], Iterator["GameRecord | RecordError"]]
Writer = Callable[[Iterable[GameRecord], IO[str]], None]


@dataclass(frozen=True)
class Format:
    """A game-file format: its name, file extensions, and where its code lives.

    ``reader``, ``writer`` and ``sniff`` are "module:function" strings, loaded
    only when used, so that a format whose module is not installed yet (the
    Zillions ``zsg`` writer) is a table entry that simply reports itself
    unavailable.  ``reader(path)`` yields GameRecords (or a RecordError per
    game it cannot parse); ``writer(records, out)`` writes them to a text
    stream; ``sniff(head)`` tells from the first KB of a file whether it is
    in this format.
    """

    name: str
    extensions: tuple[str, ...]
    reader: str | None = None
    writer: str | None = None
    sniff: str | None = None


FORMATS: dict[str, Format] = {}


def register_format(fmt: Format) -> None:
    """Add (or replace) a format; ``--to NAME`` and ``--from NAME`` then know it."""
    FORMATS[fmt.name] = fmt


for _fmt in (
    Format("pgn", (".pgn",), "trebuchet.converters.pgn:read_file", "trebuchet.converters.pgn:write_games",
           "trebuchet.converters.pgn:sniff"),
    Format("courier", (".gc",), "trebuchet.converters.courier:read_file", "trebuchet.converters.courier:write_games",
           "trebuchet.converters.courier:sniff"),
    Format("json", (".json",), "trebuchet.converters.json_format:read_file",
           "trebuchet.converters.json_format:write_games", "trebuchet.converters.json_format:sniff"),
    Format("moves", (".txt", ".moves"), "trebuchet.converters.fen:read_moves_file",
           "trebuchet.converters.fen:write_moves", "trebuchet.converters.fen:sniff_moves"),
    Format("fen", (".fen",), None, "trebuchet.converters.fen:write_games", None),
    Format("zsg", (".zsg",), "trebuchet.converters.zsg:read_records", "trebuchet.converters.zsg:write_records", None),
):
    register_format(_fmt)


def _load(target: str | None, what: str, fmt: Format) -> Callable[..., Any]:
    if target is None:
        raise RecordError(f"format {fmt.name!r} cannot be {what}")
    module_name, _, func = target.partition(":")
    if importlib.util.find_spec(module_name) is None:
        raise RecordError(f"format {fmt.name!r} is not available yet (no module {module_name})")
    loaded: Callable[..., Any] | None = getattr(importlib.import_module(module_name), func, None)
    if loaded is None:
        raise RecordError(f"format {fmt.name!r} is not available yet ({module_name} has no {func})")
    return loaded


def format_named(name: str) -> Format:
    fmt = FORMATS.get(name.lower())
    if fmt is None:
        raise RecordError(f"unknown format {name!r} (known: {', '.join(FORMATS)})")
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
        available = fmt.sniff is not None and importlib.util.find_spec(fmt.sniff.split(":")[0])
        if available and _load(fmt.sniff, "sniffed", fmt)(head):
            return fmt
    raise RecordError("cannot tell the file's format; give it with --from", source=path)


def read_records(path: str, fmt: Format | None = None) -> Iterator[GameRecord | RecordError]:
    """The games of the file at ``path`` (format given or detected)."""
    fmt = fmt or detect_format(path)
    if not os.path.isfile(path):
        raise RecordError("no such file", source=path)
    reader: Reader = _load(fmt.reader, "read", fmt)
    return reader(path)


def writer_for(fmt: Format) -> Writer:
    writer: Writer = _load(fmt.writer, "written", fmt)
    return writer
