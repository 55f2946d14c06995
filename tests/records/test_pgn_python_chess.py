"""PGN reading like python-chess's ``read_game``, case by case (issue 16, issue 15).

Each text below is written for this test after a case of python-chess's own test
suite (``test.py``, ``PgnTestCase``, and its ``data/pgn`` files; the test it
follows is named in each case).  Every text is read by trebuchet and by the
python-chess installed as a test dependency, and the two readings compared: the
same games, tags, main line, comments (text byte for byte), NAGs, variations and
result.  Then trebuchet's written PGN is read back by python-chess, which must
find the same main line, comments and variations, and by trebuchet, which must
find everything again, ``;`` comments too.  Where trebuchet reads differently on
purpose (docs/pgn.md), the case says so and checks trebuchet's reading.
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import chess
import chess.pgn
import pytest

from trebuchet.converters.json_format import DOCUMENT_FORMAT, VERSION, game_object, read_document
from trebuchet.converters.pgn import read_games, write_game
from trebuchet.converters.record import GameRecord, LineComment, MoveNode, PassedOver, RecordError
from trebuchet.converters.replay import coordinate, replay, start_position
from trebuchet.variants.move import Move
from trebuchet.variants.position import Position

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

DOCUMENT = {"format": DOCUMENT_FORMAT, "version": VERSION}

#: One node of a line, comparable between the two readers: the move in UCI, its
#: NAGs, the comment before it (variations only), the comment after it, and the
#: lines that are alternatives to it.
Node = tuple[str, list[int], str, str, list[list["Node"]]]

_DEFAULT_TAGS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?",
                 "White": "?", "Black": "?", "Result": "*"}


def _joined(comments: list[str]) -> str:
    """Comments as python-chess 1.11 keeps them: one string, joined by spaces; ``;``
    comments are dropped by python-chess, so they are left out here."""
    return " ".join(c for c in comments if c and not isinstance(c, LineComment))


def _their_text(node: chess.pgn.GameNode, name: str) -> str:
    """A python-chess node's comment (``comment``, or the newer ``comments`` list)."""
    value = getattr(node, name + "s", None)
    if isinstance(value, list):
        return " ".join(c for c in value if c)
    text = getattr(node, name)
    assert isinstance(text, str)
    return text


def _their_line(parent: chess.pgn.GameNode, first: int = 0) -> list[Node]:
    """The line python-chess has from ``parent``, starting at its variation ``first``."""
    out: list[Node] = []
    node, index = parent, first
    while len(node.variations) > index:
        child = node.variations[index]
        alternatives = [_their_line(node, i) for i in range(1, len(node.variations))] if (
            index == 0) else []
        starting = _their_text(child, "starting_comment") if node.parent or index else ""
        out.append((child.move.uci(), sorted(child.nags), starting,
                    _their_text(child, "comment"), alternatives))
        node, index = child, 0
    return out


def _our_line(pos: Position, nodes: list[MoveNode]) -> list[Node]:
    """The same shape for a replayed line of trebuchet's."""
    out: list[Node] = []
    for node in nodes:
        assert node.move is not None
        alternatives = [_our_line(pos.copy(stack=True), v) for v in node.variations]
        out.append((coordinate(pos, node.move), sorted(node.nags), _joined(node.before),
                    _joined(node.comments), alternatives))
        pos.push(node.move)
    return out


def _their_games(text: str) -> list[chess.pgn.Game]:
    handle = io.StringIO(text)
    games = []
    while (game := chess.pgn.read_game(handle)) is not None:
        games.append(game)
    return games


def _ours(text: str) -> list[GameRecord]:
    records = list(read_games(io.StringIO(text), "t.pgn"))
    assert all(isinstance(r, GameRecord) for r in records), records
    return [r for r in records if isinstance(r, GameRecord)]


def _tags(record: GameRecord) -> dict[str, str]:
    """Our tags as python-chess has them: the result marker fills a ``*`` Result."""
    tags = dict(record.tags)
    if record.result and tags.get("Result", "*") == "*":
        tags["Result"] = record.result
    return tags


def _their_tags(game: chess.pgn.Game, ours: dict[str, str]) -> dict[str, str]:
    """python-chess's headers less the roster defaults it adds on its own."""
    return {k: v for k, v in game.headers.items()
            if k in ours or _DEFAULT_TAGS.get(k) != v}


def assert_read_as_python_chess(text: str) -> list[GameRecord]:
    """Read ``text`` both ways and compare everything; return our records, replayed
    where python-chess found no error."""
    ours, theirs = _ours(text), _their_games(text)
    assert len(ours) == len(theirs)
    for record, game in zip(ours, theirs, strict=True):
        assert _tags(record) == _their_tags(game, _tags(record))
        if game.errors:
            with pytest.raises(RecordError):
                replay(record)
            continue
        assert not [e for e in record.errors if not isinstance(e, PassedOver)]
        replay(record)
        assert _joined(record.comments) == _their_text(game, "comment")
        assert _our_line(start_position(record), record.moves) == _their_line(game)
        _assert_written_reads_back(record, game)
    return ours


