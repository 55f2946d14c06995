"""Shatranj of Troy: one test per ruling ST-1 … ST-7 and per example of the rule
page (docs/rules/shatranj-of-troy.md), plus notation, FEN and the example game.

Expected move sets are written from the rulings, never read off the engine.
"""

from __future__ import annotations

import random

import pytest

from tests.helpers import ROOT, legal_from, legal_texts, play, position
from trebuchet.variants.errors import FenError, IllegalMoveError
from trebuchet.variants.perft import divide, perft
from trebuchet.variants.pieces import BLACK, WHITE
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant
from trebuchet.variants.shatranj_of_troy import ShatranjOfTroyNotation

VARIANT = "shatranj-of-troy"
START = "4k4/4t(fwecnr)4/ppppppppp/9/9/9/PPPPPPPPP/4T(FWECNR)4/4K4[] w - - 0 1"
CARGO = "FWECNR"
EXAMPLE = ROOT / "examples" / "shatranj-of-troy" / "opening.txt"


def _notation() -> ShatranjOfTroyNotation:
    return ShatranjOfTroyNotation(get_variant(VARIANT))


# -- ST-1 board and zones ------------------------------------------------------------
def test_st1_board_is_nine_by_nine_with_three_rank_promotion_zones() -> None:
    """ST-1: files a-i, ranks 1-9; a pawn entering rank 7 may promote (White),
    one entering rank 3 may promote (Black); rank 6 / rank 4 are outside."""
    pos = position(VARIANT, "k8/9/9/P8/9/8p/9/9/K8[] w - - 0 1")
    assert pos.variant.geometry.names[-1] == "i9"
    assert legal_from(pos, "a6") == {"a6a7", "a6a7f", "a6a7w"}
    pos = position(VARIANT, "k8/9/9/9/8p/9/9/9/K8[] b - - 0 1")
    assert legal_from(pos, "i5") == {"i5i4"}
    pos = position(VARIANT, "k8/9/9/9/9/8p/9/9/K8[] b - - 0 1")
    assert legal_from(pos, "i4") == {"i4i3", "i4i3f", "i4i3w"}


# -- ST-2 setup --------------------------------------------------------------------
def test_st2_start_position_and_its_legal_moves() -> None:
    """ST-2: the ruling's FEN; White's first moves are the nine pawn steps, four King
    steps, and the Horse's four knight leaps each with or without leaving one of
    its six cargo kinds on e2 (ST-4): 9 + 4 + 4 × 7 = 41."""
    pos = get_variant(VARIANT).start_position()
    assert pos.fen() == START
    pawns = {f"{f}3{f}4" for f in "abcdefghi"}
    king = {"e1d1", "e1d2", "e1f1", "e1f2"}
    leaves = ["", *(f",{k}@e2" for k in CARGO)]
    horse = {f"e2{t}{s}" for t in ("c1", "g1", "d4", "f4") for s in leaves}
    assert legal_texts(pos) == pawns | king | horse


def test_st2_the_pages_3_T_b5_a3_is_a_misprint() -> None:
    """ST-2: with full pawn rows, 'T b5-a3' cannot be played at move 3 of the page's
    opening (a3 holds White's own pawn); the notation still reads that form."""
    pos = play(position(VARIANT), "e2d4,C@e2", "e8f6,N@e8", "d4b5", "f6d5")
    with pytest.raises(IllegalMoveError):
        _notation().read(pos, "T b5-a3")
    pos = position(VARIANT, "4k4/9/9/9/1T7/9/9/9/4K4[] w - - 0 1")
    assert pos.move_text(_notation().read(pos, "T b5-a3")) == "b5a3"


# -- ST-3 pieces -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("letter", "targets"),
    [
        ("F", {"d4", "f4", "d6", "f6"}),
        ("W", {"e4", "e6", "d5", "f5"}),
        ("E", {"c3", "g3", "c7", "g7"}),
        ("C", {"e3", "e7", "c5", "g5"}),
        ("N", {"c4", "c6", "g4", "g6", "d3", "f3", "d7", "f7"}),
        ("R", {f"{f}5" for f in "abcdfghi"} | {f"e{r}" for r in "12346789"}),
        ("T", {"c4", "c6", "g4", "g6", "d3", "f3", "d7", "f7"}),
        ("P", {"e6"}),
    ],
)
def test_st3_piece_moves_on_an_empty_board(letter: str, targets: set[str]) -> None:
    """ST-3: Ferz, Wazir, Elephant (2,2), Camel (2,0 — the page's Dabbaba), Knight,
    Rook, an empty Horse (a knight), Pawn one step forward; each from e5."""
    pos = position(VARIANT, f"8k/9/9/9/4{letter}4/9/9/9/K8[] w - - 0 1")
    assert legal_from(pos, "e5") == {f"e5{t}" for t in targets}


