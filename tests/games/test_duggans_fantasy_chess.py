"""Duggan's Fantasy Chess (revised): one test per ruling DF-1 … DF-7 and per
worked example of the rule page (duggans-fantasy-chess.txt), its strategy tips
and David Paulowich's comments included.  Expected move sets are derived from
the rules in the comments beside them."""

from __future__ import annotations

import pytest

from tests.helpers import ROOT, legal_from, legal_texts, play, position
from trebuchet.variants.errors import IllegalMoveError, OptionError
from trebuchet.variants.pieces import WHITE

V = "duggans-fantasy-chess"
COWARDLY = ("cowardly-assassin",)
CORNERED = ("cornered-assassin",)


# -- DF-1: board, array, no castling, no en passant ---------------------------------


def test_df1_start_position_is_the_fide_array_in_fantasy_pieces() -> None:
    rules = (ROOT / "docs" / "rules" / "duggans-fantasy-chess.md").read_text()
    pos = position(V)
    assert pos.fen() in rules
    names = {sq: p.type.name for sq, p in pos.pieces(WHITE) if p.type is not None}
    by_square = {pos.variant.geometry.names[sq]: n for sq, n in names.items()}
    assert [by_square[f + "1"] for f in "abcdefgh"] == [
        "Golem", "Archer", "Bishop", "Assassin", "Adept", "Bishop", "Archer", "Golem",
    ]  # fmt: skip
    assert {by_square[f + "2"] for f in "abcdefgh"} == {"Mercenary"}


def test_df1_no_castling_and_no_en_passant() -> None:
    pos = play(position(V), "e2e4")
    assert pos.fen() == "gabskbag/mmmmmmmm/8/8/4M3/8/MMMM1MMM/GABSKBAG b - - 0 1"
    open_lines = position(V, "g3k2g/8/8/8/8/8/8/G3K2G w - - 0 1")
    assert legal_from(open_lines, "e1") == {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}


# -- DF-2: the Golem -------------------------------------------------------------------


def test_df2_golem_moves_like_the_quang_trung_queen() -> None:
    """Paulowich (2007-07-10): the Golem's diagram is three squares orthogonally
    or two diagonally."""
    pos = position(V, "7k/8/8/8/3G4/8/8/K7 w - - 0 1")
    assert legal_from(pos, "d4") == {
        "d4d7", "d4d1", "d4a4", "d4g4", "d4b2", "d4f2", "d4b6", "d4f6",
    }  # fmt: skip


def test_df2_empty_landing_needs_a_clear_path() -> None:
    pos = position(V, "7k/8/8/3m4/3G4/8/8/K7 w - - 0 1")
    assert "d4d7" not in legal_from(pos, "d4")


def test_df2_crush_removes_every_piece_on_the_path_of_either_colour() -> None:
    pos = play(position(V, "7k/3b4/3a4/3B4/3G4/8/8/K7 w - - 0 1"), "d4d7")
    assert pos.fen() == "7k/3G4/8/8/8/8/8/K7 b - - 0 1"


def test_df2_crush_may_land_on_a_friendly_piece() -> None:
    # The start position's a1-d1 crush takes White's own Archer, Bishop, Assassin.
    pos = play(position(V), "a1d1")
    assert pos.fen() == "gabskbag/mmmmmmmm/8/8/8/8/MMMMMMMM/3GKBAG b - - 0 1"


@pytest.mark.parametrize(
    "fen",
    [
        "7k/3b4/8/3g4/3G4/8/8/K7 w - - 0 1",  # an enemy Golem on the path
        "7k/3b4/3G4/8/3G4/8/8/K7 w - - 0 1",  # a friendly Golem on the path
        "7k/3g4/8/8/3G4/8/8/K7 w - - 0 1",  # a Golem on the landing square
        "7k/3b4/8/3K4/3G4/8/8/8 w - - 0 1",  # its own Adept on the path
    ],
)
def test_df2_no_crush_through_a_golem_or_its_own_adept(fen: str) -> None:
    assert "d4d7" not in legal_from(position(V, fen), "d4")


def test_df2_only_mercenary_commander_and_adept_take_a_golem() -> None:
    # The black Golem e5 is in reach of the Bishop g3, the Assassin d4 and the
    # Archer c7 (via e7), which may not take it, and of the Commander e4, the
    # Adept f6 and the Mercenary d5 (threatened by the Bishop a8), which may.
    fen = "b7/2A5/5K2/3Mg3/3SC3/6B1/8/7k w - - 0 1"
    pos = position(V, fen)
    takers = {t[:2] for t in legal_texts(pos) if t[2:4] == "e5"}
    assert takers == {"e4", "f6", "d5"}


