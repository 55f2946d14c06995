"""Long runs show a progress bar on a terminal, and nothing in a pipe (issue 15).

Each command runs as a process whose standard error is a pseudo-terminal, as
in a user's shell; ``TREBUCHET_PROGRESS_DELAY=0`` draws the bar at once
rather than after half a second, so the runs can stay short.
"""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

TREBUCHET = str(Path(sys.executable).with_name("trebuchet"))
EXAMPLES = ROOT / "examples"
#: click draws ``label  [####----]  42%`` and ends at 100%
BAR = re.compile(r"\[[#-]+\]\s+100%")

COMMANDS = {
    "perft": ["perft", "chess", "3"],
    "check": ["check", *map(str, sorted(EXAMPLES.glob("*/*.pgn"))[:5])],
    "convert": ["convert", str(EXAMPLES / "titan-chess" / "special-captures.txt"), "--to", "pgn"],
    "stats": ["stats", *map(str, sorted(EXAMPLES.glob("*/*.gc"))[:4])],
    "mobility": ["mobility", "catapults-of-troy", "--samples", "2"],
    "evaluate": ["evaluate", "chess", "-n", "6", "--max-plies", "60"],
}
LABELS = {"perft": "perft 3", "check": "replaying", "convert": "converting",
          "stats": "replaying", "mobility": "measuring", "evaluate": "playing chess"}


def on_a_terminal(args: list[str]) -> tuple[int, str, str]:
    """Run trebuchet with stderr on a pseudo-terminal: (status, stdout, what the terminal got)."""
    leader, follower = pty.openpty()
    env = {**os.environ, "TREBUCHET_PROGRESS_DELAY": "0", "COLUMNS": "100"}
    process = subprocess.Popen([TREBUCHET, *args], stdout=subprocess.PIPE, stderr=follower,
                               stdin=subprocess.DEVNULL, env=env, cwd=ROOT)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 1 << 16)
        except OSError:  # the terminal closed: the process is gone
            break
        if not chunk:
            break
        seen += chunk
    out = process.stdout.read() if process.stdout else b""
    code = process.wait()
    os.close(leader)
    return code, out.decode(), seen.decode(errors="replace")


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_long_run_draws_a_bar_on_the_terminal(command: str) -> None:
    code, out, terminal = on_a_terminal(COMMANDS[command])
    assert code == 0, terminal
    assert LABELS[command] in terminal and BAR.search(terminal), terminal
    assert "[#" not in out and "100%" not in out  # the bar never reaches standard output


@pytest.mark.parametrize("command", ["perft", "check"])
def test_no_bar_when_stderr_is_not_a_terminal(command: str) -> None:
    env = {**os.environ, "TREBUCHET_PROGRESS_DELAY": "0"}
    done = subprocess.run([TREBUCHET, *COMMANDS[command]], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=True)
    assert LABELS[command] not in done.stderr and "%" not in done.stderr


def test_perft_with_a_bar_still_counts_right() -> None:
    code, out, _ = on_a_terminal(["perft", "chess", "3"])
    assert (code, out) == (0, "8902\n")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_bar_counts_the_games_of_every_input_and_worker(jobs: str) -> None:
    """The bar's bytes reach the end, and the games it counts are every input's,
    whichever process replayed them (the examples hold one game a file)."""
    files = [*map(str, sorted(EXAMPLES.glob("*/*.pgn"))[:3]),
             *map(str, sorted(EXAMPLES.glob("*/*.json"))[:3])]
    code, out, terminal = on_a_terminal(["check", *files, "--jobs", jobs])
    assert code == 0, terminal
    assert BAR.search(terminal) and f"{len(files)} games" in terminal, terminal
    assert f"{len(files)} games OK" in out and "games" not in out.replace("games OK", "")
