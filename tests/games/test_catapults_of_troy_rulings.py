"""Catapults of Troy: its rulings (docs/rules/catapults-of-troy.md), each pinned by a test
named by its id, on positions where the ruling decides the result.  Every expected
move set, clock, board and FEN is worked out by hand from the ruling, in the
comments beside it; none is a recording of the engine's output.
"""

from __future__ import annotations

from tests.helpers import fen_fields, legal_from, play, position

CT = "catapults-of-troy"
ST = "shatranj-of-troy"
MC = "mangonel-chess"
DF = "duggans-fantasy-chess"
TC = "titan-chess"


# -- Catapults of Troy (docs/rules/catapults-of-troy.md) ---------------------------------

# White Bridge Builder riding a Catapult on d5, White's own bank (rank 5).  River:
# c6 and d6 unbridged, e6 bridged and empty.  Kings e1 and e11, out of the way.
RIDING_BUILDER = "4k3/8/8/8/8/****1***/3C(E)4/8/8/8/4K3 w - - 0 1"


def test_ct12_builder_riding_a_catapult_on_its_bank_builds_and_removes() -> None:
    """CT-12 (with CT-7): from the Catapult's square on its own bank the rider may
    build on the unbridged squares ahead and diagonally ahead (c6, d6) and take
    up the empty bridge on e6; the Catapult does not move."""
    pos = position(CT, RIDING_BUILDER)
    bridge_moves = {t for t in legal_from(pos, "d5") if t.endswith(("/b", "/x"))}
    assert bridge_moves == {"d5c6/b", "d5d6/b", "d5e6/x"}
    built = play(position(CT, RIDING_BUILDER), "d5d6/b")
    # d6 bridged: rank 6 reads a-c river, d6 e6 empty bridges, f-h river; the
    # Builder still rides the Catapult on d5.
    assert fen_fields(built)[0] == "4k3/8/8/8/8/***2***/3C(E)4/8/8/8/4K3"
    removed = play(position(CT, RIDING_BUILDER), "d5e6/x")
    assert fen_fields(removed)[0] == "4k3/8/8/8/8/********/3C(E)4/8/8/8/4K3"


def test_ct12_off_its_bank_the_riding_builder_does_neither() -> None:
    """CT-12: the bank is the condition.  The same Catapult one rank back (d4) offers
    no bridge move."""
    pos = position(CT, "4k3/8/8/8/8/****1***/8/3C(E)4/8/8/4K3 w - - 0 1")
    assert not {t for t in legal_from(pos, "d4") if t.endswith(("/b", "/x"))}


def test_ct13_clock_counts_plies_since_a_removal_not_pawn_steps() -> None:
    """CT-13: the halfmove field counts plies since a piece last left the board.
    Clock 7 in the FEN.  c10c11a, a pawn becoming an Archer without a capture: 8
    (no reset, unlike FIDE's promotion).  Black King h11-h10: 9.  a2a3, a pawn
    step: 10 (no reset).  h10-h11: 11.  a3xb4 takes the black Rook: 0."""
    pos = position(CT, "7k/2P5/8/8/8/********/8/1r6/8/P7/4K3 w - - 7 30")
    moves = ("c10c11a", "h11h10", "a2a3", "h10h11")
    clocks = [int(fen_fields(play(pos, text))[4]) for text in moves]
    assert clocks == [8, 9, 10, 11]
    assert fen_fields(pos)[0].startswith("2A4k/")  # the Archer on c11
    assert fen_fields(play(pos, "a3b4"))[4] == "0"
