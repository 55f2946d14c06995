"""ZRF rules files: lexer, macro expander, model, hostile input, our own fixtures.

The fixture tests/fixtures/zillions/features.zrf is our own text; it exercises
each point of formats-notes §1.2–1.3 once.  The real corpus is in test_zrf_corpus.py.
"""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

from tests.helpers import FIXTURES
from trebuchet.converters.zrf.expander import preprocess
from trebuchet.converters.zrf.lexer import MAX_BYTES, decode
from trebuchet.converters.zrf.model import ZrfFile, parse_zrf, read_zrf
from trebuchet.converters.zrf.parser import parse_text
from trebuchet.variants.zrf.errors import ZrfError
from trebuchet.variants.zrf.tree import Atom, Form, Str

ZILLIONS = FIXTURES / "zillions"
FEATURES = ZILLIONS / "features.zrf"


@pytest.fixture(scope="module")
def features() -> ZrfFile:
    return read_zrf(FEATURES)


# -- lexer and parser -----------------------------------------------------------


def test_strings_have_no_escapes_and_keep_backslashes() -> None:
    (form,) = parse_text('(help "a\\b\\\\c" "d")')
    assert isinstance(form, Form)
    assert form.items[1] == Str("a\\b\\\\c")
    assert form.items[2] == Str("d")


def test_atoms_take_the_measured_characters_and_negative_numbers() -> None:
    (form,) = parse_text("(x empty? ?Dice Bishop! a_b Don't $1-01 -170)")
    assert isinstance(form, Form)
    assert [i.render() for i in form.items] == [
        "x",
        "empty?",
        "?Dice",
        "Bishop!",
        "a_b",
        "Don't",
        "$1-01",
        "-170",
    ]


def test_comments_anywhere_also_after_the_last_form() -> None:
    nodes = parse_text("; head\n(a ; inside\n b) ; tail\n; Enjoy!")
    assert nodes == [Form((Atom("a"), Atom("b")))]


def test_line_numbers_count_crlf_lines() -> None:
    nodes = parse_text("\r\n\r\n(a\r\n (b))")
    form = nodes[0]
    assert isinstance(form, Form) and form.line == 3
    assert isinstance(form.items[1], Form) and form.items[1].line == 4


def test_latin1_bytes_decode() -> None:
    assert decode('(title "Échecs")'.encode("latin-1")) == '(title "Échecs")'
    assert decode('(title "Échecs")'.encode()) == '(title "Échecs")'


# -- macros ----------------------------------------------------------------------


def test_parameters_substitute_inside_atoms_and_strings() -> None:
    pre = preprocess("(define m (p $1-01 '$1' \"$1 foxes\" $2))\n(m Red)")
    assert [n.render() for n in pre.forms] == ["(p Red-01 'Red' \"Red foxes\")"]


def test_multi_form_bodies_are_spliced_and_use_precedes_definition() -> None:
    pre = preprocess("(g (two x))\n(define two (a $1) (b $1))")
    assert [n.render() for n in pre.forms] == ["(g (a x) (b x))"]


def test_parameters_beyond_nine_are_read_whole() -> None:
    args = " ".join(f"v{i}" for i in range(1, 12))
    pre = preprocess(f"(define m (p $1 $10 $11))\n(m {args})")
    assert pre.forms[0].render() == "(p v1 v10 v11)"


def test_missing_argument_substitutes_nothing() -> None:
    pre = preprocess("(define m (p $1 $2 x$2y))\n(m a)")
    assert pre.forms[0].render() == "(p a xy)"


def test_inherited_arguments_are_each_callers_own() -> None:
    # the body of `strike` has no $N, so every call pastes the same group; what
    # it expands to depends on the call's arguments (Ragnarok's strikes)
    text = "(define body (create $2) $1 add)\n(define strike ((body)))\n"
    pre = preprocess(text + "(g (strike n A) (strike s B))")
    assert pre.forms[0].render() == "(g ((create A) n add) ((create B) s add))"


@pytest.mark.parametrize(
    ("calls", "expanded"),
    [
        ("(strike n A) (strike s B)", "((create A) n add) ((create B) s add)"),
        ("(strike) (strike n A)", "((create) add) ((create A) n add)"),
        ("(strike n A) (strike)", "((create A) n add) ((create) add)"),
    ],
)
def test_inherited_arguments_do_not_depend_on_the_order_of_calls(
    calls: str, expanded: str
) -> None:
    text = "(define body (create $2) $1 add)\n(define strike ((body)))\n"
    assert preprocess(text + f"(g {calls})").forms[0].render() == f"(g {expanded})"


