"""Zillions saved games (``.zsg``): read any of them, write our variants' games.

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

import difflib
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, NoReturn

from trebuchet.converters.inputs import read_bytes
from trebuchet.converters.load import find_rules_file, load_variant, rules_file_name
from trebuchet.converters.record import (
    Format,
    GameRecord,
    MoveNode,
    PassedOver,
    Progress,
    RecordError,
    resolve_variant_name,
    shown,
)
from trebuchet.converters.zrf.lexer import decode
from trebuchet.converters.zrf.model import GameDef
from trebuchet.variants.errors import FenError
from trebuchet.variants.fen import MAX_MOVE_NUMBER
from trebuchet.variants.game import Game
from trebuchet.variants.move import Change, Move, Place, Relocate, Remove, Terrain, null_move
from trebuchet.variants.pieces import BLACK, WALL, WHITE, Piece
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant
from trebuchet.variants.variant import Variant
from trebuchet.variants.zrf.errors import ZrfError
from trebuchet.variants.zrf.game import ZrfMove, ZrfVariant, distinct_by_actions
from trebuchet.variants.zrf.spec import GameSpec

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


# -- the move-line grammar ------------------------------------------------------


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


# -- reading a file -----------------------------------------------------------


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


def _read(path: str | Path) -> bytes:
    return read_bytes(path, MAX_BYTES, lambda reason: ZrfError(reason, str(path)))


def read_zsg_file(path: str | Path, names: Names | None = None) -> SavedGame:
    return read_zsg(decode(_read(path)), str(path), names)


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


# -- our variants: names, writing, reading ------------------------------------------


def atom_name(name: str) -> str:
    """A piece name as a ZRF atom: spaces become hyphens (``Troy-Horse``)."""
    return "-".join(name.split())


def piece_name(variant: Game, piece: Piece) -> str:
    """The full name of ``piece``, with its cargo: ``Troy-Horse[Archer]``."""
    ptype = variant.types[piece.kind]
    name = atom_name(ptype.name)
    if piece.cargo:
        name += "[" + "+".join(atom_name(variant.types[k].name) for k in piece.cargo) + "]"
    return name


def player_name(color: int | None) -> str:
    """The ZSG name of a two-player game's side."""
    return "White" if color == 0 else "Black"


BRIDGE = "Bridge"
"""The piece name a ZSG uses for a square that a move makes appear (CT-7's bridges)."""


def variant_names(variant: Game) -> Names:
    has_terrain = any(p is WALL for p in variant.start_position().board)
    return Names(
        frozenset(atom_name(t.name) for t in variant.types.values())
        | ({BRIDGE} if has_terrain else set()),
        frozenset({"White", "Black"}),
        frozenset(variant.geometry.names),
    )


def move_text(pos: Position, move: Move) -> str:
    """The ZSG body of ``move`` in ``pos``: every board action, as Zillions writes them.

    The moving piece's step comes first (``x`` when it lands on a square it
    emptied by capture), then drops, extra removals and changes in the order the
    move makes them.  Hand bookkeeping has no ZSG form; it follows from the
    captures and drops.
    """
    if not move.actions:
        return "Pass"
    variant = pos.variant
    geo = variant.geometry
    parts: list[str] = []
    board = list(pos.board)
    captured = {a.sq for a in move.actions if isinstance(a, Remove)}
    moved_to: int | None = None
    for action in move.actions:
        if isinstance(action, Relocate):
            a, b = action.frm, action.to
            piece = board[a]
            assert piece is not None
            sign = "x" if b in captured else "-"
            parts.append(f"{piece_name(variant, piece)} {geo.name(a)} {sign} {geo.name(b)}")
            board[b], board[a] = piece, None
            moved_to = b
        elif isinstance(action, Remove):
            board[action.sq] = None
        elif isinstance(action, Place):
            x, piece = action.sq, action.piece
            parts.append(f"{player_name(piece.color)} {piece_name(variant, piece)} {geo.name(x)}")
            board[x] = piece
        elif isinstance(action, Change):
            x, piece = action.sq, action.piece
            where = "" if x == moved_to else f" on {geo.name(x)}"
            parts.append(f"= {piece_name(variant, piece)}{where}")
            board[x] = piece
        elif isinstance(action, Terrain):
            # Zillions has no terrain: a square that appears is a neutral
            # Bridge piece dropped by the mover (CT-7), one that vanishes is
            # a removal (once, even when a piece drowns with it).
            x = action.sq
            if action.present:
                parts.append(f"{player_name(pos.turn)} {BRIDGE} {geo.name(x)}")
            elif x not in captured:
                parts.append(f"x {geo.name(x)}")
    removals = [
        x
        for x in captured
        if not any(isinstance(a, Relocate) and a.to == x for a in move.actions)
    ]
    parts[1:1] = [f"x {geo.name(x)}" for x in removals] if parts else []
    if not parts:
        parts = [f"x {geo.name(x)}" for x in removals]
    return " ".join(parts)


