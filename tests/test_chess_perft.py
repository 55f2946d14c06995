"""FIDE chess perft against published tables (chessprogramming wiki, pychess perftsuite)."""

from __future__ import annotations

import csv

import pytest
from trebuchet.variants.perft import divide, perft

from tests.helpers import DATA, position

#: Nodes a test may count; deeper rows run in bench/perft.py.
BUDGET = 100_000


def _cpw_rows() -> list[tuple[str, str, int, int]]:
    with open(DATA / "perft" / "fide_cpw_perft.tsv", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    out = []
    for r in rows:
        nodes = int(r["nodes_fairy_stockfish_11.1_debian"])
        if nodes <= BUDGET:
            out.append((r["position"], r["fen"], int(r["depth"]), nodes))
    return out


def _epd_rows(name: str, budget: int) -> list[tuple[str, int, int]]:
    out = []
    for line in (DATA / "perft" / "pychess" / name).read_text().splitlines():
        fen, *depths = (part.strip() for part in line.split(";"))
        for entry in depths:
            label, nodes = entry.split()
            if int(nodes) <= budget:
                out.append((fen, int(label[1:]), int(nodes)))
    return out


def test_start_position_depths_1_to_4() -> None:
    pos = position("chess")
    assert [perft(pos, d) for d in (1, 2, 3, 4)] == [20, 400, 8902, 197281]


def test_kiwipete_depths_1_to_3() -> None:
    pos = position("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert [perft(pos, d) for d in (1, 2, 3)] == [48, 2039, 97862]


@pytest.mark.parametrize(("name", "fen", "depth", "nodes"), _cpw_rows())
def test_chessprogramming_positions(name: str, fen: str, depth: int, nodes: int) -> None:
    assert perft(position("chess", fen), depth) == nodes


@pytest.mark.parametrize(("fen", "depth", "nodes"), _epd_rows("perftsuite.epd", 20_000))
def test_pychess_perftsuite(fen: str, depth: int, nodes: int) -> None:
    assert perft(position("chess", fen), depth) == nodes


def test_divide_sums_to_perft_and_names_every_first_move() -> None:
    pos = position("chess")
    split = divide(pos, 3)
    assert len(split) == 20
    assert sum(split.values()) == 8902
    assert split["e2e4"] == 600 and split["g1f3"] == 440


def test_perft_leaves_position_unchanged() -> None:
    pos = position("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    before = pos.fen()
    perft(pos, 3)
    assert pos.fen() == before and pos.move_stack == []
