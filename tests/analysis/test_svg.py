"""SVG pictures are well-formed XML that show every piece, hole and value."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from types import SimpleNamespace
from typing import Any

import pytest

from trebuchet.analysis.board import find_piece
from trebuchet.analysis.diagram import piece_labels
from trebuchet.analysis.mobility import empty_board
from trebuchet.analysis.svg import board_svg, heatmap_svg, text_width
from trebuchet.variants.pieces import WALL
from trebuchet.variants.position import Position
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


# -- what a player reads (issue 15) ------------------------------------------------------

def svg_of(pos: Position, title: str = "", **kw: Any) -> ET.Element:
    return ET.fromstring(board_svg(pos, title, **kw))


def texts(root: ET.Element, group: str | None = None) -> list[str]:
    scope = root.findall(f".//{NS}g[@class='{group}']") if group else [root]
    return [t.text or "" for g in scope for t in g.iter(f"{NS}text")]


def played(name: str, *moves: str) -> Position:
    pos = get_variant(name).start_position()
    for move in moves:
        pos.push_text(move)
    return pos


#: the Shatranj of Troy opening of examples/ up to White's drop of a pawn (7. P@d7)
TROY = ("e2d4,C@e2", "e8f6,N@e8", "d4b5", "f6e4", "d3e4", "e7e6", "b5a7", "d7d6")


def test_pieces_in_hand_are_beside_the_board() -> None:
    root = svg_of(played("shatranj-of-troy", *TROY))
    hands = {g.get("data-player"): g for g in root.iter(f"{NS}g") if g.get("class") == "hand"}
    assert set(hands) == {"white", "black"}
    white = [p.get("data-piece") for p in hands["white"].iter(f"{NS}g")
             if p.get("class") == "piece"]
    # 3. P d3xe4 took Black's loaded Horse, 4. T b5xa7 a pawn: both in White's hand
    assert sorted(white) == ["P", "T(FWECR)"]
    assert "×1" in texts(root, "hand") and "Black holds nothing" in texts(root, "hand")


def test_side_to_move_check_and_mate_are_said_under_the_board() -> None:
    assert texts(svg_of(played("chess")), "status") == ["White to move"]
    assert texts(svg_of(played("chess", "e2e4", "f7f6", "d1h5")), "status") == [
        "Black to move, in check"
    ]
    mate = svg_of(played("chess", "f2f3", "e7e5", "g2g4", "d8h4"))
    assert texts(mate, "status") == ["White is checkmated: 0-1 (won by Black)"]


def test_check_glows_on_the_royal_in_check_and_the_last_move_is_tinted() -> None:
    pos = played("chess", "e2e4", "f7f6", "d1h5")
    root = svg_of(pos)
    geo = pos.variant.geometry
    checked = [(r.get("x"), r.get("y")) for r in root.iter(f"{NS}rect")
               if r.get("class") == "check"]
    last = [(r.get("x"), r.get("y")) for r in root.iter(f"{NS}rect")
            if r.get("class") == "last-move"]
    corner = lambda sq: (str(24 + geo.file_of(sq) * 48), str(24 + (7 - geo.rank_of(sq)) * 48))  # noqa: E731
    assert checked == [corner(geo.square("e8"))]
    assert sorted(last) == sorted([corner(geo.square("d1")), corner(geo.square("h5"))])
    assert not [r for r in svg_of(played("chess")).iter(f"{NS}rect")
                if r.get("class") in ("check", "last-move")]


def test_key_names_every_kind_of_the_game() -> None:
    variant = get_variant("catapults-of-troy")
    key = texts(svg_of(variant.start_position()), "key")
    names = [t.name for t in variant.types.values()]
    assert all(n in key for n in names) and len(key) == 2 * len(names)
    assert texts(svg_of(variant.start_position(), key=False), "key") == []


def test_cargo_is_legible() -> None:
    root = svg_of(get_variant("catapults-of-troy").start_position())
    cargo = [t for g in root.iter(f"{NS}g") if g.get("class") == "cargo"
             for t in g.iter(f"{NS}text")]
    assert cargo, "the start position has loaded pieces"
    assert all(float(t.get("font-size", 0)) >= 12 for t in cargo)


def test_a_long_title_is_wrapped_to_the_width() -> None:
    title = "titan-chess: Titan (Ti), moves from a1 on a crowded board, averaged " * 3
    root = svg_of(get_variant("chess").start_position(), title)
    width = float(root.get("width") or 0)
    lines = [t for t in root.iter(f"{NS}text") if t.get("class") == "title"]
    assert len(lines) > 1
    for line in lines:
        size = float(line.get("font-size") or 0)
        drawn = float(line.get("textLength") or text_width(line.text or "", size))
        assert drawn <= width - 16


def test_arrows_and_the_flipped_board() -> None:
    pos = get_variant("chess").start_position()
    e2, e4 = pos.variant.square("e2"), pos.variant.square("e4")
    root = svg_of(pos, arrows=[(e2, e4)])
    arrows = [line for line in root.iter(f"{NS}line") if line.get("class") == "arrow"]
    assert len(arrows) == 1 and arrows[0].get("x1") == arrows[0].get("x2") == "240.0"
    assert float(arrows[0].get("y1") or 0) > float(arrows[0].get("y2") or 0), "upwards"

    def king_y(flipped: bool) -> float:
        root = svg_of(pos, flipped=flipped)
        for g in root.iter(f"{NS}g"):
            if g.get("data-piece") == "K":
                return float(next(g.iter(f"{NS}circle")).get("cy") or 0)
        raise AssertionError("no white king")

    assert king_y(False) > 300 > king_y(True), "White's king at the top when flipped"
    files = [t.text for t in svg_of(pos, flipped=True).iter(f"{NS}text") if t.text in "abcdefgh"]
    assert files[:8] == list("hgfedcba")


def test_a_heat_map_has_a_legend_of_its_scale() -> None:
    chess = get_variant("chess")
    mob = empty_board(chess, find_piece(chess, "N"))
    root = ET.fromstring(heatmap_svg(chess.geometry, mob.per_square(), title="N", unit="moves"))
    legend = texts(root, "legend")
    assert "2" in legend and "8" in legend and any("moves" in t for t in legend)


def test_named_kinds_get_short_distinct_labels() -> None:
    """A game whose kinds are names (a Zillions game of more than 26 kinds) is drawn
    with labels of at most four letters, one per kind, and the key says which."""
    variant = get_variant("chess")
    fake = {"FEROCIOUS-LEOPARD": "Ferocious-Leopard", "FREE-KING": "Free-King",
            "FREE-KNIGHT": "Free-Knight", "PAWN": "Pawn", "K": "King"}

    # the part of a variant piece_labels reads: its kinds and their names
    named = SimpleNamespace(types={k: SimpleNamespace(name=v) for k, v in fake.items()})
    labels = piece_labels(named, {"FREE-KING": "FK"})  # type: ignore[arg-type]
    assert labels["FEROCIOUS-LEOPARD"] == "FL" and labels["FREE-KING"] == "FK"
    assert labels["FREE-KNIGHT"] == "FK2" and labels["PAWN"] == "P"
    assert "K" not in labels
    assert piece_labels(variant) == {}, "FEN letters stay as they are"
