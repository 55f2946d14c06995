"""Hostile input through the real entry point: refused in one line, exit status 1, fast.

``tests/hostile/`` holds small hand-made files; what is too big to commit is made
here at run time.  Each case runs the ``trebuchet`` command a user would (click's
CliRunner on :func:`trebuchet.cli.main`) and checks exit status 1, exactly one
line on standard error naming the file and the reason, nothing written, and
the time taken.  Cases that are not errors but used to hang (a Betza piece with
many components) must succeed within the same bound.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from trebuchet.cli import main

HOSTILE = Path(__file__).parent / "hostile"
#: Seconds any hostile case may take (each used to hang, or took 20-60 s).
BOUND = 10.0

#: file -> what its one error line must say; None: the command must succeed
REASONS: dict[str, str | None] = {
    "fen_board_count.pgn": "more than 8 squares",
    "fen_halfmove.pgn": "halfmove clock '9999",
    "fen_fullmove.pgn": "fullmove number '9999",
    "nag_digits.pgn": "is more than $255",
    "json_integer.json": "a number of 5000 digits (at most 20 are read)",
    "json_version_digits.json": "a number of 5000 digits",
    "zsg_move_number.zsg": "move number '9999",
    "move_text_long.pgn": "is longer than 256 characters",
    "symbol_run.pgn": "unexpected character '<'",
    "courier_square_digits.gc": "is longer than 256 characters",
    "moves_square_digits.txt": "is longer than 256 characters",
    "fen_count.fen": "more than 8 squares",
    "fen_ep_digits.fen": "en passant field 'e999",
    "range_digits.betza": "range 99999 is more than 99",
    "tag_newline.json": "tag White cannot be written: its value 'A\\nEVIL: x' holds a line break",
    "tag_name.json": "tag name 'Evil\"] [Result' cannot be written",
    "tag_control.pgn": "tag White cannot be written: its value 'tab\\there\\x01' holds a control",
    "many_components.betza": None,
    "hoppers.betza": None,
}

#: the formats that write tags
WRITERS = ("pgn", "courier", "moves", "json")

Maker = Callable[[Path], None]


def _text(content: str) -> Maker:
    return lambda path: path.write_text(content, encoding="utf-8")


def _variations(depth: int) -> str:
    return "1. e4 " + "(1. d4 " * depth + ")" * depth + " *\n"


#: made at run time: name -> (how, what the error says)
GENERATED: dict[str, tuple[Maker, str | None]] = {
    "json_nested_100000.json": (
        _text('{"format": "trebuchet-games", "games": ' + "[" * 100_000 + "]" * 100_000 + "}"),
        "nested more than 308 deep",
    ),
    "variations_1000.pgn": (_text(_variations(1000)), "variations nested more than 100 deep"),
    "variations_330.pgn": (_text(_variations(330)), "variations nested more than 100 deep"),
    "long_line.pgn": (_text("1. e4 {" + "x" * 1_100_000 + "} *\n"), "line is longer than"),
}


def run(args: list[str]) -> tuple[Result, float]:
    start = time.monotonic()
    result = CliRunner().invoke(main, args)
    return result, time.monotonic() - start


def commands(path: Path, out: Path) -> list[list[str]]:
    """The commands a user would run on ``path``: by its kind."""
    text = path.read_text(encoding="utf-8", errors="replace") if path.stat().st_size < 1e5 else ""
    if path.suffix == ".betza":
        return [["mobility", "titan-chess", "--betza", text.strip()]]
    if path.suffix == ".fen":
        return [["moves", "chess", "--fen", text.strip()]]
    if path.suffix == ".zrf":
        return [["zrf", "info", str(path)], ["zrf", "board", str(path)]]
    if path.name.startswith("tag_"):
        # a tag no writer can keep on one line: every writer refuses it alike
        return [["convert", str(path), "--to", fmt, "-o", str(out)] for fmt in WRITERS]
    return [["convert", str(path), "--to", "json", "-o", str(out)], ["check", str(path)]]


def assert_refused(path: Path, reason: str | None, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    for args in commands(path, out):
        result, seconds = run(args)
        assert seconds < BOUND, f"{args[:2]} {path.name}: {seconds:.1f} s"
        assert "Traceback" not in result.output, result.output
        if reason is None:
            assert result.exit_code == 0, result.output
            continue
        assert result.exit_code == 1, (args, result.output)
        # check reports on standard output, one line a game; every other command
        # says its error on standard error
        stream = result.stdout if args[0] == "check" else result.stderr
        lines = stream.strip().splitlines()
        assert len(lines) == 1, (args, lines)
        assert reason in lines[0], (args, lines[0])
        assert len(lines[0]) < 1000, "an error line quotes at most a little of the input"
        if args[0] not in ("mobility", "moves"):
            assert path.name in lines[0], lines[0]
        assert not out.exists()


def test_every_hostile_file_is_listed() -> None:
    assert {p.name for p in HOSTILE.iterdir()} == set(REASONS)


@pytest.mark.parametrize("name", sorted(REASONS))
def test_hostile_file(name: str, tmp_path: Path) -> None:
    assert_refused(HOSTILE / name, REASONS[name], tmp_path)


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_hostile_file(name: str, tmp_path: Path) -> None:
    make, reason = GENERATED[name]
    path = tmp_path / name
    make(path)
    assert_refused(path, reason, tmp_path)


def test_variations_at_the_limit_convert_both_ways(tmp_path: Path) -> None:
    deep = tmp_path / "deep.pgn"
    deep.write_text(_variations(100))
    for target in ("json", "pgn"):
        out = tmp_path / f"deep.{target}"
        result, _ = run(["convert", str(deep), "--to", target, "-o", str(out)])
        assert result.exit_code == 0, result.output
        back, _ = run(["check", str(out)])
        assert back.exit_code == 0 and "OK" in back.output


def test_check_prints_one_line_for_a_tag_with_a_line_break() -> None:
    result, _ = run(["check", str(HOSTILE / "tag_newline.json")])
    assert result.exit_code == 0
    assert result.stdout.strip().splitlines() == [
        f"{HOSTILE / 'tag_newline.json'} game 1: OK * (chess, 1 plies) A\\nEVIL: x - B"
    ]
