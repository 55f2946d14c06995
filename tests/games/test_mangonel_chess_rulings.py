"""Mangonel Chess: its rulings (docs/rules/mangonel-chess.md), each pinned by a test
named by its id, on positions where the ruling decides the result.  Every expected
move set, clock, board and FEN is worked out by hand from the ruling, in the
comments beside it; none is a recording of the engine's output.
"""

from __future__ import annotations

import pytest

from tests.helpers import fen_board, fen_fields, legal_from, legal_texts, play, position
from trebuchet.variants.errors import FenError

CT = "catapults-of-troy"
ST = "shatranj-of-troy"
MC = "mangonel-chess"
DF = "duggans-fantasy-chess"
TC = "titan-chess"


# -- Mangonel Chess (docs/rules/mangonel-chess.md) -------------------------------------------


def test_mc6_fen_keeps_rights_while_the_king_is_slung_away_and_back() -> None:
    """MC-6: g2h3 slings the King f1 up the diagonal over h3 to j5 (i4 and j5 empty,
    then the edge).  The FEN still lists KQ, with the King off its rank (no pawn
    moved, nothing taken: clock 1).  Read back: h3i4 is a plain step (g2, f1
    behind it are empty now), i4h3 slings the King from j5 back down over h3,
    g2 to f1 (then the edge), and castling f1h1 (g1, h1, i1 empty) is legal;
    castling itself costs White's rights: then '-'."""
    pos = play(position(MC, "4k5/10/10/10/10/10/6M3/R4K3R w KQ - 0 1"), "g2h3")
    fen = pos.fen()
    assert fen == "4k5/10/10/9K/10/7M2/10/R8R b KQ - 1 1"
    again = position(MC, fen)
    assert again.fen() == fen
    for text in ("e8d8", "h3i4", "d8e8", "i4h3", "e8d8"):
        assert fen_fields(play(again, text))[2] == "KQ", text
    assert fen_fields(again)[0] == "3k6/10/10/10/10/7M2/10/R4K3R"
    assert {"f1h1", "f1d1"} <= legal_from(again, "f1")
    assert fen_fields(play(again, "f1h1"))[:3] == ["3k6/10/10/10/10/7M2/10/R5RK2", "b", "-"]


def test_mc6_a_right_read_while_its_rook_is_away_waits_for_a_slung_rook() -> None:
    """MC-6: i1h1 slings the Rook j1 to g1 (the King f1 stops it): FEN KQ.  Read back,
    h1i1 slings it home to j1 and the King may castle f1h1 (MC-4: a slung Rook
    keeps the right).  A Rook that walks home by its own move (g1-j1) cannot
    castle: had it been the right's Rook its move would have cost the right
    (MC-4), so the right waits on, still written K."""
    pos = play(position(MC, "4k5/10/10/10/10/10/10/R4K2MR w KQ - 0 1"), "i1h1")
    fen = pos.fen()
    assert fen == "4k5/10/10/10/10/10/10/R4KRM2 b KQ - 1 1"
    slung = play(position(MC, fen), "e8d8", "h1i1", "d8e8", "i1i2", "e8d8")
    assert fen_fields(slung)[0:3] == ["3k6/10/10/10/10/10/8M1/R4K3R", "w", "KQ"]
    assert "f1h1" in legal_from(slung, "f1")
    walked = play(position(MC, fen), "e8d8", "h1h2", "d8e8", "g1j1", "e8d8")
    assert fen_fields(walked)[0:3] == ["3k6/10/10/10/10/10/7M2/R4K3R", "w", "KQ"]
    assert "f1h1" not in legal_from(walked, "f1")


def test_mc6_a_right_whose_rook_is_captured_is_dropped() -> None:
    """MC-6: i1h1 slings the Rook j1 to g1; the black Rook g8 takes it there, so the
    K right is gone: the field reads Q."""
    pos = play(position(MC, "4k1r3/10/10/10/10/10/10/R4K2MR w KQ - 0 1"), "i1h1")
    assert fen_fields(pos)[2] == "KQ"
    assert fen_fields(play(pos, "g8g1"))[:3] == ["4k5/10/10/10/10/10/10/R4KrM2", "w", "Q"]
    # A FEN cannot list a right for a side that has no Rook left: its Rook was taken.
    with pytest.raises(FenError, match="no rook to castle with"):
        position(MC, "4k5/10/10/10/10/10/10/5K4 w K - 0 1")


def test_mc7_a_pawn_slung_resets_the_clock() -> None:
    """MC-7: clock 12.  d4e4 slings the pawn c4 along rank 4 over e4 to j4 (the
    farthest empty square): a pawn moved, so the clock is 0.  The same sling of
    a Knight counts on: 13."""
    pawn = play(position(MC, "9k/10/10/10/2PM6/10/10/K9 w - - 12 40"), "d4e4")
    assert fen_fields(pawn) == ["9k/10/10/10/4M4P/10/10/K9", "b", "-", "-", "0", "40"]
    knight = play(position(MC, "9k/10/10/10/2NM6/10/10/K9 w - - 12 40"), "d4e4")
    assert fen_fields(knight)[0::4] == ["9k/10/10/10/4M4N/10/10/K9", "13"]