def write_zsg(record: GameRecord, rules_file: str = "") -> str:
    """A ZSG of a replayed record of one of our variants (CRLF line endings).

    Every node of the main line must carry its move (run
    :func:`trebuchet.converters.replay.replay` first).  A game that does not start from
    the variant's own position writes the difference as setup lines.
    """
    variant = record.variant()
    if isinstance(variant, ZrfVariant):
        return _write_zrf_game(record, variant, rules_file)
    pos = variant.position(record.fen)
    rules = rules_file or f"{variant.name}.zrf"
    out = [f"{HEADER}0.02 HH", f"RulesFile={rules}", f"VariantName={variant.title}"]
    out.extend(_setup_lines(variant, pos))
    # Zillions numbers turns, White first; a game that starts with Black to
    # move opens with White's Pass, which the reader takes as just that.
    ply = 0
    if pos.turn != 0:
        out.append("1. Pass")
        ply = 1
    for node in record.moves:
        if node.move is None:
            raise RecordError("write_zsg needs a replayed record", source=record.source)
        out.append(f"{ply // 2 + 1}. {move_text(pos, node.move)}")
        pos.push(node.move)
        ply += 1
    return "\r\n".join(out) + "\r\n"


def _write_zrf_game(record: GameRecord, variant: ZrfVariant, rules_file: str) -> str:
    """A ZSG of a Zillions game's record: a line per step of each turn, numbered as
    Zillions numbers them (once per round of the turn order).  Zillions writes
    ``partial K`` before a step that continues; its K is unpublished, so the
    steps are written without it (trebuchet's reader ignores it either way)."""
    spec = variant.spec
    rules = rules_file or record.tags.get("RulesFile") or f"{variant.name}.zrf"
    controllers = "H" * len(spec.players)
    out = [f"{HEADER}0.02 {controllers}", f"RulesFile={rules}", f"VariantName={variant.title}"]
    pos = variant.position(record.fen)
    names = {kind: name for name, kind in variant.kinds.items()}
    out.extend(
        _setup_lines(
            variant, pos, lambda p: f"{spec.players[p.color or 0]} {names.get(p.kind, p.kind)}"
        )
    )
    for turn, node in enumerate(record.moves):
        if node.move is None:
            raise RecordError("write_zsg needs a replayed record", source=record.source)
        number = _move_number_of(spec, turn)
        out.extend(f"{number}. {step}" for step in _step_texts(pos, node.move))
        if _stopped_early(pos, node.move):
            out.append(f"{number}. Pass")
        pos.push(node.move)
    return "\r\n".join(out) + "\r\n"


def _stopped_early(pos: Position, move: Move) -> bool:
    """Whether ``move`` is a turn stopped where it could go on, which Zillions writes
    as a ``Pass`` line after its steps (under ``"pass partial"``; replay reads it)."""
    variant = pos.variant
    if not isinstance(variant, ZrfVariant) or not isinstance(move, ZrfMove):
        return False
    if variant.spec.options.get("pass partial", "false") != "true":
        return False
    steps = [step.text for step in move.turn_steps]
    return any(
        isinstance(other, ZrfMove)
        and len(other.turn_steps) > len(steps)
        and [step.text for step in other.turn_steps[: len(steps)]] == steps
        for other in pos.legal_moves()
    )


def _move_number_of(spec: GameSpec, turn: int) -> int:
    """The number Zillions writes before the lines of the ``turn``-th turn (from 0):
    one per round of the turn order; the entries before its ``repeat`` are the
    first round, however many they are (Bolotoudou's 24 drops are all move 1)."""
    if spec.repeat and turn < spec.repeat:
        return 1
    cycle = (len(spec.turns) - spec.repeat) or len(spec.players)
    return (2 if spec.repeat else 1) + (turn - spec.repeat) // cycle


