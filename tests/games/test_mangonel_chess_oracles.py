"""Mangonel Chess against external oracles, and notation on random play.

* python-chess (8 × 8 only): a test-only subclass of MangonelChess with 8 files
  and the FIDE start array, so no Mangonel is on the board.  On random games we
  compare, ply by ply, the legal move set, the full FEN and the game's outcome.
  The one intended difference is MC-5: every promotion also offers a Mangonel
  (``…m``); those moves are checked against the Queen promotions and never played.
* Fairy-Stockfish (shared data, 10 × 8 MC-1 board with MC-1 castling, no
  Mangonels): its random games ply by ply, and its perft of that start position.
* Fairy-Stockfish perft of the real start position with the Mangonel reduced to
  its step (``mK``): equal to ours to depth 3 because no sling can arise there,
  which the test checks too.
"""

from __future__ import annotations

import csv
import json
import random
from collections.abc import Iterator
from typing import ClassVar

import chess
import pytest

from tests.helpers import DATA, legal_texts, position, requires_shared
from trebuchet.variants.mangonel_chess import SLING, MangonelChess
from trebuchet.variants.perft import perft
from trebuchet.variants.pieces import BLACK, WHITE
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

ORACLES = DATA / "oracles"
FIDE_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class MangonelChess8x8(MangonelChess):
    """Mangonel Chess rules on the 8 × 8 FIDE array: only python-chess can judge it."""

    name = "mangonel-chess-8x8-test"
    files = 8
    start_fen = FIDE_START
    option_help: ClassVar[dict[str, str]] = {}


EIGHT = MangonelChess8x8()

# Start positions without Mangonels: the FIDE array and the well-known perft
# positions (Kiwipete, chessprogramming.org positions 3, 4, 5).
FIDE_FENS = [
    FIDE_START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p2/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
]


def _compare_with_python_chess(pos: Position, board: chess.Board) -> list[str]:
    """Assert the two agree on this position; return python-chess's legal moves."""
    theirs = sorted(m.uci() for m in board.legal_moves)
    ours = legal_texts(pos)
    fide = {t for t in ours if not t.endswith("m")}
    assert fide == set(theirs), pos.fen()
    # MC-5: a Mangonel promotion exactly where a Queen promotion is legal.
    assert ours - fide == {t[:-1] + "m" for t in theirs if t.endswith("q")}, pos.fen()
    # The general legality test (the one used whenever a Mangonel is on the board)
    # must agree too, not only the fast path used without Mangonels.
    variant = pos.variant
    general = {pos.move_text(m) for m in variant.pseudo_legal_moves(pos) if variant.is_safe(pos, m)}
    assert general == ours, pos.fen()
    assert pos.fen() == board.fen(en_passant="fen")
    ours_end = pos.outcome()
    theirs_end = board.outcome()
    if theirs_end is None:
        assert ours_end is None, pos.fen()
    else:
        assert ours_end is not None, pos.fen()
        assert ours_end.termination == theirs_end.termination.name.lower()
        assert ours_end.winner == _player(theirs_end.winner)
    return theirs


@pytest.mark.parametrize("fen", FIDE_FENS)
def test_without_mangonels_it_is_fide_chess_python_chess(fen: str) -> None:
    rng = random.Random(fen)
    for _ in range(2):
        pos = EIGHT.position(fen)
        board = chess.Board(fen)
        for _ in range(160):
            theirs = _compare_with_python_chess(pos, board)
            if not theirs or board.is_game_over():
                break
            move = rng.choice(theirs)
            pos.push_text(move)
            board.push_uci(move)


def _fsf_games() -> Iterator[dict[str, object]]:
    with open(ORACLES / "mangonel10x8_nomangonel_random_games.jsonl") as handle:
        for line in handle:
            yield json.loads(line)


@requires_shared("oracles")
def test_without_mangonels_fairy_stockfish_random_games_on_the_10x8_board() -> None:
    games = list(_fsf_games())
    assert len(games) == 10
    plies = 0
    for game in games:
        pos = MangonelChess().position(str(game["start_fen"]))
        for ply in game["plies"]:  # type: ignore[attr-defined]
            ours = legal_texts(pos)
            # MC-5 adds Mangonel promotions, which the no-Mangonel config lacks.
            assert {t for t in ours if not t.endswith("m")} == set(ply["legal"]), ply["fen"]
            mine, fsf = pos.fen().split(), ply["fen"].split()
            assert [mine[i] for i in (0, 1, 2, 4, 5)] == [fsf[i] for i in (0, 1, 2, 4, 5)]
            if fsf[3] != "-":
                assert mine[3] == fsf[3]
            if "move" not in ply:
                break
            pos.push_text(ply["move"])
            plies += 1
    assert plies > 1000


