"""Outcomes said plainly (issue 15): ``moves`` and ``show`` name check, checkmate,
stalemate and the games' other endings, and a lossy conversion says what it
dropped."""

from __future__ import annotations

import json
from pathlib import Path

import chess
import chess.pgn
import pytest

from tests.helpers import run
from trebuchet.variants.chess import Chess
from trebuchet.variants.game import Outcome
from trebuchet.variants.position import Position

MATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
CHECK = "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"
QUIET = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"


@pytest.mark.parametrize(
    ("fen", "said"),
    [
        (MATED, "no legal moves: White is checkmated: 0-1 (won by Black)"),
        (STALEMATE, "no legal moves: game over, stalemate: 1/2-1/2 (drawn)"),
        (CHECK, "White to move, in check"),
    ],
)
def test_moves_says_check_and_the_end_of_the_game(fen: str, said: str) -> None:
    code, out, err = run("moves", "chess", "--fen", fen)
    board = chess.Board(fen)
    assert code == 0
    assert set(out.split()) == {m.uci() for m in board.legal_moves}
    assert err.splitlines() == [said]
    assert board.is_checkmate() == ("checkmated" in said)
    assert board.is_stalemate() == ("stalemate" in said)


def test_moves_is_quiet_when_there_is_nothing_to_say() -> None:
    assert run("moves", "chess", "--fen", QUIET)[2] == ""


def test_moves_names_other_endings_king_of_the_hill() -> None:
    # White's king reached d5: king-of-the-hill's own ending (KH-1)
    code, _, err = run("moves", "king-of-the-hill", "--fen", "8/8/8/3K4/8/8/8/7k b - - 0 1")
    assert code == 0 and err.strip().endswith("king in center: 1-0 (won by White)")


@pytest.mark.parametrize(
    ("moves", "said"),
    [
        (("f2f3", "e7e5", "g2g4", "d8h4"), "White is checkmated: 0-1 (won by Black)"),
        (("e2e4", "f7f6", "d1h5"), "Black to move, in check"),
        (("e2e4",), "Black to move"),
    ],
)
def test_show_says_check_and_mate(moves: tuple[str, ...], said: str) -> None:
    code, out, _ = run("show", "chess", *moves)
    assert code == 0
    assert said in out.splitlines()


def test_show_says_three_check_ends_on_the_third_check() -> None:
    fen = "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1 +2+0"
    code, out, _ = run("show", "three-check", "--fen", fen, "f1f7")
    assert code == 0 and "game over, three checks: 1-0 (won by White)" in out


ANNOTATED = (
    '[Event "annotated"]\n\n'
    "{Before the game.} 1. e4 $1 {a good start} (1. d4 d5 (1... Nf6 2. c4) 2. c4) "
    "1... e5 $2 $6 2. Nf3 {develops} (2. f4 exf4) 2... Nc6 *\n"
)


@pytest.mark.parametrize(
    ("target", "warning"),
    [
        ("courier", "Game Courier cannot hold variations or NAGs: 3 variations, 3 NAGs dropped"),
        ("moves", "a move list cannot hold variations or NAGs: 3 variations, 3 NAGs dropped"),
        ("fen", "FEN (final positions only) cannot hold variations, comments or NAGs: "
                "3 variations, 3 comments, 3 NAGs dropped"),
        ("pgn", None),
        ("json", None),
    ],
)
def test_a_lossy_conversion_says_what_it_dropped(
    tmp_path: Path, target: str, warning: str | None
) -> None:
    source = tmp_path / "annotated.pgn"
    source.write_text(ANNOTATED)
    code, _, err = run("convert", str(source), "--to", target, "-o", str(tmp_path / "out"))
    assert code == 0, err
    warnings = [line for line in err.splitlines() if line.startswith("trebuchet: warning: ")]
    assert warnings == ([f"trebuchet: warning: {warning}"] if warning else [])


def test_what_a_lossless_format_keeps_is_what_the_warning_counts(tmp_path: Path) -> None:
    """Converting to JSON and back to PGN keeps every variation, comment and NAG the
    courier warning said it dropped: the counts are of real content."""
    source = tmp_path / "annotated.pgn"
    source.write_text(ANNOTATED)
    json_file, back = tmp_path / "a.json", tmp_path / "b.pgn"
    assert run("convert", str(source), "--to", "json", "-o", str(json_file))[0] == 0
    assert run("convert", str(json_file), "--to", "pgn", "-o", str(back))[0] == 0
    text = back.read_text()
    assert text.count("(") == 3 and text.count("$") == 3 and text.count("{") == 3


def test_zsg_drops_everything_but_the_moves(tmp_path: Path) -> None:
    source = tmp_path / "annotated.pgn"
    source.write_text(ANNOTATED)
    _, _, err = run("convert", str(source), "--to", "zsg", "-o", str(tmp_path / "a.zsg"))
    assert "a Zillions saved game cannot hold variations, comments or NAGs" in err


#: three games that end in mate, in stalemate (Sam Loyd's ten moves) and not at all
ENDINGS = """[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Result "1/2-1/2"]

1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3
8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1/2-1/2

[Result "*"]

1. e4 e5 *
"""


def test_check_reports_the_outcome_python_chess_finds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``check`` takes each game's outcome from the replay, which judges the final
    position once (to hold the Result to it); the report still says what
    python-chess says of the same final positions."""
    path = tmp_path / "endings.pgn"
    path.write_text(ENDINGS)
    judged: list[str] = []
    judge = Chess.outcome

    def counted(self: Chess, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        judged.append(pos.fen())
        return judge(self, pos, claim_draw=claim_draw)

    monkeypatch.setattr(Chess, "outcome", counted)
    code, out, _ = run("check", str(path), "--json")
    assert code == 0
    reports = json.loads(out)
    expected = []
    with path.open() as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            expected.append(game.end().board().outcome())
    assert [r["termination"] for r in reports] == [
        None if o is None else o.termination.name.lower() for o in expected
    ]
    assert [r["verdict"] for r in reports] == ["won by Black", "drawn", None]
    assert len(judged) == len(set(judged)) == 3  # each final position judged once
