"""The example games: hand-written move lists, and the files `convert` made of them.

Each variant's hand-written ``examples/<variant>/*.txt`` must replay, its
generated ``.pgn``, ``.gc`` and ``.json`` must be exactly what ``convert``
makes of it now (regenerate with the command in the message if not), and the
game, with its special moves, must survive every pair of formats.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.helpers import ROOT
from tests.records.test_records_roundtrip import FORMATS, convert, same_game
from trebuchet.cli import main
from trebuchet.converters.record import GameRecord
from trebuchet.converters.replay import replay
from trebuchet.converters.text_files import read_moves_file

HAND_WRITTEN = sorted((ROOT / "examples").glob("*/*.txt"))
GENERATED = {"pgn": ".pgn", "courier": ".gc", "json": ".json"}


def _game(path: Path) -> GameRecord:
    (record,) = list(read_moves_file(str(path)))
    assert isinstance(record, GameRecord), str(record)
    replay(record)
    return record


@pytest.mark.parametrize("path", HAND_WRITTEN, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_generated_files_are_current(path: Path) -> None:
    runner = CliRunner()
    for fmt, ext in GENERATED.items():
        target = path.with_suffix(ext)
        result = runner.invoke(main, ["convert", str(path), "--to", fmt])
        assert result.exit_code == 0, result.output
        assert target.exists(), f"missing {target}"
        assert target.read_text() == result.output, (
            f"{target} is stale: trebuchet convert {path} --to {fmt} -o {target}"
        )
        check = runner.invoke(main, ["check", str(target)])
        assert check.exit_code == 0 and ": OK " in check.output, check.output


@pytest.mark.parametrize("path", HAND_WRITTEN, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_examples_survive_every_format_pair(path: Path) -> None:
    game = _game(path)
    once = {fmt: convert(game, fmt) for fmt in FORMATS}
    for first in FORMATS:
        for second in FORMATS:
            back = convert(convert(once[first], second), first)
            same_game(once[first], back, first, second)
    assert [n.move for n in game.moves] == [n.move for n in once["pgn"].moves]
