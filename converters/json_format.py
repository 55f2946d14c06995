"""Games as JSON, for programs: every move in coordinate and human notation, with FENs.

(Named ``json_format`` rather than ``json`` so that no module of ours can ever be
mistaken for the standard library's ``json`` when run from this directory.)

The document::

    {
      "format": "trebuchet-games",
      "version": 1,
      "games": [
        {
          "variant": "chess",                 # our variant name
          "tags": {"Event": "...", ...},      # every tag the source had, in order
          "start_fen": "rnbqkbnr/... w KQkq - 0 1",
          "result": "1-0",
          "comments": ["..."],                # the game's: before its first move (python-chess's
                                              # Game.comment), or all of a game without moves
          "moves": [
            {
              "ply": 1,
              "move": "e2e4",                 # coordinate notation: what is read back
              "notation": "e4",               # the variant's notation (SAN, Troy forms)
              "fen": "... after the move ...",
              "before": ["..."], "comments": ["...", {"line": "..."}], "nags": [1],
              "variations": [[ {move objects}, ... ]]
            }
          ]
        }
      ]
    }

Reading uses ``move`` (falling back to ``notation`` when ``move`` is absent) and
replays it, so a JSON file is checked like any other; ``fen`` fields are
output only.  A comment is its text, byte for byte; ``{"line": text}`` is one
that ran to the end of its line (PGN's ``;`` comment), so it goes back to PGN as
one.  ``before`` is for comments opening a variation; those opening the game
are the game's ``comments``.  ``variant`` and ``start_fen`` are used when ``tags`` lack
``Variant`` / ``FEN``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from trebuchet.converters.inputs import MAX_GAME_FILE, read_bytes
from trebuchet.converters.json_text import json_text
from trebuchet.converters.record import (
    MAX_NAG,
    MAX_VARIATION_DEPTH,
    Frame,
    GameRecord,
    LineComment,
    MoveNode,
    Progress,
    RecordError,
    resolve_variant_name,
    shown,
    writable_tags,
)
from trebuchet.converters.replay import CoordinatesFirst, coordinate, start_position
from trebuchet.variants.errors import FenError
from trebuchet.variants.notation import Notation
from trebuchet.variants.position import Position

DOCUMENT_FORMAT = "trebuchet-games"
VERSION = 1
#: How deep arrays and objects may nest: the document, a game and a move are 5
#: levels, and every level of variations adds 3 (the list of variations, a
#: variation, a move).  Deeper text is refused before the json module, which
#: recurses and would fail with a RecursionError, sees it.
MAX_DEPTH = 8 + 3 * MAX_VARIATION_DEPTH
#: Integers have at most this many digits (a NAG is at most 255, the version 1);
#: int() refuses 4300 digits and more with a ValueError.
MAX_DIGITS = 20
#: A string, or an opening or closing bracket, outside strings (the scan for depth).
_STRUCTURE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def sniff(head: str) -> bool:
    text = head.lstrip("\ufeff \t\r\n")
    return text.startswith("{") and DOCUMENT_FORMAT in head


def read_file(path: str, progress: Progress | None = None) -> Iterator[GameRecord | RecordError]:
    """The games of the trebuchet JSON document at ``path``."""
    try:
        data = read_bytes(path, MAX_GAME_FILE, lambda reason: RecordError(reason, source=path))
        if progress is not None:
            progress(len(data))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("not valid JSON: not UTF-8 text", source=path) from None
        document = parse_json(text.removeprefix("\ufeff"), path)
    except RecordError as exc:
        yield exc
        return
    yield from read_document(document, path)


class _LongNumber(Exception):
    """An integer with more than :data:`MAX_DIGITS` digits."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _LongNumber(text)
    return int(text)


def parse_json(text: str, source: str = "") -> Any:
    """The JSON value of ``text``; RecordError with line and column when it is not JSON,
    nests deeper than :data:`MAX_DEPTH` or has an integer longer than :data:`MAX_DIGITS`."""
    depth = 0
    for match in _STRUCTURE.finditer(text):
        bracket = match.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line, column = _place(text, match.start())
                raise RecordError(
                    f"not valid JSON here: arrays and objects nested more than {MAX_DEPTH} deep",
                    source=source, line=line, column=column,
                )
        elif bracket in "]}":
            depth -= 1
    try:
        return json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not valid JSON: {exc.msg}", source=source, line=exc.lineno, column=exc.colno
        ) from None
    except _LongNumber as exc:
        numbers = re.finditer(rf'"[^"\\]*(?:\\.[^"\\]*)*"|-?[0-9]{{{MAX_DIGITS + 1},}}', text)
        found = next((m.start() for m in numbers if not m.group().startswith('"')), 0)
        line, column = _place(text, found)
        digits = len(str(exc.args[0]).lstrip("-"))
        raise RecordError(
            f"a number of {digits} digits (at most {MAX_DIGITS} are read)",
            source=source, line=line, column=column,
        ) from None


