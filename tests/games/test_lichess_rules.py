"""One test per ruling of the lichess and python-chess family, named by its id
(docs/rules/chess-family.md and each game's page), on a position where the
ruling decides the answer; where python-chess plays the game, it is asked too."""

from __future__ import annotations

import chess
import chess.variant
import pytest

from tests.helpers import PYTHON_CHESS_BOARDS, legal_texts, play, position
from trebuchet.converters.record import resolve_variant_name
from trebuchet.variants.chess import Chess
from trebuchet.variants.chess960 import back_rank, start_fen
from trebuchet.variants.errors import FenError
from trebuchet.variants.pieces import BLACK, WHITE
from trebuchet.variants.position import Position


def board(name: str, fen: str) -> chess.Board:
    """python-chess's board, in Chess960 mode where the rights ask for it (as its
    PGN reader decides)."""
    if name == "chess960":
        return chess.Board(fen, chess960=True)
    theirs = PYTHON_CHESS_BOARDS[name](fen)
    theirs.chess960 = theirs.has_chess960_castling_rights()
    return theirs


def agree(name: str, fen: str) -> tuple[Position, chess.Board]:
    """Both boards at ``fen``, checked to agree on moves, check and FEN."""
    pos, theirs = position(name, fen), board(name, fen)
    assert legal_texts(pos) == {m.uci() for m in theirs.legal_moves}
    assert pos.is_check() == theirs.is_check()
    assert pos.fen() == theirs.fen(en_passant="fen")
    return pos, theirs


def san_of(pos: Position, text: str) -> str:
    return pos.notation(pos.parse_move(text))


# -- the family (CF) --------------------------------------------------------------


def test_cf_1_castling_from_any_first_rank_square() -> None:
    # the king already on g1 castles by moving the h1 rook alone; from f1 with the
    # rook on g1 the two change places
    pos, _ = agree("chess960", "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1")
    play(pos, "g1h1")
    assert pos.fen().startswith("1r4kr/8/8/8/8/8/8/1R3RK1 b kq")
    swap, _ = agree("chess960", "4k3/8/8/8/8/8/8/4RKR1 w KQ - 0 1")
    play(swap, "f1g1")
    assert swap.fen().startswith("4k3/8/8/8/8/8/8/4RRK1 b -")


def test_cf_1_the_king_may_not_cross_an_attacked_square() -> None:
    pos, _ = agree("chess960", "1r3k2/8/8/8/8/8/8/R3K2r w Q - 0 1")
    assert "e1a1" not in legal_texts(pos)  # in check from h1
    pos, _ = agree("chess960", "3r1k2/8/8/8/8/8/8/R3K3 w Q - 0 1")
    assert "e1a1" not in legal_texts(pos)  # d1 is attacked


def test_cf_2_castling_texts_in_both_spellings() -> None:
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert {"e1g1", "e1c1"} <= legal_texts(position("crazyhouse", fen))
    assert {"e1h1", "e1a1"} <= legal_texts(position("chess960", fen))
    for name in ("crazyhouse", "chess960", "atomic"):
        a, b = position(name, fen), position(name, fen)
        assert a.parse_move("e1h1") == b.parse_move("e1g1")
        assert san_of(a, "e1h1") == "O-O"


def test_cf_3_rights_go_with_the_king_and_the_rooks_squares() -> None:
    pos = play(position("chess960", "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1"), "g1h1")
    assert pos.castling == frozenset({pos.variant.square("b8"), pos.variant.square("h8")})
    # an exploded rook loses its right (atomic): Nxb7 blasts the a8 rook
    blast = play(position("atomic", "r3k2r/1p6/8/N7/8/8/8/4K3 w kq - 0 1"), "a5b7")
    assert blast.fen().split()[2] == "k"


def test_cf_4_stalemate_with_bare_material_is_insufficient_material() -> None:
    fen = "k7/2K5/1B6/8/8/8/8/8 b - - 0 1"
    ours, theirs = position("chess960", fen).outcome(), board("chess960", fen).outcome()
    assert ours is not None and theirs is not None
    assert ours.termination == theirs.termination.name.lower() == "insufficient_material"
    fide = Chess().position(fen).outcome()
    assert fide is not None and fide.termination == "stalemate"  # FIDE chess's own order


