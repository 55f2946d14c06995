"""Sittuyin as ``zrf export`` writes it: the set-up's drops (SY-2), promotion
(SY-4) and the endings (SY-6) have the native legal moves and results in the
exported file; the native game is pinned to Fairy-Stockfish
(tests/games/test_sittuyin.py).  Perft from the start and random positions:
test_export.py."""

from __future__ import annotations

import pytest

from tests.zrf.test_export import exported, zrf_coordinates
from trebuchet.converters.zrf.export_sittuyin import HELD_KING, NO_DROP_SQUARE
from trebuchet.converters.zrf.writer import limitations
from trebuchet.variants.perft import perft
from trebuchet.variants.registry import get_variant

SY = "sittuyin"


@pytest.mark.parametrize(
    "fen",
    [
        # SY-2: both hold, so both drop; a Chariot onto the first rank only
        pytest.param("8/6k1/4pppp/pppp4/4PPPP/PPPP4/2K5/8[Fr] w - - 0 1", id="SY-2-must-drop"),
        pytest.param("8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[Rkr] w - - 0 1", id="SY-2-chariot"),
        # the Chariot of a player still dropping gives check: a2 and b2 are no move
        pytest.param("k7/8/8/8/8/8/3r4/K7[n] w - - 0 1", id="SY-2-held-side-attacks"),
        # SY-4: of two Pawns only the one on the diagonal, not next to an enemy
        pytest.param("k7/8/2P5/1r6/8/8/P7/7K[] w - - 0 1", id="SY-4-diagonal"),
        pytest.param("7k/8/8/8/8/8/8/P6K[] w - - 0 1", id="SY-4-last-pawn-corner"),
        pytest.param("k7/8/8/8/8/8/7p/K7[] b - - 0 1", id="SY-4-black-last-pawn"),
        pytest.param("k7/8/8/4p3/3P4/8/8/K7[] b - - 0 1", id="SY-4-black-diagonal"),
        pytest.param("k7/8/8/3P4/8/8/8/F6K[] w - - 0 1", id="SY-4-general-on-board"),
        pytest.param("k7/8/1P6/2P5/3s4/8/8/7K[] w - - 0 1", id="SY-4-off-the-diagonal"),
        pytest.param("k7/8/8/3P4/2s5/8/P7/7K[] w - - 0 1", id="SY-4-attacks-in-place"),
        # pinned against its King on the rank: only the promotion in place
        pytest.param("7k/8/8/8/8/8/r1P4K/8[] w - - 0 1", id="SY-4-pinned"),
        pytest.param("7k/8/8/8/8/1K6/r1P5/8[] w - - 0 1", id="SY-4-beside-a-chariot"),
    ],
)
def test_rulings_play_as_native(fen: str) -> None:
    """The position's legal moves in coordinates (``c6c6f`` a promotion in place),
    each read back by the file, and perft(2), as native."""
    variant = get_variant(SY)
    native = variant.position(fen)
    game = exported(variant, native)
    zpos = game.start_position()
    ours = sorted(variant.move_text(native, m) for m in native.legal_moves())
    assert sorted(zrf_coordinates(zpos, m) for m in zpos.legal_moves()) == ours
    for text in ours:
        assert zrf_coordinates(zpos, game.parse_move(zpos, text)) == text
    assert perft(zpos, 2) == perft(native, 2)


def test_a_promotion_in_place_reads_and_plays() -> None:
    """``a1a1f`` turns the Pawn on a1 into a General there; Black moves next."""
    variant = get_variant(SY)
    game = exported(variant, variant.position("7k/8/8/8/8/8/8/P6K[] w - - 0 1"))
    pos = game.start_position()
    pos.push(game.parse_move(pos, "a1a1f"))
    general = pos.piece_at("a1")
    assert general is not None and game.kinds["General"] == general.kind
    assert pos.turn == 1


@pytest.mark.parametrize(
    ("fen", "result"),
    [
        pytest.param("k7/8/2K5/8/8/8/8/8[] w - - 0 1", "1/2-1/2", id="bare-kings"),
        pytest.param("k7/2K5/8/8/8/8/8/R7[] b - - 0 1", "1-0", id="checkmate"),
        pytest.param("k7/1R6/1K6/8/8/8/8/8[] b - - 0 1", "1/2-1/2", id="stalemate"),
        pytest.param("k7/8/2K5/8/8/8/8/8[N] w - - 0 1", None, id="a-piece-in-hand"),
        pytest.param("k7/8/2K5/8/8/8/P7/8[] w - - 0 1", None, id="king-and-pawn"),
    ],
)
def test_the_game_ends_as_native(fen: str, result: str | None) -> None:
    """SY-6: two bare Kings draw, a held piece counting as material."""
    variant = get_variant(SY)
    native = variant.position(fen)
    game = exported(variant, native)
    native_end, ended = variant.outcome(native), game.outcome(game.start_position())
    assert (None if native_end is None else native_end.result) == result
    assert (None if ended is None else ended.result) == result


def test_what_the_file_leaves_out_is_named_where_it_can_arise() -> None:
    """A player holding a Chariot with its first rank full has no move natively
    (stalemate) and moves its pieces in the file; a King still held among bare
    Kings is drawn at once by the file, natively once it stands.  The file names
    both there, and nothing from the start or once the hands are empty."""
    variant = get_variant(SY)
    full = variant.position("k7/8/8/8/8/8/8/RNSKFSNR[R] w - - 0 1")
    assert variant.legal_moves(full) == []
    assert exported(variant, full).start_position().legal_moves() != []
    assert NO_DROP_SQUARE in limitations(variant, full)
    kings = variant.position("k7/8/8/8/8/8/8/8[K] w - - 0 1")
    game = exported(variant, kings)
    assert variant.outcome(kings) is None and game.outcome(game.start_position()) is not None
    assert HELD_KING in limitations(variant, kings)
    assert limitations(variant) == []
    played = variant.position("k7/8/2P5/1r6/8/8/P7/7K[] w - - 0 1")
    assert limitations(variant, played) == []