def _assert_written_reads_back(record: GameRecord, game: chess.pgn.Game) -> None:
    """What trebuchet writes, python-chess reads as the same game, and so do we."""
    text = write_game(record)
    (back,) = _their_games(text)
    assert not back.errors, text
    assert _their_line(back) == _their_line(game), text
    assert _their_text(back, "comment") == _their_text(game, "comment")
    (again,) = _ours(text)
    replay(again)
    assert _shape(again.moves) == _shape(record.moves) and again.comments == record.comments
    assert [type(c) for c in _all_comments(again)] == [type(c) for c in _all_comments(record)]


def _shape(nodes: list[MoveNode]) -> list[object]:
    return [(n.move, n.nags, n.before, n.comments, [_shape(v) for v in n.variations])
            for n in nodes]


def _all_comments(record: GameRecord) -> Iterator[str]:
    yield from record.comments
    stack = [record.moves]
    while stack:
        for node in stack.pop():
            yield from node.before
            yield from node.comments
            stack.extend(node.variations)


# -- the cases: each reads as python-chess reads it ---------------------------------

SAME = {
    # test_read_game_with_multicomment_move: two comments after one move.
    "multicomment": "1. e4 {An opening} 1... e5 {A reply} {A second comment}",
    # test_comment_at_eol: the comment's leading line break is text, kept.
    "comment_at_eol": "1. e4 e5 2. Nf3 a6 $6 (2... Nc6 $5 {\n/\\ Bb5, d4}) *",
    # test_game_starting_comment: before the first move, the game's comment.
    "starting_comment": "{ The game's comment } 1. d3",
    "comment_only": "{ No moves, a comment }",
    # test_game_starting_variation: a comment opening a variation is its first move's.
    "starting_variation": "{Start} 1. e4 ({Variation start} 1. d4) 1... e5\n",
    # test_annotation_symbols: glyphs are NAGs 1-6.
    "glyphs": "1. b4?! g6 2. Bb2 Nc6? 3. Bxh8!! Nf6 4. Bg7 !? Ne4 ?? *",
    # test_variation_stack: ')' with no '(' is passed over.
    "extra_close": "1. e4 (1. d4))) !? *",
    # test_variation_stack: '(' before any move is passed over.
    "extra_open": "((( 1. c4 *",
    # test_tricky_skip_game: ';' comments, '%' lines, a comment over a blank line.
    "tricky": "\n1. a3 ; { ; }\n\n1. b3 { ;\n% {\n1... g6 ; {\n\n1. c3 { }\n% {\n"
              "1... f6 ; { } {{{\n\n1. d3",
    # test_result_termination_marker: the marker fills the Result.
    "result_marker": "1. d4 1-0",
    # test_missing_setup_tag: FEN without SetUp; black to move; comments everywhere.
    "fen_without_setup": '[Event "Position"]\n[Result "1-0"]\n'
                         '[FEN "rbb1N1k1/pp1n1ppp/8/2Pp4/3P4/4P3/P1Q2PPq/R1BR1K2 b - - 0 1"]\n\n'
                         "{Engine: 1)} 1... Nxc5 ({Engine: 2)} 1... Qh1+ 2. Ke2 Qxg2 {-2.39})"
                         " 2. dxc5 Bg4 3. f3 {-2.63/23}\n1-0",
    # test_errors: an illegal move is the game's error; the next game reads on.
    "errors": "\n   1. e4 Qa1 e5 2. Qxf8\n\n   1. a3",
    # test_lan: long algebraic.
    "lan": "1. e2-e4 e7e5 2. Ng1-f3",
    # test_special_tag_names, test_wierd_header: tag names and values as written.
    "tag_names": '[BlackType: "program"]\n[Black "[=0040.34h5a4]"]\n\n1. e4 *',
    # test_header_with_paren (stockfish-learning.pgn): parentheses in a tag value.
    "paren_tag": '[Opening "St. George (Baker) defense"]\n\n1. e4 a6 *',
    # test_no_movetext: tag-only sections are games of their own.
    "no_movetext": '\n[Event "A"]\n\n\n[Event "B"]\n',
    # test_errors, second game: games without tags, a blank line apart, are two.
    "untagged_games": "1. a3\n\n1. b3 *\n",
    # test_subgame: nested variations.
    "nested": "1. d4 d5 (1... Nf6 2. c4 (2. Nf3 g6 3. g3))",
    # test_skip_inner_variation: a variation inside a variation.
    "inner_variation": "1. e4 e5 ( 1... d5 2. exd5 Qxd5 3. Nc3 ( 3. c4 ) 3... Qa5 ) *",
    # test_visit_board: a FEN with black to move, two variations on one move.
    "visit_board": '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]\n\n'
                   "1... e5 (1... d5 2. exd5) (1... c5) 2. Nf3 Nc6\n",
    # test_promotion_without_equals: b1Q.
    "promotion": '[FEN "8/8/8/8/8/8/1p3k2/4K3 b - - 0 1"]\n\n1... b1Q+ 2. Kd2 *',
    # test_z0 (anastasian-lewis.pgn): Z0 and -- are null moves.
    "null_moves": "1. e4 Z0 2. d4 -- 3. c4 *",
    # test_chessbase_empty_line: one blank line may stand between tag pairs.
    "chessbase_empty_line": '[Event "A"]\n\n[Round "1"]\n[Result "0-1"]\n\n1. e4 e5 0-1\n',
    # test_utf8_bom: a byte order mark before the first tag.
    "utf8_bom": '\ufeff[Event "A"]\n\n1. e4 *\n\n[Event "B"]\n\n1. d4 *\n',
    # The lexer's plain words (docs/speed.md, "Reading PGN faster"): parentheses and
    # NAGs joined to moves and move numbers, words right after a comment's brace, a
    # comment running over lines and words after it, a result inside a comment, an
    # escape line between two lines of movetext.
    "parenthesised_words": "1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5)) 2... Nc6 (2... d6 $1)"
                           " 3. Bb5 $14 *",
    "words_after_comments": "1. e4 {a}e5 {b} 2. Nf3 {c}$1 Nc6 {d\nover 1-0 two lines} 3. Bb5"
                            " {e}(3. Bc4 $2 {f}) a6 *",
    "escape_line": "1. e4 e5\n% 2. d4 is escaped\n2. Nf3 Nc6 *",
    # test_chess960_without_fen: a Chess960 game from the standard start.
    "chess960": '[Variant "Chess960"]\n\n1. e4 *\n',
    # test_variants: an atomic game from a FEN.
    "atomic": '[Variant "Atomic"]\n[FEN "8/8/1b6/8/3Nk3/4K3/8/8 w - - 0 1"]\n\n1. Ne6\n',
}


