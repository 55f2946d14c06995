"""Which build is loaded (docs/speed.md): CI runs the suite against both and says
which one it expects in TREBUCHET_BUILD (``pure`` or ``compiled``)."""

from __future__ import annotations

import os

import trebuchet
from trebuchet.variants import move, perft, variant
from trebuchet.variants.zrf import game, program


def test_the_build_is_the_one_ci_asked_for() -> None:
    wanted = os.environ.get("TREBUCHET_BUILD", "")
    assert wanted in ("", "pure", "compiled")
    if wanted:
        assert (wanted == "compiled") == trebuchet.COMPILED


def test_compiled_says_where_the_core_was_loaded_from() -> None:
    """The Zillions engine among them: the compiled tier tests the compiled engine."""
    for module in (move, perft, variant, game, program):
        assert (module.__file__ or "").endswith(".py") != trebuchet.COMPILED
