"""Compressed game files and untagged archives (issue 31, first part).

Every reader takes a file compressed with gzip, bzip2, xz or zstd, known by its
name (``games.pgn.zst``) or by its first bytes, and reports it exactly as the
plain file; what comes out counts against the readers' limits, so a small file
that unpacks into gigabytes is refused in bounded memory.  ``--variant`` names
the game of records that name none.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
import zstandard
from click.testing import CliRunner

from tests.helpers import ROOT
from trebuchet.cli import main

EXAMPLES = ROOT / "examples"
PLAIN = [
    EXAMPLES / "chess960" / "long-castling.pgn",
    EXAMPLES / "chess960" / "long-castling.gc",
    EXAMPLES / "chess960" / "long-castling.json",
    EXAMPLES / "chess960" / "long-castling.txt",
    EXAMPLES / "zillions" / "fools-mate.zsg",
    EXAMPLES / "crazyhouse" / "knight-drops.pgn",
]
PACKERS: dict[str, Callable[[bytes], bytes]] = {
    ".gz": gzip.compress,
    ".bz2": bz2.compress,
    ".xz": lzma.compress,
    ".zst": zstandard.ZstdCompressor().compress,
}


def check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize("suffix", sorted(PACKERS))
@pytest.mark.parametrize("plain", PLAIN, ids=lambda p: p.name)
def test_a_compressed_file_reads_as_the_plain_one(plain: Path, suffix: str, tmp_path: Path) -> None:
    packed = tmp_path / (plain.name + suffix)
    packed.write_bytes(PACKERS[suffix](plain.read_bytes()))
    if plain.suffix == ".zsg":  # its rules file is found beside it
        (tmp_path / "chess.zrf").write_bytes((EXAMPLES / "zillions" / "chess.zrf").read_bytes())
        (tmp_path / plain.name).write_bytes(plain.read_bytes())
        plain = tmp_path / plain.name
    expected = check(str(plain))
    got = check(str(packed))
    assert got == (expected[0], expected[1].replace(str(plain), str(packed)))
    assert expected[0] == 0


def test_the_format_of_a_compressed_file_is_sniffed_when_its_name_does_not_say(
    tmp_path: Path,
) -> None:
    plain = PLAIN[0]
    packed = tmp_path / "archive"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    code, out = check(str(packed))
    assert code == 0 and "1 game OK" in out


def test_a_damaged_file_is_one_error_naming_it(tmp_path: Path) -> None:
    packed = tmp_path / "cut.pgn.gz"
    packed.write_bytes(gzip.compress(PLAIN[0].read_bytes())[:60])
    code, out = check(str(packed))
    assert code == 1
    assert f"{packed}:1: cannot read: the gzip data is damaged" in out


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("bomb.json.gz", b" " * 100_000_000, "file is more than 32000001 bytes"),
        ("bomb.pgn.gz", b"x" * 100_000_000, "line is longer than 1000000 bytes"),
    ],
)
def test_a_decompression_bomb_is_refused(
    name: str, content: bytes, reason: str, tmp_path: Path
) -> None:
    bomb = tmp_path / name
    bomb.write_bytes(gzip.compress(content, 9))
    assert bomb.stat().st_size < 200_000
    code, out = check(str(bomb))
    assert code == 1 and reason in out


def test_an_archive_is_refused(tmp_path: Path) -> None:
    archive = tmp_path / "games.pgn"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("a.pgn", PLAIN[0].read_text())
    code, out = check(str(archive))
    assert code == 1 and "is a zip archive; unpack it first" in out


def _untagged(tmp_path: Path) -> Path:
    game = EXAMPLES / "crazyhouse" / "knight-drops.pgn"
    text = "".join(line for line in game.read_text().splitlines(True)
                   if not line.startswith("[Variant"))
    path = tmp_path / "fics.pgn"
    path.write_text(text)
    return path


def test_variant_names_the_game_of_untagged_records(tmp_path: Path) -> None:
    untagged = _untagged(tmp_path)
    assert check(str(untagged))[0] == 1  # as chess, the drops are illegal
    code, out = check(str(untagged), "--variant", "crazyhouse")
    assert code == 0 and "OK 1-0 (crazyhouse, 11 plies, checkmate" in out
    written = CliRunner().invoke(
        main, ["convert", str(untagged), "--variant", "crazyhouse", "--to", "pgn"]
    )
    assert '[Variant "Crazyhouse"]' in written.output  # it reads back without the flag


def test_a_variant_tag_wins_over_the_flag() -> None:
    code, out = check(str(PLAIN[0]), "--variant", "crazyhouse")
    assert code == 0 and "(chess960, 11 plies)" in out


def test_an_unknown_variant_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["check", str(PLAIN[0]), "--variant", "nonsense"])
    assert result.exit_code == 2
    assert "'nonsense' is none of trebuchet's variants" in result.output


@pytest.mark.parametrize("pack", [None, ".gz", ".zst"])
@pytest.mark.parametrize("plain", PLAIN[:4], ids=lambda p: p.suffix)
def test_standard_input_reads_as_the_file(plain: Path, pack: str | None) -> None:
    data = plain.read_bytes()
    given = PACKERS[pack](data) if pack else data
    piped = CliRunner().invoke(main, ["check", "-"], input=given)
    code, out = check(str(plain))
    assert (piped.exit_code, piped.output) == (code, out.replace(str(plain), "-"))


def test_standard_input_converts_and_counts() -> None:
    data = PLAIN[0].read_bytes()
    converted = CliRunner().invoke(main, ["convert", "-", "--to", "json"], input=data)
    assert converted.exit_code == 0 and '"variant": "chess960"' in converted.output
    counted = CliRunner().invoke(main, ["stats", "-"], input=data)
    assert counted.exit_code == 0 and "chess960" in counted.output
