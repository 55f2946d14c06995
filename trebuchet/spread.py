"""The games of ``check``, ``convert`` and ``stats``, spread over workers and
gathered back in input order.

One machine for the three commands.  :class:`Batch` cuts its inputs into
:class:`~trebuchet.converters.pieces.Piece` s (a big PGN file in pieces of a
few hundred kilobytes, any other file whole), has each read and replayed
where :class:`Workers` says, and yields each game's :class:`Done` in the order
of the inputs, numbered in its file, with a progress bar over the bytes read
and the games done.  What a worker sends back for a game is the command's
*view* of it (``check``'s report, ``convert``'s text, ``stats``'s profile): a
module-level function of a :class:`~trebuchet.converters.checking.CheckedGame`,
so that it can be sent to a worker process or a Dask worker by name.

Where the work runs:

* ``--jobs 1`` (the default): in this process, each file read whole as a stream;
* ``--jobs N`` (``0``: one per core): ``N`` worker processes, at most
  :data:`AHEAD` pieces per worker in flight, so memory is bounded by pieces,
  never by the file; workers leave Ctrl-C to this process, which cancels
  what is queued and waits for the pieces under way (a few tenths of a second);
* ``--scheduler ADDRESS``: the workers of a Dask distributed cluster
  (``pip install 'trebuchet[dask]'``, docs/scale.md).

A piece is read by one worker exactly as the whole file's reader reads it
(:mod:`trebuchet.converters.pieces`), and every view is the same function
wherever it runs, so a command's output is the same, byte for byte, with any
``--jobs``.
"""

from __future__ import annotations

import os
import re
import signal
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import chain
from typing import Any, Generic, Protocol, TypeVar

from trebuchet.collector import collect_less_often
from trebuchet.converters.checking import KINDS, CheckedGame, Reading
from trebuchet.converters.inputs import is_standard_input
from trebuchet.converters.pieces import Piece, cut
from trebuchet.converters.record import Progress
from trebuchet.progress import Progress as Bar
from trebuchet.variants.errors import TrebuchetError

T = TypeVar("T")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)

#: pieces in flight per worker: one being worked on, one waiting, one read ahead
AHEAD = 3
#: seconds to reach a cluster's scheduler before giving up in one line
CONNECT = 10
#: a scheduler's address: protocol, host and port (a client given anything else
#: fails slowly, and noisily as it is collected)
_ADDRESS = re.compile(r"([a-z]+://)?(\[[0-9a-fA-F:.]+\]|[^\s:/\[\]]+):\d{1,5}")
#: how the cluster's extra is installed, as the one-line error says it
DASK_INSTALL = "pip install 'trebuchet[dask]'"


@dataclass(frozen=True)
class Workers:
    """Where the games are replayed: ``jobs`` processes (1: this one; 0: one per
    core), or the Dask cluster whose scheduler is at ``scheduler``."""

    jobs: int = 1
    scheduler: str | None = None

    @property
    def count(self) -> int:
        """The worker processes asked for (``--jobs 0``: the cores of this machine)."""
        return self.jobs if self.jobs > 0 else os.cpu_count() or 1

    @property
    def here(self) -> bool:
        """Whether all the work runs in this process."""
        return self.scheduler is None and self.count == 1


class _Future(Protocol[R_co]):
    """A result to come: concurrent.futures' and Dask's alike."""

    def result(self) -> R_co: ...

    def cancel(self) -> bool: ...


class _Pool(Protocol):
    """Worker processes or a cluster: what :func:`in_order` asks of either."""

    workers: int

    def submit(self, fn: Callable[..., Any], *args: Any) -> _Future[Any]: ...

    def close(self, pending: Iterable[_Future[Any]]) -> None: ...


