"""Hostile input, second round (issue 32): special files, output faults, fan-outs,
big boards, names that break written files, quiet failures.

Each case runs the real ``trebuchet`` command in a process of its own, under an
address-space limit and a CPU limit, and must end in one error line with exit
status 1, or in a bounded success.
"""

from __future__ import annotations

import gzip
import json
import os
import resource
import string
import subprocess
import sys
import time
import xml.dom.minidom
from pathlib import Path

import networkx
import pydot  # type: ignore[import-untyped]
import pytest

from tests.helpers import ROOT

TREBUCHET = str(Path(sys.executable).with_name("trebuchet"))
GAME = ROOT / "examples" / "chess960" / "long-castling.pgn"
#: seconds of CPU and bytes of address space any case may take
CPU_SECONDS = 20
ADDRESS_SPACE = 2 * 1024**3


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def limited(args: list[str], cwd: Path, **streams: object) -> subprocess.CompletedProcess[str]:
    """``trebuchet ARGS`` under the limits; ``stdout=`` a file, or None for a closed one."""
    stdout = streams.get("stdout", subprocess.PIPE)
    # ">&-": the shell closes descriptor 1 before trebuchet starts
    command = (["/bin/sh", "-c", 'exec "$0" "$@" >&-', TREBUCHET, *args] if stdout is None
               else [TREBUCHET, *args])
    start = time.monotonic()
    done = subprocess.run(
        command, cwd=cwd, text=True, stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL if stdout is None else stdout, stderr=subprocess.PIPE,
        preexec_fn=_limits, timeout=60,
    )
    assert time.monotonic() - start < 30, args
    return done


def assert_one_line(done: subprocess.CompletedProcess[str], reason: str) -> None:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1 and reason in lines[0], done.stderr
    assert "Traceback" not in done.stderr