def test_later_definition_wins() -> None:
    pre = preprocess("(define m one)\n(define m two)\n(g (m))")
    assert pre.forms[0].render() == "(g two)"


# -- the fixture model ---------------------------------------------------------------


def test_fixture_games_and_variant(features: ZrfFile) -> None:
    assert [(g.kind, g.title) for g in features.games] == [
        ("game", "Feature Test"),
        ("variant", "Feature Test (small)"),
    ]
    assert features.version == "2.0"
    assert features.includes and features.includes[0].endswith("common.inc")


def test_fixture_players_turns_and_text(features: ZrfFile) -> None:
    game = features.games[0]
    assert game.players == ["White", "Black", "?Dice"]
    assert game.turn_order == ["White", "Black", ("White", "?Dice"), "repeat"]
    assert "images\\Chess\\wpawn.bmp" in game.description
    assert "\\\\second line" in game.description


def test_fixture_board(features: ZrfFile) -> None:
    board = features.games[0].board
    names = board.position_names()
    assert "d4" not in names and "a1" in names and "c4" in names
    assert names[-2:] == ["hand-1", "x1"]
    assert len(names) == 15 + 2
    assert board.rects()["a4"] == (-10, -10, 30, 30)
    assert board.rects()["b1"] == (30, 110, 70, 150)
    links = board.link_map()
    assert links["a1"]["n"] == "a2" and links["c3"]["n"] == "c4"
    assert "n" not in links["d3"] and "d4" not in links  # d4 is killed
    assert links["hand-1"] == {"n": "a4"}
    assert board.symmetries == {"Black": {"n": "s", "s": "n"}}
    assert board.zones[0].name == "far-rank" and board.zones[0].positions == ["a4", "b4", "c4"]


def test_fixture_pieces_from_macros(features: ZrfFile) -> None:
    game = features.games[0]
    assert [p.name for p in game.pieces] == [
        "King",
        "King-Guard",
        "Bishop!",
        "Don't_Move?",
        "Jumper-2",
    ]
    king = game.pieces[0]
    assert king.notation == "K"
    assert king.help == "King (K), the King-piece"
    assert [m.render() for m in king.moves] == [
        "(n (verify empty?) add)",
        "(e (verify empty?) add)",
    ]
    assert game.pieces[4].help == "$1 is not substituted outside macros"


def test_fixture_setup_conditions_options_unknown(features: ZrfFile) -> None:
    game = features.games[0]
    assert game.setup.by_position() == {
        "a1": ("White", "King"),
        "b1": ("White", "Bishop!"),
        "c1": ("White", "Bishop!"),
        "c4": ("Black", "King"),
        "a3": ("Black", "Don't_Move?"),
    }
    assert game.setup.off == [("White", "Jumper-2", 3)]
    assert [(c.kind, c.players, c.condition.render()) for c in game.conditions] == [
        ("win", ["White"], "(absolute-config King (far-rank))"),
        ("loss", ["White", "Black"], "(checkmated King)"),
        ("draw", ["White", "Black"], "stalemated"),
    ]
    assert game.options == {"animate captures": "false", "dagaz-extension": "true"}
    assert game.sections["mystery-keyword"][0].render() == "(mystery-keyword 1 2 3)"


def test_variant_inherits_and_overrides(features: ZrfFile) -> None:
    game, variant = features.games
    assert variant.default and not game.default
    assert variant.parent == "Feature Test"
    assert variant.players == game.players
    assert variant.board.position_names() == game.board.position_names()
    assert [p.name for p in variant.pieces] == [p.name for p in game.pieces]
    assert variant.piece("Bishop!") is not None
    assert variant.piece("Bishop!").help == "Redefined Bishop!"  # type: ignore[union-attr]
    assert variant.setup.by_position() == {"b2": ("White", "King"), "c3": ("Black", "King")}
    assert variant.options["animate captures"] == "true"
    assert variant.options["dagaz-extension"] == "true"
    assert variant.description == ""


