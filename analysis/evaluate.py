"""Playout metrics: a design judged by the games it gives (docs/evaluate.md).

N games are played between two copies of one player, each ended by the game's
own rules (for FIDE chess: checkmate, stalemate, insufficient material, the
75-move rule and fivefold repetition, nothing claimed) or stopped after
``max_plies`` as a timeout.  The figures measured from them follow Ludii's
playout metrics (``Evaluation/src/metrics/`` of Ludeme/Ludii): completion,
drawishness, timeouts, balance, each player's advantage, duration, branching
factor, decision moves and board coverage, each rate or mean with a 95 %
confidence interval.

Every playout has its own random generator, seeded from the run's seed and the
playout's number, so a report is the same whichever order, or however many
processes, the playouts are played in.

>>> from trebuchet.variants.registry import get_variant
>>> chess = get_variant("chess")
>>> games = [play(chess, seed=0, number=n, max_plies=40) for n in range(3)]
>>> games == [play(chess, seed=0, number=n, max_plies=40) for n in (2, 1, 0)][::-1]
True
>>> all(g.plies == 40 or not g.timed_out for g in games)
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from trebuchet.analysis.board import AnalysisError, piece_forms
from trebuchet.analysis.mobility import empty_board
from trebuchet.variants.game import Game
from trebuchet.variants.move import Move
from trebuchet.variants.pieces import WALL, Player
from trebuchet.variants.position import Position

#: the players a playout can be between
PLAYERS = ("random", "greedy")
#: a 95 % interval is the estimate plus or minus this many standard errors
Z95 = 1.959963984540054


@dataclass
class Playout:
    """One game played out: how long, how it ended, and what was seen on the way."""

    number: int
    plies: int = 0
    #: the winner, None for a draw, a timeout or a loss that names no winner
    winner: Player | None = None
    #: the loser a game of more than two players names (a ``loss-condition``)
    loser: Player | None = None
    #: the rule that ended it (python-chess's names where they apply), or ``timeout``
    termination: str = "timeout"
    #: legal moves before each move made
    branching: list[int] = field(default_factory=list)
    #: the share of the board's squares a piece ever stood on
    coverage: float = 0.0
    #: those squares
    visited: tuple[int, ...] = ()

    @property
    def timed_out(self) -> bool:
        return self.termination == "timeout"


def play(
    game: Game, *, seed: int, number: int, max_plies: int, player: str = "random"
) -> Playout:
    """Play game ``number`` of a run seeded ``seed`` between two ``player``\\ s."""
    chooser = _chooser(game, player)
    rng = random.Random(f"trebuchet evaluate {seed} {number}")
    pos = game.start_position()
    sites = _sites(game, pos)
    visited = {sq for sq in sites if pos.board[sq] is not None}
    result = Playout(number)
    while True:
        outcome, moves = game.outcome_and_moves(pos)
        if outcome is not None:
            result.winner, result.loser = outcome.winner, outcome.loser
            result.termination = outcome.termination
            break
        if result.plies >= max_plies:
            break
        if not moves:  # no outcome and no move: the game has no rule for it
            result.termination = "no_moves"
            break
        result.branching.append(len(moves))
        pos.push(chooser(pos, moves, rng))
        result.plies += 1
        # a square a piece stands on now stood empty before only if the move wrote it
        visited.update(sq for sq, _ in pos.last_changes() if pos.board[sq] is not None)
    visited &= set(sites)
    result.coverage = len(visited) / len(sites) if sites else 0.0
    result.visited = tuple(sorted(visited))
    return result


def _sites(game: Game, pos: Position) -> list[int]:
    """The board's squares: present, not a hand kept as a position."""
    off = game.off_board_squares()
    return [sq for sq, p in enumerate(pos.board) if p is not WALL and sq not in off]


Chooser = Callable[[Position, Sequence[Move], random.Random], Move]


def _chooser(game: Game, player: str) -> Chooser:
    if player == "random":
        return _random_move
    if player == "greedy":
        return _Greedy(game)
    raise AnalysisError(f"unknown player {player!r} (known: {', '.join(PLAYERS)})")


def _random_move(pos: Position, moves: Sequence[Move], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))]


class _Greedy:
    """Mate in one if there is one; else the move that takes the most, pieces valued
    by their average mobility on the empty board (``trebuchet mobility``); else a
    random move."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.values = {form.kind: max(empty_board(game, form).average, 1.0)
                       for form in piece_forms(game) if not form.cargo}

    def __call__(self, pos: Position, moves: Sequence[Move], rng: random.Random) -> Move:
        mover = pos.turn
        before = self._material(pos, mover)
        best: list[Move] = []
        best_gain = 0.0
        for move in moves:
            pos.push(move)
            try:
                outcome = self.game.outcome(pos)
                if outcome is not None and outcome.winner == mover:
                    return move
                gain = before - self._material(pos, mover)
            finally:
                pos.pop()
            if gain > best_gain + 1e-9:
                best, best_gain = [move], gain
            elif best and abs(gain - best_gain) <= 1e-9:
                best.append(move)
        choices = best or list(moves)
        return choices[rng.randrange(len(choices))]

    def _material(self, pos: Position, mover: Player) -> float:
        """What the mover's opponents have on the board."""
        return sum(
            self.values.get(p.kind, 1.0)
            for p in pos.board
            if p is not None and p is not WALL and p.color is not None and p.color != mover
        )


