"""Shatranj of Troy: its rulings (docs/rules/shatranj-of-troy.md), each pinned by a test
named by its id, on positions where the ruling decides the result.  Every expected
move set, clock, board and FEN is worked out by hand from the ruling, in the
comments beside it; none is a recording of the engine's output.
"""

from __future__ import annotations

import pytest

from tests.helpers import legal_from, legal_texts, outcome_of, play, position
from trebuchet.variants.pieces import WHITE

CT = "catapults-of-troy"
ST = "shatranj-of-troy"
MC = "mangonel-chess"
DF = "duggans-fantasy-chess"
TC = "titan-chess"


# -- Shatranj of Troy (docs/rules/shatranj-of-troy.md) ----------------------------------


def test_st8_a_king_with_pieces_in_hand_is_not_bare() -> None:
    """ST-8 under bare-king (ST-7): Black has only the King e9 on the board.  With a
    pawn in hand, or a captured Horse with cargo (Camel, Knight) in hand, he is
    not bare and the game goes on; with nothing in hand he has lost."""
    board = "4k4/9/9/9/9/9/9/9/R3K4"
    for hand in ("[p]", "[t(cn)]"):
        pos = position(ST, f"{board}{hand} w - - 0 1", ("bare-king",))
        assert pos.outcome() is None, hand
    bare = position(ST, f"{board}[] w - - 0 1", ("bare-king",)).outcome()
    assert bare is not None and (bare.termination, bare.winner) == ("bare_king", WHITE)


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
    assert outcome_of(mate.fen(), ST) == ("checkmate", WHITE)


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
