"""Mangonel Chess: one test per ruling (MC-1 … MC-5) and per worked example of the page.

Every expected move set and position below is derived by hand from the rule
page and docs/rules/mangonel-chess.md, square by square, in the
comments next to it; none is a recording of the engine's output.
"""

from __future__ import annotations

import pytest

from tests.helpers import ROOT, legal_from, legal_texts, play, position
from trebuchet.variants.errors import IllegalMoveError, OptionError
from trebuchet.variants.mangonel_chess import SLING
from trebuchet.variants.move import Change, Move, Relocate
from trebuchet.variants.pieces import WHITE
from trebuchet.variants.position import Position

V = "mangonel-chess"
MUST_LAND = ("sling-must-land",)


def board(pos_fen: str) -> str:
    """The board field of a FEN (the clocks are not what these tests are about)."""
    return pos_fen.split()[0]


# -- MC-1: board, array, castling ------------------------------------------------


def test_mc1_start_position_is_the_ruled_array() -> None:
    pos = position(V)
    assert pos.fen() == "rmnbqkbnmr/pppppppppp/10/10/10/10/PPPPPPPPPP/RMNBQKBNMR w KQkq - 0 1"
    assert (pos.variant.files, pos.variant.ranks) == (10, 8)
    # The Mangonels on b1 and i1 are boxed in by their own army: only pawns and
    # knights move, 10 pawns x 2 + 2 knights x 2 = 24.
    assert len(legal_texts(pos)) == 24
    assert legal_from(pos, "b1") == set() and legal_from(pos, "i1") == set()


def test_mc1_castling_king_two_squares_rook_beside_it() -> None:
    pos = position(V, "4k5/10/10/10/10/10/10/R4K3R w KQ - 0 1")
    # King f1: steps e1 e2 f2 g2 g1, castles to h1 (rook j1 -> g1) and d1 (rook a1 -> e1).
    assert legal_from(pos, "f1") == {"f1e1", "f1e2", "f1f2", "f1g2", "f1g1", "f1h1", "f1d1"}
    assert board(play(pos.copy(), "f1h1").fen()) == "4k5/10/10/10/10/10/10/R5RK2"
    assert board(play(pos.copy(), "f1d1").fen()) == "4k5/10/10/10/10/10/10/3KR4R"


# -- MC-2: the Mangonel's step and its compulsory sling -----------------------------


def test_mc2_step_to_empty_squares_only_never_capturing() -> None:
    # Mangonel e4 with black knights on d5 e5 f5 d3: it may not take any of them,
    # so it steps only to the empty d4, f4, e3, f3.  e4->e3 slings the knight e5
    # down to e1 and e4->f3 slings the knight d5 to h1 (farthest empty squares);
    # neither step captures anything.
    pos = position(V, "k9/9K/10/3nnn4/4M5/3n6/10/10 w - - 0 1")
    assert legal_from(pos, "e4") == {"e4d4", "e4f4", "e4e3", "e4f3"}
    from_e4 = [m for m in pos.legal_moves() if m.frm == pos.variant.square("e4")]
    assert not any(m.is_capture() for m in from_e4)


def test_mc2_friendly_rook_transported_along_the_first_rank() -> None:
    # Page: "If it remains on the first rank it can transport the rooks very
    # effectively along the first rank."  b1->c1 slings the rook a1 over c1 to the
    # farthest empty square, j1.
    pos = play(position(V, "4k5/10/10/10/10/7K2/10/RM8 w - - 0 1"), "b1c1")
    assert board(pos.fen()) == "4k5/10/10/10/10/7K2/10/2M6R"


def test_mc2_slung_piece_stops_before_a_friendly_piece() -> None:
    # Same, with a white knight on g1: the rook lands on f1, the last empty square.
    pos = play(position(V, "4k5/10/10/10/10/7K2/10/RM4N3 w - - 0 1"), "b1c1")
    assert board(pos.fen()) == "4k5/10/10/10/10/7K2/10/2M2RN3"


def test_mc2_slung_piece_captures_the_first_enemy_it_meets() -> None:
    # Page: "attacking enemy pieces": a black knight g1, black bishop i1; the rook
    # takes the knight (the first piece met) and stops there.
    pos = play(position(V, "4k5/10/10/10/10/7K2/10/RM4n1b1 w - - 0 1"), "b1c1")
    assert board(pos.fen()) == "4k5/10/10/10/10/7K2/10/2M3R1b1"


