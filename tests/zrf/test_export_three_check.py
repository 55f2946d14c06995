"""Three-check's exported file (converters/zrf/export_three_check.py): a check
counted by the side that received it, with its next move, ends the game on the
ply the third is given, as the native game (TK-1, TK-2) does; and a ``--fen``
position's counts are written so that they come out as the FEN's."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.zrf.test_export import exported, played_start, zrf_coordinates
from trebuchet.cli import main
from trebuchet.converters.zrf.export_three_check import CHECK, TALLY, received
from trebuchet.converters.zrf.writer import variant_to_zrf
from trebuchet.variants.perft import perft
from trebuchet.variants.pieces import BLACK, WHITE
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant
from trebuchet.variants.variant import Variant
from trebuchet.variants.zrf.game import ZrfVariant

THREE_CHECK = "three-check"


@pytest.fixture(scope="module")
def variant() -> Variant:
    return get_variant(THREE_CHECK)


def assert_plays_alike(variant: Variant, native: Position, game: ZrfVariant, pos: Position) -> None:
    """perft(2) and the legal moves in coordinates equal, and after each move the
    game ends (or not) with the native result."""
    assert perft(pos, 2) == perft(native, 2), native.fen()
    ours = sorted(variant.move_text(native, m) for m in native.legal_moves())
    assert sorted(zrf_coordinates(pos, m) for m in pos.legal_moves()) == ours, native.fen()
    assert_each_move_ends_alike(variant, native, game, pos)


def assert_each_move_ends_alike(
    variant: Variant, native: Position, game: ZrfVariant, pos: Position
) -> None:
    """After each native move, read by the file too, the game ends (or not) with the
    native result."""
    for text in sorted(variant.move_text(native, m) for m in native.legal_moves()):
        native.push(native.parse_move(text))
        pos.push(game.parse_move(pos, text))
        native_end, ended = variant.outcome(native), game.outcome(pos)
        assert (ended is None) == (native_end is None), (native.fen(), text)
        if ended is not None and native_end is not None:
            assert ended.result == native_end.result, (native.fen(), text)
        native.pop()
        pos.pop()


#: (position, moves played first): a third check to give, as a plain check and as
#: a mate; a side in check
#: that has received two (the FEN counts the one it is in) and one that has received
#: one, each getting out and the other side giving the third; a mate as the first
#: check; a check given by the double step a setup replays
PLAYS = [
    pytest.param("4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1", [], id="third-check"),
    pytest.param("6k1/5ppp/8/8/8/8/8/R5K1 w - - 1+3 0 1", [], id="third-check-mates"),
    pytest.param("4k3/8/8/8/8/8/8/4R1K1 b - - 1+3 0 1", ["e8d8"], id="black-in-check-2"),
    pytest.param("4k3/8/8/8/8/8/8/4K2r w - - 3+1 0 1", ["e1d2"], id="white-in-check-2"),
    pytest.param("4k3/8/8/8/8/8/8/4R1K1 b - - 2+3 0 1", ["e8d8", "e1d1"], id="in-check-1"),
    pytest.param("6k1/5ppp/8/8/8/8/8/R5K1 w - - 3+3 0 1", [], id="checkmate"),
    # d7-d5 gave the check White is in (and the en passant right): the file replays
    # it first, and White's move counts it once; Bxe6+ is then White's second
    pytest.param("k1b5/8/8/3pP3/8/7K/8/8 w - d6 3+2 0 2", ["e5e6"], id="double-step-checks"),
]


@pytest.mark.parametrize(("fen", "moves"), PLAYS)
def test_checks_end_the_game_on_the_native_ply(
    variant: Variant, fen: str, moves: list[str]
) -> None:
    native = variant.position(fen)
    game = exported(variant, native)
    pos = played_start(game)
    for text in moves:
        native.push(native.parse_move(text))
        pos.push(game.parse_move(pos, text))
    assert_plays_alike(variant, native, game, pos)


def test_the_third_check_on_the_150th_ply_wins(variant: Variant) -> None:
    """Ra8+ as the third check on the ply that reaches the 75-move limit wins, as
    natively (the game's own end comes first); every other move draws.  (No perft
    here: a Zillions game over has no moves, where the native game still counts
    them after the 75-move draw.)"""
    native = variant.position("4k3/8/8/8/8/8/8/R3K3 w - - 1+3 149 80")
    game = exported(variant, native)
    assert_each_move_ends_alike(variant, native, game, played_start(game))


def test_the_third_check_wins_and_a_check_short_does_not(variant: Variant) -> None:
    """TK-1: Ra8+ with one check left wins for White at once; with two left it is a
    check the game goes on after, and Black's reply counts it."""
    for left, over in (("1", True), ("2", False)):
        native = variant.position(f"4k3/8/8/8/8/8/8/R3K3 w - - {left}+3 0 1")
        game = exported(variant, native)
        pos = game.start_position()
        pos.push(game.parse_move(pos, "a1a8"))
        ended = game.outcome(pos)
        assert (ended is not None and ended.result == "1-0") is over
        assert (pos.legal_moves() == []) is over


