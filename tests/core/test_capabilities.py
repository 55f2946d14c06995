"""Declared capabilities (docs/adding-a-game.md, step 3): every bundled game
declares exactly the hooks it overrides.  The core reads only the declarations,
so a hook overridden without its declaration would never be called, and one
declared without an override would turn a fast path off for nothing."""

from __future__ import annotations

import re

import pytest

from trebuchet.variants.game import GameBase
from trebuchet.variants.registry import variant_class, variant_names
from trebuchet.variants.variant import Variant
from trebuchet.variants.zrf.game import ZrfVariant

#: each capability and the hooks that need it
HOOKS = {
    "special_moves": ("add_special_moves",),
    "rewrites_moves": ("adjust_moves",),
    "own_attacks": ("is_attacked", "special_attacks", "removes"),
    "varies_fast_path": ("fast_legality_applies",),
    "own_generation": ("pseudo_legal_moves",),
}


def _overrides(cls: type[Variant], hook: str) -> bool:
    return getattr(cls, hook) is not getattr(Variant, hook)


@pytest.mark.parametrize("name", variant_names())
def test_a_game_declares_the_hooks_it_overrides(name: str) -> None:
    cls = variant_class(name)
    for capability, hooks in HOOKS.items():
        overridden = [h for h in hooks if _overrides(cls, h)]
        declared = getattr(cls, capability)
        assert declared == bool(overridden), (cls.__name__, capability, overridden)


def test_a_game_without_declarations_takes_every_fast_path() -> None:
    chess = variant_class("chess")()
    assert chess.fast_legality and not any(getattr(chess, c) for c in HOOKS)


def test_a_zillions_game_has_none_of_the_chess_cores_machinery() -> None:
    """The Zillions engine implements the game interface beside the core, not on
    it: no castling, en passant, promotion zones or fast legality of the core's."""
    assert not issubclass(ZrfVariant, Variant)
    assert issubclass(ZrfVariant, GameBase) and issubclass(Variant, GameBase)
    chess = re.compile(
        r"(^|_)(castl\w*|en_passant|ep|passed|promotion_zone|fast_legal\w*|pins?)(_|$)"
    )
    assert [name for name in dir(ZrfVariant) if chess.search(name)] == []
    assert [name for name in dir(Variant) if chess.search(name)] != []  # the test can see them
