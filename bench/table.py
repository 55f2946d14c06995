"""One table of the speed goals (issue 14), the pure and the compiled build side by side.

Every number is a ratio against a peer measured in the same run (python-chess,
or trebuchet's own chess), or a wall time the issue sets a bound on:

- chess perft(5) from the start against python-chess (goal: pure >= 1.5x,
  compiled >= 4x);
- each game's perft(3) nodes per second against chess's (goal: pure within 3x);
- replay of the world-match PGN corpus against python-chess's ``read_game``:
  whole processes, ``trebuchet check FILE`` against a python that reads every
  game, medians of 3 (issue 28's goals: pure >= 1.5x, compiled >= 3x), and in
  process, imports left out (no goal; it shows what start-up costs); and the
  peak resident memory of a fresh process that imports its library and replays
  it all, game by game (goal: within 1.2x);
- start-up: ``trebuchet check`` of a one-game PGN, a whole process, median of
  7 (issue 28's goal: 0.12 s);
- random playouts of FIDE chess (``trebuchet evaluate``), plies per second
  against python-chess's own random playouts doing the same work each ply
  (the outcome, no claims; the legal moves; a push), in process, fastest of 2
  (issue 30's goal: 1.2x pure), and ``evaluate --jobs 2`` against ``--jobs
  1``, whole processes, medians of 3 (goal: 1.6x on 2 cores);
- python-chess's perft suites of the lichess variants, against python-chess
  (no goal: the issue asks for them to be measured compiled);
- an archive (issue 31, bench/archive.py): ``trebuchet check --jobs 2`` against
  ``--jobs 1`` on 40 copies of the world-match corpus, whole processes (goal:
  1.6x on 2 cores), the sum of the processes' peak memory (goal: 150 MB), and
  games per second per core against python-chess's read rate (no goal);
- the Zillions engine: chess.zrf perft(3) against native chess (issue 28's goal:
  within 20x pure, 30x compiled), the file ``zrf export chess`` writes against
  native chess and against chess.zrf (no goal), the exported Duggan's Fantasy
  Chess perft(3) against native (no goal), English draughts perft(6), and
  the replay of the 56 corpus saved games with ZRF move code on 2 processes
  (goal: under 120 s).

A run measures whichever build is loaded and adds it to a JSON file; ``show``
prints the table.  ``make bench`` does both builds:

    python bench/table.py collect pure build/bench.json
    make fast && python bench/table.py collect compiled build/bench.json
    python bench/table.py show build/bench.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import archive  # noqa: E402
import chess  # noqa: E402
from legality import GAMES, counted_perft, own_moves  # noqa: E402
from perft import CHESS_POSITIONS, python_chess_perft  # noqa: E402
from replay import DEFAULT as WORLD_MATCHES  # noqa: E402
from replay import fastest_runs, process_seconds, whole_processes  # noqa: E402
from variants_perft import PLAN, SUITES, run_suite  # noqa: E402

import trebuchet  # noqa: E402
from tests.analysis.test_evaluate import python_chess_playouts  # noqa: E402  (the same loop)
from trebuchet.analysis.evaluate import play  # noqa: E402
from trebuchet.variants.perft import perft  # noqa: E402
from trebuchet.variants.registry import get_variant  # noqa: E402

#: (key, what is measured, how a value is written, goal for pure, goal for compiled);
#: a goal is (">=" or "<=", bound) or None
ROWS: list[tuple[str, str, str, tuple[str, float] | None, tuple[str, float] | None]] = [
    ("perft5", "chess perft(5), x python-chess", "{:.2f}x", (">=", 1.5), (">=", 4.0)),
    *(
        (f"game:{name}", f"{name} perft(3) n/s, x slower than chess", "{:.2f}x", ("<=", 3.0), None)
        for name in GAMES[1:]
    ),
    *(
        (f"suite:{suite}", f"{suite} perft, x python-chess", "{:.2f}x", None, None)
        for suite in PLAN
    ),
    # whole processes as a user runs them (issue 28's goals), and in process
    (
        "replay_process",
        "PGN replay, whole process (check), x python-chess",
        "{:.2f}x",
        (">=", 1.5),
        (">=", 3.0),
    ),
    ("replay", "PGN replay in process (world matches), x python-chess", "{:.2f}x", None, None),
    ("startup", "trebuchet check of a one-game PGN, whole process, s", "{:.3f} s", ("<=", 0.12),
     ("<=", 0.12)),
    ("memory", "replay peak memory, x python-chess", "{:.2f}x", ("<=", 1.2), ("<=", 1.2)),
    ("playouts", "random chess playouts, plies/s, x python-chess", "{:.2f}x", (">=", 1.2), None),
    ("playout_jobs", "trebuchet evaluate --jobs 2, x --jobs 1", "{:.2f}x", (">=", 1.6),
     (">=", 1.6)),
    # issue 31: 40 copies of the world-match corpus, whole processes (bench/archive.py)
    ("archive_jobs", "check of 23,200 games --jobs 2, x --jobs 1", "{:.2f}x", (">=", 1.6),
     (">=", 1.6)),
    ("archive_room", "the machine then: two processes at once, cores' worth", "{:.2f}", None,
     None),
    ("archive_memory", "check of 23,200 games, peak memory of all processes, MB", "{:.0f}",
     ("<=", 150), ("<=", 150)),
    ("archive_rate", "check --jobs 2, games/s per core, x python-chess's", "{:.2f}x", None, None),
    # the engine is interpreted in both builds, against the compiled chess there
    ("zrf_chess", "chess.zrf perft(3), x slower than native", "{:.0f}x", ("<=", 20), ("<=", 30)),
    ("zrf_export", "exported chess.zrf perft(3), x slower than native", "{:.0f}x", None, None),
    ("zrf_export_fixture", "exported chess.zrf perft(3), x the fixture chess.zrf", "{:.2f}x",
     None, None),
    ("zrf_export_duggan", "exported Duggan's Fantasy Chess perft(3), x slower than native",
     "{:.0f}x", None, None),
    ("zrf_export_sittuyin", "exported Sittuyin perft(3), x slower than native", "{:.0f}x",
     None, None),
    ("zrf_export_racing", "exported Racing Kings perft(3), x slower than native",
     "{:.0f}x", None, None),
    ("zrf_export_seirawan", "exported S-chess perft(3), x slower than native", "{:.0f}x", None,
     None),
    ("draughts6", "English draughts perft(6) (ZRF), s", "{:.2f} s", None, None),
    ("zrf_corpus", "56 ZRF saved games replayed, 2 jobs, s", "{:.1f} s", ("<=", 120), ("<=", 120)),
]


def _seconds(func: Callable[[], object]) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


#: runs of each side of a ratio, alternating; the fastest of each is kept (a shared
#: machine's load moves single runs by several per cent)
RUNS = 2


def _ratio(theirs: Callable[[], object], ours: Callable[[], object]) -> float:
    """The peer's time over ours, each the fastest of :data:`RUNS` alternating runs."""
    times_theirs, times_ours = [], []
    for _ in range(RUNS):
        times_theirs.append(_seconds(theirs))
        times_ours.append(_seconds(ours))
    return min(times_theirs) / min(times_ours)


