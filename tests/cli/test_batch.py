"""Batch work that reports as it goes (issue 15): ``check``'s summary line and
``--jsonl``, ``convert --keep-going``, and empty input as an error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import ROOT, requires_shared, run, shared
from trebuchet.converters.formats import read_records
from trebuchet.converters.record import GameRecord

EXAMPLES = ROOT / "examples"
MALFORMED = ROOT / "tests" / "malformed"

GOOD = '[Event "{name}"]\n\n1. e4 e5 2. Nf3 Nc6 {result}\n\n'
BAD = '[Event "bad"]\n\n1. e4 e5 2. Ke3 *\n\n'


def three_games(tmp_path: Path) -> Path:
    """A PGN file of three games, the second with an illegal move."""
    path = tmp_path / "three.pgn"
    path.write_text(GOOD.format(name="one", result="1-0") + BAD
                    + GOOD.format(name="three", result="0-1"))
    return path


def test_check_ends_with_a_summary_that_counts_every_kind(tmp_path: Path) -> None:
    files = [
        three_games(tmp_path),
        MALFORMED / "unknown_variant.pgn",
        MALFORMED / "truncated.json",
        EXAMPLES / "atomic" / "queen-blast.txt",
    ]
    code, out, _ = run("check", *map(str, files))
    assert code == 1
    reports, summary = out.splitlines()[:-1], out.splitlines()[-1]
    ok = [line for line in reports if ": OK " in line]
    plies = sum(int(line.split(", ")[1].split()[0]) for line in ok)
    assert len(ok) == 3 and plies == 4 + 4 + plies_of(files[-1])
    assert summary == (
        f"4 files: 3 games OK, 1 illegal, 1 unreadable, 1 unsupported; {plies} plies"
    )


def plies_of(path: Path) -> int:
    records = [r for r in read_records(str(path)) if isinstance(r, GameRecord)]
    return sum(len(r.moves) for r in records)


def test_check_summary_on_the_examples_counts_all_their_plies() -> None:
    files = sorted(map(str, EXAMPLES.glob("*/*.gc")))
    code, out, _ = run("check", "--quiet", *files)
    assert code == 0
    plies = sum(plies_of(Path(f)) for f in files)
    assert out.splitlines() == [
        f"{len(files)} files: {len(files)} games OK, 0 illegal, 0 unreadable, "
        f"0 unsupported; {plies} plies"
    ]


def test_jsonl_is_one_object_a_line_and_agrees_with_json(tmp_path: Path) -> None:
    path = str(three_games(tmp_path))
    code, lines, summary = run("check", "--jsonl", path)
    assert code == 1
    objects = [json.loads(line) for line in lines.splitlines()]
    assert [o["status"] for o in objects] == ["ok", "error", "ok"]
    assert objects[1]["problem"] == "illegal" and "'Ke3' is illegal" in objects[1]["error"]
    _, array, _ = run("check", "--json", path)
    assert json.loads(array) == objects
    assert summary.strip().endswith("1 illegal, 0 unreadable, 0 unsupported; 8 plies")


@requires_shared("pgn", "pychess", "world_matches.pgn")
def test_check_summary_on_a_real_corpus() -> None:
    code, out, _ = run("check", "-q", str(shared("pgn", "pychess", "world_matches.pgn")))
    assert code == 0
    # pgn/SOURCES.md: 580 standard games, 49,364 plies (counted with python-chess)
    assert out.splitlines()[-1] == (
        "1 file: 580 games OK, 0 illegal, 0 unreadable, 0 unsupported; 49364 plies"
    )


def test_keep_going_writes_every_good_game_and_names_each_bad_one(tmp_path: Path) -> None:
    source = three_games(tmp_path)
    out = tmp_path / "good.json"
    code, _, err = run("convert", str(source), "--to", "json", "-o", str(out), "--keep-going")
    assert code == 1
    skipped = [line for line in err.splitlines() if line.startswith("trebuchet: skipped: ")]
    assert len(skipped) == 1 and f"{source}:7:13:" in skipped[0] and "'Ke3'" in skipped[0]
    assert "2 games written as json; 1 skipped" in err
    written = json.loads(out.read_text())["games"]
    assert [g["tags"]["Event"] for g in written] == ["one", "three"]


def test_without_keep_going_a_bad_game_stops_and_says_how_to_go_on(tmp_path: Path) -> None:
    out = tmp_path / "none.json"
    code, _, err = run("convert", str(three_games(tmp_path)), "--to", "json", "-o", str(out))
    assert code == 1 and not out.exists()
    assert err.count("\n") == 1 and "--keep-going writes the other games" in err


def test_keep_going_with_no_good_game_writes_nothing(tmp_path: Path) -> None:
    source = tmp_path / "bad.pgn"
    source.write_text(BAD)
    out = tmp_path / "none.pgn"
    code, _, err = run("convert", str(source), "--to", "pgn", "-o", str(out), "-k")
    assert code == 1 and not out.exists()
    assert "no game could be converted; nothing written" in err


EMPTY_COMMANDS = [
    ("check", "{}"),
    ("convert", "{}", "--to", "json"),
    ("stats", "{}"),
    ("view", "{}"),
]


@pytest.mark.parametrize("content", ["", "\n\n  \n"], ids=["empty", "blank"])
@pytest.mark.parametrize("command", EMPTY_COMMANDS, ids=lambda c: c[0])
def test_an_empty_input_is_a_one_line_error(
    tmp_path: Path, command: tuple[str, ...], content: str
) -> None:
    path = tmp_path / "nothing.pgn"
    path.write_text(content)
    code, out, err = run(*(part.format(path) for part in command))
    assert code == 1
    told = [line for line in (out + err).splitlines() if "holds no games" in line]
    assert len(told) == 1 and str(path) in told[0]
    assert ("(the file is empty)" in told[0]) == (content == "")
    assert "Traceback" not in out + err
