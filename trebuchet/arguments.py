"""The command-line arguments that name a game, shared by every command.

A VARIANT argument is a registered variant's name or a Zillions rules file
(``games/Chess.zrf``); ``--game`` picks one game of a rules file, ``--option``
(``-O``) sets an option of trebuchet's own variants.
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


def game_flag(func: F) -> F:
    """``--game TITLE``: which game of a rules file holding several."""
    return click.option(
        "--game",
        "game",
        default=None,
        metavar="TITLE",
        help="With a .zrf VARIANT: the game (title or number; default the first).",
    )(func)


def variant_argument(func: F) -> F:
    """The VARIANT argument with its ``--option`` and ``--game`` flags."""
    return click.argument("variant_name", metavar="VARIANT")(game_flag(option_flag(func)))
