"""Game Courier move lists (``.gc``): each move as the actions that make it.

Game Courier logs a move as GAME Code: ``1. P e2-e4`` for White, ``1... p e7-e5``
for Black, with the piece's label (upper case White, lower case Black, and
possibly longer than one letter) before the move.  A move with several effects
is several parts joined by ``;``.  We read:

* ``[label] a1-b2``  move the piece on a1 to b2 (whatever stood on b2 is taken);
* ``label*c3``       put a piece of ``label`` on c3 (a drop); ``@*c3`` empties c3;
* ``c3-`` and ``capture c3``  take the piece on c3 off the board;
* ``label-c3``       the piece on c3 becomes ``label`` (promotion: ``P e7-e8; Q-e8``);
* ``terrain c3 on|off``  the square c3 appears / vanishes (our extension, for
  the Troy bridges; Game Courier presets model terrain in their own ways);
* ``pass`` (or ``--``) a null move;
* ``= b1b4/l``       after the parts: which move is meant, in coordinate notation,
  when two legal moves leave the same board (a Catapult's launch and its rider
  stepping off); our extension, written only then;
* ``// text``        a comment, to the end of the line.

A move is accepted when exactly one legal move of the position leaves the
board exactly as the parts do (so the order of parts and implied captures do
not matter); none is an illegal-move error, two an ambiguity.  Writing gives
each move as its action list, captures implied by moving onto the square,
removals as ``@*c3``, drops as ``N*e4``, promotions as ``Q-e8``.  Labels are the
pieces' FEN symbols (a loaded carrier is ``T(fwecnr)``).

A file is a header of ``// Key: value`` lines (``Variant``, ``FEN``, the other
tags, ``Result``), then one move a line.  A header line after moves starts the
next game.  Game Courier has no NAGs or variations: writing drops them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from trebuchet.converters.inputs import read_text
from trebuchet.converters.record import (
    Frame,
    GameRecord,
    MoveNode,
    Progress,
    RecordError,
    UnsupportedVariantError,
    drop_implicit_variant,
    header_variant,
    resolve_variant_name,
    shown,
    writable_tags,
)
from trebuchet.converters.replay import move_number, start_position
from trebuchet.variants.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    MoveError,
    TrebuchetError,
)
from trebuchet.variants.game import Game
from trebuchet.variants.move import Change, Move, Place, Relocate, Remove, Terrain, null_move
from trebuchet.variants.notation import NULL_TEXTS
from trebuchet.variants.pieces import BLACK, WALL, WHITE, Piece, Player
from trebuchet.variants.position import Position

_HEADER = re.compile(r"^//\s*([A-Z][A-Za-z0-9_]*):\s*(.*?)\s*$")
_MOVE_LINE = re.compile(r"^(\d+)\s*(\.\.\.|\.)\s*(.*)$")
_SQ = r"[A-Za-z]\d+"
_LABEL = r"[A-Za-z][A-Za-z0-9]*(?:\([A-Za-z]*\))?"
_PARTS = (
    ("move", re.compile(rf"^(?:(?P<label>{_LABEL})\s+)?(?P<a>{_SQ})\s*-\s*(?P<b>{_SQ})$")),
    ("clear", re.compile(rf"^@\s*\*\s*(?P<a>{_SQ})$")),
    ("drop", re.compile(rf"^(?P<label>{_LABEL})\s*\*\s*(?P<a>{_SQ})$")),
    ("clear", re.compile(rf"^(?P<a>{_SQ})\s*-$")),
    ("clear", re.compile(rf"^capture\s+(?P<a>{_SQ})$", re.IGNORECASE)),
    ("change", re.compile(rf"^(?P<label>{_LABEL})\s*-\s*(?P<a>{_SQ})$")),
    ("terrain", re.compile(rf"^terrain\s+(?P<a>{_SQ})\s+(?P<state>on|off)$", re.IGNORECASE)),
)
_PASS = frozenset({"pass", *NULL_TEXTS})

Board = list[Piece | None]


def sniff(head: str) -> bool:
    """Game Courier lists have ``1. P e2-e4``-style lines or ``// Key:`` headers."""
    text = head.lstrip("\ufeff")
    return bool(
        re.search(rf"^\s*1\s*\.\s*{_LABEL}\s+{_SQ}-{_SQ}", text, re.MULTILINE)
        or _HEADER.match(text.splitlines()[0] if text.strip() else "")
    )


# -- reading ----------------------------------------------------------------------

