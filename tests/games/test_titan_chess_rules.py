"""Titan Chess rules: pawn runs, en passant, Ninja Pawns, promotion, flexible
castling and notation (TC-2, TC-3, TC-7, rule page "Rules" section)."""

from __future__ import annotations

import pytest

from tests.games.test_titan_chess import NAMES, moves_from, removed_by, titan
from tests.helpers import ROOT, legal_from, legal_texts, play
from trebuchet.variants.errors import IllegalMoveError
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant
from trebuchet.variants.titan_chess import PROMOTION_CHOICES

KINGS = {"g1": "K", "g12": "k"}


# -- the ordinary pawn (TC-2) ------------------------------------------------------------
def test_pawn_from_rank_3_may_go_one_two_or_three_squares() -> None:
    pos = get_variant("titan-chess").start_position()
    assert legal_from(pos, "g3") == {"g3g4", "g3g5", "g3g6"}
    assert legal_from(pos, "g10") == set()  # not Black's turn
    pos.push_text("a3a4")
    assert legal_from(pos, "g10") == {"g10g9", "g10g8", "g10g7"}


@pytest.mark.parametrize(
    "moves",
    [
        ("g3g6",),  # "the white pawn at g3 can start g3-g6"
        ("g3g5", "a10a9", "g5g6"),  # "or it can move g3-g5 then g5-g6"
        ("g3g4", "a10a9", "g4g6"),  # "or g3-g4 followed by g4-g6"
    ],
)
def test_pawn_examples_of_the_page(moves: tuple[str, ...]) -> None:
    pos = get_variant("titan-chess").start_position()
    play(pos, *moves)
    assert pos.piece_at("g6") is not None and pos.piece_at("g6").symbol == "P"  # type: ignore[union-attr]


def test_pawn_capture_then_run_to_the_centre() -> None:
    # "or move g3-h4 to capture enemy piece at h4 followed by h4-h6 next time it moves"
    pos = titan(KINGS | {"g3": "P", "h4": "n", "a10": "p"})
    play(pos, "g3h4", "a10a9")
    assert legal_from(pos, "h4") == {"h4h5", "h4h6"}


def test_pawn_from_the_centre_rank_steps_one_square() -> None:
    # TC-2: from rank 6 on, one square (Black: from rank 7 on).
    pos = titan(KINGS | {"c6": "P", "c7": "p"})
    assert legal_from(pos, "c6") == set()
    pos = titan(KINGS | {"c6": "P", "d7": "p"})
    assert legal_from(pos, "c6") == {"c6c7", "c6d7"}
    pos = titan(KINGS | {"c7": "p"}, turn="b")
    assert legal_from(pos, "c7") == {"c7c6"}


def test_run_records_every_square_passed_as_en_passant() -> None:
    # docs/rules/fen.md: the e.p. field lists every square passed over (a4a5).
    pos = titan(KINGS | {"a3": "P"})
    pos.push_text("a3a6")
    assert pos.fen().split()[3] == "a4a5"
    pos = titan(KINGS | {"l10": "p"}, turn="b")
    pos.push_text("l10l7")
    assert pos.fen().split()[3] == "l8l9"


# -- en passant (TC-2, rule page "Rules" 3) ---------------------------------------------
@pytest.mark.parametrize(
    ("white_run", "black_pawn", "capture", "landing"),
    [
        ("a3a5", "b5", "b5a4", "a4"),  # a3-a5 passes a4; b5 takes "as if it had moved to a4"
        ("a3a6", "b5", "b5a4", "a4"),  # a3-a6, taken on a4 (the page's b4 is a misprint)
        ("a3a6", "b6", "b6a5", "a5"),  # "the black pawn on b6 ... as if it moved to a5"
    ],
)
def test_en_passant_on_any_square_passed(
    white_run: str, black_pawn: str, capture: str, landing: str
) -> None:
    pos = titan(KINGS | {"a3": "P", black_pawn: "p"})
    pos.push_text(white_run)
    assert capture in legal_from(pos, black_pawn)
    victim = white_run[2:]
    assert removed_by(pos, capture) == {victim}
    pos.push_text(capture)
    assert pos.piece_at(victim) is None
    assert pos.piece_at(landing) is not None


