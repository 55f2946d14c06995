"""``--jobs N`` (issue 31): the games of one file spread over worker processes give
the output of ``--jobs 1``, byte for byte — ``check`` (plain, ``--json``,
``--jsonl``), ``convert`` (``--keep-going`` too), ``stats`` — on compressed files
and standard input as well.

The archive is the world-match PGN corpus several times over, with games that
go wrong put between its games, and some of them where a big file is cut into
pieces: an illegal move, an unknown variant, a comment left open over a blank
line before the next game's tag pairs, a ``;`` comment before a game, a game
with no moves, a blank line between tag pairs.  The small archive is cut into
pieces of a few kilobytes, so that nearly every place a piece may end is one.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
from collections.abc import Callable
from pathlib import Path

import pytest
import zstandard

from tests.helpers import SLOW, run, shared
from trebuchet.converters import pieces
from trebuchet.converters.pgn import read_file
from trebuchet.converters.record import GameRecord, RecordError

#: games that go wrong, or read oddly, in the ways the cutting has to respect
ODD = [
    '[Event "illegal"]\n\n1. e4 e5 2. Ke3 *\n',
    '[Event "unsupported"]\n[Variant "Nonesuch"]\n\n1. e4 *\n',
    '[Event "open comment"]\n\n1. e4 {never closed\n',
    '; a line comment that belongs to the next game\n[Event "after a comment"]\n\n'
    "1. d4 d5 *\n",
    '[Event "no moves"]\n[Result "*"]\n\n\n',
    '[Event "blank between tags"]\n\n[Site "here"]\n\n1. e4 e5 1-0\n',
    '[Event "bad character"]\n\n1. e4 e5 2. Nf3 \x01 Nc6 *\n',
]


def archive(folder: Path, copies: int, games: int = 0) -> Path:
    """``copies`` times the world-match corpus (its first ``games``, if given), an
    odd game after every 60 games."""
    split = shared("pgn", "pychess", "world_matches.pgn").read_bytes().split(b"\r\n\r\n[Event ")
    texts = [split[0], *(b"[Event " + g for g in split[1:])][: games or None]
    out: list[bytes] = []
    for copy in range(copies):
        for number, text in enumerate(texts):
            out.append(text.rstrip(b"\r\n") + b"\r\n\r\n")
            if number % 60 == 59:
                out.append(ODD[(copy + number // 60) % len(ODD)].encode() + b"\n")
    path = folder / f"archive-{copies}-{games}.pgn"
    path.write_bytes(b"".join(out))
    return path


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return archive(tmp_path_factory.mktemp("jobs"), 1)


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus's first 200 games and their odd games: for the slower writers."""
    return archive(tmp_path_factory.mktemp("jobs"), 1, 200)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Over 2,000 games: four copies of the corpus and their odd games."""
    return archive(tmp_path_factory.mktemp("jobs"), 4)


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pieces of 4 kB: a few games each, so that most places a piece may end are ends."""
    monkeypatch.setattr(pieces, "PIECE_BYTES", 4096)


def test_the_pieces_read_as_the_whole_file(small: Path) -> None:
    """Cut at every place a piece may end (pieces of 1 byte or more), every game
    reads with the same tags, moves, lines and errors as in the whole file; the
    game after the comment left open starts a piece."""
    cuts = list(pieces.cut(str(small), size=1))
    assert len(cuts) > 500
    starts = {piece.first_line for piece in cuts}
    opened = [i for i, item in enumerate(read_file(str(small)))
              if isinstance(item, GameRecord) and item.tags.get("Event") == "open comment"]
    after = [item for i, item in enumerate(read_file(str(small))) if i - 1 in opened]
    assert after and all(isinstance(g, GameRecord) and g.line in starts for g in after)
    whole = [_shape(item) for item in read_file(str(small))]
    cut = [_shape(item) for piece in cuts for item in piece.records()]
    assert cut == whole
    assert any("before the tag pair at line" in str(e) for shape in whole for e in shape[3])


def _shape(item: GameRecord | RecordError) -> tuple[object, ...]:
    if isinstance(item, RecordError):
        return ("error", str(item), 0, [])
    return (item.line, dict(item.tags), [(n.text, n.line) for n in item.moves],
            [str(e) for e in item.errors], item.comments)


@pytest.mark.parametrize("mode", [[], ["--json"], ["--jsonl"], ["--quiet"]],
                         ids=["plain", "json", "jsonl", "quiet"])