def test_mc2_enemy_piece_slung_captures_its_own_side() -> None:
    # "The slung piece, which can be of any colour": white Mangonel d4 steps to d5
    # and slings the black knight d3 up the file; "enemy" is the enemy of the
    # player moving (MC-2), so the knight takes the black pawn on d7.
    pos = play(position(V, "k9/3p6/10/10/3M6/3n6/10/9K w - - 0 1"), "d4d5")
    assert board(pos.fen()) == "k9/3n6/10/3M6/10/10/10/9K"


def test_mc2_enemy_piece_slung_away_stops_before_a_white_piece() -> None:
    # Page: "removing enemy pieces from good positions": the black knight d3 flies
    # up the d-file and stops on d6, before the white rook d7 (not an enemy of White).
    pos = play(position(V, "k9/3R6/10/10/3M6/3n6/10/9K w - - 0 1"), "d4d5")
    assert board(pos.fen()) == "k9/3R6/3n6/3M6/10/10/10/9K"


def test_mc2_only_the_nearest_piece_behind_is_slung() -> None:
    # Rooks on a1 and c1 behind the Mangonel d1; d1->e1 slings c1 (the nearest) to j1.
    pos = play(position(V, "4k5/10/10/10/10/7K2/10/R1RM6 w - - 0 1"), "d1e1")
    assert board(pos.fen()) == "4k5/10/10/10/10/7K2/10/R3M4R"


def test_mc2_sling_is_compulsory() -> None:
    # There is exactly one move b1c1, and it moves the rook: no plain step variant.
    pos = position(V, "4k5/10/10/10/10/7K2/10/RM8 w - - 0 1")
    b1c1 = [m for m in pos.legal_moves() if pos.move_text(m) == "b1c1"]
    assert len(b1c1) == 1 and b1c1[0].tag == SLING


def test_mc2_slung_piece_flies_over_the_vacated_square_never_onto_it() -> None:
    # Rook a1, Mangonel b1, white knight d1: after b1->c1 the rook would need d1 or
    # beyond; d1 is friendly, so it has nowhere to land (b1 is not a landing square).
    # Default (MC-2): the rook stays and the step is legal.
    fen = "4k5/10/10/10/10/7K2/10/RM1N6 w - - 0 1"
    pos = play(position(V, fen), "b1c1")
    assert board(pos.fen()) == "4k5/10/10/10/10/7K2/10/R1MN6"


def test_mc2_option_sling_must_land_forbids_the_step() -> None:
    fen = "4k5/10/10/10/10/7K2/10/RM1N6 w - - 0 1"
    # c1 blocked for landing (friendly d1); b2 step slings nothing (b0 off board)
    # and a2/c2 steps sling nothing either.
    assert legal_from(position(V, fen), "b1") == {"b1c1", "b1a2", "b1b2", "b1c2"}
    assert legal_from(position(V, fen, MUST_LAND), "b1") == {"b1a2", "b1b2", "b1c2"}
    with pytest.raises(IllegalMoveError):
        position(V, fen, MUST_LAND).push_text("b1c1")


def test_mc2_option_sling_must_land_edge_of_board() -> None:
    # Mangonel b2 steps to a2; the rook c2 behind it would fly off the a-file edge.
    fen = "4k5/10/10/10/10/7K2/1MR7/10 w - - 0 1"
    assert "b2a2" in legal_from(position(V, fen), "b2")
    assert "b2a2" not in legal_from(position(V, fen, MUST_LAND), "b2")


def test_unknown_option_is_a_one_line_error() -> None:
    with pytest.raises(OptionError, match="sling-must-land"):
        position(V, None, ("sling-may-fail",))


def test_mc2_king_transported_and_attacking_with_the_mangonel() -> None:
    # Page: "Even the king can become a dangerous attacking piece together with the
    # Mangonel" / "transporting … the friendly king".  King a1, Mangonel b2: b2->c3
    # slings the king along the diagonal, which takes the black bishop f6.
    pos = play(position(V, "9k/10/5b4/10/10/10/1M8/K9 w - - 0 1"), "b2c3")
    assert board(pos.fen()) == "9k/10/5K4/10/10/2M7/10/10"


def test_mc2_own_king_may_not_be_slung_into_check() -> None:
    # As above but a black rook on f8 guards the f-file: the king would land on f6
    # (taking a knight there) in check, so b2c3 is illegal; the other steps remain.
    pos = position(V, "5r3k/10/5n4/10/10/10/1M8/K9 w - - 0 1")
    assert "b2c3" not in legal_from(pos, "b2")
    assert legal_from(pos, "b2") == {"b2a2", "b2b1", "b2c1", "b2b3", "b2a3", "b2c2"}


