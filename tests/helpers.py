"""Small helpers shared by the tests: where shared data lives, move sets by name."""

from __future__ import annotations

from pathlib import Path

import chess
import chess.variant
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = SHARED / "data"


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