def test_st3_leapers_jump_and_pawns_have_no_double_step() -> None:
    """ST-3: the Camel leaps over a piece in between (e4-e6 over e5); a pawn on its
    start rank steps one square only and captures diagonally forward."""
    pos = position(VARIANT, "8k/9/9/9/3pP4/2C1C4/3PP4/9/K8[] w - - 0 1")
    assert legal_from(pos, "c4") == {"c4a4", "c4c6", "c4c2"}
    assert legal_from(pos, "e4") == {"e4g4", "e4e2", "e4e6"}
    assert legal_from(pos, "e3") == set()
    assert legal_from(pos, "d3") == {"d3d4"}
    assert legal_from(pos, "e5") == {"e5e6"}
    pos = position(VARIANT, "8k/9/9/9/9/9/ppp6/1P7/K8[] w - - 0 1")
    assert legal_from(pos, "b2") == {"b2a3", "b2c3"}


# -- ST-4 the Trojan Horse -----------------------------------------------------------
def test_st4_a_deployment_leaves_one_cargo_piece_on_the_square_left() -> None:
    """ST-4: 'dropped a Camel off at e2' — the Horse leaps, a Camel of its colour
    stands on e2 and the Horse carries the five others."""
    pos = play(position(VARIANT), "e2d4,C@e2")
    assert pos.fen().split()[0] == "4k4/4t(fwecnr)4/ppppppppp/9/9/3T(FWENR)5/PPPPPPPPP/4C4/4K4[]"
    play(pos, "e8f6,N@e8")
    assert pos.piece_at("e8") is pos.variant.piece("N", BLACK)
    assert pos.piece_at("f6") is pos.variant.piece("T", BLACK, "FWECR")


def test_st4_deploy_with_a_capture_and_a_deploy_that_blocks_check() -> None:
    """ST-4: 'any of its moves' includes captures; a Rook left on the vacated square
    may cover the King (legal because it ends the check)."""
    pos = position(VARIANT, "4k4/9/9/9/9/2p6/4T(R)4/9/4K4[] w - - 0 1")
    assert legal_from(pos, "e3") == {
        "e3c4", "e3c4,R@e3", "e3c2", "e3c2,R@e3", "e3d1", "e3d1,R@e3", "e3f1", "e3f1,R@e3",
        "e3g2", "e3g2,R@e3", "e3g4", "e3g4,R@e3", "e3d5", "e3d5,R@e3", "e3f5", "e3f5,R@e3",
    }  # fmt: skip
    pos = position(VARIANT, "4r4/9/9/9/9/4T(R)4/9/9/4K4[] w - - 0 1")
    assert legal_from(pos, "e4") == {
        f"e4{t},R@e4" for t in ("c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5")
    }


def test_st4_a_captured_horse_goes_to_hand_with_its_cargo_and_serves_the_captor() -> None:
    """ST-4: captured, the Horse goes to the captor's hand with what it still carries;
    dropped, it deploys that cargo for its new owner."""
    pos = position(VARIANT, "4k4/9/9/9/4t(cr)4/3P5/9/9/4K4[] w - - 0 1")
    play(pos, "d4e5", "e9d9")
    assert pos.fen().split()[0].endswith("[T(CR)]")
    drops = {t for t in legal_texts(pos) if "@" in t and "," not in t}
    assert len(drops) == 81 - 3 and "T(CR)@e4" in drops
    play(pos, "T(CR)@e4", "d9c9")
    assert pos.piece_at("e4") is pos.variant.piece("T", WHITE, "CR")
    play(pos, "e4f6,R@e4")
    assert pos.piece_at("e4") is pos.variant.piece("R", WHITE)


def test_st4_an_empty_horse_in_hand_is_dropped_and_moves_as_a_knight() -> None:
    """ST-4 / page: 'If a captured Trojan Horse … is empty, you can drop it and use it
    as a Knight' — no deployments, eight knight moves."""
    pos = position(VARIANT, "k8/9/9/9/4t4/3P5/9/9/K8[] w - - 0 1")
    play(pos, "d4e5", "a9b9", "T@e4", "b9a9")
    assert legal_from(pos, "e4") == {
        f"e4{t}" for t in ("c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5")
    }


# -- ST-5 drops ----------------------------------------------------------------------
def test_st5_pawn_drops_skip_only_the_last_rank_and_may_double() -> None:
    """ST-5: a pawn may be dropped on any empty square but rank 9 (White) / rank 1
    (Black), on a file with own pawns too; a Knight has no rank limit."""
    pos = position(VARIANT, "k8/9/9/9/9/9/4P4/9/K8[PN] w - - 0 1")
    empty = 81 - 3
    drops = legal_texts(pos)
    assert len({t for t in drops if t.startswith("P@")}) == empty - 8
    assert not any(t.startswith("P@") and t.endswith("9") for t in drops)
    assert "P@e4" in drops and "N@e9" in drops
    assert len({t for t in drops if t.startswith("N@")}) == empty
    pos = position(VARIANT, "k8/9/9/9/9/9/9/9/K8[p] b - - 0 1")
    assert len(legal_texts(pos) & {f"P@{f}1" for f in "abcdefghi"}) == 0


