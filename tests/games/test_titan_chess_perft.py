"""Titan Chess move generator as a whole: perft from the start, and properties that
must hold on random play (no external oracle knows this game)."""

from __future__ import annotations

import random
import re

import pytest

from trebuchet.variants.perft import divide, perft
from trebuchet.variants.pieces import BLACK, WHITE
from trebuchet.variants.pieces import Player as Color
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant

TITAN = get_variant("titan-chess")


def test_perft_1_is_46_as_derived_by_hand() -> None:
    # From the TC-1 setup, White's only moves are:
    #   12 Pawns a3-l3, each 1, 2 or 3 squares up to rank 6 (TC-2)      36
    #   Ninja Warriors d2, i2: the two-square leap over the own pawn on
    #   d3 / i3 to d4 / i4; every other step or leap hits an own piece   2
    #   Knights e2, h2: d4 f4 / g4 i4 (the rest are own pieces)            4
    #   Leaping Ninja Guards d1, i1: only the camel leaps c4 e4 / h4 j4
    #   (the (3,1) leaps land on a2, g2 / f2, l2, own pieces)              4
    #   Ninja Pawns: rank 3 above and ranks 2 beside are full              0
    #   Bombers, Raptors: the adjacent piece and the one beyond it are
    #   own pieces, so no leap and no capture (TC-5)                       0
    #   Quad pieces: every first step is an own piece (TC-6)               0
    #   Queen, Rooks, Bishops, King: boxed in; castling blocked (TC-7)     0
    # total 46.
    assert perft(TITAN.start_position(), 1) == 46


def test_perft_2_by_divide_every_first_move_leaves_black_46_replies() -> None:
    # After any one White move no White piece stands above rank 6 or attacks a square
    # Black's pieces use (Black's moves reach rank 7 at most), no en passant is
    # possible (no Black pawn beside a White one), and Black's position mirrors
    # White's start: each of the 46 first moves leaves Black exactly 46 replies.
    split = divide(TITAN.start_position(), 2)
    assert len(split) == 46
    assert set(split.values()) == {46}
    assert sum(split.values()) == 2116


# -- random play ------------------------------------------------------------------------
_SQUARE = re.compile(r"([a-l])(\d+)")


def mirror_fen(fen: str) -> str:
    """The same position with the board turned upside down and the colours swapped."""
    board, turn, castling, ep, half, full = fen.split()
    rows = "/".join(reversed(board.split("/"))).swapcase()
    ep_field = mirror_text(ep)
    flipped_turn = "b" if turn == "w" else "w"
    return f"{rows} {flipped_turn} {castling.swapcase()} {ep_field} {half} {full}"


def mirror_text(text: str) -> str:
    return _SQUARE.sub(lambda m: f"{m[1]}{13 - int(m[2])}", text)


def random_positions(seed: int, plies: int) -> list[str]:
    """FENs along a random game that prefers captures (to bring the new pieces' special
    captures into play); stops early when the game ends."""
    rng = random.Random(seed)
    pos = TITAN.start_position()
    seen = [pos.fen()]
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        captures = [m for m in moves if m.is_capture()]
        pool = captures if captures and rng.random() < 0.6 else moves
        pos.push(rng.choice(pool))
        seen.append(pos.fen())
    return seen


SAMPLE = [fen for seed in (1, 2, 3) for fen in random_positions(seed, 70)]


def generic_removals(pos: Position, by: Color) -> set[int]:
    """Squares some pseudo-legal move of ``by`` empties by capture: the slow truth.

    En passant is left out: like the rules core's ray test for FIDE pawns, the attack
    test answers for pieces that can stand in check, and an e.p. victim is a Pawn."""
    moves = TITAN.pseudo_legal_moves(pos, by)
    return {s for m in moves if m.tag != "ep" for s in m.removed_squares}


def test_random_play_reaches_the_special_captures() -> None:
    tags = set()
    for fen in SAMPLE:
        tags |= {m.tag for m in TITAN.position(fen).legal_moves()}
    assert {"flyover", "double", "jump"} <= tags


@pytest.mark.parametrize("fen", SAMPLE[::3])
def test_each_legal_move_has_one_text_and_unmakes_exactly(fen: str) -> None:
    pos = TITAN.position(fen)
    assert pos.fen() == fen
    moves = pos.legal_moves()
    texts = [pos.move_text(m) for m in moves]
    assert len(set(texts)) == len(texts)
    for move in moves:
        pos.push(move)
        assert TITAN.position(pos.fen()).fen() == pos.fen()
        pos.pop()
        assert pos.fen() == fen
    for text in texts[:: max(1, len(texts) // 3)]:
        assert pos.move_text(pos.parse_move(text)) == text


@pytest.mark.parametrize("fen", SAMPLE[1::3])
def test_attack_test_agrees_with_generating_every_move(fen: str) -> None:
    # TitanChess.removes looks backwards from the target; simple kinds use rays.  Both
    # must find exactly the pieces some enemy move would take.
    pos = TITAN.position(fen)
    for by in (WHITE, BLACK):
        truth = generic_removals(pos, by)
        for sq, _piece in pos.pieces(1 - by):
            assert TITAN.is_attacked(pos, sq, by) == (sq in truth), (fen, sq, by)


@pytest.mark.parametrize("fen", SAMPLE[2::3])
def test_mirrored_position_has_the_mirrored_moves(fen: str) -> None:
    pos = TITAN.position(fen)
    flipped = TITAN.position(mirror_fen(fen))
    mine = {mirror_text(pos.move_text(m)) for m in pos.legal_moves()}
    assert mine == {flipped.move_text(m) for m in flipped.legal_moves()}
