"""Hostile input through the real entry point: refused in one line, exit status 1, fast.

``tests/hostile/`` holds small hand-made files; what is too big to commit is made
here at run time.  Each case runs the ``trebuchet`` command a user would (click's
CliRunner on :func:`trebuchet.cli.main`) and checks exit status 1, exactly one
line on standard error naming the file and the reason, nothing written, and
the time taken.  Cases that are not errors but used to hang (a Betza piece with
many components) must succeed within the same bound.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.helpers import CHESS_ZRF, HOSTILE
from trebuchet.cli import main

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
    "macro_twice_description.zrf": "in macro 'twice': the expansion has more than 8000000 nodes",
    "macro_twice_help.zrf": "in macro 'twice': the expansion has more than 8000000 nodes",
    "macro_twice_option.zrf": "in macro 'twice': the expansion has more than 8000000 nodes",
    "macro_twice_win.zrf": "in macro 'twice': the expansion has more than 8000000 nodes",
    "macro_thrice.zrf": "in macro 'thrice': the expansion has more than 8000000 nodes",
    "text_doubling.zrf": "in macro 'm32': macro expansion does more than 1000000 steps",
    "string_doubling.zrf": "in macro 's32': macro expansion does more than 1000000 steps",
    "grid_3x1000.zrf": "grid of 1000 x 1000 = 1000000 cells; at most 200000",
    "grid_2x3000.zrf": "grid of 3000 x 3000 = 9000000 cells; at most 200000",
    "include_etc_passwd.zrf": "include '/etc/passwd' is outside",
    "include_dotdot.zrf": "include '../../../../../../../../etc/passwd' is outside",
    "include_backslash.zrf": "is outside",
    "include_proc_environ.zrf": "include '/proc/self/environ' is outside",
    "include_drive.zrf": "is outside",
    "number_digits.zrf": "is out of range (at most 1000000)",
    "off_count.zrf": "number 99999999999999999999 is out of range (at most 10000)",
    "many_components.betza": None,
    "hoppers.betza": None,
}

#: the formats that write tags
WRITERS = ("pgn", "courier", "moves", "json")

Maker = Callable[[Path], None]
ZSG_HEAD = "Zillions Save Game File Version 0.02 HH\r\nRulesFile=chess.zrf\r\nVariantName=Chess\r\n"


def _text(content: str) -> Maker:
    return lambda path: path.write_text(content, encoding="utf-8")


def _variations(depth: int) -> str:
    return "1. e4 " + "(1. d4 " * depth + ")" * depth + " *\n"


def _same_include_300_times(path: Path) -> None:
    # a 660 kB file of definitions, included 300 times
    lines = "".join(f"(define d{i} (a b c d e f g h))\n" for i in range(20_000))
    (path.parent / "big.inc").write_text(lines[:660_000])
    path.write_text('(include "big.inc")\n' * 300 + '(game (title "t"))\n')


def _fan_out(path: Path) -> None:
    # every level includes the next ten times, eight levels: 10**7 includes
    for level in range(8):
        body = f'(include "fan{level + 1}.zrf")\n' * 10 if level < 7 else "(define leaf x)\n"
        target = path if level == 0 else path.parent / f"fan{level}.zrf"
        target.write_text(body + ('(game (title "t"))\n' if level == 0 else ""))


def _huge_include(path: Path) -> None:
    with (path.parent / "huge.inc").open("wb") as out:
        out.truncate(300_000_000)  # sparse: nothing is written, the size is what counts
    path.write_text('(include "huge.inc")\n(game (title "t"))\n')


def _link_out(path: Path) -> None:
    (path.parent / "link.inc").symlink_to("/etc/passwd")
    path.write_text('(include "link.inc")\n(game (title "t"))\n')


def _many_variants(path: Path) -> None:
    # one setup of 1000 shared entries of 100 pawns, read again by every variant
    rep = "(define rep " + " ".join(["$1"] * 10) + ")\n"
    squares = " ".join(f"p{i}" for i in range(100))
    positions = " ".join(f"(p{i} 0 0 1 1)" for i in range(100))
    setup = f"(rep (rep (rep (Pawn {squares}))))"
    path.write_text(
        rep + f'(game (title "t") (players White Black) (board (positions {positions})) '
        f"(board-setup (White {setup})))\n" + '(variant (title "v"))\n' * 40
    )


#: made at run time: name -> (how, what the error says)
GENERATED: dict[str, tuple[Maker, str | None]] = {
    "same_include_300.zrf": (_same_include_300_times, "more than 250000 atoms, strings and"),
    "fan_out.zrf": (_fan_out, "more than 16 includes"),
    "huge_include.zrf": (_huge_include, "included file 'huge.inc': file is 300000000 bytes"),
    "link_out.zrf": (_link_out, "include 'link.inc' is outside"),
    "atoms_3_8_mb.zrf": (_text("(game " + " a" * 1_900_000 + ")"), "at most 1000000 are read"),
    "atoms_1_mb.zrf": (_text("(game " + " a" * 499_000 + ")"), "more than 250000 atoms"),
    "many_variants.zrf": (_many_variants, "more than 1000000 nodes to read"),
    "json_nested_100000.json": (
        _text('{"format": "trebuchet-games", "games": ' + "[" * 100_000 + "]" * 100_000 + "}"),
        "nested more than 308 deep",
    ),
    "variations_1000.pgn": (_text(_variations(1000)), "variations nested more than 100 deep"),
    "variations_330.pgn": (_text(_variations(330)), "variations nested more than 100 deep"),
    "long_line.pgn": (_text("1. e4 {" + "x" * 1_100_000 + "} *\n"), "line is longer than"),
    "many_lines.zsg": (_text(ZSG_HEAD + "1. Pawn e2 - e4\r\n" * 60_000), "at most 256000 are"),
    "lines_under_the_cap.zsg": (
        _text(ZSG_HEAD + "1. Pawn e2 - e4\r\n" * 14_000), "move 1 'Pawn e2 - e4' matches no"
    ),
    "long_move_line.zsg": (_text(ZSG_HEAD + "1. " + "x e4 " * 50_000), "matches no legal move"),
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
        return [["zrf", "info", str(path)]]  # zrf board reads the file the same way
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
        # check reports on standard output, one line a game, then its summary line;
        # every other command says its error on standard error
        stream = result.stdout if args[0] == "check" else result.stderr
        lines = stream.strip().splitlines()
        if args[0] == "check":
            assert lines[-1].startswith("1 file: "), (args, lines)
            lines = lines[:-1]
        assert len(lines) == 1, (args, lines)
        assert reason in lines[0], (args, lines[0])
        assert len(lines[0]) < 1000, "an error line quotes at most a little of the input"
        if args[0] not in ("mobility", "moves"):
            # the file the error is in: the one given, or one it includes
            assert any(p.name in lines[0] for p in path.parent.iterdir()), lines[0]
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
        f"{HOSTILE / 'tag_newline.json'} game 1: OK * (chess, 1 plies) A\\nEVIL: x - B",
        "1 file: 1 game OK, 0 illegal, 0 unreadable, 0 unsupported; 1 ply",
    ]


#: The hostile rules files measured in a process of their own (the heaviest ones).
MEASURED = (
    "macro_twice_win.zrf", "macro_thrice.zrf", "text_doubling.zrf", "string_doubling.zrf",
    "grid_2x3000.zrf", *(name for name in GENERATED if name.endswith(".zrf")),
)
#: Peak memory any of them may take, in MB (Python and the package take some 45).
PEAK_MB = 300


#: Run in the child: the command, then its peak resident memory (VmHWM: the
#: process's own, which exec starts afresh, unlike the rusage of a forked child).
_MEASURE = """
import atexit, os, sys
from pathlib import Path
from trebuchet.cli import main

