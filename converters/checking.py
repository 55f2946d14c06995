"""Games read and replayed one by one, each with its error sorted by kind.

What ``check``, ``convert`` and ``stats`` do to every game, wherever it runs:
in the command's own process, in a worker process (``--jobs``) or on a Dask
worker (``--scheduler``).  :class:`Reading` holds how the games are read (the
flags), picklable so that it travels with the work; :meth:`Reading.games` reads
one :class:`~trebuchet.converters.pieces.Piece` of a file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from trebuchet.converters import zsg
from trebuchet.converters.pieces import Piece
from trebuchet.converters.record import (
    GameRecord,
    Progress,
    RecordError,
    ReplayError,
    UnsupportedVariantError,
)
from trebuchet.converters.replay import replay_to_outcome
from trebuchet.variants.errors import TrebuchetError, UnknownVariantError
from trebuchet.variants.game import Outcome
from trebuchet.variants.position import Position

#: the kinds of game a batch counts, in the order the summary gives them
KINDS = ("ok", "illegal", "unreadable", "unsupported")
#: what other layers say of a game whose rules trebuchet cannot play (their errors
#: have no class of their own: a Zillions game the engine does not run, a saved
#: game of a variant we lack) and of a move that is not legal (a saved game's line)
_UNSUPPORTED = re.compile(
    r"unsupported variant|is not supported by|Axiom engine|none of trebuchet's variants"
)
_ILLEGAL = re.compile(r"matches no legal move|is illegal")


def problem(error: TrebuchetError) -> str:
    """Which kind of failure ``error`` is: ``illegal`` (a move that is not legal or
    not one move), ``unsupported`` (a game trebuchet does not play) or
    ``unreadable`` (the file or the game is malformed)."""
    if isinstance(error, ReplayError):
        return "illegal"
    if isinstance(error, UnsupportedVariantError | UnknownVariantError):
        return "unsupported"
    if _UNSUPPORTED.search(str(error)):
        return "unsupported"
    if _ILLEGAL.search(str(error)):
        return "illegal"
    return "unreadable"


@dataclass
class CheckedGame:
    """One game: where it is, and the replayed record or its error.

    ``number`` counts the games of its piece from 1, for the command to number
    them in the file; ``whole_file`` marks an error of the file as a whole (it
    cannot be read, or holds no game), which reports give as game 0.
    """

    path: str
    number: int
    record: GameRecord | None = None
    final: Position | None = None
    error: TrebuchetError | None = None
    whole_file: bool = False
    #: ``final.outcome()``, as the replay found it (None: the game goes on, or no replay)
    outcome: Outcome | None = None

    @property
    def kind(self) -> str:
        return "ok" if self.error is None else problem(self.error)

    @property
    def plies(self) -> int:
        """The plies of a game that replayed; 0 for one that did not."""
        return len(self.record.moves) if self.record is not None and self.error is None else 0


@dataclass(frozen=True)
class Reading:
    """How the games of a batch are read: the flags of the command.

    ``options`` (``--option``) are added to every record's own.  A file that
    cannot be read, or holds no game, is one unreadable game numbered 0.
    """

    options: tuple[str, ...] = ()
    #: a rules file that saved games are checked against instead of their own
    rules: str | None = None
    #: the game of the rules file saved games are checked as, instead of their own
    game: str | None = None
    #: the variant of games whose records name none (``--variant``)
    default_variant: str = ""

    def games(self, piece: Piece, progress: Progress | None = None) -> Iterator[CheckedGame]:
        """Every game of ``piece``, replayed (``progress`` told of the bytes read)."""
        path = piece.path
        try:
            if (self.rules or self.game) and path.lower().endswith(".zsg"):
                items = zsg.read_records(path, progress, self.rules, self.game)
            else:
                items = piece.records(progress)
            for number, item in enumerate(items, start=1):
                yield self._replayed(path, number, item)
        except TrebuchetError as exc:
            yield CheckedGame(path, 0, error=exc, whole_file=True)

    def _replayed(self, path: str, number: int, item: GameRecord | RecordError) -> CheckedGame:
        if isinstance(item, RecordError):
            whole = item.source == path and not item.line
            return CheckedGame(path, number, error=item, whole_file=whole)
        item.options = (*item.options, *self.options)
        item.default_variant = self.default_variant
        try:
            final, outcome = replay_to_outcome(item)
            return CheckedGame(path, number, item, final, outcome=outcome)
        except TrebuchetError as exc:
            return CheckedGame(path, number, item, error=exc)
