"""Reachability graphs: python-chess knight distances, colour-binding found from the
graph, terrain, and the GraphML / DOT / JSON exports."""

from __future__ import annotations

import json

import chess
import networkx as nx
import pytest

from trebuchet.analysis.board import PieceForm, betza_variant, find_piece, piece_forms
from trebuchet.analysis.reachability import reachability, to_dot, to_graphml, to_json
from trebuchet.variants.registry import get_variant, variant_names


def test_knight_distances_equal_python_chess() -> None:
    variant = get_variant("chess")
    result = reachability(variant, find_piece(variant, "N"))
    for a in range(64):
        for b in range(64):
            assert result.distances[a][b] == chess.square_knight_distance(a, b)


@pytest.mark.parametrize(
    ("variant", "piece", "classes"),
    [
        ("chess", "B", 2),
        ("chess", "N", 1),
        ("chess", "K", 1),
        ("chess", "R", 1),
        ("shatranj-of-troy", "Camel", 4),
        ("shatranj-of-troy", "Ferz", 2),
        ("duggans-fantasy-chess", "Archer", 2),
        ("titan-chess", "Leaping Ninja Guard", 2),
    ],
)
def test_colour_binding_is_read_from_the_graph(variant: str, piece: str, classes: int) -> None:
    v = get_variant(variant)
    result = reachability(v, find_piece(v, piece), "open")
    assert len(result.classes) == classes
    assert result.binding == ("bound" if classes > 1 else "none")
    assert sum(len(c) for c in result.classes) == v.geometry.size


@pytest.mark.parametrize(("atom", "classes"), [("F", 2), ("A", 8), ("B", 2), ("D", 4)])
def test_bound_leapers_split_8x8_evenly(atom: str, classes: int) -> None:
    board = betza_variant({"X": atom}, 8, 8)
    result = reachability(board, PieceForm("X", (), atom))
    assert sorted(len(c) for c in result.classes) == [64 // classes] * classes


def test_pawn_is_one_way_and_its_last_rank_is_a_dead_end() -> None:
    variant = get_variant("chess")
    result = reachability(variant, find_piece(variant, "P"), captures=True)
    assert result.binding == "one-way"
    assert len(result.components) == 64
    assert result.never_leaves() == list(range(56, 64))
    assert result.never_reaches() == list(range(0, 8))
    assert result.distances[8][24] == 1  # the double step from the pawn's first rank


def test_river_splits_the_board_unless_bridged() -> None:
    cot = get_variant("catapults-of-troy")
    rook = find_piece(cot, "R")
    assert len(reachability(cot, rook, "start").classes) == 2
    assert len(reachability(cot, rook, "open").classes) == 1
    assert reachability(cot, find_piece(cot, "Troy Horse"), "start").binding == "none"


def test_exports_round_trip() -> None:
    variant = get_variant("chess")
    result = reachability(variant, find_piece(variant, "K"))
    graph = nx.parse_graphml(to_graphml(result.graph))
    assert graph.number_of_edges() == result.graph.number_of_edges() == 420
    assert graph.has_edge("e1", "f2")
    dot = to_dot(result.graph)
    assert dot.count("->") == 420
    data = json.loads(to_json(result, variant.geometry.names, source=4))
    assert data["distances"]["h8"] == 7
    assert data["diameter"] == 7


@pytest.mark.parametrize("name", variant_names())
def test_every_piece_of_every_variant_has_a_graph(name: str) -> None:
    variant = get_variant(name)
    for form in piece_forms(variant):
        result = reachability(variant, form)
        assert result.squares == variant.geometry.size - sum(
            1 for p in variant.start_position().board if p is not None and p.color is None
        )
        for sq, dist in result.distances.items():
            assert all(result.graph.has_edge(sq, t) for t, d in dist.items() if d == 1)
