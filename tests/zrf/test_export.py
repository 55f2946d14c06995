"""``trebuchet zrf export``: each of our variants as ZRF, parsed back to the same game."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from trebuchet.cli import main
from trebuchet.converters.zrf.model import parse_zrf, read_zrf
from trebuchet.converters.zrf.writer import atom, limitations, variant_to_zrf
from trebuchet.variants.pieces import WALL
from trebuchet.variants.registry import get_variant, variant_names


@pytest.mark.parametrize("name", variant_names())
def test_export_parses_back_to_the_same_board_pieces_and_setup(name: str) -> None:
    variant = get_variant(name)
    game = parse_zrf(variant_to_zrf(variant), f"{name}.zrf").game()
    start = variant.start_position()
    geo = variant.geometry
    assert game.title == variant.title
    assert game.players == ["White", "Black"]
    holes = {geo.name(sq) for sq, p in enumerate(start.board) if p is WALL}
    assert set(game.position_names()) == set(geo.names) - holes
    assert [p.name for p in game.pieces] == [atom(t.name) for t in variant.types.values()]
    assert [p.notation for p in game.pieces] == list(variant.types)
    expected = {
        geo.name(sq): ("White" if p.color else "Black", atom(variant.types[p.kind].name))
        for sq, p in start.pieces()
        if p is not WALL
    }
    assert game.setup.by_position() == expected
    royal = [atom(t.name) for t in variant.types.values() if t.royal]
    assert [c.condition.render() for c in game.conditions if c.kind == "loss"] == [
        f"(checkmated {r})" for r in royal
    ]


def test_chess_export_moves_and_symmetry() -> None:
    game = parse_zrf(variant_to_zrf(get_variant("chess"))).game()
    knight = game.piece("Knight")
    assert knight is not None and len(knight.moves) == 8
    rook = game.piece("Rook")
    assert rook is not None
    assert rook.moves[0].render() == "(n (while empty? add n) (verify not-friend?) add)"
    links = game.board.link_map()
    assert links["e4"]["n"] == "e5" and links["g1"]["j-1_2"] == "f3"
    assert game.board.symmetries["Black"]["n"] == "s"
    zones = {(z.name, tuple(z.players)): z.positions for z in game.board.zones}
    assert zones[("promotion-zone", ("White",))][0] == "a8"
    pawn = game.piece("Pawn")
    assert pawn is not None and "(add Queen Rook Bishop Knight)" in pawn.moves[0].render()


def test_limitations_are_listed_at_the_top() -> None:
    text = variant_to_zrf(get_variant("chess"))
    head = text.split("(version")[0]
    assert "castling" in head and "en passant" in head and "initial moves" in head
    assert "Pawn: initial moves (fmWfceFifmnD)" in limitations(get_variant("chess"))
    assert "Catapult: special piece, moves not expressed" in limitations(
        get_variant("catapults-of-troy")
    )


def test_cli_export_writes_a_crlf_file(tmp_path: Path) -> None:
    out = tmp_path / "chess.zrf"
    result = CliRunner().invoke(main, ["zrf", "export", "chess", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert b"\r\n(game\r\n" in out.read_bytes()
    assert read_zrf(out).game().title == "FIDE chess"


def test_cli_errors_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.zrf"
    bad.write_text('(game\n (title "x")\n')
    result = CliRunner().invoke(main, ["zrf", "info", str(bad)])
    assert result.exit_code == 1
    assert "bad.zrf:1: unbalanced '('" in result.output
    unknown = CliRunner().invoke(main, ["zrf", "export", "no-such-game"])
    assert unknown.exit_code == 1 and "unknown variant" in unknown.output


def test_help_texts_show_examples() -> None:
    for command in ("info", "board", "export"):
        result = CliRunner().invoke(main, ["zrf", command, "--help"])
        assert result.exit_code == 0 and "Example" in result.output
