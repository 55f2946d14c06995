"""``trebuchet zrf export racing-kings``: the exported file ends the race as the
native game does (docs/rules/racing-kings.md, RK-2 … RK-4).  Perft(3) from the
start and 20 random positions are test_export.py's (PLAYED_ALIKE); here the race's
end on positions built for each case, each result read from the native variant."""

from __future__ import annotations

import pytest

from tests.zrf.test_export import exported, zrf_coordinates
from trebuchet.converters.zrf.export_racing_kings import CHANCE, CHECKED_SETUP
from trebuchet.converters.zrf.writer import limitations
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant
from trebuchet.variants.variant import Variant


@pytest.fixture(scope="module")
def racing() -> Variant:
    return get_variant("racing-kings")


def same_moves_and_end(racing: Variant, native: Position, zpos: Position) -> None:
    """The legal moves (in coordinates) and the outcome are the native ones."""
    ours = sorted(racing.move_text(native, m) for m in native.legal_moves())
    assert sorted(zrf_coordinates(zpos, m) for m in zpos.legal_moves()) == ours, native.fen()
    native_end, zrf_end = racing.outcome(native), zpos.variant.outcome(zpos)
    assert (native_end is None) == (zrf_end is None), native.fen()
    if native_end is not None and zrf_end is not None:
        assert zrf_end.result == native_end.result, native.fen()


#: (position, White's move onto the last rank, the native result right after it:
#: "*" where Black still has its move).  Each is checked against the native game.
ARRIVALS = [
    # a8 and b8 are free: Black moves once more
    pytest.param("8/k5K1/8/8/8/8/8/8 w - - 0 1", "g7g8", "*", id="black-may-follow"),
    # a8 is the Bishop's, b8 the Knight's: White has won
    pytest.param("8/k2N2K1/8/8/8/8/8/7B w - - 0 1", "g7g8", "1-0", id="black-cannot-follow"),
    # b8 is attacked by the King where it lands, a8 by the Bishop
    pytest.param("8/k1K5/8/8/8/8/8/7B w - - 0 1", "c7c8", "1-0", id="the-king-guards-b8"),
    # d8 is too far from b8: b8 is free
    pytest.param("8/k1K5/8/8/8/8/8/7B w - - 0 1", "c7d8", "*", id="b8-free-after-kd8"),
    # the King leaves c7, opening the Bishop's line to b8; the Knight takes a8
    pytest.param("8/k1K5/1N6/4B3/8/8/8/8 w - - 0 1", "c7d8", "1-0", id="the-old-square-opens"),
    # a Black Knight on b8 keeps that square; a8 is the Bishop's
    pytest.param("1n6/k5K1/8/8/8/8/8/7B w - - 0 1", "g7g8", "1-0", id="own-piece-on-b8"),
]


@pytest.mark.parametrize(("fen", "move", "result"), ARRIVALS)
def test_white_arriving_ends_the_race_as_native(
    racing: Variant, fen: str, move: str, result: str
) -> None:
    """RK-4: White's King reaches the last rank; the game ends there, or Black has
    one move, after which every reply ends it as natively (a draw where Black's King
    arrives too).  The position after the arrival, exported with its setup, holds
    the marker exactly where Black still moves."""
    native = racing.position(fen)
    game = exported(racing, native)
    zpos = game.start_position()
    native.push(racing.parse_move(native, move))
    zpos.push(game.parse_move(zpos, move))
    ended = racing.outcome(native)
    assert (ended.result if ended is not None else "*") == result
    same_moves_and_end(racing, native, zpos)
    again = exported(racing, native).start_position()
    marker = [p for p in again.board if p is not None and game.kinds.get(CHANCE) == p.kind]
    assert bool(marker) == (result == "*")
    same_moves_and_end(racing, native, again)
    for reply in native.legal_moves():
        text = racing.move_text(native, reply)
        native.push(reply)
        for pos in (zpos, again):
            pos.push(pos.variant.parse_move(pos, text))
            same_moves_and_end(racing, native, pos)
            pos.pop()
        native.pop()


@pytest.mark.parametrize(
    ("fen", "result"),
    [
        pytest.param("k5K1/8/8/8/8/8/8/8 w - - 0 1", "1/2-1/2", id="both-there-white-to-move"),
        pytest.param("k5K1/8/8/8/8/8/8/8 b - - 0 1", "1/2-1/2", id="both-there-black-to-move"),
        pytest.param("k7/8/6K1/8/8/8/8/8 w - - 0 1", "0-1", id="black-there-first"),
        pytest.param("8/k7/8/8/8/8/8/6K1 b - - 0 1", "*", id="black-about-to-arrive"),
        pytest.param("6K1/8/8/8/8/8/k7/8 w - - 0 1", "1-0", id="white-there-black-far"),
    ],
)
def test_a_position_of_the_race_ends_as_native(racing: Variant, fen: str, result: str) -> None:
    """RK-3: both Kings on the last rank draw, one alone wins; from Black's move onto
    it (Black to move on the seventh rank) every move ends as natively."""
    native = racing.position(fen)
    ended = racing.outcome(native)
    assert (ended.result if ended is not None else "*") == result
    zpos = exported(racing, native).start_position()
    same_moves_and_end(racing, native, zpos)
    for move in native.legal_moves():
        text = racing.move_text(native, move)
        native.push(move)
        zpos.push(zpos.variant.parse_move(zpos, text))
        same_moves_and_end(racing, native, zpos)
        zpos.pop()
        native.pop()


@pytest.mark.parametrize(
    ("fen", "refused"),
    [
        # the Rook's line along the seventh rank opens when the King leaves g7
        pytest.param("8/k5KR/8/8/8/8/8/8 w - - 0 1", ["g7g8", "g7f8", "g7g6", "g7f6", "g7h8"]),
        # the Queen would check from the a-file or beside the King
        pytest.param("8/k7/8/8/8/8/8/1Q1N2K1 w - - 0 1", ["b1a1", "b1a2", "b1b6", "b1b7", "b1b8"]),
    ],
)
def test_no_move_gives_check(racing: Variant, fen: str, refused: list[str]) -> None:
    """RK-2: a check, direct or discovered, is no move in the file either."""
    native = racing.position(fen)
    zpos = exported(racing, native).start_position()
    legal = {racing.move_text(native, m) for m in native.legal_moves()}
    assert not legal & set(refused)
    same_moves_and_end(racing, native, zpos)


def test_a_setup_in_check_is_named_as_left_out(racing: Variant) -> None:
    """No game reaches a position whose player to move is in check; exported as a
    setup, its King's reply to a check would be a move (a7h1 here), and the file's
    header says so."""
    fen = "8/k7/8/8/8/Q7/8/7K b - - 0 1"
    native = racing.position(fen)
    assert CHECKED_SETUP in limitations(racing, native)
    assert CHECKED_SETUP not in limitations(racing)
    zpos = exported(racing, native).start_position()
    assert "a7h1" in {zrf_coordinates(zpos, m) for m in zpos.legal_moves()}
    assert "a7h1" not in {racing.move_text(native, m) for m in native.legal_moves()}
