"""Reading input files within bounds: sizes checked before anything is read.

Every reader that takes a whole file into memory (JSON, Game Courier, move
lists, Zillions rules and saved games) reads it through :func:`read_bytes`,
which refuses a file larger than the reader's limit before reading a byte of
it, and reads at most one byte past the limit even when the size could not be
known in advance.  The streaming PGN reader reads lines of at most
:data:`MAX_LINE` bytes instead.

Every input is opened by :func:`open_input`, which takes only a regular file:
a FIFO, a device (``/dev/zero``), a socket or a folder is refused in one line
before a byte is read, so nothing waits for ever on a FIFO with no writer or
reads without end from a device.  Standard input named as a file
(``/dev/stdin``) is the one exception: it is read as it is, since the user
asked for it.
"""

from __future__ import annotations

import io
import os
import stat
import sys
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


#: names of standard input, which may be a pipe or a terminal
STDIN_NAMES = frozenset({"/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"})
#: the name that means standard input to every reader (``zstdcat x.pgn.zst | trebuchet
#: check -``)
STDIN = "-"


class _StandardInput(io.BufferedReader):
    """Standard input, read once by every reader of the process: it can be looked
    at (``peek``, to tell its format) and then read, and is never closed."""

    def close(self) -> None:
        """Kept open: the format's detection and the reader share it."""


#: the stream of standard input, with the buffer it reads (a test's runner swaps
#: standard input for another: a new buffer, a new stream)
_stdin: dict[int, tuple[object, _StandardInput]] = {}


