"""FIDE chess perft against published tables (chessprogramming wiki, pychess perftsuite)."""

from __future__ import annotations

import pytest

from tests.helpers import FIXTURES, position
from trebuchet.variants.perft import divide, perft

#: Nodes a test may count; deeper rows run in bench/perft.py.
BUDGET = 100_000


def perft_table(budget: int) -> list[tuple[str, str, int, int]]:
    """(name, FEN, depth, nodes) of tests/fixtures/perft/chess.epd up to ``budget`` nodes."""
    out = []
    for line in (FIXTURES / "perft" / "chess.epd").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        name, _, rest = line.partition("\t")
        fen, *depths = (part.strip() for part in rest.split(";"))
        for entry in depths:
            label, nodes = entry.split()
            if int(nodes) <= budget:
                out.append((name, fen, int(label[1:]), int(nodes)))
    return out


def test_start_position_depths_1_to_4() -> None:
    pos = position("chess")
    assert [perft(pos, d) for d in (1, 2, 3, 4)] == [20, 400, 8902, 197281]


def test_kiwipete_depths_1_to_3() -> None:
    pos = position("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert [perft(pos, d) for d in (1, 2, 3)] == [48, 2039, 97862]


@pytest.mark.parametrize(("name", "fen", "depth", "nodes"), perft_table(BUDGET))
def test_perft_table(name: str, fen: str, depth: int, nodes: int) -> None:
    """The chessprogramming-wiki positions and the pychess perft suite."""
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