@pytest.mark.parametrize("name", SAME)
def test_reads_as_python_chess(name: str) -> None:
    assert_read_as_python_chess(SAME[name])


def test_passed_over_slips_are_told_as_warnings() -> None:
    """python-chess passes over a stray ``)`` without a word; trebuchet reads the game
    the same and says so, in one line per slip, as replay warnings."""
    (record,) = assert_read_as_python_chess("1. e4 (1. d4))) *")
    assert [str(e) for e in record.errors] == [
        "t.pgn:1:14: ')' without a matching '(', read as if not there",
        "t.pgn:1:15: ')' without a matching '(', read as if not there",
    ]
    replay(record)
    assert record.warnings == [str(e) for e in record.errors]


def test_semicolon_comments_stay_semicolon_comments() -> None:
    """python-chess drops ``;`` comments (test_semicolon_comment); trebuchet keeps them
    byte for byte, writes them back with ``;``, and JSON marks them."""
    (record,) = assert_read_as_python_chess("1. e4 ; e5 {not this}\n1... c5 *")
    assert record.moves[0].comments == [" e5 {not this}"]
    assert isinstance(record.moves[0].comments[0], LineComment)
    assert "1. e4 ; e5 {not this}\n1... c5 *" in write_game(record)


def test_leading_space_before_the_first_tag() -> None:
    """test_read_game_with_leading_whitespace_before_header: one game, its tags read.
    (python-chess 1.11.2, the release, reads two games; its repository reads one.)"""
    text = ' [Event "League"]\n[White "A"]\n[Result "*"]\n\n1. d4 *'
    (record,) = _ours(text)
    assert record.tags == {"Event": "League", "White": "A", "Result": "*"}
    assert not record.errors and [n.text for n in record.moves] == ["d4"]


def test_errors_are_collected_and_reading_goes_on() -> None:
    """Like python-chess's ``Game.errors``: each game keeps its own errors, one line
    each, and the next game is read all the same."""
    text = '[Event "a"]\n\n1. e4 e5 2. Nf3 & Nc6 *\n\n[Event "b"]\n\n1. d4 d5 *\n'
    first, second = _ours(text)
    assert [str(e) for e in first.errors] == ["t.pgn:3:17: unexpected character '&'"]
    with pytest.raises(RecordError, match="unexpected character"):
        replay(first)
    assert not second.errors and second.tags["Event"] == "b"


