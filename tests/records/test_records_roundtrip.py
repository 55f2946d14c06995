"""Round trips: every variant, every pair of formats, A -> B -> A keeps the game.

Random legal games (hypothesis picks the seed) of every variant the registry
has, so variants added later are covered without touching this file.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Iterable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trebuchet.converters import courier, json_format, pgn, text_files
from trebuchet.converters.formats import format_named
from trebuchet.converters.record import GameRecord, MoveNode, RecordError, resolve_variant_name
from trebuchet.converters.replay import CoordinatesFirst, replay
from trebuchet.variants.registry import get_variant, variant_names

Reader = Callable[[str], Iterable[GameRecord | RecordError]]
Writer = Callable[[Iterable[GameRecord], io.StringIO], None]

FORMATS: dict[str, tuple[Writer, Reader]] = {
    "pgn": (format_named("pgn").write, lambda text: pgn.read_games(io.StringIO(text))),
    "courier": (format_named("courier").write, lambda text: courier.read_games(text.splitlines())),
    "json": (
        format_named("json").write, lambda text: json_format.read_document(json.loads(text))
    ),
    "moves": (format_named("moves").write, lambda text: text_files.read_moves(text.splitlines())),
}
#: formats that keep comments where the move they belong to is clear
KEEPS_COMMENTS = {"pgn", "json", "moves", "courier"}
#: formats that keep NAGs and variations
KEEPS_TREE = {"pgn", "json"}


def random_game(variant_name: str, seed: int, plies: int) -> GameRecord:
    """A replayed random legal game with a comment, a NAG and a one-move variation."""
    variant = get_variant(variant_name)
    pos = variant.start_position()
    rng = random.Random(seed)
    record = GameRecord(
        tags={"Event": f"random {seed}", "White": "A", "Black": "B"}, source="random"
    )
    if variant.name != "chess":
        record.tags["Variant"] = variant.title
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        record.moves.append(MoveNode(pos.move_text(move), move=move))
        pos.push(move)
    record.reading = CoordinatesFirst
    if record.moves:
        record.moves[0].before.append("opening comment")
        record.moves[-1].comments.append("last move: {brace, \"quotes\"; semicolon")
    replay(record)
    return record


def convert(record: GameRecord, fmt: str) -> GameRecord:
    write, read = FORMATS[fmt]
    out = io.StringIO()
    write([record], out)
    (again,) = list(read(out.getvalue()))
    assert isinstance(again, GameRecord), f"{fmt}: {again}"
    replay(again)
    return again


def comments(record: GameRecord) -> list[str]:
    """Comments in game order (formats without 'before' slots move them, not lose them)."""
    out: list[str] = []
    for node in record.moves:
        out += node.before + node.comments
    return record.comments + out


def same_game(a: GameRecord, b: GameRecord, first: str, second: str) -> None:
    assert [n.move for n in a.moves] == [n.move for n in b.moves]
    assert resolve_variant_name(a.tags.get("Variant", "")) == resolve_variant_name(
        b.tags.get("Variant", "")
    )
    assert a.fen == b.fen
    assert _tags(a) == _tags(b)
    assert a.result_text == b.result_text
    if first in KEEPS_COMMENTS and second in KEEPS_COMMENTS:
        assert comments(a) == comments(b)


#: PGN fills the Seven Tag Roster with these when a source has no such tag
PLACEHOLDERS = {"?", "????.??.??"}


def _tags(record: GameRecord) -> dict[str, str]:
    """Tags that carry information (Variant, SetUp and Result are compared as such)."""
    return {
        k: v
        for k, v in record.tags.items()
        if k not in ("Variant", "SetUp", "Result") and v not in PLACEHOLDERS
    }


PAIRS = [(a, b) for a in FORMATS for b in FORMATS]


@pytest.mark.parametrize("variant_name", variant_names())
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**9), plies=st.integers(min_value=0, max_value=10))
def test_random_games_survive_every_round_trip(variant_name: str, seed: int, plies: int) -> None:
    game = random_game(variant_name, seed, plies)
    once = {fmt: convert(game, fmt) for fmt in FORMATS}
    for first, second in PAIRS:
        a = once[first]
        back = convert(convert(a, second), first)
        same_game(a, back, first, second)


def test_tree_survives_pgn_json_pgn() -> None:
    text = (
        '[Event "tree"]\n\n{start} 1. e4 $1 {good} (1. d4 d5 $2 (1... Nf6)) 1... e5 '
        "2. Nf3 *\n"
    )
    (record,) = list(pgn.read_games(io.StringIO(text)))
    assert isinstance(record, GameRecord)
    replay(record)
    back = convert(convert(record, "json"), "pgn")
    assert pgn.write_game(back) == pgn.write_game(record)
    assert back.moves[0].variations[0][1].variations[0][0].text == "Nf6"
