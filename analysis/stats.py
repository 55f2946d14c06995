"""Mobility in real positions and games, and over a corpus of game files.

*Position*: the legal moves of each side (the side not to move counted as if
it were its turn) and of each piece.  *Game*: at every ply, the number of legal
moves of the side to move, and for each of its pieces the number of legal
moves starting from it (a piece that cannot move counts 0; drops are counted
under ``@``).  *Corpus*: those figures pooled per variant and per piece kind —
mean, median and quartiles — over many files read in parallel worker
processes.

Games are read and replayed by :mod:`trebuchet.converters` (any format it reads,
then :func:`trebuchet.converters.replay.replay`, under the record's options and
those given); the profile is computed by walking the replayed moves from the
record's start position.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from trebuchet.analysis.board import AnalysisError
from trebuchet.converters.formats import records_of
from trebuchet.converters.record import GameRecord, Progress
from trebuchet.converters.replay import replay, start_position
from trebuchet.variants.errors import TrebuchetError
from trebuchet.variants.move import Move
from trebuchet.variants.pieces import Player
from trebuchet.variants.position import Position

DROP = "@"


@dataclass
class SideMobility:
    """One side's legal moves in a position: in all, per piece square, per kind."""

    total: int
    per_square: dict[int, int]
    per_kind: dict[str, list[int]]


def side_mobility(pos: Position, color: Player) -> SideMobility:
    """Legal moves of ``color`` in ``pos`` as if it were ``color``'s turn."""
    if pos.turn == color:
        moves = pos.legal_moves()
    else:
        other = pos.copy()
        other.turn = color
        other.ep, other.ep_victim = (), -1  # an en passant right belongs to the side to move
        moves = other.legal_moves()
    return _tally(pos, color, moves)


def _tally(pos: Position, color: Player, moves: Sequence[Move]) -> SideMobility:
    per_square = {sq: 0 for sq, _ in pos.pieces(color)}
    drops = 0
    for move in moves:
        if move.frm is None or move.frm not in per_square:
            drops += 1
        else:
            per_square[move.frm] += 1
    per_kind: dict[str, list[int]] = {}
    for sq, count in per_square.items():
        piece = pos.board[sq]
        assert piece is not None
        per_kind.setdefault(piece.kind, []).append(count)
    if drops:
        per_kind[DROP] = [drops]
    return SideMobility(len(moves), per_square, per_kind)


def position_mobility(pos: Position) -> dict[Player, SideMobility]:
    return {color: side_mobility(pos, color) for color in pos.variant.player_range}


@dataclass
class GameProfile:
    """Legal moves of the side to move at every ply of one game."""

    variant: str
    source: str
    #: per ply: (White to move?, number of legal moves)
    plies: list[tuple[Player, int]] = field(default_factory=list)
    #: per kind: legal moves of each piece of that kind at each ply (side to move)
    per_kind: dict[str, list[int]] = field(default_factory=dict)


def game_profile(start: Position, moves: Iterable[Move], source: str = "") -> GameProfile:
    """Profile a game played from ``start`` (left unchanged) with ``moves``.

    The position after the last move is profiled too: a game that ends in
    mate shows its final 0.
    """
    pos = start.copy()
    profile = GameProfile(pos.variant.name, source)
    for move in [*moves, None]:
        legal = pos.legal_moves()
        side = _tally(pos, pos.turn, legal)
        profile.plies.append((pos.turn, side.total))
        for kind, counts in side.per_kind.items():
            profile.per_kind.setdefault(kind, []).extend(counts)
        if move is not None:
            pos.push(move)
    return profile


