"""PGN: the real files of ../shared/data/pgn replay exactly as python-chess plays them:
the same games, the same main lines, the same FEN after every ply (python-chess's
en passant form, ``write_fen(pos, en_passant="legal")``); and the PGN trebuchet
writes of each reads back in python-chess as the same main line, comments and
variations.  The cases of
python-chess's own test suite are in tests/records/test_pgn_python_chess.py."""

from __future__ import annotations

import io
import itertools
import logging
from collections.abc import Iterator
from pathlib import Path

import chess.pgn
import pytest

from tests.helpers import DATA, MALFORMED, requires_shared, shared_files, slow_tier
from tests.records.test_pgn_python_chess import _their_line as their_line
from tests.records.test_pgn_python_chess import _their_text as their_text
from trebuchet.converters.pgn import read_file, read_games, write_game
from trebuchet.converters.record import GameRecord, MoveNode, RecordError, resolve_variant_name
from trebuchet.converters.replay import coordinate, replay, start_position
from trebuchet.variants.errors import TrebuchetError
from trebuchet.variants.fen import write_fen

PGN_FILES = shared_files("pgn", "*.pgn")
#: the 580 games of world_matches.pgn, a minute against python-chess: the slow tier's
HEAVY_PGN = [p for p in PGN_FILES if getattr(p, "name", "") == "world_matches.pgn"]

#: python-chess reads this deliberately broken file as a game and skips the garbage
#: silently; we read it as a game whose error is the bad tag pair at 1:1, which
#: replay refuses: the point of the file (docs/pgn.md).
STRICTER_THAN_PYTHON_CHESS = {"badpgn.pgn"}


def _python_chess_games(path: Path) -> list[chess.pgn.Game]:
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    games = []
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            games.append(game)
    return games


def _has_board(game: chess.pgn.Game) -> bool:
    """Whether python-chess plays the game's variant (FIDE chess, Chess960 and the
    chess.variant boards, which trebuchet plays too: docs/rules/chess-family.md)."""
    try:
        game.board()
    except ValueError:
        return False
    return True


def _our_moves(record: GameRecord) -> list[str]:
    replay(record)
    pos = record.variant().position(record.fen)
    out = []
    for node in record.moves:
        assert node.move is not None
        out.append(coordinate(pos, node.move))
        pos.push(node.move)
    return out


def _our_fens(record: GameRecord) -> Iterator[str]:
    """The FEN of the start and after every ply of the main line, as python-chess
    writes FENs (an en passant square only when the capture is legal)."""
    pos = start_position(record)
    yield write_fen(pos, en_passant="legal")
    for node in record.moves:
        assert node.move is not None
        pos.push(node.move)
        yield write_fen(pos, en_passant="legal")


def _their_fens(game: chess.pgn.Game) -> Iterator[str]:
    board = game.board()
    yield board.fen()
    for move in game.mainline_moves():
        board.push(move)
        yield board.fen()


