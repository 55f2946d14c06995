"""Duggan's Fantasy Chess as ``zrf export`` writes it: every ruling's position
(docs/rules/duggans-fantasy-chess.md, the positions of
tests/games/test_duggans_fantasy_chess_rulings.py) has the native legal moves in
the exported file (its endings: test_export.py), DF-8's chains of threatened
Mercenaries of any length included."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.zrf.test_export import exported, zrf_coordinates
from trebuchet.cli import main
from trebuchet.converters.zrf.writer import limitations
from trebuchet.variants.registry import get_variant

DF = "duggans-fantasy-chess"
CORNERED, COWARDLY = ("cornered-assassin",), ("cowardly-assassin",)


def moves_alike(fen: str, options: tuple[str, ...] = ()) -> tuple[set[str], set[str]]:
    """The legal moves of ``fen`` in coordinates: native, and in the exported file."""
    variant = get_variant(DF, options)
    native = variant.position(fen)
    zpos = exported(variant, native).start_position()
    ours = {variant.move_text(native, m) for m in native.legal_moves()}
    return ours, {zrf_coordinates(zpos, m) for m in zpos.legal_moves()}


@pytest.mark.parametrize(
    ("fen", "options"),
    [
        pytest.param("4k3/8/8/8/m7/8/M7/G3K3 w - - 0 1", (), id="DF-2-crush-friends"),
        pytest.param("4k3/8/8/8/g7/8/M7/G3K3 w - - 0 1", (), id="DF-2-no-golem-crushed"),
        pytest.param("4k3/8/8/8/m7/8/K7/G7 w - - 0 1", (), id="DF-2-not-its-own-adept"),
        pytest.param("4k3/8/8/8/8/3g4/3M4/2b1K3 w - - 0 1", (), id="DF-2-golem-proof"),
        pytest.param("4k3/8/8/8/8/8/1g6/A3K3 w - - 0 1", (), id="DF-2-archer-spares-golem"),
        pytest.param("4k3/8/8/8/8/8/1g6/1C2K3 w - - 0 1", (), id="DF-2-commander-takes-golem"),
        pytest.param("4k3/8/8/3G4/3M4/8/3m4/4K3 w - - 0 1", (), id="DF-3-own-golem"),
        pytest.param("4k3/8/8/3G4/8/8/3M4/4K3 w - - 0 1", (), id="DF-3-own-golem-through"),
        pytest.param("4k3/1M6/8/8/8/8/8/4K3 w - - 0 1", (), id="DF-3-promotion"),
        pytest.param("4k3/8/8/8/8/8/1m6/4K3 b - - 0 1", (), id="DF-3-black-promotion"),
        pytest.param("4k3/8/8/8/8/8/1M6/AM2K3 w - - 0 1", (), id="DF-4-either-path"),
        pytest.param("4k3/8/8/8/8/8/1g6/C3K3 w - - 0 1", (), id="DF-5-commander-home"),
        pytest.param("7k/8/8/8/8/8/8/2C4K w - - 0 1", (), id="DF-10-sideways-home"),
        pytest.param("4k3/8/8/8/8/8/1g6/S3K3 w - - 0 1", (), id="DF-6-teleport"),
        pytest.param("4k3/8/8/8/8/8/1b6/S3K3 w - - 0 1", CORNERED, id="DF-6-cornered"),
        pytest.param("4k3/8/8/8/8/8/8/S3K3 w - - 0 1", COWARDLY, id="DF-6-cowardly"),
        pytest.param("g2S3k/8/8/8/8/8/8/K6G w - - 0 1", COWARDLY, id="DF-9-own-golems"),
        pytest.param("7k/8/8/8/3Mm3/8/8/K7 w - - 0 1", (), id="DF-8-lone-pair"),
        pytest.param("7k/b7/8/8/3Mm3/8/8/K7 b - - 0 1", (), id="DF-8-bishop-on-one"),
        pytest.param("7k/8/8/8/4g3/8/4K3/4B3 w - - 0 1", (), id="DF-7-crush-check"),
        pytest.param("7k/8/8/8/4g3/4G3/4K3/4B3 w - - 0 1", (), id="DF-7-golem-blocks"),
        # DF-8 through three Mercenaries: f5 <- e5 <- e4 <- the d5 Assassin
        pytest.param(
            "3gkbag/mm1m1mm1/7m/2msmM2/1M2M3/5KM1/M1MM3M/GABG1BA1 w - - 0 16",
            (),
            id="DF-8-chain-of-three",
        ),
    ],
)
def test_a_ruling_plays_as_native(fen: str, options: tuple[str, ...]) -> None:
    ours, theirs = moves_alike(fen, options)
    assert theirs == ours


@pytest.mark.parametrize(
    "fen",
    [
        # the f2 Bishop threatens d4, so d4 threatens c4, c4 b4, and b4 a4: a4xb4
        pytest.param("7k/8/8/8/MmMm4/8/5B2/7K w - - 0 1", id="four"),
        # the h1 Bishop threatens g2 (not from behind its own Mercenaries: b7 is off
        # the chain), and the threat runs down the second rank to a2: a2xb2
        pytest.param("7k/8/8/8/8/8/MmMmMmMm/7b w - - 0 1", id="eight"),
        # no piece that needs no threat: the chain of eight threatens nobody
        pytest.param("7k/8/8/8/8/8/MmMmMmMm/7K w - - 0 1", id="eight-unthreatened"),
    ],
)
def test_a_chain_of_mercenaries_plays_as_native(fen: str) -> None:
    """DF-8's least fixed point through chains longer than any fixed depth."""
    ours, theirs = moves_alike(fen)
    assert theirs == ours


def test_nothing_is_left_out(tmp_path: Path) -> None:
    """The header names nothing and the command warns of nothing."""
    assert limitations(get_variant(DF)) == []
    out = tmp_path / "duggan.zrf"
    result = CliRunner().invoke(main, ["zrf", "export", DF, "-o", str(out)])
    assert result.exit_code == 0 and not result.output
    assert "Not expressed" not in out.read_text(encoding="latin-1")
