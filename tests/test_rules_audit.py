"""Independent audit of Duggan's Fantasy Chess, Mangonel Chess and Shatranj of Troy.

Each test states a rule of docs/rules/ (cited by its ruling id) and the
positions that show it.  Expected move sets and boards are worked out by hand
from the rulings in the comments next to them, not recorded from the engine.
"""

from __future__ import annotations

import pytest

from tests.helpers import legal_from, legal_texts, play, position
from trebuchet.variants.pieces import BLACK, WHITE

DF = "duggans-fantasy-chess"
MC = "mangonel-chess"
ST = "shatranj-of-troy"


def board(fen: str) -> str:
    return fen.split()[0]


def result(fen: str, variant: str, options: tuple[str, ...] = ()) -> tuple[str, int | None]:
    outcome = position(variant, fen, options).outcome()
    assert outcome is not None
    return outcome.termination, outcome.winner


# -- Duggan's Fantasy Chess ----------------------------------------------------------


def test_df2_golem_crushes_path_and_target_but_never_a_golem_or_its_own_adept() -> None:
    """DF-2: a1 Golem; (0,3) to a4 passes a2, a3.  An occupied a4 crushes every
    piece on a2..a4 of either colour; c3 (via b2) and d1 (via b1, c1) are quiet."""
    pos = position(DF, "4k3/8/8/8/m7/8/M7/G3K3 w - - 0 1")
    assert legal_from(pos, "a1") == {"a1a4", "a1c3", "a1d1"}
    assert board(play(pos, "a1a4").fen()) == "4k3/8/8/8/G7/8/8/4K3"
    # a friendly piece alone on the target is crushed too (DF-2: either colour)
    pos = position(DF, "4k3/8/8/8/B7/8/8/G3K3 w - - 0 1")
    assert board(play(pos, "a1a4").fen()) == "4k3/8/8/8/G7/8/8/4K3"
    # a Golem on the path or target, or its own Adept between: no crush
    assert legal_from(position(DF, "4k3/8/8/8/g7/8/M7/G3K3 w - - 0 1"), "a1") == {"a1c3", "a1d1"}
    assert legal_from(position(DF, "4k3/8/8/8/m7/8/K7/G7 w - - 0 1"), "a1") == {"a1c3", "a1d1"}
    # an empty target needs the squares between empty: a2 blocks a4
    assert legal_from(position(DF, "4k3/8/8/8/8/8/M7/G3K3 w - - 0 1"), "a1") == {"a1c3", "a1d1"}


def test_df2_only_mercenary_commander_adept_take_a_golem() -> None:
    """DF-2/DF-4/DF-6: Bishop, Archer and Assassin never take the b2 Golem;
    the Adept and the Commander do; a Mercenary does while it is attacked (DF-3)."""
    assert legal_from(position(DF, "4k3/8/8/8/8/8/1g6/B3K3 w - - 0 1"), "a1") == set()
    assert "a1b2" not in legal_from(position(DF, "4k3/8/8/8/8/8/1g6/A3K3 w - - 0 1"), "a1")
    assert "a1b2" not in legal_from(position(DF, "4k3/8/8/8/8/8/1g6/S3K3 w - - 0 1"), "a1")
    assert "a1b2" in legal_from(position(DF, "4k3/8/8/8/8/8/1g6/K7 w - - 0 1"), "a1")
    assert "b1b2" in legal_from(position(DF, "4k3/8/8/8/8/8/1g6/1C2K3 w - - 0 1"), "b1")
    # d2 attacked by the c1 Bishop: it may take the Golem ahead; unattacked it may not
    assert legal_from(position(DF, "4k3/8/8/8/8/3g4/3M4/2b1K3 w - - 0 1"), "d2") == {
        "d2c2",
        "d2d3",
        "d2e2",
    }
    assert legal_from(position(DF, "4k3/8/8/8/8/3g4/3M4/4K3 w - - 0 1"), "d2") == set()


def test_df3_mercenary_side_steps_only_while_attacked_own_golem_counts() -> None:
    """DF-3: d2 steps d3 or d4 (second rank).  Its own d5 Golem could crush it
    (d4, d3, d2 with d2 occupied), so it may also step to c2 / e2.  A Mercenary
    between a Golem and an occupied landing square is attacked too."""
    assert legal_from(position(DF, "4k3/8/8/8/8/8/3M4/4K3 w - - 0 1"), "d2") == {"d2d3", "d2d4"}
    own_golem = position(DF, "4k3/8/8/3G4/8/8/3M4/4K3 w - - 0 1")
    assert legal_from(own_golem, "d2") == {"d2c2", "d2d3", "d2d4", "d2e2"}
    between = position(DF, "4k3/8/8/3G4/3M4/8/3m4/4K3 w - - 0 1")
    assert legal_from(between, "d4") == {"d4c4", "d4e4"}
    # a Golem whose landing square is empty does not attack what lies between
    assert legal_from(position(DF, "4k3/8/8/3G4/3M4/8/8/4K3 w - - 0 1"), "d4") == set()


