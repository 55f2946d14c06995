"""Coordinate notation for Zillions games (``e2e4``, ``e7e8q``, ``X@e4``), as
``trebuchet play --help`` promises for every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.helpers import CHESS_ZRF, shared
from tests.zrf.test_goals import game
from trebuchet.cli import main
from trebuchet.converters.load import load_variant
from trebuchet.converters.zsg.turns import replay_turns
from trebuchet.converters.zsg.zillions import zrf_game
from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError

CHESS = str(CHESS_ZRF)
#: White's pawn on b7 may take the Rook on a8 as any of four pieces
PROMOTING = ("e2e4", "d7d5", "e4d5", "c7c6", "d5c6", "d8d7", "c6b7", "d7d2", "b1d2", "e7e6")


@pytest.mark.parametrize(
    ("letter", "kind"), [("q", "Queen"), ("n", "Knight"), ("R", "Rook"), ("b", "Bishop")]
)
def test_the_promotion_letter_is_the_pieces_notation(letter: str, kind: str) -> None:
    pos = load_variant(CHESS).start_position()
    for text in PROMOTING:
        pos.push_text(text)
    pos.push_text(f"b7a8{letter}")
    assert f"(White {kind} a8" in pos.fen()


def test_a_promotion_without_its_letter_is_ambiguous_and_names_the_choices() -> None:
    pos = load_variant(CHESS).start_position()
    for text in PROMOTING:
        pos.push_text(text)
    with pytest.raises(AmbiguousMoveError) as caught:
        pos.push_text("b7a8")
    assert "matches 4 legal moves" in str(caught.value)
    assert "= Queen" in str(caught.value)


def test_plain_moves_with_and_without_a_separator() -> None:
    pos = load_variant(CHESS).start_position()
    for text in ("e2e4", "e7-e5", "g1 f3", "B8C6"):
        pos.push_text(text)
    assert "(White Knight f3)" in pos.fen() and "(Black Knight c6)" in pos.fen()
    with pytest.raises(IllegalMoveError):
        pos.push_text("e1e3")


def test_a_drop_is_the_kinds_letter_at_the_square(tmp_path: Path) -> None:
    """``M@a2``: the Man, by its letter (M) or its name, dropped from the reserve."""
    variant = game(
        tmp_path,
        "(loss-condition (White Black) (pieces-remaining 0))",
        setup="(White (King a1) (Man off 2)) (Black (King c3))",
    )
    pos = variant.start_position()
    pos.push_text("M@a2")
    assert "(White Man a2)" in pos.fen()
    pos.push_text("c3c2")
    pos.push_text("man*b3")
    assert "(White Man b3)" in pos.fen()


def test_positions_named_like_the_capture_sign_split_where_they_can() -> None:
    """Chessence keeps its reserves on positions x1 … x9 and y1 … y9: every move of
    its saved game from one of them, written as coordinates (``y1d8``), reads as
    that move."""
    saved = shared("zillions", "corpus", "Chessence", "Chessence.zsg")
    text = saved.read_text("latin-1")
    lines, pos = zrf_game(text, str(saved), saved.with_suffix(".zrf"))
    geo = pos.variant.geometry
    read = 0
    for _used, move in replay_turns(pos, lines.moves, str(saved)):
        if move.frm is not None and geo.name(move.frm)[0] in "xy":
            assert pos.parse_move(geo.name(move.frm) + geo.name(move.to)) is move
            read += 1
    assert read >= 10


def test_play_reads_coordinates_of_a_zrf_game() -> None:
    result = CliRunner().invoke(main, ["play", CHESS, *PROMOTING, "b7a8n"])
    assert result.exit_code == 0, result.output
    assert "(White Knight a8)" in result.stdout
