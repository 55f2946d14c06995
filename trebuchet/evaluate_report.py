"""``trebuchet evaluate -o report.html``: one page that stands alone (no network,
every picture inline SVG) showing a run of playouts: how long the games were,
how the number of moves changed over a game, who won, where the pieces went,
the table of metrics and the command line that made it."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from trebuchet.analysis.charts import band_chart, bar_chart, histogram
from trebuchet.analysis.evaluate import Playout
from trebuchet.analysis.output import markup_escape
from trebuchet.analysis.svg import heatmap_svg
from trebuchet.variants.game import Game
from trebuchet.variants.pieces import WALL

#: plies of the branching chart: where fewer games than this are still going,
#: the quartiles say little, and the chart stops
FEWEST_GAMES = 5


def branching_over_plies(playouts: Sequence[Playout]) -> tuple[list[float], ...]:
    """Per ply, the median and quartiles of the legal moves of the games still going.

    >>> p = [Playout(0, branching=[20, 30]), Playout(1, branching=[20, 10])]
    >>> branching_over_plies(p * 3)[0]
    [20.0, 20.0]
    """
    median, q1, q3 = [], [], []
    for ply in range(max((len(g.branching) for g in playouts), default=0)):
        seen = [g.branching[ply] for g in playouts if ply < len(g.branching)]
        if len(seen) < FEWEST_GAMES:
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


def report_html(
    game: Game, playouts: Sequence[Playout], rows: Sequence[Sequence[str]],
    report: dict[str, Any], command: str,
) -> str:
    """The whole page."""
    title = f"{game.title or game.name}: {len(playouts)} playouts, {report['player']} player"
    wins = [(game.player_name(int(p)), entry["value"] * len(playouts))
            for p, entry in report["advantage"].items()]
    undecided = len(playouts) - sum(count for _, count in wins)
    timeouts = report["outcomes"].get("timeout", 0)
    outcomes = [*wins, ("draw", undecided - timeouts), ("timeout", timeouts)]
    median, q1, q3 = branching_over_plies(playouts)
    pos = game.start_position()
    holes = frozenset(sq for sq, p in enumerate(pos.board) if p is WALL)
    figures = [
        histogram([g.plies for g in playouts], title="game length", x_label="plies"),
        band_chart(median, q1, q3, title="legal moves over the game (median, quartiles)",
                   x_label="ply", y_label="legal moves"),
        bar_chart(outcomes, title="outcomes", y_label="games"),
        heatmap_svg(game.geometry, coverage_by_square(playouts), holes=holes,
                    title="board coverage: games in which a piece stood there",
                    unit="% of games"),
    ]
    table = "\n".join(
        "<tr>" + "".join(f"<td>{markup_escape(cell)}</td>" for cell in row) + "</tr>"
        for row in rows
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{markup_escape(title)}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; }}
.figures {{ display: flex; flex-wrap: wrap; gap: 1.5em; }}
table {{ border-collapse: collapse; margin-top: 1.5em; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 0.25em 0.8em; text-align: left; }}
code {{ background: #f4f4f4; padding: 0.2em 0.4em; }}
</style>
</head>
<body>
<h1>{markup_escape(title)}</h1>
<p>Made by <code>{markup_escape(command)}</code></p>
<div class="figures">
{"".join(f'<figure>{svg}</figure>' for svg in figures)}
</div>
<table>
<tr><th>metric</th><th>value</th><th>95 % interval</th></tr>
{table}
</table>
</body>
</html>
"""