def _place(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def read_document(document: Any, source: str = "") -> Iterator[GameRecord | RecordError]:
    """GameRecords of a parsed document; a RecordError for each game that is malformed."""
    if not isinstance(document, dict) or document.get("format") != DOCUMENT_FORMAT:
        wanted = f'"format": "{DOCUMENT_FORMAT}"'
        yield RecordError(f"not a {DOCUMENT_FORMAT} document (no {wanted})", source=source)
        return
    games = document.get("games")
    if not isinstance(games, list):
        yield RecordError('"games" must be a list', source=source)
        return
    for index, game in enumerate(games, start=1):
        try:
            yield _game(game, source, index)
        except _Malformed as exc:
            yield RecordError(f"game {index}: {exc.reason}", source=source)
        except RecordError as exc:
            yield exc


class _Malformed(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _game(game: Any, source: str, index: int) -> GameRecord:
    if not isinstance(game, dict):
        raise _Malformed("must be an object")
    tags = game.get("tags", {})
    if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
        raise _Malformed('"tags" must map names to strings')
    record = GameRecord(tags=dict(tags), source=source, line=index, reading=CoordinatesFirst)
    variant = game.get("variant")
    if "Variant" not in record.tags and isinstance(variant, str) and variant != "chess":
        if resolve_variant_name(variant) is None:
            raise _Malformed(f"unsupported variant {shown(variant)}")
        record.tags["Variant"] = variant
    start_fen = game.get("start_fen")
    if isinstance(start_fen, str) and start_fen and "FEN" not in record.tags:
        _set_start(record, start_fen)
    result = game.get("result", "")
    record.result = result if isinstance(result, str) else ""
    record.comments = _strings(game.get("comments", []), "comments")
    record.moves = _line(game.get("moves", []), "moves")
    return record


def _set_start(record: GameRecord, start_fen: str) -> None:
    """Keep ``start_fen`` as the FEN tag unless it is the variant's own start."""
    variant = record.variant()
    try:
        own = variant.position(start_fen).fen() == variant.start_position().fen()
    except FenError as exc:
        raise _Malformed(f"bad start_fen: {exc}") from None
    if not own:
        record.tags["FEN"] = start_fen


def _line(items: Any, where: str, depth: int = 0) -> list[MoveNode]:
    if not isinstance(items, list):
        raise _Malformed(f'"{where}" must be a list')
    if depth > MAX_VARIATION_DEPTH:
        raise _Malformed(f"variations nested more than {MAX_VARIATION_DEPTH} deep")
    nodes = []
    for i, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise _Malformed(f"{where}[{i}] must be an object")
        text = item.get("move") or item.get("notation")
        if not isinstance(text, str) or not text:
            raise _Malformed(f'{where}[{i}] has no "move" text')
        nags = item.get("nags", [])
        if not isinstance(nags, list) or not all(
            type(n) is int and 0 <= n <= MAX_NAG for n in nags
        ):
            raise _Malformed(f'{where}[{i}] "nags" must be a list of numbers from 0 to {MAX_NAG}')
        variations = item.get("variations", [])
        if not isinstance(variations, list):
            raise _Malformed(f'{where}[{i}] "variations" must be a list')
        nodes.append(
            MoveNode(
                text,
                line=i,
                nags=list(nags),
                before=_strings(item.get("before", []), f"{where}[{i}].before"),
                comments=_strings(item.get("comments", []), f"{where}[{i}].comments"),
                variations=[
                    _line(v, f"{where}[{i}].variations[{j}]", depth + 1)
                    for j, v in enumerate(variations, start=1)
                ],
            )
        )
    return nodes


def _strings(value: Any, where: str) -> list[str]:
    """A list of comments: strings, or ``{"line": text}`` for a ``;`` comment."""
    if not isinstance(value, list):
        raise _Malformed(f'"{where}" must be a list of strings')
    out: list[str] = []
    for item in value:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict) and list(item) == ["line"] and isinstance(item["line"], str):
            out.append(LineComment(item["line"]))
        else:
            raise _Malformed(f'"{where}" must be a list of strings (or {{"line": text}})')
    return out


def _comment_values(comments: list[str]) -> list[str | dict[str, str]]:
    """Comments as JSON values: a ``;`` comment as ``{"line": text}``."""
    return [{"line": c} if isinstance(c, LineComment) else c for c in comments]


# -- writing -------------------------------------------------------------------------

def game_object(record: GameRecord) -> dict[str, Any]:
    """The JSON object of one replayed game."""
    pos = start_position(record)
    human = pos.variant.notation
    return {
        "variant": pos.variant.name,
        "tags": dict(writable_tags(record)),
        "start_fen": pos.fen(),
        "result": record.result_text,
        "comments": _comment_values(record.comments),
        "moves": _moves(pos, record.moves, human),
    }


def _moves(pos: Position, nodes: list[MoveNode], human: Notation) -> list[dict[str, Any]]:
    out = []
    pushed = 0
    for node in nodes:
        move = node.move
        assert move is not None, "JSON output needs a replayed record"
        entry: dict[str, Any] = {
            "ply": len(pos.move_stack) + 1,
            "move": coordinate(pos, move),
            "notation": "--" if move.is_null() else human.write(pos, move),
        }
        variations = [_moves(pos, v, human) for v in node.variations]
        pos.push(move)
        pushed += 1
        entry["fen"] = pos.fen()
        for key, value in (("before", _comment_values(node.before)),
                           ("comments", _comment_values(node.comments)),
                           ("nags", node.nags), ("variations", variations)):
            if value:
                entry[key] = list(value)
        out.append(entry)
    for _ in range(pushed):
        pos.pop()
    return out


#: the document around the game objects
FRAME = Frame(
    head=f'{{"format": "{DOCUMENT_FORMAT}", "version": {VERSION}, "games": [\n',
    between=",\n",
    tail="\n]}\n",
)


def game_text(record: GameRecord) -> str:
    """One game's object, as the document holds it."""
    return json_text(game_object(record), indent=1)
