"""The ``trebuchet`` command line: click commands over variants, converters and analysis.

Nothing here knows a rule; each command parses its arguments, calls the
library, and prints.  Errors a user can cause arrive as TrebuchetError and are
printed as one line with exit status 1, never as a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from trebuchet import analysis_cli, records_cli, zrf_cli
from trebuchet.analysis.diagram import text_diagram
from trebuchet.analysis.svg import board_svg
from trebuchet.arguments import variant_argument
from trebuchet.converters.load import load_variant
from trebuchet.converters.replay import MAX_MOVE_TEXT
from trebuchet.files import is_stdout, write_text
from trebuchet.variants.errors import MoveError, TrebuchetError
from trebuchet.variants.perft import divide, perft
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant, variant_class, variant_names

F = TypeVar("F", bound=Callable[..., Any])


class TrebuchetGroup(click.Group):
    """A click group that turns TrebuchetError into one line on stderr and exit 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except TrebuchetError as exc:
            click.echo(f"trebuchet: error: {exc}", err=True)
            sys.exit(1)


@click.group(cls=TrebuchetGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="trebuchet")
def main() -> None:
    """Read, write, replay and analyse chess-variant game files.

    \b
    Examples:
      trebuchet variants
      trebuchet moves chess --fen "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"
      trebuchet play chess e2e4 e7e5 g1f3
      trebuchet perft chess 4 --divide
      trebuchet show catapults-of-troy
    """


def variant_options(func: F) -> F:
    """The VARIANT argument, its --option and --game flags, and --fen."""
    func = click.option(
        "--fen", "fen", default=None, help="Start from this FEN instead of the game's start."
    )(func)
    return variant_argument(func)


def load_position(
    variant_name: str, options: Sequence[str], game: str | None, fen: str | None
) -> Position:
    return load_variant(variant_name, options, game).position(fen)


@main.command("variants")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list instead of a table.")
def variants_command(as_json: bool) -> None:
    """List the variants, their boards and options.

    \b
    Example:
      trebuchet variants --json
    """
    rows = []
    for name in variant_names():
        cls = variant_class(name)
        rows.append(
            {
                "name": name,
                "title": cls.title,
                "board": f"{cls.files}x{cls.ranks}",
                # the instance's: a compiled class keeps the default in its instances
                "start_fen": get_variant(name).start_fen,
                "options": dict(cls.option_help),
            }
        )
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        opts = ", ".join(r["options"]) or "-"
        click.echo(f"{r['name']:<{width}}  {r['board']:>5}  {r['title']}  (options: {opts})")


@main.command("moves")
@variant_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON objects with move and fen.")
def moves_command(
    variant_name: str, options: tuple[str, ...], game: str | None, fen: str | None, as_json: bool
) -> None:
    """List the legal moves of a position, one a line, in coordinate notation.

    \b
    Examples:
      trebuchet moves chess
      trebuchet moves chess --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" --json
    """
    pos = load_position(variant_name, options, game, fen)
    moves = sorted(pos.legal_moves(), key=pos.move_text)
    if not as_json:
        for move in moves:
            click.echo(pos.move_text(move))
        return
    out = []
    for move in moves:
        entry: dict[str, Any] = {"move": pos.move_text(move)}
        entry["notation"] = pos.notation(move)
        pos.push(move)
        entry["fen"] = pos.fen()
        pos.pop()
        out.append(entry)
    click.echo(json.dumps(out, indent=1))


@main.command("play")
@variant_options
@click.argument("moves", nargs=-1, metavar="MOVE...")
def play_command(
    variant_name: str,
    options: tuple[str, ...],
    game: str | None,
    fen: str | None,
    moves: tuple[str, ...],
) -> None:
    """Play moves from a position and print the FEN reached (and the result, if over).

    Moves are in coordinate notation (e2e4, e7e8q, P@e4) or the variant's own
    notation (Nf3, O-O, BB^G6).

    \b
    Example:
      trebuchet play chess f2f3 e7e5 g2g4 d8h4
    """
    pos = load_position(variant_name, options, game, fen)
    for number, text in enumerate(moves, start=1):
        if len(text) > MAX_MOVE_TEXT:
            raise MoveError(f"move {number} is longer than {MAX_MOVE_TEXT} characters")
        try:
            pos.push_text(text)
        except MoveError as exc:
            raise MoveError(f"move {number} {text!r}: {exc}") from None
    click.echo(pos.fen())
    outcome = pos.outcome()
    if outcome is not None:
        click.echo(f"{outcome.result} {outcome.termination}")


@main.command("perft")
@variant_options
@click.argument("depth", type=click.IntRange(0, 12))
@click.option("--divide", "by_move", is_flag=True, help="Print the count below each first move.")
def perft_command(
    variant_name: str,
    options: tuple[str, ...],
    game: str | None,
    fen: str | None,
    depth: int,
    by_move: bool,
) -> None:
    """Count the leaf nodes of the legal move tree DEPTH plies deep.

    \b
    Examples:
      trebuchet perft chess 4                 # 197281
      trebuchet perft chess 3 --divide
    """
    pos = load_position(variant_name, options, game, fen)
    if by_move:
        counts = divide(pos, depth)
        for name in sorted(counts):
            click.echo(f"{name} {counts[name]}")
        click.echo(f"total {sum(counts.values())}")
    else:
        click.echo(perft(pos, depth))


@main.command("show")
@variant_options
@click.option(
    "--svg",
    "svg_path",
    default=None,
    metavar="FILE",
    help="Also draw the position as an SVG picture into this file (- for standard output).",
)
def show_command(
    variant_name: str,
    options: tuple[str, ...],
    game: str | None,
    fen: str | None,
    svg_path: str | None,
) -> None:
    """Draw a position as text: White at the bottom, '.' empty, '*' no square.

    \b
    Examples:
      trebuchet show catapults-of-troy
      trebuchet show titan-chess --svg titan.svg
    """
    pos = load_position(variant_name, options, game, fen)
    click.echo(text_diagram(pos))
    if svg_path is not None:
        write_text(svg_path, board_svg(pos, title=pos.variant.title))
        if not is_stdout(svg_path):
            click.echo(f"wrote {svg_path}", err=True)


for part in (records_cli.check_command, records_cli.convert_command, *analysis_cli.COMMANDS):
    main.add_command(part)
main.add_command(zrf_cli.zrf_group)
