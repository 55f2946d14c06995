"""The Betza reader's own errors and components (the moves themselves are checked
against Fairy-Stockfish through the games that use them)."""

from __future__ import annotations

import pytest

from trebuchet.variants.betza import LAME, MAX_COMPONENTS, parse_betza
from trebuchet.variants.errors import BetzaError


def test_the_longest_string_of_fairy_stockfish_reads_as_three_components() -> None:
    pawn = parse_betza("fmWfceFifmnD")
    assert [(c.vectors, c.move, c.capture, c.initial) for c in pawn] == [
        (((0, 1),), True, False, False),
        (((1, 1), (-1, 1)), False, True, False),
        (((0, 2),), True, False, True),
    ]
    assert pawn[1].en_passant and pawn[2].style == LAME


@pytest.mark.parametrize(
    ("text", "column"), [("X", 1), ("NX", 2), ("fmW fD", 4), ("Wf", 2), ("fbRR3q", 6)]
)
def test_an_unreadable_string_is_refused_at_its_column(text: str, column: int) -> None:
    with pytest.raises(BetzaError, match=f"at column {column}: expected modifiers"):
        parse_betza(text)


def test_ranges_riders_and_too_many_components() -> None:
    assert [c.range for c in parse_betza("WWN3R2B")] == [0, 3, 2, 0]
    assert len(parse_betza("WF" * (MAX_COMPONENTS // 2))) == MAX_COMPONENTS
    with pytest.raises(BetzaError, match=f"has {MAX_COMPONENTS + 1} components"):
        parse_betza("WF" * (MAX_COMPONENTS // 2) + "N")
