"""The examples of the README and of every module's docstrings, run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import trebuchet
import trebuchet.analysis
import trebuchet.converters
import trebuchet.variants
from tests.helpers import ROOT

PACKAGES: tuple[ModuleType, ...] = (
    trebuchet,
    trebuchet.variants,
    trebuchet.converters,
    trebuchet.analysis,
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def module_names() -> list[str]:
    """Every module of the installed package, by its import name."""
    names = []
    for package in PACKAGES:
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            names.append(info.name)
    return sorted(set(names))


@pytest.mark.parametrize("name", module_names())
def test_module_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_readme_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples read files of examples/ by relative path
    result = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=FLAGS, verbose=False
    )
    assert result.attempted >= 20
    assert result.failed == 0, f"{result.failed} of {result.attempted} README examples failed"