def test_en_passant_after_a_second_move_slide() -> None:
    # "white pawn on a4 and black pawn on b6. White plays a4-a6, black pawn on b6 can
    # capture the pawn en passant by moving to a5."
    pos = titan(KINGS | {"a4": "P", "b6": "p"})
    pos.push_text("a4a6")
    assert removed_by(pos, "b6a5") == {"a6"}


def test_single_step_avoids_en_passant() -> None:
    # "Note in this case the white pawn can still avoid the black pawn by moving to a4."
    pos = titan(KINGS | {"a3": "P", "b6": "p"})
    pos.push_text("a3a4")
    assert legal_from(pos, "b6") == {"b6b5"}


def test_black_run_taken_en_passant_by_white() -> None:
    pos = titan(KINGS | {"l10": "p", "k8": "P"}, turn="b")
    pos.push_text("l10l7")
    assert removed_by(pos, "k8l9") == {"l7"}


def test_en_passant_is_optional_and_expires_after_one_move() -> None:
    # TC-8: optional; "The capture must be made on the next move."
    pos = titan(KINGS | {"a3": "P", "b5": "p", "h10": "p"})
    pos.push_text("a3a6")
    assert {"b5a4", "b5b4", "h10h9"} <= legal_texts(pos)
    play(pos, "h10h9", "g1h1")
    assert legal_from(pos, "b5") == {"b5b4"}


def test_ninja_pawns_neither_take_nor_are_taken_en_passant() -> None:
    # TC-2 / TC-3: en passant is for ordinary pawns only.
    ninja_runs = titan(KINGS | {"a3": "J", "b5": "p"})
    ninja_runs.push_text("a3a6")
    assert ninja_runs.fen().split()[3] == "-"
    assert legal_from(ninja_runs, "b5") == {"b5b4"}
    ninja_waits = titan(KINGS | {"a3": "P", "b5": "j"})
    ninja_waits.push_text("a3a6")
    assert "b5a4" not in legal_from(ninja_waits, "b5")


# -- Ninja Pawn (TC-3) ------------------------------------------------------------------
def test_ninja_pawn_example_c2_c3_d3_d6() -> None:
    # "Thus White can on each turn move from c2-c3, c3-d3 and d3-d6."
    pos = titan(KINGS | {"c2": "J", "l10": "p"})
    play(pos, "c2c3", "l10l9", "c3d3", "l9l8")
    assert legal_from(pos, "d3") == {"d3d4", "d3d5", "d3d6", "d3c3", "d3e3"}
    pos.push_text("d3d6")


def test_ninja_pawn_beyond_the_middle_steps_one_and_captures_sideways() -> None:
    # Enemy half (rank 7 up for White): one square forward or sideways; captures
    # diagonally forward and sideways.
    pos = titan(KINGS | {"e7": "J", "d7": "n", "f8": "b", "e8": "r"})
    assert moves_from(pos, "e7") == {"d7", "f7", "f8"}


def test_ninja_pawn_in_its_own_half_captures_only_diagonally() -> None:
    pos = titan(KINGS | {"e6": "J", "d6": "n", "f6": "n", "d7": "b"})
    assert moves_from(pos, "e6") == {"e7", "d7"}
    pos = titan(KINGS | {"e3": "J", "d3": "n", "f4": "n"})
    assert moves_from(pos, "e3") == {"e4", "e5", "e6", "f3", "f4"}


def test_ninja_pawn_checks_sideways_only_from_the_enemy_half() -> None:
    # TC-3: the sideways capture, hence the sideways check, starts on rank 7 (White).
    assert not titan({"e6": "J", "f6": "k", "a1": "K"}, turn="b").is_check()
    assert titan({"e7": "J", "f7": "k", "a1": "K"}, turn="b").is_check()
    assert titan({"e7": "j", "f7": "K", "a12": "k"}).is_check() is False
    assert titan({"e6": "j", "f6": "K", "a12": "k"}).is_check()