def peak():
    status = Path("/proc/self/status").read_text()
    line = next(row for row in status.splitlines() if row.startswith("VmHWM:"))
    Path(os.environ["PEAK_FILE"]).write_text(line.split()[1])

atexit.register(peak)
sys.argv[0] = "trebuchet"
main()
"""


@pytest.mark.parametrize("name", MEASURED)
def test_hostile_rules_file_time_and_peak_memory(name: str, tmp_path: Path) -> None:
    """Run as a user would, in a process of its own: time, and peak memory (kB)."""
    if name in GENERATED:
        path = tmp_path / name
        GENERATED[name][0](path)
    else:
        path = HOSTILE / name
    peak_file = tmp_path / "peak"
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, "zrf", "info", str(path)],
        capture_output=True, text=True, timeout=60,
        env={**os.environ, "PEAK_FILE": str(peak_file)},
    )
    seconds = time.monotonic() - start
    peak_mb = int(peak_file.read_text()) / 1024
    print(f"{name}: {seconds:.2f} s, peak {peak_mb:.0f} MB")
    assert done.returncode == 1, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert seconds < BOUND and peak_mb < PEAK_MB, (seconds, peak_mb)


_DIGITS = "9" * 5000
#: hostile command-line arguments: the command and what its error line must say
ARGUMENTS = [
    (["zrf", "board", str(CHESS_ZRF), "--variant", _DIGITS],
     "no game or variant '9999"),
    (["play", "chess", f"N{_DIGITS}f3"], "move 1 is longer than 256 characters"),
    (["play", "chess", "a1" * 50_000], "move 1 is longer than 256 characters"),
    (["reach", "chess", "N", "--from", f"a{_DIGITS}"], "no square"),
    (["mobility", "chess", "--betza", "W" * 100_000], "at most 400 are read"),
]


@pytest.mark.parametrize(("args", "reason"), ARGUMENTS, ids=lambda a: str(a)[:30])
def test_hostile_argument(args: list[str], reason: str) -> None:
    result, seconds = run(args)
    assert seconds < BOUND
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and reason in lines[0], lines
    assert len(lines[0]) < 1000, "an error line quotes at most a little of the input"
