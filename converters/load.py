"""Where a game comes from: a registered variant's name, or a Zillions rules file.

Every command and library call that takes a variant takes either, so that any
``.zrf`` is as playable as a built-in game::

    >>> load_variant("chess").name
    'chess'
    >>> load_variant("examples/zillions/chess.zrf").title
    'Chess'

A rules file holds one or more games (Zillions' *variants*); ``game`` picks one
by title or 1-based number, as Zillions' Variants menu lists them.  A Zillions
game's own options are set in its file, so ``options`` (trebuchet's rulings
marked option) apply to registered variants only.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from trebuchet.variants.errors import OptionError, UnknownVariantError, shown
from trebuchet.variants.game import Game
from trebuchet.variants.registry import get_variant
from trebuchet.variants.zrf.errors import ZrfError


def is_rules_file(name: str) -> bool:
    """Whether ``name`` names a Zillions rules file rather than a registered variant."""
    return name.lower().endswith(".zrf")


def load_variant(name: str, options: Sequence[str] = (), game: str | None = None) -> Game:
    """The variant ``name`` (a registered name, or a path ending in ``.zrf``).

    ``game`` picks a game of a rules file (title or number; default its first);
    UnknownVariantError for a name that is neither, ZrfError for a rules file
    that cannot be read or uses what the engine does not run.
    """
    if not is_rules_file(name):
        if game is not None:
            raise OptionError(f"--game picks a game of a .zrf rules file, not of {shown(name)}")
        return get_variant(name, options)
    if options:
        raise OptionError(
            f"{name}: a Zillions game's options are set in its rules file; "
            "--option applies to trebuchet's own variants"
        )
    path = Path(name)
    if not path.is_file():
        raise UnknownVariantError(f"no rules file {shown(name)}")
    stat = path.stat()
    return _zrf_variant(name, (path.resolve(), stat.st_mtime_ns, stat.st_size), game or "")


def rules_file_name(rules_file: str) -> str:
    """The file name of a saved game's ``RulesFile`` (often a Windows path:
    ``.\\Chess.zrf``)."""
    return rules_file.replace("\\", "/").split("/")[-1]


def find_rules_file(zsg_path: str | Path, rules_file: str) -> Path | None:
    """The .zrf a saved game names: a Windows path relative to the game, any case."""
    folder = Path(zsg_path).parent
    wanted = rules_file_name(rules_file).lower()
    for candidate in sorted(folder.iterdir()) if folder.is_dir() else ():
        if candidate.name.lower() == wanted:
            return candidate
    return None


@lru_cache(maxsize=16)
def _zrf_variant(name: str, identity: tuple[Path, int, int], game: str) -> Game:
    """One rules file's game, built once while the file (``identity``: where it is,
    when it changed, its size) stays the same: reading and compiling a large rules
    file takes a second."""
    # the Zillions reader and engine, imported only for a rules file: a third of
    # the start-up of a command that reads a chess game (docs/speed.md, "Start-up")
    from trebuchet.converters.zrf.model import read_zrf
    from trebuchet.converters.zrf.to_variant import variant_class

    chosen = read_zrf(name).game(game or None)
    if chosen.separator:
        raise ZrfError(f"game {shown(game)} is a menu separator, not a game", name)
    return variant_class(chosen, name)()
