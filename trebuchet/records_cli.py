"""``trebuchet check`` and ``trebuchet convert``: the game-record commands.

Both read any format of :mod:`trebuchet.converters.formats` (by extension, else
sniffed), replay every game, and report errors as one line naming the file,
line, column and move.  ``convert`` writes its output to a temporary file in
the target's directory and renames it into place, so the target is written
whole or not at all.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import click

from trebuchet.converters.formats import FORMATS, format_named, read_records
from trebuchet.converters.record import Format, GameRecord, RecordError, one_line
from trebuchet.converters.replay import replay
from trebuchet.files import is_stdout, write_atomically
from trebuchet.variants.errors import TrebuchetError

#: more games than this get a progress bar
PROGRESS_AFTER = 20


def _format_option(name: str, help_text: str) -> Callable[[Any], Any]:
    return click.option(name, "fmt", default=None, metavar="FORMAT", help=help_text)


class _Progress:
    """A progress bar on stderr over the bytes of the input, shown once a file
    turns out to hold more than a few games (a bar for three games is noise)."""

    def __init__(self, path: str, enabled: bool) -> None:
        self.total = os.path.getsize(path) if enabled and os.path.isfile(path) else 0
        self.done = 0
        self.games = 0
        self.bar: Any = None
        self.manager: AbstractContextManager[Any] = nullcontext()

    def bytes_read(self, count: int) -> None:
        self.done += count
        if self.bar is not None:
            self.bar.update(count)

    def game(self) -> None:
        self.games += 1
        if self.games == PROGRESS_AFTER and self.total and self.bar is None:
            self.manager = click.progressbar(
                length=self.total, label="replaying", file=sys.stderr
            )
            self.bar = self.manager.__enter__()
            self.bar.update(self.done)

    def close(self) -> None:
        if self.bar is not None:
            self.manager.__exit__(None, None, None)


def _games(
    path: str, fmt: Format | None, progress: _Progress | None
) -> Iterator[GameRecord | RecordError]:
    """The games of ``path``, its reader reporting the bytes it reads to the progress bar."""
    report = progress.bytes_read if progress is not None and progress.total else None
    yield from read_records(path, fmt, report)


@click.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@_format_option("--from", "Input format (pgn, courier, json, moves, zsg); default: detected.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per game.")
@click.option("--quiet", "-q", is_flag=True, help="Print only games with errors or warnings.")
def check_command(files: tuple[str, ...], fmt: str | None, as_json: bool, quiet: bool) -> None:
    """Replay every game of FILES and report each: OK with its result, or the error.

    Exit status 1 if any game is illegal or unreadable.  Warnings (a wrong
    + or #, a Result that contradicts the final position) do not fail a game.

    \b
    Examples:
      trebuchet check games.pgn
      trebuchet check examples/*/*.gc --json
    """
    given = format_named(fmt) if fmt else None
    failed = False
    reports: list[dict[str, Any]] = []
    for path in files:
        progress = _Progress(path, enabled=not as_json and sys.stderr.isatty())
        try:
            for number, item in enumerate(_games(path, given, progress), start=1):
                report = _check_one(path, number, item)
                progress.game()
                failed |= report["status"] == "error"
                _emit(report, as_json, quiet, reports)
        except TrebuchetError as exc:
            failed = True
            _emit({"file": path, "game": 0, "status": "error", "error": str(exc)},
                  as_json, quiet, reports)
        finally:
            progress.close()
    if as_json:
        click.echo(json.dumps(reports, indent=1, ensure_ascii=False))
    if failed:
        sys.exit(1)


def _check_one(path: str, number: int, item: GameRecord | RecordError) -> dict[str, Any]:
    report: dict[str, Any] = {"file": path, "game": number}
    if isinstance(item, RecordError):
        return {**report, "status": "error", "error": str(item)}
    report["white"] = one_line(item.tags.get("White", "?"))
    report["black"] = one_line(item.tags.get("Black", "?"))
    try:
        final = replay(item)
    except TrebuchetError as exc:
        return {**report, "status": "error", "error": str(exc)}
    outcome = final.outcome()
    return {
        **report,
        "status": "ok",
        "variant": final.variant.name,
        "plies": len(item.moves),
        "result": item.result_text,
        "termination": outcome.termination if outcome else None,
        "warnings": list(item.warnings),
    }


def _emit(report: dict[str, Any], as_json: bool, quiet: bool, into: list[dict[str, Any]]) -> None:
    if as_json:
        into.append(report)
        return
    where = f"{report['file']} game {report['game']}" if report["game"] else report["file"]
    if report["status"] == "error":
        click.echo(f"{where}: ERROR {report['error']}")
        return
    if quiet and not report["warnings"]:
        return
    ended = f", {report['termination']}" if report["termination"] else ""
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
@click.option("-o", "--output", default=None, metavar="FILE",
              help="Output file, written whole or not at all (a link is written through; "
              "folders and devices are refused); - or default: standard output.")
def convert_command(source: str, target: str, fmt: str | None, output: str | None) -> None:
    """Convert the games of SOURCE to another format, replaying (checking) each.

    The first illegal or unreadable game stops the conversion with its error;
    nothing is written then.

    \b
    Examples:
      trebuchet convert games.pgn --to json -o games.json
      trebuchet convert opening.txt --to courier -o opening.gc
    """
    out_format = format_named(target)
    write = out_format.write
    given = format_named(fmt) if fmt else None
    progress = _Progress(source, enabled=sys.stderr.isatty())

    def games() -> Iterator[GameRecord]:
        """Replayed games, streamed into the writer (a big file is never held whole)."""
        yield from _replayed(source, given, progress)

    try:
        write_atomically("-" if output is None else output, lambda handle: write(games(), handle))
    finally:
        progress.close()
    if output is not None and not is_stdout(output):
        click.echo(f"{output}: {progress.games} game(s) written as {out_format.name}", err=True)


def _replayed(path: str, fmt: Format | None, progress: _Progress) -> Iterator[GameRecord]:
    for item in _games(path, fmt, progress):
        if isinstance(item, RecordError):
            raise item
        replay(item)
        progress.game()
        yield item