def file_profiles(
    path: str, options: tuple[str, ...] = (), read: Progress | None = None, variant: str = ""
) -> tuple[list[GameProfile], list[str]]:
    """Read and replay every game of one file, under ``options`` besides each game's
    own: (profiles, one-line errors); ``read`` is told of the bytes read.

    A worker-process entry point, so it takes and returns plain data.
    """
    profiles: list[GameProfile] = []
    errors: list[str] = []
    try:
        for item in records_of(path, None, read):
            if not isinstance(item, GameRecord):
                errors.append(str(item))
                continue
            item.options = (*item.options, *options)
            item.default_variant = variant
            try:
                replay(item)
                start = start_position(item)
            except TrebuchetError as exc:
                errors.append(str(exc))
                continue
            moves = [n.move for n in item.moves if n.move is not None]
            profiles.append(game_profile(start, moves, source=path))
    except OSError as exc:
        errors.append(f"{path}: {exc.strerror or exc}")
    except TrebuchetError as exc:  # a file whose format cannot be told, or not there
        errors.append(str(exc))
    return profiles, errors


@dataclass(frozen=True)
class Summary:
    """Mean, median and quartiles of a list of counts."""

    count: int
    mean: float
    median: float
    q1: float
    q3: float
    minimum: int
    maximum: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Summary:
        if not values:
            return cls(0, 0.0, 0.0, 0.0, 0.0, 0, 0)
        if len(values) == 1:
            v = float(values[0])
            return cls(1, v, v, v, v, values[0], values[0])
        q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
        return cls(
            len(values),
            statistics.fmean(values),
            median,
            q1,
            q3,
            min(values),
            max(values),
        )


@dataclass
class VariantStats:
    """A corpus's figures for one variant."""

    variant: str
    games: int = 0
    white: list[int] = field(default_factory=list)
    black: list[int] = field(default_factory=list)
    per_kind: dict[str, list[int]] = field(default_factory=dict)

    def add(self, profile: GameProfile) -> None:
        self.games += 1
        for white, count in profile.plies:
            (self.white if white else self.black).append(count)
        for kind, counts in profile.per_kind.items():
            self.per_kind.setdefault(kind, []).extend(counts)

    def rows(self) -> list[tuple[str, Summary]]:
        """(what, summary) lines: each side, then each kind."""
        out = [("white to move", Summary.of(self.white)), ("black to move", Summary.of(self.black))]
        out += [(f"kind {k}", Summary.of(v)) for k, v in sorted(self.per_kind.items())]
        return out


@dataclass
class CorpusStats:
    """Figures per variant, plus what could not be read."""

    variants: dict[str, VariantStats] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    files: int = 0

    def add(self, profiles: Iterable[GameProfile]) -> None:
        for profile in profiles:
            self.variants.setdefault(profile.variant, VariantStats(profile.variant)).add(profile)

    def as_dict(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "errors": self.errors,
            "variants": {
                name: {
                    "games": vs.games,
                    "rows": {what: s.__dict__ for what, s in vs.rows()},
                }
                for name, vs in sorted(self.variants.items())
            },
        }


def corpus_stats(
    paths: Sequence[str],
    jobs: int = 1,
    progress: Callable[[str], None] | None = None,
    *,
    options: tuple[str, ...] = (),
    read: Progress | None = None,
    variant: str = "",
) -> CorpusStats:
    """Read, replay and profile every game of ``paths``, ``jobs`` files at a time,
    under ``options`` besides each game's own.

    ``progress`` is called with each file's path when it is done; ``read``, with
    one job only, with the bytes read as they are (a sign of life within a big
    file).  Results are gathered in the order of ``paths``, so the figures do
    not depend on ``jobs``.
    """
    if jobs < 1:
        raise AnalysisError(f"--jobs must be at least 1, not {jobs}")
    result = CorpusStats(files=len(paths))
    if jobs == 1 or len(paths) < 2:
        done = (file_profiles(p, options, read, variant) for p in paths)
        for path, (profiles, errors) in zip(paths, done, strict=True):
            result.add(profiles)
            result.errors += errors
            if progress is not None:
                progress(path)
        return result
    with ProcessPoolExecutor(max_workers=min(jobs, len(paths))) as pool:
        count = len(paths)
        mapped = pool.map(
            file_profiles, paths, [options] * count, [None] * count, [variant] * count
        )
        for path, (profiles, errors) in zip(paths, mapped, strict=True):
            result.add(profiles)
            result.errors += errors
            if progress is not None:
                progress(path)
    return result