@pytest.mark.parametrize(
    ("name", "fen", "text"),
    [
        ("king-of-the-hill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1", "d3d4"),
        ("three-check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1", "a1a8"),
        ("atomic", "4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1", "d1d7"),
        ("antichess", "8/8/8/8/8/8/p7/R7 w - - 0 1", "a1a2"),
        ("horde", "4k3/8/8/8/8/8/3q4/2P5 b - - 0 1", "d2c1"),
    ],
)
def test_cf_5_a_win_by_the_games_own_rule_is_marked_mate(name: str, fen: str, text: str) -> None:
    pos, theirs = agree(name, fen)
    mark = san_of(pos, text)
    assert mark == theirs.san(chess.Move.from_uci(text)) and mark.endswith("#")


def test_cf_6_a_pinned_en_passant_does_not_count_for_repetitions() -> None:
    fen = "8/8/8/KPp4r/8/8/8/7k w - c6 0 1"
    assert not position("chess960", fen).variant.ep_capture_possible(position("chess960", fen))
    fide = Chess().position(fen)
    assert fide.variant.ep_capture_possible(fide)


@pytest.mark.parametrize(
    ("tag", "name"),
    [
        ("Chess960", "chess960"),
        ("chess 960", "chess960"),
        ("fischerandom", "chess960"),
        ("Crazyhouse", "crazyhouse"),
        ("ZH", "crazyhouse"),
        ("Three-check", "three-check"),
        ("3check", "three-check"),
        ("King of the Hill", "king-of-the-hill"),
        ("KOTH", "king-of-the-hill"),
        ("Atomic", "atomic"),
        ("Antichess", "antichess"),
        ("Giveaway", "giveaway"),
        ("Horde", "horde"),
        ("Racing Kings", "racing-kings"),
        ("racingkings", "racing-kings"),
        ("From Position", "chess"),
        ("Standard", "chess"),
    ],
)
def test_cf_7_variant_tags_as_lichess_pychess_and_python_chess_write_them(
    tag: str, name: str
) -> None:
    assert resolve_variant_name(tag) == name


def test_cf_7_every_python_chess_alias_is_known() -> None:
    ours = {
        chess.variant.CrazyhouseBoard: "crazyhouse",
        chess.variant.ThreeCheckBoard: "three-check",
        chess.variant.KingOfTheHillBoard: "king-of-the-hill",
        chess.variant.AtomicBoard: "atomic",
        chess.variant.AntichessBoard: "antichess",
        chess.variant.GiveawayBoard: "giveaway",
        chess.variant.HordeBoard: "horde",
        chess.variant.RacingKingsBoard: "racing-kings",
    }
    for cls, name in ours.items():
        for alias in cls.aliases:
            assert resolve_variant_name(alias) == name, alias


# -- Chess960 (FR) ----------------------------------------------------------------


def test_fr_1_start_numbers_are_scharnagls() -> None:
    for n in range(960):
        assert back_rank(n) == chess.Board.from_chess960_pos(n).board_fen().split("/")[-1]
    assert back_rank(518) == "RNBQKBNR"


def test_fr_2_castling_rights_are_written_x_fen_and_read_shredder() -> None:
    shredder = position("chess960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1")
    assert shredder.fen() == start_fen(0)
    inner = "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1"
    agree("chess960", inner)
    # at most the outermost right on each side survives (CF-3)
    pos, theirs = agree("chess960", "rk2r3/8/8/8/8/8/8/RK2R2R w EHe - 0 1")
    assert pos.fen().split()[2] == theirs.castling_xfen() == "Kk"


def test_fr_3_without_a_fen_the_standard_array() -> None:
    assert position("chess960").fen() == chess.Board(chess960=True).fen()