@pytest.mark.parametrize(("text", "message"), [
    ("1. e4 { never closed\n1... e5 *\n", "t.pgn:1:7: unterminated comment"),
    ('1. e4 {open\n\n[Event "next"]\n\n1. d4 *\n',
     "t.pgn:1:7: unterminated comment: '{' without '}' before the tag pair at line 3"),
    ("1. e4 (1. d4 d5 *\n", "t.pgn:1:7: unterminated variation"),
])
def test_unclosed_comment_or_variation_is_an_error_at_its_line(text: str, message: str) -> None:
    """Stricter than python-chess, which reads such a comment to the end of the file
    (swallowing later games) and ends such a variation silently (issue 15)."""
    games = _ours(text)
    assert any(str(e).startswith(message) for e in games[0].errors), games[0].errors
    if "next" in text:
        assert games[1].tags["Event"] == "next" and games[1].moves[0].text == "d4"


@pytest.mark.parametrize(("text", "san"), [
    ("1.e4 e5 2.Nf3", ["e4", "e5", "Nf3"]),
    ("1. e4 d5 2. e5 f5 3. exf6 e.p.", ["e4", "d5", "e5", "f5", "exf6"]),
    ("1. e4 e5 2. nf3 nc6 3. bb5", ["e4", "e5", "Nf3", "Nc6", "Bb5"]),
    ("1. e4 e5 2. ♘f3 ♞c6 3. ♗b5", ["e4", "e5", "Nf3", "Nc6", "Bb5"]),
])
def test_hand_typed_moves_are_read(text: str, san: list[str]) -> None:
    """Issue 15: what hand-typed records hold, where the meaning is plain.  python-chess
    reads the first two; ``nf3`` and ``♘f3`` it reads as the pawn move f3 (it
    skips what it does not know), trebuchet as the knight move they mean."""
    (record,) = _ours(text)
    pos = replay(record)
    assert [pos.variant.notation.write(p, m) for p, m in _walk(record)] == san
    assert pos.fen()


def _walk(record: GameRecord) -> Iterator[tuple[Position, Move]]:
    pos = start_position(record)
    for node in record.moves:
        assert node.move is not None
        yield pos.copy(), node.move
        pos.push(node.move)


@pytest.mark.parametrize(("text", "message"), [
    ("1. e4 e5 2. Nf9", "'Nf9' is unreadable"),
    ("1. e4 e5 2. Ke3", "'Ke3' is illegal"),
])
def test_unreadable_is_not_illegal(text: str, message: str) -> None:
    (record,) = _ours(text)
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_a_lower_case_letter_that_reads_two_ways_is_ambiguous() -> None:
    """``bc4`` with ``bxc4`` and ``Bxc4`` both legal: said so, not guessed; ``bxc4``,
    the canonical pawn capture, is the pawn; with no pawn to capture, the bishop."""
    start = '[FEN "4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1"]\n\n1. '
    (both,) = _ours(start + "bc4")
    with pytest.raises(RecordError, match=r"'bc4' is ambiguous \(matches b3c4, f1c4\)"):
        replay(both)
    (pawn,) = _ours(start + "bxc4")
    assert coordinate(start_position(pawn), replay(pawn).move_stack[-1]) == "b3c4"
    (bishop,) = _ours('[FEN "4k3/8/8/8/8/8/8/4KB2 w - - 0 1"]\n\n1. bc4')
    assert coordinate(start_position(bishop), replay(bishop).move_stack[-1]) == "f1c4"


def test_json_holds_the_game_comment_and_semicolon_comments() -> None:
    """The comment before the first move is the game's ``comments`` in JSON (as it is
    python-chess's ``Game.comment``); a ``;`` comment is ``{"line": text}``, so
    PGN -> JSON -> PGN keeps it a ``;`` comment."""
    (record,) = _ours("{ Opening words } 1. e4 ; after e4\n1... e5 *")
    replay(record)
    game = game_object(record)
    assert game["comments"] == ["Opening words"]
    assert game["moves"][0]["comments"] == [{"line": " after e4"}]
    (again,) = read_document(json.loads(json.dumps({**DOCUMENT, "games": [game]})))
    assert isinstance(again, GameRecord)
    replay(again)
    assert write_game(again) == write_game(record)


def test_a_tag_pair_after_movetext_starts_the_next_game() -> None:
    """python-chess passes over a tag line met in movetext (its next game has no
    Event); trebuchet starts the next game there (docs/pgn.md)."""
    first, second = _ours('1. e4 e5\n[Event "B"]\n\n1. d4')
    assert [n.text for n in first.moves] == ["e4", "e5"] and not first.errors
    assert second.tags == {"Event": "B"} and [n.text for n in second.moves] == ["d4"]