def test_check_with_two_jobs_prints_what_one_prints(
    small: Path, small_pieces: None, mode: list[str]
) -> None:
    one = run("check", str(small), *mode)
    two = run("check", str(small), *mode, "--jobs", "2")
    assert one[0] == 1 and "illegal" in one[1] + one[2]
    assert two == one


@SLOW  # a minute on a loaded 2-core machine; the smaller files below test the same
def test_check_of_a_big_file_with_two_jobs_prints_what_one_prints(big: Path) -> None:
    """Over 2,000 games in pieces of the size a real run cuts."""
    one = run("check", str(big), "--jsonl")
    two = run("check", str(big), "--jsonl", "--jobs", "2")
    assert len(one[1].splitlines()) > 2000
    assert two == one


@pytest.mark.parametrize("target", ["pgn", "json", "fen"])
def test_convert_with_two_jobs_writes_what_one_writes(
    short: Path, small_pieces: None, tmp_path: Path, target: str
) -> None:
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"{jobs}.{target}"
        code, _, err = run("convert", str(short), "--to", target, "-o", str(out),
                           "--keep-going", "--jobs", jobs)
        outputs.append((code, err.replace(str(out), "OUT"), out.read_bytes()))
    assert outputs[0][0] == 1 and "skipped" in outputs[0][1]
    assert outputs[1] == outputs[0]


def test_convert_without_keep_going_stops_at_the_same_game(short: Path, small_pieces: None) -> None:
    one = run("convert", str(short), "--to", "pgn")
    assert one[0] == 1 and "nothing written" in one[2]
    assert run("convert", str(short), "--to", "pgn", "--jobs", "2") == one


@pytest.mark.parametrize("mode", [[], ["--json"]], ids=["table", "json"])
def test_stats_with_two_jobs_prints_what_one_prints(
    tmp_path: Path, small_pieces: None, mode: list[str]
) -> None:
    crazyhouse = shared("pgn", "pychess", "zh.pgn")
    one = run("stats", str(crazyhouse), *mode)
    two = run("stats", str(crazyhouse), *mode, "--jobs", "2")
    assert one[0] == 0 and "crazyhouse" in one[1]
    assert two == one


PACKERS: dict[str, Callable[[bytes], bytes]] = {
    ".gz": gzip.compress,
    ".bz2": bz2.compress,
    ".xz": lzma.compress,
    ".zst": zstandard.ZstdCompressor().compress,
}


@pytest.mark.parametrize("suffix", sorted(PACKERS))
def test_a_compressed_archive_with_two_jobs_reports_as_the_plain_one(
    small: Path, small_pieces: None, tmp_path: Path, suffix: str
) -> None:
    packed = tmp_path / (small.name + suffix)
    packed.write_bytes(PACKERS[suffix](small.read_bytes()))
    plain = run("check", str(small), "--jsonl")
    code, out, err = run("check", str(packed), "--jsonl", "--jobs", "2")
    assert (code, out.replace(str(packed), str(small)), err) == plain


def test_standard_input_with_two_jobs_reports_as_the_file(small: Path, small_pieces: None) -> None:
    plain = run("check", str(small), "--jsonl")
    code, out, err = run("check", "-", "--jsonl", "--jobs", "2", stdin=small.read_bytes())
    named = out.replace('"file": "-"', f'"file": "{small}"').replace('"-:', f'"{small}:')
    assert (code, named, err) == plain


def test_files_of_every_format_with_two_jobs_report_as_with_one(tmp_path: Path) -> None:
    """Files other than PGN go to the workers whole, and come back in order."""
    from tests.helpers import ROOT

    files = sorted(str(p) for p in (ROOT / "examples").glob("*/*.*")
                   if p.suffix in (".pgn", ".gc", ".json", ".txt"))
    files.append(str(tmp_path / "missing.pgn"))
    one = run("check", *files)
    assert one[0] == 1 and len(one[1].splitlines()) > len(files)
    assert run("check", *files, "--jobs", "2") == one


def test_jobs_zero_is_one_per_core(small: Path) -> None:
    assert run("check", str(small), "-q", "--jobs", "0") == run("check", str(small), "-q")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_standard_input_with_no_game_is_one_unreadable_game(jobs: str) -> None:
    code, out, _ = run("check", "-", "--from", "pgn", "--jobs", jobs, stdin=b"\n\n")
    assert (code, out.splitlines()[0]) == (1, "-: ERROR -: holds no games")