def test_page_double_attack_along_a_diagonal_and_an_orthogonal() -> None:
    # Page: "It can be used for creating a double attack along a diagonal and an
    # orthogonal."  Mangonel e4 with white rooks d4 and d3 behind it: e4->f4 slings
    # the d4 rook onto the black knight j4, e4->f5 slings the d3 rook onto the
    # black bishop i8.  Both captures are available to it at once.
    pos = position(V, "k7b1/10/10/10/3RM4n/3R6/10/9K w - - 0 1")
    caps = {pos.move_text(m) for m in pos.legal_moves() if m.tag == SLING and m.is_capture()}
    assert caps == {"e4f4", "e4f5"}


# -- MC-3: slung pawns ----------------------------------------------------------------


def test_mc3_pawn_slung_to_its_last_rank_becomes_a_queen_only() -> None:
    # Mangonel e4 steps to e5, the white pawn e3 flies over it to e8 and is a Queen.
    pos = position(V, "k9/10/10/10/4M5/4P5/10/9K w - - 0 1")
    assert {t for t in legal_from(pos, "e4") if t.startswith("e4e5")} == {"e4e5"}
    play(pos, "e4e5")
    assert board(pos.fen()) == "k3Q5/10/10/4M5/10/10/10/9K"


def test_mc3_pawn_never_lands_on_its_own_first_rank() -> None:
    # Page: "Pawns cannot be catapulted to the first rank, that is, the second rank
    # is the limit."  Mangonel e4 steps to e3, the white pawn e5 flies down: e2 is
    # the limit (not e1).
    pos = play(position(V, "k9/10/10/4P5/4M5/10/10/9K w - - 0 1"), "e4e3")
    assert board(pos.fen()) == "k9/10/10/10/10/4M5/4P5/9K"


def test_mc3_pawn_cannot_capture_on_its_own_first_rank() -> None:
    # Black knight e1, nothing else below: a white knight would take it; a pawn
    # cannot reach rank 1, lands on e2 instead.
    pawn = play(position(V, "k9/10/10/4P5/4M5/10/10/4n4K w - - 0 1"), "e4e3")
    assert board(pawn.fen()) == "k9/10/10/10/10/4M5/4P5/4n4K"
    knight = play(position(V, "k9/10/10/4N5/4M5/10/10/4n4K w - - 0 1"), "e4e3")
    assert board(knight.fen()) == "k9/10/10/10/10/4M5/10/4N4K"


def test_mc3_pawn_with_only_its_first_rank_ahead_stays() -> None:
    # Mangonel e3 steps to e2; the white pawn e4 could only reach e1: it stays
    # (MC-2 default), and with sling-must-land the step is illegal.
    fen = "k9/10/10/10/4P5/4M5/10/9K w - - 0 1"
    pos = play(position(V, fen), "e3e2")
    assert board(pos.fen()) == "k9/10/10/10/4P5/10/4M5/9K"
    assert "e3e2" not in legal_from(position(V, fen, MUST_LAND), "e3")


def test_mc3_black_pawn_limits_are_its_own_ranks() -> None:
    # A black pawn slung by White down the file reaches Black's last rank (rank 1)
    # and becomes a black Queen; slung up, it stops on rank 7 (its second rank).
    down = play(position(V, "k9/9K/10/4p5/4M5/10/10/10 w - - 0 1"), "e4e3")
    assert board(down.fen()) == "k9/9K/10/10/10/4M5/10/4q5"
    up = play(position(V, "9k/10/10/10/4M5/4p5/10/K9 w - - 0 1"), "e4e5")
    assert board(up.fen()) == "9k/4p5/10/4M5/10/10/10/K9"


def test_mc3_slung_pawn_gives_no_en_passant_right() -> None:
    # Mangonel e3 steps to e4 and slings the pawn e2 up over e3 and e4, past the
    # black pawns d4 and f4; it stops on e5, before the white bishop e6.  No en
    # passant square is set: the black pawns have only their plain steps.
    pos = play(position(V, "k9/10/4B5/10/3p1p4/4M5/4P5/9K w - - 0 1"), "e3e4")
    assert board(pos.fen()) == "k9/10/4B5/4P5/3pMp4/10/10/9K"
    assert pos.fen().split()[3] == "-"
    assert legal_from(pos, "d4") == {"d4d3"} and legal_from(pos, "f4") == {"f4f3"}