def test_df3_mercenary_promotes_to_archer_bishop_or_commander() -> None:
    """DF-3: on the last rank a Mercenary becomes A, B or C, nothing else."""
    assert legal_from(position(DF, "4k3/1M6/8/8/8/8/8/4K3 w - - 0 1"), "b7") == {
        "b7b8a",
        "b7b8b",
        "b7b8c",
    }
    assert legal_from(position(DF, "4k3/8/8/8/8/8/1m6/4K3 b - - 0 1"), "b2") == {
        "b2b1a",
        "b2b1b",
        "b2b1c",
    }


def test_df4_archer_either_clear_path_suffices() -> None:
    """DF-4: a1 Archer with b1, b2 blocked.  (n,n) targets via a2.. then right are
    open: c3, d4, e5, f6, g7 (h8's path crosses the e8 Adept, its other path b1).
    (2n,0) targets all need b2 first: none."""
    pos = position(DF, "4k3/8/8/8/8/8/1M6/AM2K3 w - - 0 1")
    assert legal_from(pos, "a1") == {"a1c3", "a1d4", "a1e5", "a1f6", "a1g7"}
    # both paths to c3 blocked (a2 and b1): no c3
    assert "a1c3" not in legal_from(position(DF, "4k3/8/8/8/8/8/M7/AM2K3 w - - 0 1"), "a1")
    # captures on the landing square only
    assert "a1c3" in legal_from(position(DF, "4k3/8/8/8/8/2m5/8/A3K3 w - - 0 1"), "a1")


def test_df5_commander_promotes_on_its_own_first_rank_optionally() -> None:
    """DF-5: a1 Commander steps a2 or b1 (never diagonally onto b2); b1 is its
    first rank, so b1 may also make it A, S, G or B."""
    pos = position(DF, "4k3/8/8/8/8/8/1g6/C3K3 w - - 0 1")
    assert legal_from(pos, "a1") == {"a1a2", "a1b1", "a1b1a", "a1b1b", "a1b1g", "a1b1s"}


def test_df6_assassin_teleports_and_captures_one_step_and_the_options() -> None:
    """DF-6: the Assassin teleports to every empty square (60 here) or takes an
    adjacent enemy (not a Golem).  cornered-assassin: attacked by the b2 Bishop,
    she may only capture.  cowardly-assassin: only squares the e1 Adept defends."""
    pos = position(DF, "4k3/8/8/8/8/8/1g6/S3K3 w - - 0 1")
    moves = legal_from(pos, "a1")
    assert len(moves) == 60 and "a1b2" not in moves
    cornered = position(DF, "4k3/8/8/8/8/8/1b6/S3K3 w - - 0 1", ("cornered-assassin",))
    assert legal_from(cornered, "a1") == {"a1b2"}
    cowardly = position(DF, "4k3/8/8/8/8/8/8/S3K3 w - - 0 1", ("cowardly-assassin",))
    assert legal_from(cowardly, "a1") == {"a1d1", "a1d2", "a1e2", "a1f1", "a1f2"}


def test_df7_golem_crush_checks_through_a_wall_of_pieces_and_stalemate_draws() -> None:
    """DF-2/DF-7: the e4 Golem would crush e3, e2 and the e1 Adept: check that no
    non-Golem interposer stops, and the Adept is walled in: mate.  A Golem on
    the path blocks it (no check).  Paulowich's position in the page's comments
    (White K c2, G a4; Black K a1, G a2) is stalemate, a draw."""
    assert result("7k/8/8/8/4g3/8/3MMM2/3MKM2 w - - 0 1", DF) == ("checkmate", BLACK)
    assert position(DF, "7k/8/8/8/4g3/8/4K3/4B3 w - - 0 1").is_check()
    assert not position(DF, "7k/8/8/8/4g3/4G3/4K3/4B3 w - - 0 1").is_check()
    assert result("8/8/8/8/G7/8/g1K5/k7 b - - 0 1", DF) == ("stalemate", None)


# -- Mangonel Chess ----------------------------------------------------------------


def test_mc2_slung_piece_takes_the_first_enemy_of_the_mover_else_flies_farthest() -> None:
    """MC-2: e2 Mangonel steps to e3 and slings the e1 piece over it: a Rook flies
    to e8 (last empty square); a black Knight lands on the e5 black pawn, an
    enemy of White, the player moving."""
    pos = play(position(MC, "5k4/10/10/10/10/10/4M5/4R4K w - - 0 1"), "e2e3")
    assert board(pos.fen()) == "4Rk4/10/10/10/10/4M5/10/9K"
    pos = play(position(MC, "5k4/10/10/10/4p5/10/4M5/4n4K w - - 0 1"), "e2e3")
    assert board(pos.fen()) == "5k4/10/10/10/4n5/4M5/10/9K"


