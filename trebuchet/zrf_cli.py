"""``trebuchet zrf``: look into Zillions rules files and export our variants as ZRF."""

from __future__ import annotations

import click

from trebuchet.analysis.diagram import text_diagram
from trebuchet.converters.zrf.model import read_zrf
from trebuchet.converters.zrf.show import board_text, info_text
from trebuchet.converters.zrf.to_variant import variant_from_zrf
from trebuchet.converters.zrf.writer import variant_to_zrf
from trebuchet.files import write_text
from trebuchet.variants.fen import board_field
from trebuchet.variants.registry import get_variant
from trebuchet.variants.zrf.errors import ZrfError


@click.group("zrf")
def zrf_group() -> None:
    """Zillions of Games rules files (.zrf).

    \b
    Examples:
      trebuchet zrf info Chess.zrf
      trebuchet zrf board Chess.zrf --variant 2
      trebuchet zrf export mangonel-chess -o mangonel.zrf
    """


@zrf_group.command("info")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
def info_command(path: str) -> None:
    """Print the games and variants of FILE: boards, pieces, setups, conditions.

    \b
    Example:
      trebuchet zrf info Shatranj.zrf
    """
    click.echo(info_text(read_zrf(path)))


@zrf_group.command("board")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option(
    "--variant",
    "-v",
    "variant",
    default=None,
    metavar="N",
    help="Game or variant by number (1 = first form in the file) or title.",
)
def board_command(path: str, variant: str | None) -> None:
    """Draw the start position of a game or variant of FILE.

    The game's drawn grid is shown as a trebuchet board (its FEN board field
    and the letters given to the ZRF pieces), then the position as the ZRF
    engine writes it; a game the engine cannot play is drawn by Zillions' own
    layout, with the reason.

    \b
    Example:
      trebuchet zrf board Shatranj.zrf --variant 1
    """
    game = read_zrf(path).game(variant)
    try:
        converted = variant_from_zrf(game)
    except ZrfError as exc:
        click.echo(board_text(game))
        click.echo(f"  not a playable trebuchet variant: {exc.reason}")
        return
    pieces = ", ".join(f"{t.letter} = {t.name}" for t in converted.types.values())
    start = converted.start_position()
    click.echo(f"{game.title}: {converted.files}x{converted.ranks}")
    click.echo(text_diagram(start))
    click.echo(f"board: {board_field(start)}")
    click.echo(f"pieces: {pieces or '-'}")


@zrf_group.command("export")
@click.argument("variant_name", metavar="VARIANT")
@click.option(
    "--output",
    "-o",
    "output",
    default=None,
    metavar="OUT",
    help="Write to this file, Latin-1 with CRLF line ends as Zillions wants (a link is "
    "written through; folders and devices are refused); - for those bytes on standard "
    "output; default: the text on standard output.",
)
def export_command(variant_name: str, output: str | None) -> None:
    """Write one of trebuchet's variants as a Zillions rules file.

    \b
    Example:
      trebuchet zrf export chess -o chess.zrf
    """
    text = variant_to_zrf(get_variant(variant_name))
    if output is None:
        click.echo(text, nl=False)
        return
    write_text(output, text, encoding="latin-1", newline="\r\n")
