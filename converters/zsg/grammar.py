"""The grammar of Zillions saved games (``.zsg``): the header, setup and move lines.

No specification was ever published; the layout and the move-line grammar are
those measured on real files (formats-notes §2)::

    Zillions Save Game File Version 0.02 HC
    RulesFile=.\\Chess.zrf
    VariantName=Chess
    (White King e1)                      setup: put a piece
    (x e1)                               setup: clear a square
    1. Pawn e2 - e4                      one line per turn part
    2. partial 2 Checker g4 - g6 x g5

    action := Piece Pos "-" Pos | Piece Pos "x" Pos | Player Piece Pos
            | "x" Pos | "=" (Piece|Player) ["on" Pos] | "flip" Pos | "@" Pos INT INT

Tokens are not self-describing (a position may be called ``x1``), so a line is
read with a pyparsing grammar built from the piece, player and position names
of the rules file (:class:`Names`).

For our variants a ZSG maps to a :class:`trebuchet.converters.record.GameRecord`: every
move is written with the piece names of the variant and every board action of
the move (captures, removals, drops, changes), and reading matches each line
against the texts of the legal moves, so what is written is read back exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from trebuchet.converters.inputs import read_bytes
from trebuchet.converters.record import (
    shown,
)
from trebuchet.converters.zrf.lexer import decode
from trebuchet.converters.zrf.model import GameDef
from trebuchet.variants.fen import MAX_MOVE_NUMBER
from trebuchet.variants.zrf.errors import ZrfError

# pyparsing is imported where a move line is first read: it costs 8 MB of memory,
# which every other use of trebuchet would pay (docs/speed.md)
if TYPE_CHECKING:
    import pyparsing as pp



HEADER = "Zillions Save Game File Version "


#: The largest saved game read; the largest of the 62 in the corpus is 11,246 bytes
#: (Northern Checkers.zsg).  The move-line grammar reads some 150 kB a second.
MAX_BYTES = 256_000


#: The longest move line split into actions; the longest in the corpus is 697
#: characters (YoninShogi.zsg).  A longer one is kept whole, not understood.
MAX_LINE = 4_000


#: The largest move number (and attribute value) read: a turn count, as in FEN.
MAX_NUMBER = MAX_MOVE_NUMBER


_SETUP = re.compile(r"^\((\S+) (\S+)(?: (\S+))?\)$")


_NUMBER = re.compile(r"^([0-9]+)\.\s")


@dataclass(frozen=True)
class Names:
    """The piece, player and position names a ZSG's tokens are read against."""

    pieces: frozenset[str]
    players: frozenset[str]
    positions: frozenset[str]

    @classmethod
    def of_game(cls, game: GameDef) -> Names:
        return cls(
            frozenset(p.name for p in game.pieces),
            frozenset(game.players),
            frozenset(game.position_names()),
        )

    @classmethod
    def of_games(cls, games: Iterable[GameDef]) -> Names:
        """The union over several games (a rules file whose variant is unknown)."""
        found = [cls.of_game(g) for g in games]
        return cls(
            frozenset().union(*(n.pieces for n in found)),
            frozenset().union(*(n.players for n in found)),
            frozenset().union(*(n.positions for n in found)),
        )


@dataclass(frozen=True)
class Action:
    """One action of a move line.

    ``kind`` is ``move`` (to an empty square), ``capture`` (moving onto an
    occupied one), ``drop``, ``remove``, ``change`` (type or owner, of the moved
    piece or of ``pos``), ``flip`` or ``attribute``.
    """

    kind: str
    piece: str = ""
    player: str = ""
    frm: str = ""
    to: str = ""
    values: tuple[int, ...] = ()

    def text(self) -> str:
        """The action as Zillions writes it."""
        if self.kind in ("move", "capture"):
            return f"{self.piece} {self.frm} {'-' if self.kind == 'move' else 'x'} {self.to}"
        if self.kind == "drop":
            return f"{self.player} {self.piece} {self.to}"
        if self.kind == "remove":
            return f"x {self.to}"
        if self.kind == "change":
            return f"= {self.piece or self.player}" + (f" on {self.to}" if self.to else "")
        if self.kind == "flip":
            return f"flip {self.to}"
        return f"@ {self.to} {self.values[0]} {self.values[1]}"


@dataclass
class MoveLine:
    """One numbered line: a pass, or actions (with the opaque ``partial`` number)."""

    number: int
    text: str
    line: int
    actions: list[Action] | None = None
    passed: bool = False
    partial: int | None = None

    @property
    def understood(self) -> bool:
        return self.passed or self.actions is not None

    def body(self) -> str:
        """The line without its number: ``Pawn e2 - e4``."""
        return _NUMBER.sub("", self.text, count=1).strip()


@dataclass
class SavedGame:
    """A whole .zsg: header, setup lines, move lines."""

    version: str
    controllers: str
    rules_file: str
    variant_name: str
    source: str = ""
    setup: list[tuple[str, ...]] = field(default_factory=list)
    moves: list[MoveLine] = field(default_factory=list)

    def understood_share(self) -> tuple[int, int]:
        return sum(m.understood for m in self.moves), len(self.moves)


def _names(names: Iterable[str], what: str) -> pp.ParserElement:
    """One of ``names`` as a whole space-separated token, longest name first."""
    import pyparsing as pp  # here, not at the top: 8 MB (see TYPE_CHECKING above)

    ordered = sorted(set(names), key=lambda n: (-len(n), n))
    if not ordered:
        return pp.NoMatch().set_name(what)
    pattern = "(?:" + "|".join(re.escape(n) for n in ordered) + r")(?=\s|$)"
    return pp.Regex(pattern).set_name(what)