def _perft5() -> float:
    _, fen, depth, expected = CHESS_POSITIONS[0]
    ours = get_variant("chess").position(fen)
    board = chess.Board(fen)
    nodes: list[int] = []
    ratio = _ratio(
        lambda: python_chess_perft(board, depth), lambda: nodes.append(perft(ours, depth))
    )
    assert nodes[0] == expected, nodes
    return ratio


def _games() -> dict[str, float]:
    rates = {}
    for name in GAMES:
        pos = get_variant(name).start_position()
        start = time.perf_counter()
        nodes = counted_perft(pos, 3, own_moves)
        rates[name] = nodes / (time.perf_counter() - start)
    return {f"game:{name}": rates["chess"] / rates[name] for name in GAMES[1:]}


def _suites() -> dict[str, float]:
    """python-chess's perft suites of its variants, rows up to 100,000 leaves (every
    40th Chess960 position): python-chess's time over ours on the same rows."""
    out = {}
    for suite in PLAN:
        run = run_suite(suite, 100_000, compare=True, every=40)
        assert not run.failures, run.failures
        out[f"suite:{suite}"] = run.theirs / run.ours
    return out


def _replay() -> float:
    ours, theirs = fastest_runs([WORLD_MATCHES], 10**9, RUNS)
    assert ours[:2] == theirs[:2], (ours, theirs)
    return theirs[2] / ours[2]


