"""One meaning per flag (issue 15): ``-o`` is the output file on every command that
writes one, ``-O``/``--option`` a variant option on every command that plays or
checks games; a game played under an option is checked, converted and
measured under it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from tests.helpers import run
from trebuchet.cli import COMMANDS, main

#: commands that play or check games, and so take --option (zrf export writes the
#: game with its options)
PLAYING = {"moves", "play", "perft", "show", "check", "convert", "stats", "view", "mobility",
           "reach", "evaluate", "zrf export"}
#: commands that write files, and so take -o/--output
WRITING = {"convert", "show", "view", "mobility", "reach", "evaluate", "zrf export", "zrf board"}

#: a Mangonel Chess game whose first move is a Kwagga's (MC-8, option kwaggas):
#: illegal for a Knight, which is what the c1 piece is without the option
KWAGGA_GAME = "# Variant: mangonel-chess\n{tag}c1b4\ne7e6\n"


def commands(group: click.Group = main, prefix: str = "") -> Iterator[tuple[str, click.Command]]:
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None, name
        if isinstance(command, click.Group):
            yield from commands(command, f"{prefix}{name} ")
        else:
            yield f"{prefix}{name}", command


ALL = dict(commands())
# the lazy group's commands are all reached
assert set(COMMANDS) - {"zrf"} <= set(ALL) and {"zrf info", "zrf export"} <= set(ALL), sorted(ALL)


def flags(command: click.Command) -> dict[str, click.Parameter]:
    return {opt: p for p in command.params for opt in (*p.opts, *p.secondary_opts)}


@pytest.mark.parametrize("name", sorted(ALL))
def test_o_is_always_the_output_and_cap_o_always_the_option(name: str) -> None:
    found = flags(ALL[name])
    if "-o" in found:
        assert found["-o"].name in ("output", "outputs") and "--output" in found["-o"].opts
    if "-O" in found:
        assert found["-O"].name == "options" and "--option" in found["-O"].opts
    assert ("-o" in found) == (name in WRITING), name
    assert ("--option" in found) == (name in PLAYING), name


def kwagga_file(tmp_path: Path, tag: str = "") -> Path:
    path = tmp_path / "kwagga.txt"
    path.write_text(KWAGGA_GAME.format(tag=tag))
    return path


def test_check_plays_a_game_under_its_option(tmp_path: Path) -> None:
    path = str(kwagga_file(tmp_path))
    code, out, _ = run("check", path)
    assert code == 1 and "'c1b4' is illegal" in out
    code, out, _ = run("check", path, "-O", "kwaggas")
    assert code == 0 and ": OK * (mangonel-chess, 2 plies)" in out


def test_a_records_options_tag_is_its_own_option(tmp_path: Path) -> None:
    path = str(kwagga_file(tmp_path, tag="# Options: kwaggas\n"))
    assert run("check", path)[0] == 0


def test_convert_and_stats_take_the_option_too(tmp_path: Path) -> None:
    path = str(kwagga_file(tmp_path))
    out = tmp_path / "kwagga.pgn"
    assert run("convert", path, "--to", "pgn", "-o", str(out))[0] == 1
    code, _, err = run("convert", path, "--to", "pgn", "-o", str(out), "--option", "kwaggas")
    assert code == 0, err
    assert "1. Wb4 e6" in out.read_text()  # the Kwagga's letter (MC-8)
    code, table, err = run("stats", path, "-O", "kwaggas")
    assert code == 0 and "mangonel-chess" in table and err == ""
    code, _, err = run("stats", path)
    assert code == 1 and "'c1b4' is illegal" in err


def test_an_unknown_option_is_one_line(tmp_path: Path) -> None:
    code, out, _ = run("check", str(kwagga_file(tmp_path)), "-O", "no-such-option")
    assert code == 1 and "no option 'no-such-option'" in out
