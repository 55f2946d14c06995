"""The exported S-chess and Seirawan960 (converters/zrf/export_seirawan.py) against
Fairy-Stockfish: from positions chosen for each gating ruling (SC-2, SC-3, SC-5,
S9-2), the exported file's legal moves, written in trebuchet's coordinates, are
pyffish's, each read back to the move it names, and its perft(2) is the native
game's."""

from __future__ import annotations

from pathlib import Path

import pyffish  # a declared test dependency: its absence is a failure, not a skip
import pytest
from click.testing import CliRunner

from tests.games.test_seirawan import GATE_BLOCKS
from tests.zrf.test_export import exported, zrf_coordinates
from trebuchet.cli import main
from trebuchet.converters.zrf.export_seirawan import TWO_OF_A_KIND
from trebuchet.converters.zrf.writer import limitations
from trebuchet.variants.perft import perft
from trebuchet.variants.registry import get_variant

FSF = "seirawan"
START = pyffish.start_fen(FSF)

#: (FEN, moves played from it by pyffish first, a move that must be legal there; the
#: whole list of legal moves is compared)
GATING = [
    # SC-3: castling gated on the King's square or on the Rook's, both ways
    ("r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQkq - 0 1", [], "h1e1h"),
    ("r3k2r/8/8/8/8/8/8/R3K2R[EHeh] b KQkq - 0 1", [], "e8g8e"),
    # SC-5: a gate closes when its piece moves, and does not open again when it
    # comes back; a hand holding one kind gates only that kind; Black to move
    (START, ["g1f3", "g8f6", "b1c3e", "b8c6", "f3g1"], "c6b8"),
    (START, ["e2e4", "e7e5", "g1f3", "b8c6e", "f1c4", "f8c5", "d2d3", "g8f6", "b1c3h"], "h8e8h"),
]


@pytest.mark.parametrize(("fen", "moves", "legal"), GATING)
def test_gating_moves_are_fairy_stockfishs(fen: str, moves: list[str], legal: str) -> None:
    variant = get_variant(FSF)
    native = variant.position(pyffish.get_fen(FSF, fen, moves))
    game = exported(variant, native)
    pos = game.start_position()
    reference = sorted(pyffish.legal_moves(FSF, fen, moves))
    assert legal in reference
    written = sorted(zrf_coordinates(pos, m) for m in pos.legal_moves())
    assert written == reference
    for text in reference:
        assert zrf_coordinates(pos, game.parse_move(pos, text)) == text
    assert perft(pos, 2) == perft(native, 2)


#: SC-2: positions where a gated piece would shield its King, for either player
#: (the native game's tests' and Black's mirror images), and Seirawan960's
#: castling whose gate on b1 would shield c1 from the a1 rook
SHIELDS = [
    *((FSF, fen) for fen in GATE_BLOCKS.values()),
    (FSF, "k1n4R/8/8/8/8/8/8/4K3[h] b c - 0 1"),
    (FSF, "R3k3/8/8/8/8/8/8/4K3[h] b e - 0 1"),
    ("seirawan960", "4k3/8/8/8/8/8/8/rR2K3[H] w Q - 0 1"),
    ("seirawan960", "Rr2k3/8/8/8/8/8/8/4K3[h] b q - 0 1"),
    # a1's bishop does not take along the rank: b1e1h is legal
    ("seirawan960", "4k3/8/8/8/8/8/8/bR2K3[H] w Q - 0 1"),
]


@pytest.mark.parametrize(("name", "fen"), SHIELDS)
def test_a_gated_piece_never_makes_an_illegal_move_legal(name: str, fen: str) -> None:
    """The file refuses the gating moves Fairy-Stockfish refuses (its issue #141:
    the official rules say a gated piece does not make an illegal move legal),
    though its check test sees the gated piece."""
    variant = get_variant(name)
    native = variant.position(fen)
    pos = exported(variant, native).start_position()
    c960 = name == "seirawan960"
    written = {zrf_coordinates(pos, m, king_takes_rook=c960) for m in pos.legal_moves()}
    assert written == set(pyffish.legal_moves(FSF, fen, [], c960))
    assert written == {variant.move_text(native, m) for m in native.legal_moves()}