def _replay_process() -> float:
    """python-chess's whole-process time over ``trebuchet check``'s, medians of 3."""
    ours, theirs = whole_processes(WORLD_MATCHES, 3)
    return theirs / ours


#: random chess playouts per side of the in-process ratio, and per whole process
PLAYOUT_GAMES = 60
PLAYOUT_PROCESS_GAMES = 320


def _playouts() -> dict[str, float]:
    """Random playouts of FIDE chess in process: plies per second of
    ``trebuchet evaluate``'s playout against python-chess's, the loop the agreement
    test holds ours to (each ply ``outcome()`` with no claims, ``list(legal_moves)``,
    a random choice, ``push``; ours asks its ``outcome_and_moves`` and keeps board
    coverage too, which python-chess's does not), the fastest of :data:`RUNS`
    alternating runs each.  And the command line with two worker processes against
    one, whole processes, medians of 3 alternating runs."""
    game = get_variant("chess")
    plies: dict[str, int] = {}

    def ours() -> None:
        plies["ours"] = sum(
            play(game, seed=1, number=n, max_plies=1000).plies for n in range(PLAYOUT_GAMES)
        )

    def theirs() -> None:
        plies["theirs"] = sum(g[0] for g in python_chess_playouts(PLAYOUT_GAMES, 1))

    per_second = _ratio(theirs, ours) * plies["ours"] / plies["theirs"]
    command = [str(Path(sys.executable).with_name("trebuchet")), "evaluate", "chess",
               "-n", str(PLAYOUT_PROCESS_GAMES), "--max-plies", "300", "--json"]
    one, two = [], []
    for _ in range(3):
        one.append(process_seconds([*command, "--jobs", "1"]))
        two.append(process_seconds([*command, "--jobs", "2"]))
    return {"playouts": per_second, "playout_jobs": statistics.median(one) / statistics.median(two)}


