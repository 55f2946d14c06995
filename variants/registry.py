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
from collections.abc import Iterable
from functools import cache

from trebuchet.variants.antichess import Antichess, Giveaway
from trebuchet.variants.atomic import Atomic
from trebuchet.variants.catapults_of_troy import CatapultsOfTroy
from trebuchet.variants.chess import Chess
from trebuchet.variants.chess960 import Chess960
from trebuchet.variants.crazyhouse import Crazyhouse
from trebuchet.variants.duggans_fantasy_chess import DuggansFantasyChess
from trebuchet.variants.errors import TrebuchetError, UnknownVariantError
from trebuchet.variants.horde import Horde
from trebuchet.variants.king_of_the_hill import KingOfTheHill
from trebuchet.variants.mangonel_chess import MangonelChess
from trebuchet.variants.racing_kings import RacingKings
from trebuchet.variants.seirawan import Seirawan
from trebuchet.variants.seirawan960 import Seirawan960
from trebuchet.variants.shatranj_of_troy import ShatranjOfTroy
from trebuchet.variants.sittuyin import Sittuyin
from trebuchet.variants.three_check import ThreeCheck
from trebuchet.variants.titan_chess import TitanChess
from trebuchet.variants.variant import Variant

ENTRY_POINT_GROUP = "trebuchet.variants"

#: The games that come with trebuchet, FIDE chess first.
BUNDLED: tuple[type[Variant], ...] = (
    Chess,
    CatapultsOfTroy,
    ShatranjOfTroy,
    MangonelChess,
    DuggansFantasyChess,
    TitanChess,
    # the 8 x 8 variants of lichess and python-chess (docs/rules/chess-family.md)
    Chess960,
    Crazyhouse,
    ThreeCheck,
    KingOfTheHill,
    Atomic,
    Antichess,
    Giveaway,
    Horde,
    RacingKings,
    # Fairy-Stockfish's and pychess's
    Seirawan,
    Seirawan960,
    Sittuyin,
)


_BUNDLED_BY_NAME = {cls.name: cls for cls in BUNDLED}


class PluginError(TrebuchetError):
    """An installed plugin game that cannot be loaded."""


@cache
def _plugins() -> dict[str, type[Variant]]:
    """The games registered by other distributions, by their ``name`` (read once)."""
    # Imported here: importlib.metadata costs 20 ms of start-up, and scanning the
    # installed distributions more, which a bundled game's lookup never needs.
    from importlib.metadata import entry_points

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
    """Every variant available, by name: the bundled ones first, then plugins."""
    table = dict(_BUNDLED_BY_NAME)
    for name, cls in _plugins().items():
        table.setdefault(name, cls)
    return table


def variant_names() -> list[str]:
    """Names of the variants available, FIDE chess first."""
    return list(variant_table())


def variant_class(name: str) -> type[Variant]:
    """The class of the variant called ``name`` (case, ``_`` and spaces forgiven)."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    bundled = _BUNDLED_BY_NAME.get(key)
    if bundled is not None:
        return bundled
    table = variant_table()
    found = table.get(key)
    if found is None:
        close = difflib.get_close_matches(key, list(table), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UnknownVariantError(f"unknown variant {name!r} (known: {', '.join(table)}){hint}")
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