def test_mc7_a_pawn_slung_onto_its_second_rank_may_double_step() -> None:
    """MC-7: d4c3 slings the pawn e5 down the diagonal over c3 to b2 (a1 is its own
    first rank, MC-3); clock 0.  On its second rank it may double-step, however
    it got there: b2b4, leaving b3 for en passant."""
    pos = play(position(MC, "9k/10/10/4P5/3M6/10/10/9K w - - 5 1"), "d4c3")
    assert fen_fields(pos)[0::4] == ["9k/10/10/10/10/2M7/1P8/9K", "0"]
    play(pos, "j8j7")
    assert legal_from(pos, "b2") == {"b2b3", "b2b4"}
    assert fen_fields(play(pos, "b2b4"))[3] == "b3"


# -- Mangonel Chess ----------------------------------------------------------------


def test_mc2_slung_piece_takes_the_first_enemy_of_the_mover_else_flies_farthest() -> None:
    """MC-2: e2 Mangonel steps to e3 and slings the e1 piece over it: a Rook flies
    to e8 (last empty square); a black Knight lands on the e5 black pawn, an
    enemy of White, the player moving."""
    pos = play(position(MC, "5k4/10/10/10/10/10/4M5/4R4K w - - 0 1"), "e2e3")
    assert fen_board(pos.fen()) == "4Rk4/10/10/10/10/4M5/10/9K"
    pos = play(position(MC, "5k4/10/10/10/4p5/10/4M5/4n4K w - - 0 1"), "e2e3")
    assert fen_board(pos.fen()) == "5k4/10/10/10/4n5/4M5/10/9K"


def test_mc2_nowhere_to_land_stays_or_with_option_is_illegal() -> None:
    """MC-2: b1 steps to a1; the c1 Rook behind would fly off the board: it stays
    (default), or the step is illegal with sling-must-land."""
    fen = "9k/10/10/10/10/10/10/1MR2K4 w - - 0 1"
    pos = play(position(MC, fen), "b1a1")
    assert fen_board(pos.fen()) == "9k/10/10/10/10/10/10/M1R2K4"
    assert "b1a1" not in legal_from(position(MC, fen, ("sling-must-land",)), "b1")


def test_mc3_pawn_limits_queen_and_no_en_passant() -> None:
    """MC-3: slung up to e8 the e2 pawn becomes a Queen (one move, no choice);
    slung down it never lands on (or takes on) its own first rank; a slung
    pawn gives no en passant right."""
    pos = position(MC, "9k/10/10/10/10/4M5/4P5/K9 w - - 0 1")
    assert {m for m in legal_texts(pos) if m.startswith("e3e4")} == {"e3e4"}
    assert fen_board(play(pos, "e3e4").fen()) == "4Q4k/10/10/10/4M5/10/10/K9"
    # e4 pawn slung down by the e3 step to e2: e1 (its first rank, a black Rook) is off
    pos = play(position(MC, "9k/10/10/K9/4P5/4M5/10/4r5 w - - 0 1"), "e3e2")
    assert fen_board(pos.fen()) == "9k/10/10/K9/4P5/10/4M5/4r5"
    # e2 pawn slung past e3, e4 onto e5 beside the d4... pawn: no e.p.
    pos = play(position(MC, "9k/10/4P5/10/3p6/4M5/4P5/5K4 w - - 0 1"), "e3e4")
    assert pos.fen().split()[3] == "-"
    assert legal_from(pos, "d4") == {"d4d3"}


def test_mc4_rights_survive_slings_but_not_a_sling_attack_on_the_path() -> None:
    """MC-4: the a1 Rook slung to a8 and back keeps its right (f1d1 castles).
    Castling f1d1 crosses e1, which the black e3 Mangonel hits by stepping to
    e2 and slinging the e4 Rook down: not allowed."""
    pos = position(MC, "9k/10/10/10/10/10/M9/R4K4 w Q - 0 1")
    play(pos, "a2a3", "j8j7", "a3a2", "j7j8")
    assert "f1d1" in legal_from(pos, "f1")
    assert "f1d1" in legal_from(position(MC, "4k5/10/10/10/10/10/10/R4K4 w Q - 0 1"), "f1")
    hit = position(MC, "4k5/10/10/10/4r5/4m5/10/R4K4 w Q - 0 1")
    assert legal_from(hit, "f1") == {"f1e2", "f1f2", "f1g1", "f1g2"}


def test_mc4_a_rook_taken_by_the_king_loses_its_right_at_once() -> None:
    """MC-1/MC-4: the j8 Rook's right goes when the White King takes it, as in
    FIDE, so the position after the capture recurs (threefold) with the same
    rights, and equals the same position read from its FEN.  (Found by this
    audit: the right lingered until some Rook moved, so repetitions undercounted.)"""
    pos = play(position(MC, "5k3r/8K1/10/10/10/10/10/R5r3 w k - 0 1"), "i7j8")
    assert pos.key() == position(MC, pos.fen()).key()
    play(pos, "g1g2", "a1a2", "g2g1", "a2a1", "g1g2", "a1a2", "g2g1", "a2a1")
    assert pos.repetitions() == 3


def test_mc5_promotion_to_mangonel_and_check_by_sling() -> None:
    """MC-5: Q, R, B, N or M.  A black Mangonel e4 stepping to e3 slings the e5
    Rook onto the White King on e1: check."""
    assert legal_from(position(MC, "4k5/P9/10/10/10/10/10/4K5 w - - 0 1"), "a7") == {
        "a7a8q",
        "a7a8r",
        "a7a8b",
        "a7a8n",
        "a7a8m",
    }
    assert position(MC, "4k5/10/10/4r5/4m5/10/10/4K5 w - - 0 1").is_check()