def _step_texts(pos: Position, move: Move) -> list[str]:
    """A turn's lines: a Zillions move's steps, else the move's one line."""
    if isinstance(move, ZrfMove):
        return [step.text for step in move.turn_steps]
    return [_zsg_text(pos, move)]


def _setup_lines(
    variant: Game, pos: Position, named: Callable[[Piece], str] | None = None
) -> list[str]:
    """``(x e1)`` / ``(White King e1)`` lines turning the variant's start into ``pos``."""
    start = variant.start_position()
    geo = variant.geometry
    out = []
    for sq, piece in enumerate(pos.board):
        if piece is start.board[sq]:
            continue
        if start.board[sq] is not None:
            out.append(f"(x {geo.name(sq)})")
        if piece is not None and piece.color is not None:
            name = named(piece) if named else _our_name(variant, piece)
            out.append(f"({name} {geo.name(sq)})")
    return out


def _our_name(variant: Game, piece: Piece) -> str:
    return f"{player_name(piece.color)} {piece_name(variant, piece)}"


def zsg_to_record(text: str, variant: Variant, source: str = "") -> GameRecord:
    """Read a ZSG of one of our variants into a replayed GameRecord.

    Each line is matched against the ZSG texts of the legal moves of its
    position; a line that matches none (or several) is a RecordError naming
    the line.  Setup lines are applied to the variant's start position and
    given as the record's FEN.
    """
    # the lines are matched as text against the legal moves' texts: the grammar,
    # which splits them into actions, is not needed for that
    saved = read_zsg(text, source)
    pos = _apply_setup(variant, saved, source)
    lines = list(saved.moves)
    if lines and lines[0].body() == "Pass":
        # White's opening Pass: the record starts with Black to move.
        lines.pop(0)
        fields = pos.fen().split()
        fields[1] = "b"
        pos = variant.position(" ".join(fields))
    record = GameRecord(tags={"Variant": variant.title}, source=source)
    if pos.fen() != variant.start_position().fen():
        record.tags["SetUp"] = "1"
        record.tags["FEN"] = pos.fen()
    record.moves = [
        MoveNode(pos.move_text(move), line=used[0].line, move=move)
        for used, move in replay_turns(pos, lines, source)
    ]
    _result_from_the_end(record, pos)
    return record


def _apply_setup(variant: Variant, saved: SavedGame, source: str) -> Position:
    pos = variant.start_position()
    if not saved.setup:
        return pos
    by_name = {atom_name(t.name): t.letter for t in variant.types.values()}
    board = list(pos.board)
    for entry in saved.setup:
        try:
            if entry[0] == "x":
                board[variant.square(entry[1])] = None
            else:
                carrier, _, cargo = entry[1].rstrip("]").partition("[")
                kinds = [by_name[name] for name in cargo.split("+") if name]
                board[variant.square(entry[2])] = variant.piece(
                    by_name[carrier], WHITE if entry[0] == "White" else BLACK, kinds
                )
        except (KeyError, IndexError, ZrfError) as exc:
            raise RecordError(f"bad setup entry {entry}: {exc}", source=source) from None
    rows = []
    geo = variant.geometry
    for rank in range(geo.ranks - 1, -1, -1):
        rows.append(_fen_row(board[sq] for sq in geo.squares_of_rank(rank)))
    fields = pos.fen().split()
    fields[0] = "/".join(rows)
    fields[2:4] = ["-", "-"] if len(fields) > 3 else fields[2:4]
    # Pieces set up in a saved game have not moved, so Zillions lets them castle
    # wherever the rules allow: every right the set-up board can hold is granted
    # (a Chess960 array keeps its castling).
    rights = ""
    for letter in "KQkq" if variant.castling_rook_kinds else "":
        try:
            variant.position(" ".join([*fields[:2], letter, *fields[3:]]))
        except FenError:
            continue
        rights += letter
    return variant.position(" ".join([*fields[:2], rights or "-", *fields[3:]]))


def _fen_row(pieces: Iterable[Piece | None]) -> str:
    out, empty = "", 0
    for piece in pieces:
        if piece is None:
            empty += 1
            continue
        if empty:
            out, empty = out + str(empty), 0
        out += piece.symbol
    return out + (str(empty) if empty else "")


