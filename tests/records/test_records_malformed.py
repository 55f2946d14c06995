"""Bad input never gives a traceback: one line naming file, place and reason, exit 1."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import MALFORMED
from trebuchet.cli import main
from trebuchet.converters.pgn import read_games
from trebuchet.converters.record import GameRecord
from trebuchet.converters.replay import replay
from trebuchet.variants.errors import TrebuchetError

MALFORMED_FILES = sorted(MALFORMED.iterdir())

#: what each file's error must say (besides its name)
REASONS = {
    "ambiguous_move.pgn": "ambiguous",
    "bad_fen.pgn": "unknown piece letter",
    "bad_part.gc": "not a Game Courier action",
    "bad_tag.pgn": "malformed tag pair",
    "bad_tags.json": "must map names to strings",
    "big_rank.pgn": "'Qh10' is unreadable",
    "binary.pgn": "unexpected character",
    "garbage_bytes.pgn": "unexpected character",
    "illegal_move.gc": "illegal",
    "illegal_move.json": "'e2e5' is illegal",
    "illegal_move.pgn": "'Ke3' is illegal",
    "no_header.txt": "header",
    "no_such_square.gc": "not a square",
    "no_such_square.pgn": "'Bz9' is unreadable",
    "not_a_move.gc": "expected a move",
    "truncated.json": "not valid JSON",
    "truncated_move.pgn": "'Bb' is unreadable",
    "truncated_tag.pgn": "malformed tag pair",
    "unknown_variant.pgn": "unsupported variant 'Hexagonal Chess'",
    "unknown_variant.txt": "unsupported variant",
    "unterminated_comment.pgn": "unterminated comment",
    "unterminated_variation.pgn": "inside a variation",
    "wrong_format.json": "not a trebuchet-games document",
    "wrong_variant_fen.pgn": "FEN board has 9 ranks",
}


def test_every_file_has_its_reason() -> None:
    assert {p.name for p in MALFORMED_FILES} == set(REASONS)


@pytest.mark.parametrize("path", MALFORMED_FILES, ids=lambda p: p.name)
def test_check_reports_one_line(path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    *lines, summary = result.output.strip().splitlines()
    assert len(lines) == 1
    assert str(path) in lines[0] and REASONS[path.name] in lines[0]
    assert summary.startswith("1 file: 0 games OK,")


@pytest.mark.parametrize("path", MALFORMED_FILES, ids=lambda p: p.name)
def test_convert_refuses_and_writes_nothing(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pgn"
    result = CliRunner().invoke(main, ["convert", str(path), "--to", "pgn", "-o", str(out)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.output.startswith("trebuchet: error: ")
    assert not out.exists() and list(tmp_path.iterdir()) == []


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=300))
def test_random_text_gives_records_or_trebuchet_errors(text: str) -> None:
    for item in read_games(io.StringIO(text), "random.pgn"):
        if isinstance(item, GameRecord):
            try:
                replay(item)
            except TrebuchetError as exc:
                assert "\n" not in str(exc)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ['[Event "x"]', "1.", "e4", "e5", "Nf3", "(", ")", "{c}", "{", "}", "$1", "!?",
             "1-0", "*", "O-O", "exd5", "e8=Q", "N@e4", "--", "[", "]", ";x\n", "\n", "%"]
        ),
        max_size=40,
    )
)
def test_random_token_soup_never_crashes(tokens: list[str]) -> None:
    text = " ".join(tokens)
    for item in read_games(io.StringIO(text), "soup.pgn"):
        if isinstance(item, GameRecord):
            with contextlib.suppress(TrebuchetError):
                replay(item)