def test_mc2_nowhere_to_land_stays_or_with_option_is_illegal() -> None:
    """MC-2: b1 steps to a1; the c1 Rook behind would fly off the board: it stays
    (default), or the step is illegal with sling-must-land."""
    fen = "9k/10/10/10/10/10/10/1MR2K4 w - - 0 1"
    pos = play(position(MC, fen), "b1a1")
    assert board(pos.fen()) == "9k/10/10/10/10/10/10/M1R2K4"
    assert "b1a1" not in legal_from(position(MC, fen, ("sling-must-land",)), "b1")


def test_mc3_pawn_limits_queen_and_no_en_passant() -> None:
    """MC-3: slung up to e8 the e2 pawn becomes a Queen (one move, no choice);
    slung down it never lands on (or takes on) its own first rank; a slung
    pawn gives no en passant right."""
    pos = position(MC, "9k/10/10/10/10/4M5/4P5/K9 w - - 0 1")
    assert {m for m in legal_texts(pos) if m.startswith("e3e4")} == {"e3e4"}
    assert board(play(pos, "e3e4").fen()) == "4Q4k/10/10/10/4M5/10/10/K9"
    # e4 pawn slung down by the e3 step to e2: e1 (its first rank, a black Rook) is off
    pos = play(position(MC, "9k/10/10/K9/4P5/4M5/10/4r5 w - - 0 1"), "e3e2")
    assert board(pos.fen()) == "9k/10/10/K9/4P5/10/4M5/4r5"
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


# -- Shatranj of Troy -------------------------------------------------------------------


def test_st5_pawn_drops_anywhere_but_the_last_rank_and_mate_by_drop() -> None:
    """ST-5: with a pawn in hand White may drop it on every empty square of
    ranks 1-8, doubled pawns included; rank 9 never.  Dropping it on d8 (it
    attacks c9 and e9; the e7 King guards it and d8-f8; the Elephants block d9,
    f9) is mate."""
    pos = position(ST, "4k4/9/4K4/9/9/4P4/9/9/9[P] w - - 0 1")
    names = pos.variant.geometry.names
    occupied = {"e9", "e7", "e4"}
    expected = {f"P@{n}" for n in names if n not in occupied and not n.endswith("9")}
    assert {m for m in legal_texts(pos) if m.startswith("P@")} == expected
    assert "P@e5" in expected  # doubled on the e-file
    mate = play(position(ST, "3eke3/9/4K4/9/9/9/9/9/9[P] w - - 0 1"), "P@d8")
    assert mate.outcome() is not None
    assert result(mate.fen(), ST) == ("checkmate", WHITE)


def test_st6_promotion_optional_7_8_compulsory_9_ferz_or_wazir() -> None:
    """ST-6: e7 to e8 may stay a pawn; e8 to e9 must become F or W."""
    assert legal_from(position(ST, "k8/9/4P4/9/9/9/9/9/4K4 w - - 0 1"), "e7") == {
        "e7e8",
        "e7e8f",
        "e7e8w",
    }
    assert legal_from(position(ST, "k8/4P4/9/9/9/9/9/9/4K4 w - - 0 1"), "e8") == {
        "e8e9f",
        "e8e9w",
    }


def test_st4_deploy_on_a_capture_and_a_captured_horse_keeps_its_cargo() -> None:
    """ST-4: the e2 Horse takes the d4 Rook and leaves its Camel on e2; the Rook
    goes to White's hand.  A captured Horse goes to the hand with its cargo."""
    pos = play(position(ST, "4k4/9/9/9/9/3r5/9/4T(CN)4/4K4 w - - 0 1"), "e2d4,C@e2")
    assert pos.fen().split()[0] == "4k4/9/9/9/9/3T(N)5/9/4C4/4K4[R]"
    pos = play(position(ST, "4k4/9/9/9/9/3t(cn)5/9/4N4/4K4 w - - 0 1"), "e2d4")
    assert pos.fen().split()[0] == "4k4/9/9/9/9/3N5/9/9/4K4[T(CN)]"
    assert "T(CN)@a1" in legal_texts(play(pos, "e9e8"))


@pytest.mark.parametrize("options", [(), ("bare-king",)])
def test_st7_bare_king_only_with_the_option(options: tuple[str, ...]) -> None:
    """ST-7: Black has a bare King; that loses only under bare-king."""
    pos = position(ST, "4k4/9/4K4/9/9/9/9/9/R8 b - - 0 1", options)
    outcome = pos.outcome()
    if options:
        assert outcome is not None and (outcome.termination, outcome.winner) == ("bare_king", WHITE)
    else:
        assert outcome is None
