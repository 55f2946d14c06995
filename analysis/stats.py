"""Mobility in real positions and games, and over a corpus of game files.

*Position*: the legal moves of each side (the side not to move counted as if
it were its turn) and of each piece.  *Game*: at every ply, the number of legal
moves of the side to move, and for each of its pieces the number of legal
moves starting from it (a piece that cannot move counts 0; drops are counted
under ``@``).  *Corpus*: those figures pooled per variant and per piece kind —
mean, median and quartiles — over many files (``trebuchet stats`` spreads
their games over workers with :mod:`trebuchet.spread`; :func:`checked_profile`
is what a worker sends back for a game).

Games are read and replayed by :mod:`trebuchet.converters` (any format it reads,
then :func:`trebuchet.converters.replay.replay`, under the record's options and
those given); the profile is computed by walking the replayed moves from the
record's start position.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from trebuchet.converters.checking import CheckedGame
from trebuchet.converters.replay import start_position
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


def checked_profile(game: CheckedGame) -> GameProfile | str:
    """A replayed game's profile, or its error in one line (a worker's answer)."""
    if game.error is not None:
        return str(game.error)
    assert game.record is not None
    moves = [n.move for n in game.record.moves if n.move is not None]
    return game_profile(start_position(game.record), moves, source=game.path)


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

    def add(self, profiles: Iterable[GameProfile | str]) -> None:
        """Pool games' profiles; an error (a string) is listed instead."""
        for profile in profiles:
            if isinstance(profile, str):
                self.errors.append(profile)
                continue
            pooled = self.variants.setdefault(profile.variant, VariantStats(profile.variant))
            pooled.add(profile)

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

