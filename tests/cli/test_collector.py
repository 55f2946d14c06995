"""The cycle collector of trebuchet's processes runs every 10,000 new container
objects at most (trebuchet/collector.py says why); the command sets it, and a
setting of rarer collections, or none, is kept."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from trebuchet.cli import main
from trebuchet.collector import YOUNG_THRESHOLD, collect_less_often


@pytest.fixture(autouse=True)
def _threshold_restored() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.set_threshold(*before)


def test_the_command_collects_less_often() -> None:
    gc.set_threshold(700, 10, 10)
    result = CliRunner().invoke(main, ["variants"])
    assert result.exit_code == 0, result.output
    assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ((700, 10, 10), (YOUNG_THRESHOLD, 10, 10)),
        ((50_000, 5, 5), (50_000, 5, 5)),
        ((0, 10, 10), (0, 10, 10)),
    ],
)
def test_a_rarer_setting_or_none_is_kept(
    before: tuple[int, int, int], after: tuple[int, int, int]
) -> None:
    gc.set_threshold(*before)
    collect_less_often()
    assert gc.get_threshold() == after


def test_the_script_leaves_its_objects_to_the_exit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The script's call (``main()``) freezes what is alive once the command is done,
    its output written; click's runner (``main.main``), as the tests use it, does not."""
    frozen: list[str] = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(capsys.readouterr().out))
    assert CliRunner().invoke(main, ["variants"]).exit_code == 0
    assert frozen == []
    with pytest.raises(SystemExit) as exited:
        main(["variants"])
    assert exited.value.code == 0
    assert len(frozen) == 1 and "chess" in frozen[0].split()
