"""``trebuchet evaluate``: playout metrics (issue 30), held to an independent
implementation: python-chess's own random playouts of FIDE chess."""

from __future__ import annotations

import contextlib
import json
import math
import os
import pty
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import chess
import pytest
from click.testing import CliRunner

from tests.helpers import CHESS_ZRF, DATA, SLOW
from trebuchet.analysis.evaluate import Playout, play, rate, summary
from trebuchet.cli import main
from trebuchet.variants.registry import get_variant

N = 300
MAX_PLIES = 1000


def python_chess_playouts(n: int, seed: int) -> list[tuple[int, float, bool]]:
    """(plies, mean branching, decisive) of ``n`` random games by python-chess, each
    ended as ``outcome(claim_draw=False)`` ends it."""
    rng = random.Random(seed)
    games = []
    for _ in range(n):
        board = chess.Board()
        branching = []
        while board.outcome() is None and len(branching) < MAX_PLIES:
            moves = list(board.legal_moves)
            branching.append(len(moves))
            board.push(moves[rng.randrange(len(moves))])
        outcome = board.outcome()
        games.append((len(branching), statistics.fmean(branching),
                      outcome is not None and outcome.winner is not None))
    return games


def _agree(ours: list[float], theirs: list[float]) -> float:
    """How many standard errors apart two samples' means are."""
    se = math.sqrt(
        statistics.variance(ours) / len(ours) + statistics.variance(theirs) / len(theirs)
    )
    return abs(statistics.fmean(ours) - statistics.fmean(theirs)) / se


@SLOW  # 15-60 s: thousands of playouts on each side
def test_random_chess_playouts_agree_with_python_chess() -> None:
    chess_game = get_variant("chess")
    ours = [play(chess_game, seed=7, number=n, max_plies=MAX_PLIES) for n in range(N)]
    theirs = python_chess_playouts(N, 7)
    assert _agree([g.plies for g in ours], [t[0] for t in theirs]) < 4
    assert _agree([statistics.fmean(g.branching) for g in ours], [t[1] for t in theirs]) < 4
    decisive = [1.0 if g.winner is not None else 0.0 for g in ours]
    assert _agree(decisive, [1.0 if t[2] else 0.0 for t in theirs]) < 4
    report = summary(ours, 2)
    assert report["completion"]["value"] == pytest.approx(statistics.fmean(decisive))
    assert sum(report["outcomes"].values()) == N


def test_the_same_seed_gives_the_same_report_with_any_jobs(tmp_path: Path) -> None:
    args = ["evaluate", "chess", "-n", "24", "--max-plies", "120", "--seed", "3", "--json"]
    one = CliRunner().invoke(main, [*args, "--jobs", "1", "-o", str(tmp_path / "1.html")])
    two = CliRunner().invoke(main, [*args, "--jobs", "2", "-o", str(tmp_path / "2.html")])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
    assert (tmp_path / "1.html").read_bytes() == (tmp_path / "2.html").read_bytes()
    other = CliRunner().invoke(main, [*args[:-2], "--seed", "4", "--json"])
    assert other.output != one.output


EXPECTED_KEYS = {
    "completion", "drawishness", "timeouts", "balance", "advantage", "duration",
    "branching", "decision_moves", "board_coverage", "outcomes",
}


@pytest.mark.parametrize(
    ("game", "player", "players"),
    [
        ("catapults-of-troy", "greedy", 2),
        (str(CHESS_ZRF), "random", 2),
        (str(DATA / "zillions" / "corpus" / "DobutsuShogi" / "Dobutsu.zrf"), "greedy", 2),
        (str(DATA / "zillions" / "corpus" / "YoninShogi" / "YoninShogi.zrf"), "random", 4),
    ],
    ids=["catapults-greedy", "chess.zrf", "dobutsu-greedy", "yonin-shogi-4-players"],
)
def test_every_kind_of_game_gives_a_complete_report(game: str, player: str, players: int) -> None:
    if game.endswith(".zrf") and not Path(game).is_file():
        pytest.skip("../shared is not here")
    result = CliRunner().invoke(
        main, ["evaluate", game, "-n", "4", "--max-plies", "40", "--player", player, "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert set(report) >= EXPECTED_KEYS
    assert len(report["advantage"]) == players
    assert sum(report["outcomes"].values()) == report["playouts"] == 4
    assert set(report["duration"]) >= {"value", "ci95", "median", "min", "max"}
    assert set(report["branching"]) >= {"value", "ci95", "median", "max", "slope"}


def test_rates_and_balance_follow_their_definitions() -> None:
    games = [Playout(0, 10, 0, None, "checkmate"), Playout(1, 10, 0, None, "checkmate"),
             Playout(2, 20, None, None, "stalemate"), Playout(3, 30)]
    report = summary(games, 2)
    assert report["completion"]["value"] == 0.5
    assert report["drawishness"]["value"] == 0.25 and report["timeouts"]["value"] == 0.25
    # White scores 2 + 0.5 * 2 of 4, Black 0 + 0.5 * 2: balance 1 - (0.75 - 0.25)
    assert report["balance"] == 0.5
    assert report["advantage"]["0"]["value"] == 0.5
    assert report["duration"]["median"] == 15
    low, high = rate(0, 10)["ci95"]
    assert low == 0.0 and 0 < high < 0.35


def test_the_report_is_one_page_that_stands_alone(tmp_path: Path) -> None:
    import re
    import xml.dom.minidom

    out = tmp_path / "report.html"
    result = CliRunner().invoke(
        main, ["evaluate", "chess", "-n", "12", "--max-plies", "80", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "trebuchet evaluate" in page and "<table>" in page
    # nothing fetched: no script, stylesheet or image from anywhere
    assert not re.search(r'(src|href)="https?:', page)
    svgs = re.findall(r"<svg.*?</svg>", page, re.S)
    assert len(svgs) == 4  # length, branching over the game, outcomes, coverage
    for svg in svgs:
        xml.dom.minidom.parseString(svg)
    for metric in ("completion", "balance", "branching slope", "board_coverage"):
        assert f"<td>{metric}</td>" in page
    assert "% of games" in svgs[3]  # the heat map's scale


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_reports_the_playouts_done_so_far(jobs: int) -> None:
    """Ctrl-C, sent as a terminal sends it (to the command and its workers), once the
    progress bar shows the games being played: the report is of the games finished,
    the same as a run of just that many."""
    args = ["evaluate", "chess", "-n", "100000", "--max-plies", "40", "--seed", "2", "--json"]
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [str(Path(sys.executable).with_name("trebuchet")), *args, "--jobs", str(jobs)],
        stdout=subprocess.PIPE, stderr=follower, stdin=subprocess.DEVNULL,
        env={**os.environ, "TREBUCHET_PROGRESS_DELAY": "0"}, start_new_session=True,
    )
    os.close(follower)
    terminal = b""
    while b"playing chess" not in terminal:
        terminal += os.read(leader, 1 << 16)
    time.sleep(0.5)
    os.killpg(process.pid, signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    with contextlib.suppress(OSError):  # the terminal closes with the process
        while chunk := os.read(leader, 1 << 16):
            terminal += chunk
    os.close(leader)
    assert process.returncode == 0, terminal
    report = json.loads(out)
    done = report["playouts"]
    assert 0 < done < 100000
    assert f"interrupted after {done} of 100000 playouts" in terminal.decode(errors="replace")
    assert "Traceback" not in terminal.decode(errors="replace")
    again = CliRunner().invoke(main, [*args[:2], "-n", str(done), *args[4:]])
    assert json.loads(again.stdout) == report
