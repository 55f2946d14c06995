"""PGN for chess and its variants: a streaming reader and a writer.

The tokenizer is our own, because PGN for variants goes beyond the 1994
standard's symbol characters: files beyond ``h``, two-digit ranks (``l12``),
drops with ``@`` and ``*`` (``N@e4``, ``N*e4``), gating ``/``, and the Troy
notations' ``^`` and quotes.  A move token is any run of those characters; what
it means is decided by the variant's notation during replay, never here.

Reading is streamed: :func:`read_games` pulls lines from the file as it needs
them and yields one game at a time, so a 100 MB file never sits in memory.  A
syntax error ends the game it occurs in (it is yielded as a RecordError) and
reading resumes at the next tag section, so one broken game does not hide the
others.

Recognised: tag pairs (``Variant``, ``FEN``, ``SetUp`` and any others, kept in
order), ``{}`` and ``;`` comments, ``%`` escape lines, NAGs (``$1``) and the
suffix glyphs ``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!`` (turned into NAGs 1-6),
nested variations, move numbers (checked only for shape), results.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO, NamedTuple

from trebuchet.converters.inputs import file_lines
from trebuchet.converters.record import (
    MAX_NAG,
    MAX_VARIATION_DEPTH,
    ROSTER,
    Format,
    GameRecord,
    MoveNode,
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

GLYPH_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

_TOKEN = re.compile(
    r"""
    \s*(?:
    (?P<end>$)
    |(?P<tag>\[\s*(?P<name>[A-Za-z0-9_][A-Za-z0-9_+\#=:\-]*)\s*
        "(?P<value>(?:[^"\\]|\\.)*)"\s*\])
    |(?P<brace>\{)
    |(?P<semi>;.*)
    |(?P<open>\()
    |(?P<close>\))
    |(?P<nag>\$\d+)
    |(?P<result>(?:1-0|0-1|1/2-1/2|½-½|\*)(?![\w@*/^'~\-=+\#]))
    |(?P<number>\d+\s*\.+)
    |(?P<null>--)
    |(?P<symbol>[\w@][\w@*/^'‘’~\-=+\#:.,]*+(?P<glyph>[!?]{1,2})?)
    |(?P<bare_glyph>[!?]{1,2})
    |(?P<bad>.)
    )""",
    re.VERBOSE,
)
#: What may follow a symbol (a move); anything else is an unexpected character.  The
#: check is made after the match, not by a lookahead in it: a lookahead that failed
#: made every later start inside a long run match it again (quadratic time).
_AFTER_SYMBOL = re.compile(r"[\s(){};$\[]|$")


class Token(NamedTuple):
    """One token; a tuple because a big file has millions of them."""

    kind: str
    text: str
    line: int
    column: int
    value: str = ""


class _Lexer:
    """Tokens of a PGN stream, with line and column, pulled a line at a time."""

    def __init__(self, lines: Iterable[str], source: str) -> None:
        self.lines = iter(lines)
        self.source = source
        self.line_no = 0

    def error(self, message: str, line: int, column: int) -> RecordError:
        return RecordError(message, source=self.source, line=line, column=column)

    def tokens(self) -> Iterator[Token]:
        for text in self.lines:
            self.line_no += 1
            if self.line_no == 1:
                text = text.lstrip("\ufeff")
            if text.startswith("%"):
                continue
            for token in self._line_tokens(text.rstrip("\r\n")):  # noqa: UP028 (docs/speed.md)
                yield token

    def _line_tokens(self, text: str) -> Iterator[Token]:
        pos = 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            assert m is not None  # the last alternative matches any character
            kind = m.lastgroup or "bad"
            if kind == "end":
                return
            line, column = self.line_no, m.start(kind) + 1
            if kind == "brace":
                comment, text, pos = self._comment(text, m.end(), line, column)
                yield Token("comment", comment, line, column)
                continue
            pos = m.end()
            word = m.group(kind)
            if kind == "symbol" and not _AFTER_SYMBOL.match(text, pos):
                yield Token("bad", text[pos], line, pos + 1)
                pos += 1
                continue
            if kind == "semi":
                yield Token("comment", word[1:].strip(), line, column)
            elif kind == "tag":
                yield Token("tag", m["name"], line, column, _unescape(m["value"]))
            elif kind == "symbol" and m["glyph"]:
                glyph = m["glyph"]
                yield Token("symbol", word[: -len(glyph)], line, column)
                yield Token("glyph", glyph, line, m.start("glyph") + 1)
            else:
                yield Token(kind, word, line, column)

    def _comment(self, text: str, start: int, line: int, column: int) -> tuple[str, str, int]:
        """The text of a ``{}`` comment that may span lines; returns it, the line
        the comment ended on and the index just past the ``}``."""
        parts = []
        while True:
            end = text.find("}", start)
            if end >= 0:
                parts.append(text[start:end])
                return " ".join(p.strip() for p in parts if p.strip()), text, end + 1
            parts.append(text[start:])
            nxt = next(self.lines, None)
            if nxt is None:
                raise self.error("unterminated comment: '{' without '}'", line, column)
            self.line_no += 1
            text, start = nxt.rstrip("\r\n"), 0


def _nag(text: str) -> int:
    """The number of ``$N``; one past :data:`MAX_NAG` for more digits than a NAG has
    (int() refuses 4300 digits and more)."""
    digits = text[1:].lstrip("0") or "0"
    return int(digits) if len(digits) <= 3 else MAX_NAG + 1


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


class _GameBuilder:
    """Turns the token stream into GameRecords; a syntax error raises RecordError."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.record = GameRecord(source=source)
        self.lines: list[list[MoveNode]] = [self.record.moves]
        self.pending: list[str] = []
        self.in_moves = False
        self.empty = True

    def error(self, message: str, token: Token) -> RecordError:
        return RecordError(message, source=self.source, line=token.line, column=token.column)

    def add(self, token: Token) -> bool:
        """Take one token; True when the game is complete (a result at top level)."""
        if self.empty:
            self.record.line = token.line
            self.empty = False
        kind = token.kind
        if kind == "tag":
            if self.in_moves:
                raise self.error("tag pair inside the movetext", token)
            self.record.tags[token.text] = token.value
        elif kind == "result":
            if len(self.lines) > 1:
                raise self.error(f"result {shown(token.text)} inside a variation", token)
            self.record.result = "1/2-1/2" if token.text == "½-½" else token.text
            return True
        elif kind == "bad":
            raise self.error(self._bad(token), token)
        else:
            self.in_moves = True
            self._movetext(token)
        return False

    def _bad(self, token: Token) -> str:
        if token.text == "[":
            return "malformed tag pair: expected [Name \"value\"]"
        if token.text == "]":
            return "unexpected ']'"
        return f"unexpected character {shown(token.text)}"

    def _movetext(self, token: Token) -> None:
        kind = token.kind
        line = self.lines[-1]
        if kind in ("symbol", "null"):
            line.append(MoveNode(token.text, token.line, token.column, before=self.pending))
            self.pending = []
        elif kind == "comment":
            if line and not self.pending:
                line[-1].comments.append(token.text)
            else:
                self.pending.append(token.text)
        elif kind in ("nag", "glyph", "bare_glyph"):
            if not line:
                raise self.error(f"annotation {shown(token.text)} before any move", token)
            nag = _nag(token.text) if kind == "nag" else GLYPH_NAGS.get(token.text)
            if nag is None:
                raise self.error(f"unknown annotation {shown(token.text)}", token)
            if nag > MAX_NAG:
                raise self.error(f"NAG {shown(token.text)} is more than ${MAX_NAG}", token)
            line[-1].nags.append(nag)
        elif kind == "open":
            if not line:
                raise self.error("variation '(' before any move", token)
            if len(self.lines) > MAX_VARIATION_DEPTH:
                raise too_deep(self.source, token.line, token.column)
            variation: list[MoveNode] = []
            line[-1].variations.append(variation)
            self.lines.append(variation)
        elif kind == "close":
            if len(self.lines) == 1:
                raise self.error("')' without a matching '('", token)
            if not self.lines[-1]:
                raise self.error("empty variation", token)
            self._flush_pending()
            self.lines.pop()

    def _flush_pending(self) -> None:
        """Comments left over at the end of a line belong to its last move."""
        if self.pending:
            line = self.lines[-1]
            target = line[-1].comments if line else self.record.final_comments
            target.extend(self.pending)
            self.pending = []

    def finish(self, eof_token: Token | None) -> GameRecord:
        if len(self.lines) > 1:
            raise RecordError(
                "file ends inside a variation (missing ')')",
                source=self.source,
                line=eof_token.line if eof_token else 0,
            )
        if self.pending:
            if self.record.moves:
                self.record.moves[-1].comments.extend(self.pending)
            else:
                self.record.final_comments.extend(self.pending)
            self.pending = []
        return self.record


def read_games(
    stream: IO[str] | Iterable[str], source: str = ""
) -> Iterator[GameRecord | RecordError]:
    """Yield each game of a PGN stream, or a RecordError for a game that cannot be parsed.

    After an error, the rest of that game is skipped up to the next tag pair.
    Lexical errors that cannot be recovered (an unterminated comment) end the file.
    """
    lexer = _Lexer(stream, source)
    builder = _GameBuilder(source)
    skipping = False
    last: Token | None = None
    tokens = lexer.tokens()
    while True:
        try:
            token = next(tokens, None)
        except RecordError as exc:
            yield exc
            return
        if token is None:
            break
        last = token
        if skipping:
            if token.kind != "tag":
                continue
            skipping = False
        if token.kind == "tag" and builder.in_moves:
            yield _finished(builder, token)
            builder = _GameBuilder(source)
        try:
            done = builder.add(token)
        except RecordError as exc:
            yield exc
            builder, skipping = _GameBuilder(source), True
            continue
        if done:
            yield _finished(builder, token)
            builder = _GameBuilder(source)
    if not builder.empty and not skipping:
        yield _finished(builder, last)


def _finished(builder: _GameBuilder, token: Token | None) -> GameRecord | RecordError:
    try:
        return builder.finish(token)
    except RecordError as exc:
        return exc


def read_file(path: str, progress: Progress | None = None) -> Iterator[GameRecord | RecordError]:
    """The games of the PGN file at ``path`` (UTF-8, falling back to Latin-1 per line).

    ``progress`` is called with the byte count of each line read, for a progress bar.
    Lines are read at most :data:`~trebuchet.converters.inputs.MAX_LINE` bytes at a
    time, so memory stays small whatever the file holds.
    """
    # loops, not ``yield from`` or a generator expression: the compiled build
    # mishandles closing such a generator from outside (docs/speed.md)
    for item in read_games(_decoded(file_lines(path, progress)), path):  # noqa: UP028
        yield item


def _decoded(lines: Iterable[bytes]) -> Iterator[str]:
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
    words: list[str] = []
    for comment in record.final_comments if not record.moves else ():
        words.append(_comment(comment))
    _write_line(pos, record.moves, words, pos.variant.notation)
    if record.moves:
        words.extend(_comment(c) for c in record.final_comments)
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
    return "{" + text.replace("}", ")") + "}"


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
    return SanNotation(pos.variant).write(pos, move)


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
    if current:
        lines.append(current)
    return lines


def write_games(records: Iterable[GameRecord], out: IO[str]) -> None:
    """Write games one after another, separated by a blank line."""
    for i, record in enumerate(records):
        if i:
            out.write("\n")
        out.write(write_game(record))


FORMAT = Format("pgn", (".pgn",), read_file, write_games, sniff)