# -- the figures ------------------------------------------------------------------------


def no_figure() -> dict[str, Any]:
    """A rate or mean of no games (a run stopped before its first game ended): null
    in JSON, which has no NaN."""
    return {"value": None, "ci95": [None, None]}


def rate(count: int, n: int) -> dict[str, Any]:
    """A share with its 95 % Wilson interval (right at 0 and 1, where the normal
    interval is not).

    >>> rate(5, 10)["value"], [round(x, 3) for x in rate(5, 10)["ci95"]]
    (0.5, [0.237, 0.763])
    >>> rate(0, 200)["ci95"][0], rate(200, 200)["ci95"][1]
    (0.0, 1.0)
    """
    if n == 0:
        return no_figure()
    p = count / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # at 0 and at n the interval ends there exactly (rounding would leave 1e-18)
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == n else min(1.0, centre + half)
    return {"value": p, "ci95": [low, high]}


def mean(values: Sequence[float], *, share: bool = False) -> dict[str, Any]:
    r"""A mean with its 95 % interval (normal, from the standard error); a mean of
    ``share``\ s has its interval kept within 0 and 1."""
    if not values:
        return no_figure()
    m = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    low, high = m - half, m + half
    if share:
        low, high = max(0.0, low), min(1.0, high)
    return {"value": m, "ci95": [low, high]}


def slope(points: Sequence[tuple[float, float]]) -> float:
    """The slope of the least-squares line through ``points`` (0 for fewer than two
    distinct x).

    >>> slope([(0, 1), (1, 3), (2, 5)])
    2.0
    """
    if len(points) < 2:
        return 0.0
    mx = statistics.fmean(x for x, _ in points)
    my = statistics.fmean(y for _, y in points)
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if sxx == 0:
        return 0.0
    return sum((x - mx) * (y - my) for x, y in points) / sxx


@dataclass(frozen=True)
class Outcomes:
    """How a run's playouts ended, decided in this one place for the metrics and
    for the report's chart of outcomes."""

    #: games won, per player
    wins: Counter[Player]
    #: games with no winner that name a loser (more than two players)
    lost: int
    #: games with neither winner nor loser that were not stopped
    drawn: int
    #: games stopped after ``max_plies``
    timeouts: int

    @classmethod
    def of(cls, playouts: Sequence[Playout]) -> Outcomes:
        return cls(
            wins=Counter(g.winner for g in playouts if g.winner is not None),
            lost=sum(1 for g in playouts if g.winner is None and g.loser is not None),
            drawn=sum(
                1 for g in playouts if g.winner is None and g.loser is None and not g.timed_out
            ),
            timeouts=sum(1 for g in playouts if g.timed_out),
        )

    @property
    def decided(self) -> int:
        """Games with a winner, or (more than two players) a loser named."""
        return self.wins.total() + self.lost


def summary(playouts: Sequence[Playout], players: int) -> dict[str, Any]:
    """The metrics of ``playouts`` (docs/evaluate.md has each definition)."""
    n = len(playouts)
    ends = Outcomes.of(playouts)
    # each player's result, a draw or timeout counting half (Ludii's balance)
    scores = [
        (ends.wins[p] + 0.5 * (n - ends.decided)) / n if n else math.nan
        for p in range(players)
    ]
    lengths = [g.plies for g in playouts]
    per_game_branching = [statistics.fmean(g.branching) for g in playouts if g.branching]
    pooled = [(ply, b) for g in playouts for ply, b in enumerate(g.branching)]
    every = [b for g in playouts for b in g.branching]
    decisions = [
        sum(1 for b in g.branching if b > 1) / len(g.branching) for g in playouts if g.branching
    ]
    return {
        "playouts": n,
        "completion": rate(ends.decided, n),
        "drawishness": rate(ends.drawn, n),
        "timeouts": rate(ends.timeouts, n),
        "balance": (1 - (max(scores) - min(scores))) if players >= 2 and n else None,
        "advantage": {str(p): rate(ends.wins[p], n) for p in range(players)},
        "duration": {
            **mean(lengths),
            "median": statistics.median(lengths) if lengths else None,
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
        },
        "branching": {
            **mean(per_game_branching),
            "median": statistics.median(every) if every else None,
            "max": max(every, default=0),
            "slope": slope(pooled),
        },
        "decision_moves": mean(decisions, share=True),
        "board_coverage": mean([g.coverage for g in playouts], share=True),
        "outcomes": dict(sorted(Counter(g.termination for g in playouts).items())),
    }
