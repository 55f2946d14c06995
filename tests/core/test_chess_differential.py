"""FIDE chess against python-chess: random games, compared at every ply."""

from __future__ import annotations

import random

import chess
import pytest

from tests.helpers import legal_texts, position
from trebuchet.variants.chess import insufficient_material
from trebuchet.variants.pieces import BLACK, WHITE

GAMES = 300
MAX_PLIES = 120


def _compare(board: chess.Board, texts: set[str], ours_check: bool, outcome: object) -> None:
    assert texts == {m.uci() for m in board.legal_moves}, board.fen()
    assert ours_check == board.is_check(), board.fen()


@pytest.mark.parametrize("seed", range(6))
def test_random_games_agree_with_python_chess(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(GAMES // 6):
        pos = position("chess")
        board = chess.Board()
        for _ in range(MAX_PLIES):
            texts = legal_texts(pos)
            assert texts == {m.uci() for m in board.legal_moves}, board.fen()
            assert pos.is_check() == board.is_check(), board.fen()
            assert pos.fen() == board.fen(en_passant="fen"), board.fen()
            ours = pos.outcome()
            theirs = board.outcome()
            assert (ours and ours.result) == (theirs and theirs.result()), board.fen()
            if theirs is not None:
                assert ours is not None
                assert ours.termination == theirs.termination.name.lower(), board.fen()
                break
            choice = rng.choice(sorted(texts))
            pos.push_text(choice)
            board.push_uci(choice)


def test_claimable_draws_match_python_chess() -> None:
    """Threefold repetition and the fifty-move rule are claimable, as in python-chess."""
    pos = position("chess")
    board = chess.Board()
    for move in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        pos.push_text(move)
        board.push_uci(move)
    assert board.can_claim_threefold_repetition()
    ours = pos.outcome(claim_draw=True)
    assert ours is not None and ours.termination == "threefold_repetition"
    assert pos.outcome() is None and board.outcome() is None

    fifty = position("chess", "8/8/4k3/8/8/3K4/8/7R w - - 99 80")
    fifty.push_text("h1h2")
    claimed = fifty.outcome(claim_draw=True)
    assert claimed is not None and claimed.termination == "fifty_moves"


@pytest.mark.parametrize(
    "fen",
    [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KN3/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KB3/8/8 w - - 0 1",
        "8/8/4k3/8/2b5/3KB3/8/8 w - - 0 1",
        "8/8/4k3/8/3b4/3KB3/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1",
        "8/8/4kq2/8/8/3KN3/8/8 w - - 0 1",
        "8/8/4kn2/8/8/3KN3/8/8 w - - 0 1",
        "8/8/4k3/8/8/3KP3/8/8 w - - 0 1",
    ],
)
def test_insufficient_material_matches_python_chess(fen: str) -> None:
    pos = position("chess", fen)
    board = chess.Board(fen)
    for color, theirs in ((WHITE, chess.WHITE), (BLACK, chess.BLACK)):
        assert insufficient_material(pos, color) == board.has_insufficient_material(theirs)
