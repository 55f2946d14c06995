"""Mangonel Chess's castling rights (MC-4, MC-6) in the exported file: each right
follows its own Rook through slings, and a right a FEN lists for a Rook away from
home waits for a Rook slung there.  Every position of every line is compared with
the native game (its legal moves, read both ways), and the castling each line is
about is asserted as the rule page rules it."""

from __future__ import annotations

import random

import pytest

from tests.zrf.test_export import exported, zrf_coordinates
from trebuchet.converters.zrf.export_draws import FIVEFOLD
from trebuchet.converters.zrf.writer import limitations
from trebuchet.variants.perft import perft
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant
from trebuchet.variants.variant import Variant

#: White's castlings: the King f1 two squares toward the j1 or the a1 Rook (MC-1)
CASTLES = ("f1h1", "f1d1")


@pytest.fixture(scope="module")
def mangonel() -> Variant:
    return get_variant("mangonel-chess")


def play_alike(variant: Variant, fen: str, line: list[str]) -> list[str]:
    """Play ``line`` from ``fen`` natively and in the file exported with that setup,
    the legal moves equal at every ply; White's castlings open at the end."""
    pos = variant.position(fen)
    game = exported(variant, pos)
    zpos = game.start_position()
    for text in [*line, ""]:
        ours = sorted(variant.move_text(pos, m) for m in pos.legal_moves())
        theirs = sorted(zrf_coordinates(zpos, m) for m in zpos.legal_moves())
        assert theirs == ours, pos.fen()
        if text:
            pos.push(variant.parse_move(pos, text))
            zpos.push(game.parse_move(zpos, text))
    return [c for c in CASTLES if c in ours]


def test_a_rook_slung_away_and_back_keeps_its_right(mangonel: Variant) -> None:
    """MC-4: j2j3 slings the j1 Rook up to j6, j3j2 slings it home again."""
    fen = "k9/9M/10/10/10/10/9M/5K3R w K - 0 1"
    assert play_alike(mangonel, fen, ["j2j3", "a8b8", "j3j2", "b8a8"]) == ["f1h1"]


def test_another_rook_slung_onto_the_home_square_does_not_castle(mangonel: Variant) -> None:
    """MC-4: the right is the j1 Rook's (slung to j8); the g1 Rook, which never
    moved by itself, is slung onto j1 by h1i1 and still cannot castle."""
    fen = "10/k9/10/10/10/10/9M/5KRM1R w K - 0 1"
    line = ["j2j3", "a7a6", "h1i1", "a6a7", "i1i2", "a7a6"]
    assert play_alike(mangonel, fen, line) == []


def test_a_waiting_right_is_taken_up_by_a_sling_only(mangonel: Variant) -> None:
    """MC-6: K is listed with no Rook on j1; the j5 Rook slung onto j1 takes it up,
    the same Rook arriving by its own move does not."""
    assert play_alike(mangonel, "k9/10/10/9R/9M/10/10/5K4 w K - 0 1", ["j4j3", "a8b8"]) == [
        "f1h1"
    ]
    assert play_alike(mangonel, "k9/10/10/9R/10/10/10/5K4 w K - 0 1", ["j5j1", "a8b8"]) == []


#: White's only Rook on a4 (the bishop takes it), a pawn promoting on j8 above the
#: j4 Mangonel, whose step to j3 slings the new Rook onto j1; K waits (MC-6)
WAITING = "10/2k6P/10/10/R8M/1b8/7P2/5K4 w K - 0 1"


def test_a_waiting_right_survives_while_a_rook_is_left(mangonel: Variant) -> None:
    """The Rook promoted before the last one is taken keeps the right waiting."""
    line = ["j7j8r", "b3a4", "j4j3", "c7c6"]
    assert play_alike(mangonel, WAITING, line) == ["f1h1"]


