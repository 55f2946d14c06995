"""The command line: outputs that python-chess or the perft tables fix, and clean errors."""

from __future__ import annotations

import json

import chess
import pytest

from tests.helpers import run
from trebuchet.variants.registry import variant_names

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_moves_lists_python_chess_moves() -> None:
    code, out, _ = run("moves", "chess", "--fen", KIWIPETE)
    assert code == 0
    assert set(out.split()) == {m.uci() for m in chess.Board(KIWIPETE).legal_moves}


def test_moves_json_gives_fen_after_each_move() -> None:
    code, out, _ = run("moves", "chess", "--json")
    assert code == 0
    entries = json.loads(out)
    assert len(entries) == 20
    for entry in entries:
        board = chess.Board()
        board.push_uci(entry["move"])
        assert entry["fen"] == board.fen(en_passant="fen")


@pytest.mark.parametrize(
    "moves", [("e4",), ("e4", "d5", "e5", "f5"), ("e4", "d5", "e5", "f5", "Nf3")]
)
def test_en_passant_legal_writes_fen_as_python_chess(moves: tuple[str, ...]) -> None:
    board = chess.Board()
    for san in moves:
        board.push_san(san)
    code, out, _ = run("play", "chess", *moves, "--en-passant", "legal")
    assert code == 0 and out.strip() == board.fen()
    code, out, _ = run("play", "chess", *moves)
    assert code == 0 and out.strip() == board.fen(en_passant="fen")


def test_moves_json_with_en_passant_legal_matches_python_chess() -> None:
    start = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
    code, out, _ = run("moves", "chess", "--fen", start, "--json", "--en-passant", "legal")
    assert code == 0
    for entry in json.loads(out):
        board = chess.Board(start)
        board.push_uci(entry["move"])
        assert entry["fen"] == board.fen()


def test_play_prints_fen_and_result() -> None:
    code, out, _ = run("play", "chess", "f2f3", "e7e5", "g2g4", "d8h4")
    board = chess.Board()
    for uci in ("f2f3", "e7e5", "g2g4", "d8h4"):
        board.push_uci(uci)
    assert code == 0
    assert out.splitlines() == [board.fen(), "0-1 checkmate (won by Black)"]


def test_illegal_move_names_move_number_and_nearest_moves() -> None:
    code, out, err = run("play", "chess", "e2e4", "e7e5", "e4e5")
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert "move 3 'e4e5'" in err and "nearest legal" in err


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("moves", "chesss"), "unknown variant 'chesss'"),
        (("moves", "chess", "-O", "nonsense"), "no option 'nonsense'"),
        (("moves", "chess", "--fen", "8/8/8 w - - 0 1"), "FEN board has 3 ranks"),
        (("play", "chess", "z9z9"), "move 1 'z9z9'"),
    ],
)
def test_user_errors_are_one_line_without_traceback(args: tuple[str, ...], fragment: str) -> None:
    code, _, err = run(*args)
    assert code == 1
    assert fragment in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_perft_and_divide() -> None:
    assert run("perft", "chess", "3") == (0, "8902\n", "")
    code, out, _ = run("perft", "chess", "2", "--divide", "--fen", KIWIPETE)
    lines = out.splitlines()
    assert code == 0 and lines[-1] == "total 2039" and len(lines) == 49


def test_show_draws_the_board() -> None:
    code, out, _ = run("show", "chess")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["8", "r", "n", "b", "q", "k", "b", "n", "r"]
    assert lines[8].split() == list("abcdefgh")


def test_variants_lists_every_variant() -> None:
    code, out, _ = run("variants", "--json")
    assert code == 0
    assert [row["name"] for row in json.loads(out)] == variant_names()


@pytest.mark.parametrize("command", ["variants", "moves", "play", "perft", "show"])
def test_help_teaches_with_an_example(command: str) -> None:
    code, out, _ = run(command, "--help")
    assert code == 0 and "Example" in out and "trebuchet " in out
