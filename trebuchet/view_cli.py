"""``trebuchet view``: a game file as one self-contained HTML page (:mod:`trebuchet.view`)."""

from __future__ import annotations

import click

from trebuchet.arguments import default_variant_flag, option_flag, output_flag
from trebuchet.converters.formats import format_named, records_of
from trebuchet.converters.record import GameRecord, RecordError
from trebuchet.converters.replay import replay
from trebuchet.files import is_stdout, write_text
from trebuchet.view import game_html


def nth_game(path: str, fmt: str | None, number: int) -> GameRecord:
    """The ``number``-th game of the file (1 = the first), not yet replayed; its
    RecordError if it cannot be read, or one saying how many games there are."""
    count = 0
    for count, item in enumerate(records_of(path, format_named(fmt) if fmt else None), 1):
        if count == number or (isinstance(item, RecordError) and not item.line):
            if isinstance(item, RecordError):
                raise item
            return item
    raise RecordError(f"there is no game {number}: the file holds {count}", source=path)


@click.command("view")
@click.argument("source", metavar="GAME", type=click.Path(dir_okay=False))
@click.option("--from", "fmt", default=None, metavar="FORMAT",
              help="Input format; default: from the extension, else sniffed.")
@click.option("--number", "-n", type=click.IntRange(1), default=1, show_default=True,
              help="Which game of the file (1 = the first).")
@option_flag
@click.option("--flip", is_flag=True, help="Black at the bottom.")
@output_flag("The HTML file to write (- for standard output, the default).")
@default_variant_flag
def view_command(
    source: str,
    fmt: str | None,
    number: int,
    options: tuple[str, ...],
    flip: bool,
    output: str | None,
    default_variant: str,
) -> None:
    """Write a game of GAME (any format trebuchet reads) as one HTML page that shows
    it move by move: the board after each move, the moves in the game's own
    notation (click one to see it), ← → to step, the comments, the result.

    The page is one file that loads nothing (no network, no other files): it
    can be mailed, or opened from a folder.

    \b
    Examples:
      trebuchet view examples/catapults-of-troy/sample-game.pgn -o sample-game.html
      trebuchet view examples/shatranj-of-troy/opening.gc --flip -o opening.html
    """
    record = nth_game(source, fmt, number)
    record.options = (*record.options, *options)
    record.default_variant = default_variant
    replay(record)
    target = output or "-"
    write_text(target, game_html(record, flipped=flip))
    if not is_stdout(target):
        click.echo(f"wrote {target} ({len(record.moves)} plies)", err=True)
