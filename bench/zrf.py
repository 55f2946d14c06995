"""The Zillions engine's speed, as ratios against trebuchet's own chess in the same run.

- FIDE chess written in ZRF (examples/zillions/chess.zrf): interpreted perft against
  the native ``chess`` variant's, the same depth from the start (goal: within 20×
  pure, 30× compiled), and perft(4) = 197281 checked;
- FIDE chess as ``trebuchet zrf export chess`` writes it: perft(3) beside native
  and beside the hand-written chess.zrf, and perft(4) = 197281 checked;
- English draughts of CheckersCollection.zrf: perft(5) = 7361 and perft(6) = 36768
  (Aart Bik's published table), in whole turns;
- replay of the corpus's saved games: the 25 single-step games (goal under 60 s)
  and all 56 with ZRF move code (goal under 120 s), serially or with ``--jobs``.

    python bench/zrf.py                 # everything, one process
    python bench/zrf.py --jobs 2        # corpus replays on two processes
    python bench/zrf.py --skip-corpus   # perft only
    python bench/zrf.py --per-node 3    # chess.zrf perft(3) per node against native perft(4)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.zrf.test_engine import AXIOM, NOT_YET, PART_ONE  # noqa: E402  (the same lists)
from trebuchet.converters.load import load_variant  # noqa: E402
from trebuchet.converters.zrf.writer import variant_to_zrf  # noqa: E402
from trebuchet.converters.zsg import read_record  # noqa: E402
from trebuchet.variants.perft import perft  # noqa: E402
from trebuchet.variants.registry import get_variant  # noqa: E402

CORPUS = ROOT.parent / "shared" / "data" / "zillions" / "corpus"
CHECKERS = CORPUS / "CheckersCollection" / "CheckersCollection.zrf"


def _timed_perft(variant_name: str, depth: int, game: str | None = None) -> tuple[int, float]:
    variant = load_variant(variant_name, game=game)
    pos = variant.start_position()
    start = time.perf_counter()
    nodes = perft(pos, depth)
    return nodes, time.perf_counter() - start


def chess_ratio(depth: int) -> None:
    zrf_nodes, zrf_time = _timed_perft(str(ROOT / "examples" / "zillions" / "chess.zrf"), depth)
    pos = get_variant("chess").start_position()
    start = time.perf_counter()
    native_nodes = perft(pos, depth)
    native_time = time.perf_counter() - start
    assert zrf_nodes == native_nodes, (zrf_nodes, native_nodes)
    print(
        f"chess perft({depth}) = {zrf_nodes}: ZRF {zrf_time:.2f} s, native {native_time:.3f} s, "
        f"ratio {zrf_time / native_time:.0f}x (goal <= 20x pure, 30x compiled)"
    )


def per_node_ratio(depth: int, repeat: int) -> None:
    """chess.zrf perft(``depth``) per node against native chess's perft(4) per node,
    CPU time, the two runs taken in turn ``repeat`` times in this process (the
    ZRF game loaded afresh each time, so its memos start empty), medians: on a
    shared machine the load moves both sides alike."""
    fixture = str(ROOT / "examples" / "zillions" / "chess.zrf")
    native_runs: list[float] = []
    zrf_runs: list[float] = []
    zrf_nodes = native_nodes = 0
    for _ in range(repeat):
        pos = get_variant("chess").start_position()
        start = time.process_time()
        native_nodes = perft(pos, 4)
        native_runs.append(time.process_time() - start)
        pos = load_variant(fixture).start_position()
        start = time.process_time()
        zrf_nodes = perft(pos, depth)
        zrf_runs.append(time.process_time() - start)
    native = statistics.median(native_runs) / native_nodes
    zrf = statistics.median(zrf_runs) / zrf_nodes
    print(
        f"chess.zrf perft({depth}) {zrf * 1e6:.2f} us/node, native perft(4) "
        f"{native * 1e6:.2f} us/node (CPU, medians of {repeat}): {zrf / native:.1f}x"
    )


def exported_chess_perft(depth: int) -> tuple[int, float]:
    """perft of chess as ``trebuchet zrf export chess`` writes it: (nodes, seconds)."""
    return exported_perft("chess", depth)


def exported_perft(name: str, depth: int) -> tuple[int, float]:
    """perft of the game as ``trebuchet zrf export NAME`` writes it: (nodes, seconds)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}.zrf"
        path.write_text(variant_to_zrf(get_variant(name)), encoding="latin-1")
        return _timed_perft(str(path), depth)