# -- promotion (TC-2, TC-3) --------------------------------------------------------------
def test_pawn_promotes_on_rank_12_to_any_piece_but_king_and_pawns() -> None:
    assert set(PROMOTION_CHOICES) == {"Q", "R", "B", "N", "F", "Y", "G", "V", "U", "W"}
    pos = titan(KINGS | {"c11": "P"})
    expected = {f"c11c12{k.lower()}" for k in PROMOTION_CHOICES}
    assert legal_from(pos, "c11") == expected  # compulsory: no plain c11c12
    pos.push_text("c11c12u")
    assert pos.piece_at("c12").symbol == "U"  # type: ignore[union-attr]


def test_ninja_pawn_promotes_on_rank_12_not_on_the_misprinted_10() -> None:
    pos = titan(KINGS | {"e9": "J"})
    assert "e9e10" in legal_from(pos, "e9")
    pos = titan(KINGS | {"e11": "J", "d12": "r"})
    expected = {f"e11{t}{k.lower()}" for t in ("e12", "d12") for k in PROMOTION_CHOICES}
    assert expected <= legal_from(pos, "e11")
    assert not {"e11e12", "e11d12"} & legal_from(pos, "e11")


def test_black_promotes_on_rank_1() -> None:
    pos = titan(KINGS | {"c2": "p"}, turn="b")
    assert legal_from(pos, "c2") == {f"c2c1{k.lower()}" for k in PROMOTION_CHOICES}


# -- flexible castling (TC-7) -----------------------------------------------------------
#: The pawns on b2 and k2 close the b- and k-files between the Rooks.
CASTLE = {"g1": "K", "b1": "R", "k1": "R", "b2": "P", "k2": "P", "g12": "k", "b12": "r", "k12": "r"}
#: The page's nine options: (king to, rook from, rook to) for White.
NINE = [
    ("h1", "k1", "g1"), ("i1", "k1", "h1"), ("j1", "k1", "i1"), ("k1", "k1", "j1"),
    ("f1", "b1", "g1"), ("e1", "b1", "f1"), ("d1", "b1", "e1"), ("c1", "b1", "d1"),
    ("b1", "b1", "c1"),
]  # fmt: skip


def castles(pos: Position) -> set[str]:
    """Texts of the legal castling moves."""
    return {pos.move_text(m) for m in pos.legal_moves() if m.tag == "castle"}


def black(square: str) -> str:
    return square[0] + "12"


@pytest.mark.parametrize(("king_to", "rook_from", "rook_to"), NINE)
def test_each_of_the_nine_castlings(king_to: str, rook_from: str, rook_to: str) -> None:
    for turn, rank in (("w", "1"), ("b", "12")):
        pos = titan(CASTLE, turn=turn, castling="KQkq")
        k, rf, rt = (s[0] + rank for s in (king_to, rook_from, rook_to))
        text = f"g{rank}{k}{rf}{rt}"
        pos.push_text(text)
        assert pos.piece_at(k).kind == "K"  # type: ignore[union-attr]
        assert pos.piece_at(rt).kind == "R"  # type: ignore[union-attr]
        vacated = {"g" + rank, rf} - {k, rt}
        assert all(pos.piece_at(s) is None for s in vacated)
        assert abs(ord(k[0]) - ord(rt[0])) == 1  # "the rook must always be next to the king"


def test_there_are_exactly_nine_castlings() -> None:
    pos = titan(CASTLE, castling="KQkq")
    assert castles(pos) == {f"g1{k}{rf}{rt}" for k, rf, rt in NINE}
    pos = titan(CASTLE, turn="b", castling="KQkq")
    assert castles(pos) == {f"g12{black(k)}{black(rf)}{black(rt)}" for k, rf, rt in NINE}


