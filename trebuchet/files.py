"""Output files, written whole or not at all, and only where a plain file belongs.

Every command that writes a file goes through :func:`write_atomically` (or
:func:`make_folder` for a folder of pictures).  The rules, the same for every
command:

* The text goes to a temporary file ``.NAME.PID.XXXXXXXX.tmp`` in the target's
  folder, which replaces the target only once it is complete: an error half-way
  never leaves a truncated file and never destroys an older good one.
* The temporary file is removed on every exit: an error, Ctrl-C (SIGINT),
  SIGTERM and SIGHUP (the signal is delivered again once it is gone, so the
  exit status still says what happened).  Only ``kill -9`` can leave one
  behind; the next write to the same target removes it when the process that
  made it is gone.
* The final file has the mode a plain ``open()`` would give it: an existing
  file keeps its mode (and, for root, its owner); a new one gets ``0o666``
  less the umask.
* A symbolic link is written *through*: the file it points to is replaced and
  the link stays a link.
* ``-`` and ``/dev/stdout`` mean standard output; the text is made whole first
  and then written, so an error still writes nothing.
* Anything else that is not a regular file or a new name in an existing folder
  (a folder, a device such as ``/dev/full`` or ``/dev/null``, a FIFO, a socket)
  is refused with one line, before anything is created.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import IO, Any

from trebuchet.converters.inputs import file_kind
from trebuchet.variants.errors import TrebuchetError

#: Output names that mean standard output.
STDOUT_NAMES = frozenset({"-", "/dev/stdout"})
#: Signals after which the temporary file is removed before the process ends (SIGINT
#: arrives as KeyboardInterrupt and is cleaned up like any other exception).
_CLEANUP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class OutputError(TrebuchetError):
    """An output file that cannot be written (no such folder, no permission, not a file)."""


def is_stdout(name: str | Path) -> bool:
    """Whether an output name means standard output (``-`` or ``/dev/stdout``)."""
    return os.fspath(name) in STDOUT_NAMES


def write_atomically(
    path: str | Path,
    write: Callable[[IO[str]], None],
    *,
    encoding: str = "utf-8",
    newline: str = "\n",
) -> None:
    """Call ``write`` on a stream whose text lands in ``path`` only if it succeeds."""
    name = os.fspath(path)
    if is_stdout(name):
        _write_stdout(write, encoding, newline)
        return
    target = _target(name)
    _remove_stale(target)
    mode, owner = _final_mode(target)
    import tempfile  # here, not at the top: 4 ms of every command's start-up

    with _cleanup_on_signals():
        try:
            fd, temp = tempfile.mkstemp(
                dir=target.parent, prefix=f".{_temp_stem(target)}.{os.getpid()}.", suffix=".tmp"
            )
        except OSError as exc:
            raise OutputError(f"{name}: cannot write: {exc.strerror}") from None
        try:
            with os.fdopen(fd, "w", encoding=encoding, errors="replace", newline=newline) as out:
                _set_mode(out.fileno(), mode, owner)
                write(out)
            os.replace(temp, target)
        except BaseException as exc:
            Path(temp).unlink(missing_ok=True)
            if not isinstance(exc, OSError):
                raise
            if exc.filename and exc.filename != temp:
                raise OutputError(f"{exc.filename}: {exc.strerror}") from None
            raise OutputError(f"{name}: cannot write: {exc.strerror}") from None


def write_text(path: str | Path, text: str, **options: str) -> None:
    """:func:`write_atomically` for text already in hand."""

    def put(out: IO[str]) -> None:
        out.write(text)

    write_atomically(path, put, **options)


def make_folder(path: str | Path) -> Path:
    """The folder ``path``, made (with its parents) if it is not there yet."""
    name = os.fspath(path)
    if not name:
        raise OutputError("the folder name is empty")
    folder = Path(name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{name}: cannot make the folder: a file of that name is there") from None
    except OSError as exc:
        raise OutputError(f"{name}: cannot make the folder: {exc.strerror}") from None
    return folder


def _target(name: str) -> Path:
    """The file to replace: ``name`` with links followed, checked to be a file or a new name."""
    if not name:
        raise OutputError("the output file name is empty")
    if name.endswith(("/", os.sep)):
        raise OutputError(f"{name}: names a folder; give a file name")
    target = Path(os.path.realpath(name))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise OutputError(f"{name}: cannot write: no folder {target.parent}") from None
        return target
    except OSError as exc:
        raise OutputError(f"{name}: cannot write: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(
            f"{name}: is {file_kind(info.st_mode)}, not a regular file; "
            "give a file name, or - for standard output"
        )
    return target


def _final_mode(target: Path) -> tuple[int, tuple[int, int] | None]:
    """The mode (and owner, for an existing file) that a plain open() would leave."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        # There is no call that reads the umask without setting it; the CLI is
        # one thread, and it is put back at once.
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask, None
    return stat.S_IMODE(info.st_mode), (info.st_uid, info.st_gid)


def _set_mode(fd: int, mode: int, owner: tuple[int, int] | None) -> None:
    os.fchmod(fd, mode)
    if owner is not None and owner != (os.geteuid(), os.getegid()):
        # only root may; anyone else gets a file of their own, as cp gives
        with contextlib.suppress(PermissionError):
            os.fchown(fd, *owner)


#: the bytes a temporary name adds to the target's: ``.`` ``.PID.`` ``XXXXXXXX`` ``.tmp``
_TEMP_EXTRA = 1 + 1 + 10 + 1 + 8 + 4


