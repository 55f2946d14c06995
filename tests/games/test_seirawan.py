"""S-chess against Fairy-Stockfish (pyffish's built-in ``seirawan``): seeded random
games compared at every ply, and one test per ruling SC-1 … SC-6."""

from __future__ import annotations

import random

import pyffish  # a declared test dependency: its absence is a failure, not a skip
import pytest

from tests.helpers import legal_texts, play, position, replay_against_pyffish
from trebuchet.variants.position import Position

FSF = "seirawan"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1"


def fsf_fen(pos: Position) -> str:
    """Our FEN as Fairy-Stockfish writes it: the en passant square only where a
    capture there is possible."""
    fields = pos.fen().split()
    if fields[3] != "-" and not pos.variant.ep_capture_possible(pos):
        fields[3] = "-"
    return " ".join(fields)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_agree_with_pyffish(seed: int) -> None:
    """Legal moves (UCI), FEN, and the SAN of the move played (read back too);
    gating moves are preferred, so that hands empty and gates close."""
    rng = random.Random(seed)

    def prefer(pos: Position, names: list[str]) -> list[str]:
        gating = [t for t in names if len(t) == 5 and t[-1] in "he"]
        return gating if gating and rng.random() < 0.4 else names

    def fens(pos: Position, theirs: str) -> tuple[str, str]:
        return fsf_fen(pos), theirs

    plies = replay_against_pyffish(
        "seirawan", FSF, START, rng, games=5, plies=80, prefer=prefer, fsf_fen=fens
    )
    assert plies > 100


def test_sc_1_start_and_pieces() -> None:
    pos = position("seirawan")
    assert pos.fen() == pyffish.get_fen(FSF, START, [])  # holdings written Elephants first
    hawk = position("seirawan", "4k3/8/8/8/3H4/8/8/4K3[] w - - 0 1")
    assert len([t for t in legal_texts(hawk) if t.startswith("d4")]) == 13 + 8


def test_sc_2_gating_as_a_first_rank_piece_leaves() -> None:
    pos = position("seirawan")
    assert {"g1f3", "g1f3h", "g1f3e"} <= legal_texts(pos)
    play(pos, "g1f3h")
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1"
    assert pos.fen() == pyffish.get_fen(FSF, START, ["g1f3h"])


#: SC-2: positions where a gated piece would block a check the plain move leaves
#: or walks into; Fairy-Stockfish refuses the gating move with the plain one
GATE_BLOCKS = {
    # the Knight on c1 is pinned by the h1 rook: c1a2h would put a Hawk between them
    "pinned Knight": "4k3/8/8/8/8/8/8/K1N4r[H] w C - 0 1",
    # the King in check along the first rank, stepping along it: e1f1h
    "King along the check": "4k3/8/8/8/8/8/8/r3K3[H] w E - 0 1",
    # Fairy-Stockfish issue #141's pychess game, move 10: Kd1/E and Kd1/H refused
    "issue 141 King": "r1bqkbn1/pppppp2/8/6p1/Q2nP3/PBP5/1P1P1PP1/RNB1K2r[EHeh] w cdfgBCQq - 1 10",
    # the same game, move 6 (cutechess issue #569): the g1 Knight pinned, Nf3/H refused
    "issue 141 Knight": (
        "r1bqkbn1/pppppp2/2n5/6p1/2B1P3/2P5/PP1P1PP1/RNBQK1Nr[EHeh] w cdfgBCDGQq - 1 6"
    ),
}


@pytest.mark.parametrize("fen", GATE_BLOCKS.values(), ids=GATE_BLOCKS.keys())
def test_sc_2_a_gated_piece_never_makes_an_illegal_move_legal(fen: str) -> None:
    pos = position("seirawan", fen)
    ours = legal_texts(pos)
    assert ours == set(pyffish.legal_moves(FSF, fen, []))
    # every gating move (none castles here) is the twin of a legal plain move
    assert {t[:4] for t in ours if len(t) == 5 and t[-1] in "he"} <= ours


def test_sc_2_holds_for_a_gating_move_tested_alone() -> None:
    """The pinned Knight's gating moves, which pyffish refuses, are refused by the
    one-move test and by the filter given them alone, as among all the moves."""
    pos = position("seirawan", "4k3/8/8/8/8/8/8/K1N4r[H] w C - 0 1")
    variant = pos.variant
    gating = [m for m in variant.pseudo_legal_moves(pos) if variant.move_text(pos, m) == "c1d3h"]
    assert len(gating) == 1
    assert not variant.is_safe(pos, gating[0])
    assert variant.filter_legal(pos, gating) == []


def test_sc_3_castling_gates_on_the_kings_or_the_rooks_square() -> None:
    fen = "4k3/8/8/8/8/8/8/4K2R[H] w K - 0 1"
    pos = position("seirawan", fen)
    assert {"e1g1", "e1g1h", "h1e1h"} <= legal_texts(pos)
    assert legal_texts(pos) == set(pyffish.legal_moves(FSF, fen, []))
    assert pos.notation(pos.parse_move("h1e1h")) == "O-O/Hh1"
    assert pos.variant.notation.read(pos, "O-O/He1") == pos.parse_move("e1g1h")


def test_sc_4_promotion_to_hawk_and_elephant() -> None:
    pos = position("seirawan", "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1")
    assert {"b7b8h", "b7b8e"} <= legal_texts(pos)
    assert pos.notation(pos.parse_move("b7b8e")) == "b8=E+"


def test_sc_5_gates_in_fen_and_when_they_close() -> None:
    moves = ["e2e4", "e7e5", "e1e2"]
    pos = play(position("seirawan"), *moves)
    assert pos.fen().split()[2] == "ABCDFGHkqbcdfg" == pyffish.get_fen(FSF, START, moves).split()[2]
    spent = play(position("seirawan"), "g1f3h", "g8f6", "b1c3e")
    assert spent.fen() == pyffish.get_fen(FSF, START, ["g1f3h", "g8f6", "b1c3e"])
    assert " KQkqbcdf " in spent.fen()  # White's hand is empty: no gates written


def test_sc_6_gating_san_tells_apart_only_gating_rivals() -> None:
    fen = "rnbqkbhr/1ppppppp/7n/p7/8/3P4/PPPNPPPP/REBQKBNR[He] w KQCDFGkqbcdf - 0 3"
    pos = position("seirawan", fen)
    assert pos.notation(pos.parse_move("g1f3h")) == pyffish.get_san(FSF, fen, "g1f3h") == "Nf3/H"
    assert pos.notation(pos.parse_move("g1f3")) == pyffish.get_san(FSF, fen, "g1f3") == "Ngf3"
    read = pos.variant.notation.read
    assert read(pos, "Ngf3/H") == read(pos, "Nf3/H") == pos.parse_move("g1f3h")