def _word(text: str) -> pp.ParserElement:
    import pyparsing as pp  # here, not at the top: 8 MB (see TYPE_CHECKING above)

    return pp.Regex(re.escape(text) + r"(?=\s|$)").set_name(repr(text))


@lru_cache(maxsize=32)
def line_grammar(names: Names) -> pp.ParserElement:
    """The pyparsing grammar of a move line for the given name sets."""
    import pyparsing as pp  # here, not at the top: 8 MB (see TYPE_CHECKING above)

    piece = _names(names.pieces, "piece")
    player = _names(names.players, "player")
    pos = _names(names.positions, "position")
    integer = pp.Regex(rf"-?[0-9]{{1,{len(str(MAX_NUMBER))}}}(?=\s|$)")
    step = piece("piece") + pos("frm") + (_word("-") | _word("x"))("sign") + pos("to")
    drop = player("player") + piece("piece") + pos("to")
    remove = _word("x") + pos("to")
    # one change on several positions is written once: ``= EV on 1F 19J``
    change = (
        _word("=")
        + (piece("piece") | player("player"))
        + pp.Opt(_word("on") + pp.OneOrMore(pos)("to"))
    )
    flip = _word("flip") + pos("to")
    attribute = _word("@") + pos("to") + integer("a") + integer("b")
    action = pp.Group(
        step.set_parse_action(
            lambda t: Action("move" if t.sign == "-" else "capture", t.piece, "", t.frm, t.to)
        )
        | drop.set_parse_action(lambda t: Action("drop", t.piece, t.player, "", t.to))
        | remove.set_parse_action(lambda t: Action("remove", to=t.to))
        | change.set_parse_action(
            lambda t: [Action("change", t.piece, t.player, "", to) for to in t.to or [""]]
        )
        | flip.set_parse_action(lambda t: Action("flip", to=t.to))
        | attribute.set_parse_action(
            lambda t: Action("attribute", to=t.to, values=(int(t.a), int(t.b)))
        )
    )
    partial = _word("partial") + integer("partial")
    body = _word("Pass")("passed") | (pp.Opt(partial) + pp.OneOrMore(action)("actions"))
    grammar = pp.Regex(r"\d+")("number") + pp.Literal(".") + body + pp.StringEnd()
    grammar.set_whitespace_chars(" \t", copy_defaults=False)
    return grammar


def parse_move_line(text: str, line: int, names: Names, source: str = "") -> MoveLine:
    """A move line, its actions filled in when the grammar and the names read it all."""
    import pyparsing as pp  # here, not at the top: 8 MB (see TYPE_CHECKING above)

    out = MoveLine(_move_number(text, source, line), text, line)
    if len(text) > MAX_LINE:
        return out
    try:
        result = line_grammar(names).parse_string(text, parse_all=True)
    except pp.ParseBaseException:
        return out
    if "passed" in result:
        out.passed = True
        return out
    # ParseResults.get is untyped, so the mypy-clean test is written out
    groups: pp.ParseResults | list[pp.ParseResults] = (
        result["actions"] if "actions" in result else []  # noqa: SIM401
    )
    out.actions = [action for group in groups for action in group]
    if "partial" in result:
        out.partial = int(result["partial"])
    return out


def read_zsg(text: str, source: str = "", names: Names | None = None) -> SavedGame:
    """A saved game; move lines are split into actions when ``names`` are given.

    Without names, only the header, setup and line structure are read (every
    move line stays ``understood == False``).
    """
    if len(text) > MAX_BYTES:
        raise ZrfError(f"file is {len(text)} characters; at most {MAX_BYTES} are read", source)
    lines = text.splitlines()
    game = _header(lines, source)
    for number, raw in enumerate(lines[3:], start=4):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("("):
            match = _SETUP.match(line)
            if match is None:
                raise ZrfError(f"bad setup line {_clip(line)!r}", source, number)
            game.setup.append(tuple(g for g in match.groups() if g is not None))
        elif _NUMBER.match(line + " "):
            if names is None:
                game.moves.append(MoveLine(_move_number(line, source, number), line, number))
            else:
                game.moves.append(parse_move_line(line, number, names, source))
        else:
            raise ZrfError(f"not a setup or move line: {_clip(line)!r}", source, number)
    return game


def _move_number(line: str, source: str, number: int) -> int:
    """The number a move line starts with; ZrfError beyond :data:`MAX_NUMBER`."""
    digits = line[: len(line) - len(line.lstrip("0123456789"))].lstrip("0") or "0"
    if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise ZrfError(f"move number {shown(digits)} is more than {MAX_NUMBER}", source, number)
    return int(digits)


def read(path: str | Path) -> bytes:
    return read_bytes(path, MAX_BYTES, lambda reason: ZrfError(reason, str(path)))


def read_zsg_file(path: str | Path, names: Names | None = None) -> SavedGame:
    return read_zsg(decode(read(path)), str(path), names)


def _header(lines: Sequence[str], source: str) -> SavedGame:
    if not lines or not lines[0].startswith(HEADER):
        raise ZrfError(f"not a Zillions saved game: line 1 must start with {HEADER!r}", source, 1)
    parts = lines[0][len(HEADER) :].split()
    if len(parts) != 2 or not set(parts[1]) <= {"H", "C"}:
        raise ZrfError("line 1 must end with the version and the H/C controllers", source, 1)
    fields = {}
    for number, wanted in ((2, "RulesFile"), (3, "VariantName")):
        key, eq, value = (lines[number - 1] if len(lines) >= number else "").partition("=")
        if not eq or key != wanted:
            raise ZrfError(f"line {number} must be {wanted}=…", source, number)
        fields[key] = value.strip()
    return SavedGame(parts[0], parts[1], fields["RulesFile"], fields["VariantName"], source)


def _clip(text: str, width: int = 50) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."