def _standard_input(error: ErrorFactory) -> io.BufferedIOBase:
    """Standard input, unpacked if compressed, one stream while it is the same."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:
        raise error("standard input is closed")
    kept = _stdin.get(0)
    if kept is not None and kept[0] is raw:
        return kept[1]
    buffered = raw if hasattr(raw, "peek") else io.BufferedReader(raw)
    packed = compression(buffered.peek(len(_BZIP2_BLOCK) + 4))
    if packed in ("zip", "7z"):
        raise error(f"is a {packed} archive; unpack it first")
    stream = _StandardInput(_unpacked(buffered, packed, error) if packed else buffered)
    _stdin[0] = (raw, stream)
    return stream


def is_standard_input(path: str | Path) -> bool:
    """Whether ``path`` means standard input (``-``)."""
    return os.fspath(path) == STDIN


def open_input(path: str | Path, error: ErrorFactory) -> io.BufferedIOBase:
    """``path`` opened for reading, if it is a regular file or standard input;
    ``error(reason)`` names what it is otherwise, or why it cannot be opened.

    The file is opened without blocking (a FIFO with no writer would stop
    ``open`` itself), then checked with ``fstat`` on the open file, so nothing
    can swap it between the check and the read.
    """
    if os.fspath(path) == STDIN:
        return _standard_input(error)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise error(f"cannot read: {exc.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode) and os.fspath(path) not in STDIN_NAMES:
            raise error(f"is {file_kind(mode)}, not a regular file; give a game or rules file")
        os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    try:
        packed = compression(handle.peek(len(_BZIP2_BLOCK) + 4))
    except OSError as exc:
        handle.close()
        raise error(f"cannot read: {exc.strerror}") from None
    if packed in ("zip", "7z"):
        handle.close()
        raise error(f"is a {packed} archive; unpack it first")
    if packed:
        return _unpacked(handle, packed, error)
    return handle


#: the endings that name a compressed file, and the compression each names
COMPRESSED_SUFFIXES = {".gz": "gzip", ".bz2": "bzip2", ".xz": "xz", ".zst": "zstd"}


def inner_suffix(path: str) -> str:
    """The ending that names a file's format, a compression's left aside
    (``games.pgn.zst`` -> ``.pgn``), lower case.

    >>> inner_suffix("lichess_db_2024-01.pgn.zst"), inner_suffix("Chess.zrf")
    ('.pgn', '.zrf')
    """
    stem, suffix = os.path.splitext(path)
    if suffix.lower() in COMPRESSED_SUFFIXES:
        suffix = os.path.splitext(stem)[1]
    return suffix.lower()


def _unpacked(
    handle: io.BufferedReader, packed: str, error: ErrorFactory
) -> io.BufferedIOBase:
    """The text inside a compressed file, read as a stream (the limits of the
    readers count what comes out, so a small file that unpacks into gigabytes
    is cut off at the limit, in bounded memory)."""
    # the decompressors are imported here, for the files that need them: 3 ms of
    # every command's start-up otherwise
    import bz2
    import gzip
    import lzma

    stream: io.BufferedIOBase
    if packed == "gzip":
        stream = gzip.GzipFile(fileobj=handle, mode="rb")
    elif packed == "bzip2":
        stream = bz2.BZ2File(handle, mode="rb")
    elif packed == "xz":
        stream = lzma.LZMAFile(handle, mode="rb")  # noqa: SIM115 - closed with the handle
    else:
        try:
            # here, not at the top: only a .zst file needs it
            import zstandard
        except ImportError:
            handle.close()
            raise error(
                "is zstd-compressed; reading it needs the zstandard package "
                "(pip install zstandard)"
            ) from None
        reader = zstandard.ZstdDecompressor().stream_reader(handle, closefd=True)
        stream = io.BufferedReader(reader)
    return _Unpacking(stream, handle, packed)


class _Unpacking(io.BufferedIOBase):
    """A decompressed stream whose damage (a truncated or corrupt file) is an
    ``OSError`` naming the compression, as the readers expect of any read."""

    def __init__(self, stream: io.BufferedIOBase, raw: io.BufferedReader, packed: str) -> None:
        super().__init__()
        self._stream = stream
        self._raw = raw
        self._packed = packed

    def fileno(self) -> int:
        return self._raw.fileno()

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        return self._guarded(lambda: self._stream.read(-1 if size is None else size))

    def readline(self, size: int | None = -1) -> bytes:
        return self._guarded(lambda: self._stream.readline(-1 if size is None else size))

    def close(self) -> None:
        try:
            self._stream.close()
        finally:
            self._raw.close()
            super().close()

    def _guarded(self, read: Callable[[], bytes]) -> bytes:
        try:
            return read()
        except (OSError, EOFError, ValueError) as exc:
            raise OSError(0, f"the {self._packed} data is damaged ({exc})") from None
        except Exception as exc:  # zlib's, lzma's and zstandard's own errors
            if type(exc).__name__ not in ("error", "LZMAError", "ZstdError"):
                raise
            raise OSError(0, f"the {self._packed} data is damaged ({exc})") from None


#: the first bytes of each compressed format (bzip2's "BZh" is followed by a
#: level digit and its block magic, so that no text is taken for one)
_MAGIC = (
    (b"\x1f\x8b", "gzip"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
    (b"PK\x03\x04", "zip"),
    (b"7z\xbc\xaf\x27\x1c", "7z"),
)
_BZIP2_BLOCK = b"\x31\x41\x59\x26\x53\x59"


def compression(head: bytes) -> str | None:
    r"""The compressed format a file's first bytes announce, or None for any other.

    >>> compression(b"\x1f\x8b\x08\x00"), compression(b"BZh91AY&SY"), compression(b"[Event")
    ('gzip', 'bzip2', None)
    """
    for magic, name in _MAGIC:
        if head.startswith(magic):
            return name
    if head[:3] == b"BZh" and head[3:4].isdigit() and head[4:10] == _BZIP2_BLOCK:
        return "bzip2"
    return None


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, for a message (``a FIFO``)."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def read_bytes(path: str | Path, limit: int, error: ErrorFactory) -> bytes:
    """The bytes of the file at ``path``; ``error(reason)`` is raised for a file larger
    than ``limit`` (before it is read), one that is not a regular file, or one that
    cannot be read."""
    with open_input(path, error) as handle:
        try:
            size = _known_size(handle)
            if size > limit:
                raise error(too_big(size, limit))
            data = handle.read(limit + 1)
        except OSError as exc:
            raise error(f"cannot read: {exc.strerror}") from None
    if len(data) > limit:
        raise error(too_big(len(data), limit, more=True))
    return data


def _known_size(handle: io.BufferedIOBase) -> int:
    """The size of the file below ``handle`` (the compressed size of a compressed
    one), 0 where there is none to know (a pipe, a stream in memory)."""
    try:
        return os.fstat(handle.fileno()).st_size
    except (OSError, ValueError):
        return 0


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
    raw = open_input(path, lambda reason: RecordError(reason, source=path))
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
