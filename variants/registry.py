"""The variants trebuchet knows, by name: the bundled games and installed plugins.

A third-party game is a :class:`~trebuchet.variants.variant.Variant` subclass
that its distribution registers in the entry-point group ``trebuchet.variants``
(see docs/adding-a-game.md); it then works everywhere a bundled game does.

>>> get_variant("chess").title
'FIDE chess'
>>> variant_names()[:2]
['chess', 'catapults-of-troy']
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from trebuchet.variants.errors import TrebuchetError, UnknownVariantError

if TYPE_CHECKING:
    from trebuchet.variants.variant import Variant

ENTRY_POINT_GROUP = "trebuchet.variants"

#: The games that come with trebuchet, FIDE chess first: each name and the class
#: that plays it ("module:Class" of trebuchet.variants).  A game's module is
#: imported when the game is first asked for, so that reading a chess game does
#: not build Titan Chess's tables (docs/speed.md, "Start-up").
BUNDLED: dict[str, str] = {
    "chess": "chess:Chess",
    "catapults-of-troy": "catapults_of_troy:CatapultsOfTroy",
    "shatranj-of-troy": "shatranj_of_troy:ShatranjOfTroy",
    "mangonel-chess": "mangonel_chess:MangonelChess",
    "duggans-fantasy-chess": "duggans_fantasy_chess:DuggansFantasyChess",
    "titan-chess": "titan_chess:TitanChess",
    # the 8 x 8 variants of lichess and python-chess (docs/rules/chess-family.md)
    "chess960": "chess960:Chess960",
    "crazyhouse": "crazyhouse:Crazyhouse",
    "three-check": "three_check:ThreeCheck",
    "king-of-the-hill": "king_of_the_hill:KingOfTheHill",
    "atomic": "atomic:Atomic",
    "antichess": "antichess:Antichess",
    "giveaway": "antichess:Giveaway",
    "horde": "horde:Horde",
    "racing-kings": "racing_kings:RacingKings",
    # Fairy-Stockfish's and pychess's
    "seirawan": "seirawan:Seirawan",
    "seirawan960": "seirawan960:Seirawan960",
    "sittuyin": "sittuyin:Sittuyin",
}


def bundled_class(name: str) -> type[Variant]:
    """The class of the bundled game ``name`` (a key of :data:`BUNDLED`), its module
    imported now."""
    module, _, attribute = BUNDLED[name].partition(":")
    cls: type[Variant] = getattr(importlib.import_module(f"trebuchet.variants.{module}"), attribute)
    return cls


class PluginError(TrebuchetError):
    """An installed plugin game that cannot be loaded."""


@cache
def _plugins() -> dict[str, type[Variant]]:
    """The games registered by other distributions, by their ``name`` (read once)."""
    # Imported here: importlib.metadata costs 20 ms of start-up, and scanning the
    # installed distributions more, which a bundled game's lookup never needs.
    from importlib.metadata import entry_points

    from trebuchet.variants.variant import Variant  # a plugin is checked against it

    found: dict[str, type[Variant]] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            loaded = point.load()
        except Exception as exc:  # a broken plugin must not hide the others' names
            raise PluginError(
                f"plugin game {point.name!r} ({point.value}) cannot be loaded: {exc}"
            ) from None
        if not (isinstance(loaded, type) and issubclass(loaded, Variant) and loaded.name):
            raise PluginError(
                f"plugin game {point.name!r} ({point.value}) is not a named Variant subclass"
            )
        found[loaded.name] = loaded
    return found


def variant_table() -> dict[str, type[Variant]]:
    """Every variant available, by name: the bundled ones first, then plugins
    (every bundled game's module imported)."""
    table = {name: bundled_class(name) for name in BUNDLED}
    for name, cls in _plugins().items():
        table.setdefault(name, cls)
    return table


def variant_names() -> list[str]:
    """Names of the variants available, FIDE chess first."""
    return [*BUNDLED, *(name for name in _plugins() if name not in BUNDLED)]


def variant_class(name: str) -> type[Variant]:
    """The class of the variant called ``name`` (case, ``_`` and spaces forgiven)."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key in BUNDLED:
        return bundled_class(key)
    found = _plugins().get(key)
    if found is None:
        names = variant_names()
        close = difflib.get_close_matches(key, names, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UnknownVariantError(f"unknown variant {name!r} (known: {', '.join(names)}){hint}")
    return found


_BUILT: dict[tuple[str, frozenset[str]], Variant] = {}


def get_variant(name: str, options: Iterable[str] = ()) -> Variant:
    """The variant called ``name`` with ``options``; built once and shared."""
    cls = variant_class(name)
    key = (cls.name, frozenset(options))
    built = _BUILT.get(key)
    if built is None:
        built = _BUILT[key] = cls(key[1])
    return built
