"""The commands about games themselves: ``variants``, ``moves``, ``play``, ``perft``
and ``show``.  Nothing here knows a rule; each command parses its arguments,
calls the library and prints.  :mod:`trebuchet.cli` loads this module only when
one of them runs."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from trebuchet.analysis.diagram import position_status, text_diagram
from trebuchet.analysis.svg import board_svg
from trebuchet.arguments import output_flag, variant_argument
from trebuchet.converters.json_text import json_text
from trebuchet.converters.load import load_variant
from trebuchet.converters.replay import MAX_MOVE_TEXT
from trebuchet.files import is_stdout, write_text
from trebuchet.progress import Progress
from trebuchet.variants.errors import MoveError, SquareError, shown
from trebuchet.variants.fen import EnPassant
from trebuchet.variants.game import Game
from trebuchet.variants.move import Move
from trebuchet.variants.perft import perft_reporting
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant, variant_class, variant_names

F = TypeVar("F", bound=Callable[..., Any])


def variant_options(func: F) -> F:
    """The VARIANT argument, its --option and --game flags, and --fen."""
    func = click.option(
        "--fen", "fen", default=None, help="Start from this FEN instead of the game's start."
    )(func)
    return variant_argument(func)


def en_passant_option(func: F) -> F:
    """--en-passant: which en passant square a printed FEN gives."""
    return click.option(
        "--en-passant",
        type=click.Choice(["standard", "legal"]),
        default="standard",
        show_default=True,
        help="Write the square a pawn passed over after every double step (standard, "
        "as the PGN standard says), or only where a capture there is legal (legal, "
        "as python-chess writes FEN).",
    )(func)


def load_position(
    variant_name: str, options: Sequence[str], game: str | None, fen: str | None
) -> Position:
    return load_variant(variant_name, options, game).position(fen)


@click.command("variants")
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
        click.echo(json_text(rows, indent=2))
        return
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        opts = ", ".join(r["options"]) or "-"
        click.echo(f"{r['name']:<{width}}  {r['board']:>5}  {r['title']}  (options: {opts})")


@click.command("moves")
@variant_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON objects with move and fen.")
@en_passant_option
def moves_command(
    variant_name: str,
    options: tuple[str, ...],
    game: str | None,
    fen: str | None,
    as_json: bool,
    en_passant: EnPassant,
) -> None:
    """List the legal moves of a position, one a line, in coordinate notation.

    A check, or the end of the game (checkmate, stalemate, the game's other
    endings), is said on standard error, so that a position without moves
    does not print nothing.

    \b
    Examples:
      trebuchet moves chess
      trebuchet moves chess --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" --json
      trebuchet moves chess --fen "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"
    """
    pos = load_position(variant_name, options, game, fen)
    moves = sorted(pos.legal_moves(), key=pos.move_text)
    if as_json:
        click.echo(json_text([_move_entry(pos, m, en_passant) for m in moves], indent=1))
    else:
        for move in moves:
            click.echo(pos.move_text(move))
    outcome = pos.outcome()
    if outcome is not None or pos.is_check():
        prefix = "" if moves else "no legal moves: "
        click.echo(f"{prefix}{position_status(pos, outcome)}", err=True)


def _move_entry(pos: Position, move: Move, en_passant: EnPassant) -> dict[str, Any]:
    """A legal move as ``moves --json`` gives it: coordinates, notation, FEN after."""
    entry: dict[str, Any] = {"move": pos.move_text(move), "notation": pos.notation(move)}
    pos.push(move)
    entry["fen"] = pos.fen(en_passant)
    pos.pop()
    return entry


def play_moves(pos: Position, moves: Sequence[str]) -> Position:
    """Make each move text on ``pos`` in turn; MoveError names the first bad one."""
    for number, text in enumerate(moves, start=1):
        if len(text) > MAX_MOVE_TEXT:
            raise MoveError(f"move {number} is longer than {MAX_MOVE_TEXT} characters")
        try:
            pos.push_text(text)
        except MoveError as exc:
            raise MoveError(f"move {number} {text!r}: {exc}") from None
    return pos


@click.command("play")
@variant_options
@en_passant_option
@click.argument("moves", nargs=-1, metavar="MOVE...")
def play_command(
    variant_name: str,
    options: tuple[str, ...],
    game: str | None,
    fen: str | None,
    en_passant: EnPassant,
    moves: tuple[str, ...],
) -> None:
    """Play moves from a position and print the FEN reached (and the result, if over).

    Moves are in coordinate notation (e2e4, e7e8q, P@e4) or the variant's own
    notation (Nf3, O-O, BB^G6).

    \b
    Examples:
      trebuchet play chess f2f3 e7e5 g2g4 d8h4
      trebuchet play chess e4 --en-passant legal
    """
    pos = play_moves(load_position(variant_name, options, game, fen), moves)
    click.echo(pos.fen(en_passant))
    outcome = pos.outcome()
    if outcome is not None:
        who = outcome.verdict(pos.variant.player_name)
        click.echo(f"{outcome.result} {outcome.termination} ({who})")


@click.command("perft")
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

    A run that takes a while draws a progress bar on standard error (on a
    terminal), one step for each first move.

    \b
    Examples:
      trebuchet perft chess 4
      trebuchet perft chess 3 --divide
    """
    pos = load_position(variant_name, options, game, fen)
    counts = _perft_by_move(pos, depth)
    if by_move:
        for name in sorted(counts):
            click.echo(f"{name} {counts[name]}")
        click.echo(f"total {sum(counts.values())}")
    else:
        click.echo(sum(counts.values()) if depth else 1)