def test_df2_golem_gives_check_through_a_crowded_path() -> None:
    pos = position(V, "8/3b4/3k4/3m4/3G4/8/8/K7 b - - 0 1")
    assert pos.is_check()  # d4-d7 lands on the Bishop, crushing d5 and the Adept d6
    quiet = position(V, "8/8/3k4/8/3G4/8/8/K7 b - - 0 1")
    assert not quiet.is_check()  # d7 is empty: the Golem cannot go there at all


def test_df2_only_a_golem_blocks_a_golem_check() -> None:
    """Paulowich (2007-04-18): "a Golem check can be blocked by another Golem".
    Check e4-e1; the Bishop's block on e3 would be crushed, the Golem's b2-e2
    holds, and the Adept has every step (e2 is safe: e4-e1 then lands empty)."""
    pos = position(V, "7k/8/8/8/4g3/8/1G6/2B1K3 w - - 0 1")
    assert pos.is_check()
    assert legal_texts(pos) == {"b2e2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}


def test_df2_paulowich_golem_position_is_stalemate() -> None:
    """White Adept c2, Golem a4; Black Adept a1, Golem a2, Black to move.  a2-c4
    would let a4-a1 crush the Adept; a4-a1 cannot pass the Golem a2 now, so
    Black is not in check: stalemate, a draw (DF-7)."""
    pos = position(V, "8/8/8/8/G7/8/g1K5/k7 b - - 0 1")
    assert not pos.is_check()
    assert legal_texts(pos) == set()
    outcome = pos.outcome()
    assert outcome is not None and outcome.result == "1/2-1/2"


def test_df2_tip_early_golem_mate_through_interposed_pieces() -> None:
    """The tip "An Adept surrounded by defenders cannot move out of the way and
    interposed pieces won't stop the Golem": a Golem on e4 mates the start array."""
    pos = position(V, "1abskbag/mmmmmmmm/8/8/4g3/8/MMMMMMMM/GABSKBAG w - - 0 1")
    assert pos.is_check() and legal_texts(pos) == set()
    outcome = pos.outcome()
    assert outcome is not None and (outcome.termination, outcome.result) == ("checkmate", "0-1")


# -- DF-3: the Mercenary -------------------------------------------------------------


def test_df3_unthreatened_mercenary_only_advances() -> None:
    pos = position(V, "7k/8/8/8/8/8/3mM3/K7 w - - 0 1")
    assert legal_from(pos, "e2") == {"e2e3", "e2e4"}
    assert legal_from(position(V, "7k/8/8/8/8/4m3/4M3/K7 w - - 0 1"), "e2") == set()


def test_df3_threatened_by_an_enemy_it_steps_aside_or_captures() -> None:
    # Bishop b5 attacks e2: d2 (empty), f2 (enemy Commander) open up.
    pos = position(V, "7k/8/8/1b6/8/8/4Mc2/K7 w - - 0 1")
    assert legal_from(pos, "e2") == {"e2e3", "e2e4", "e2d2", "e2f2"}
    assert play(pos, "e2f2").fen() == "7k/8/8/1b6/8/8/5M2/K7 b - - 0 1"


def test_df3_threatened_by_its_own_golem_it_may_take_an_enemy_golem() -> None:
    # Golem e5's crush e4-e3-e2 lands on the Mercenary: it is threatened.
    pos = position(V, "7k/8/8/4G3/8/8/3gM3/K7 w - - 0 1")
    assert legal_from(pos, "e2") == {"e2e3", "e2e4", "e2d2", "e2f2"}
    calm = position(V, "7k/8/8/8/8/8/3gM3/K7 w - - 0 1")
    assert legal_from(calm, "e2") == {"e2e3", "e2e4"}


def test_df3_black_mercenary_steps_are_mirrored() -> None:
    # White Bishop h4 attacks e7; Black steps to d7, f7 or e6 (and e5).
    pos = position(V, "k7/4m3/8/8/7B/8/8/K7 b - - 0 1")
    assert legal_from(pos, "e7") == {"e7e6", "e7e5", "e7d7", "e7f7"}


def test_df3_mercenary_threats_must_rest_on_another_piece() -> None:
    """Side by side, each Mercenary could take the other only if threatened
    first, so neither is (a threat must rest on some other piece).  A Bishop
    on b1 threatens e4; now e4 may take d4, so d4 is threatened too."""
    alone = position(V, "7k/8/8/8/3Mm3/8/8/K7 w - - 0 1")
    assert legal_from(alone, "d4") == {"d4d5"}
    chained = position(V, "7k/8/8/8/3Mm3/8/8/KB6 w - - 0 1")
    assert legal_from(chained, "d4") == {"d4d5", "d4c4", "d4e4"}


def test_df3_tip_side_by_side_mercenaries_protect_each_other() -> None:
    """The tip "Mercenaries of the same color that are side-by-side protect each other":
    the Assassin takes e4 and, standing beside d4, threatens it, so d4 retakes."""
    pos = play(position(V, "7k/8/8/4s3/3MM3/8/8/K7 b - - 0 1"), "e5e4")
    assert legal_from(pos, "d4") == {"d4d5", "d4c4", "d4e4"}


def test_df3_promotion_is_compulsory_to_archer_bishop_or_commander() -> None:
    white = position(V, "8/4M3/8/7k/8/8/8/K7 w - - 0 1")
    assert legal_from(white, "e7") == {"e7e8a", "e7e8b", "e7e8c"}
    black = position(V, "7k/8/8/8/8/8/3m4/K7 b - - 0 1")
    assert legal_from(black, "d2") == {"d2d1a", "d2d1b", "d2d1c"}
    assert play(white, "e7e8c").fen() == "4C3/8/8/7k/8/8/8/K7 b - - 0 1"


# -- DF-4: the Archer ---------------------------------------------------------------------


def test_df4_archer_dog_leg_targets_on_an_empty_board() -> None:
    """n steps then n at a right angle: from d4 every diagonal square (orthogonal
    legs) and b4, f4, h4, d2, d6, d8 (diagonal legs) — always d4's colour; a1
    holds White's own Adept."""
    pos = position(V, "1k6/8/8/8/3A4/8/8/K7 w - - 0 1")
    diagonal = {"c3", "b2", "e5", "f6", "g7", "h8", "c5", "b6", "a7", "e3", "f2", "g1"}
    straight = {"b4", "f4", "h4", "d2", "d6", "d8"}
    assert legal_from(pos, "d4") == {"d4" + t for t in diagonal | straight}


def test_df4_either_clear_path_suffices() -> None:
    # d4-f6 goes e4-f4-f5 or d5-d6-e6.
    one_blocked = position(V, "7k/8/8/8/3Am3/8/8/K7 w - - 0 1")
    assert "d4f6" in legal_from(one_blocked, "d4")
    both_blocked = position(V, "7k/8/8/3m4/3Am3/8/8/K7 w - - 0 1")
    assert "d4f6" not in legal_from(both_blocked, "d4")


def test_df4_archer_captures_only_on_landing_and_never_a_golem() -> None:
    pos = position(V, "7k/8/5b2/8/3A4/8/5g2/K7 w - - 0 1")
    moves = legal_from(pos, "d4")
    assert "d4f6" in moves and "d4f2" not in moves
    assert play(pos, "d4f6").fen() == "7k/8/5A2/8/8/8/5g2/K7 b - - 0 1"


# -- DF-5: the Commander ----------------------------------------------------------------


def test_df5_commander_steps_orthogonally_and_takes_golems() -> None:
    pos = position(V, "7k/8/8/4g3/4C3/8/8/K7 w - - 0 1")
    assert legal_from(pos, "e4") == {"e4e5", "e4e3", "e4d4", "e4f4"}
    assert play(pos, "e4e5").fen() == "7k/8/8/4C3/8/8/8/K7 b - - 0 1"


def test_df5_commander_may_promote_on_its_own_first_rank() -> None:
    pos = position(V, "7k/8/8/8/8/8/4C3/K7 w - - 0 1")
    assert legal_from(pos, "e2") == {
        "e2e3", "e2d2", "e2f2", "e2e1", "e2e1a", "e2e1s", "e2e1g", "e2e1b",
    }  # fmt: skip
    black = position(V, "7k/4c3/8/8/8/8/8/K7 b - - 0 1")
    assert {"e7e8", "e7e8g"} <= legal_from(black, "e7")
    assert play(pos, "e2e1g").fen() == "7k/8/8/8/8/8/8/K3G3 b - - 0 1"


def test_df5_no_promotion_on_the_last_rank() -> None:
    pos = position(V, "4C3/8/8/7k/8/8/8/K7 w - - 0 1")
    assert legal_from(pos, "e8") == {"e8d8", "e8f8", "e8e7"}


# -- DF-6: the Assassin and her options ---------------------------------------------------


ASSASSIN_FEN = "7k/8/3b4/4m3/2gS4/8/8/K7 w - - 0 1"


def test_df6_assassin_teleports_anywhere_and_captures_one_step() -> None:
    pos = position(V, ASSASSIN_FEN)
    names = pos.variant.geometry.names
    empty = {n for sq, n in enumerate(names) if pos.board[sq] is None}
    # e5 is an enemy one step away; the Golem c4 is immune; d6 is not adjacent.
    assert legal_from(pos, "d4") == {"d4" + n for n in empty} | {"d4e5"}


def test_df6_cornered_assassin_cannot_teleport_while_attacked() -> None:
    attacked = "7k/8/1b6/4m3/3S4/8/8/K7 w - - 0 1"  # Bishop b6 attacks d4
    assert legal_from(position(V, attacked, CORNERED), "d4") == {"d4e5"}
    assert len(legal_from(position(V, attacked), "d4")) == 60
    # Her own Golem's crush (g4-d4 lands on her) is no enemy threat.
    own_golem = position(V, "7k/8/8/8/3S2G1/8/8/K7 w - - 0 1", CORNERED)
    assert len(legal_from(own_golem, "d4")) == 60


def test_df6_cowardly_assassin_teleports_only_to_defended_squares() -> None:
    """Defended: by the Adept a1 (a2, b1, b2); by her own Golem e1's crushes,
    which land on c3, g3, e4, b1, h1; by the Mercenary c5 beside and ahead
    (b5, d5, c6).  Not by the enemy Golem e8 (landings e5, b8, g6, c6 …)."""
    pos = position(V, "4g2k/8/8/2M5/7S/8/8/K3G3 w - - 0 1", COWARDLY)
    targets = {"a2", "b1", "b2", "c3", "g3", "e4", "h1", "b5", "d5", "c6"}
    assert legal_from(pos, "h4") == {"h4" + t for t in targets}


def test_unknown_option_is_a_one_line_error() -> None:
    with pytest.raises(OptionError, match="cornered-assassin"):
        position(V, None, ("timid-assassin",))


# -- DF-7: the Adept ------------------------------------------------------------------------


def test_df7_adept_cannot_step_where_a_mercenary_would_become_threatened() -> None:
    """Beside or in front of the Mercenary e5 the Adept would threaten it, and a
    threatened Mercenary may take it (DF-3): d5 and e4 are attacked."""
    pos = position(V, "7k/8/8/4m3/3K4/8/8/8 w - - 0 1")
    assert legal_from(pos, "d4") == {"d4c3", "d4c4", "d4c5", "d4d3", "d4e3", "d4e5"}


def test_df7_adept_takes_golems_and_illegal_moves_are_refused() -> None:
    pos = position(V, "7k/8/8/8/8/8/1g6/K7 w - - 0 1")
    assert "a1b2" in legal_from(pos, "a1")
    with pytest.raises(IllegalMoveError):
        pos.push_text("a1a3")


# -- the example game ------------------------------------------------------------------------


def test_example_game_replays_and_uses_every_special_move() -> None:
    path = ROOT / "examples" / "duggans-fantasy-chess" / "illustrative-game.txt"
    lines = path.read_text().splitlines()
    header = {k.strip(): v.strip() for k, _, v in (ln[1:].partition(":") for ln in lines[:3])}
    pos = position(header["variant"], header["fen"])
    kinds = set()
    for text in (ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")):
        piece = pos.piece_at(text[:2])
        move = pos.push_text(text)
        assert piece is not None and piece.type is not None
        kinds.add((piece.type.name, move.tag, len(move.removed_squares), move.promotion))
        if pos.is_check():
            kinds.add((piece.type.name, "check", 0, None))
    assert kinds >= {
        ("Mercenary", None, 0, None),  # steps and double steps
        ("Mercenary", "threatened", 0, None),  # DF-3 side step to an empty square
        ("Mercenary", "threatened", 1, None),  # DF-3 capture, a Golem's included
        ("Mercenary", "threatened", 1, "C"),  # DF-3 promotion
        ("Golem", None, 0, None),
        ("Golem", "crush", 2, None),  # DF-2 crush of both colours
        ("Golem", "check", 0, None),  # DF-2 check through a crowded path
        ("Archer", None, 0, None),
        ("Assassin", "teleport", 0, None),
        ("Assassin", None, 1, None),
        ("Commander", None, 1, None),
        ("Commander", None, 0, "G"),  # DF-5
        ("Adept", None, 1, None),
    }
