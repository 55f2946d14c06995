"""``trebuchet zrf``: look into Zillions rules files and export our variants as ZRF."""

from __future__ import annotations

import click

from trebuchet.analysis.diagram import piece_labels, text_diagram
from trebuchet.analysis.svg import LayoutCell, board_svg, layout_svg
from trebuchet.arguments import option_flag, output_flag
from trebuchet.converters.zrf.model import GameDef, ZrfFile, read_zrf
from trebuchet.converters.zrf.show import board_text, info_text, symbols
from trebuchet.converters.zrf.to_variant import variant_from_zrf
from trebuchet.converters.zrf.writer import limitations, variant_to_zrf
from trebuchet.files import is_stdout, write_text
from trebuchet.variants.fen import board_field
from trebuchet.variants.game import Game
from trebuchet.variants.registry import get_variant
from trebuchet.variants.zrf.errors import ZrfError


@click.group("zrf")
def zrf_group() -> None:
    """Zillions of Games rules files (.zrf).

    \b
    Examples:
      trebuchet zrf export chess -o chess.zrf
      trebuchet zrf info chess.zrf
      trebuchet zrf board chess.zrf --variant 1 -o chess-board.svg
    """


@zrf_group.command("info")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
def info_command(path: str) -> None:
    """Print the games and variants of FILE: boards, pieces, setups, conditions.

    \b
    Example:
      trebuchet zrf info chess.zrf      # as written by: trebuchet zrf export chess -o chess.zrf
    """
    click.echo(info_text(_rules_file(path)))


def _rules_file(path: str) -> ZrfFile:
    """The rules file at ``path``; a ZrfError when it holds no game, as a game record
    or any other text read as ZRF does, so that a wrong file is not a quiet
    "0 games"."""
    zrf = read_zrf(path)
    if not zrf.games:
        raise ZrfError("no (game ...) in it: not a Zillions rules file", path)
    return zrf


def _game(zrf: ZrfFile, variant: str | None) -> GameDef:
    """The game or variant ``--variant`` names; a menu separator is refused, since
    it is no game (Zillions shows it as a line in the menu)."""
    game = zrf.game(variant)
    if game.separator:
        number = zrf.games.index(game) + 1
        titles = ", ".join(
            f"{i}: {g.title}" for i, g in enumerate(zrf.games, 1) if not g.separator
        )
        raise ZrfError(
            f"--variant {number} is a menu separator, not a game (have {titles})", zrf.source
        )
    return game


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
@output_flag("Also draw the start position as an SVG picture into this file (- for "
             "standard output).")
@click.option("--svg", "svg_path", default=None, hidden=True, help="Old name of --output.")
def board_command(
    path: str, variant: str | None, output: str | None, svg_path: str | None
) -> None:
    """Draw the start position of a game or variant of FILE.

    The game's drawn grid is shown as a trebuchet board (its FEN board field
    and the letters given to the ZRF pieces; a game of many kinds gets short
    labels, its pieces' own notation where free), then the position as the
    ZRF engine writes it; a game the engine cannot play is drawn by Zillions'
    own layout, with the reason.  -o draws either as an SVG picture.

    \b
    Examples:
      trebuchet zrf board chess.zrf --variant 1
      trebuchet zrf board chess.zrf -o chess-board.svg
    """
    game = _game(_rules_file(path), variant)
    target = output or svg_path
    try:
        converted = variant_from_zrf(game)
    except ZrfError as exc:
        click.echo(board_text(game))
        click.echo(f"  not a playable trebuchet variant: {exc.reason}")
        if target is not None:
            _write_svg(target, layout_svg(_layout(game), game.title, _layout_key(game)))
        return
    labels = piece_labels(converted, _notations(game, converted))
    named = ", ".join(
        f"{labels.get(k, k)} = {t.name}" for k, t in converted.types.items()
    )
    start = converted.start_position()
    click.echo(f"{game.title}: {converted.files}x{converted.ranks}")
    click.echo(text_diagram(start, labels=labels))
    click.echo(f"board: {board_field(start)}")
    click.echo(f"pieces: {named or '-'}")
    if target is not None:
        _write_svg(target, board_svg(start, game.title, labels=labels))


def _notations(game: GameDef, variant: Game) -> dict[str, str]:
    """Kind -> the Zillions notation of its piece (``Ln``, ``+DH``), where it has one."""
    notation = {p.name: p.notation for p in game.pieces if p.notation}
    return {k: notation[t.name] for k, t in variant.types.items() if t.name in notation}


def _layout(game: GameDef) -> list[LayoutCell]:
    """Each drawn position of the game with the letter of its start piece."""
    here = game.setup.by_position()
    marks = symbols(game)
    first = game.players[0] if game.players else ""
    cells = []
    for name, rect in game.board.rects().items():
        placed = here.get(name)
        mark = marks.get(placed, "?") if placed else ""
        cells.append(LayoutCell(rect, name, mark, placed is None or placed[0] in ("", first)))
    return cells


def _layout_key(game: GameDef) -> list[tuple[str, str]]:
    return [(mark, f"{player} {piece}") for (player, piece), mark in symbols(game).items()]


def _write_svg(target: str, svg: str) -> None:
    write_text(target, svg)
    if not is_stdout(target):
        click.echo(f"wrote {target}", err=True)


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
@click.option(
    "--fen",
    "fen",
    default=None,
    metavar="FEN",
    help="Write this position as the file's setup: pieces, hands, whose turn, castling "
    "rights (an en passant right cannot be written; docs/zrf.md).",
)
@option_flag
def export_command(
    variant_name: str, output: str | None, fen: str | None, options: tuple[str, ...]
) -> None:
    """Write one of trebuchet's variants as a Zillions rules file that plays it.

    The file plays the same game: trebuchet's own Zillions engine, given the
    file, finds the legal moves the variant finds.  What a rules file cannot
    say is listed at the top of the file and named in one warning line.

    \b
    Examples:
      trebuchet zrf export chess -o chess.zrf
      trebuchet zrf export chess --fen "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1" -o rooks.zrf
      trebuchet zrf export mangonel-chess -O kwaggas -o kwaggas.zrf
      trebuchet perft chess.zrf 3      # 8902, as: trebuchet perft chess 3
    """
    variant = get_variant(variant_name, options)
    position = variant.position(fen) if fen is not None else None
    text = variant_to_zrf(variant, position)
    if output is None:
        click.echo(text, nl=False)
    else:
        write_text(output, text, encoding="latin-1", newline="\r\n")
    # after the file is written: a failed write is its one line of error alone
    lost = limitations(variant, position)
    if lost:
        click.echo(
            f"trebuchet: warning: {variant.name}: not expressed in the file: {'; '.join(lost)}",
            err=True,
        )
