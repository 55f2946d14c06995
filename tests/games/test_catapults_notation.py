"""Catapults of Troy: the rule page's notation, the CLI, and the example files.

Positions are the constructed ones of ``test_catapults_of_troy`` (the page's
diagrams are lost).
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from tests.games.test_catapults_of_troy import ARCHER, CT, DIAGRAM, MATE_IN_2, _count_by_rebuilding
from tests.helpers import ROOT, play, position
from trebuchet.cli import main
from trebuchet.variants.catapults_of_troy import CatapultsNotation
from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError, MoveError
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant

EXAMPLES = ROOT / "examples" / "catapults-of-troy"
NOTATION = CatapultsNotation(get_variant(CT))


def read_text(fen: str, text: str) -> str:
    p = position(CT, fen)
    return p.move_text(NOTATION.read(p, text))


@pytest.mark.parametrize(
    ("fen", "text", "coordinate"),
    [
        (DIAGRAM, "BB^H6", "h7h6/b"),  # CT-7, "10…. BB^G6" form
        (DIAGRAM, "10…. bb^h6", "h7h6/b"),
        (DIAGRAM, "BB r G6", "h7g6/x"),  # CT-7
        (DIAGRAM, "Ram-G1", "g8g1"),  # CT-9: the battering line written to its end
        (DIAGRAM, "C-E11", "e8e11"),  # loading the King
        (DIAGRAM.replace(" b ", " w "), "E4-E9", "e4e9/l"),  # launch: two squares
        (DIAGRAM.replace(" b ", " w "), "C(A)-E1", "e4e1"),  # carry with rider
        (DIAGRAM.replace(" b ", " w "), "C-G4", "e4g4/d"),  # leave rider, load Ram
        (DIAGRAM.replace(" b ", " w "), "A x C6", "e4c6/r"),  # rider captures
        (ARCHER, "20. A 's' F7", "d7f7/s"),
        (ARCHER, "A ‘s’ F7", "d7f7/s"),
        (ARCHER, "A x F7", "d7f7"),
        (ARCHER, "A 's\" F5", "d7f5/s"),  # the page's mismatched quotes
        (ARCHER, "A 's' d5", "d7d5/s"),
        (MATE_IN_2, "1…… Ram-H1 + Check", "h5h1"),
    ],
)
def test_page_forms_are_read(fen: str, text: str, coordinate: str) -> None:
    assert read_text(fen, text) == coordinate


def test_mate_in_two_is_written_as_on_the_page() -> None:
    p = position(CT, MATE_IN_2)
    written = []
    for coordinate in ("h5h1", "e1d2", "c9c1a/l"):
        move = p.parse_move(coordinate)
        written.append(NOTATION.write(p, move))
        p.push(move)
    assert written == ["Ram-H1+", "K-D2", "C9-C1#"]


def test_page_examples_are_written_as_on_the_page() -> None:
    p = position(CT, ARCHER)
    shots = {NOTATION.write(p, m) for m in p.legal_moves() if m.tag == "shot"}
    assert shots == {"A 's' F7", "A 's' F5", "A 's' D5"}
    assert NOTATION.write(p, p.parse_move("d7f7")) == "A x F7"
    d = position(CT, DIAGRAM)
    assert NOTATION.write(d, d.parse_move("h7g6/x")) == "BB r G6"
    assert NOTATION.write(d, d.parse_move("h7h6/b")) == "BB^H6"


def _round_trip(p: Position) -> None:
    texts = set()
    for move in p.legal_moves():
        text = NOTATION.write(p, move)
        texts.add(text)
        assert NOTATION.read(p, text) == move
    assert len(texts) == len(p.legal_moves())


@pytest.mark.parametrize("fen", [None, DIAGRAM, DIAGRAM.replace(" b ", " w "), ARCHER, MATE_IN_2])
def test_every_legal_move_round_trips(fen: str | None) -> None:
    _round_trip(position(CT, fen))


def test_origin_is_added_only_when_needed() -> None:
    # two White Archers can both reach e5
    p = position(CT, "4k3/8/8/8/8/********/8/3A1A2/8/8/K7 w - - 0 1")
    move = p.parse_move("d4e5")
    assert NOTATION.write(p, move) == "A D4-E5"
    with pytest.raises(AmbiguousMoveError) as err:
        NOTATION.read(p, "A-E5")
    assert "\n" not in str(err.value)
    _round_trip(p)


def test_unreadable_and_illegal_texts_are_move_errors() -> None:
    p = position(CT)
    for text in ("Q-E4", "BB^E6", "A 's' E9", "hello"):
        with pytest.raises(IllegalMoveError):
            NOTATION.read(p, text)


# -- command line ---------------------------------------------------------------------
def test_cli_mate_in_two_coordinates_reports_checkmate() -> None:
    result = CliRunner().invoke(main, ["play", CT, "--fen", MATE_IN_2, "h5h1", "e1d2", "c9c1a/l"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "0-1 checkmate (won by Black)"


def test_cli_mate_in_two_page_notation_reports_checkmate() -> None:
    args = ["play", CT, "--fen", MATE_IN_2, "Ram-H1+", "K-D2", "C9-C1#"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "0-1 checkmate (won by Black)"


def test_cli_illegal_move_is_one_line_error() -> None:
    result = CliRunner().invoke(main, ["play", CT, "e2e4"])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1 and "e2e4" in result.output


def test_cli_moves_json_start_is_stable() -> None:
    runner = CliRunner()
    first = runner.invoke(main, ["moves", CT, "--json"])
    second = runner.invoke(main, ["moves", CT, "--json"])
    assert first.exit_code == 0 and first.output == second.output
    entries = json.loads(first.output)
    assert len(entries) == 19  # counted by hand in test_perft_1_by_hand
    variant = get_variant(CT)
    for entry in entries:
        assert variant.position(entry["fen"]).fen() == entry["fen"]


def test_cli_perft_3_matches_independent_count() -> None:
    result = CliRunner().invoke(main, ["perft", CT, "3"])
    assert result.exit_code == 0
    assert int(result.output) == _count_by_rebuilding(position(CT), 3)


# -- example files ------------------------------------------------------------------------
def _example(name: str) -> tuple[str, list[str]]:
    """The FEN header and the move lines (comments and brackets stripped) of a file."""
    fen, moves = "", []
    for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("# FEN:"):
            fen = line.removeprefix("# FEN:").strip()
        text = re.sub(r"#.*|\[.*\]", "", line).strip()
        if text:
            moves.append(text)
    return fen, moves


def test_example_mate_in_two_file_replays_to_checkmate() -> None:
    fen, moves = _example("mate-in-2.txt")
    assert fen == MATE_IN_2
    p = position(CT, fen)
    for text in moves:
        p.push(NOTATION.read(p, text))
    outcome = p.outcome()
    assert outcome is not None and outcome.termination == "checkmate"


def test_example_game_is_legal_and_uses_every_special_move() -> None:
    fen, moves = _example("sample-game.txt")
    p = position(CT, fen)
    assert p.fen() == get_variant(CT).start_fen
    tags = set()
    promoted = False
    for text in moves:
        try:
            move = p.parse_move(text)
        except MoveError as exc:  # pragma: no cover - the message names the move
            pytest.fail(str(exc))
        tags.add(move.tag)
        promoted |= move.promotion == "A"
        p.push(move)
    special = {"batter", "board", "build", "unbridge", "leave", "load", "launch", "ride"}
    assert special | {"shot", "release"} <= tags
    assert promoted
    drowned = play(position(CT, fen), *moves[:22])
    assert drowned.piece_at("b6") is not None
    assert play(drowned, moves[22]).piece_at("b6") is None  # b5b6/x drowned the Builder
