"""Replay benchmark: trebuchet against python-chess on the same FIDE PGN corpus.

Both sides do the whole job a ``check`` does: read each game from the file and
play every main-line move, legality included.  python-chess does it all in
``chess.pgn.read_game``, which parses each SAN against a board it plays the
move on, so its side is ``read_game`` alone (it used to push the moves once
more on a fresh board: 11 % of its time, work trebuchet does not do twice);
trebuchet reads with :func:`trebuchet.converters.pgn.read_file` and replays
with :func:`trebuchet.converters.replay.replay`.  Those figures are in process:
imports and start-up are left out.

``--whole`` times whole processes as a user runs them instead: ``trebuchet
check FILE`` against a fresh ``python`` that imports ``chess.pgn`` and reads
every game of the file with ``read_game`` (start-up, imports and printing
included on both sides; trebuchet's report goes to /dev/null), with Python's
bytecode cache in use as in a user's install, each side run once before it is
timed.

Games with a Variant tag other than chess are skipped on both sides.  Prints
games/s for each and the ratio.

Usage: python bench/replay.py [PGN ...] [--limit N] [--repeat N] [--whole]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DEFAULT = ROOT.parent / "shared" / "data" / "pgn" / "pychess" / "world_matches.pgn"


def run_python_chess(paths: list[Path], limit: int) -> tuple[int, int, float]:
    import chess.pgn

    games = plies = 0
    start = time.perf_counter()
    for path in paths:
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            while games < limit:
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                if game.headers.get("Variant", "Standard").lower() not in ("standard", "chess"):
                    continue
                plies += game.end().ply() - game.ply()  # counted, not played again
                games += 1
    return games, plies, time.perf_counter() - start


def run_trebuchet(paths: list[Path], limit: int) -> tuple[int, int, float]:
    from trebuchet.converters.pgn import read_file
    from trebuchet.converters.record import GameRecord
    from trebuchet.converters.replay import replay
    from trebuchet.variants.registry import get_variant

    get_variant("chess")  # build the tables outside the timing, as python-chess imports do
    games = plies = 0
    start = time.perf_counter()
    for path in paths:
        for record in read_file(str(path)):
            if games >= limit:
                break
            if not isinstance(record, GameRecord):
                continue
            if record.tags.get("Variant", "Standard").lower() not in ("standard", "chess"):
                continue
            replay(record)
            plies += len(record.moves)
            games += 1
    return games, plies, time.perf_counter() - start


def fastest_runs(
    paths: list[Path], limit: int, repeat: int
) -> tuple[tuple[int, int, float], tuple[int, int, float]]:
    """trebuchet's and python-chess's fastest of ``repeat`` runs, alternating."""
    runs_ours, runs_theirs = [], []
    for _ in range(repeat):
        runs_ours.append(run_trebuchet(paths, limit))
        runs_theirs.append(run_python_chess(paths, limit))
    return min(runs_ours, key=lambda run: run[2]), min(runs_theirs, key=lambda run: run[2])


#: the python-chess side of a whole-process run: what ``run_python_chess`` does, alone
PYTHON_CHESS_PROCESS = """
import sys
import chess.pgn
games = 0
with open(sys.argv[1], encoding="utf-8-sig", errors="replace") as handle:
    while (game := chess.pgn.read_game(handle)) is not None:
        if game.headers.get("Variant", "Standard").lower() in ("standard", "chess"):
            games += 1
print(games, "games")
"""


#: the environment a user's process has: Python's bytecode cache in use (this
#: machine sets PYTHONDONTWRITEBYTECODE, which makes every process compile every
#: module it imports again, some 50 ms of trebuchet's start-up and python-chess's)
USER_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def process_seconds(command: list[str]) -> float:
    """Seconds ``command`` takes as a whole process, run as a user runs it."""
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=USER_ENV)
    return time.perf_counter() - start


def whole_processes(path: Path, repeat: int) -> tuple[float, float]:
    """The median seconds of ``trebuchet check path`` and of python-chess's process
    reading the same file, ``repeat`` runs each, alternating."""
    trebuchet = [str(Path(sys.executable).with_name("trebuchet")), "check", str(path)]
    python_chess = [sys.executable, "-c", PYTHON_CHESS_PROCESS, str(path)]
    process_seconds(trebuchet)  # once each first, so that both bytecode caches are written
    process_seconds(python_chess)
    ours, theirs = [], []
    for _ in range(repeat):
        ours.append(process_seconds(trebuchet))
        theirs.append(process_seconds(python_chess))
    return statistics.median(ours), statistics.median(theirs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn", nargs="*", type=Path, default=[DEFAULT])
    parser.add_argument("--limit", type=int, default=10**9, help="games per side at most")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per side, alternating; the fastest is kept"
    )
    parser.add_argument(
        "--whole", action="store_true", help="time whole processes (median of --repeat runs)"
    )
    args = parser.parse_args()
    if args.whole:
        for path in args.pgn:
            mine, peer = whole_processes(path, args.repeat)
            print(
                f"{path.name}: trebuchet check {mine:.2f} s, python-chess {peer:.2f} s, "
                f"ratio {peer / mine:.2f}x (whole processes, median of {args.repeat})"
            )
        return
    ours, theirs = fastest_runs(args.pgn, args.limit, args.repeat)
    for name, (games, plies, seconds) in (("trebuchet", ours), ("python-chess", theirs)):
        print(
            f"{name:<13} {games:>6} games {plies:>8} plies {seconds:8.2f} s "
            f"{games / seconds:9.1f} games/s"
        )
    ratio = (ours[0] / ours[2]) / (theirs[0] / theirs[2])
    print(f"ratio trebuchet/python-chess: {ratio:.2f}x")


if __name__ == "__main__":
    main()