def read_file(path: str, progress: Progress | None = None) -> Iterator[GameRecord | RecordError]:
    """The games of the Game Courier list at ``path``."""
    try:
        text = read_text(path, progress)
    except RecordError as exc:
        yield exc
        return
    yield from read_games(text.splitlines(), path)


def read_games(lines: Iterable[str], source: str = "") -> Iterator[GameRecord | RecordError]:
    """GameRecords of a Game Courier list; move texts are the action lists as written."""
    record = GameRecord(source=source, line=1, reading=CourierNotation)
    started = blank = False
    for number, raw in enumerate(lines, start=1):
        line = raw.strip().lstrip("\ufeff")
        after_blank, blank = blank, not line
        if not line:
            continue
        header = _HEADER.match(line)
        if header and (after_blank or not record.moves):
            if record.moves:
                yield _finish(record)
                record = GameRecord(source=source, line=number, reading=CourierNotation)
            if header[1] == "Result":
                record.result = header[2]
            record.tags[header[1]] = header[2]
            started = True
            continue
        if line.startswith("//"):
            _add_comment(record, line[2:].strip())
            continue
        match = _MOVE_LINE.match(line)
        if not match:
            yield RecordError(
                f"expected a move like '1. P e2-e4' or '1... p e7-e5', got {line[:40]!r}",
                source=source, line=number, column=1 + len(raw) - len(raw.lstrip()),
            )
            return
        text, _, comment = match[3].partition("//")
        column = 1 + raw.index(match[3]) if match[3] else 1
        record.moves.append(MoveNode(text.strip(), number, column))
        if comment.strip():
            record.moves[-1].comments.append(comment.strip())
        started = True
    if started:
        yield _finish(record)


def _add_comment(record: GameRecord, text: str) -> None:
    if record.moves:
        record.moves[-1].comments.append(text)
    else:
        record.final_comments.append(text)


def _finish(record: GameRecord) -> GameRecord | RecordError:
    """Comments before the first move belong to it; check the variant is ours."""
    if record.moves and record.final_comments:
        record.moves[0].before.extend(record.final_comments)
        record.final_comments.clear()
    drop_implicit_variant(record)
    name = record.tags.get("Variant", "")
    if name and resolve_variant_name(name) is None:
        return UnsupportedVariantError(f"unsupported variant {shown(name)}", source=record.source,
                           line=record.line)
    return record


