"""The check test's fast paths are pinned to the general path: the reach filter
(``variants/zrf/reach.py``) and the check tests of one position's moves.

A check test skips an enemy piece when no move of it, on any board, could land on,
take or create on a royal square, as the shapes of its compiled programs say.
Here random games of rules files with a ``checkmated`` goal are played, and at
every position every piece's moves, run by the general path, must fall inside
the squares the filter gives it; and the games' legal moves, check and outcome
must be the same with the filter and without it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import CHESS_ZRF, shared, slow_tier
from tests.zrf.test_scan_memo import CORPUS, GAMES, _fresh, _trace
from trebuchet.variants.pieces import WALL
from trebuchet.variants.position import Position
from trebuchet.variants.zrf.game import ZrfVariant
from trebuchet.variants.zrf.program import Capture, Create

#: besides the memo test's games: marks and backs (Duke, Yonin Shogi, a 3-D board),
#: hands kept on the board (Dobutsu), rebirths created elsewhere (Resurrection Chess)
MORE = [
    CORPUS / "Duke" / "Duke.zrf",
    CORPUS / "YoninShogi" / "YoninShogi.zrf",
    CORPUS / "CubicChess" / "CubicChess.zrf",
    CORPUS / "DobutsuShogi" / "Dobutsu.zrf",
    CORPUS / "ResurrectionChess" / "ResurrectionChess.zrf",
]
#: the games each check here takes tens of seconds on (a 3-D board, a 9x9 one with
#: backs): left to the slow tier
SLOW_GAMES = {CORPUS / "YoninShogi" / "YoninShogi.zrf", CORPUS / "CubicChess" / "CubicChess.zrf"}
TIERED = slow_tier(GAMES + MORE, SLOW_GAMES)


def _hit_squares(game: ZrfVariant, pos: Position, sq: int) -> set[int]:
    """Every square a move of the piece on ``sq`` lands on, takes or creates on."""
    piece = pos.board[sq]
    assert piece is not None and piece.color is not None
    squares: set[int] = set()
    for move in game.piece_moves(pos, sq, piece, piece.color, None):
        em = move.emitted
        squares.update(part.to for part in em.parts)
        squares.update(e.sq for e in em.effects if type(e) in (Capture, Create))
    return squares


def _positions(path: Path, seeds: int, plies: int) -> Iterator[tuple[ZrfVariant, Position]]:
    """The game of the rules file at ``path`` and every position of ``seeds`` random
    games of it, ``plies`` long at most (skipped where ../shared is not here)."""
    game = _fresh(shared(path))
    for seed in range(seeds):
        chooser = random.Random(seed)
        pos = game.start_position()
        for _ in range(plies):
            yield game, pos
            moves = game.legal_moves(pos)
            if not moves:
                break
            pos.push(chooser.choice(moves))


@pytest.mark.parametrize("path", TIERED, ids=lambda p: p.stem)
def test_every_move_falls_inside_its_reach(path: Path) -> None:
    for game, pos in _positions(path, 1, 30):
        for sq, piece in enumerate(pos.board):
            if piece is None or piece is WALL or piece.color is None:
                continue
            where = game._reach(piece.color, None, piece.kind, sq)
            if where is not None:
                assert _hit_squares(game, pos, sq) <= where, (pos.fen(), sq)


@pytest.mark.parametrize("path", TIERED, ids=lambda p: p.stem)
def test_the_filter_changes_no_legal_move(path: Path) -> None:
    filtered = _fresh(shared(path))
    unfiltered = _fresh(path)
    # every piece may reach anywhere: the check test runs them all
    unfiltered._reach = lambda *args: None  # type: ignore[method-assign]
    for seed in range(2):
        assert _trace(filtered, seed, 40) == _trace(unfiltered, seed, 40)


@pytest.mark.parametrize("path", TIERED, ids=lambda p: p.stem)
def test_the_royal_squares_kept_are_the_royal_pieces_squares(path: Path) -> None:
    """The check test takes its targets from ``Position.royals``, which moves keep."""
    for game, pos in _positions(path, 1, 80):
        for player in game.player_range:
            on_board = [sq for sq, p in pos.pieces(player) if p.royal]
            assert sorted(pos.royals[player]) == on_board, pos.fen()


@pytest.mark.parametrize("path", TIERED, ids=lambda p: p.stem)
def test_the_check_tests_of_one_position_are_the_general_rule(path: Path) -> None:
    """``filter_legal`` finds the enemy pieces that could hit once per position and
    makes only the moves that need it; each move pushed and tested keeps the same."""
    for game, pos in _positions(path, 2, 30):
        royal = game._checkmated.get(pos.turn)
        if royal:
            moves = game.pseudo_legal_moves(pos)
            general = [m for m in moves if not game._exposes(pos, m, pos.turn, royal)]
            assert game.filter_legal(pos, moves) == general, pos.fen()


def test_a_piece_far_from_a_square_does_not_reach_it() -> None:
    game = _fresh(CHESS_ZRF)
    b1, e8, c3 = (game.geometry.index_of(name) for name in ("b1", "e8", "c3"))
    assert b1 is not None and e8 is not None
    where = game._reach(0, None, game.kinds["Knight"], b1)
    assert where is not None and e8 not in where and c3 in where
