"""``trebuchet evaluate``: playout metrics of a game (:mod:`trebuchet.analysis.evaluate`)."""

from __future__ import annotations

import functools
import math
import multiprocessing
import shlex
from collections.abc import Iterator, Sequence
from typing import Any

import click

from trebuchet.analysis.evaluate import PLAYERS, Playout, play, summary
from trebuchet.analysis.output import csv_text, table
from trebuchet.arguments import output_flag, variant_argument
from trebuchet.converters.json_text import json_text
from trebuchet.converters.load import load_variant
from trebuchet.evaluate_report import report_html
from trebuchet.files import is_stdout, write_text
from trebuchet.progress import Progress
from trebuchet.spread import ignore_interrupts

#: playouts a worker process plays per task: enough to outweigh sending them back
BATCH = 8


def _batch(
    name: str, options: tuple[str, ...], game: str | None, numbers: Sequence[int], *,
    seed: int, max_plies: int, player: str,
) -> list[Playout]:
    """A worker's share: the game loaded in the worker, then the playouts numbered."""
    variant = load_variant(name, options, game)
    return [play(variant, seed=seed, number=n, max_plies=max_plies, player=player)
            for n in numbers]


def _playouts(
    name: str, options: tuple[str, ...], game: str | None, count: int, seed: int,
    max_plies: int, player: str, jobs: int,
) -> Iterator[Playout]:
    """The playouts in the order of their numbers, as they finish (one process, or
    ``jobs`` of them).  Ctrl-C reaches the command alone: the workers ignore it,
    and are stopped with whatever they were playing when the command stops."""
    if jobs == 1:
        variant = load_variant(name, options, game)
        for n in range(count):
            yield play(variant, seed=seed, number=n, max_plies=max_plies, player=player)
        return
    batches = [list(range(start, min(start + BATCH, count))) for start in range(0, count, BATCH)]
    share = functools.partial(_batch, name, options, game, seed=seed, max_plies=max_plies,
                              player=player)
    pool = multiprocessing.Pool(jobs, initializer=ignore_interrupts)
    try:
        for batch in pool.imap(share, batches):
            yield from batch
    finally:
        pool.terminate()
        pool.join()


def _figure(entry: Any) -> tuple[str, str]:
    """A metric's value and its interval, as text."""
    if isinstance(entry, dict) and "ci95" in entry:
        low, high = entry["ci95"]
        return _number(entry["value"]), f"{_number(low)} .. {_number(high)}"
    return _number(entry), ""


def _number(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _rows(report: dict[str, Any]) -> list[list[str]]:
    """The report as (metric, value, 95 % interval) rows."""
    rows = []
    for key in ("completion", "drawishness", "timeouts", "balance"):
        rows.append([key, *_figure(report[key])])
    for player, entry in report["advantage"].items():
        rows.append([f"advantage {player}", *_figure(entry)])
    for key in ("duration", "branching"):
        rows.append([f"{key} mean", *_figure(report[key])])
        for part in ("median", "min", "max", "slope"):
            if part in report[key]:
                rows.append([f"{key} {part}", _number(report[key][part]), ""])
    for key in ("decision_moves", "board_coverage"):
        rows.append([key, *_figure(report[key])])
    for kind, count in report["outcomes"].items():
        rows.append([f"ended by {kind}", str(count), ""])
    return rows


@click.command("evaluate")
@variant_argument
@click.option("--playouts", "-n", "count", type=click.IntRange(1, 1_000_000), default=100,
              show_default=True, help="How many games to play.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="The run's seed: the same seed gives the same report, with any --jobs.")
@click.option("--max-plies", type=click.IntRange(1, 100_000), default=1000, show_default=True,
              help="A game not over after this many plies is a timeout.")
@click.option("--player", type=click.Choice(PLAYERS), default="random", show_default=True,
              help="random: any legal move alike; greedy: mate in one, else the capture "
                   "that takes the most (pieces valued by their mobility), else random.")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Worker processes playing games in parallel.")
@click.option("--json", "as_json", is_flag=True, help="Print the metrics as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the metrics as CSV.")
@output_flag("Also write the report as one HTML page that stands alone (charts of game "
             "length, moves over the game, outcomes, a board-coverage heat map; the table).")
def evaluate_command(
    variant_name: str, options: tuple[str, ...], game: str | None, count: int, seed: int,
    max_plies: int, player: str, jobs: int, as_json: bool, as_csv: bool, output: str | None,
) -> None:
    """Play VARIANT many times between two copies of a player, each game ended by
    its own rules, and measure the games (Ludii's playout metrics, in
    docs/evaluate.md): completion, drawishness, timeouts, balance, each
    player's advantage, duration, branching factor and its slope over the
    game, decision moves, board coverage, the outcomes by kind.  Rates and
    means come with a 95 % confidence interval.

    Ctrl-C stops the run and reports the games played so far.

    \b
    Examples:
      trebuchet evaluate chess --playouts 20 --max-plies 200
      trebuchet evaluate catapults-of-troy --player greedy --playouts 10 --json
      trebuchet evaluate examples/zillions/chess.zrf --playouts 4 --max-plies 60
      trebuchet evaluate chess --playouts 30 --max-plies 300 -o chess-report.html
    """
    if as_json and as_csv:
        raise click.UsageError("give --json or --csv, not both")
    variant = load_variant(variant_name, options, game)
    players = variant.players
    played: list[Playout] = []
    interrupted = False
    with Progress(count, f"playing {variant_name}") as bar:
        try:
            for playout in _playouts(
                variant_name, options, game, count, seed, max_plies, player, jobs
            ):
                played.append(playout)
                bar.advance()
        except KeyboardInterrupt:
            interrupted = True
    if interrupted:
        click.echo(f"trebuchet: interrupted after {len(played)} of {count} playouts", err=True)
    played.sort(key=lambda g: g.number)
    report = {
        "variant": variant_name, "player": player, "seed": seed, "max_plies": max_plies,
        **summary(played, players),
    }
    if output is not None:
        # the run as a command line that makes it again (the output options aside, and
        # --jobs, which changes nothing in it: the page is the same with any)
        words = ["trebuchet", "evaluate", variant_name,
                 *(w for o in options for w in ("-O", o)), *(["--game", game] if game else []),
                 "--playouts", str(count), "--seed", str(seed), "--max-plies", str(max_plies),
                 "--player", player]
        command = shlex.join(words)
        write_text(output, report_html(variant, played, _rows(report), report, command))
        if not is_stdout(output):
            click.echo(f"wrote {output}", err=True)
    if as_json:
        click.echo(json_text(report, indent=1))
    elif as_csv:
        click.echo(csv_text(("metric", "value", "ci95"), _rows(report)), nl=False)
    else:
        click.echo(f"{variant_name}: {len(played)} playouts, {player} player, seed {seed}")
        click.echo(table(("metric", "value", "95 % interval"), _rows(report)))
