"""``trebuchet check`` and ``trebuchet convert``: the game-record commands.

Both read any format of :mod:`trebuchet.converters.formats` (by extension, else
sniffed), replay every game, and report errors as one line naming the file,
line, column and move.  ``convert`` writes its output to a temporary file in
the target's directory and renames it into place, so the target is written
whole or not at all.  Both go through :class:`~trebuchet.spread.Batch`, which
reads the files in turn (or spreads them over workers, ``--jobs``), draws the
progress bar and counts what goes wrong by kind; what each sends back for a
game (a report, a game's text) is a function here, the same wherever it runs.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import click

from trebuchet.arguments import (
    default_variant_flag,
    option_flag,
    output_flag,
    rules_flags,
    workers_flags,
)
from trebuchet.converters.checking import CheckedGame, Reading
from trebuchet.converters.formats import FORMATS, dropped, format_named, loss_warning
from trebuchet.converters.json_text import json_text
from trebuchet.converters.record import one_line
from trebuchet.files import is_stdout, write_atomically
from trebuchet.spread import Batch, Workers, plural
from trebuchet.variants.errors import TrebuchetError


def _format_option(name: str, help_text: str) -> Callable[[Any], Any]:
    return click.option(name, "fmt", default=None, metavar="FORMAT", help=help_text)


@click.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@_format_option("--from", "Input format (pgn, courier, json, moves, zsg); default: detected.")
@option_flag
@click.option(
    "--json", "as_json", is_flag=True, help="Print one JSON array holding an object per game."
)
@click.option(
    "--jsonl", "as_jsonl", is_flag=True,
    help="Print one JSON object per game, a line each, as each game is checked.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print only games with errors or warnings.")
@rules_flags
@default_variant_flag
@workers_flags
def check_command(
    files: tuple[str, ...],
    fmt: str | None,
    options: tuple[str, ...],
    as_json: bool,
    as_jsonl: bool,
    quiet: bool,
    rules: str | None,
    game: str | None,
    default_variant: str,
    jobs: int,
    scheduler: str | None,
) -> None:
    """Replay every game of FILES and report each: OK with its result, or the error;
    then one summary line (games OK / illegal / unreadable / unsupported, plies).

    Exit status 1 if any game is illegal, unreadable or unsupported.  Warnings
    (a wrong + or #, a Result that contradicts the final position) do not
    fail a game.  A game played under an option ruling is checked under it
    with --option (or its own Options tag).  With --json or --jsonl the
    summary goes to standard error, so that standard output stays JSON.

    \b
    Examples:
      trebuchet check examples/chess960/long-castling.pgn
      trebuchet check examples/*/*.gc --quiet
      trebuchet check examples/shatranj-of-troy/opening.txt -O bare-king --jsonl
      trebuchet check examples/zillions/fools-mate.zsg --rules examples/zillions/chess.zrf
      trebuchet check examples/crazyhouse/knight-drops.pgn --variant crazyhouse
      trebuchet check examples/*/*.pgn --jobs 2 --quiet

    A file may be compressed (.gz, .bz2, .xz, .zst: known by its name or its
    first bytes), and - reads standard input (zstdcat db.pgn.zst | trebuchet
    check - --quiet).  --jobs N replays on N processes (a big PGN file shared
    out in pieces), --scheduler ADDRESS on a Dask cluster (docs/scale.md); the
    output is the same, byte for byte, as with one.
    """
    if as_json and as_jsonl:
        raise click.UsageError("give --json or --jsonl, not both")
    batch = _batch(files, fmt, Reading(options, rules, game, default_variant),
                   Workers(jobs, scheduler))
    reports = []
    for done in batch.results(report_of):
        report = done.value
        report["game"] = done.number
        if as_json:
            reports.append(report)
        elif as_jsonl:
            click.echo(json_text(report))
        else:
            _print_report(report, quiet)
    if as_json:
        click.echo(json_text(reports, indent=1))
    click.echo(batch.summary(), err=as_json or as_jsonl)
    if batch.failed:
        sys.exit(1)


def _batch(
    files: tuple[str, ...], fmt: str | None, reading: Reading, workers: Workers,
    label: str = "replaying",
) -> Batch:
    """The batch of a command's files (``--from`` checked before anything is read)."""
    if fmt is not None:
        fmt = format_named(fmt).name
    return Batch(files, fmt, reading, workers, label)


def report_of(game: CheckedGame) -> dict[str, Any]:
    """One game's report, as ``--json`` prints it (a worker's answer for ``check``)."""
    report: dict[str, Any] = {"file": game.path, "game": game.number}
    if game.record is not None:
        report["white"] = one_line(game.record.tags.get("White", "?"))
        report["black"] = one_line(game.record.tags.get("Black", "?"))
    if game.error is not None:
        return {**report, "status": "error", "problem": game.kind, "error": str(game.error)}
    assert game.record is not None and game.final is not None
    outcome = game.outcome
    return {
        **report,
        "status": "ok",
        "variant": game.final.variant.name,
        "plies": len(game.record.moves),
        "result": game.record.result_text,
        "termination": outcome.termination if outcome else None,
        "verdict": outcome.verdict(game.final.variant.player_name) if outcome else None,
        "warnings": list(game.record.warnings),
    }


def _print_report(report: dict[str, Any], quiet: bool) -> None:
    where = f"{report['file']} game {report['game']}" if report["game"] else report["file"]
    if report["status"] == "error":
        click.echo(f"{where}: ERROR {report['error']}")
        return
    if quiet and not report["warnings"]:
        return
    ended = f", {report['termination']}, {report['verdict']}" if report["termination"] else ""
    click.echo(
        f"{where}: OK {report['result']} ({report['variant']}, {report['plies']} plies{ended}) "
        f"{report['white']} - {report['black']}"
    )
    for warning in report["warnings"]:
        click.echo(f"  warning: {warning}")


@click.command("convert")
@click.argument("source", type=click.Path(dir_okay=False))
@click.option("--to", "target", required=True, metavar="FORMAT",
              help=f"Output format: {', '.join(FORMATS)}.")
@_format_option("--from", "Input format; default: from the extension, else sniffed.")
@option_flag
@output_flag("Output file, written whole or not at all (a link is written through; "
             "folders and devices are refused); - or default: standard output.")
@click.option("--keep-going", "-k", is_flag=True,
              help="Write every good game and report each bad one (exit status 1 if any).")
@rules_flags
@default_variant_flag
@workers_flags
def convert_command(
    source: str,
    target: str,
    fmt: str | None,
    options: tuple[str, ...],
    output: str | None,
    keep_going: bool,
    rules: str | None,
    game: str | None,
    default_variant: str,
    jobs: int,
    scheduler: str | None,
) -> None:
    """Convert the games of SOURCE to another format, replaying (checking) each.

    The first illegal or unreadable game stops the conversion with its error
    and nothing is written; with --keep-going every good game is written and
    each bad one reported on standard error (exit status 1 then).  What the
    target format cannot hold (variations, comments, NAGs) is dropped with
    one warning line that says how much.

    \b
    Examples:
      trebuchet convert examples/chess960/long-castling.pgn --to json -o long-castling.json
      trebuchet convert examples/atomic/queen-blast.txt --to courier -o queen-blast.gc
      trebuchet convert examples/crazyhouse/knight-drops.pgn --to moves --keep-going
      trebuchet convert examples/zillions/fools-mate.zsg --game 1 --to pgn
      trebuchet convert examples/chess960/long-castling.pgn --to json --jobs 2

    --jobs N converts on N processes (a big PGN file shared out in pieces),
    --scheduler ADDRESS on a Dask cluster; the output is the same either way.
    """
    out_format = format_named(target)
    batch = _batch((source,), fmt, Reading(options, rules, game, default_variant),
                   Workers(jobs, scheduler), label="converting")
    lost: Counter[str] = Counter()
    written = 0

    def texts() -> Iterator[str]:
        """Each good game's text, streamed into the file (a big file is never held whole)."""
        nonlocal written
        for done in batch.results(partial(converted, out_format.name)):
            result = done.value
            if result.fatal:
                raise TrebuchetError(result.error)
            if result.error:
                if not keep_going:
                    raise _stopped(result.error, done.number)
                click.echo(f"trebuchet: skipped: {result.error}", err=True)
                continue
            lost.update(result.lost)
            written += 1
            yield result.text
        if not written:
            raise TrebuchetError(f"{source}: no game could be converted; nothing written")

    destination = "-" if output is None else output
    write_atomically(destination, lambda handle: out_format.write_texts(texts(), handle))
    warning = loss_warning(out_format, lost)
    if warning is not None:
        click.echo(f"trebuchet: warning: {warning}", err=True)
    if not is_stdout(destination) or batch.failed:
        skipped = f"; {batch.failed} skipped" if batch.failed else ""
        click.echo(
            f"{destination}: {plural(written, 'game')} written as {out_format.name}"
            f"{skipped}",
            err=True,
        )
    if batch.failed:
        sys.exit(1)


@dataclass(frozen=True)
class Converted:
    """A worker's answer for one game of ``convert``: its text in the target format
    and what the format dropped of it, or why it cannot be written."""

    text: str = ""
    lost: Counter[str] = field(default_factory=Counter)
    #: the game's error, one line (the game is skipped, or stops the conversion)
    error: str = ""
    #: whether the error is the output's (a tag no format can write): it stops the
    #: conversion even with --keep-going
    fatal: bool = False


def converted(target: str, game: CheckedGame) -> Converted:
    """``game`` in the format named ``target``, or its error."""
    if game.error is not None:
        return Converted(error=str(game.error))
    assert game.record is not None
    out_format = format_named(target)
    assert out_format.game_text is not None
    try:
        text = out_format.game_text(game.record)
    except TrebuchetError as exc:
        return Converted(error=str(exc), fatal=True)
    return Converted(text, dropped(out_format, [game.record]))


def _stopped(error: str, number: int) -> TrebuchetError:
    """The error that stops a conversion; for one bad game of several, how to go on."""
    if number == 0:
        return TrebuchetError(error)
    return TrebuchetError(f"{error} (nothing written; --keep-going writes the other games)")
