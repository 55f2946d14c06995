"""The shortcuts a playout takes (``trebuchet evaluate``, issue 30) held to the general
path, on random games of every bundled game and of a Zillions file:

- ``outcome_and_moves`` gives what ``outcome`` and ``legal_moves`` give apart;
- ``Position.repetitions``, which unmakes moves only back to plies whose board
  matches, counts what a record of every position's key counts;
- a move writes (``last_changes``) every square it changes, which board
  coverage reads instead of the whole board.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from pathlib import Path

import pytest

from tests.helpers import CHESS_ZRF, play, position
from trebuchet.converters.load import load_variant
from trebuchet.variants.game import Game
from trebuchet.variants.position import Position
from trebuchet.variants.registry import variant_names

GAMES = 2
PLIES = 120


#: every bundled game, and FIDE chess written in ZRF (the Zillions engine)
GAME_NAMES = [*variant_names(), str(CHESS_ZRF)]


def counted_repetitions(history: list[Hashable], window: int | None) -> int:
    """How often the last of ``history`` (a key per position, oldest first) occurs
    among the last ``window`` positions before it and itself."""
    earlier = history[:-1] if window is None else history[:-1][-window:] if window else []
    return 1 + sum(1 for key in earlier if key == history[-1])


def _key_of(game: Game) -> Callable[[Position], Hashable] | None:
    """The key the game's own repetition rule compares (None: ``Position.key``)."""
    key: Callable[[Position], Hashable] | None = getattr(game, "repetition_key", None)
    return key


@pytest.mark.parametrize("name", GAME_NAMES, ids=lambda name: Path(name).name)
def test_random_games_take_the_shortcuts_to_the_general_answers(name: str) -> None:
    game = load_variant(name)
    rng = random.Random(f"shortcuts {Path(name).name}")
    key = _key_of(game)
    for _ in range(GAMES):
        pos = game.start_position()
        history: list[Hashable] = [(key or Position.key)(pos)]
        for _ in range(PLIES):
            outcome, moves = game.outcome_and_moves(pos)
            assert outcome == game.outcome(pos), pos.fen()
            legal = game.legal_moves(pos)
            assert [pos.move_text(m) for m in moves] == [pos.move_text(m) for m in legal]
            window = game.repetition_window(pos)
            assert pos.repetitions(key) == counted_repetitions(history, window), pos.fen()
            if outcome is not None or not moves:
                break
            before = list(pos.board)
            pos.push(moves[rng.randrange(len(moves))])
            written = {sq for sq, _ in pos.last_changes()}
            changed = {sq for sq, (a, b) in enumerate(zip(before, pos.board, strict=True))
                       if a is not b}
            assert changed <= written, pos.fen()
            history.append((key or Position.key)(pos))


KNIGHTS_OUT_AND_BACK = ("g1f3", "g8f6", "f3g1", "f6g8")


def test_repetitions_count_each_return_and_fivefold_ends_the_game() -> None:
    pos = position("chess")
    counts = []
    for _ in range(4):
        play(pos, *KNIGHTS_OUT_AND_BACK)
        counts.append(pos.repetitions())
    assert counts == [2, 3, 4, 5]
    assert pos.outcome() is not None and pos.outcome().termination == "fivefold_repetition"
    outcome, moves = pos.variant.outcome_and_moves(pos)
    assert outcome == pos.outcome() and len(moves) == 20


def test_the_same_board_with_other_rights_is_no_repetition() -> None:
    # the kings walk out and back: the board is the one after 1. e4 e5, castling is gone
    pos = play(position("chess"), "e2e4", "e7e5")
    play(pos, "e1e2", "e8e7", "e2e1", "e7e8")
    assert pos.repetitions() == 1
    play(pos, "e1e2", "e8e7", "e2e1", "e7e8")
    assert pos.repetitions() == 2
