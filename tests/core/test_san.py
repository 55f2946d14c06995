"""SAN: written exactly as python-chess writes it; read tolerantly, by matching."""

from __future__ import annotations

import random

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import play, position
from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError
from trebuchet.variants.registry import get_variant, variant_names
from trebuchet.variants.san import SanNotation


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_san_equals_python_chess_in_random_games(seed: int) -> None:
    """Every legal move of random games: our SAN is python-chess's, and reads back."""
    rng = random.Random(seed)
    pos = get_variant("chess").start_position()
    board = chess.Board()
    san = SanNotation(pos.variant)
    for _ in range(120):
        moves = pos.legal_moves()
        if not moves:
            break
        for move in moves:
            expected = board.san(chess.Move.from_uci(pos.move_text(move)))
            assert san.write(pos, move) == expected
        move = rng.choice(moves)
        assert san.read(pos, board.san(chess.Move.from_uci(pos.move_text(move)))) == move
        board.push_uci(pos.move_text(move))
        pos.push(move)


@pytest.mark.parametrize(
    ("fen", "text", "coordinate"),
    [
        (None, "Ng1-f3", "g1f3"),
        (None, "Ng1f3", "g1f3"),
        (None, "g1f3", "g1f3"),
        (None, "e2-e4", "e2e4"),
        (None, "E4", "e2e4"),
        (None, "NG1F3", "g1f3"),
        (None, "e4!?", "e2e4"),
        (None, "Nf3?!", "g1f3"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", "e1c1"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1g1"),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q", "a7a8q"),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=N", "a7a8n"),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8r", "a7a8r"),
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "e4d5"),
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4xd5", "e4d5"),
    ],
)
def test_tolerant_reading(fen: str | None, text: str, coordinate: str) -> None:
    pos = position("chess", fen)
    move = SanNotation(pos.variant).read(pos, text)
    assert pos.move_text(move) == coordinate


def test_ambiguous_and_illegal_texts_name_the_candidates() -> None:
    pos = position("chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    san = SanNotation(pos.variant)
    with pytest.raises(AmbiguousMoveError) as ambiguous:
        san.read(pos, "Nd2")
    assert set(ambiguous.value.nearest) == {"b1d2", "f1d2"}
    assert san.write(pos, pos.parse_move("b1d2")) == "Nbd2"
    with pytest.raises(IllegalMoveError) as illegal:
        san.read(pos, "Nd4")
    assert illegal.value.nearest and illegal.value.fen == pos.fen()


def test_a_text_read_again_names_the_move_of_its_new_position() -> None:
    """A notation prepares each text once (its readings, their squares and plans,
    its raised spelling) and keeps that for the next time the text comes: what it
    keeps must not depend on the position the text was first read in."""
    san = SanNotation(get_variant("chess"))
    start = position("chess")
    later = play(position("chess"), "b1c3", "d7d5", "c3b5", "d5d4")
    pawns = position("chess", "4k3/8/8/2p5/1P1P4/8/8/4K3 w - - 0 1")
    for _ in range(2):  # the first reading prepares, the second finds it prepared
        assert start.move_text(san.read(start, "Nc3")) == "b1c3"
        assert later.move_text(san.read(later, "Nc3")) == "b5c3"
        assert later.move_text(san.read(later, "nc3")) == "b5c3"
        assert pawns.move_text(san.read(pawns, "bxc5")) == "b4c5"
        with pytest.raises(AmbiguousMoveError):
            san.read(pawns, "xc5")
        with pytest.raises(IllegalMoveError):
            san.read(pawns, "Nc3")


def test_two_digit_ranks_and_far_files_on_a_big_board() -> None:
    """Titan chess's board has files beyond h and ranks above 9: SAN reads its own texts."""
    if "titan-chess" not in variant_names():
        pytest.skip("titan-chess not installed")
    pos = get_variant("titan-chess").start_position()
    san = SanNotation(pos.variant)
    rng = random.Random(7)
    for _ in range(30):
        moves = pos.legal_moves()
        if not moves:
            break
        for move in moves:
            assert san.read(pos, san.write(pos, move)) == move
        pos.push(rng.choice(moves))


def test_check_and_mate_suffixes() -> None:
    pos = play(position("chess"), "f2f3", "e7e5", "g2g4")
    san = SanNotation(pos.variant)
    assert san.write(pos, pos.parse_move("d8h4")) == "Qh4#"
    pos = play(position("chess"), "e2e4", "f7f6")
    assert san.write(pos, pos.parse_move("d1h5")) == "Qh5+"
