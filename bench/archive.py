"""An archive at scale (issue 31): ``trebuchet check --jobs 2`` against ``--jobs 1``
on one big PGN file, the memory it takes, and the games per second per core.

The archive is 40 copies of the world-match corpus (23,200 games, 36 MB), made
in a temporary folder.  Every figure is of whole processes, as a user runs
them (``check FILE --quiet``, Python's bytecode cache in use):

- ``--jobs 2`` against ``--jobs 1``: the median wall time of each, runs
  alternating (issue 31's goal: 1.6x on 2 cores);
- peak memory: the sum, over the command's process and its workers, of each
  process's own peak resident memory (``VmHWM``), read from /proc every few
  milliseconds while it runs; the pages a forked worker shares with its parent
  are counted in both, so the sum is an upper bound (issue 31's goal: 150 MB
  with any ``--jobs``);
- the machine's room for two: two ``--jobs 1`` processes on 4 copies at once
  against one alone, before and after (2.0: two free cores; 1.0: the other
  engineers' runs leave one core's worth), so that a ``--jobs 2`` figure taken
  on a shared machine can be read against what the machine could give (no
  goal);
- games per second per core: the archive's games over the CPU seconds of all
  the processes (``--jobs 2``), beside python-chess's games per CPU second in
  one process reading the corpus once with ``read_game`` (measured on one
  copy: 40 would take a minute more and say the same).

Usage: python bench/archive.py [--copies N] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay import DEFAULT as WORLD_MATCHES
from replay import PYTHON_CHESS_PROCESS, USER_ENV

#: copies of the corpus in the archive: 23,200 games
COPIES = 40
#: seconds between two readings of the processes' memory
POLL = 0.005


def make_archive(folder: Path, copies: int = COPIES) -> Path:
    """``copies`` of the world-match corpus, one after another, in one file."""
    corpus = WORLD_MATCHES.read_bytes().rstrip(b"\r\n") + b"\r\n\r\n"
    path = folder / f"world_matches_x{copies}.pgn"
    with path.open("wb") as out:
        for _ in range(copies):
            out.write(corpus)
    return path


def check_command(path: Path, jobs: int) -> list[str]:
    trebuchet = str(Path(sys.executable).with_name("trebuchet"))
    return [trebuchet, "check", str(path), "--quiet", "--jobs", str(jobs)]


def _peak_kib(pid: int) -> int:
    """A process's own peak resident memory so far (KiB), 0 once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"VmHWM:\s*(\d+)", status)
    return int(found.group(1)) if found else 0


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def run_measured(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (the process and its children) and the sum of the
    processes' peak memory (KiB) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=USER_ENV)
    peaks: dict[int, int] = {}
    while process.poll() is None:
        for pid in [process.pid, *_children(process.pid)]:
            peaks[pid] = max(peaks.get(pid, 0), _peak_kib(pid))
        time.sleep(POLL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if process.returncode not in (0, 1):
        raise SystemExit(f"archive.py: {' '.join(command)} failed ({process.returncode})")
    return wall, cpu, sum(peaks.values())


def python_chess_rate(path: Path, games: int) -> float:
    """Games per CPU second of python-chess reading the archive ``path`` (``games``
    games, the file trebuchet checks, so that neither side's start-up is spread
    over more games), one whole process, counted as trebuchet's are (CPU time: a
    loaded machine's wall time would say more of the load than of either)."""
    warm = [sys.executable, "-c", PYTHON_CHESS_PROCESS, str(WORLD_MATCHES)]
    subprocess.run(warm, check=True, stdout=subprocess.DEVNULL, env=USER_ENV)  # the cache
    _, cpu, _ = run_measured([sys.executable, "-c", PYTHON_CHESS_PROCESS, str(path)])
    return games / cpu


def room_for_two(folder: Path) -> float:
    """How many cores' worth two processes get at once: two ``check --jobs 1`` of 4
    copies side by side against one alone (2.0 on two free cores)."""
    command = check_command(make_archive(folder, 4), 1)
    start = time.perf_counter()
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL, env=USER_ENV)
    alone = time.perf_counter() - start
    start = time.perf_counter()
    pair = [subprocess.Popen(command, stdout=subprocess.DEVNULL, env=USER_ENV) for _ in "ab"]
    for process in pair:
        process.wait()
    return 2 * alone / (time.perf_counter() - start)


def measure(copies: int = COPIES, repeat: int = 3) -> dict[str, float]:
    """The table's rows: ``archive_jobs``, ``archive_memory`` (MB) and
    ``archive_rate`` (games/s per core, x python-chess's)."""
    with tempfile.TemporaryDirectory() as folder:
        room = [room_for_two(Path(folder))]
        path = make_archive(Path(folder), copies)
        corpus = len(re.findall(rb"^\[Event ", WORLD_MATCHES.read_bytes(), re.M))
        games = corpus * copies
        one_runs, two_runs = [], []
        for _ in range(repeat):
            one_runs.append(run_measured(check_command(path, 1)))
            two_runs.append(run_measured(check_command(path, 2)))
        theirs = python_chess_rate(path, games)
        room.append(room_for_two(Path(folder)))
    one = statistics.median(wall for wall, _, _ in one_runs)
    two = statistics.median(wall for wall, _, _ in two_runs)
    memory = max(peak for _, _, peak in one_runs + two_runs) / 1024
    per_core = games / statistics.median(cpu for _, cpu, _ in two_runs)
    cpu_one = statistics.median(cpu for _, cpu, _ in one_runs)
    cpu_two = statistics.median(cpu for _, cpu, _ in two_runs)
    print(f"--jobs 1: {one:.1f} s ({cpu_one:.1f} s of CPU), --jobs 2: {two:.1f} s "
          f"({cpu_two:.1f} s of CPU; medians of {repeat}); peak memory (sum of processes) "
          f"{memory:.0f} MB; {per_core:.0f} games/s per core, python-chess {theirs:.0f} "
          f"games/s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
          f"two processes at once got {room[0]:.2f} and {room[1]:.2f} cores' worth",
          file=sys.stderr)
    return {"archive_jobs": one / two, "archive_room": statistics.fmean(room),
            "archive_memory": memory, "archive_rate": per_core / theirs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=COPIES)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}", file=sys.stderr)
    for key, value in measure(args.copies, args.repeat).items():
        print(f"{key}: {value:.2f}")


if __name__ == "__main__":
    main()
