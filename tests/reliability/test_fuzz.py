"""Fuzzing every reader: whatever the input, only trebuchet's own errors come out.

For each reader (FEN, PGN, Game Courier, JSON, Zillions saved games, the ZRF
lexer, expander and model, Betza, move lists) hypothesis makes inputs three
ways: characters at random, a soup of the format's own fragments and of the
hostile ones that broke it before (long digit runs, deep nesting, ``$1$1``), and
real files mutated.  A reader may accept the input or refuse it, but only with
a :class:`TrebuchetError` of one line; whatever it accepts is replayed and
written in every format under the same rule.  Each example has a deadline.

The suite is deterministic (``derandomize``, no example database) and bounded
(``max_examples``); ``pytest tests/reliability/test_fuzz.py -s`` prints how many inputs
each reader was given.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import ROOT
from trebuchet.analysis.board import betza_variant, piece_forms
from trebuchet.analysis.mobility import report
from trebuchet.converters import courier, json_format, pgn, text_files
from trebuchet.converters.formats import FORMATS, read_records
from trebuchet.converters.record import GameRecord
from trebuchet.converters.replay import replay
from trebuchet.converters.zrf.expander import preprocess
from trebuchet.converters.zrf.lexer import tokens
from trebuchet.converters.zrf.model import parse_zrf
from trebuchet.converters.zrf.show import board_text, info_text
from trebuchet.converters.zrf.to_variant import variant_from_zrf
from trebuchet.converters.zsg.grammar import Names, read_zsg
from trebuchet.variants.betza import parse_betza
from trebuchet.variants.errors import TrebuchetError
from trebuchet.variants.registry import get_variant, variant_names

FUZZ = settings(
    derandomize=True,
    database=None,
    max_examples=200,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

EXAMPLES = ROOT / "examples"
HOSTILE = ["9" * 5000, "$" + "9" * 5000, "(" * 400, ")" * 400, "[" * 400, "{" * 400,
           "\x00", "\u2028", "\r", "\n", "\ufeff", "é", '"', "\\", "-" * 300]


def samples(pattern: str) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob(pattern))]


def soup(fragments: list[str], max_size: int = 60) -> st.SearchStrategy[str]:
    """Fragments of a format, hostile ones among them, joined by spaces or lines."""
    pieces = st.sampled_from(fragments + HOSTILE)
    glue = st.sampled_from([" ", "\n", "", "  ", "\r\n"])
    return st.lists(st.tuples(pieces, glue), max_size=max_size).map(
        lambda items: "".join(p + g for p, g in items)
    )


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> str:
    """A real file with a few edits: spans deleted, repeated, or replaced by hostile text."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        start = draw(st.integers(0, len(text) - 1))
        end = draw(st.integers(start, min(len(text), start + 80)))
        edit = draw(st.sampled_from(["delete", "repeat", "insert"]))
        if edit == "delete":
            text = text[:start] + text[end:]
        elif edit == "repeat":
            text = text[:end] + text[start:end] * draw(st.integers(2, 50)) + text[end:]
        else:
            text = text[:start] + draw(st.sampled_from(HOSTILE)) + text[start:]
    return text


def inputs(fragments: list[str], texts: list[str]) -> st.SearchStrategy[str]:
    strategies = [st.text(max_size=300), soup(fragments)]
    if texts:
        strategies.append(mutated(texts))
    return st.one_of(strategies)


def refused_cleanly(exc: TrebuchetError) -> None:
    message = str(exc)
    assert message and "\n" not in message and "\r" not in message, repr(message)
    assert len(message) < 2000, "an error quotes at most a little of the input"


def guarded(call: Callable[[], object]) -> object:
    """``call()``, or None when it refuses with a proper TrebuchetError."""
    try:
        return call()
    except TrebuchetError as exc:
        refused_cleanly(exc)
        return None


def attempt(reader: str, call: Callable[[], object]) -> object:
    """:func:`guarded`; ``reader`` names what is fed (the failure's message says it)."""
    try:
        return guarded(call)
    except AssertionError as exc:
        raise AssertionError(f"{reader}: {exc}") from exc


def replayed_and_written(reader: str, items: Iterator[GameRecord | TrebuchetError]) -> None:
    """Replay every record the ``reader`` gave and write it in every format (a reader
    yields its errors, so one it raises fails the test)."""
    try:
        _replay_and_write(items)
    except AssertionError as exc:
        raise AssertionError(f"{reader}: {exc}") from exc