def _zsg_text(pos: Position, move: Move) -> str:
    """A move as a saved game writes it: a Zillions game's own text, else ours."""
    if isinstance(move, ZrfMove):
        return move.text
    if move.is_null():
        return "Pass"
    return move_text(pos, move)


def zrf_record(text: str, source: str, rules: Path, game: str | None = None) -> GameRecord:
    """A saved game replayed by the rules file it was played with: every line must be
    one legal move of the game's own programs, its complete text (``game``: the
    game of the file, instead of the one the saved game names)."""
    saved, pos = zrf_game(text, source, rules, game)
    variant = pos.variant
    assert isinstance(variant, ZrfVariant)
    record = GameRecord(
        tags={"Variant": variant.title, "RulesFile": rules.name}, source=source, game=variant
    )
    if saved.setup:
        record.tags["SetUp"] = "1"
        record.tags["FEN"] = pos.fen()
    for used, move in replay_turns(pos, saved.moves, source):
        if move.is_null() and unruled_pass(pos):
            record.errors.append(_after_the_end(pos, used[0], source))
        record.moves.append(MoveNode(_zsg_text(pos, move), line=used[0].line, move=move))
    _result_from_the_end(record, pos)
    return record


def _result_from_the_end(record: GameRecord, pos: Position) -> None:
    """A saved game has no field for its result: it is the final position's outcome
    (written to PGN as its Result), or none while the game goes on."""
    outcome = pos.outcome()
    if outcome is not None:
        record.result = outcome.result


def _after_the_end(pos: Position, line: MoveLine, source: str) -> PassedOver:
    """The warning for a Pass where the rules allow none (:func:`unruled_pass`)."""
    outcome = pos.outcome()
    ended = ""
    if outcome is not None:
        what = outcome.termination.replace("_", " ")
        ended = f" ({what}, {outcome.result}, {outcome.verdict(pos.variant.player_name)})"
    return PassedOver(
        f"move {line.number}: Pass, though the rules allow none: "
        f"{pos.variant.player_name(pos.turn)} had no move and the game was over{ended}; "
        "read as a null move",
        source=source,
        line=line.line,
    )


def zrf_game(
    text: str, source: str, rules: Path, game: str | None = None
) -> tuple[SavedGame, Position]:
    """A saved game read, and its start position (setup lines applied) in the game of
    ``rules`` that it names (or ``game``)."""
    saved = read_zsg(text, source)
    variant = load_variant(str(rules), game=game or saved.variant_name)
    assert isinstance(variant, ZrfVariant)
    pos = variant.start_position()
    for entry in saved.setup:
        _set_up_zrf(variant, pos, entry, source)
    return saved, pos


def unruled_pass(pos: Position) -> bool:
    """Whether a ``Pass`` line is read though the rules allow no pass: the player to
    move in a Zillions game has no move at all, so the game is over, yet the
    saved game goes on.  Zillions wrote such a line once in the corpus
    (Chessence, move 41: Black stalemated under a ``stalemated`` loss
    condition); trebuchet reads it as a null move, as it reads PGN's ``--``,
    and says so (docs/zrf.md, "A player with no move")."""
    variant = pos.variant
    return isinstance(variant, ZrfVariant) and not variant.rule_moves(pos)


def replay_turns(
    pos: Position, lines: Sequence[MoveLine], source: str
) -> Iterator[tuple[Sequence[MoveLine], Move]]:
    """Each turn the lines write, with its lines, played on ``pos``: the caller sees
    ``pos`` before the turn is made, which happens when it asks for the next."""
    start = 0
    while start < len(lines):
        move, used = match_turn(pos, lines, start, source)
        yield lines[start : start + used], move
        pos.push(move)
        start += used


def _step_words(line: MoveLine) -> list[str]:
    """A line's words without its number and Zillions' ``partial K`` bookkeeping."""
    words = line.body().split()
    return words[2:] if words[:1] == ["partial"] else words


def _steps_of(pos: Position, move: Move) -> list[list[str]]:
    """The words of each line a saved game writes for ``move`` (one per step)."""
    return [text.split() for text in _step_texts(pos, move)]


