"""Game Courier move lists: every documented action form is read by its effect."""

from __future__ import annotations

import pytest

from tests.helpers import position
from trebuchet.converters.courier import CourierNotation, read_games
from trebuchet.converters.record import GameRecord
from trebuchet.converters.replay import replay
from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError, MoveError

EP_FEN = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"


@pytest.mark.parametrize(
    ("fen", "text", "coordinate"),
    [
        (None, "P e2-e4", "e2e4"),
        (None, "e2-e4", "e2e4"),
        (None, "Knight g1-f3", "g1f3"),
        (EP_FEN, "P e5-d6; @*d5", "e5d6"),
        (EP_FEN, "P e5-d6; d5-", "e5d6"),
        (EP_FEN, "@*d5; P e5-d6", "e5d6"),
        (EP_FEN, "P e5-d6; capture d5", "e5d6"),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "P a7-a8; Q-a8", "a7a8q"),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "P a7-a8; N-a8", "a7a8n"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "K e1-g1; R h1-f1", "e1g1"),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "r a8-d8; k e8-c8", "e8c8"),
    ],
)
def test_action_lists_are_read_by_their_effect(fen: str | None, text: str, coordinate: str) -> None:
    pos = position("chess", fen)
    notation = CourierNotation(pos.variant)
    move = notation.read(pos, text)
    assert pos.move_text(move) == coordinate
    assert notation.read(pos, notation.write(pos, move)) == move


def test_written_forms() -> None:
    pos = position("chess", EP_FEN)
    notation = CourierNotation(pos.variant)
    assert notation.write(pos, pos.parse_move("e5d6")) == "@*d5; P e5-d6"  # action order
    pos = position("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    assert notation.write(pos, pos.parse_move("a7a8q")) == "P a7-a8; Q-a8"


def test_incomplete_promotion_is_ambiguous_and_wrong_moves_illegal() -> None:
    pos = position("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    notation = CourierNotation(pos.variant)
    with pytest.raises(IllegalMoveError):
        notation.read(pos, "P a7-a8")  # a pawn on a8 is no legal position
    with pytest.raises(MoveError):
        notation.read(pos, "P a7-a8; Z-a8")
    pos = position("chess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    with pytest.raises(IllegalMoveError) as illegal:
        notation.read(pos, "K e1-e3")
    assert illegal.value.nearest
    assert not isinstance(illegal.value, AmbiguousMoveError)


def test_a_log_with_comments_and_two_games() -> None:
    text = [
        "// Variant: chess",
        "// White: Fergus",
        "1. P e2-e4 // king's pawn",
        "1... p e7-e5",
        "// a quiet move",
        "",
        "// Variant: chess",
        "1. P d2-d4",
    ]
    first, second = list(read_games(text, "log.gc"))
    assert isinstance(first, GameRecord) and isinstance(second, GameRecord)
    replay(first)
    replay(second)
    assert first.tags == {"White": "Fergus"}
    assert first.moves[0].comments == ["king's pawn"]
    assert first.moves[1].comments == ["a quiet move"]
    assert len(second.moves) == 1