def _replay_and_write(items: Iterator[GameRecord | TrebuchetError]) -> None:
    for item in items:
        if not isinstance(item, GameRecord):
            refused_cleanly(item)
            continue
        if guarded(lambda record=item: replay(record)) is None:
            continue
        for fmt in FORMATS.values():
            guarded(lambda fmt=fmt, record=item: fmt.write([record], io.StringIO()))


def read_file(reader: str, text: str, suffix: str) -> None:
    """The reader of ``suffix`` on a real file holding ``text``, through read_records."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fuzz{suffix}"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            replayed_and_written(reader, read_records(str(path)))
        except TrebuchetError as exc:
            refused_cleanly(exc)


# -- FEN ------------------------------------------------------------------------------

FEN_FRAGMENTS = [*"pnbrqkPNBRQK/*()[]-", "8", "10", "12", " w ", " b ", " KQkq ", " - ",
                 " 0 1", "e3", "a4a5", "1000001", "00000000000000000001"]
START_FENS = [get_variant(name).start_fen for name in variant_names()]


@pytest.mark.parametrize("name", variant_names())
@FUZZ
@given(text=inputs(FEN_FRAGMENTS, START_FENS))
def test_fen(name: str, text: str) -> None:
    variant = get_variant(name)
    if attempt("FEN", lambda: variant.position(text)) is not None:
        assert guarded(lambda: variant.position(variant.position(text).fen())) is not None


# -- game records ---------------------------------------------------------------------

PGN_FRAGMENTS = ['[Event "x"]', '[Variant "shatranj-of-troy"]',
                 '[FEN "8/8/8/4k3/8/8/8/4K3 w - - 0 1"]', '[White "a\\"b"]', "1.", "1...",
                 "e4", "e5", "Nf3", "O-O", "exd5", "e8=Q",
                 "N@e4", "--", "(", ")", "{c}", "{", "}", "$1", "$256", "!?", ";x", "%x",
                 "1-0", "*", "1/2-1/2", "Ram-H1+", "K-D2", "C9-C1#"]


@FUZZ
@given(text=inputs(PGN_FRAGMENTS, samples("*/*.pgn")))
def test_pgn(text: str) -> None:
    replayed_and_written("PGN", pgn.read_games(io.StringIO(text), "fuzz.pgn"))


COURIER_FRAGMENTS = ["// Variant: chess", "// Variant: catapults-of-troy",
                     "// FEN: 8/8/8/8/8/8/8/8", "// Result: 1-0", "1. P e2-e4", "1... p e7-e5",
                     "2. N g1-f3", "P e7-e8; Q-e8",
                     "@*e4", "N*e4", "e4-", "capture e4", "terrain d6 on", "pass", "= e2e4",
                     "// comment", "1.", "T(FWECNR) e2-d4"]


@FUZZ
@given(text=inputs(COURIER_FRAGMENTS, samples("*/*.gc")))
def test_game_courier(text: str) -> None:
    replayed_and_written("Game Courier", courier.read_games(text.splitlines(), "fuzz.gc"))


MOVES_FRAGMENTS = ["# Variant: chess", "# Variant: titan-chess", "# FEN: 8/8/8/8/8/8/8/8 w - - 0 1",
                   "# White: x", "# comment", "e2e4", "e7e5", "P@d7", "e2d4,C@e2", "1.", "[h5h1]",
                   "0000", "e7e8q"]


@FUZZ
@given(text=inputs(MOVES_FRAGMENTS, samples("*/*.txt")))
def test_move_lists(text: str) -> None:
    replayed_and_written("move lists", text_files.read_moves(text.splitlines(), "fuzz.txt"))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["format", "version", "games", "tags", "moves", "move", "nags",
                         "variations", "comments", "before", "variant", "start_fen", "x"]),
        inner, max_size=5),
    max_leaves=30,
)
JSON_FRAGMENTS = ['{"format": "trebuchet-games", "games": [', "]}", "{", "}", "[", "]", ",", ":",
                  '"moves"', '"move"', '"e2e4"', '"nags"', '"variations"', '"tags"', '"White"',
                  "1", "-1", "1e999", "null", "true", '"\\n"', '"\\u0000"']


@FUZZ
@given(text=st.one_of(
    inputs(JSON_FRAGMENTS, samples("*/*.json")),
    JSON_VALUES.map(lambda v: json_format.json.dumps(
        {"format": "trebuchet-games", "version": 1, "games": [v]})),
))
def test_json(text: str) -> None:
    read_file("JSON", text, ".json")


ZSG_HEAD = "Zillions Save Game File Version 0.02 HH\nRulesFile=chess.zrf\nVariantName=Chess\n"
ZSG_FRAGMENTS = [ZSG_HEAD, "1. Pawn e2 - e4", "1. Pawn e7 - e5", "2. Knight g1 - f3",
                 "(White King e1)", "(x e1)", "1. Pass", "3. partial 2 Pawn e4 x d5", "= Queen",
                 "@ e4 1 2", "flip e4",
                 "White Pawn e4", "x e5", "VariantName=Titan Chess"]


@FUZZ
@given(text=inputs(ZSG_FRAGMENTS, []).map(lambda t: ZSG_HEAD + t) | st.text(max_size=200))
def test_zillions_saved_games(text: str) -> None:
    read_file("ZSG", text, ".zsg")
    names = Names(frozenset({"Pawn", "Knight"}), frozenset({"White"}), frozenset({"e2", "e4"}))
    guarded(lambda: read_zsg(text, "fuzz.zsg", names))


# -- Zillions rules files -------------------------------------------------------------

ZRF_FRAGMENTS = ["(", ")", "(game", "(variant", '(title "t")', "(players White Black)",
                 "(define m", "(define m ($1 $1))", "(m", "(m (m (m x)))", "$1", "$1$1", '"$1$1"',
                 "$2", "$99999999999", '(include "x.zrf")', '(include "../x")',
                 '(include "/etc/passwd")', "(board", "(grid", "(start-rectangle 0 0 10 10)",
                 '(dimensions ("a/b/c" (10 0)) ("1/2" (0 10)))',
                 "(directions (n 0 -1) (e 1 0))", "(positions (a1 0 0 1 1))", "(links n (a1 b1))",
                 "(kill-positions a1)", "(zone (name z) (players White) (positions a1))",
                 '(piece (name Pawn) (help "h") (moves (n add)))',
                 "(board-setup (White (Pawn a1 off 3)))",
                 "(win-condition (White) (checkmated King))", "(option \"x\" true)", "; comment",
                 '"unterminated', "999999999999", "-1"]
CORPUS = [p.read_text(encoding="latin-1") for p in sorted(
    (ROOT.parent / "shared" / "data" / "zillions" / "corpus").rglob("*.zrf"), key=str)[:12]]
CORPUS += [(ROOT / "tests" / "fixtures" / "zillions" / "features.zrf").read_text()]


def _source(folder: str) -> str:
    return str(Path(folder) / "fuzz.zrf")


@FUZZ
@given(text=inputs(ZRF_FRAGMENTS, CORPUS))
def test_zrf_lexer(text: str) -> None:
    attempt("ZRF lexer", lambda: sum(1 for _ in tokens(text, "fuzz.zrf")))


@FUZZ
@given(text=inputs(ZRF_FRAGMENTS, CORPUS))
def test_zrf_expander(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "x.zrf").write_text("(define x y)")
        attempt("ZRF expander", lambda: preprocess(text, _source(folder)))


@FUZZ
@given(text=inputs(ZRF_FRAGMENTS, CORPUS))
def test_zrf_model_and_views(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        try:
            model = parse_zrf(text, _source(folder))
        except TrebuchetError as exc:
            refused_cleanly(exc)
            return
    guarded(lambda: info_text(model))
    for game in model.games[:3]:
        guarded(lambda game=game: board_text(game))
        guarded(lambda game=game: variant_from_zrf(game).start_position().fen())


# -- Betza ----------------------------------------------------------------------------

BETZA_FRAGMENTS = [*"WFDNAHCLZJGKBRQ", *"fbvrlshmcepgni", "2", "7", "99", "100", "99999", "0"]


@FUZZ
@given(text=st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(BETZA_FRAGMENTS), max_size=30).map("".join),
))
def test_betza_and_its_mobility(text: str) -> None:
    if attempt("Betza", lambda: parse_betza(text)) is None or not text:
        return
    variant = betza_variant({"X": text}, 8, 8)
    rows = report(variant, piece_forms(variant), terrain="start", density=0.3, samples=1)
    assert rows and rows[0].empty.squares
