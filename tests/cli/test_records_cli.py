"""`trebuchet check` and `trebuchet convert` on real and generated files."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tests.helpers import DATA, MALFORMED, requires_shared
from trebuchet.cli import main

MATE = DATA / "pgn" / "python-chess" / "molinari-bordais-1979.pgn"
KASPAROV = DATA / "pgn" / "python-chess" / "kasparov-deep-blue-1997.pgn"


@requires_shared("pgn", "python-chess")
def test_check_prints_one_line_per_game() -> None:
    result = CliRunner().invoke(main, ["check", str(KASPAROV), str(MATE)])
    assert result.exit_code == 0, result.output
    *lines, summary = result.output.strip().splitlines()
    assert len(lines) == 7 and all(": OK " in line for line in lines)
    assert "0-1 (chess, 10 plies, checkmate, won by Black) Molinari - Bordais" in lines[-1]
    plies = sum(int(line.split(", ")[1].split()[0]) for line in lines)
    assert summary == (
        f"2 files: 7 games OK, 0 illegal, 0 unreadable, 0 unsupported; {plies} plies"
    )


@requires_shared("pgn", "python-chess")
def test_check_json_and_failure_status() -> None:
    bad = MALFORMED / "illegal_move.pgn"
    result = CliRunner().invoke(main, ["check", "--json", str(MATE), str(bad)])
    assert result.exit_code == 1
    reports = json.loads(result.stdout)
    assert [r["status"] for r in reports] == ["ok", "error"]
    assert reports[0]["termination"] == "checkmate" and reports[0]["plies"] == 10
    assert "move 2. 'Ke3' is illegal" in reports[1]["error"]


@requires_shared("pgn", "python-chess")
def test_convert_chain_is_stable(tmp_path: Path) -> None:
    """PGN -> JSON -> Game Courier -> moves -> PGN gives back the same PGN."""
    runner = CliRunner()
    first = tmp_path / "a.pgn"
    made = runner.invoke(main, ["convert", str(KASPAROV), "--to", "pgn", "-o", str(first)])
    assert made.exit_code == 0, made.output
    chain = [("json", "b.json"), ("courier", "c.gc"), ("moves", "d.txt"), ("pgn", "e.pgn")]
    source = first
    for fmt, name in chain:
        target = tmp_path / name
        result = runner.invoke(main, ["convert", str(source), "--to", fmt, "-o", str(target)])
        assert result.exit_code == 0, result.output
        source = target
    assert (tmp_path / "e.pgn").read_text() == first.read_text()
    assert runner.invoke(main, ["check", str(tmp_path / "c.gc")]).exit_code == 0


@requires_shared("pgn", "python-chess")
def test_format_is_sniffed_without_extension(tmp_path: Path) -> None:
    plain = tmp_path / "game"
    plain.write_text(MATE.read_text())
    result = CliRunner().invoke(main, ["convert", str(plain), "--to", "courier"])
    assert result.exit_code == 0, result.output
    assert "1. P e2-e4" in result.output and "5... n b4-d3" in result.output


@requires_shared("pgn", "python-chess")
def test_unknown_format_is_a_clean_error() -> None:
    result = CliRunner().invoke(main, ["convert", str(MATE), "--to", "docx"])
    assert result.exit_code == 1
    assert result.output.startswith("trebuchet: error: ") and "Traceback" not in result.output
    assert "unknown format 'docx'" in result.output


@requires_shared("pgn", "python-chess")
def test_zsg_output_is_a_zillions_saved_game() -> None:
    result = CliRunner().invoke(main, ["convert", str(MATE), "--to", "zsg"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Zillions Save Game File Version")
    assert lines[3] == "1. Pawn e2 - e4"


def test_failed_convert_leaves_the_old_output(tmp_path: Path) -> None:
    out = tmp_path / "keep.pgn"
    out.write_text("old contents\n")
    bad = MALFORMED / "illegal_move.pgn"
    result = CliRunner().invoke(main, ["convert", str(bad), "--to", "pgn", "-o", str(out)])
    assert result.exit_code == 1
    assert out.read_text() == "old contents\n"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.pgn"]
