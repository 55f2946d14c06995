"""Every ``--help`` example runs as written (issue 15): each command's examples are
run, in a folder holding the repository's ``examples/``, and must exit 0 (a
``#`` starts a remark, a ``*`` is expanded as a shell would).  The ZRF
examples read ``chess.zrf``, which the first of them writes (``zrf export``)."""

from __future__ import annotations

import glob
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tests.helpers import ROOT, SLOW
from trebuchet.cli import COMMANDS, main


def commands(command: click.Command = main, name: str = "") -> Iterator[tuple[str, click.Command]]:
    """Every command and subcommand, asked of the groups as click asks them (the
    top group loads its commands when asked: ``.commands`` is empty there)."""
    yield name, command
    if isinstance(command, click.Group):
        context = click.Context(command)
        for sub in command.list_commands(context):
            inner = command.get_command(context, sub)
            assert inner is not None, sub
            yield from commands(inner, f"{name} {sub}".strip())


def test_every_command_is_found() -> None:
    """The walk above reaches every command of the command line."""
    found = {name for name, _ in commands()}
    assert set(COMMANDS) | {"", "zrf info", "zrf export"} <= found


def examples(help_text: str) -> list[str]:
    """The command lines of the help's ``Example:`` / ``Examples:`` block."""
    found, inside = [], False
    for line in help_text.splitlines():
        if re.fullmatch(r"\s*Examples?:\s*", line):
            inside = True
        elif inside and line.strip().startswith("trebuchet "):
            found.append(line.strip())
        elif inside and line.strip() and not line.strip().startswith("\b"):
            inside = False
    return found


#: examples that take a minute on a 2-core machine (playouts of a seed game): the slow tier's
HEAVY = ("trebuchet evaluate catapults-of-troy",)
EXAMPLES = [
    pytest.param(
        line,
        id=f"{name or 'trebuchet'}: {line[10:50]}",
        marks=[SLOW] if line.startswith(HEAVY) else [],
    )
    for name, command in commands()
    for line in examples(command.help or "")
]


def test_every_command_has_examples() -> None:
    for name, command in commands():
        assert examples(command.help or ""), f"{name or 'trebuchet'} --help shows no example"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    made = CliRunner().invoke(main, ["zrf", "export", "chess", "-o", "chess.zrf"])
    assert made.exit_code == 0
    return tmp_path


@pytest.mark.parametrize("line", EXAMPLES)
def test_help_example_runs_as_written(line: str, folder: Path) -> None:
    words = shlex.split(line, comments=True)[1:]
    args = [w for word in words for w in (sorted(glob.glob(word)) if "*" in word else [word])]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, f"{line}: {result.output}"
    assert "Traceback" not in result.output