@pytest.mark.parametrize(
    "path", slow_tier(PGN_FILES, HEAVY_PGN), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_real_pgn_agrees_with_python_chess(path: Path) -> None:
    """Same games, same moves for every variant python-chess plays; S-chess,
    Seirawan960 and Sittuyin games replay; any other: a clean unsupported error."""
    ours = list(read_file(str(path)))
    theirs = _python_chess_games(path)
    assert len(ours) == len(theirs)
    agreed = 0
    for mine, game in zip(ours, theirs, strict=True):
        assert isinstance(mine, GameRecord), str(mine)
        if path.name in STRICTER_THAN_PYTHON_CHESS:
            with pytest.raises(RecordError, match=r":1:1: malformed tag pair"):
                replay(mine)
            continue
        if not _has_board(game):
            if resolve_variant_name(mine.tags.get("Variant", "")) is not None:
                _our_moves(mine)  # S-chess, Seirawan960, Sittuyin: pyffish is their oracle
                continue
            with pytest.raises(RecordError, match="unsupported variant"):
                _our_moves(mine)
            continue
        if game.errors:
            with pytest.raises(TrebuchetError):
                _our_moves(mine)
            continue
        assert _our_moves(mine) == [m.uci() for m in game.mainline_moves()]
        assert list(_our_fens(mine)) == list(_their_fens(game))
        back = chess.pgn.read_game(io.StringIO(write_game(mine)))  # what we write, it reads
        assert back is not None and not back.errors
        assert their_line(back) == their_line(game)
        assert their_text(back, "comment") == their_text(game, "comment")
        agreed += 1
    if path.name == "world_matches.pgn":
        assert agreed == 580


@pytest.mark.parametrize("name", ["illegal_move.pgn", "ambiguous_move.pgn"])
def test_games_python_chess_rejects_we_reject(name: str) -> None:
    path = MALFORMED / name
    game = _python_chess_games(path)[0]
    assert game.errors
    (record,) = list(read_file(str(path)))
    assert isinstance(record, GameRecord)
    with pytest.raises(RecordError) as error:
        replay(record)
    assert f"{path}:" in str(error.value) and "position" in str(error.value)


def _shape(nodes: list[MoveNode]) -> list[object]:
    return [
        (n.move, n.nags, n.before, n.comments, [_shape(v) for v in n.variations]) for n in nodes
    ]


@requires_shared("pgn", "pychess", "annotated.pgn")
def test_comments_nags_and_variations_survive_pgn_to_pgn() -> None:
    (record,) = list(read_file(str(DATA / "pgn" / "pychess" / "annotated.pgn")))
    assert isinstance(record, GameRecord)
    replay(record)
    assert record.comments == ["Initial main line comment"] and not record.moves[0].before
    assert record.moves[0].nags == [1, 24]
    assert len(record.moves[2].variations) == 1
    text = write_game(record)
    (again,) = list(read_games(io.StringIO(text)))
    assert isinstance(again, GameRecord)
    replay(again)
    assert _shape(again.moves) == _shape(record.moves)
    assert again.tags == record.tags
    assert write_game(again) == text


def test_reading_is_streamed() -> None:
    """Games come out while the input is still being read: an endless source works."""

    def endless() -> Iterator[str]:
        for n in itertools.count(1):
            yield f'[Event "game {n}"]\n'
            yield "\n"
            yield "1. e4 e5 2. Nf3 Nc6 *\n"
            yield "\n"

    games = list(itertools.islice(read_games(endless()), 3))
    assert [g.tags["Event"] for g in games if isinstance(g, GameRecord)] == [
        "game 1", "game 2", "game 3"
    ]


def test_a_read_failing_inside_a_comment_keeps_the_moves_before_it() -> None:
    """The lexer hands on a line's tokens together; when the input fails on a line a
    comment runs into, the moves before the comment are still the game's, the game
    gets the error, and the error ends the stream (as docs/pgn.md says)."""

    def failing() -> Iterator[str]:
        yield '[Event "a"]\n'
        yield "\n"
        yield "1. e4 e5 2. Nf3 {a comment running on\n"
        raise RecordError("line is longer than 1000000 bytes", source="x.pgn", line=4)

    game, error = list(read_games(failing(), "x.pgn"))
    assert isinstance(game, GameRecord) and [n.text for n in game.moves] == ["e4", "e5", "Nf3"]
    assert [str(e) for e in game.errors] == ["x.pgn:4: line is longer than 1000000 bytes"]
    assert isinstance(error, RecordError) and str(error) == str(game.errors[0])


def test_a_broken_game_does_not_hide_the_next() -> None:
    text = '[Event "a"]\n\n1. e4 & e5 *\n\n[Event "b"]\n\n1. d4 d5 *\n'
    first, second = list(read_games(io.StringIO(text), "x.pgn"))
    assert isinstance(first, GameRecord) and str(first.errors[0]).startswith("x.pgn:3:7:")
    assert isinstance(second, GameRecord) and second.tags["Event"] == "b"


@pytest.mark.parametrize(
    ("movetext", "where", "word"),
    [
        ("1. e4 1-0 e5", "1:11", "e5"),
        ("1. e4 e5 1-0 2. Nf3", "1:14", "2."),
        ("1. e4 1-0 2.", "1:11", "2."),
    ],
)
def test_a_move_after_the_result_is_an_error_naming_it(
    movetext: str, where: str, word: str
) -> None:
    """The result ends the movetext (PGN standard 8.2.6): python-chess plays on, we
    name the first word after it, a move number too (docs/pgn.md)."""
    (record,) = list(read_games(io.StringIO(movetext + "\n"), "t.pgn"))
    assert isinstance(record, GameRecord)
    assert [str(e) for e in record.errors] == [f"t.pgn:{where}: '{word}' after the result 1-0"]


@pytest.mark.parametrize(
    ("text", "events", "lines"),
    [
        ('[Event "a"]\n1.\n\n[Event "b"]\n\n1. e4 *\n', ["a", "b"], [1, 4]),
        ("1.\n\n1. d4 *\n", [None, None], [1, 3]),
        ('[Event "a"]\n\n1.\ne4 e5 *\n', ["a"], [1]),
    ],
)
def test_a_move_number_alone_is_movetext(
    text: str, events: list[str | None], lines: list[int]
) -> None:
    """A game whose movetext is only a move number ends at the blank line after it,
    as in python-chess; the move numbers between moves are passed over unread."""
    records = list(read_games(io.StringIO(text), "t.pgn"))
    assert all(isinstance(r, GameRecord) for r in records)
    assert [r.tags.get("Event") for r in records if isinstance(r, GameRecord)] == events
    assert [r.line for r in records if isinstance(r, GameRecord)] == lines
    stream, theirs = io.StringIO(text), 0
    while chess.pgn.read_game(stream) is not None:
        theirs += 1
    assert theirs == len(events)


def test_comments_and_annotations_may_follow_the_result() -> None:
    (record,) = list(read_games(io.StringIO("1. e4 1-0 {won on time} $1\n"), "t.pgn"))
    assert isinstance(record, GameRecord) and not record.errors
    assert record.moves[0].comments == ["won on time"] and record.moves[0].nags == [1]


def test_signs_before_glyphs_are_checked_too() -> None:
    """The replay looks for a sign only in texts that do not end in their square
    (PGN's reader takes glyphs off as NAGs): a right sign passes, a wrong one is
    still found."""
    right = "1. e4 e5 2. Bc4 Nc6 3. Bxf7+!? Kxf7 4. Qh5+ Ke6?! *\n"
    wrong = "1. e4 e5 2. Bc4 Nc6+?! 3. Bxf7!? Kxf7 *\n"
    (record,) = list(read_games(io.StringIO(right), "r.pgn"))
    assert isinstance(record, GameRecord)
    replay(record)
    assert record.warnings == []
    (record,) = list(read_games(io.StringIO(wrong), "w.pgn"))
    assert isinstance(record, GameRecord)
    replay(record)
    assert any("Nc6+" in w and "no check" in w for w in record.warnings)


def test_wrong_suffix_and_result_are_warnings() -> None:
    text = '[Result "1-0"]\n\n1. f3 e5+ 2. g4 Qh4 1-0\n'
    (record,) = list(read_games(io.StringIO(text), "w.pgn"))
    assert isinstance(record, GameRecord)
    replay(record)
    assert any("'+'" in w and "no check" in w for w in record.warnings)
    assert any("checkmate (0-1)" in w for w in record.warnings)
