"""Plain-text files around the FEN codec: files of FEN lines, and coordinate move lists.

The FEN codec itself is :mod:`trebuchet.variants.fen`; this module only reads and
writes files.

*FEN files* (``.fen``) hold one position a line; ``#`` starts a comment.
Writing a game as FEN gives the final position of each game, one a line.

*Move lists* (format ``moves``, ``.txt``) are what the example games are
written in by hand: a header of ``# Key: value`` comment lines giving at least
the variant (``# Variant: shatranj-of-troy``) and, optionally, the start
``# FEN:`` and other tags (the usual PGN tags in any case anywhere; any key within
the unbroken block of header lines), then coordinate moves (``e2e4``, ``P@d7``,
``e2d4,C@e2``) separated by white space or lines, with optional move numbers.
A move may be followed by its coordinate form in brackets (``Ram-H1+ [h5h1]``),
which is skipped.  Other ``#`` lines are comments: before the first move they become the
game's opening comment, later ones a comment on the move before them.  A
``# Variant:`` line after moves starts the next game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import IO

from trebuchet.converters.inputs import file_lines, read_text
from trebuchet.converters.record import (
    Frame,
    GameRecord,
    MoveNode,
    Progress,
    RecordError,
    UnsupportedVariantError,
    drop_implicit_variant,
    header_variant,
    resolve_variant_name,
    shown,
    writable_tags,
)
from trebuchet.converters.replay import CoordinatesFirst, coordinate, start_position
from trebuchet.variants.errors import FenError
from trebuchet.variants.game import Game
from trebuchet.variants.position import Position

_HEADER = re.compile(r"^#\s?([A-Za-z][A-Za-z0-9_]*):\s*(.*?)\s*$")
_NUMBER = re.compile(r"^\d+\.+$")
#: ``[h5h1]`` after a move: the same move in coordinate notation, a gloss for the reader
_BRACKETED = re.compile(r"\[[^\]]*\]")


# -- FEN lines ----------------------------------------------------------------

def read_positions(path: str, variant: Game) -> Iterator[tuple[int, Position]]:
    """(line number, position) for each FEN line of the file; RecordError names the line."""
    for number, data in enumerate(file_lines(path), start=1):
        text = data.decode("utf-8", errors="replace").split("#", 1)[0].strip()
        if not text:
            continue
        try:
            yield number, variant.position(text)
        except FenError as exc:
            raise RecordError(str(exc), source=path, line=number) from None


def write_positions(positions: Iterable[Position], out: IO[str]) -> None:
    for pos in positions:
        out.write(pos.fen() + "\n")


#: FEN lines: one a game, nothing between
FRAME = Frame()


def fen_text(record: GameRecord) -> str:
    """The final position of a replayed game, as a FEN line."""
    pos = start_position(record)
    for node in record.moves:
        assert node.move is not None, "fen_text needs a replayed record"
        pos.push(node.move)
    return pos.fen() + "\n"


# -- coordinate move lists ------------------------------------------------------

def sniff_moves(head: str) -> bool:
    """A move list starts with a ``# Variant:`` (or other ``# Key:``) header line."""
    first = head.lstrip("\ufeff").splitlines()[:1]
    return bool(first and _HEADER.match(first[0]))


def read_moves_file(
    path: str, progress: Progress | None = None
) -> Iterator[GameRecord | RecordError]:
    """The games of a move-list file (see the module documentation)."""
    try:
        text = read_text(path, progress)
    except RecordError as exc:
        yield exc
        return
    yield from read_moves(text.splitlines(), path)


#: header keys of move lists (any case), in PGN's spelling; other ``# Key:`` lines are comments
HEADER_KEYS = {
    key.lower(): key
    for key in (
        "Variant", "FEN", "Event", "Site", "Date", "Round", "White", "Black", "Result",
        "Annotator", "Termination", "TimeControl", "ECO", "Opening", "SetUp",
    )
}


def read_moves(lines: Iterable[str], source: str = "") -> Iterator[GameRecord | RecordError]:
    record = GameRecord(source=source, line=1, reading=CoordinatesFirst)
    pending: list[str] = []
    seen_header = in_header = False
    for number, raw in enumerate(lines, start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        header = _HEADER.match(line)
        key = _header_key(header[1], in_header) if header else None
        if header and key:
            if key == "Variant" and record.moves:
                yield _closed(record, pending)
                record, pending = GameRecord(source=source, line=number,
                                             reading=CoordinatesFirst), []
            record.tags[key] = header[2]
            seen_header = in_header = True
            continue
        in_header = False
        if line.startswith("#"):
            _comment(record, pending, line[1:].strip())
            continue
        if not seen_header:
            yield RecordError("expected a '# Variant: NAME' header line first", source=source,
                              line=number)
            return
        body, _, comment = line.partition("#")
        body = _BRACKETED.sub(lambda m: " " * len(m.group()), body)
        column = 1 + len(raw) - len(raw.lstrip())
        for match in re.finditer(r"\S+", body):
            if _NUMBER.match(match.group()):
                continue
            record.moves.append(
                MoveNode(match.group(), number, column + match.start(), before=pending)
            )
            pending = []
        if comment.strip():
            _comment(record, pending, comment.strip())
    if seen_header:
        yield _closed(record, pending)


def _header_key(key: str, in_header: bool) -> str | None:
    """The tag a ``# Key: value`` line sets: a known tag anywhere, any key inside the
    block of header lines that opens a game; otherwise (None) the line is a comment."""
    known = HEADER_KEYS.get(key.lower())
    return known or (key if in_header else None)


def _comment(record: GameRecord, pending: list[str], text: str) -> None:
    """A comment line: on the last move if there is one, else before the first."""
    if record.moves and not pending:
        record.moves[-1].comments.append(text)
    elif pending:
        pending[-1] = f"{pending[-1]} {text}"
    else:
        pending.append(text)


def _closed(record: GameRecord, pending: list[str]) -> GameRecord | RecordError:
    if pending:
        record.final_comments.extend(pending)
    drop_implicit_variant(record)
    name = record.tags.get("Variant", "")
    if resolve_variant_name(name) is None and name:
        return UnsupportedVariantError(f"unsupported variant {shown(name)}", source=record.source,
                           line=record.line)
    return record


#: move lists one after another, a blank line between two
MOVES_FRAME = Frame(between="\n")


def moves_text(record: GameRecord) -> str:
    """One replayed game as a move list: header, comments as ``#`` lines, one move a line."""
    pos = start_position(record)
    out = [f"# Variant: {header_variant(record, pos.variant)}\n"]
    if record.fen:
        out.append(f"# FEN: {record.fen}\n")
    for key, value in writable_tags(record).items():
        if key not in ("Variant", "FEN", "SetUp"):
            out.append(f"# {key}: {value}\n")
    for comment in record.comments:  # the game's, before its first move
        out.append(_comment_lines(comment))
    for node in record.moves:
        for comment in node.before:
            out.append(_comment_lines(comment))
        assert node.move is not None, "moves_text needs a replayed record"
        out.append(coordinate(pos, node.move) + "\n")
        for comment in node.comments:
            out.append(_comment_lines(comment))
        pos.push(node.move)
    return "".join(out)


def _comment_lines(text: str) -> str:
    """A comment as ``#`` lines; a line that would read as a ``# Key: value`` header
    gets a second space, which the reader ignores but the header pattern does not."""
    return "".join(
        f"#  {line}\n" if _HEADER.match(f"# {line}") else f"# {line}\n"
        for line in text.splitlines() or [""]
    )