def test_castling_refused_through_or_onto_an_attacked_square() -> None:
    # A black rook on i8 attacks i1: the King may not land on or pass i1.
    pos = titan(CASTLE | {"i8": "r"}, castling="KQkq")
    kingside = {t for t in castles(pos) if t[2] in "hijk"}
    assert kingside == {"g1h1k1g1"}


def test_rook_may_cross_an_attacked_square() -> None:
    # "King cannot pass over or land on squares attacked by enemy, but rook can."
    pos = titan(CASTLE | {"c8": "r"}, castling="KQkq")
    queenside = {t for t in castles(pos) if t[2] in "bcdef"}
    assert queenside == {"g1f1b1g1", "g1e1b1f1", "g1d1b1e1"}


def test_square_attacked_by_a_bomber_two_squares_away() -> None:
    # TC-5 + TC-7: a bomber on h3 could land on h1 (over anything on h2), so the King
    # may neither land on h1 nor pass it.
    pos = titan(CASTLE | {"h3": "f", "h2": "P"}, castling="KQkq")
    assert not {t for t in castles(pos) if t[2] in "hijk"}
    assert len(castles(pos)) == 5


def test_no_castling_out_of_check_or_through_pieces_or_after_moving() -> None:
    assert castles(titan(CASTLE | {"g8": "r"}, castling="KQkq")) == set()
    assert {t[2] for t in castles(titan(CASTLE | {"e1": "V"}, castling="KQkq"))} == set("hijk")
    pos = titan(CASTLE | {"a10": "p"}, castling="KQkq")
    play(pos, "k1l1", "a10a9", "l1k1", "a9a8")
    assert {t[2] for t in castles(pos)} == set("bcdef")
    play(pos, "g1g2", "a8a7", "g2g1", "a7a6")
    assert castles(pos) == set()
    assert pos.fen().split()[2] == "kq"


# -- notation ------------------------------------------------------------------------
def test_king_step_and_one_space_castling_have_distinct_texts() -> None:
    pos = titan(CASTLE, castling="KQkq")
    assert {"g1h1", "g1h1k1g1", "g1f1", "g1f1b1g1"} <= legal_texts(pos)
    assert pos.parse_move("g1h1").tag is None
    assert pos.parse_move("g1h1k1g1").tag == "castle"


def test_page_style_input_with_dashes_and_upper_case() -> None:
    pos = titan(CASTLE, castling="KQkq")
    assert pos.parse_move("G1-H1; K1-G1").tag == "castle"
    pos = titan(CASTLE | {"l11": "P"}, castling="KQkq")
    assert pos.move_text(pos.parse_move("L11-L12=Q")) == "l11l12q"


def test_illegal_move_is_a_one_line_error() -> None:
    pos = get_variant("titan-chess").start_position()
    with pytest.raises(IllegalMoveError) as info:
        pos.push_text("g3g7")
    assert "\n" not in str(info.value)
    assert NAMES.names[pos.variant.square("L12")] == "l12"


# -- the example game ----------------------------------------------------------------------
EXAMPLE = ROOT / "examples" / "titan-chess" / "special-captures.txt"


def test_example_game_replays_and_shows_each_special_capture() -> None:
    lines = EXAMPLE.read_text().splitlines()
    fen = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("# FEN:"))
    pos = get_variant("titan-chess").position(fen)
    shown = set()
    for text in (line.strip() for line in lines if line.strip() and not line.startswith("#")):
        move = pos.parse_move(text)
        assert move.frm is not None
        piece = pos.piece_at(move.frm)
        assert piece is not None
        sideways = piece.kind == "J" and move.is_capture() and abs(move.to - move.frm) == 1
        if move.tag in ("flyover", "double", "jump") or sideways:
            shown.add(piece.kind)
        if move.tag == "castle":
            shown.add("castle")
        pos.push(move)
    assert shown == {"F", "Y", "U", "V", "W", "G", "J", "castle"}
