"""The lichess and python-chess variants against python-chess's ``chess.variant``
boards: seeded random games, compared at every ply.

At each ply: the legal moves (as UCI, ``move.uci()``), whether the player to move
is in check, the outcome (termination and winner), the FEN (python-chess's
``board.fen(en_passant="fen")``, the 1994 standard's field, which trebuchet
writes), and for the move played its SAN (``board.san``), which must also read
back to the same move.  Half the games pick moves uniformly, half prefer
captures, so that explosions, empty armies and endings come up.
"""

from __future__ import annotations

import random

import chess
import chess.variant
import pytest

from tests.helpers import PYTHON_CHESS_BOARDS
from trebuchet.variants.chess960 import start_fen
from trebuchet.variants.game import Outcome
from trebuchet.variants.move import MoveKind
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant

GAMES = 30
MAX_PLIES = 80

BOARDS = PYTHON_CHESS_BOARDS

#: our terminations by a game's own rule: python-chess's VARIANT_WIN/LOSS/DRAW
OWN_RULES: dict[str, frozenset[str]] = {
    "chess960": frozenset(),
    "crazyhouse": frozenset(),
    "three-check": frozenset({"three_checks"}),
    "king-of-the-hill": frozenset({"king_in_center"}),
    "atomic": frozenset({"explosion"}),
    "antichess": frozenset({"no_pieces", "stalemate"}),
    "giveaway": frozenset({"no_pieces", "stalemate"}),
    "horde": frozenset({"no_pieces"}),
    "racing-kings": frozenset({"race"}),
}


def ours_ending(name: str, outcome: Outcome | None) -> tuple[str, int | None] | None:
    if outcome is None:
        return None
    rule = "variant" if outcome.termination in OWN_RULES[name] else outcome.termination
    return rule, outcome.winner


def theirs_ending(outcome: chess.Outcome | None) -> tuple[str, int | None] | None:
    if outcome is None:
        return None
    rule = outcome.termination.name.lower()
    winner = None if outcome.winner is None else (0 if outcome.winner == chess.WHITE else 1)
    return ("variant" if rule.startswith("variant") else rule), winner


def new_game(name: str, rng: random.Random) -> tuple[Position, chess.Board]:
    variant = get_variant(name)
    if name == "chess960":
        fen = start_fen(rng.randrange(960))
        return variant.position(fen), chess.Board(fen, chess960=True)
    return variant.start_position(), BOARDS[name]()


def compare_games(name: str, seed: int, games: int, greedy: bool) -> tuple[int, int]:
    """Play ``games`` random games of ``name`` on both boards, comparing every ply;
    returns (plies compared, games that ended)."""
    rng = random.Random(seed)
    plies = ended = 0
    for _ in range(games):
        pos, board = new_game(name, rng)
        for _ in range(MAX_PLIES):
            plies += 1
            where = board.fen()
            ours = {pos.move_text(m): m for m in pos.legal_moves()}
            theirs = {m.uci(): m for m in board.legal_moves}
            assert set(ours) == set(theirs), where
            assert pos.is_check() == board.is_check(), where
            assert pos.fen() == board.fen(en_passant="fen"), where
            ending = theirs_ending(board.outcome())
            assert ours_ending(name, pos.outcome()) == ending, where
            if ending is not None:
                ended += 1
                break
            names = sorted(ours)
            captures = [t for t in names if ours[t].is_capture()]
            text = rng.choice(captures if greedy and captures and rng.random() < 0.7 else names)
            move = ours[text]
            san = pos.notation(move)
            assert san == board.san(theirs[text]), (where, text)
            assert pos.variant.notation.read(pos, san) == move, (where, san)
            pos.push(move)
            board.push(theirs[text])
    return plies, ended


@pytest.mark.parametrize("greedy", [False, True], ids=["uniform", "captures"])
@pytest.mark.parametrize("name", list(BOARDS))
def test_random_games_agree_with_python_chess(name: str, greedy: bool) -> None:
    plies, _ = compare_games(name, seed=1 + greedy, games=GAMES // 2, greedy=greedy)
    assert plies >= GAMES // 2


def test_claimed_draws_agree_with_python_chess() -> None:
    """Threefold repetition is claimable and fivefold automatic, in the family as
    in chess; crazyhouse has no fifty-move claim."""
    pos = get_variant("crazyhouse").start_position()
    board = chess.variant.CrazyhouseBoard()
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        pos.push_text(text)
        board.push_uci(text)
    ours = pos.outcome(claim_draw=True)
    assert board.can_claim_threefold_repetition()
    assert ours is not None and ours.termination == "threefold_repetition"
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        pos.push_text(text)
        board.push_uci(text)
    fivefold = board.outcome()
    assert fivefold is not None and fivefold.termination == chess.Termination.FIVEFOLD_REPETITION
    assert ours_ending("crazyhouse", pos.outcome()) == theirs_ending(fivefold)
    late = get_variant("crazyhouse").position("4k3/8/8/8/8/8/8/4K2R[] w - - 160 100")
    assert late.outcome(claim_draw=True) is None
    assert chess.variant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K2R[] w - - 160 100").outcome(
        claim_draw=True
    ) is None


@pytest.mark.parametrize(
    "name", ["crazyhouse", "three-check", "king-of-the-hill", "atomic", "antichess", "giveaway"]
)
def test_chess960_starts_in_the_other_games(name: str) -> None:
    """CF-1, CF-2: from Chess960 arrays every game castles as python-chess's boards
    in Chess960 mode do; our coordinate texts are python-chess's standard-mode UCI
    (``board.uci(move, chess960=False)``).  Castling is preferred when legal."""
    rng = random.Random(5)
    variant = get_variant(name)
    castled = 0
    for _ in range(8):
        fen = start_fen(rng.randrange(960))
        if name == "three-check":
            fen = fen.replace(" - 0 1", " - 3+3 0 1")
        if name == "crazyhouse":
            fen = fen.replace(" w ", "[] w ", 1)
        pos, board = variant.position(fen), BOARDS[name](fen, chess960=True)
        for _ in range(60):
            where = board.fen()
            ours = {pos.move_text(m): m for m in pos.legal_moves()}
            theirs = {board.uci(m, chess960=False): m for m in board.legal_moves}
            assert set(ours) == set(theirs), where
            assert pos.fen() == board.fen(en_passant="fen"), where
            ending = theirs_ending(board.outcome())
            assert ours_ending(name, pos.outcome()) == ending, where
            if ending is not None:
                break
            names = sorted(ours)
            castles = [t for t in names if ours[t].tag == MoveKind.CASTLE]
            text = rng.choice(castles if castles and rng.random() < 0.5 else names)
            castled += text in castles
            assert pos.notation(ours[text]) == board.san(theirs[text]), (where, text)
            pos.push(ours[text])
            board.push(theirs[text])
    assert castled > 0