# -- MC-4: castling rights survive slings --------------------------------------------


def test_mc4_rook_slung_away_and_back_keeps_its_right() -> None:
    # i1->h1 slings the rook j1 to g1 (the king f1 stops it); h1->i1 slings it back
    # to j1; the Mangonel steps off the rank; then the king castles f1h1.
    pos = position(V, "4k5/10/10/10/10/10/10/R4K2MR w KQ - 0 1")
    play(pos, "i1h1")
    # MC-6: the right is kept and FEN shows it while the rook is away.
    assert pos.fen().split()[2] == "KQ"
    play(pos, "e8d8", "h1i1")
    assert pos.fen().split()[2] == "KQ"
    play(pos, "d8e8", "i1i2", "e8d8")
    assert board(pos.fen()) == "3k6/10/10/10/10/10/8M1/R4K3R"
    assert "f1h1" in legal_from(pos, "f1") and "f1d1" in legal_from(pos, "f1")
    play(pos, "f1h1")
    assert board(pos.fen()) == "3k6/10/10/10/10/10/8M1/R5RK2"


def test_mc4_rook_moving_itself_loses_its_right() -> None:
    # Contrast: the rook j1 goes j2 and back by its own moves; f1h1 is gone.
    pos = position(V, "4k5/10/10/10/10/10/10/R4K3R w KQ - 0 1")
    play(pos, "j1j2", "e8d8", "j2j1", "d8e8")
    assert "f1h1" not in legal_from(pos, "f1") and "f1d1" in legal_from(pos, "f1")


def test_mc4_king_slung_away_and_back_keeps_both_rights() -> None:
    # g1->h1 slings the king f1 to i1 (stopped by the rook j1); h1->g1 slings it back
    # to f1 (stopped by the bishop e1); the Mangonel leaves; the king castles.
    pos = position(V, "4k5/10/10/10/10/10/10/R3BKM2R w KQ - 0 1")
    play(pos, "g1h1")
    assert board(pos.fen()) == "4k5/10/10/10/10/10/10/R3B2MKR"
    play(pos, "e8d8", "h1g1", "d8e8", "g1g2", "e8d8")
    assert board(pos.fen()) == "3k6/10/10/10/10/10/6M3/R3BK3R"
    assert "f1h1" in legal_from(pos, "f1")
    play(pos, "e1d2", "d8e8")
    assert "f1d1" in legal_from(pos, "f1")


def test_mc4_rook_that_moved_while_away_has_lost_its_right() -> None:
    # The rook j1 is slung to g1, moves g1->g2->g1 by itself, and is slung back:
    # it moved by its own accord, so castling kingside is gone for good.
    pos = position(V, "4k5/10/10/10/10/10/10/R4K2MR w KQ - 0 1")
    play(pos, "i1h1", "e8d8", "g1g2", "d8e8", "g2g1", "e8d8", "h1i1", "d8e8", "i1i2", "e8d8")
    assert board(pos.fen()) == "3k6/10/10/10/10/10/8M1/R4K3R"
    assert "f1h1" not in legal_from(pos, "f1") and "f1d1" in legal_from(pos, "f1")


def test_castling_through_a_square_a_sling_would_hit_is_illegal() -> None:
    # Black Mangonel g4 stepping to g3 slings the black rook g5 down the g-file: a
    # king on g1 would be captured, so f1h1 (crossing g1) is illegal; h1 itself is
    # not on that line, and the king is not in check.
    pos = position(V, "k9/10/10/6r3/6m3/10/10/5K3R w K - 0 1")
    assert not pos.is_check()
    assert "f1h1" not in legal_from(pos, "f1")
    assert "f1g1" not in legal_from(pos, "f1")


# -- MC-5: promotion to Mangonel ----------------------------------------------------


def test_mc5_pawn_promotes_to_queen_rook_bishop_knight_or_mangonel() -> None:
    pos = position(V, "k9/4P5/10/10/10/10/10/9K w - - 0 1")
    assert legal_from(pos, "e7") == {"e7e8q", "e7e8r", "e7e8b", "e7e8n", "e7e8m"}
    play(pos, "e7e8m")
    assert board(pos.fen()) == "k3M5/10/10/10/10/10/10/9K"


# -- check and checkmate by sling --------------------------------------------------