#: a position whose FEN counts the checks each side has received, and the game's
#: end there: the third check in, with the side to move in it; the third given
#: earlier (the FEN's position is after the game's end); both Kings bare (TK-4); a
#: King and Knight, which can still give check
ENDS = [
    pytest.param("4k3/8/8/8/8/8/8/4R1K1 b - - 0+3 0 1", "1-0", id="in-the-third-check"),
    pytest.param("4k3/8/8/8/8/8/8/R5K1 w - - 0+3 0 1", "1-0", id="three-received-before"),
    pytest.param("4k3/8/8/8/8/8/8/r5K1 w - - 3+0 0 1", "0-1", id="three-received-white"),
    pytest.param("8/8/8/4k3/8/8/8/4K3 w - - 3+3 0 1", "1/2-1/2", id="bare-kings"),
    pytest.param("8/8/8/4k3/8/8/8/4KN2 w - - 3+3 0 1", None, id="knight-can-check"),
]


@pytest.mark.parametrize(("fen", "result"), ENDS)
def test_a_position_ends_as_native(variant: Variant, fen: str, result: str | None) -> None:
    native = variant.position(fen)
    pos = played_start(exported(variant, native))
    native_end, ended = variant.outcome(native), pos.variant.outcome(pos)
    assert (native_end.result if native_end else None) == result
    assert (ended.result if ended else None) == result


def test_the_counters_hold_the_checks_received_less_the_one_to_be_counted(
    variant: Variant,
) -> None:
    """``3+1``: White has 3 checks left to give, Black 1, so White has received two;
    White to move in check, so its counter holds one (its move counts the other)."""
    native = variant.position("4k3/8/8/8/8/8/8/4K2r w - - 3+1 0 1")
    assert received(variant, native) == {WHITE: 1, BLACK: 0}
    quiet = variant.position("4k3/8/8/8/8/8/r7/4K3 w - - 2+1 0 1")
    assert received(variant, quiet) == {WHITE: 2, BLACK: 1}
    setup = variant_to_zrf(variant, quiet).split("(board-setup")[1]
    assert f"({CHECK} {' '.join(TALLY[WHITE][:2])})" in setup
    assert f"({CHECK} {TALLY[BLACK][0]})" in setup


def test_a_check_the_fen_has_not_counted_is_refused_in_one_line(tmp_path: Path) -> None:
    """Black in check, though White has given no check by the FEN: a file that counts
    the check with Black's move cannot write it."""
    out = tmp_path / "refused.zrf"
    fen = "4k3/8/8/8/8/8/8/4R1K1 b - - 3+3 0 1"
    result = CliRunner().invoke(main, ["zrf", "export", THREE_CHECK, "--fen", fen, "-o", str(out)])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "in check" in result.output
    assert not out.exists()