def ignore_interrupts() -> None:
    """In a worker process: ignore Ctrl-C, which a terminal sends to every process
    of the command (an idle worker would die of it, with a traceback); the command
    stops them all.  The cycle collector runs as rarely as in the command's own
    process (:mod:`trebuchet.collector`), also where workers do not start as
    copies of it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    collect_less_often()


class _Processes:
    """``jobs`` worker processes of this machine."""

    def __init__(self, jobs: int) -> None:
        self.workers = jobs
        from concurrent.futures import ProcessPoolExecutor  # only where --jobs asks for it

        self._executor = ProcessPoolExecutor(max_workers=jobs, initializer=ignore_interrupts)

    def submit(self, fn: Callable[..., Any], *args: Any) -> _Future[Any]:
        return self._executor.submit(fn, *args)

    def close(self, pending: Iterable[_Future[Any]]) -> None:
        for future in pending:
            future.cancel()
        self._executor.shutdown(wait=True, cancel_futures=True)


class _Cluster:
    """The workers of a Dask distributed cluster, through a client of its scheduler."""

    def __init__(self, address: str) -> None:
        if not _ADDRESS.fullmatch(address):
            raise TrebuchetError(
                f"--scheduler wants a scheduler's address, such as tcp://host:8786, not {address!r}"
            )
        try:
            # here, not at the top: the extra is optional, and heavy to import
            import distributed
        except ImportError:
            raise TrebuchetError(
                f"--scheduler needs the Dask distributed package: {DASK_INSTALL}"
            ) from None
        try:
            client: Any = distributed.Client  # Any: distributed has no type hints
            self._client: Any = client(address, timeout=CONNECT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise TrebuchetError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        self.workers = max(1, sum(self._client.nthreads().values()))

    def submit(self, fn: Callable[..., Any], *args: Any) -> _Future[Any]:
        future: _Future[Any] = self._client.submit(fn, *args, pure=False)
        return future

    def close(self, pending: Iterable[_Future[Any]]) -> None:
        try:
            self._client.cancel(list(pending))
        finally:
            self._client.close()


def _pool(workers: Workers) -> _Pool:
    if workers.scheduler is not None:
        return _Cluster(workers.scheduler)
    return _Processes(workers.count)


Work = Callable[[Piece, "Progress | None"], Iterable[R]]
"""``work(piece, progress)``: what one piece gives, told of the bytes it reads."""


def _listed(work: Work[R], piece: Piece) -> list[R]:
    """A worker's task: the piece's results, all of them, to send back."""
    return list(work(piece, None))


def in_order(
    pieces: Iterable[Piece], work: Work[R], workers: Workers, progress: Progress | None = None
) -> Iterator[tuple[Piece, Iterable[R]]]:
    """Each piece with what ``work`` gave for it, in the order of ``pieces``.

    In this process (``progress`` told of the bytes read), or on workers with
    at most :data:`AHEAD` pieces per worker in flight; a piece only this process
    can read (standard input) is read here when its turn comes.
    """
    if workers.here:
        for piece in pieces:
            yield piece, work(piece, progress)
        return
    pool = _pool(workers)
    pending: deque[tuple[Piece, _Future[list[R]] | None]] = deque()
    try:
        for piece in pieces:
            pending.append((piece, None if piece.here else pool.submit(_listed, work, piece)))
            while pending and (len(pending) > AHEAD * pool.workers or pending[0][1] is None):
                yield _next(pending, work, progress)
        while pending:
            yield _next(pending, work, progress)
    finally:
        pool.close(future for _, future in pending if future is not None)


def _next(
    pending: deque[tuple[Piece, _Future[list[R]] | None]], work: Work[R],
    progress: Progress | None,
) -> tuple[Piece, Iterable[R]]:
    """The first piece in flight, with its results (waited for, or worked out here)."""
    piece, future = pending.popleft()
    return piece, work(piece, progress) if future is None else future.result()


@dataclass(frozen=True)
class Done(Generic[T]):
    """A game done: where it is, its kind (``ok``, ``illegal`` …), its plies if it
    replayed, and the command's view of it.  ``number`` counts the games of its
    piece (of its file, once :class:`Batch` has them); 0 is the file as a whole."""

    path: str
    number: int
    whole_file: bool
    kind: str
    plies: int
    value: T


def _viewed(
    reading: Reading, view: Callable[[CheckedGame], T], piece: Piece, progress: Progress | None
) -> Iterator[Done[T]]:
    """The work of a piece, wherever it runs: each game read, replayed and viewed."""
    for game in reading.games(piece, progress):
        yield Done(game.path, game.number, game.whole_file, game.kind, game.plies, view(game))


@dataclass
class Batch:
    """The games of several inputs, read, replayed and viewed where ``workers``
    says, gathered in input order and counted by kind."""

    paths: tuple[str, ...]
    #: the inputs' format by name (``--from``), or None to tell each file's
    fmt: str | None = None
    reading: Reading = field(default_factory=Reading)
    workers: Workers = field(default_factory=Workers)
    label: str = "replaying"
    counts: Counter[str] = field(default_factory=Counter)
    plies: int = 0

    def results(self, view: Callable[[CheckedGame], T]) -> Iterator[Done[T]]:
        """Every game of every input, in order, numbered in its file, with a
        progress bar over the bytes read and the games done."""
        sizes = [0 if is_standard_input(p) or not os.path.isfile(p) else os.path.getsize(p)
                 for p in self.paths]
        with Bar(sum(sizes), self.label) as bar:
            work = partial(_viewed, self.reading, view)
            offset = games = 0
            for piece, done in in_order(self._pieces(bar.advance), work, self.workers,
                                        bar.advance):
                offset = 0 if piece.starts_file else offset
                last = 0
                for game in done:
                    last = max(last, game.number)
                    games += 1
                    self._count(game)
                    bar.alive(plural(games, "game"))
                    yield replace(game, number=0 if game.whole_file else offset + game.number)
                offset += last
                bar.advance(piece.size)
            bar.show(plural(games, "game"))
            bar.redraw()

    def _pieces(self, read: Progress) -> Iterator[Piece]:
        """The inputs as pieces: each whole in this process, else cut for workers."""
        if self.workers.here:
            return (Piece(path, self.fmt) for path in self.paths)
        return chain.from_iterable(cut(path, self.fmt, read) for path in self.paths)

    def _count(self, game: Done[Any]) -> None:
        self.counts[game.kind] += 1
        self.plies += game.plies

    def summary(self) -> str:
        """``3 files: 10 games OK, 1 illegal, 1 unreadable, 0 unsupported; 812 plies``
        (a file that cannot be read, or holds no game, counts as one unreadable)."""
        parts = [f"{self.counts['ok']} {'game' if self.counts['ok'] == 1 else 'games'} OK"]
        parts += [f"{self.counts[k]} {k}" for k in KINDS[1:]]
        return (
            f"{plural(len(self.paths), 'file')}: {', '.join(parts)}; "
            f"{plural(self.plies, 'ply', 'plies')}"
        )

    @property
    def failed(self) -> int:
        return sum(n for k, n in self.counts.items() if k != "ok")


def plural(count: int, one: str, many: str = "") -> str:
    """``1 file``, ``2 files``, ``3 plies``."""
    return f"{count} {one if count == 1 else many or one + 's'}"