def test_sling_onto_the_king_is_check() -> None:
    # White Mangonel e2 stepping to e3 slings the rook e1 up the open e-file onto the
    # king e8: check.  Escapes: d8 f8 d7 f7 (e7 stays on the line; d7/f7/d8/f8 no
    # sling reaches).  Blocking e3-e7 with a black piece would also do, but Black has
    # none.
    pos = position(V, "4k5/10/10/10/10/10/4M5/4R4K b - - 0 1")
    assert pos.is_check()
    assert legal_texts(pos) == {"e8d8", "e8f8", "e8d7", "e8f7"}


def test_sling_check_can_be_met_by_blocking_the_step_square_or_the_line() -> None:
    # As above, with black rooks a3 and a5.  Ra3-e3 occupies the Mangonel's step
    # square, so no sling; Ra5-e5 interposes (the slung rook would take it, not the
    # king).  Other rook moves leave the king in check; e7 is still on the line.
    pos = position(V, "4k5/10/10/r9/10/r9/4M5/4R4K b - - 0 1")
    assert pos.is_check()
    texts = legal_texts(pos)
    assert {"a3e3", "a5e5"} <= texts
    assert not {"a3b3", "a5b5", "a3a4", "e8e7"} & texts
    assert texts == {"a3e3", "a5e5", "e8d8", "e8f8", "e8d7", "e8f7"}


def test_checkmate_by_sling() -> None:
    # Black king a8 with pawns a7 b7; White Mangonel g8 stepping to f8 slings the
    # knight h8 along rank 8 onto a8.  b8 is on the same line: no escape, nothing
    # can block or take: checkmate, White wins.
    pos = position(V, "k5MN2/pp8/10/10/10/10/10/9K b - - 0 1")
    assert pos.is_check()
    assert legal_texts(pos) == set()
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination == "checkmate" and outcome.winner == WHITE


def test_lone_king_and_mangonel_is_not_insufficient_material() -> None:
    # FIDE would call K+minor-less material a draw; a Mangonel can sling its own
    # King onto the enemy King, so the game goes on.
    pos = position(V, "k9/10/10/10/10/10/4M5/9K w - - 0 1")
    assert pos.outcome() is None
    # King and Bishop against King and Mangonel: the Mangonel can help (as a Knight
    # does in FIDE's rule), so this is no draw either.
    assert position(V, "k9/10/10/10/4m5/10/4B5/9K w - - 0 1").outcome() is None
    bare = position(V, "k9/10/10/10/10/10/10/9K w - - 0 1")
    outcome = bare.outcome()
    assert outcome is not None and outcome.termination == "insufficient_material"


# -- the example game ------------------------------------------------------------------


def test_example_game_replays_and_uses_every_special_move() -> None:
    path = ROOT / "examples" / "mangonel-chess" / "showcase.txt"
    lines = path.read_text().splitlines()
    header = [line for line in lines if line.startswith("#")]
    moves = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    fen = next(line.split(":", 1)[1].strip() for line in header if line.startswith("# FEN:"))
    assert "# Variant: mangonel-chess" in header
    pos = position(V, fen)
    seen: set[str] = set()
    for text in moves:
        mover = pos.turn
        move = pos.push_text(text)
        seen |= _special_kinds(pos, move, mover)
    assert seen == {
        "sling",
        "sling-capture",
        "sling-enemy-piece",
        "sling-pawn-queen",
        "castle-after-rook-slung",
        "ep",
        "promotion-mangonel",
    }
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination == "checkmate" and outcome.winner == WHITE


def _special_kinds(pos: Position, move: Move, mover: int) -> set[str]:
    """Which special moves ``move`` (just pushed by ``mover``) shows."""
    kinds = set()
    if move.tag == SLING:
        kinds.add("sling")
        flight = [a for a in move.actions if isinstance(a, Relocate)][-1]
        slung = pos.board[flight.to]
        assert slung is not None
        if move.is_capture():
            kinds.add("sling-capture")
        if slung.color != mover:
            kinds.add("sling-enemy-piece")
        if any(isinstance(a, Change) for a in move.actions):
            kinds.add("sling-pawn-queen")
    if move.tag == "castle":
        # MC-4: the castling rook was slung earlier in this game.
        rook = move.actions[1][0]
        assert any(
            m.tag == SLING
            and any(isinstance(a, Relocate) and rook in (a.frm, a.to) for a in m.actions[1:])
            for m in pos.move_stack
        )
        kinds.add("castle-after-rook-slung")
    if move.tag == "ep":
        kinds.add("ep")
    if move.promotion == "M":
        kinds.add("promotion-mangonel")
    return kinds
