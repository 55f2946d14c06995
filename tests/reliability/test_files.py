"""trebuchet/files.py: output files are whole, have a plain file's mode, and never replace
anything but a regular file; temporary files do not outlive the process."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import IO

import pytest
from click.testing import CliRunner, Result

from tests.helpers import ROOT
from trebuchet.cli import main
from trebuchet.files import OutputError, write_atomically, write_text

GAME = ROOT / "examples" / "catapults-of-troy" / "mate-in-2.pgn"


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def _one_error_line(result: Result, *words: str) -> str:
    """Exit status 1 and one line on standard error (a command may have printed before)."""
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("trebuchet: error: "), lines
    for word in words:
        assert word in lines[0]
    return lines[0]


@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002])
def test_a_new_file_gets_the_mode_open_would_give(tmp_path: Path, mask: int) -> None:
    old = os.umask(mask)
    try:
        write_text(tmp_path / "out.txt", "x\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out.txt").stat().st_mode) == 0o666 & ~mask


def test_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    target.chmod(0o640)
    write_text(target, "new\n")
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real.name)
    write_text(link, "new\n")
    assert link.is_symlink() and real.read_text() == "new\n"
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to("made.txt")
    write_text(dangling, "made\n")
    assert dangling.is_symlink() and (tmp_path / "made.txt").read_text() == "made\n"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old\n")

    def full(out: IO[str]) -> None:
        out.write("half")
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OutputError, match=r"out\.txt: cannot write: No space left on device"):
        write_atomically(target, full)
    assert target.read_text() == "old\n" and _leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("name", "reason"),
    [("", "empty"), ("folder", "is a folder"), ("fifo", "is a FIFO"), ("new/", "names a folder"),
     ("missing/out.txt", "no folder")],
)
def test_what_is_not_a_file_is_refused_before_anything_is_made(
    tmp_path: Path, name: str, reason: str
) -> None:
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    before = sorted(p.name for p in tmp_path.iterdir())
    target = f"{tmp_path}/{name}" if name else ""
    with pytest.raises(OutputError, match=reason):
        write_text(target, "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_devices_are_refused() -> None:
    # only the check runs: nothing is written near /dev whatever happens
    from trebuchet.files import _target

    for device in ("/dev/null", "/dev/full"):
        with pytest.raises(OutputError, match="is a device"):
            _target(device)


@pytest.mark.parametrize("name", ["-", "/dev/stdout"])
def test_dash_and_dev_stdout_write_standard_output(name: str) -> None:
    result = CliRunner().invoke(main, ["convert", str(GAME), "--to", "json", "-o", name])
    assert result.exit_code == 0, result.output
    assert result.output.startswith('{"format": "trebuchet-games"')
    export = CliRunner().invoke(main, ["zrf", "export", "chess", "-o", name])
    assert export.exit_code == 0 and export.stdout_bytes.count(b"\r\n") > 10


def test_path_mistakes_give_one_line_and_status_1(tmp_path: Path) -> None:
    runner = CliRunner()
    folder = tmp_path / "folder"
    folder.mkdir()
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    cases = [
        (["convert", str(GAME), "--to", "json", "-o", ""], "empty"),
        (["convert", str(GAME), "--to", "json", "-o", str(folder)], "is a folder"),
        (["show", "chess", "--svg", str(folder)], "is a folder"),
        (["mobility", "chess", "--no-crowded", "--svg", str(a_file)], "a file of that name"),
        (["mobility", "chess", "--no-crowded", "--svg", "/proc/no/such"], "cannot make the folder"),
        (["reach", "chess", "N", "--graphml", str(folder)], "is a folder"),
        (["reach", "chess", "N", "--dot", str(folder)], "is a folder"),
        (["zrf", "export", "chess", "-o", str(folder)], "is a folder"),
    ]
    for args, reason in cases:
        _one_error_line(runner.invoke(main, args), reason)
    assert list(folder.iterdir()) == []


_WRITER = textwrap.dedent(
    """
    import os, signal, sys, time
    from trebuchet.files import write_atomically
    def write(out):
        out.write("half a file")
        out.flush()
        os.kill(os.getpid(), getattr(signal, sys.argv[2]))
        time.sleep(5)
    write_atomically(sys.argv[1], write)
    """
)


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT", "SIGHUP", "SIGKILL"])
def test_signals_leave_no_temporary_file(tmp_path: Path, name: str) -> None:
    target = tmp_path / "out.txt"
    done = subprocess.run(
        [sys.executable, "-c", _WRITER, str(target), name], capture_output=True, timeout=60
    )
    assert not target.exists()
    if name == "SIGINT":
        assert b"KeyboardInterrupt" in done.stderr
    else:
        assert done.returncode == -getattr(signal, name)
    if name != "SIGKILL":
        assert _leftovers(tmp_path) == []
        return
    # kill -9 cannot be caught: the next write to the same target removes the orphan
    assert len(_leftovers(tmp_path)) == 1
    write_text(target, "whole\n")
    assert target.read_text() == "whole\n" and _leftovers(tmp_path) == []


def test_a_live_writers_temporary_file_is_left_alone(tmp_path: Path) -> None:
    mine = tmp_path / f".out.txt.{os.getppid()}.abcdefgh.tmp"
    mine.write_text("another process is writing this")
    write_text(tmp_path / "out.txt", "x")
    assert mine.exists()