def exported_chess(depth: int) -> None:
    nodes, took = exported_chess_perft(depth)
    fixture = _timed_perft(str(ROOT / "examples" / "zillions" / "chess.zrf"), depth)[1]
    verdict = "ok" if nodes == {3: 8902, 4: 197281}.get(depth, nodes) else "WRONG"
    print(
        f"exported chess perft({depth}) = {nodes} {verdict}: {took:.2f} s, "
        f"{took / fixture:.2f}x the hand-written chess.zrf"
    )


def checkers(depths: tuple[int, ...]) -> None:
    published = {5: 7361, 6: 36768}
    for depth in depths:
        nodes, took = _timed_perft(str(CHECKERS), depth, "Checkers (English draughts)")
        verdict = "ok" if nodes == published[depth] else f"WRONG (published {published[depth]})"
        print(f"English draughts perft({depth}) = {nodes} {verdict}, {took:.2f} s")


def _replay(name: str) -> tuple[str, int, float, str]:
    start = time.perf_counter()
    path = CORPUS / name
    try:
        record = read_record(path.read_text(encoding="latin-1"), str(path))
    except Exception as exc:  # a benchmark reports every file, whatever breaks
        return name, 0, time.perf_counter() - start, str(exc).splitlines()[0][:100]
    return name, len(record.moves), time.perf_counter() - start, ""


def zrf_saved_games() -> list[str]:
    """The corpus's saved games with ZRF move code (the Axiom games left out)."""
    return sorted(
        p.relative_to(CORPUS).as_posix()
        for p in CORPUS.rglob("*.zsg")
        if p.relative_to(CORPUS).as_posix() not in AXIOM
    )


def replay_corpus(names: list[str], jobs: int) -> tuple[list[tuple[str, int, float, str]], float]:
    """Each game's (name, turns, seconds, why it failed or ""), and the wall time."""
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(_replay, names))
    return results, time.perf_counter() - start


def corpus(jobs: int) -> None:
    for label, names in (
        ("25 single-step games", sorted(PART_ONE)),
        ("56 games", zrf_saved_games()),
    ):
        results, wall = replay_corpus(names, jobs)
        failed = [(n, why) for n, _, _, why in results if why]
        turns = sum(t for _, t, _, _ in results)
        slowest = max(results, key=lambda r: r[2])
        print(
            f"{label}: {len(results) - len(failed)} replayed, {turns} turns, wall {wall:.1f} s "
            f"on {jobs} process(es); slowest {slowest[0]} {slowest[2]:.1f} s"
        )
        for name, why in failed:
            known = " (known: " + NOT_YET[name] + ")" if name in NOT_YET else ""
            print(f"  not replayed: {name}: {why}{known}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1, help="processes for the corpus replays")
    parser.add_argument("--skip-corpus", action="store_true")
    parser.add_argument(
        "--per-node",
        type=int,
        metavar="DEPTH",
        help="only chess.zrf perft(DEPTH) per node against native perft(4), in turn",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side for --per-node")
    args = parser.parse_args()
    if args.per_node:
        per_node_ratio(args.per_node, args.repeat)
        return 0
    chess_ratio(3)
    nodes, took = _timed_perft(str(ROOT / "examples" / "zillions" / "chess.zrf"), 4)
    print(f"chess.zrf perft(4) = {nodes} {'ok' if nodes == 197281 else 'WRONG'}, {took:.1f} s")
    exported_chess(3)
    exported_chess(4)
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}: draughts and replays skipped")
        return 0
    checkers((5, 6))
    if not args.skip_corpus:
        corpus(args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
