"""The variants trebuchet knows, by name.

Each game is a module of this package; the table below names its class.  A game
whose module is not installed is simply absent (this lets a partial checkout
work), but a module that is present and fails to import is an error, loudly.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
from collections.abc import Iterable

from trebuchet.variants.errors import UnknownVariantError
from trebuchet.variants.variant import Variant

#: variant name -> "module:Class"
_TABLE: dict[str, str] = {
    "chess": "trebuchet.variants.chess:Chess",
    "catapults-of-troy": "trebuchet.variants.catapults_of_troy:CatapultsOfTroy",
    "shatranj-of-troy": "trebuchet.variants.shatranj_of_troy:ShatranjOfTroy",
    "mangonel-chess": "trebuchet.variants.mangonel_chess:MangonelChess",
    "duggans-fantasy-chess": "trebuchet.variants.duggans_fantasy_chess:DuggansFantasyChess",
    "titan-chess": "trebuchet.variants.titan_chess:TitanChess",
}


def _present(target: str) -> bool:
    return importlib.util.find_spec(target.partition(":")[0]) is not None


def variant_names() -> list[str]:
    """Names of the variants available, FIDE chess first."""
    return [name for name, target in _TABLE.items() if _present(target)]


def variant_class(name: str) -> type[Variant]:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    target = _TABLE.get(key)
    if target is None or not _present(target):
        names = variant_names()
        close = difflib.get_close_matches(key, names, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UnknownVariantError(f"unknown variant {name!r} (known: {', '.join(names)}){hint}")
    module, _, cls = target.partition(":")
    found: type[Variant] = getattr(importlib.import_module(module), cls)
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
