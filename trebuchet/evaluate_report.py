"""``trebuchet evaluate -o report.html``: one page that stands alone (no network,
every picture inline SVG) showing a run of playouts: how long the games were,
how the number of moves changed over a game, who won, where the pieces went,
the table of metrics and the command line that made it."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from trebuchet.analysis.charts import band_chart, bar_chart, histogram
from trebuchet.analysis.evaluate import Outcomes, Playout
from trebuchet.analysis.output import markup_escape
from trebuchet.analysis.svg import heatmap_svg
from trebuchet.variants.game import Game
from trebuchet.variants.pieces import WALL

#: plies of the branching chart: where fewer games than this, or than a tenth of
#: them, are still going, the quartiles say little (the line only shakes), and
#: the chart stops
FEWEST_GAMES = 5


def branching_over_plies(playouts: Sequence[Playout]) -> tuple[list[float], ...]:
    """Per ply, the median and quartiles of the legal moves of the games still going.

    >>> p = [Playout(0, branching=[20, 30]), Playout(1, branching=[20, 10])]
    >>> branching_over_plies(p * 3)[0]
    [20.0, 20.0]
    """
    median, q1, q3 = [], [], []
    fewest = max(FEWEST_GAMES, len(playouts) // 10)
    for ply in range(max((len(g.branching) for g in playouts), default=0)):
        seen = [g.branching[ply] for g in playouts if ply < len(g.branching)]
        if len(seen) < fewest:
            break
        quartiles = statistics.quantiles(seen, n=4, method="inclusive")
        median.append(statistics.median(seen))
        q1.append(quartiles[0])
        q3.append(quartiles[2])
    return median, q1, q3


def coverage_by_square(playouts: Sequence[Playout]) -> dict[int, float]:
    """Per square, the percentage of games in which a piece stood on it."""
    counts: dict[int, int] = {}
    for g in playouts:
        for sq in g.visited:
            counts[sq] = counts.get(sq, 0) + 1
    return {sq: round(100 * n / len(playouts)) for sq, n in counts.items()} if playouts else {}


def outcome_bars(game: Game, playouts: Sequence[Playout]) -> list[tuple[str, float]]:
    """How many games each player won, then (where a game of more than two players
    names a loser and no winner) those, the draws and the timeouts."""
    ends = Outcomes.of(playouts)
    bars: list[tuple[str, float]] = [
        (game.player_name(p), ends.wins[p]) for p in game.player_range
    ]
    if ends.lost:
        bars.append(("a loser named", ends.lost))
    bars.append(("draw", ends.drawn))
    bars.append(("timeout", ends.timeouts))
    return bars


def headline(report: dict[str, Any]) -> list[tuple[str, str]]:
    """The figures a reader looks for first, as (value, what it is): the share of
    games won, drawn and stopped, how long they were, how many moves a player
    had, and the balance."""
    def shown(value: float | None, form: str) -> str:
        return "-" if value is None else form.format(value)

    def percent(key: str) -> str:
        value = report[key]["value"]
        return shown(None if value is None else 100 * value, "{:.0f} %")

    return [
        (percent("completion"), "won"),
        (percent("drawishness"), "drawn"),
        (percent("timeouts"), f"not over in {report['max_plies']} plies"),
        (shown(report["duration"]["value"], "{:.0f}"), "plies a game"),
        (shown(report["branching"]["value"], "{:.1f}"), "legal moves a turn"),
        (shown(report["balance"], "{:.2f}"), "balance (1: fair)"),
    ]


def report_html(
    game: Game, playouts: Sequence[Playout], rows: Sequence[Sequence[str]],
    report: dict[str, Any], command: str,
) -> str:
    """The whole page."""
    title = f"{game.title or game.name}: {len(playouts)} playouts, {report['player']} player"
    median, q1, q3 = branching_over_plies(playouts)
    pos = game.start_position()
    holes = frozenset(sq for sq, p in enumerate(pos.board) if p is WALL)
    figures = [
        histogram([g.plies for g in playouts], title="game length", x_label="plies"),
        band_chart(median, q1, q3, title="legal moves over the game (median, quartiles)",
                   x_label="ply", y_label="legal moves"),
        bar_chart(outcome_bars(game, playouts), title="outcomes", y_label="games"),
        heatmap_svg(game.geometry, coverage_by_square(playouts), holes=holes,
                    title="board coverage: games in which a piece stood there",
                    unit="% of games"),
    ]
    tiles = "\n".join(
        f'<div class="tile"><b>{markup_escape(value)}</b>{markup_escape(label)}</div>'
        for value, label in headline(report)
    )
    table = "\n".join(
        "<tr>" + "".join(f"<td>{markup_escape(cell)}</td>" for cell in row) + "</tr>"
        for row in rows
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>{markup_escape(title)}</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em 2em; color: #222; max-width: 1100px; }}
h1 {{ font-size: 1.5em; margin: 0 0 0.3em; }}
.figures {{ display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }}
figure {{ margin: 0; }}
.board svg {{ height: 420px; width: auto; }}
.headline {{ display: flex; flex-wrap: wrap; gap: 0.8em; margin: 1em 0 1.2em; }}
.tile {{ background: #eef2fc; border-radius: 6px; padding: 0.5em 0.9em; min-width: 7.5em;
         font-size: 0.85em; color: #444; }}
.tile b {{ display: block; font-size: 1.7em; color: #1f4fd1; }}
table {{ border-collapse: collapse; margin-top: 1.5em; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 0.25em 0.8em; text-align: left; }}
code {{ background: #f4f4f4; padding: 0.2em 0.4em; }}
</style>
</head>
<body>
<h1>{markup_escape(title)}</h1>
<p>Made by <code>{markup_escape(command)}</code></p>
<div class="headline">
{tiles}
</div>
<div class="figures">
{"".join(f'<figure>{svg}</figure>' for svg in figures[:-1])}
<figure class="board">{figures[-1]}</figure>
</div>
<table>
<tr><th>metric</th><th>value</th><th>95 % interval</th></tr>
{table}
</table>
</body>
</html>
"""