def _startup() -> float:
    """Median seconds of ``trebuchet check`` on one short bundled game, as a user
    runs it: start-up, imports, the game's tables, the replay and the report."""
    game = ROOT / "examples" / "chess960" / "long-castling.pgn"
    command = [str(Path(sys.executable).with_name("trebuchet")), "check", str(game)]
    process_seconds(command)  # the bytecode cache written, as a user's install has it
    runs = sorted(process_seconds(command) for _ in range(7))
    return runs[len(runs) // 2]


def _peak_rss(runner: str) -> int:
    """The resident memory at its highest (KiB) of a fresh process that imports its
    library and replays the corpus with ``runner`` of bench/replay.py."""
    # VmHWM, not ru_maxrss: a child started by a big parent inherits the parent's
    # ru_maxrss on Linux, while the high-water mark of its own memory starts anew
    code = (
        "import pathlib, re, resource, sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]\n"
        f"from replay import {runner}, DEFAULT\n"
        f"{runner}([DEFAULT], 10**9)\n"
        "status = pathlib.Path('/proc/self/status')\n"
        "found = status.exists() and re.search(r'VmHWM:\\s*(\\d+)', status.read_text())\n"
        "print(found.group(1) if found else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), str(ROOT / "bench")],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(done.stdout.split()[-1])


def _memory() -> float:
    return _peak_rss("run_trebuchet") / _peak_rss("run_python_chess")


def _exported_ratio(zrf: ModuleType, name: str) -> float:
    """perft(3) of the game's exported file (``zrf``: bench/zrf.py), checked against
    the native perft(3), as a ratio of the native time."""
    start = get_variant(name).start_position()
    nodes, took = zrf.exported_perft(name, 3)
    assert nodes == perft(start, 3), (name, nodes)
    return float(took) / _seconds(lambda: perft(start, 3))


def _zrf() -> dict[str, float]:
    import zrf  # bench/zrf.py: it reads the corpus lists from the tests

    out: dict[str, float] = {}
    fixture = str(ROOT / "examples" / "zillions" / "chess.zrf")
    zrf_nodes, zrf_time = zrf._timed_perft(fixture, 3)
    native = get_variant("chess").start_position()
    assert zrf_nodes == perft(native, 3)
    native_time = _seconds(lambda: perft(native, 3))
    out["zrf_chess"] = zrf_time / native_time
    export_nodes, export_time = zrf.exported_chess_perft(3)
    assert export_nodes == zrf_nodes, export_nodes
    out["zrf_export"] = export_time / native_time
    out["zrf_export_fixture"] = export_time / zrf_time
    out["zrf_export_duggan"] = _exported_ratio(zrf, "duggans-fantasy-chess")
    out["zrf_export_sittuyin"] = _exported_ratio(zrf, "sittuyin")
    out["zrf_export_racing"] = _exported_ratio(zrf, "racing-kings")
    out["zrf_export_seirawan"] = _exported_ratio(zrf, "seirawan")
    if zrf.CORPUS.is_dir():
        nodes, took = zrf._timed_perft(str(zrf.CHECKERS), 6, "Checkers (English draughts)")
        assert nodes == 36768, nodes
        out["draughts6"] = took
        results, wall = zrf.replay_corpus(zrf.zrf_saved_games(), 2)
        failed = [name for name, _, _, why in results if why]
        assert not failed, failed
        out["zrf_corpus"] = wall
    return out


def collect(build: str, out: Path) -> None:
    """Measure the loaded build and add it to ``out`` under ``build``."""
    loaded = "compiled" if trebuchet.COMPILED else "pure"
    if loaded != build:
        raise SystemExit(f"table.py: the {loaded} build is loaded, not the {build} one")
    values: dict[str, float] = {}
    steps: list[tuple[str, Callable[[], dict[str, float]]]] = [
        ("chess perft(5)", lambda: {"perft5": _perft5()}),
        ("perft(3) of every game", _games),
    ]
    if SUITES.is_dir():
        steps.append(("python-chess's variant suites", _suites))
    if WORLD_MATCHES.is_file():
        steps.append(("PGN replay", lambda: {"replay": _replay()}))
        steps.append(("PGN replay, whole process", lambda: {"replay_process": _replay_process()}))
        steps.append(("replay memory", lambda: {"memory": _memory()}))
    if WORLD_MATCHES.is_file():
        steps.append(("an archive of 23,200 games", archive.measure))
    steps.append(("start-up", lambda: {"startup": _startup()}))
    steps.append(("playouts", _playouts))
    steps.append(("Zillions engine", _zrf))
    for label, step in steps:
        print(f"{build}: {label} …", file=sys.stderr, flush=True)
        values.update(step())
    table = json.loads(out.read_text()) if out.is_file() else {}
    table[build] = values
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(table, indent=1) + "\n")


def _cell(form: str, value: float | None, goal: tuple[str, float] | None) -> str:
    if value is None:
        return "-"
    text = form.format(value)
    if goal is None:
        return text
    sign, bound = goal
    met = value >= bound if sign == ">=" else value <= bound
    return f"{text} {'ok' if met else 'MISSED'}"


def _goal(goal: tuple[str, float] | None) -> str:
    return "-" if goal is None else f"{goal[0]} {goal[1]:g}"


def show(path: Path) -> None:
    table = json.loads(path.read_text())
    pure, compiled = table.get("pure", {}), table.get("compiled", {})
    print(f"{'':<56} {'pure':>13} {'goal':>7} {'compiled':>13} {'goal':>7}")
    for key, label, form, goal_pure, goal_compiled in ROWS:
        print(
            f"{label:<56} {_cell(form, pure.get(key), goal_pure):>13} {_goal(goal_pure):>7} "
            f"{_cell(form, compiled.get(key), goal_compiled):>13} {_goal(goal_compiled):>7}"
        )
    if not compiled:
        print("(no compiled build measured: make fast needs a C compiler)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("collect", help="measure the loaded build")
    run.add_argument("build", choices=("pure", "compiled"))
    run.add_argument("out", type=Path)
    table = sub.add_parser("show", help="print the table")
    table.add_argument("path", type=Path)
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.build, args.out)
    else:
        show(args.path)


if __name__ == "__main__":
    main()
