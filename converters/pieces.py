"""A game file as pieces that workers read on their own (``--jobs``, ``--scheduler``).

The main process reads a big PGN file's lines, which is cheap (no parsing),
and cuts them into pieces of about :data:`PIECE_BYTES`; each worker parses and
replays its piece.  The pieces must read as the same games, with the same line
numbers and the same errors, as the whole file read at once, so a cut is made
only before a line L where the PGN reader starts a game afresh whatever came
before it:

* line L is a whole tag pair with a space before its value (``[Event "x"]``);
* line L-1 is blank;
* line L-2 starts with movetext (a letter, a digit, or one of ``{()$*``), so
  the game before it has left its tag section and the blank line ends it; or,
  when L-2 is inside a ``{`` comment, the reader ends that comment at the tag
  pair after the blank line, and the tag pair starts the next game.

A piece carries line L too, read but not kept: its reader then sees what the
whole file's reader sees there (an open comment ends "before the tag pair at
line L").  A piece's reading stops at the game that starts on line L.

Only PGN is cut: the other formats are read whole (:data:`MAX_GAME_FILE` at
most), each file one piece that its worker opens by name.  A whole file read
from standard input can only be read in the process that has it
(:attr:`Piece.here`).
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from dataclasses import dataclass

from trebuchet.converters.formats import detect_format, format_named, no_games, records_of
from trebuchet.converters.inputs import file_lines, is_standard_input
from trebuchet.converters.pgn import TAG_PAIR_LINE, decoded, read_games
from trebuchet.converters.record import GameRecord, Progress, RecordError, where
from trebuchet.variants.errors import TrebuchetError

#: the size a piece is cut at (the next safe line after it): some 160 games of a
#: master's PGN, a few tenths of a second of replay, so that sending it to a worker
#: and its reports back costs little beside the work, and a few pieces in flight
#: per worker hold little memory
PIECE_BYTES = 1 << 18

#: the first character of a line that holds movetext (a move, a number, a result,
#: a comment, a variation, a NAG)
_MOVETEXT = frozenset(b"{()$*0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


@dataclass(frozen=True)
class Piece:
    """Games of one input that a worker reads on its own.

    ``text`` is None for a whole file that the worker opens by ``path``;
    otherwise it holds PGN lines from ``first_line`` on (raw bytes, as read).
    """

    path: str
    #: the input's format by name (``--from``), or None to tell it from the file
    fmt: str | None = None
    text: bytes | None = None
    first_line: int = 1
    #: the line the next piece starts on (its games are that piece's); 0 at the end
    end_line: int = 0
    #: why reading stopped after ``text``, and on which line (a line too long, a
    #: damaged compressed file): the reader meets it where the whole file's would
    failure: tuple[str, int] | None = None
    #: bytes of the input this piece stands for that nobody has counted yet (a whole
    #: file read by a worker): the progress bar's share when it is done
    size: int = 0

    @property
    def starts_file(self) -> bool:
        """Whether this piece is its file's first (games are numbered from 1 again)."""
        return self.first_line == 1

    @property
    def here(self) -> bool:
        """Whether only this process can read it: a whole file on standard input."""
        return self.text is None and is_standard_input(self.path)

    def records(self, progress: Progress | None = None) -> Iterator[GameRecord | RecordError]:
        """The piece's games as the whole file's reader gives them (``progress`` told
        of the bytes read, for a whole file)."""
        if self.text is None:
            return records_of(self.path, format_named(self.fmt) if self.fmt else None, progress)
        return self._pgn_records()

    def _pgn_records(self) -> Iterator[GameRecord | RecordError]:
        count = 0
        for item in read_games(self._lines(), self.path, self.first_line):
            if self.end_line and isinstance(item, GameRecord) and item.line >= self.end_line:
                return
            count += 1
            yield item
        if count == 0 and self.starts_file and not self.end_line:
            yield no_games(self.path)

    def _lines(self) -> Iterator[str]:
        """The piece's lines decoded, then its reading's failure raised where it came."""
        assert self.text is not None
        yield from decoded(io.BytesIO(self.text))
        if self.failure is not None:
            reason, line = self.failure
            raise RecordError(reason, source=self.path, line=line)


def cut(
    path: str, fmt: str | None = None, progress: Progress | None = None, size: int = 0
) -> Iterator[Piece]:
    """The input at ``path`` in pieces of about ``size`` bytes (default
    :data:`PIECE_BYTES`): a PGN file's lines, read here (``progress`` told of the
    bytes), or any other file whole."""
    try:
        pgn = (format_named(fmt) if fmt else detect_format(path)).name == "pgn"
    except TrebuchetError:
        pgn = False  # the worker that reads it whole says why it cannot
    if not pgn or not (os.path.lexists(path) or is_standard_input(path)):
        yield Piece(path, fmt, size=0 if is_standard_input(path) else _size(path))
        return
    yield from _pgn_pieces(path, fmt, progress, size or PIECE_BYTES)


def _pgn_pieces(
    path: str, fmt: str | None, progress: Progress | None, size: int
) -> Iterator[Piece]:
    """A PGN input's pieces, cut at the safe lines of the module's documentation."""
    lines: list[bytes] = []
    first, number, held = 1, 0, 0
    blank = movetext = False  # what line number - 1 is
    before_movetext = False  # whether line number - 2 starts with movetext
    try:
        for line in file_lines(path, progress):
            number += 1
            if held >= size and blank and before_movetext and TAG_PAIR_LINE.match(line):
                yield Piece(path, fmt, b"".join(lines) + line, first, end_line=number)
                lines, first, held = [], number, 0
            lines.append(line)
            held += len(line)
            before_movetext = movetext
            stripped = line.lstrip(b" \t\r\n\f\v")
            blank = not stripped
            movetext = not blank and stripped[0] in _MOVETEXT
    except RecordError as exc:
        reason = str(exc).removeprefix(where(exc.source, exc.line, exc.column))
        yield Piece(path, fmt, b"".join(lines), first, failure=(reason, exc.line))
        return
    yield Piece(path, fmt, b"".join(lines), first)


def _size(path: str) -> int:
    """The file's size on disk, 0 where it has none to tell."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0