class CourierNotation:
    """Reads and writes one move as a Game Courier action list (a Notation)."""

    def __init__(self, variant: Game) -> None:
        self.variant = variant
        self.names = variant.geometry.names

    def read(self, pos: Position, text: str) -> Move:
        text = text.strip()
        if text.lower() in _PASS:
            return null_move()
        text, _, named = text.partition("=")
        target = self._apply(pos, text)
        found = self._same_board(pos, target)
        if named.strip():
            found = [m for m in found if pos.move_text(m) == named.strip()]
        if len(found) == 1:
            return found[0]
        if found:
            coords = tuple(pos.move_text(m) for m in found)
            raise AmbiguousMoveError(f"fits {len(found)} legal moves", text=text, nearest=coords)
        raise IllegalMoveError(
            "no legal move leaves the board so", text=text, nearest=self._nearest(pos, target)
        )

    @staticmethod
    def _same_board(pos: Position, target: Board) -> list[Move]:
        """The legal moves that leave exactly ``target`` on the board."""
        found = []
        for move in pos.legal_moves():
            pos.push(move)
            if pos.board == target:
                found.append(move)
            pos.pop()
        return found

    def _nearest(self, pos: Position, target: Board) -> tuple[str, ...]:
        """Legal moves whose board differs least from the one the text describes."""
        scored = []
        for move in pos.legal_moves():
            pos.push(move)
            diff = sum(a is not b for a, b in zip(pos.board, target, strict=True))
            pos.pop()
            scored.append((diff, pos.move_text(move)))
        return tuple(name for _, name in sorted(scored)[:5])

    def _apply(self, pos: Position, text: str) -> Board:
        """The board after the parts of ``text`` are carried out on ``pos``'s board."""
        board: Board = list(pos.board)
        for part in (p.strip() for p in text.split(";")):
            if part:
                self._apply_part(pos, board, part)
        return board

    def _apply_part(self, pos: Position, board: Board, part: str) -> None:
        kind, m = _match_part(part)
        a = self._square(m["a"])
        if kind == "move":
            b = self._square(m["b"])
            if board[a] is None or board[a] is WALL:
                raise _unreadable(f"moves from the empty square {self.names[a]}")
            board[b], board[a] = board[a], None
        elif kind == "clear":
            board[a] = None
        elif kind in ("drop", "change"):
            board[a] = self._piece(m["label"], pos.turn)
        else:
            board[a] = None if m["state"].lower() == "on" else WALL

    def _square(self, name: str) -> int:
        try:
            return self.variant.geometry.square(name)
        except TrebuchetError:
            raise _unreadable(f"{shown(name)} is not a square of this board") from None

    def _piece(self, label: str, mover: Player) -> Piece:
        """The piece a label names: a FEN symbol (``Q``, ``t(fw)``) or a piece name."""
        m = re.match(r"^([A-Za-z])(?:\(([A-Za-z]*)\))?$", label)
        try:
            if m:
                return self.variant.piece(m[1], _owner(m[1]), m[2] or "")
            for letter, ptype in self.variant.types.items():
                if ptype.name.replace(" ", "").lower() == label.lower():
                    return self.variant.piece(letter, _owner(label) if label else mover)
        except KeyError:
            pass
        raise _unreadable(f"label {shown(label)} is no piece of this game")

    def write(self, pos: Position, move: Move) -> str:
        """The move as an action list, e.g. ``P e7-e8; Q-e8`` or ``K e1-g1; R h1-f1``."""
        if move.is_null():
            return "pass"
        names = self.names
        board: Board = list(pos.board)
        parts = []
        actions = move.actions
        for i, act in enumerate(actions):
            if isinstance(act, Relocate):
                piece = board[act.frm]
                assert piece is not None
                parts.append(f"{piece.symbol} {names[act.frm]}-{names[act.to]}")
                board[act.to], board[act.frm] = piece, None
            elif isinstance(act, Remove):
                board[act.sq] = None
                implied = any(
                    isinstance(a, Relocate) and a.to == act.sq for a in actions[i + 1 :]
                )
                if not implied:
                    parts.append(f"@*{names[act.sq]}")
            elif isinstance(act, Place):
                parts.append(f"{act.piece.symbol}*{names[act.sq]}")
                board[act.sq] = act.piece
            elif isinstance(act, Change):
                parts.append(f"{act.piece.symbol}-{names[act.sq]}")
                board[act.sq] = act.piece
            elif isinstance(act, Terrain):
                parts.append(f"terrain {names[act.sq]} {'on' if act.present else 'off'}")
                board[act.sq] = None if act.present else WALL
        text = "; ".join(parts)
        if move.tag is not None and len(self._same_board(pos, board)) > 1:
            text += f" = {pos.move_text(move)}"
        return text


def _owner(label: str) -> Player:
    """Game Courier labels are upper case for White, lower case for Black."""
    return WHITE if label[:1].isupper() else BLACK


def _match_part(part: str) -> tuple[str, re.Match[str]]:
    """Which kind of action ``part`` is, and its pieces."""
    for kind, pattern in _PARTS:
        m = pattern.match(part)
        if m:
            return kind, m
    raise _unreadable(f"part {shown(part)} is not a Game Courier action")


def _unreadable(why: str) -> MoveError:
    """A text that is not a move at all (no nearest moves to offer)."""
    return MoveError(why)


# -- writing ------------------------------------------------------------------------

#: games one after another, a blank line between two
FRAME = Frame(between="\n")


def write_game(record: GameRecord) -> str:
    pos = start_position(record)
    notation = CourierNotation(pos.variant)
    lines = [f"// Variant: {header_variant(record, pos.variant)}"]
    if record.fen:
        lines.append(f"// FEN: {record.fen}")
    for key, value in writable_tags(record).items():
        if key not in ("Variant", "FEN", "SetUp", "Result"):
            lines.append(f"// {key}: {value}")
    lines.append(f"// Result: {record.result_text}")
    lines.extend(f"// {c}" for c in _one_line(record.comments))  # the game's: first
    for node in record.moves:
        lines.extend(f"// {c}" for c in _one_line(node.before))
        assert node.move is not None, "write_game needs a replayed record"
        text = f"{move_number(pos)} {notation.write(pos, node.move)}"
        comments = [" ".join(c.split()) for c in node.comments]
        if comments:
            text += f" // {comments[0]}"
            lines.append(text)
            lines.extend(f"// {c}" for c in comments[1:])
        else:
            lines.append(text)
        pos.push(node.move)
    return "\n".join(lines) + "\n"


def _one_line(comments: list[str]) -> list[str]:
    """Comments as ``//`` lines take them: a line break (of any kind) is a space."""
    return [" ".join(c.splitlines()) for c in comments]