def _temp_stem(target: Path) -> str:
    """The part of the target's name a temporary name repeats: all of it, or as
    much as leaves the temporary name within the folder's longest name (a
    250-byte target is legal where 255 bytes are, its temporary name too)."""
    try:
        longest = os.pathconf(target.parent, "PC_NAME_MAX")
    except (OSError, ValueError):
        longest = 255
    room = max(1, longest - _TEMP_EXTRA)
    stem = target.name
    while len(os.fsencode(stem)) > room:
        stem = stem[:-1]  # a character at a time: a name of several bytes stays whole
    return stem


def _remove_stale(target: Path) -> None:
    """Remove temporary files of ``target`` left by processes that are gone (kill -9)."""
    stale = re.compile(rf"\.{re.escape(_temp_stem(target))}\.(\d+)\.[A-Za-z0-9_]+\.tmp")
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    for entry in entries:
        match = stale.fullmatch(entry.name)
        if match and not _alive(int(match.group(1))) and entry.is_file(follow_symlinks=False):
            Path(entry.path).unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: leave its file alone
    return True


class _Signalled(BaseException):
    """Raised in the main thread by a signal, so that the temporary file is removed."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _cleanup_on_signals() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into an exception for the duration, then deliver them again."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise _Signalled(signum)

    previous = {}
    for signum in _CLEANUP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            previous[signum] = signal.signal(signum, interrupt)
    try:
        yield
    except _Signalled as exc:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        previous.clear()
        signal.raise_signal(exc.signum)
        # Still here: the handler before ours chose to go on, so only this write stops.
        name = signal.Signals(exc.signum).name
        raise OutputError(f"interrupted by {name}; nothing was written") from None
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _write_stdout(write: Callable[[IO[str]], None], encoding: str, newline: str) -> None:
    """The file's text, made whole, then written to standard output in its encoding."""
    buffer = io.StringIO(newline=newline)
    write(buffer)
    data = buffer.getvalue().encode(encoding, errors="replace")
    try:
        sys.stdout.flush()
        raw = getattr(sys.stdout, "buffer", None)
        if raw is None:
            sys.stdout.write(data.decode(encoding))
        else:
            raw.write(data)
            raw.flush()
    except OSError as exc:  # a stream that is not guarded (the library called directly)
        raise OutputError(f"standard output: cannot write: {exc.strerror}") from None


class StandardOutputError(OutputError):
    """Standard output cannot take the text: closed, a full disk, a broken pipe."""

    def __init__(self, message: str, *, quiet: bool = False) -> None:
        super().__init__(message)
        #: a reader that went away (``| head``) is not told why: nobody is there
        self.quiet = quiet


class GuardedOutput:
    """Standard output as commands see it: a write that fails (``> /dev/full``), or
    any write where standard output is closed (``>&-``), raises
    :class:`StandardOutputError`, which the command line prints as one line.

    After a failure the descriptor is pointed at ``/dev/null``, so that the text
    still buffered is not written again at exit (Python would print a traceback
    of its own there).
    """

    def __init__(
        self,
        stream: IO[Any] | None,
        failures: list[StandardOutputError] | None = None,
        *,
        binary: bool = False,
    ) -> None:
        self._stream = stream
        #: bytes below, text above: a write of the other kind is a TypeError, as
        #: on the stream itself (click tells the two apart by trying)
        self._takes = (bytes, bytearray, memoryview) if binary else str
        #: a terminal is shown no control characters from a file's names (an
        #: escape sequence in a rules file's title could rewrite the screen):
        #: they are written visibly (``\x1b``); pipes and files get the text as it is
        self._terminal = not binary and _is_terminal(stream)
        #: the first failure, shared with :attr:`buffer`: every later write fails
        #: alike (click probes a stream with empty writes and swallows what they raise)
        self._failures = failures if failures is not None else []

    @property
    def encoding(self) -> str:
        return str(getattr(self._stream, "encoding", None) or "utf-8")

    @property
    def errors(self) -> str:
        return str(getattr(self._stream, "errors", None) or "strict")

    @property
    def buffer(self) -> GuardedOutput:
        """The binary stream below, guarded alike (``_write_stdout`` writes bytes)."""
        return GuardedOutput(getattr(self._stream, "buffer", None), self._failures, binary=True)

    def write(self, data: Any) -> int:
        if not isinstance(data, self._takes):
            raise TypeError(f"write() cannot take {type(data).__name__}")
        if self._failures:
            raise self._failures[0]
        if not data:
            return 0
        if self._stream is None:
            raise StandardOutputError("standard output is closed; nothing could be written")
        if self._terminal and isinstance(data, str):
            from trebuchet.analysis.output import visible_text  # a terminal's only

            data = visible_text(data)
        try:
            return int(self._stream.write(data))
        except OSError as exc:
            raise self._failed(exc) from None

    def flush(self) -> None:
        if self._failures:
            raise self._failures[0]
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except OSError as exc:
            raise self._failed(exc) from None

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def fileno(self) -> int:
        if self._stream is None:
            raise io.UnsupportedOperation("standard output is closed")
        return self._stream.fileno()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)

    def _failed(self, exc: OSError) -> StandardOutputError:
        with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.fileno())
            os.close(devnull)
        quiet = exc.errno == errno.EPIPE
        failure = StandardOutputError(f"standard output: cannot write: {exc.strerror}", quiet=quiet)
        self._failures.append(failure)
        return failure


def _is_terminal(stream: IO[Any] | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """Standard output guarded (:class:`GuardedOutput`) for the duration."""
    real = sys.stdout
    sys.stdout = GuardedOutput(real)
    try:
        yield
    finally:
        sys.stdout = real
