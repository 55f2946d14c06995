"""The variant registry: bundled games by name, third-party games by entry point."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from tests.helpers import position
from trebuchet.variants import registry
from trebuchet.variants.chess import Chess
from trebuchet.variants.errors import TrebuchetError, UnknownVariantError


class PluginChess(Chess):
    """A plugin game for the test: chess under another name."""

    name = "test-plugin-chess"
    title = "Plugin Chess"


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    points: list[EntryPoint] = []

    def entry_points(*, group: str) -> list[EntryPoint]:
        assert group == registry.ENTRY_POINT_GROUP
        return points

    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    registry._plugins.cache_clear()
    yield points
    registry._plugins.cache_clear()


def test_a_plugin_game_is_found_by_name_and_listed(plugins: list[EntryPoint]) -> None:
    plugins.append(EntryPoint("plugin", f"{__name__}:PluginChess", registry.ENTRY_POINT_GROUP))
    assert registry.variant_class("test-plugin-chess") is PluginChess
    assert registry.variant_names()[-1] == "test-plugin-chess"
    assert registry.variant_names()[0] == "chess"


def test_a_broken_plugin_is_one_line_naming_it(plugins: list[EntryPoint]) -> None:
    plugins.append(EntryPoint("broken", "no_such_module_here:Game", registry.ENTRY_POINT_GROUP))
    with pytest.raises(TrebuchetError, match="plugin game 'broken'") as info:
        registry.variant_class("not-bundled")
    assert "\n" not in str(info.value)


def test_a_plugin_that_is_not_a_variant_is_refused(plugins: list[EntryPoint]) -> None:
    plugins.append(EntryPoint("odd", "os.path:join", registry.ENTRY_POINT_GROUP))
    with pytest.raises(TrebuchetError, match="not a named Variant subclass"):
        registry.variant_names()


def test_bundled_games_need_no_plugin_scan(plugins: list[EntryPoint]) -> None:
    plugins.append(EntryPoint("broken", "no_such_module_here:Game", registry.ENTRY_POINT_GROUP))
    assert position("titan-chess").variant.name == "titan-chess"  # never loads the plugins


def test_unknown_names_suggest_the_nearest(plugins: list[EntryPoint]) -> None:
    with pytest.raises(UnknownVariantError, match="did you mean 'titan-chess'"):
        registry.variant_class("titan-chss")


def test_variants_are_built_once_per_options() -> None:
    a = registry.get_variant("mangonel-chess", ["sling-must-land"])
    assert registry.get_variant("Mangonel_Chess", ("sling-must-land",)) is a
    assert registry.get_variant("mangonel-chess") is not a


def test_every_bundled_entry_names_its_class() -> None:
    """BUNDLED maps a name to "module:Class" without importing the module; the class
    it names must be the game of that name."""
    from trebuchet.variants.registry import BUNDLED, bundled_class

    assert {name: bundled_class(name).name for name in BUNDLED} == {n: n for n in BUNDLED}