def match_turn(
    pos: Position, lines: Sequence[MoveLine], start: int, source: str
) -> tuple[Move, int]:
    """The legal turn that the lines from ``start`` on write, and how many lines it
    takes.  A turn of several steps has a line per step; it goes on while the
    next line is a step some legal turn takes next, and may end where a legal
    turn ends (a turn stopped where it must go on is refused)."""
    if lines[start].body() == "Pass" and unruled_pass(pos):
        return null_move(), 1
    variant = pos.variant
    if isinstance(variant, ZrfVariant) and variant.partial_turns:
        # step by step: the legal moves list each end of a turn once, by the first
        # way found to it, and a saved game may have gone another way
        followed = _follow_steps(pos, lines, start)
        if followed is not None:
            return followed
    return _match_listed(pos, lines, start, source)


def _follow_steps(pos: Position, lines: Sequence[MoveLine], start: int) -> tuple[Move, int] | None:
    """A Zillions turn that the legal moves count once by another way to the same
    end (:meth:`ZrfVariant.follow`), as the lines write it; under ``"pass
    partial"`` with the Pass line Zillions writes after a turn stopped early."""
    variant = pos.variant
    if not isinstance(variant, ZrfVariant):
        return None
    texts = [" ".join(_step_words(line)) for line in lines[start:]]
    found = variant.follow(pos, texts)
    if found is None:
        return None
    move, stopped = found
    used = len(move.turn_steps)
    if stopped and start + used < len(lines) and lines[start + used].body() == "Pass":
        # under "pass partial", Zillions writes the stop of a turn that could go on
        # as a Pass line of its own (MancalaKnights, PyonPyonShogi)
        return _as_written(move, lines[start : start + used]), used + 1
    return _as_written(move, lines[start : start + used]), used


def _match_listed(
    pos: Position, lines: Sequence[MoveLine], start: int, source: str
) -> tuple[Move, int]:
    """:func:`match_turn` among the legal moves as listed."""
    legal = pos.legal_moves()
    variant = pos.variant
    candidates = [(move, _steps_of(pos, move)) for move in legal]
    taken = 0
    while True:
        line = lines[start + taken]
        wanted = _step_words(line)
        open_ = [(m, steps) for m, steps in candidates if len(steps) > taken]
        going = _writing(variant, open_, taken, wanted)
        if not going:
            options = sorted({" ".join(steps[taken]) for _, steps in open_})
            _refuse_line(line, wanted, options, source, taken > 0)
        taken += 1
        following = lines[start + taken] if start + taken < len(lines) else None
        longer = [(m, steps) for m, steps in going if len(steps) > taken]
        if following is not None and _writing(variant, longer, taken, _step_words(following)):
            candidates = longer
            continue
        ended = [m for m, steps in going if len(steps) == taken]
        used = lines[start : start + taken]
        if ended and longer and following is not None and following.body() == "Pass":
            # under "pass partial", Zillions writes the stop of a turn that could
            # go on as a Pass line of its own (MancalaKnights, PyonPyonShogi)
            return _as_written(_one_of(ended, line, wanted, source), used), taken + 1
        if not ended:
            options = sorted({" ".join(steps[taken]) for _, steps in longer})
            raise RecordError(
                f"move {line.number}: the turn must go on (with {'; '.join(options[:3])})"
                + ("" if following is None else f", not {shown(following.body())}"),
                source=source,
                line=line.line if following is None else following.line,
            )
        return _as_written(_one_of(ended, line, wanted, source), used), taken


_Candidate = tuple[Move, list[list[str]]]


def _writing(
    variant: Game, candidates: list[_Candidate], taken: int, wanted: list[str]
) -> list[_Candidate]:
    """The candidates whose step ``taken`` the line's words write: exactly, else (a
    Zillions game) as another program writes the same move, or with its commuting
    effects in another order (:mod:`trebuchet.variants.zrf.written`), which are
    only looked for when no candidate is written exactly."""
    exact = [(m, steps) for m, steps in candidates if steps[taken] == wanted]
    if exact or not isinstance(variant, ZrfVariant):
        return exact
    text = " ".join(wanted)
    return [
        (m, steps)
        for m, steps in candidates
        if isinstance(m, ZrfMove) and variant.writes(m.turn_steps[taken], text)
    ]


def _as_written(move: Move, lines: Sequence[MoveLine]) -> Move:
    """``move`` with the lines' own texts, where they order its effects otherwise."""
    texts = [" ".join(_step_words(line)) for line in lines]
    if not isinstance(move, ZrfMove) or [s.text for s in move.turn_steps] == texts:
        return move
    return move.rewritten(texts)