def test_a_waiting_right_is_gone_once_no_rook_is_left(mangonel: Variant) -> None:
    """MC-6: the right dropped when the a4 Rook was taken; a Rook promoted later and
    slung onto j1 does not take it up."""
    line = ["h2h3", "b3a4", "j7j8r", "c7c6", "j4j3", "c6c7"]
    assert play_alike(mangonel, WAITING, line) == []


#: setups with Mangonels beside Rooks on their homes and away from them (every
#: right waiting in the second), for random lines
ROOKS_AND_SLINGS = (
    "r1m2k1m1r/1m6m1/10/2R4r2/10/10/1M6M1/R1M2K1M1R w KQkq - 0 1",
    "2m2k1m2/1m6m1/10/r1R4r1R/10/10/1M6M1/2M2K1M2 w KQkq - 0 1",
)


@pytest.mark.parametrize("fen", ROOKS_AND_SLINGS)
def test_random_lines_play_alike(mangonel: Variant, fen: str) -> None:
    """Random lines of 30 plies, compared at every ply, and perft(2) from the setup."""
    rng = random.Random(29)
    pos = mangonel.position(fen)
    assert perft(exported(mangonel, pos).start_position(), 2) == perft(pos, 2)
    for _ in range(2):
        line: list[str] = []
        pos = mangonel.position(fen)
        for _ in range(30):
            moves = pos.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            line.append(mangonel.move_text(pos, move))
            pos.push(move)
        play_alike(mangonel, fen, line)


def test_waiting_rights_are_written_not_left_out(mangonel: Variant) -> None:
    """Only the draw no file can count remains unsaid (fivefold repetition), also for
    rights whose Rooks are away."""
    pos = mangonel.position(ROOKS_AND_SLINGS[1])
    assert limitations(mangonel, pos) == [FIVEFOLD]


def test_a_sling_bringing_an_enemy_mangonel_into_line_with_the_king_is_illegal(
    mangonel: Variant,
) -> None:
    """f6e7 slings White's j2 Mangonel to d8, where d8e8 would sling c8 onto the
    King on f8: the move leaves Black's King to a sling (MC-2), and the native game
    once allowed it (found by the exported file, which refuses it)."""
    pos = mangonel.position("R1m2k4/1m8/5mr2m/9R/M9/10/7K1M/2M4Mr1 b - - 23 14")
    assert "f6e7" not in {mangonel.move_text(pos, m) for m in pos.legal_moves()}
    assert play_alike(mangonel, pos.fen(), []) == []


def test_a_bishop_slung_onto_the_other_colour_lands_as_that_colour(mangonel: Variant) -> None:
    """The Mangonel d3-d4 slings the Bishop from d2 (dark) along the file onto the
    Knight on d7 (light): in the file it lands as the light squares' type, so once
    Black's King takes the Mangonel, the two Bishops on light squares are the draw
    by insufficient material, as natively (FIDE's rule)."""
    fen = "10/3n3b2/10/4k5/10/3M6/3B6/9K w - - 0 1"
    native = mangonel.position(fen)
    game = exported(mangonel, native)
    pos = game.start_position()
    for text in ("d3d4", "e5d4"):
        assert variant_move_texts(mangonel, native) == sorted(
            zrf_coordinates(pos, m) for m in pos.legal_moves()
        )
        native.push(mangonel.parse_move(native, text))
        pos.push(game.parse_move(pos, text))
    d7 = pos.board[game.geometry.index_of("d7")]
    assert d7 is not None and game.types[d7.kind].name == "Light-Bishop"
    native_end, ended = mangonel.outcome(native), game.outcome(pos)
    assert native_end is not None and native_end.termination == "insufficient_material"
    assert ended is not None and ended.result == native_end.result == "1/2-1/2"


def variant_move_texts(variant: Variant, pos: Position) -> list[str]:
    """The native legal moves of ``pos`` in trebuchet's coordinates, sorted."""
    return sorted(variant.move_text(pos, m) for m in pos.legal_moves())