def test_a_gated_piece_stands_on_the_square_left_and_leaves_the_hand() -> None:
    """b1c3h, then the castling gated on the Rook's square h1e1e: the Hawk on b1,
    the Elephant on h1, White's hand empty; after each move the file's legal
    moves are the native game's."""
    variant = get_variant(FSF)
    native = variant.start_position()
    game = exported(variant)
    pos = game.start_position()
    played = ["e2e4", "e7e5", "b1c3h", "d7d6", "g1f3", "c8g4", "f1c4", "b8c6", "h1e1e"]
    for text in played:
        pos.push(game.parse_move(pos, text))
        native.push(native.parse_move(text))
        ours = sorted(variant.move_text(native, m) for m in native.legal_moves())
        assert sorted(zrf_coordinates(pos, m) for m in pos.legal_moves()) == ours, text
    kinds = {game.kinds[p.name]: p.notation for p in game.spec.pieces}
    board = {
        name: kinds[p.kind]
        for name in ("b1", "e1", "f1", "g1", "h1")
        if (p := pos.piece_at(name)) is not None
    }
    assert board == {"b1": "H", "f1": "R", "g1": "K", "h1": "E"}
    assert native.fen().split()[0].endswith("[eh]")


#: Seirawan960 castlings (S9-2): gated only on a square the castling leaves empty,
#: written king-takes-rook (the King staying, the two changing places, the King
#: landing on the Rook's square, both leaving; and a Chess960 array)
CASTLING_S960 = [
    "6kr/8/8/8/8/8/8/6KR[EHeh] w Kk - 0 1",
    "5k1r/8/8/8/8/8/8/5KR1[EHeh] w Kk - 0 1",
    "rk6/8/8/8/8/8/8/RK6[EHeh] w Qq - 0 1",
    "k7/8/8/8/8/8/8/4KR2[EH] w K - 0 1",
    "7k/8/8/8/8/8/8/1KR5[EH] w K - 0 1",
    "1r4kr/8/8/8/8/8/8/1R4KR[EHeh] b KQkq - 0 1",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR[EHeh] w KQABCDEkqabcde - 0 1",
]


@pytest.mark.parametrize("fen", CASTLING_S960)
def test_seirawan960_gates_where_the_castling_leaves_a_square_empty(fen: str) -> None:
    variant = get_variant("seirawan960")
    native = variant.position(fen)
    game = exported(variant, native)
    pos = game.start_position()
    reference = sorted(pyffish.legal_moves(FSF, fen, [], True))
    written = sorted(zrf_coordinates(pos, m, king_takes_rook=True) for m in pos.legal_moves())
    assert written == reference
    for text in reference:
        move = game.parse_move(pos, text)
        assert zrf_coordinates(pos, move, king_takes_rook=True) == text
    assert perft(pos, 2) == perft(native, 2)


def test_a_hand_of_two_of_a_kind_is_named_as_left_out(tmp_path: Path) -> None:
    """A FEN may hold two Hawks; the file keeps one square per kind, and says so in
    its header and in the command's one warning line."""
    fen = "4k3/8/8/8/8/8/8/4K1N1[HHe] w G - 0 1"
    assert TWO_OF_A_KIND in limitations(get_variant(FSF), get_variant(FSF).position(fen))
    out = tmp_path / "two.zrf"
    result = CliRunner().invoke(main, ["zrf", "export", FSF, "--fen", fen, "-o", str(out)])
    assert result.exit_code == 0 and result.output.count("\n") == 1
    assert TWO_OF_A_KIND in result.output
    assert f";   - {TWO_OF_A_KIND}" in out.read_text(encoding="latin-1")
