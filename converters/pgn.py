"""PGN for chess and its variants: a streaming reader and a writer.

The tokenizer is our own, because PGN for variants goes beyond the 1994
standard's symbol characters: files beyond ``h``, two-digit ranks (``l12``),
drops with ``@`` and ``*`` (``N@e4``, ``N*e4``), gating ``/``, and the Troy
notations' ``^`` and quotes.  A move token is any run of those characters; what
it means is decided by the variant's notation during replay, never here.

Reading follows python-chess's ``read_game`` (docs/pgn.md says where it does
not, and why), so a file reads as the same games with the same tags, moves,
comments, NAGs, variations and results:

* A game is a tag section and its movetext.  The movetext ends at a blank line
  (outside comments), at a tag pair, or at the end of the file; one blank line
  may stand between tag pairs, two end a game that has no moves.
* Comments keep their text byte for byte: from ``{`` to ``}``, less one space
  after the ``{`` and one before the ``}`` (how PGN writers pad them), line
  breaks kept; a ``;`` comment is the rest of its line, kept as a
  :class:`~trebuchet.converters.record.LineComment` and written back with ``;``.
  Comments before the first move are the game's (``GameRecord.comments``).
* A syntax error does not end the reading: it is recorded on its game
  (:attr:`GameRecord.errors`, like python-chess's ``Game.errors``), the token is
  passed over, and reading goes on, in that game and then the next.
  :func:`~trebuchet.converters.replay.replay` refuses a game with errors, so
  ``trebuchet check`` reports the first, in one line; slips whose meaning is
  plain (a stray ``)``, a ``(`` before any move: python-chess passes over them
  without a word) are :class:`~trebuchet.converters.record.PassedOver` and only
  warned of.

Recognised: tag pairs (``Variant``, ``FEN``, ``SetUp`` and any others, kept in
order), ``{}`` and ``;`` comments, ``%`` escape lines, NAGs (``$1``) and the
suffix glyphs ``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!`` (and ``‼ ⁇ ⁉ ⁈ □``, turned
into NAGs 1-7), nested variations, move numbers (checked only for shape),
results, figurines (``♘f3``) and the en passant mark ``e.p.``.

>>> import io
>>> (game,) = read_games(io.StringIO("1. e4 {  padded } e5 (1... c5) *"))
>>> game.moves[0].comments, game.moves[1].variations[0][0].text, game.errors
([' padded'], 'c5', [])
>>> a, b = read_games(io.StringIO("1. e4 ) e5\\n\\n1. d4"), "x.pgn")
>>> [n.text for n in a.moves], [str(e) for e in a.errors], [n.text for n in b.moves]
(['e4', 'e5'], ["x.pgn:1:7: ')' without a matching '(', read as if not there"], ['d4'])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from enum import Enum
from typing import IO

from trebuchet.converters.inputs import file_lines
from trebuchet.converters.record import (
    LINE_BREAKS,
    MAX_NAG,
    MAX_VARIATION_DEPTH,
    ROSTER,
    Frame,
    GameRecord,
    LineComment,
    MoveNode,
    PassedOver,
    Progress,
    RecordError,
    shown,
    too_deep,
    variant_tag,
    writable_tags,
)
from trebuchet.converters.replay import start_position
from trebuchet.variants.move import Move
from trebuchet.variants.notation import Notation
from trebuchet.variants.position import Position
from trebuchet.variants.san import SanNotation
from trebuchet.variants.variant import Variant

GLYPH_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6,
              "‼": 3, "⁇": 4, "⁉": 5, "⁈": 6, "□": 7}

#: Errors kept per game; a game of garbage would otherwise hold one per word.
MAX_ERRORS = 20
#: The longest comment kept, in characters.  The longest of the shared PGN data and
#: the examples is 73; lines are at most :data:`~trebuchet.converters.inputs.MAX_LINE`.
MAX_COMMENT = 1_000_000

_NAME = r"[A-Za-z0-9_][A-Za-z0-9_+\#=:\-]*"
_TOKEN = re.compile(
    rf"""
    \s*(?:
    (?P<end>$)
    |(?P<tag>\[\s*(?P<name>{_NAME})\s*"(?P<value>(?:[^"\\]|\\.)*)"\s*\])
    |(?P<loose_tag>\[(?P<loose_name>{_NAME})\s+"(?P<loose_value>[^\r]*)"\]\s*$)
    |(?P<bad_tag>\[.*)
    |(?P<brace>\{{)
    |(?P<semi>;.*)
    |(?P<open>\()
    |(?P<close>\))
    |(?P<nag>\$\d+)
    |(?P<result>(?:1-0|0-1|1/2-1/2|½-½|\*)(?![\w@*/^'~\-=+\#]))
    |(?P<number>\d+\s*\.+)
    |(?P<null>--)
    |(?P<symbol>[\w@♔-♟][\w@♔-♟*/^'‘’~\-=+\#:.,]*+(?P<glyph>[!?]{{1,2}}|[‼⁇⁉⁈□])?)
    |(?P<bare_glyph>[!?]{{1,2}}|[‼⁇⁉⁈□])
    |(?P<bad>.)
    )""",
    re.VERBOSE,
)
#: What may follow a symbol (a move) besides white space and the end of the line;
#: anything else is an unexpected character.  The check is made after the match, not
#: by a lookahead in it: a lookahead that failed made every later start inside a long
#: run match it again (quadratic time).
_AFTER_SYMBOL = frozenset("(){};$[")
#: Tokens after which a move number is a token again (:attr:`_Lexer.numbered`)
_ENDS_MOVES = frozenset({"tag", "loose_tag", "bad_tag", "result"})
#: Where a run of unreadable text ends: at white space or the next structural character.
_RUN_END = re.compile(r"[\s(){};\[]")
#: A line that opens a tag section: a comment that reaches one after a blank line
#: was never closed (the blank line ended its game).
_TAG_LINE = re.compile(rf'\s*\[\s*{_NAME}\s+"')
#: A whole tag pair on one line with a space before its value, as bytes: a line that
#: is both a tag token and a :data:`_TAG_LINE`, so one where reading starts a game
#: afresh whatever came before (the lines :mod:`.pieces` may cut a file at).
TAG_PAIR_LINE = re.compile(rb'\s*\[\s*' + _NAME.encode() + rb'\s+"(?:[^"\\]|\\.)*"\s*\]')


Token = tuple[str, str, int, int, str]
"""One token: its kind, text, line, column and value (a tag's value, the character an
unreadable run (``bad``) stumbled on, ``semi`` for a ``;`` comment, else "").

A tuple of the built-in type, not a NamedTuple: a big file has millions of tokens, and
making a NamedTuple goes through a ``__new__`` written in Python, some eight times the
cost (docs/speed.md, "Reading PGN faster"); its readers take it apart
(``kind, text, line, column, value = token``)."""


class _Lexer:
    """Tokens of a PGN stream, with line and column, pulled a line at a time.

    Besides the tokens of the standard it gives ``blank`` for a blank line (games
    end there) and ``error`` for what cannot be read, so the reader can record it
    on its game and go on.
    """

    def __init__(
        self, lines: Iterable[str], source: str, first_line: int = 1, *, plain: bool = True
    ) -> None:
        self.lines = iter(lines)
        #: whether the plain words starting a line are read without the scan
        #: (:meth:`_plain_words`); the tests turn it off to compare the two
        self.plain = plain
        self.source = source
        self.line_no = first_line - 1
        self.held: str | None = None
        #: whether a move number is still a token: until a game's first move and
        #: after its result it is (it starts a game, ends in an error); between two
        #: moves it says nothing the moves do not, and is passed over, as
        #: python-chess does
        self.numbered = True

    def _read(self) -> str | None:
        """The next line, or None at the end of the input."""
        text = self.held if self.held is not None else next(self.lines, None)
        self.held = None
        if text is None:
            return None
        self.line_no += 1
        return text.lstrip("\ufeff") if self.line_no == 1 else text

    def _give_back(self, text: str) -> None:
        """Read ``text`` again next: a comment that ran into a tag section gives it back."""
        self.held = text
        self.line_no -= 1

    def tokens(self) -> Iterator[Token]:
        """The tokens one by one (the tests compare readings by them)."""
        for batch in self.lines_tokens():
            for token in batch:  # noqa: UP028 (docs/speed.md)
                yield token

    def lines_tokens(self) -> Iterator[list[Token]]:
        """The tokens a line at a time (with the lines a comment runs on into).

        A list per line, not a generator of tokens: a generator handing each token
        on through two frames cost more than making it (docs/speed.md, "Reading PGN
        faster").  A read that fails inside a comment is raised after the tokens
        before the comment, so the game they belong to keeps them, as when the
        tokens were handed on one by one.
        """
        while (raw := self._read()) is not None:
            text = raw.rstrip("\r\n")
            if text.startswith("%"):
                continue
            if not text.strip():
                self.numbered = True
                yield [("blank", "", self.line_no, 1, "")]
                continue
            found: list[Token] = []
            failure = self._line_tokens(text, found)
            yield found
            if failure is not None:
                raise failure

    def _line_tokens(self, text: str, found: list[Token]) -> RecordError | None:
        """Append the tokens of one line (and of the lines a comment runs on into) to
        ``found``; the error that stopped the reading of the input inside a comment,
        if one did.

        The plain words (:meth:`_plain_words`) are taken first, and again after each
        comment in the last :data:`_RESUME_SPAN` characters of the line; the general
        scan (:meth:`_scan`) reads from the first other word until it meets a
        comment or an unreadable run, which end elsewhere than the token's match.
        """
        line = self.line_no
        start = 0
        while True:
            if self.plain and (start == 0 or len(text) - start <= _RESUME_SPAN):
                start = self._plain_words(text, start, line, found)
                if start >= len(text):
                    return None
            start = self._scan(text, start, line, found)
            if start < 0:
                return None
            if text.startswith("{", start):
                try:
                    text, start = self._comment(text, start + 1, line, start + 1, found)
                except RecordError as failure:
                    return failure
                line = self.line_no

    def _scan(self, text: str, start: int, line: int, found: list[Token]) -> int:
        """Append the tokens of ``text`` from ``start`` by the general scan, and return
        where reading goes on: -1 at the end of the line, else the index of a ``{``
        or of the end of an unreadable run (a token's match ends elsewhere)."""
        for m in _TOKEN.finditer(text, start):
            kind = m.lastgroup or "bad"
            if kind == "symbol":
                end = m.end()
                if end < len(text) and not _ends_symbol(text[end]):
                    bad, stop = _bad_run(text, m.start(kind), end, line)
                    found.append(bad)
                    return stop
                self.numbered = False
                glyph = m["glyph"]
                if glyph:
                    found.append(("symbol", m[kind][: -len(glyph)], line, m.start(kind) + 1, ""))
                    found.append(("glyph", glyph, line, m.start("glyph") + 1, ""))
                else:
                    found.append(("symbol", m[kind], line, m.start(kind) + 1, ""))
            elif kind == "number":
                if self.numbered:
                    found.append(("number", m[kind], line, m.start(kind) + 1, ""))
            elif kind == "end":
                return -1
            elif kind == "brace":
                return m.start(kind)
            elif kind == "bad":
                bad, stop = _bad_run(text, m.start(kind), m.start(kind), line)
                found.append(bad)
                return stop
            else:
                if kind in _ENDS_MOVES:
                    self.numbered = True
                found.append(self._other_token(m, kind, line))
        return -1

    def _plain_words(
        self, text: str, start: int, line: int, found: list[Token], end: int = -1
    ) -> int:
        """Append the tokens of the plain words of ``text`` from ``start`` (to ``end``,
        when given): moves of letters, digits and ``=+#-``, move numbers such as
        ``12.``, NAGs such as ``$1``, parentheses before and after them, one space
        apart.  Return the index where the first other word starts; the general
        scan goes on from there.

        Most lines of movetext are all such words; splitting at spaces and testing
        each word's characters is cheaper than the scan's one expression of every
        kind of token, and gives the same tokens: no other kind of token starts with
        a letter, a move number ends at its dots, a NAG at its digits, and a
        parenthesis is a token of its own wherever it stands.  A word of any other
        character (a tab, a glyph, a brace, a digit that is not a move number's) is
        left to the scan.  The tests hold the two to the same tokens.
        """
        index = start
        for word in (text[start:] if end < 0 else text[start:end]).split(" "):
            if word:
                first = word[0]
                if first in _LETTERS and not word.strip(_MOVE_CHARS):
                    self.numbered = False
                    found.append(("symbol", word, line, index + 1, ""))
                elif first in _DIGITS and word[-1] == "." and word.rstrip(".").isdigit() and (
                    word.isascii()  # a move number is ASCII digits and dots
                ):
                    if self.numbered:
                        found.append(("number", word, line, index + 1, ""))
                elif first == "$" and word.isascii() and word[1:].isdigit():
                    found.append(("nag", word, line, index + 1, ""))
                elif (first != "(" and word[-1] != ")") or not self._parenthesised(
                    text, index, index + len(word), line, found
                ):
                    return index
            index += len(word) + 1
        return len(text) if end < 0 else end

    def _parenthesised(
        self, text: str, start: int, end: int, line: int, found: list[Token]
    ) -> bool:
        """Append the tokens of the word ``text[start:end]``, which starts with ``(`` or
        ends with ``)``, if it is a plain word in parentheses (``(12...``, ``Nf3))``,
        ``(``) and return True; False, and nothing appended, if it is not."""
        word = text[start:end]
        opens = len(word) - len(word.lstrip("("))
        closes = min(len(word) - len(word.rstrip(")")), len(word) - opens)
        taken = len(found)
        for column in range(start + 1, start + opens + 1):
            found.append(("open", "(", line, column, ""))
        inner_start, inner_end = start + opens, end - closes
        if inner_start < inner_end and (
            self._plain_words(text, inner_start, line, found, inner_end) != inner_end
        ):
            del found[taken:]
            return False
        for column in range(inner_end + 1, end + 1):
            found.append(("close", ")", line, column, ""))
        return True

    @staticmethod
    def _other_token(m: re.Match[str], kind: str, line: int) -> Token:
        """A token that is neither a move, a move number, a comment nor unreadable."""
        column = m.start(kind) + 1
        if kind == "semi":
            return ("comment", m[kind][1:], line, column, "semi")
        if kind == "tag":
            return ("tag", m["name"], line, column, _unescape(m["value"]))
        if kind == "loose_tag":
            return ("tag", m["loose_name"], line, column, m["loose_value"])
        return (kind, m[kind], line, column, "")

    def _comment(
        self, text: str, start: int, line: int, column: int, found: list[Token]
    ) -> tuple[str, int]:
        """Append the tokens of a ``{}`` comment that may span lines (the comment, and
        an error if it is not closed); the line it ended on and the index past it.

        As python-chess reads it: one space after ``{`` and one before ``}`` are
        padding, everything else (line breaks too) is the text.
        """
        if text.startswith(" ", start):
            start += 1
        parts: list[str] = []
        size = 0
        after_blank = False
        while (end := text.find("}", start)) < 0:
            size += len(text) - start + 1
            if size <= MAX_COMMENT:
                parts.append(text[start:] + "\n")
            nxt = self._read()
            if nxt is None:
                found.extend(self._unclosed(parts, size, line, column, ""))
                return "", 0
            blank = not nxt.strip()
            if after_blank and _TAG_LINE.match(nxt):
                self._give_back(nxt)
                where = f" before the tag pair at line {self.line_no + 1}"
                kept = "".join(parts).rstrip("\r\n")
                found.extend(self._unclosed([kept], size, line, column, where))
                return "", 0
            after_blank = blank
            text, start = nxt.rstrip("\r\n"), 0
        cut = end - 1 if end > start and text[end - 1] == " " else end
        size += cut - start
        parts.append(text[start:cut])
        if size > MAX_COMMENT:
            found.append(self._too_long(line, column))
        elif comment := "".join(parts):
            found.append(("comment", comment, line, column, ""))
        return text, end + 1

    def _unclosed(
        self, parts: list[str], size: int, line: int, column: int, where: str
    ) -> list[Token]:
        """An unclosed comment: its text as read (when not too long) and the error."""
        if size > MAX_COMMENT:
            return [self._too_long(line, column)]
        error = ("error", f"unterminated comment: '{{' without '}}'{where}", line, column, "")
        comment = "".join(parts)
        return [("comment", comment, line, column, ""), error] if comment else [error]

    @staticmethod
    def _too_long(line: int, column: int) -> Token:
        return ("error", f"comment longer than {MAX_COMMENT} characters", line, column, "")


#: How near its end a line must be for the plain words to be read again after a
#: comment or an unreadable run (the scan reads on otherwise): they split the rest of
#: the line at its spaces, and splitting it after each of many comments would take time
#: quadratic in the line's length (one line may be a megabyte).  PGN's lines are 80
#: characters; the longest of the shared data, 5,856.
_RESUME_SPAN = 1024
#: what the plain words of a line (:meth:`_Lexer._plain_words`) are made of
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_DIGITS = "0123456789"
_MOVE_CHARS = _LETTERS + _DIGITS + "=+#-"


def _ends_symbol(char: str) -> bool:
    """Whether ``char`` may follow a symbol: white space or a structural character."""
    return char.isspace() or char in _AFTER_SYMBOL


def _bad_run(text: str, start: int, at: int, line: int) -> tuple[Token, int]:
    """The unreadable run of ``text`` from ``start`` that stumbled on the character at
    ``at`` (its column and value), and the index where the run ends."""
    stop = _run_end(text, at + 1)
    return ("bad", text[start:stop], line, at + 1, text[at]), stop


def _run_end(text: str, start: int) -> int:
    """Where the run of unreadable text going on at ``start`` ends."""
    stop = _RUN_END.search(text, start)
    return stop.start() if stop else len(text)


def _nag(text: str) -> int:
    """The number of ``$N``; one past :data:`MAX_NAG` for more digits than a NAG has
    (int() refuses 4300 digits and more)."""
    digits = text[1:].lstrip("0") or "0"
    return int(digits) if len(digits) <= 3 else MAX_NAG + 1


def _unescape(value: str) -> str:
    """A tag value with its escapes (``\\"``, ``\\\\``) undone; most values have none,
    and are given back without the substitution's cost."""
    return re.sub(r"\\(.)", r"\1", value) if "\\" in value else value


class _Phase(Enum):
    """Where a game's text has got to."""

    TAGS = "tags"
    MOVES = "moves"
    ENDED = "ended"
    """after the result: comments and NAGs may follow, moves may not"""


#: Tokens that may follow a game's result (python-chess gives them to its last move).
_AFTER_RESULT = frozenset({"comment", "nag", "glyph", "bare_glyph"})


class _GameBuilder:
    """Turns the tokens of one game into a GameRecord; a syntax error is recorded on
    the record (``errors``) and the token passed over, so reading goes on."""

    def __init__(self, source: str, line: int, comments: list[str]) -> None:
        self.source = source
        self.record = GameRecord(source=source, line=line)
        self.lines: list[list[MoveNode]] = [self.record.moves]
        self.opened: list[Token] = []
        self.record.comments.extend(comments)
        self.pending: list[str] = []
        self.phase = _Phase.TAGS
        self.blanks = 0
        self.stray_opens = 0
        self.skipped_depth = 0
        self.last_move: MoveNode | None = None
        self.after_result_told = False
        self.untold = 0

    def fail(self, message: str, token: Token, *, plain: bool = False) -> None:
        """Record an error at ``token``; ``plain`` when its meaning is plain all the
        same (a :class:`PassedOver` slip, which replay only warns of)."""
        _, _, line, column, _ = token
        error = (PassedOver if plain else RecordError)(
            message, source=self.source, line=line, column=column
        )
        self._keep(error)

    def _keep(self, error: RecordError) -> None:
        """Record ``error``: the first :data:`MAX_ERRORS` of a game are kept, the rest
        only counted."""
        if len(self.record.errors) < MAX_ERRORS:
            self.record.errors.append(error)
        else:
            self.untold += 1

    def take(self, batch: list[Token], start: int) -> tuple[int, bool]:
        """Take the tokens of ``batch`` from ``start`` on, up to the end of the game if
        it ends there; the index of the first token not taken, and whether the game
        has ended (at a blank line, :meth:`add`, or before a tag pair after its
        movetext, the next game's first token).

        A line's tokens in one call, and a move of the movetext, most tokens, taken
        here as :meth:`_movetext` would: a call per token less (docs/speed.md).
        """
        for index in range(start, len(batch)):
            token = batch[index]
            kind, text, line, column, _ = token
            if kind == "symbol" and self.phase is _Phase.MOVES and not self.skipped_depth:
                if text != "e.p.":
                    self._move(text, line, column)
                    continue
            elif kind == "tag" and self.phase is not _Phase.TAGS:
                return index, True
            if self.add(token):
                return index + 1, True
        return len(batch), False

    def add(self, token: Token) -> bool:
        """Take one token; True when it ends the game (a blank line after the movetext
        has begun, or a second one after the tags)."""
        kind, text, _, _, value = token
        if kind == "blank":
            self.blanks += 1
            return self.phase is not _Phase.TAGS or self.blanks > 1
        if kind == "error":
            self.fail(text, token)
        elif kind == "bad_tag":
            self.blanks = 0
            self.fail('malformed tag pair: expected [Name "value"]', token)
        elif kind == "tag":
            self.blanks = 0
            self.record.tags[text] = value
        elif kind == "comment" and value == "semi" and self.phase is _Phase.TAGS:
            self.record.comments.append(LineComment(text))
        else:
            self._movetext(token)
        return False

    def _movetext(self, token: Token) -> None:
        """Take a token of the movetext; the first one ends the tag section."""
        kind, text, line, column, value = token
        if self.phase is _Phase.TAGS:
            self.phase = _Phase.MOVES
        if self.skipped_depth:
            self._skip(kind)
            return
        if self.phase is _Phase.ENDED and kind not in _AFTER_RESULT:
            if not self.after_result_told:
                self.after_result_told = True
                self.fail(f"{shown(text)} after the result {self.record.result}", token)
            return
        last, self.last_move = self.last_move, None
        if kind == "symbol" and text == "e.p." and last is not None:
            last.text += " e.p."  # SAN reading passes over the mark
        elif kind in ("symbol", "null"):
            self._move(text, line, column)
        elif kind == "comment":
            self._comment(LineComment(text) if value == "semi" else text)
        elif kind in ("nag", "glyph", "bare_glyph"):
            self._annotation(token)
        elif kind == "open":
            self._open(token)
        elif kind == "close":
            self._close(token)
        elif kind == "result":
            self._result(token)
        elif kind == "bad":
            within = "" if text == value else f" in {shown(text)}"
            self.fail(f"unexpected character {shown(value)}{within}", token)

    def _move(self, text: str, line: int, column: int) -> None:
        # arguments by position: by keyword the call costs a third more (docs/speed.md)
        node = MoveNode(text, line, column, None, self.pending)
        self.pending = []
        self.lines[-1].append(node)
        self.last_move = node

    def _comment(self, text: str) -> None:
        """After a move, a comment is the move's; before the first move of the game it
        is the game's (python-chess's ``Game.comment``); at the start of a variation
        it is kept for the move that comes next."""
        if not text:
            return
        line = self.lines[-1]
        if len(self.lines) == 1 and not line:
            self.record.comments.append(text)
        elif line and not self.pending:
            line[-1].comments.append(text)
        else:
            self.pending.append(text)

    def _annotation(self, token: Token) -> None:
        kind, text, _, _, _ = token
        line = self.lines[-1]
        nag = _nag(text) if kind == "nag" else GLYPH_NAGS[text]
        if not line:
            self.fail(f"annotation {shown(text)} before any move, dropped", token, plain=True)
        elif nag > MAX_NAG:
            self.fail(f"NAG {shown(text)} is more than ${MAX_NAG}", token)
        else:
            line[-1].nags.append(nag)

    def _open(self, token: Token) -> None:
        line = self.lines[-1]
        if not line:
            self.stray_opens += 1
            self.fail("variation '(' before any move: no move for it to replace, read as "
                      "if not there", token, plain=True)
        elif len(self.lines) > MAX_VARIATION_DEPTH:
            _, _, line_no, column, _ = token
            self._keep(too_deep(self.source, line_no, column))
            self.skipped_depth = 1
        else:
            variation: list[MoveNode] = []
            line[-1].variations.append(variation)
            self.lines.append(variation)
            self.opened.append(token)

    def _close(self, token: Token) -> None:
        if len(self.lines) == 1:
            if self.stray_opens:
                self.stray_opens -= 1  # its '(' was reported
            else:
                self.fail("')' without a matching '(', read as if not there", token,
                          plain=True)
            return
        variation = self.lines.pop()
        self.opened.pop()
        if not variation:
            self.fail("empty variation", token)
            self.lines[-1][-1].variations.pop()
        self._flush_pending()

    def _skip(self, kind: str) -> None:
        """Inside a variation nested too deep: only its parentheses are counted."""
        if kind == "open":
            self.skipped_depth += 1
        elif kind == "close":
            self.skipped_depth -= 1

    def _result(self, token: Token) -> None:
        text = token[1]
        if len(self.lines) > 1:
            self.fail(f"result {shown(text)} inside a variation", token)
            return
        self.record.result = "1/2-1/2" if text == "½-½" else text
        self.phase = _Phase.ENDED

    def _flush_pending(self) -> None:
        """Comments left over at the end of a line belong to the last move before them."""
        if self.pending:
            line = next((line for line in reversed(self.lines) if line), None)
            target = line[-1].comments if line else self.record.final_comments
            target.extend(self.pending)
            self.pending = []

    def finish(self) -> GameRecord:
        if self.opened:
            self.fail("unterminated variation: '(' without ')', the game ends inside a "
                      "variation", self.opened[0])
        self._flush_pending()
        if self.untold:
            self.record.errors.append(RecordError(
                f"{self.untold} more errors in this game are not listed",
                source=self.source, line=self.record.line,
            ))
        return self.record


def read_games(
    stream: IO[str] | Iterable[str], source: str = "", first_line: int = 1
) -> Iterator[GameRecord | RecordError]:
    """Yield each game of a PGN stream, its syntax errors recorded on it (``errors``);
    ``first_line`` is the number of the stream's first line in its file (a piece of a
    big file read on its own, :mod:`trebuchet.converters.pieces`).

    A RecordError is yielded only for input that cannot be read on (a line over
    the length limit, a read that fails); it ends the stream, after the game it
    interrupted (which gets the error too).  Comments before a game's first tag
    pair or move (``;`` lines) are its own; at the end of the input, with no game
    to hold them, they are dropped.
    """
    lexer = _Lexer(stream, source, first_line)
    game: _GameBuilder | None = None
    carried: list[str] = []
    batches = lexer.lines_tokens()
    while True:
        try:
            batch = next(batches, None)
        except RecordError as exc:
            if game is not None:
                game.record.errors.append(exc)
                yield game.finish()
            yield exc
            return
        if batch is None:
            break
        index = 0
        while index < len(batch):
            if game is None:
                kind, text, line, _, value = batch[index]
                if kind == "blank":
                    index += 1
                    continue
                if kind == "comment" and value == "semi":
                    carried.append(LineComment(text))
                    index += 1
                    continue
                game, carried = _GameBuilder(source, line, carried), []
            index, ended = game.take(batch, index)
            if ended:
                yield game.finish()
                game = None
    if game is not None:
        yield game.finish()


def read_file(path: str, progress: Progress | None = None) -> Iterator[GameRecord | RecordError]:
    """The games of the PGN file at ``path`` (UTF-8, falling back to Latin-1 per line).

    ``progress`` is called with the byte count of each line read, for a progress bar.
    Lines are read at most :data:`~trebuchet.converters.inputs.MAX_LINE` bytes at a
    time, so memory stays small whatever the file holds.
    """
    # loops, not ``yield from`` or a generator expression: the compiled build
    # mishandles closing such a generator from outside (docs/speed.md)
    for item in read_games(decoded(file_lines(path, progress)), path):  # noqa: UP028
        yield item


def decoded(lines: Iterable[bytes]) -> Iterator[str]:
    """Each of ``lines`` decoded (UTF-8, falling back to Latin-1)."""
    for line in lines:
        yield _decode(line)


def sniff(head: str) -> bool:
    """Whether a file starting with ``head`` looks like PGN (a tag pair or ``1.``)."""
    text = head.lstrip("\ufeff \t\r\n")
    return bool(re.match(r'\[\w+\s+"', text) or re.match(r"1\.\s*[A-Za-z]", text))


def _decode(line: bytes) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("latin-1")


# -- writing ------------------------------------------------------------------

def write_game(record: GameRecord) -> str:
    """PGN text of a replayed record: tags, then movetext wrapped at 80 columns."""
    pos = start_position(record)
    lines = [f'[{name} "{_escape(value)}"]' for name, value in _tags(record, pos)]
    words = [_comment(c) for c in record.comments]
    _write_line(pos, record.moves, words, pos.variant.notation)
    words.append(record.result_text)
    return "\n".join([*lines, "", *_wrap(words), ""])


def _tags(record: GameRecord, pos: Position) -> list[tuple[str, str]]:
    """The Seven Tag Roster first (``?`` where unknown), then the others in source order;
    Variant, FEN and SetUp filled in from the game itself."""
    tags = dict(writable_tags(record))
    tags["Result"] = record.result_text
    name = variant_tag(pos.variant)
    if name is not None and not tags.get("Variant"):
        tags["Variant"] = name
    if record.fen:
        tags["SetUp"] = "1"
    out = [(k, tags.pop(k, "????.??.??" if k == "Date" else "?")) for k in ROSTER]
    return out + list(tags.items())


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    """One comment as a PGN word, so that reading it gives ``text`` back byte for byte.

    A ``{}`` comment is padded with one space inside each brace, the padding every
    reader (ours, python-chess's) takes off again.  A ``;`` comment
    (:class:`LineComment`) stays one, and so does a comment holding ``}`` (which
    no ``{}`` comment can hold) when it is one line; one that is not has its ``}``
    written as ``)``.  A word starting with ``;`` ends its line (:func:`_wrap`).

    >>> _comment(" padded"), _comment(LineComment(" e5")), _comment("a } b")
    ('{  padded }', '; e5', ';a } b')
    """
    one_line = not any(c in text for c in LINE_BREAKS)
    if one_line and (isinstance(text, LineComment) or "}" in text):
        return ";" + text
    return "{ " + text.replace("}", ")") + " }"


def _write_line(
    pos: Position, nodes: list[MoveNode], words: list[str], notation: Notation
) -> None:
    """Append the words of a line of moves (and its variations) starting at ``pos``."""
    write = notation.write
    need_number = True
    pushed = 0
    for node in nodes:
        move = node.move
        if move is None:
            raise RecordError("cannot write a game that has not been replayed")
        words.extend(_comment(c) for c in node.before)
        if node.before:
            need_number = True
        if pos.turn == 0 or need_number:
            words.append(f"{pos.fullmove}{'.' if pos.turn == 0 else '...'}")
        words.append(_move_word(pos, move, write))
        words.extend(f"${n}" for n in node.nags)
        words.extend(_comment(c) for c in node.comments)
        need_number = bool(node.comments)
        for variation in node.variations:
            words.append("(")
            _write_line(pos, variation, words, notation)
            words.append(")")
            need_number = True
        pos.push(move)
        pushed += 1
    for _ in range(pushed):
        pos.pop()


_PGN_SYMBOL = re.compile(r"[\w@][\w@*/^'‘’~\-=+#:.,]*")


def _move_word(pos: Position, move: Move, write: Callable[[Position, Move], str]) -> str:
    """The move's text as one PGN token: the variant's notation when it is one
    (no spaces or parentheses), otherwise generalised SAN, which always is."""
    if move.is_null():
        return "--"
    text = write(pos, move)
    if _PGN_SYMBOL.fullmatch(text):
        return text
    game = pos.variant
    if not isinstance(game, Variant):
        # a Zillions game's notation is one PGN word always (ZrfNotation)
        raise RecordError(f"move {shown(text)} is no PGN word")
    return SanNotation(game).write(pos, move)


def _wrap(words: list[str], width: int = 80) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in words:
        joined = word if not current else (
            current + word if current.endswith("(") or word == ")" else f"{current} {word}"
        )
        if len(joined) > width and current:
            lines.append(current)
            current = word
        else:
            current = joined
        if word.startswith(";"):  # a ; comment runs to the end of its line
            lines.append(current)
            current = ""
    if current:
        lines.append(current)
    return lines


#: games one after another, a blank line between two
FRAME = Frame(between="\n")