def test_st5_a_drop_never_promotes_but_the_next_move_may() -> None:
    """ST-5/ST-6: 'not on the moment they are dropped'."""
    pos = play(position(VARIANT, "k8/9/9/9/9/9/9/9/K8[P] w - - 0 1"), "P@e8", "a9b9")
    assert pos.piece_at("e8") is pos.variant.piece("P", WHITE)
    assert legal_from(pos, "e8") == {"e8e9f", "e8e9w"}


def test_st5_captured_promoted_ferz_stays_a_ferz_in_hand() -> None:
    """ST-5: 'If you capture a Ferz or a Wazir (even if this resulted from promotion)
    it retains its promotional status'."""
    pos = position(VARIANT, "4k4/9/3P5/9/9/9/9/9/4K4[] w - - 0 1")
    play(pos, "d7d8f", "e9d8")
    assert pos.hand(BLACK) == {"F": 1}
    assert "F@e5" in legal_texts(play(pos, "e1e2"))


def test_st5_mate_by_pawn_drop_is_allowed() -> None:
    """ST-5: unlike Shogi, a pawn drop may mate: P@h8 attacks i9, the Wazir h7 guards
    h8, the Knight g7 covers h9 and i8."""
    pos = position(VARIANT, "8k/9/6NW1/9/9/9/9/9/K8[P] w - - 0 1")
    assert "P@h8" in legal_texts(pos)
    play(pos, "P@h8")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination == "checkmate" and outcome.winner == WHITE


# -- ST-6 promotion -------------------------------------------------------------------
def test_st6_promotion_optional_on_7_and_8_forced_on_9_ferz_or_wazir_only() -> None:
    """ST-6: into rank 8 by a step or a capture: optional; into rank 9: compulsory."""
    pos = position(VARIANT, "9/3p5/4P4/9/9/9/9/9/K7k[] w - - 0 1")
    assert legal_from(pos, "e7") == {"e7e8", "e7e8f", "e7e8w", "e7d8", "e7d8f", "e7d8w"}
    pos = position(VARIANT, "3r5/4P4/9/9/9/9/9/9/K7k[] w - - 0 1")
    assert legal_from(pos, "e8") == {"e8e9f", "e8e9w", "e8d9f", "e8d9w"}
    pos = position(VARIANT, "K7k/9/9/9/9/9/9/4p4/9[] b - - 0 1")
    assert legal_from(pos, "e2") == {"e2e1f", "e2e1w"}


# -- ST-7 end of the game ---------------------------------------------------------------
def test_st7_checkmate_wins_and_stalemate_draws() -> None:
    """ST-7: a Rook mate on the back rank; a stalemated King with nothing to drop."""
    pos = position(VARIANT, "4k4/R8/4K4/9/9/9/9/9/9[] w - - 0 1")
    play(pos, "a8a9")
    outcome = pos.outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == ("checkmate", WHITE)
    pos = position(VARIANT, "k1W6/9/1K7/9/9/9/9/9/9[] b - - 0 1")
    outcome = pos.outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == ("stalemate", None)


def test_st7_bare_king_option() -> None:
    """ST-7 *option* bare-king: a King alone on the board with an empty hand loses;
    without the option the game goes on; a piece in hand is not bare."""
    fen = "4k4/9/9/9/9/9/4P4/9/4K4[] b - - 0 1"
    assert position(VARIANT, fen).outcome() is None
    outcome = position(VARIANT, fen, ("bare-king",)).outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == ("bare_king", WHITE)
    held = "4k4/9/9/9/9/9/4P4/9/4K4[p] b - - 0 1"
    assert position(VARIANT, held, ("bare-king",)).outcome() is None


# -- notation, FEN, the example game -------------------------------------------------
def test_drop_and_deploy_input_forms() -> None:
    """Coordinate input accepts '*' for '@' and '(C@e2)' / ';C*e2' for ',C@e2'; the
    human notation writes the page's 'T e2-d4' with '(C@e2)'."""
    pos = position(VARIANT)
    for text in ("e2d4,C@e2", "e2d4(C@e2)", "E2D4;C*E2", "e2d4 (c*e2)"):
        assert pos.move_text(pos.parse_move(text)) == "e2d4,C@e2"
    note = _notation()
    move = pos.parse_move("e2d4,C@e2")
    assert note.write(pos, move) == "T e2-d4 (C@e2)"
    for text in ("T e2-d4 (C@e2)", "Te2d4;C*e2", "e2-d4, C@e2"):
        assert note.read(pos, text) == move
    assert note.read(pos, "T e2-d4") == pos.parse_move("e2d4")
    drop = position(VARIANT, "k8/9/9/9/9/9/9/9/K8[N] w - - 0 1")
    assert drop.move_text(drop.parse_move("N*e4")) == "N@e4"
    assert drop.move_text(note.read(drop, "N*e4")) == "N@e4"


