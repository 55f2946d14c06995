"""Sittuyin against Fairy-Stockfish (pyffish's built-in ``sittuyin``): seeded random
games compared at every ply, and one test per ruling SY-1 … SY-6."""

from __future__ import annotations

import random

import pyffish  # a declared test dependency: its absence is a failure, not a skip
import pytest

from tests.helpers import legal_texts, play, position, replay_against_pyffish
from trebuchet.variants.position import Position

FSF = "sittuyin"
START = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1"


def without_counting(fen: str) -> str:
    """Fairy-Stockfish's FEN with its counting field (the en passant field holds the
    count once a counting rule runs) put back to ``-``: counting is not played (SY-6)."""
    fields = fen.split()
    if fields[3].isdigit():
        fields[3] = "-"
    return " ".join(fields)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_agree_with_pyffish(seed: int) -> None:
    """Legal moves (UCI), FEN and the SAN of the move played (read back too), from
    the set-up on; promotions, then captures are preferred, so that the promotion
    rule comes up."""
    rng = random.Random(seed)

    def prefer(pos: Position, names: list[str]) -> list[str]:
        promotions = [t for t in names if t.endswith("f")]
        moves = {pos.move_text(m): m for m in pos.legal_moves()}
        captures = [t for t in names if moves[t].is_capture()]
        return promotions or (captures if captures and rng.random() < 0.6 else names)

    def fens(pos: Position, theirs: str) -> tuple[str, str]:
        return pos.fen(), without_counting(theirs)

    plies = replay_against_pyffish(
        "sittuyin", FSF, START, rng, games=4, plies=100, prefer=prefer, fsf_fen=fens
    )
    assert plies > 100


def test_sy_1_start() -> None:
    assert position("sittuyin").fen() == pyffish.get_fen(FSF, START, [])


def test_sy_2_drops_first_into_the_camp_chariots_on_the_first_rank() -> None:
    pos = position("sittuyin")
    texts = legal_texts(pos)
    assert all("@" in t for t in texts) and "F@e3" in texts and "F@a3" not in texts
    assert {t for t in texts if t.startswith("R@")} == {f"R@{f}1" for f in "abcdefgh"}
    half = position("sittuyin", "8/6k1/4pppp/pppp4/4PPPP/PPPP4/2K5/8[Fr] w - - 0 1")
    assert all("@" in t for t in legal_texts(half))  # White must drop while it holds


def test_sy_3_the_elephant_steps_diagonally_or_forward() -> None:
    pos = position("sittuyin", "4k3/8/8/8/3S4/8/8/4K3[] w - - 0 1")
    assert {t for t in legal_texts(pos) if t.startswith("d4")} == {
        "d4c3", "d4e3", "d4c5", "d4e5", "d4d5"
    }


def test_sy_4_promotion_on_the_long_diagonals() -> None:
    # with two pawns only the one on the diagonal promotes; not next to an enemy
    pos = position("sittuyin", "k7/8/2P5/1r6/8/8/P7/7K[] w - - 0 1")
    promotions = {t for t in legal_texts(pos) if t.endswith("f")}
    assert promotions == {"c6d5f", "c6d7f"}
    assert promotions == {t for t in pyffish.legal_moves(FSF, pos.fen(), []) if t.endswith("f")}
    last = position("sittuyin", "7k/8/8/8/8/8/8/P6K[] w - - 0 1")
    assert {t for t in legal_texts(last) if t.endswith("f")} == {"a1a1f", "a1b2f"}
    general = position("sittuyin", "k7/8/8/3P4/8/8/8/F6K[] w - - 0 1")
    assert not any(t.endswith("f") for t in legal_texts(general))
    san = position("sittuyin", "k7/8/2P5/8/8/8/P7/7K[] w - - 0 1")
    assert san.notation(san.parse_move("c6c6f")) == "c6=F"
    assert san.notation(san.parse_move("c6d7f")) == "c6d7=F"


def test_sy_5_a_drop_resets_the_halfmove_clock() -> None:
    pos = play(position("sittuyin"), "N@f3", "N@c6")
    assert pos.fen() == pyffish.get_fen(FSF, START, ["N@f3", "N@c6"])
    assert pos.halfmove == 0


def test_sy_6_endings() -> None:
    mate = position("sittuyin", "k7/2K5/8/8/8/8/8/R7[] b - - 0 1").outcome()
    assert mate is not None and mate.termination == "checkmate"
    stale = position("sittuyin", "k7/1R6/1K6/8/8/8/8/8[] b - - 0 1").outcome()
    assert stale is not None and stale.termination == "stalemate" and stale.winner is None
    bare = position("sittuyin", "k7/8/2K5/8/8/8/8/8[] w - - 0 1").outcome()
    assert bare is not None and bare.winner is None