def test_fr_4_castling_is_king_takes_rook_even_from_the_standard_array() -> None:
    pos, theirs = agree("chess960", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert {"e1h1", "e1a1"} <= legal_texts(pos)
    assert san_of(pos, "e1a1") == theirs.san(chess.Move.from_uci("e1a1")) == "O-O-O"


# -- Crazyhouse (ZH) --------------------------------------------------------------


def test_zh_1_a_capture_goes_to_the_captors_hand() -> None:
    pos = play(position("crazyhouse"), "e2e4", "d7d5", "e4d5")
    theirs = chess.variant.CrazyhouseBoard()
    for text in ("e2e4", "d7d5", "e4d5"):
        theirs.push_uci(text)
    assert pos.fen() == theirs.fen() and "[P]" in pos.fen()


def test_zh_2_a_promoted_piece_goes_back_as_a_pawn() -> None:
    pos, _ = agree("crazyhouse", "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1")
    play(pos, "e4b7")
    assert pos.fen().startswith("4k3/1b6/8/8/8/8/Kpp5/8[p] w")
    promo = play(position("crazyhouse", "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1"), "b7b8q")
    assert promo.fen().startswith("1Q~2k3/")


def test_zh_3_drops_block_check_and_never_put_pawns_on_the_end_ranks() -> None:
    pos, _ = agree("crazyhouse", "4k3/8/8/8/8/8/8/R3K3[Pp] b - - 0 1")
    drops = {t for t in legal_texts(pos) if "@" in t}
    assert "P@a8" not in drops and "P@e2" in drops
    check, _ = agree("crazyhouse", "4k3/8/8/8/8/8/8/4K2r[N] w - - 0 1")
    assert {t for t in legal_texts(check) if "@" in t} == {"N@f1", "N@g1"}
    mate, theirs = agree("crazyhouse", "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1")
    assert san_of(mate, "N@f7") == theirs.san(chess.Move.from_uci("N@f7")) == "N@f7#"


def test_zh_4_insufficient_material() -> None:
    for fen in ("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"):
        ours = position("crazyhouse", fen).outcome()
        theirs = chess.variant.CrazyhouseBoard(fen).outcome()
        assert (ours and ours.termination) == (theirs and theirs.termination.name.lower())


def test_zh_5_no_seventy_five_move_rule() -> None:
    fen = "4k3/8/8/8/8/8/8/4K2R[] w - - 160 100"
    assert position("crazyhouse", fen).outcome() is None
    assert position("chess960", "4k3/8/8/8/8/8/8/4K2R w - - 160 100").outcome() is not None


def test_zh_6_holdings_as_python_chess_writes_them_and_lichess_reads_them() -> None:
    lichess = position("crazyhouse", "4k3/8/8/8/8/8/8/4K3/pQnPbRq w - - 0 1")
    assert lichess.fen() == "4k3/8/8/8/8/8/8/4K3[QRPqbnp] w - - 0 1"
    agree("crazyhouse", lichess.fen())
    pos, theirs = agree("crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    assert san_of(pos, "P@e4") == theirs.san(chess.Move.from_uci("P@e4")) == "@e4"
    assert pos.variant.notation.read(pos, "@e4") == pos.variant.notation.read(pos, "P@e4")


# -- Three-check (TK) -------------------------------------------------------------


def test_tk_1_the_third_check_wins() -> None:
    pos, _ = agree("three-check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1")
    play(pos, "a1a8")
    ending = pos.outcome()
    assert ending is not None and ending.termination == "three_checks" and ending.winner == WHITE
    assert pos.legal_moves() == []


def test_tk_2_checks_are_counted_and_written_both_ways() -> None:
    pos = position("three-check", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +1+0")
    assert pos.checks_left == (2, 3) and " 2+3 " in pos.fen()
    play(pos, "a1a8")
    assert pos.checks_left == (1, 3) and pos.halfmove == 1
    with pytest.raises(FenError):
        position("three-check", "4k3/8/8/8/8/8/8/R3K3 w - - x+3 0 1")


def test_tk_3_both_at_three_would_draw() -> None:
    ending = position("three-check", "4k3/8/8/8/8/8/8/R3K3 w - - 0+0 0 1").outcome()
    assert ending is not None and ending.winner is None


def test_tk_4_only_a_bare_king_lacks_material() -> None:
    pos = position("three-check", "4k3/8/8/8/8/8/8/4K2N w - - 3+3 0 1")
    assert pos.variant.insufficient_material(pos, BLACK)
    assert not pos.variant.insufficient_material(pos, WHITE)
    bare = position("three-check", "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1").outcome()
    assert bare is not None and bare.termination == "insufficient_material"


# -- King of the Hill (KH) --------------------------------------------------------


def test_kh_1_a_king_on_the_hill_wins() -> None:
    pos, _ = agree("king-of-the-hill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1")
    play(pos, "d3e4")
    ending = pos.outcome()
    assert ending is not None and ending.termination == "king_in_center"
    assert ending.winner == WHITE and pos.legal_moves() == []


def test_kh_2_material_never_runs_short() -> None:
    assert position("king-of-the-hill", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").outcome() is None


# -- Atomic (AT) ------------------------------------------------------------------


def test_at_1_a_capture_blows_up_everything_but_pawns_around() -> None:
    fen = "4k3/8/8/2nbp3/3P4/8/8/4K3 w - - 0 1"
    pos, theirs = agree("atomic", fen)
    play(pos, "d4e5")
    theirs.push_uci("d4e5")
    assert pos.fen() == theirs.fen() == "4k3/8/8/2n5/8/8/8/4K3 b - - 0 1"


def test_at_2_the_king_never_captures() -> None:
    pos, _ = agree("atomic", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1")
    assert "e1d2" not in legal_texts(pos)


def test_at_3_touching_kings_are_not_in_check() -> None:
    pos, theirs = agree("atomic", "8/8/8/8/3k4/4K2r/8/8 w - - 0 1")
    assert not pos.is_check() and not theirs.is_check()
    assert "e3f3" not in legal_texts(pos) and "e3d3" in legal_texts(pos)


def test_at_4_blowing_up_the_enemy_king_is_legal_even_in_check() -> None:
    pos, _ = agree("atomic", "4k3/3p4/8/b7/8/8/8/3RK3 w - - 0 1")
    assert pos.is_check() and "d1d7" in legal_texts(pos)
    near, _ = agree("atomic", "8/8/8/8/8/8/3p4/2RK1k2 w - - 0 1")
    assert "c1d2" not in legal_texts(near)  # White's own king would go up too


def test_at_5_castling_next_to_the_enemy_king() -> None:
    pos, _ = agree("atomic", "8/8/8/8/8/8/5k2/4K2R w K - 0 1")
    assert "e1g1" in legal_texts(pos)


def test_at_6_the_side_without_a_king_has_lost() -> None:
    pos, _ = agree("atomic", "4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1")
    play(pos, "d1d7")
    ending = pos.outcome()
    assert ending is not None and ending.termination == "explosion" and ending.winner == WHITE


def _same_material_verdict(name: str, fen: str) -> None:
    pos, theirs = position(name, fen), board(name, fen)
    for ours, color in ((WHITE, chess.WHITE), (BLACK, chess.BLACK)):
        verdict = pos.variant.insufficient_material(pos, ours)
        assert verdict == theirs.has_insufficient_material(color), (fen, color)


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "4k3/8/8/8/8/8/8/3BKR2 w - - 0 1",
        "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1",
        "3bk3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/4p3/8/8/8/8/8/4KB2 w - - 0 1",
    ],
)
def test_at_7_insufficient_material_as_python_chess(fen: str) -> None:
    _same_material_verdict("atomic", fen)


# -- Antichess and Giveaway (AC) --------------------------------------------------


def test_ac_1_starts() -> None:
    assert position("antichess").fen().split()[2] == "-"
    assert position("giveaway").fen() == chess.variant.GiveawayBoard().fen()


def test_ac_2_nothing_is_royal() -> None:
    pos, _ = agree("antichess", "8/8/8/8/8/8/3q4/4K3 w - - 0 1")
    assert not pos.is_check() and legal_texts(pos) == {"e1d2"}


def test_ac_3_a_pawn_may_become_a_king() -> None:
    pos, theirs = agree("antichess", "8/1P6/8/8/8/8/8/7k w - - 0 1")
    assert "b7b8k" in legal_texts(pos)
    assert san_of(pos, "b7b8k") == theirs.san(chess.Move.from_uci("b7b8k")) == "b8=K"


def test_ac_4_captures_are_compulsory_en_passant_too() -> None:
    pos, _ = agree("antichess", "4k3/8/8/3pP3/8/8/8/N3K3 w - d6 0 1")
    assert legal_texts(pos) == {"e5d6"}
    knights = pos.variant.legal_moves(pos, kinds={"N"})
    assert knights == []  # the rule looks past the filter


def test_ac_5_no_pieces_or_stalemate_wins() -> None:
    gone = position("antichess", "8/8/8/8/8/8/8/7k w - - 0 1").outcome()
    assert gone is not None and gone.termination == "no_pieces" and gone.winner == WHITE
    stuck, theirs = agree("antichess", "8/8/8/8/8/p7/P7/7k w - - 0 1")
    ending, expected = stuck.outcome(), theirs.outcome()
    assert ending is not None and expected is not None
    assert ending.termination == "stalemate" and ending.winner == WHITE
    assert expected.winner == chess.WHITE


def test_ac_6_giveaway_castles_through_attacks_but_not_with_a_promoted_king() -> None:
    pos, _ = agree("giveaway", "4k3/8/8/8/8/8/8/r3K2R w K - 0 1")
    assert "e1g1" in legal_texts(pos)
    promoted = position("giveaway", "4k3/8/8/8/8/8/8/4K~2R w - - 0 1")
    assert promoted.variant.castling_king(promoted, WHITE) is None
    with pytest.raises(FenError):  # so a FEN cannot give it a right
        position("giveaway", "4k3/8/8/8/8/8/8/4K~2R w K - 0 1")


@pytest.mark.parametrize(
    "fen",
    [
        "8/8/8/8/8/8/8/B6b w - - 0 1",
        "8/8/8/8/8/8/8/B5b1 w - - 0 1",
        "8/8/8/8/8/8/8/N6n w - - 0 1",
        "8/8/8/8/8/8/8/N5n1 b - - 0 1",
        "8/8/8/8/8/8/8/N6k w - - 0 1",
    ],
)
def test_ac_7_insufficient_material_as_python_chess(fen: str) -> None:
    _same_material_verdict("antichess", fen)


# -- Horde (HO) -------------------------------------------------------------------


def test_ho_1_start() -> None:
    assert position("horde").fen() == chess.variant.HordeBoard().fen()


def test_ho_2_and_ho_3_double_steps_from_the_first_rank_leave_no_en_passant() -> None:
    pos, theirs = agree("horde", "4k3/8/8/8/8/8/8/P7 w - - 0 1")
    assert legal_texts(pos) == {"a1a2", "a1a3"}
    play(pos, "a1a3")
    theirs.push_uci("a1a3")
    assert pos.fen() == theirs.fen(en_passant="fen") and pos.fen().split()[3] == "-"
    upper, _ = agree("horde", "4k3/8/8/8/8/P7/8/8 w - - 0 1")
    assert legal_texts(upper) == {"a3a4"}


def test_ho_4_the_side_with_nothing_left_loses() -> None:
    pos, _ = agree("horde", "4k3/8/8/8/8/8/3q4/2P5 b - - 0 1")
    play(pos, "d2c1")
    ending = pos.outcome()
    assert ending is not None and ending.termination == "no_pieces" and ending.winner == BLACK


def test_ho_5_no_draw_by_material() -> None:
    assert position("horde", "4k3/8/8/8/8/8/8/P7 w - - 0 1").outcome() is None


# -- Racing Kings (RK) ------------------------------------------------------------


def test_rk_1_start() -> None:
    assert position("racing-kings").fen() == chess.variant.RacingKingsBoard().fen()


def test_rk_2_no_move_may_give_check() -> None:
    pos, _ = agree("racing-kings", "8/8/8/8/k7/8/8/1R5K w - - 0 1")
    assert "b1a1" not in legal_texts(pos) and "b1b4" not in legal_texts(pos)


def test_rk_3_and_rk_4_black_may_still_reach_the_goal() -> None:
    pos, _ = agree("racing-kings", "7K/k7/8/8/8/8/8/8 b - - 0 1")
    assert pos.outcome() is None
    play(pos, "a7a8")
    draw = pos.outcome()
    assert draw is not None and draw.termination == "race" and draw.winner is None
    late, _ = agree("racing-kings", "7K/8/k7/8/8/8/8/8 b - - 0 1")
    won = late.outcome()
    assert won is not None and won.winner == WHITE


def test_rk_5_no_draw_by_material() -> None:
    assert position("racing-kings", "8/8/8/8/8/8/k6K/8 w - - 0 1").outcome() is None
