"""Duggan's Fantasy Chess: its rulings (docs/rules/duggans-fantasy-chess.md), each pinned by a test
named by its id, on positions where the ruling decides the result.  Every expected
move set, clock, board and FEN is worked out by hand from the ruling, in the
comments beside it; none is a recording of the engine's output.
"""

from __future__ import annotations

from tests.helpers import fen_board, legal_from, outcome_of, play, position
from trebuchet.variants.pieces import BLACK

CT = "catapults-of-troy"
ST = "shatranj-of-troy"
MC = "mangonel-chess"
DF = "duggans-fantasy-chess"
TC = "titan-chess"


# -- Duggan's Fantasy Chess (docs/rules/duggans-fantasy-chess.md) ------------------------


def test_df8_lone_mercenaries_side_by_side_do_not_threaten_each_other() -> None:
    """DF-8: White Mercenary d4 and Black Mercenary e4, Adepts a1 and h8.  Neither
    is threatened by anything that needs no threat, so neither gains its side
    steps: each has its plain step forward only."""
    fen = "7k/8/8/8/3Mm3/8/8/K7 {} - - 0 1"
    assert legal_from(position(DF, fen.format("w")), "d4") == {"d4d5"}
    assert legal_from(position(DF, fen.format("b")), "e4") == {"e4e3"}


def test_df8_a_bishop_on_one_mercenary_threatens_both() -> None:
    """DF-8: add a black Bishop a7 attacking d4 (a7-b6-c5-d4).  The White Mercenary
    is threatened, so it may step to c4 or take e4 sideways (d5 as before); that
    side capture threatens the Black Mercenary, which gains f4 and the capture
    on d4 (e3 as before)."""
    fen = "7k/b7/8/8/3Mm3/8/8/K7 {} - - 0 1"
    assert legal_from(position(DF, fen.format("w")), "d4") == {"d4d5", "d4c4", "d4e4"}
    assert legal_from(position(DF, fen.format("b")), "e4") == {"e4e3", "e4f4", "e4d4"}


def test_df9_cowardly_assassin_counts_own_golems_as_defenders() -> None:
    """DF-9 (option cowardly-assassin): the White Assassin d8 teleports only to
    squares a friend could take an enemy on.  The Adept a1 guards a2, b1, b2; the
    Golem h1 crushes onto e1 (via g1 f1), f3 (via g2) and h4 (via h2 h3), so those
    count too.  The black Golem a8 reaches a5, c6 and d8 but defends nothing for
    White.  No black piece stands next to her, so she has no capture."""
    pos = position(DF, "g2S3k/8/8/8/8/8/8/K6G w - - 0 1", ("cowardly-assassin",))
    assert legal_from(pos, "d8") == {"d8a2", "d8b1", "d8b2", "d8e1", "d8f3", "d8h4"}


def test_df10_commander_sideways_on_its_first_rank_may_promote() -> None:
    """DF-10 (with DF-5): the Commander c1 steps c2, b1 or d1.  b1 and d1 are on its
    first rank, though it only moves along it, so each offers Archer, Assassin,
    Golem or Bishop, or staying a Commander; c2 is a plain step."""
    pos = position(DF, "7k/8/8/8/8/8/8/2C4K w - - 0 1")
    offers = {f"c1{to}{kind}" for to in ("b1", "d1") for kind in ("", "a", "s", "g", "b")}
    assert legal_from(pos, "c1") == {"c1c2", *offers}


# -- Duggan's Fantasy Chess ----------------------------------------------------------


def test_df2_golem_crushes_path_and_target_but_never_a_golem_or_its_own_adept() -> None:
    """DF-2: a1 Golem; (0,3) to a4 passes a2, a3.  An occupied a4 crushes every
    piece on a2..a4 of either colour; c3 (via b2) and d1 (via b1, c1) are quiet."""
    pos = position(DF, "4k3/8/8/8/m7/8/M7/G3K3 w - - 0 1")
    assert legal_from(pos, "a1") == {"a1a4", "a1c3", "a1d1"}
    assert fen_board(play(pos, "a1a4").fen()) == "4k3/8/8/8/G7/8/8/4K3"
    # a friendly piece alone on the target is crushed too (DF-2: either colour)
    pos = position(DF, "4k3/8/8/8/B7/8/8/G3K3 w - - 0 1")
    assert fen_board(play(pos, "a1a4").fen()) == "4k3/8/8/8/G7/8/8/4K3"
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
    assert outcome_of("7k/8/8/8/4g3/8/3MMM2/3MKM2 w - - 0 1", DF) == ("checkmate", BLACK)
    assert position(DF, "7k/8/8/8/4g3/8/4K3/4B3 w - - 0 1").is_check()
    assert not position(DF, "7k/8/8/8/4g3/4G3/4K3/4B3 w - - 0 1").is_check()
    assert outcome_of("8/8/8/8/G7/8/g1K5/k7 b - - 0 1", DF) == ("stalemate", None)
