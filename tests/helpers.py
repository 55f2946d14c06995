"""Small helpers shared by the tests: where shared data lives, move sets by name.

Real corpora and oracle outputs live beside the checkout, in ``../shared/data``
(their licences keep them out of the repository).  A test that needs them asks
:func:`shared` for the path, or parametrizes over :func:`shared_files`; where
``../shared`` is absent it is skipped with one line naming what is missing, so
a bare clone still passes.  Facts the core needs (perft tables) are fixtures in
``tests/fixtures/``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Iterable
from pathlib import Path
from typing import Any, TypeVar

import chess
import chess.variant
import pytest
from click.testing import CliRunner

from trebuchet.cli import main
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant

T = TypeVar("T")

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = SHARED / "data"
TESTS = ROOT / "tests"
FIXTURES = TESTS / "fixtures"
#: files every reader must refuse in one line, and the hostile ones
MALFORMED = TESTS / "malformed"
HOSTILE = TESTS / "hostile"
#: FIDE chess written in ZRF for these tests from the reference (a bundled example)
CHESS_ZRF = ROOT / "examples" / "zillions" / "chess.zrf"


def _missing(path: Path) -> str:
    return f"needs {path.relative_to(ROOT.parent)} (../shared is not beside this checkout)"


def shared(*parts: str | Path) -> Path:
    """A path under ``../shared/data`` (a whole path, such as a corpus file's, is
    taken as it is); the calling test is skipped when it is absent."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(_missing(path))
    return path


def shared_files(folder: str, pattern: str) -> list[Any]:
    """The files under ``../shared/data/folder`` matching ``pattern`` (recursively),
    as parameters; one skipped parameter when the folder is absent."""
    root = DATA / folder
    if not root.is_dir():
        return [pytest.param(None, marks=pytest.mark.skip(reason=_missing(root)), id="absent")]
    return sorted(root.rglob(pattern), key=str)


def run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    """``trebuchet ARGS`` run in this process (``stdin`` as its standard input):
    (exit code, standard output, standard error)."""
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def position(variant: str, fen: str | None = None, options: tuple[str, ...] = ()) -> Position:
    return get_variant(variant, options).position(fen)


def legal_texts(pos: Position) -> set[str]:
    """The legal moves of ``pos`` in coordinate notation."""
    return {pos.move_text(m) for m in pos.legal_moves()}


def legal_from(pos: Position, square: str) -> set[str]:
    """Coordinate texts of the legal moves that start on ``square``."""
    sq = pos.variant.square(square)
    return {pos.move_text(m) for m in pos.legal_moves() if m.frm == sq}


def play(pos: Position, *moves: str) -> Position:
    """Push each coordinate-notation move in turn; returns ``pos``."""
    for text in moves:
        pos.push_text(text)
    return pos


def fen_fields(pos: Position) -> list[str]:
    """The fields of a position's FEN."""
    return pos.fen().split()


def fen_board(fen: str) -> str:
    """The board field of a FEN."""
    return fen.split()[0]


def outcome_of(fen: str, variant: str, options: tuple[str, ...] = ()) -> tuple[str, int | None]:
    """How a position ends: (termination, winner); it must be over."""
    outcome = position(variant, fen, options).outcome()
    assert outcome is not None
    return outcome.termination, outcome.winner


#: the slow tier: checks of tens of seconds each on a 2-core machine.  ``make test``
#: leaves them out; ``make test-slow`` runs them, and CI runs both (docs/speed.md, "CI")
SLOW = pytest.mark.slow


def slow_tier(values: Iterable[T], slow: Container[T]) -> list[Any]:
    """``values`` for ``parametrize``, those in ``slow`` marked for the slow tier."""
    return [pytest.param(value, marks=SLOW) if value in slow else value for value in values]


def requires_shared(*parts: str) -> pytest.MarkDecorator:
    """Skip the test (one line saying what is missing) unless ``../shared/data/parts``
    exists."""
    path = DATA.joinpath(*parts)
    return pytest.mark.skipif(not path.exists(), reason=_missing(path))


#: python-chess's board for each game of the lichess family (docs/rules/chess-family.md)
PYTHON_CHESS_BOARDS: dict[str, type[chess.Board]] = {
    "chess960": chess.Board,
    "crazyhouse": chess.variant.CrazyhouseBoard,
    "three-check": chess.variant.ThreeCheckBoard,
    "king-of-the-hill": chess.variant.KingOfTheHillBoard,
    "atomic": chess.variant.AtomicBoard,
    "antichess": chess.variant.AntichessBoard,
    "giveaway": chess.variant.GiveawayBoard,
    "horde": chess.variant.HordeBoard,
    "racing-kings": chess.variant.RacingKingsBoard,
}


def replay_against_pyffish(
    variant: str,
    fsf: str,
    start: str,
    rng: random.Random,
    *,
    games: int,
    plies: int,
    prefer: Callable[[Position, list[str]], list[str]],
    fsf_fen: Callable[[Position, str], tuple[str, str]],
    chess960: bool = False,
    san_differs: Callable[[Position, str, str], bool] | None = None,
) -> int:
    """Random games of ``variant`` against pyffish's ``fsf`` from ``start``: at every
    ply the legal moves (UCI), the FEN (``fsf_fen`` turns ours and theirs into what
    must be equal) and the SAN of the move played, read back too.  ``prefer`` picks
    the texts to choose from (rule-heavy moves first); ``chess960`` is pyffish's flag;
    ``san_differs(pos, ours, theirs)`` allows a SAN we write on purpose otherwise.
    Returns the plies compared."""
    import pyffish  # the tests that call this skip without it

    compared = 0
    for _ in range(games):
        pos = get_variant(variant).position(start)
        played: list[str] = []
        for _ in range(plies):
            compared += 1
            ours = {pos.move_text(m): m for m in pos.legal_moves()}
            assert set(ours) == set(pyffish.legal_moves(fsf, start, played, chess960)), played
            fen = pyffish.get_fen(fsf, start, played, chess960)
            mine, theirs = fsf_fen(pos, fen)
            assert mine == theirs, played
            if not ours:
                break
            text = rng.choice(prefer(pos, sorted(ours)))
            san = pos.notation(ours[text])
            theirs = pyffish.get_san(fsf, fen, text, chess960)
            if san != theirs:
                assert san_differs is not None and san_differs(pos, san, theirs), (fen, text)
            assert pos.variant.notation.read(pos, san) == ours[text], (fen, san)
            pos.push(ours[text])
            played.append(text)
    return compared