def _one_of(ended: list[Move], line: MoveLine, wanted: list[str], source: str) -> Move:
    """The turn the lines name.  Moves that differ only in how our rules name them
    (a Catapult's "launch" and "ride" to the same square) do the same thing on the
    board, and a ZSG records only the board: the first stands for all."""
    distinct = distinct_by_actions(ended)
    if len(distinct) > 1:
        raise RecordError(
            f"move {line.number} {shown(' '.join(wanted))} matches {len(distinct)} legal moves",
            source=source,
            line=line.line,
        )
    return distinct[0]


def _refuse_line(
    line: MoveLine, wanted: list[str], options: list[str], source: str, within: bool
) -> NoReturn:
    text = " ".join(wanted)
    nearest = difflib.get_close_matches(text, options, n=3, cutoff=0)
    what = "no step the turn can go on with" if within else "no legal move"
    raise RecordError(
        f"move {line.number} {shown(text)} matches {what}; nearest: "
        + ("; ".join(nearest) or "no legal moves"),
        source=source,
        line=line.line,
    )


def _set_up_zrf(variant: ZrfVariant, pos: Position, entry: tuple[str, ...], source: str) -> None:
    """A setup line on a Zillions game's position: ``(x pos)`` or ``(Player Piece pos)``."""
    where = variant.geometry.index_of(entry[-1])
    if where is None:
        raise RecordError(f"setup line names no position {entry[-1]!r}", source=source)
    if entry[0] == "x":
        pos.board[where] = None
        return
    players = {name: i for i, name in enumerate(variant.spec.players)}
    if entry[0] not in players or entry[1] not in variant.kinds:
        raise RecordError(f"bad setup entry {entry}", source=source)
    pos.board[where] = variant.make_piece(variant.kinds[entry[1]], players[entry[0]])


def read_record(
    text: str, source: str = "", rules: str | Path | None = None, game: str | None = None
) -> GameRecord:
    """A saved game, replayed: by the rules file it names (found beside it; ``rules``
    overrides), else as a game of one of trebuchet's own variants.

    This is the entry point for ``trebuchet check`` and ``convert``: the header
    is read first; with no rules file, its title is resolved like a PGN
    ``Variant`` tag and every line is matched (:func:`zsg_to_record`).
    ``game`` picks the game of the rules file (a title or a number) instead of
    the one its ``VariantName`` names.
    """
    header = read_zsg(text, source)
    found = Path(rules) if rules is not None else (
        find_rules_file(source, header.rules_file) if source else None
    )
    if found is not None:
        return zrf_record(text, source, found, game)
    name = resolve_variant_name(header.variant_name)
    if name is None and header.rules_file.lower().endswith(".zrf"):
        beside = Path(source).parent if source else Path(".")
        raise RecordError(
            f"rules file {shown(rules_file_name(header.rules_file))} not found beside the game "
            f"(in {beside}), and VariantName={shown(header.variant_name)} is none of "
            "trebuchet's variants; give the rules file with --rules FILE",
            source=source,
            line=2,
        )
    if name is None:
        raise RecordError(
            f"VariantName={shown(header.variant_name)} is none of trebuchet's variants",
            source=source,
            line=3,
        )
    return zsg_to_record(text, get_variant(name), source)


def read_records(
    path: str,
    progress: Progress | None = None,
    rules: str | None = None,
    game: str | None = None,
) -> Iterator[GameRecord | RecordError]:
    """The one game of a saved-game file, for ``trebuchet convert`` and ``check``
    (``rules``: a rules file to check it against instead of the one it names;
    ``game``: the game of the rules file, instead of its ``VariantName``)."""
    try:
        data = _read(path)
        if progress is not None:
            progress(len(data))
        if rules is not None and not Path(rules).is_file():
            raise RecordError(f"no rules file {shown(rules)}", source=path)
        yield read_record(decode(data), path, rules, game)
    except RecordError as exc:
        yield exc
    except ZrfError as exc:
        # an error of the rules file names the rules file, one of the game its line
        yield RecordError(exc.reason, source=exc.source or path, line=exc.line)


def write_records(records: Iterable[GameRecord], out: IO[str]) -> None:
    """Write one replayed game as a saved game; Zillions keeps one game per file."""
    games = list(records)
    if len(games) != 1:
        raise RecordError(f"a .zsg file holds one game, and there are {len(games)}")
    out.write(write_zsg(games[0]))


FORMAT = Format("zsg", (".zsg",), read_records, write_records)
