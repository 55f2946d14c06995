"""SVG pictures are well-formed XML that show every piece, hole and value."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from trebuchet.analysis.board import find_piece
from trebuchet.analysis.mobility import empty_board
from trebuchet.analysis.svg import board_svg, heatmap_svg
from trebuchet.variants.pieces import WALL
from trebuchet.variants.registry import get_variant, variant_names

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name", variant_names())
def test_board_shows_every_piece_and_hole(name: str) -> None:
    pos = get_variant(name).start_position()
    root = ET.fromstring(board_svg(pos, title=name))
    on_board = [g.get("data-piece") for g in root.findall(f"{NS}g[@class='piece']")]
    assert sorted(on_board) == sorted(p.symbol for _, p in pos.pieces())
    hatched = [r for r in root.findall(f"{NS}rect") if r.get("fill") == "url(#hole)"]
    assert len(hatched) == sum(1 for p in pos.board if p is WALL)
    geo = pos.variant.geometry
    panel = 12 + 2 * 60 if pos.variant.has_hands else 0  # the pieces in hand, beside it
    assert root.get("width") == str(2 * 24 + geo.files * 48 + panel)


def test_heat_map_labels_every_square_with_its_value() -> None:
    chess = get_variant("chess")
    mob = empty_board(chess, find_piece(chess, "N"))
    root = ET.fromstring(heatmap_svg(chess.geometry, mob.per_square(), title="knight"))
    labels = [t.text for t in root.findall(f"{NS}text")]
    assert labels.count("2") >= 4 and labels.count("8") >= 16
    fills = {r.get("fill") for r in root.findall(f"{NS}rect")}
    assert len(fills) >= 5  # 2, 3, 4, 6, 8 moves get five colours