def _fsf_perft(config: str) -> list[tuple[str, int, int]]:
    with open(ORACLES / "approx_configs_perft.tsv") as handle:
        rows = csv.reader(handle, delimiter="\t")
        return [(r[1], int(r[2]), int(r[3])) for r in rows if r and r[0] == config]


@requires_shared("oracles")
def test_perft_without_mangonels_matches_fairy_stockfish() -> None:
    rows = _fsf_perft("mangonel10x8-nomangonel")
    assert [d for _, d, _ in rows] == [1, 2, 3]
    for fen, depth, nodes in rows:
        assert perft(MangonelChess().position(fen), depth) == nodes


def _player(color: bool | None) -> int | None:
    """python-chess's colour (True = White) as a trebuchet player number."""
    return None if color is None else (WHITE if color else BLACK)


def _no_sling_within(pos: Position, depth: int) -> bool:
    """No pseudo-legal sling for either side in any position up to ``depth`` plies."""
    variant = pos.variant
    for color in (WHITE, BLACK):
        if any(m.tag == SLING for m in variant.pseudo_legal_moves(pos, color)):
            return False
    if depth == 0:
        return True
    for move in pos.legal_moves():
        pos.push(move)
        ok = _no_sling_within(pos, depth - 1)
        pos.pop()
        if not ok:
            return False
    return True


@requires_shared("oracles")
def test_perft_from_the_start_to_depth_3() -> None:
    # Fairy-Stockfish's "mangonel10x8" has the Mangonel's step but no sling.  Within
    # two plies no position offers either side a sling (checked below), so no sling
    # can be played or threatened at depth 3 and the counts must agree.
    start = position("mangonel-chess")
    assert _no_sling_within(start, 2)
    rows = _fsf_perft("mangonel10x8")
    assert [d for _, d, _ in rows] == [1, 2, 3]
    for fen, depth, nodes in rows:
        assert fen == start.fen()
        assert perft(start, depth) == nodes


@pytest.mark.parametrize("options", [(), ("sling-must-land",)])
def test_random_play_every_legal_move_has_exactly_one_text(options: tuple[str, ...]) -> None:
    rng = random.Random(5)
    slings = captures = 0
    for _ in range(4):
        pos = position("mangonel-chess", None, options)
        for _ in range(120):
            moves = pos.legal_moves()
            if not moves:
                break
            texts = [pos.move_text(m) for m in moves]
            assert len(set(texts)) == len(texts), pos.fen()
            before = pos.fen()
            # prefer slings half the time so that they are exercised often
            mangonel = [m for m in moves if m.tag == SLING]
            move = rng.choice(mangonel if mangonel and rng.random() < 0.5 else moves)
            assert pos.parse_move(pos.move_text(move)) == move
            # the FEN written here reads back to the same FEN
            assert pos.variant.position(before).fen() == before
            slings += move.tag == SLING
            captures += move.tag == SLING and move.is_capture()
            pos.push(move)
            pos.pop()
            assert pos.fen() == before
            pos.push(move)
            if pos.outcome() is not None:
                break
    assert slings > 20 and captures > 3


def test_sling_attack_test_agrees_with_generating_every_mangonel_move() -> None:
    # MangonelChess.removes reads slings backwards from the target for speed; the
    # base class answers the same question by generating every Mangonel move.
    rng = random.Random(11)
    variant = MangonelChess()
    checked = hits = 0
    for _ in range(3):
        pos = variant.position()
        for _ in range(100):
            moves = pos.legal_moves()
            if not moves:
                break
            for target, piece in list(pos.pieces()):
                by = not piece.color
                fast = variant.removes(pos, target, by, frozenset("M"))
                assert fast == Variant.removes(variant, pos, target, by, frozenset("M"))
                checked += 1
                hits += fast
            slings = [m for m in moves if m.tag == SLING]
            pos.push(rng.choice(slings if slings and rng.random() < 0.6 else moves))
    assert checked > 1000 and hits > 10