def test_crlf_and_latin1_copy_reads_the_same(tmp_path: Path, features: ZrfFile) -> None:
    text = FEATURES.read_text(encoding="utf-8").replace("Feature Test", "Fëature Test")
    (tmp_path / "common.inc").write_bytes((ZILLIONS / "common.inc").read_bytes())
    target = tmp_path / "crlf.zrf"
    target.write_bytes(text.replace("\n", "\r\n").encode("latin-1"))
    copy = read_zrf(target)
    assert copy.games[0].title == "Fëature Test"
    assert copy.games[1].parent == "Fëature Test"
    assert copy.games[0].setup == features.games[0].setup
    assert copy.games[0].board.position_names() == features.games[0].board.position_names()


# -- hostile input -----------------------------------------------------------------------


def _fails_fast(text: str, fragment: str, line: int | None = None) -> ZrfError:
    """Parse ``text``; it must fail cleanly within 5 s and 200 MB of Python memory.

    The bound is on this process's CPU time, which is the parser's work, and not on
    the wall clock, which stretches on a machine busy with other processes."""
    start = time.process_time()
    tracemalloc.start()
    try:
        with pytest.raises(ZrfError) as info:
            parse_zrf(text, "bad.zrf")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.process_time() - start < 5
    assert peak < 200_000_000
    assert fragment in str(info.value)
    assert str(info.value).startswith("bad.zrf")
    if line is not None:
        assert info.value.line == line
    return info.value


def test_unbalanced_open_names_the_line() -> None:
    _fails_fast('(game\n  (title "x")\n  (board (grid)\n)\n', "unbalanced '('", 1)


def test_unbalanced_close_names_the_line() -> None:
    _fails_fast('(game)\n(title "x"))\n', "unbalanced ')'", 2)


def test_unterminated_string_names_the_line() -> None:
    _fails_fast('(game\n (title "never closed))\n', "never closed", 2)


def test_self_calling_macro_fails_cleanly() -> None:
    _fails_fast("(define loop (loop))\n(game (loop))", "nest more than")


def test_exponential_macro_fails_cleanly() -> None:
    _fails_fast("(define b (b) (b))\n(game (b))", "")


def test_wide_exponential_macro_hits_the_node_budget() -> None:
    defs = "\n".join(f"(define m{i} (m{i + 1}) (m{i + 1}) (m{i + 1}))" for i in range(30))
    _fails_fast(defs + "\n(game (m0))", "does more than")


def test_deep_nesting_fails_cleanly() -> None:
    _fails_fast("(" * 100_000 + ")" * 100_000, "nested more than", 1)


def test_grid_naming_two_positions_alike_is_refused() -> None:
    # x + 11 and x1 + 1 both spell "x11": every move to it would be ambiguous
    board = '(board (grid (dimensions ("x/x1" (50 0)) ("1/11" (0 50)))))'
    _fails_fast(f'(game\n (title "t")\n {board})\n', "names two positions 'x11'", 3)


def test_fifty_megabyte_file_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.zrf"
    with big.open("wb") as out:
        chunk = b'(game (title "x"))\n' * 50_000
        while out.tell() < 50_000_000:
            out.write(chunk)
    start = time.process_time()  # the reader's work, however busy the machine
    with pytest.raises(ZrfError, match="at most 1000000 are read"):
        read_zrf(big)
    assert time.process_time() - start < 2
    assert big.stat().st_size > MAX_BYTES


@pytest.mark.parametrize("name", ["a\x00b.zrf", "9" * 300 + ".zrf"])
def test_an_include_no_file_can_have_is_one_error(tmp_path: Path, name: str) -> None:
    """A NUL byte or a name past NAME_MAX is an error naming file and line, not an OSError."""
    target = tmp_path / "inc.zrf"
    target.write_text(f'\n(include "{name}")\n(game (title "x"))\n')
    with pytest.raises(ZrfError, match="cannot be looked for") as info:
        read_zrf(target)
    assert info.value.line == 2 and str(info.value).startswith(str(target))


def test_missing_include_names_file_and_line(tmp_path: Path) -> None:
    target = tmp_path / "inc.zrf"
    target.write_text('\n(include "nowhere.zrf")\n(game (title "x"))\n')
    with pytest.raises(ZrfError, match=r"nowhere\.zrf") as info:
        read_zrf(target)
    assert info.value.line == 2


def test_unknown_game_title_lists_the_choices(features: ZrfFile) -> None:
    with pytest.raises(ZrfError, match="Feature Test"):
        features.game("Nope")
    assert features.game("2").title == "Feature Test (small)"
    assert features.game("feature test").kind == "game"
