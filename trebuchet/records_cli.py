"""``trebuchet check`` and ``trebuchet convert``: the game-record commands.

Both read any format of :mod:`trebuchet.converters.formats` (by extension, else
sniffed), replay every game, and report errors as one line naming the file,
line, column and move.  ``convert`` writes its output to a temporary file in
the target's directory and renames it into place, so the target is written
whole or not at all.  Both go through :class:`Batch`, which reads the files in
turn, draws the progress bar and sorts what goes wrong into the kinds the
summary counts.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import click

from trebuchet.arguments import default_variant_flag, option_flag, output_flag, rules_flags
from trebuchet.converters import zsg
from trebuchet.converters.formats import (
    FORMATS,
    dropped,
    format_named,
    loss_warning,
    records_of,
)
from trebuchet.converters.json_text import json_text
from trebuchet.converters.record import (
    Format,
    GameRecord,
    RecordError,
    ReplayError,
    UnsupportedVariantError,
    one_line,
)
from trebuchet.converters.replay import replay
from trebuchet.files import is_stdout, write_atomically
from trebuchet.progress import Progress
from trebuchet.variants.errors import TrebuchetError, UnknownVariantError
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
    """One game of a batch: where it is, and the replayed record or its error."""

    path: str
    number: int
    record: GameRecord | None = None
    final: Position | None = None
    error: TrebuchetError | None = None

    @property
    def kind(self) -> str:
        return "ok" if self.error is None else problem(self.error)


@dataclass
class Batch:
    """The games of several files, read and replayed in turn, counted by kind.

    ``options`` (``--option``) are added to every record's own.  A file that
    cannot be read, or holds no game, is one unreadable game numbered 0.
    """

    paths: tuple[str, ...]
    fmt: Format | None = None
    options: tuple[str, ...] = ()
    label: str = "replaying"
    #: a rules file that saved games are checked against instead of their own
    rules: str | None = None
    #: the game of the rules file saved games are checked as, instead of their own
    game: str | None = None
    #: the variant of games whose records name none (``--variant``)
    default_variant: str = ""
    counts: Counter[str] = field(default_factory=Counter)
    plies: int = 0

    def games(self) -> Iterator[CheckedGame]:
        """Every game of every file, replayed, with a progress bar over the bytes read."""
        sizes = [os.path.getsize(p) if os.path.isfile(p) else 0 for p in self.paths]
        with Progress(sum(sizes), self.label) as bar:
            for path in self.paths:
                for game in self._file(path, bar.advance):
                    self._count(game)
                    bar.show(f"{os.path.basename(path)} game {game.number}")
                    bar.advance(0)
                    yield game

    def _file(self, path: str, read: Callable[[int], None]) -> Iterator[CheckedGame]:
        try:
            if (self.rules or self.game) and path.lower().endswith(".zsg"):
                items = zsg.read_records(path, read, self.rules, self.game)
            else:
                items = records_of(path, self.fmt, read)
            for number, item in enumerate(items, start=1):
                yield self._replayed(path, number, item)
        except TrebuchetError as exc:
            yield CheckedGame(path, 0, error=exc)

    def _replayed(self, path: str, number: int, item: GameRecord | RecordError) -> CheckedGame:
        if isinstance(item, RecordError):
            number = 0 if item.source == path and not item.line else number
            return CheckedGame(path, number, error=item)
        item.options = (*item.options, *self.options)
        item.default_variant = self.default_variant
        try:
            return CheckedGame(path, number, item, replay(item))
        except TrebuchetError as exc:
            return CheckedGame(path, number, item, error=exc)

    def _count(self, game: CheckedGame) -> None:
        self.counts[game.kind] += 1
        if game.record is not None and game.error is None:
            self.plies += len(game.record.moves)

    def summary(self) -> str:
        """``3 files: 10 games OK, 1 illegal, 1 unreadable, 0 unsupported; 812 plies``
        (a file that cannot be read, or holds no game, counts as one unreadable)."""
        parts = [f"{self.counts['ok']} {'game' if self.counts['ok'] == 1 else 'games'} OK"]
        parts += [f"{self.counts[k]} {k}" for k in KINDS[1:]]
        return (
            f"{_plural(len(self.paths), 'file')}: {', '.join(parts)}; "
            f"{_plural(self.plies, 'ply', 'plies')}"
        )

    @property
    def failed(self) -> int:
        return sum(n for k, n in self.counts.items() if k != "ok")


def _plural(count: int, one: str, many: str = "") -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"


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

    A file may be compressed (.gz, .bz2, .xz, .zst: known by its name or its
    first bytes), and - reads standard input (zstdcat db.pgn.zst | trebuchet
    check - --quiet).
    """
    if as_json and as_jsonl:
        raise click.UsageError("give --json or --jsonl, not both")
    batch = Batch(
        files, format_named(fmt) if fmt else None, options, rules=rules, game=game,
        default_variant=default_variant,
    )
    reports = []
    for checked in batch.games():
        report = _report(checked)
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


def _report(game: CheckedGame) -> dict[str, Any]:
    """One game's report, as ``--json`` prints it."""
    report: dict[str, Any] = {"file": game.path, "game": game.number}
    if game.record is not None:
        report["white"] = one_line(game.record.tags.get("White", "?"))
        report["black"] = one_line(game.record.tags.get("Black", "?"))
    if game.error is not None:
        return {**report, "status": "error", "problem": game.kind, "error": str(game.error)}
    assert game.record is not None and game.final is not None
    outcome = game.final.outcome()
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
    """
    out_format = format_named(target)
    batch = Batch(
        (source,), format_named(fmt) if fmt else None, options, label="converting",
        rules=rules, game=game, default_variant=default_variant,
    )
    written: list[GameRecord] = []
    lost: Counter[str] = Counter()

    def games() -> Iterator[GameRecord]:
        """Replayed games, streamed into the writer (a big file is never held whole)."""
        for read in batch.games():
            if read.error is not None:
                if not keep_going:
                    raise _stopped(read)
                click.echo(f"trebuchet: skipped: {read.error}", err=True)
                continue
            assert read.record is not None
            lost.update(dropped(out_format, [read.record]))
            written.append(read.record)
            yield read.record
        if not written:
            raise TrebuchetError(f"{source}: no game could be converted; nothing written")

    destination = "-" if output is None else output
    write_atomically(destination, lambda handle: out_format.write(games(), handle))
    warning = loss_warning(out_format, lost)
    if warning is not None:
        click.echo(f"trebuchet: warning: {warning}", err=True)
    if not is_stdout(destination) or batch.failed:
        skipped = f"; {batch.failed} skipped" if batch.failed else ""
        click.echo(
            f"{destination}: {_plural(len(written), 'game')} written as {out_format.name}"
            f"{skipped}",
            err=True,
        )
    if batch.failed:
        sys.exit(1)


def _stopped(game: CheckedGame) -> TrebuchetError:
    """The error that stops a conversion; for one bad game of several, how to go on."""
    assert game.error is not None
    if game.number == 0:
        return game.error
    return TrebuchetError(
        f"{game.error} (nothing written; --keep-going writes the other games)"
    )
