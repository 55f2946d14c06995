"""The PGN lexer's shortcut for plain words (``_Lexer._plain_words``: moves and move
numbers read by splitting the line at spaces) gives exactly the tokens of the
general scan, on every PGN file of the examples, the tests and ../shared, and on
random lines made of the characters where the two could part (tabs, dots after
digits, glyphs, braces, results, unicode spaces and digits, parentheses around
words, words right after a comment)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from tests.helpers import DATA, ROOT
from trebuchet.converters.inputs import file_lines
from trebuchet.converters.pgn import Token, _Lexer, decoded


def _tokens(lines: list[str], *, plain: bool) -> list[Token]:
    return list(_Lexer(lines, "x.pgn", plain=plain).tokens())


def _pgn_files() -> list[Path]:
    roots = [ROOT / "examples", ROOT / "tests", DATA / "pgn"]
    return sorted(p for root in roots if root.is_dir() for p in root.rglob("*.pgn"))


def test_every_pgn_file_lexes_alike() -> None:
    files = _pgn_files()
    assert len(files) > 30
    for path in files:
        try:
            lines = list(decoded(file_lines(str(path), None)))
        except Exception:  # a hostile file the reader refuses as a whole: not lexed
            continue
        assert _tokens(lines, plain=True) == _tokens(lines, plain=False), path


#: words whose tokens the shortcut must give as the scan does, or leave to it
_WORDS = [
    "e4", "Nf3", "exd5", "O-O", "O-O-O", "e8=Q+", "Qxf7#", "Ng1-f3", "N@e4", "e.p.",
    "1.", "12.", "12...", "1...e5", "12", ".", "...", "1-0", "0-1", "1/2-1/2", "*", "½-½",
    "--", "e4!", "e4!?", "Nf3??", "!", "$1", "$12", "{", "}", "{a", "b}", "(", ")", "(e4",
    "e4)", ";", "; c", "[", "\t", "e4\te5", "1.\te4", "\xa0", "e4\xa0", "♘f3", "l12",
    "b11b10", "-", "=", "+", "#", "0", "00", "9.", "A", "z",
    # parentheses and NAGs, which the shortcut reads too, and their near misses
    "(12...", "(Nf3", "Nf3))", "((e4", "$1)", "($3", "()", ")(", "(}", "e4)(", "(1.", "$",
    "$$1", "$1a", "$\u0663", "1\u00b2.", "(\u00b2", "{c}", "}e4", "e4{c}e5", "(;", "((",
]


def test_random_lines_lex_alike() -> None:
    rng = random.Random(28)
    for _ in range(3000):
        count = rng.randint(0, 12)
        words = [rng.choice(_WORDS) for _ in range(count)]
        line = "".join(word + rng.choice(["", " ", " ", "  ", "\t"]) for word in words)
        lead = rng.choice(["", " ", "   "])
        lines = [lead + line, "e4 e5 } 2. Nf3"]  # the second line ends an open comment
        assert _tokens(lines, plain=True) == _tokens(lines, plain=False), lines


@pytest.mark.parametrize(
    ("line", "kinds"),
    [
        ("1. e4 e5 2. Nf3", ["number", "symbol", "symbol", "symbol"]),
        ("e4 {c} e5", ["symbol", "comment", "symbol"]),
        ("12 . e4", ["number", "symbol"]),
        ("1.e4 e5", ["number", "symbol", "symbol"]),
    ],
)
def test_shortcut_lines_read_as_pgn(line: str, kinds: list[str]) -> None:
    """What the tokens are (move numbers only before a game's first move), so that
    the comparisons above compare real readings."""
    assert [kind for kind, *_ in _tokens([line], plain=True)] == kinds


def test_a_line_of_many_comments_reads_in_linear_time() -> None:
    """The plain words are read again after each comment; on a long line of many
    comments they must not split the rest of the line each time (quadratic: 50,000
    comments took over a minute).  Linear, the line reads in a fraction of a second."""
    line = "1. e4 " + "{} e5 " * 50_000 + "*"
    start = time.process_time()
    tokens = _tokens([line], plain=True)
    assert time.process_time() - start < 5
    assert len(tokens) == 2 + 50_000 + 1