def _perft_by_move(pos: Position, depth: int) -> dict[str, int]:
    """Perft split by first move (as :func:`divide`), the bar advancing a move at a
    time and, within a move, showing the leaves counted so far."""
    if depth == 0:
        return {}
    moves = pos.legal_moves()
    counts = {}
    with Progress(len(moves), f"perft {depth}") as bar:
        counted = 0

        def report(nodes: int) -> None:
            nonlocal counted
            counted += nodes
            bar.alive(f"{name}: {counted:,} nodes")

        for move in moves:
            name = pos.move_text(move)
            bar.show(name)
            pos.push(move)
            counts[name] = perft_reporting(pos, depth - 1, report)
            pos.pop()
            bar.advance()
    return counts


def _squares_pair(variant: Game, text: str) -> tuple[int, int]:
    """The two squares of an ``--arrow`` (``e2e4``, ``a10a12``)."""
    match = re.fullmatch(r"\s*([A-Za-z]+\d+)\s*-?\s*([A-Za-z]+\d+)\s*", text)
    if match is None:
        raise SquareError(f"--arrow {shown(text)}: give two squares, as e2e4")
    return variant.square(match[1]), variant.square(match[2])


@click.command("show")
@variant_options
@click.argument("moves", nargs=-1, metavar="[MOVE...]")
@output_flag("Also draw the position as an SVG picture into this file (- for standard output).")
@click.option("--svg", "svg_path", default=None, hidden=True, help="Old name of --output.")
@click.option("--flip", is_flag=True, help="Black at the bottom.")
@click.option("--arrow", "arrows", multiple=True, metavar="FROMTO",
              help="Draw an arrow on the SVG board, as e2e4; repeatable.")
@click.option("--no-key", is_flag=True, help="Leave the key of the pieces out of the SVG.")
def show_command(
    variant_name: str,
    options: tuple[str, ...],
    game: str | None,
    fen: str | None,
    moves: tuple[str, ...],
    output: str | None,
    svg_path: str | None,
    flip: bool,
    arrows: tuple[str, ...],
    no_key: bool,
) -> None:
    """Draw a position as text: White at the bottom, '.' empty, '*' no square; then
    the side to move, check, checkmate, stalemate or how the game ended.

    MOVEs are played from the start (or --fen) first, as with `play`; the SVG
    picture marks the last of them, any check, the pieces in hand, and has a
    key of the pieces.

    \b
    Examples:
      trebuchet show catapults-of-troy
      trebuchet show chess f2f3 e7e5 g2g4 d8h4 -o mate.svg --flip
      trebuchet show titan-chess -o titan.svg --arrow f2f4
    """
    pos = play_moves(load_position(variant_name, options, game, fen), moves)
    click.echo(text_diagram(pos, flipped=flip))
    target = output or svg_path
    if target is None:
        return
    title = pos.variant.title or pos.variant.name
    drawn = [_squares_pair(pos.variant, a) for a in arrows]
    write_text(target, board_svg(pos, title, flipped=flip, arrows=drawn, key=not no_key))
    if not is_stdout(target):
        click.echo(f"wrote {target}", err=True)

