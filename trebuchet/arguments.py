"""The command-line arguments shared by every command: the game, and the output file.

A VARIANT argument is a registered variant's name or a Zillions rules file
(``games/Chess.zrf``); ``--game`` picks one game of a rules file, ``--option``
(``-O``) sets an option of trebuchet's own variants (on every command that
plays or checks games, game files included).  ``--output`` (``-o``) names the
file a command writes, on every command that writes one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

VARIANT_HELP = "VARIANT is a name from `trebuchet variants` or a Zillions rules file (.zrf)."


def option_flag(func: F) -> F:
    """``--option NAME`` / ``-O NAME``, repeatable: a ruling marked option."""
    return click.option(
        "--option",
        "-O",
        "options",
        multiple=True,
        metavar="NAME",
        help="A variant option (a ruling marked option in docs/rules/); repeatable.",
    )(func)


def default_variant_flag(func: F) -> F:
    """``--variant NAME``: the variant of the games whose records name none."""

    def known(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
        if value is None:
            return ""
        from trebuchet.converters.record import resolve_variant_name  # only when given

        if resolve_variant_name(value) is None:
            from trebuchet.variants.registry import variant_names

            raise click.BadParameter(
                f"{value!r} is none of trebuchet's variants ({', '.join(variant_names())})"
            )
        return value

    return click.option(
        "--variant",
        "default_variant",
        default=None,
        metavar="NAME",
        callback=known,
        help="The variant of games whose record names none (no Variant tag: a FICS "
        "crazyhouse archive, say). A game's own Variant tag still wins.",
    )(func)


def game_flag(func: F) -> F:
    """``--game TITLE``: which game of a rules file holding several."""
    return click.option(
        "--game",
        "game",
        default=None,
        metavar="TITLE",
        help="With a .zrf VARIANT: the game (title or number; default the first).",
    )(func)


def rules_flags(func: F) -> F:
    """``--rules FILE.zrf`` and ``--game TITLE`` for commands that read Zillions saved
    games: the rules file to replay them by, and which of its games."""
    func = click.option(
        "--game",
        "game",
        default=None,
        metavar="TITLE",
        help="Replay Zillions saved games as this game of their rules file (title or "
        "number), not the one their VariantName names.",
    )(func)
    return click.option(
        "--rules",
        metavar="FILE.zrf",
        default=None,
        help="Replay Zillions saved games (.zsg) by this rules file, not the one they "
        "name (for a game whose rules file is not beside it).",
    )(func)


def variant_argument(func: F) -> F:
    """The VARIANT argument with its ``--option`` and ``--game`` flags."""
    return click.argument("variant_name", metavar="VARIANT")(game_flag(option_flag(func)))


def output_flag(help_text: str, *, metavar: str = "FILE") -> Callable[[F], F]:
    """``--output FILE`` / ``-o FILE``: where a command writes its file (``-`` for
    standard output).  Every command that writes a file names it so; ``-o`` means
    nothing else anywhere."""

    def decorate(func: F) -> F:
        return click.option(
            "--output", "-o", "output", default=None, metavar=metavar, help=help_text
        )(func)

    return decorate


def workers_flags(func: F) -> F:
    """``--jobs N`` and ``--scheduler ADDRESS``: where the games of a batch are
    replayed (:mod:`trebuchet.spread`)."""
    func = click.option(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="Replay on the workers of a Dask cluster, whose scheduler is at ADDRESS "
        "(tcp://host:8786); needs pip install 'trebuchet[dask]' (docs/scale.md).",
    )(func)
    return click.option(
        "--jobs",
        "-j",
        type=click.IntRange(0, 256),
        default=1,
        show_default=True,
        metavar="N",
        help="Worker processes that replay the games (0: one per core); a big PGN file "
        "is shared out in pieces. The output is the same with any number.",
    )(func)