# -- special files -------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["check", "{fifo}"], ["view", "{fifo}", "-o", "x.html"], ["stats", "{fifo}"],
     ["zrf", "info", "{fifo}.zrf"], ["zrf", "board", "{fifo}.zrf"]],
)
def test_a_fifo_with_no_writer_is_refused_at_once(args: list[str], tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    os.mkfifo(tmp_path / "pipe.zrf")
    done = limited([a.format(fifo="pipe") for a in args], tmp_path)
    if args[0] == "check":  # check reports each file, then its summary
        assert done.returncode == 1 and "is a FIFO, not a regular file" in done.stdout
    else:
        assert_one_line(done, "is a FIFO, not a regular file")


@pytest.mark.parametrize("args", [["stats", "/dev/zero"], ["zrf", "info", "/dev/zero"]])
def test_a_device_is_refused_in_one_line(args: list[str], tmp_path: Path) -> None:
    assert_one_line(limited(args, tmp_path), "/dev/zero: is a device, not a regular file")


def test_a_compressed_file_is_read_not_taken_for_junk(tmp_path: Path) -> None:
    """``check --from pgn`` of a gzip file once reported six games of binary junk:
    it is read through its decompressor (issue 31), and a zip archive is named."""
    (tmp_path / "g.pgn").write_bytes(gzip.compress(GAME.read_bytes()))
    done = limited(["check", "--from", "pgn", "g.pgn"], tmp_path)
    assert done.returncode == 0 and "1 game OK" in done.stdout, done.stdout
    (tmp_path / "z.pgn").write_bytes(b"PK\x03\x04" + bytes(100))
    done = limited(["check", "z.pgn"], tmp_path)
    assert done.returncode == 1 and "is a zip archive; unpack it first" in done.stdout


# -- output faults --------------------------------------------------------------------

WRITERS = [["check", str(GAME)], ["moves", "chess"], ["zrf", "export", "chess"], ["variants"],
           ["convert", str(GAME), "--to", "pgn"], ["view", str(GAME)]]


@pytest.mark.parametrize("args", WRITERS, ids=lambda a: a[0] if a[0] != "zrf" else "export")
def test_a_full_standard_output_is_one_line(args: list[str], tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = limited(args, tmp_path, stdout=full)
    assert_one_line(done, "standard output: cannot write: No space left on device")


@pytest.mark.parametrize("args", WRITERS, ids=lambda a: a[0] if a[0] != "zrf" else "export")
def test_a_closed_standard_output_is_one_line(args: list[str], tmp_path: Path) -> None:
    assert_one_line(limited(args, tmp_path, stdout=None), "standard output is closed")


def test_a_long_output_name_is_written(tmp_path: Path) -> None:
    name = "a" * 246 + ".pgn"  # 250 bytes: NAME_MAX is 255
    done = limited(["convert", str(GAME), "--to", "pgn", "-o", name], tmp_path)
    assert done.returncode == 0, done.stderr
    assert [p.name for p in tmp_path.iterdir()] == [name]


# -- the engine and the analysis on big inputs ---------------------------------------------


def _fan_out(path: Path) -> None:
    """A Walker that captures its way east along two ranks, two ways at every step."""
    letters = string.ascii_lowercase[:24]
    stones = " ".join(f"{c}1 {c}2" for c in letters[1:])
    path.write_text(f'''(game (title "Fan out") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 20 20)
    (dimensions ("{"/".join(letters)}" (20 0)) ("2/1" (0 20)))
    (directions (e 1 0) (ne 1 -1) (se 1 1))))
  (piece (name Walker) (image White "W.bmp" Black "W.bmp")
    (moves ((e (verify enemy?) add-partial) (ne (verify enemy?) add-partial)
            (se (verify enemy?) add-partial))))
  (piece (name Stone) (image White "S.bmp" Black "S.bmp"))
  (board-setup (White (Walker a1)) (Black (Stone {stones})))
  (win-condition (White Black) (pieces-remaining 0)))
''')


def test_a_turn_that_fans_out_is_bounded(tmp_path: Path) -> None:
    _fan_out(tmp_path / "fan.zrf")
    done = limited(["moves", "fan.zrf"], tmp_path)
    if done.returncode:
        assert_one_line(done, "too many to search")
    else:
        assert done.stdout.count("\n") > 1000  # a bounded success: every turn listed


def _big_board(path: Path, size: int) -> None:
    files = "/".join(f"f{i}-" for i in range(size))
    ranks = "/".join(str(i) for i in range(size, 0, -1))
    path.write_text(f'''(define slide ($1 (while empty? add $1) (verify enemy?) add))
(game (title "Big") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("{files}" (10 0)) ("{ranks}" (0 10)))
    (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
  (piece (name Rook) (image White "R.bmp" Black "R.bmp")
    (moves ((slide n) (slide e) (slide s) (slide w))))
  (board-setup (White (Rook f0-1)) (Black (Rook f1-2))))
''')


@pytest.mark.parametrize("args", [["mobility", "big.zrf"], ["reach", "big.zrf", "Rook"]])
def test_analysis_of_a_huge_board_is_refused_naming_the_limit(
    args: list[str], tmp_path: Path
) -> None:
    _big_board(tmp_path / "big.zrf", 141)
    assert_one_line(limited(args, tmp_path), "more than 50,000,000; too much to measure")


# -- names that break written files -----------------------------------------------------


def _evil_names(path: Path) -> None:
    title = "Evil\x00\x01\u2028Title\\"
    path.write_text(f'''(game (title "{title}") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 50 50)
    (dimensions ("a\x01\u2028/b\\\\/c\x00" (50 0)) ("1/2/3" (0 50)))
    (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
  (piece (name King) (image White "K.bmp" Black "K.bmp")
    (moves ((n add) (e add) (s add) (w add))))
  (board-setup (White (King c\x003)) (Black (King b\\\\1))))
''', encoding="utf-8")


def test_names_with_control_characters_write_files_that_parse(tmp_path: Path) -> None:
    _evil_names(tmp_path / "evil.zrf")
    done = limited(["reach", "evil.zrf", "King", "-o", "k.graphml", "-o", "k.dot",
                    "-o", "k.svg"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert limited(["show", "evil.zrf", "-o", "s.svg"], tmp_path).returncode == 0
    for name in ("k.graphml", "k.svg", "s.svg"):
        xml.dom.minidom.parse(str(tmp_path / name))  # well-formed XML
    dot = (tmp_path / "k.dot").read_bytes()
    assert b"\x00" not in dot
    (graph,) = pydot.graph_from_dot_data(dot.decode())
    graphml = networkx.read_graphml(tmp_path / "k.graphml")
    assert len(graph.get_edges()) == graphml.number_of_edges() > 0
    assert len(graph.get_nodes()) == graphml.number_of_nodes() == 9
    # each quoted ID reads back as the name GraphML holds: a name ending in a
    # backslash kept it, escaped, instead of eating the quote after it
    names = {n.get_name()[1:-1].replace("\\\\", "\\") for n in graph.get_nodes()}
    assert names == set(graphml.nodes)
    assert any(name.endswith("\\1") for name in names)


# -- quiet failures ------------------------------------------------------------------


def test_a_deep_perft_shows_life_before_its_first_move_is_done() -> None:
    """perft(7) of chess spends seconds below its first move: the terminal shows the
    nodes counted so far within them, not a bar stuck at 0 %."""
    seen = on_a_terminal_for(["perft", "chess", "7"], 4.0)
    assert "nodes" in seen, seen[-300:]


def on_a_terminal_for(args: list[str], seconds: float) -> str:
    """What the terminal shows of ``trebuchet ARGS`` in its first ``seconds``."""
    import pty
    import select

    leader, follower = pty.openpty()
    env = {**os.environ, "TREBUCHET_PROGRESS_DELAY": "0.5", "COLUMNS": "120"}
    process = subprocess.Popen([TREBUCHET, *args], stdout=subprocess.DEVNULL, stderr=follower,
                               stdin=subprocess.DEVNULL, env=env)
    os.close(follower)
    seen = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([leader], [], [], 0.1)
        if ready:
            try:
                seen += os.read(leader, 1 << 16)
            except OSError:
                break
    process.kill()
    process.wait()
    os.close(leader)
    return seen.decode(errors="replace")


@pytest.mark.parametrize(
    ("fen", "reason"),
    [("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w " + "K" * 9990 + " - 0 1", "'K' given twice"),
     ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq " + "e3" * 5000 + " 0 1",
      "square 'e3' given twice")],
)
def test_repeated_fen_fields_are_refused(fen: str, reason: str, tmp_path: Path) -> None:
    assert_one_line(limited(["moves", "chess", "--fen", fen], tmp_path), reason)


def test_stats_of_a_device_is_one_line_and_no_table(tmp_path: Path) -> None:
    done = limited(["stats", "/dev/zero"], tmp_path)
    assert_one_line(done, "is a device")
    assert done.stdout == ""


# -- warnings settled ----------------------------------------------------------------


def test_csv_cells_that_look_like_formulas_are_neutralised(tmp_path: Path) -> None:
    (tmp_path / "f.zrf").write_text('''(game (title "F") (players White Black)
  (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
    (directions (n 0 -1) (e 1 0))))
  (piece (name =HYPERLINK) (image White "K.bmp" Black "K.bmp") (moves ((n add) (e add))))
  (board-setup (White (=HYPERLINK a1)) (Black (=HYPERLINK c3))))
''')
    done = limited(["mobility", "f.zrf", "--csv"], tmp_path)
    assert done.returncode == 0, done.stderr
    cells = [row.split(",")[1] for row in done.stdout.splitlines()[1:]]
    assert cells and all(cell.startswith("'=") for cell in cells), done.stdout


def test_json_escapes_the_line_separators(tmp_path: Path) -> None:
    (tmp_path / "s.pgn").write_text('[White "a\u2028b"]\n\n1. e4 *\n', encoding="utf-8")
    for flag in ("--json", "--jsonl"):
        done = limited(["check", "s.pgn", flag], tmp_path)
        assert "\u2028" not in done.stdout and "\\u2028" in done.stdout, flag
        assert json.loads(done.stdout.splitlines()[0] if flag == "--jsonl" else done.stdout)


@pytest.mark.parametrize("command", ["check", "convert", "mobility", "perft", "zrf info"])
def test_usage_errors_are_click_s_three_lines_and_status_2(command: str, tmp_path: Path) -> None:
    done = limited([*command.split(), "--no-such-flag"], tmp_path)
    lines = [line for line in done.stderr.splitlines() if line]
    assert done.returncode == 2
    assert lines[0].startswith("Usage: trebuchet ")
    assert lines[-1].startswith("Error: No such option")
    assert len(lines) == 3


def test_a_terminal_is_shown_no_control_characters_from_names(tmp_path: Path) -> None:
    """An escape sequence in a rules file's title must not reach the screen raw."""
    import pty

    _evil_names(tmp_path / "evil.zrf")
    leader, follower = pty.openpty()
    process = subprocess.Popen([TREBUCHET, "zrf", "info", "evil.zrf"], cwd=tmp_path,
                               stdout=follower, stderr=subprocess.DEVNULL,
                               stdin=subprocess.DEVNULL)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 1 << 16)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    assert process.wait() == 0
    os.close(leader)
    text = shown.decode("utf-8")
    assert "Evil\\x00\\x01\\u2028Title" in text
    assert not any(c in text for c in "\x00\x01\u2028")