def test_fen_round_trips_holdings_with_cargo() -> None:
    """trebuchet FEN: a Horse in hand keeps its cargo, written T(CN) in the holdings."""
    fen = "4k4/9/9/9/9/9/9/9/4K4[T(CN)TPPt(fw)f] w - - 0 1"
    pos = position(VARIANT, fen)
    assert pos.hand(WHITE) == {"T(CN)": 1, "T": 1, "P": 2}
    assert pos.hand(BLACK) == {"T(FW)": 1, "F": 1}
    assert position(VARIANT, pos.fen()).fen() == pos.fen()
    assert "T(CN)@e5" in legal_texts(pos) and "T@e5" in legal_texts(pos)
    with pytest.raises(FenError):
        position(VARIANT, "4k4/9/9/9/9/9/9/9/4K4[T(cn)] w - - 0 1")


def _random_walk(pos: Position, rng: random.Random, plies: int) -> None:
    """Play random moves; at each ply every legal move has its own coordinate text
    and its own human text, and each text reads back to the same move."""
    note = _notation()
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            return
        texts = [pos.move_text(m) for m in moves]
        assert len(set(texts)) == len(moves)
        humans = [note.write(pos, m) for m in moves]
        assert len(set(humans)) == len(moves)
        for move, text, human in zip(moves, texts, humans, strict=True):
            assert pos.parse_move(text) == move
            assert note.read(pos, human) == move
        pos.push(rng.choice(moves))


def test_every_legal_move_has_one_text_in_random_play() -> None:
    rng = random.Random(7)
    for _ in range(4):
        _random_walk(position(VARIANT), rng, 24)


def test_example_game_replays_and_shows_drop_promotion_and_captured_horse() -> None:
    """examples/shatranj-of-troy/opening.txt replays from its header FEN; the captured
    black Horse (ST-4) is dropped by White and deploys a Rook that serves White;
    the promoted Ferz taken by the King is dropped by Black as a Ferz (ST-5)."""
    lines = EXAMPLE.read_text().splitlines()
    header = {k.strip(): v.strip() for k, _, v in (line[1:].partition(":") for line in lines
              if line.startswith("#") and ":" in line)}
    assert header["Variant"] == VARIANT and header["FEN"] == START
    moves = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    pos = position(VARIANT, header["FEN"])
    variant = pos.variant
    seen = []
    for text in moves:
        seen.append(_notation().write(pos, pos.parse_move(text)))
        pos.push_text(text)
        if text == "e9d8":
            assert pos.hand(BLACK) == {"F": 1}  # ST-5: the promoted Ferz stays a Ferz
    assert seen[:2] == ["T e2-d4 (C@e2)", "T e8-f6 (N@e8)"]
    assert "T(FWECR)@d3" in seen and "T d3-f4 (R@d3)" in seen and "P d7-d8=F+" in seen
    assert "R d3xd6+" in seen and seen[-1] == "F@d7"
    assert pos.piece_at("d6") is variant.piece("R", WHITE)  # the Trojan Rook, now White's
    assert pos.piece_at("f4") is variant.piece("T", WHITE, "FWEC")
    assert pos.piece_at("d7") is variant.piece("F", BLACK)
    assert pos.hand(WHITE) == {"P": 1} and not pos.hand(BLACK)


def test_perft_3_of_the_start_and_the_fast_and_slow_legality_agree() -> None:
    """Perft 1 and 2 follow from the oracle's 17 first moves of the empty-Horse start
    plus 4 × 6 deployments (no move of either side can touch the other's in two
    plies): 41 and 41².  Perft 3 is a self-consistency check: every node rebuilt
    from its FEN and tested with the slow, board-checking legality path must agree
    move by move with the fast divide (the same generator on both sides)."""
    pos = position(VARIANT)
    assert perft(pos, 1) == 41 and perft(pos, 2) == 41 * 41
    fast = divide(pos, 3)

    def slow(fen: str, depth: int) -> int:
        node = position(VARIANT, fen)
        variant = node.variant
        moves = [m for m in variant.pseudo_legal_moves(node) if variant.is_safe(node, m)]
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            node.push(move)
            total += slow(node.fen(), depth - 1)
            node.pop()
        return total

    sample = sorted(fast)[::8]
    for text in sample:
        child = play(position(VARIANT), text)
        assert slow(child.fen(), 2) == fast[text], text
    assert sum(fast.values()) == perft(position(VARIANT), 3)

