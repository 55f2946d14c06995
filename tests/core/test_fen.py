"""trebuchet FEN: reading, writing, and one-line errors that name the field."""

from __future__ import annotations

import pytest

from tests.core.test_chess_perft import perft_table
from tests.helpers import position
from trebuchet.variants.errors import FenError
from trebuchet.variants.pieces import WALL
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant, variant_names


def _canonical_fens() -> list[str]:
    """FENs python-chess and the pychess suites wrote, which must come back unchanged."""
    return sorted({fen for _, fen, _, _ in perft_table(10**12)})


@pytest.mark.parametrize("fen", _canonical_fens())
def test_chess_fens_round_trip(fen: str) -> None:
    assert position("chess", fen).fen() == fen


@pytest.mark.parametrize("name", variant_names())
def test_every_start_fen_round_trips(name: str) -> None:
    variant = get_variant(name)
    assert variant.start_position().fen() == variant.start_fen


def _state(pos: Position) -> tuple[object, ...]:
    """Everything a position holds but its moves."""
    return (pos.key(), pos.fen(), pos.royals, pos.hands, pos.ep_victim, pos.checks_left, pos.gates)


@pytest.mark.parametrize("name", variant_names())
def test_start_copies_are_the_start_read_again(name: str) -> None:
    """The start is read once per game object and copied after: each copy is what
    reading the start FEN gives, and a move played on one leaves the next alone."""
    variant = get_variant(name)
    read = Position(variant)
    variant.read_fen(read, variant.start_fen)
    first = variant.start_position()
    assert _state(first) == _state(read)
    moves = first.legal_moves()
    if moves:
        first.push(moves[-1])
    assert _state(variant.position(variant.start_fen)) == _state(read)


def test_extended_fen_features_round_trip() -> None:
    """Two-digit clocks and missing squares (variant FEN features are tested per game)."""
    chess = get_variant("chess")
    fen = "4k3/8/8/8/8/8/8/4K3 w - - 12 40"
    assert chess.position(fen).fen() == fen
    walls = "4k3/8/8/8/********/8/8/4K3 b - - 0 1"
    pos = chess.position(walls)
    assert pos.fen() == walls
    assert all(pos.board[sq] is WALL for sq in chess.geometry.squares_of_rank(3))
    # a rook cannot slide through a missing square
    rook = chess.position("4k3/8/8/8/********/8/8/R3K3 w - - 0 1")
    assert not {m for m in rook.legal_moves() if rook.move_text(m) == "a1a6"}


def test_missing_fields_default_like_epd() -> None:
    assert position("chess", "8/8/8/4k3/8/8/8/4K3").fen() == "8/8/8/4k3/8/8/8/4K3 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "field"),
    [
        ("", "empty"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6"),
        ("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6: 7 squares"),
        ("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter 'x'"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "turn"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", "castling"),
        ("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "no rook"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "e9"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N w KQkq - 0 1", "holdings"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1", "no pieces in hand"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 7", "7 fields"),
    ],
)
def test_bad_fen_names_the_field(fen: str, field: str) -> None:
    with pytest.raises(FenError) as err:
        position("chess", fen)
    message = str(err.value)
    assert field in message
    assert "\n" not in message
