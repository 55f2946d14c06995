"""The rulings added to docs/rules/ in 2026, each pinned by a test.

One test (or a few) per ruling, named by its id, each on a position where the
ruling decides the result.  Every expected move set, clock and FEN is worked
out by hand from the ruling (docs/rules/<game>.md, the id in each test), in the
comments beside it; none is a recording of the engine's output.
"""

from __future__ import annotations

import pytest

from tests.helpers import legal_from, play, position
from trebuchet.variants.errors import FenError
from trebuchet.variants.move import MoveKind
from trebuchet.variants.pieces import WHITE
from trebuchet.variants.position import Position

CT = "catapults-of-troy"
ST = "shatranj-of-troy"
MC = "mangonel-chess"
DF = "duggans-fantasy-chess"
TC = "titan-chess"


def fields(pos: Position) -> list[str]:
    return pos.fen().split()


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
    assert fields(built)[0] == "4k3/8/8/8/8/***2***/3C(E)4/8/8/8/4K3"
    removed = play(position(CT, RIDING_BUILDER), "d5e6/x")
    assert fields(removed)[0] == "4k3/8/8/8/8/********/3C(E)4/8/8/8/4K3"


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
    clocks = [int(fields(play(pos, text))[4]) for text in ("c10c11a", "h11h10", "a2a3", "h10h11")]
    assert clocks == [8, 9, 10, 11]
    assert fields(pos)[0].startswith("2A4k/")  # the Archer on c11
    assert fields(play(pos, "a3b4"))[4] == "0"


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
        assert fields(play(again, text))[2] == "KQ", text
    assert fields(again)[0] == "3k6/10/10/10/10/7M2/10/R4K3R"
    assert {"f1h1", "f1d1"} <= legal_from(again, "f1")
    assert fields(play(again, "f1h1"))[:3] == ["3k6/10/10/10/10/7M2/10/R5RK2", "b", "-"]


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
    assert fields(slung)[0:3] == ["3k6/10/10/10/10/10/8M1/R4K3R", "w", "KQ"]
    assert "f1h1" in legal_from(slung, "f1")
    walked = play(position(MC, fen), "e8d8", "h1h2", "d8e8", "g1j1", "e8d8")
    assert fields(walked)[0:3] == ["3k6/10/10/10/10/10/7M2/R4K3R", "w", "KQ"]
    assert "f1h1" not in legal_from(walked, "f1")


def test_mc6_a_right_whose_rook_is_captured_is_dropped() -> None:
    """MC-6: i1h1 slings the Rook j1 to g1; the black Rook g8 takes it there, so the
    K right is gone: the field reads Q."""
    pos = play(position(MC, "4k1r3/10/10/10/10/10/10/R4K2MR w KQ - 0 1"), "i1h1")
    assert fields(pos)[2] == "KQ"
    assert fields(play(pos, "g8g1"))[:3] == ["4k5/10/10/10/10/10/10/R4KrM2", "w", "Q"]
    # A FEN cannot list a right for a side that has no Rook left: its Rook was taken.
    with pytest.raises(FenError, match="no rook to castle with"):
        position(MC, "4k5/10/10/10/10/10/10/5K4 w K - 0 1")


def test_mc7_a_pawn_slung_resets_the_clock() -> None:
    """MC-7: clock 12.  d4e4 slings the pawn c4 along rank 4 over e4 to j4 (the
    farthest empty square): a pawn moved, so the clock is 0.  The same sling of
    a Knight counts on: 13."""
    pawn = play(position(MC, "9k/10/10/10/2PM6/10/10/K9 w - - 12 40"), "d4e4")
    assert fields(pawn) == ["9k/10/10/10/4M4P/10/10/K9", "b", "-", "-", "0", "40"]
    knight = play(position(MC, "9k/10/10/10/2NM6/10/10/K9 w - - 12 40"), "d4e4")
    assert fields(knight)[0::4] == ["9k/10/10/10/4M4N/10/10/K9", "13"]


def test_mc7_a_pawn_slung_onto_its_second_rank_may_double_step() -> None:
    """MC-7: d4c3 slings the pawn e5 down the diagonal over c3 to b2 (a1 is its own
    first rank, MC-3); clock 0.  On its second rank it may double-step, however
    it got there: b2b4, leaving b3 for en passant."""
    pos = play(position(MC, "9k/10/10/4P5/3M6/10/10/9K w - - 5 1"), "d4c3")
    assert fields(pos)[0::4] == ["9k/10/10/10/10/2M7/1P8/9K", "0"]
    play(pos, "j8j7")
    assert legal_from(pos, "b2") == {"b2b3", "b2b4"}
    assert fields(play(pos, "b2b4"))[3] == "b3"


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


# -- Titan Chess (docs/rules/titan-chess.md) --------------------------------------------------


def test_tc9_castling_across_a_square_a_fly_over_would_hit_is_illegal() -> None:
    """TC-9 with TC-7.  White: King g1, Rook k1 (right K), Bishop f1; a black Quad
    Bomber on k2.  Its only capture is a fly-over (TC-6): first step k2-j1, then
    outward along rank 1 over i1 and h1.  A King standing on h1 (having left
    g1) is flown over onto the empty g1, so h1 counts as attacked: the plain
    step g1h1 and the castlings that cross h1 (King to i1, j1, k1) are illegal.
    The King on g1 itself is not in check (beyond it, f1 holds the Bishop), and
    castling onto h1 is legal: the Rook then stands on g1 and nothing lands there.

    A Flying Bomber or Raptor cannot make this point with a fly-over: on rank 1
    no line has a square beyond a crossed square except rank 1 itself, and that
    line runs through g1, where its fly-over would already be a check.  Without
    the Quad Bomber, all four king-side castlings are legal."""
    fen = "6k5/12/12/12/12/12/12/12/12/12/{}/5BK3R1 w K - 0 1"
    free = position(TC, fen.format("12"))
    assert _castlings(free) == {"g1h1k1g1", "g1i1k1h1", "g1j1k1i1", "g1k1k1j1"}
    watched = position(TC, fen.format("10u1"))
    assert not watched.is_check()
    assert _castlings(watched) == {"g1h1k1g1"}
    assert "g1h1" not in legal_from(watched, "g1")


def _castlings(pos: Position) -> set[str]:
    return {pos.move_text(m) for m in pos.legal_moves() if m.tag == MoveKind.CASTLE}
