"""Perft of the lichess and python-chess variants against python-chess's suites.

python-chess's examples/perft/*.perft (copied to shared/data/perft/python-chess):
every position of every suite, to each depth whose count stays within the
suite's node budget here; bench/variants_perft.py runs them deeper.  As
python-chess's own perft script does, every suite is played with Chess960
castling (which the family always has, CF-1), ``tricky.perft`` by Chess960.
"""

from __future__ import annotations

import pytest

from tests.helpers import DATA
from trebuchet.variants.perft import PerftCase, perft, read_perft_suite
from trebuchet.variants.registry import get_variant

SUITES = DATA / "perft" / "python-chess"

if not SUITES.is_dir():
    pytest.skip(f"shared perft data not found at {SUITES}", allow_module_level=True)

#: suite -> (our variant, the largest count a test may reach)
PLAN: dict[str, tuple[str, int]] = {
    "chess960.perft": ("chess960", 2_000),
    "tricky.perft": ("chess960", 100_000),
    "crazyhouse.perft": ("crazyhouse", 100_000),
    "3check.perft": ("three-check", 100_000),
    "atomic.perft": ("atomic", 50_000),
    "giveaway.perft": ("giveaway", 100_000),
    "horde.perft": ("horde", 100_000),
    "racingkings.perft": ("racing-kings", 30_000),
}


def _cases() -> list[tuple[str, str, PerftCase]]:
    found = []
    for suite, (variant, _) in PLAN.items():
        for case in read_perft_suite((SUITES / suite).read_text()):
            found.append((suite, variant, case))
    # the giveaway suite has no castling rights: it is Antichess's too
    for case in read_perft_suite((SUITES / "giveaway.perft").read_text()):
        found.append(("giveaway.perft", "antichess", case))
    return found


CASES = _cases()


@pytest.mark.parametrize(
    ("suite", "variant", "case"), CASES, ids=[f"{v}-{c.id}" for _, v, c in CASES]
)
def test_suite_position(suite: str, variant: str, case: PerftCase) -> None:
    budget = PLAN[suite][1]
    pos = get_variant(variant).position(case.epd)
    checked = [(d, n) for d, n in case.counts if n <= budget]
    assert checked, "every position is counted to depth 1 at least"
    assert [(d, perft(pos, d)) for d, _ in checked] == checked


def test_every_suite_is_read_whole() -> None:
    counts = {s: len(read_perft_suite((SUITES / s).read_text())) for s in PLAN}
    assert counts == {
        "chess960.perft": 960,
        "tricky.perft": 19,
        "crazyhouse.perft": 5,
        "3check.perft": 2,
        "atomic.perft": 7,
        "giveaway.perft": 3,
        "horde.perft": 3,
        "racingkings.perft": 3,
    }
