"""Replay: match each move text of a record against the legal moves of its position.

This is the legality check of every format.  A text is read with the
variant's notation (SAN, or the rule page's own forms for the Troy games) and,
failing that, as coordinate notation; the first text that matches no legal
move, or several, stops the replay with a :class:`ReplayError` that names the
file, line and column, the move number, the text, the FEN before it and the
nearest legal moves.  Wrong check/mate suffixes and a Result that contradicts
the final position are kept as warnings on the record: they do not make a game
illegal, but a user wants to hear about them.

Variations are replayed too, from the position before the move they replace.
Null moves (``--``, ``Z0``, ``0000``, as python-chess and ChessBase write a
pass) are accepted as in python-chess and kept as null moves
(:func:`trebuchet.variants.move.null_move`).
"""

from __future__ import annotations

from trebuchet.converters.record import (
    MAX_VARIATION_DEPTH,
    GameRecord,
    MoveNode,
    PassedOver,
    RecordError,
    ReplayError,
    shown,
    too_deep,
)
from trebuchet.variants.errors import (
    AmbiguousMoveError,
    FenError,
    IllegalMoveError,
    MoveError,
    TrebuchetError,
    UnreadableMoveError,
)
from trebuchet.variants.game import Game, Outcome
from trebuchet.variants.move import Move, null_move
from trebuchet.variants.notation import NULL_TEXTS, Notation, first_reading
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: Annotation glyphs a move text may end with, after its check or mate sign.
_GLYPHS = "!?‼⁇⁉⁈□"
#: The longest move text read.  Real ones are far shorter (the longest of the 1268
#: games in the bundled examples, the shared PGN data and the tests: 34 characters,
#: a Game Courier action list); a longer text is refused before any notation parses
#: it, so no notation's parser ever sees megabytes.
MAX_MOVE_TEXT = Variant.longest_move_text


def coordinate(pos: Position, move: Move) -> str:
    """The move in coordinate notation, ``0000`` for a null move (as UCI writes it)."""
    return "0000" if move.is_null() else pos.move_text(move)


def move_number(pos: Position) -> str:
    """``12.`` before White's move, ``12...`` before Black's."""
    return f"{pos.fullmove}{'.' if pos.turn == 0 else '...'}"


def start_position(record: GameRecord) -> Position:
    """The record's start position (its FEN tag, or the variant's own start)."""
    variant = record.variant()
    try:
        return variant.position(record.fen)
    except FenError as exc:
        raise RecordError(f"bad FEN tag: {exc}", source=record.source, line=record.line) from None


def _check_sign(text: str) -> str:
    """The ``+``/``#`` signs a move text ends with (before its glyphs), "" if none."""
    if text[-1:].isalnum():
        return ""  # most moves: no sign, no glyph
    body = text.rstrip(_GLYPHS)
    return body[len(body.rstrip("+#")) :]


def _read_coordinates(pos: Position, text: str) -> Move:
    return pos.variant.parse_move(pos, text.rstrip(_GLYPHS).rstrip("+#"))


class CoordinatesFirst:
    """Coordinate notation first (exact), the game's notation as a fallback:
    for records whose texts are coordinates (JSON, plain move lists)."""

    def __init__(self, variant: Game) -> None:
        self.notation = variant.notation

    def write(self, pos: Position, move: Move) -> str:
        return coordinate(pos, move)

    def read(self, pos: Position, text: str) -> Move:
        return first_reading(pos, text, pos.variant.parse_move, self.notation.read)


def notation_of(record: GameRecord, pos: Position) -> Notation:
    """How the record's move texts are to be read: as its reader said, else in
    the game's own notation."""
    if record.reading is not None:
        return record.reading(pos.variant)
    return pos.variant.notation


def read_move(pos: Position, text: str, notation: Notation) -> Move:
    """The legal move ``text`` names: a null move, else ``notation``, else coordinates."""
    if text in NULL_TEXTS:
        return null_move()
    try:
        return notation.read(pos, text)  # nearly every text: no second reader to set up
    except AmbiguousMoveError:
        raise
    except MoveError:
        # read again in order, so that the error is the one first_reading chooses
        return first_reading(pos, text, notation.read, _read_coordinates)


def replay(record: GameRecord, *, strict: bool = True) -> Position:
    """Fill in ``node.move`` for every node of ``record`` (variations too).

    Returns the final position of the main line, with the moves on its stack.
    Raises ReplayError at the first text that is illegal or ambiguous.  A record
    its reader found errors in (``record.errors``) is refused with the first of
    them, unless ``strict`` is False: then what was read is replayed, as
    python-chess plays a game whatever its ``errors``.  The slips a reader passed
    over (:class:`PassedOver`) refuse nothing: they are the first warnings.
    """
    return replay_to_outcome(record, strict=strict)[0]


def replay_to_outcome(
    record: GameRecord, *, strict: bool = True
) -> tuple[Position, Outcome | None]:
    """:func:`replay`, and how the game stands at its end (``final.outcome()``).

    The replay judges the final position anyway, to hold the Result to it; a
    caller that reports the outcome too (``trebuchet check``) takes it from here
    rather than generating the final position's moves a second time.
    """
    refused = [e for e in record.errors if not isinstance(e, PassedOver)]
    if strict and refused:
        raise refused[0]
    pos = start_position(record)
    notation = notation_of(record, pos)
    record.warnings[:] = [str(e) for e in record.errors if isinstance(e, PassedOver)]
    _replay_line(record, pos, record.moves, notation, 0)
    outcome = pos.outcome()
    _verify_result(record, outcome)
    return pos, outcome


def _replay_line(
    record: GameRecord, pos: Position, nodes: list[MoveNode], notation: Notation, depth: int
) -> None:
    """Play ``nodes`` on ``pos``.  A variation is played on ``pos`` itself and taken
    back move by move (cheaper than a copy of the position and its moves)."""
    last = len(nodes) - 1
    for i, node in enumerate(nodes):
        move = _read_node(record, pos, node, notation)
        if node.variations and depth >= MAX_VARIATION_DEPTH:
            raise too_deep(record.source, node.line, node.column)
        for variation in node.variations:
            _replay_line(record, pos, variation, notation, depth + 1)
            for _ in variation:
                pos.pop()
        pos.push(move)
        node.move = move
        if not node.text[-1:].isalnum():  # most texts end in their square: no sign to check
            _verify_suffix(record, pos, node, may_end=i == last)


def _read_node(record: GameRecord, pos: Position, node: MoveNode, notation: Notation) -> Move:
    longest = pos.variant.longest_move_text
    if len(node.text) > longest:
        raise _replay_error(record, pos, node, f"is longer than {longest} characters")
    try:
        return read_move(pos, node.text, notation)
    except MoveError as exc:
        raise _replay_error(record, pos, node, _why(exc), exc.nearest) from None
    except TrebuchetError as exc:
        raise _replay_error(record, pos, node, f"cannot be read: {exc}") from None


def _why(exc: MoveError) -> str:
    """What went wrong with a move text, with the legal moves nearest to it."""
    if isinstance(exc, AmbiguousMoveError):
        return f"is ambiguous (matches {', '.join(exc.nearest) or 'several moves'})"
    if isinstance(exc, IllegalMoveError):
        nearest = ", ".join(exc.nearest) if exc.nearest else "none, no legal moves"
        return f"is illegal; nearest legal: {nearest}"
    if isinstance(exc, UnreadableMoveError):
        return "is unreadable: not a move in the game's notation or in coordinates"
    return f"cannot be read: {exc}"


def _replay_error(
    record: GameRecord,
    pos: Position,
    node: MoveNode,
    why: str,
    nearest: tuple[str, ...] = (),
) -> ReplayError:
    """The one-line error naming the file, line, column, move number, text and position."""
    fen = pos.fen()
    return ReplayError(
        f"move {move_number(pos)} {shown(node.text)} {why}; position {fen}",
        source=record.source,
        line=node.line,
        column=node.column,
        text=node.text,
        fen=fen,
        nearest=nearest,
    )


def _verify_suffix(record: GameRecord, pos: Position, node: MoveNode, *, may_end: bool) -> None:
    """Warn when a written ``+`` or ``#`` does not match the position after the move.

    Only the last move of a line can be mate (a line goes on only if the game
    does), so only there, or where ``#`` is written, are the replies counted.
    What ``#`` means is the game's to say (:meth:`Variant.mark_after`: a win by
    another rule than mate, in some games).
    """
    claimed = _check_sign(node.text)
    if not claimed or node.move is None or node.move.is_null():
        return
    if may_end or claimed.startswith("#"):
        actual = pos.variant.mark_after(pos)
    else:
        actual = "+" if pos.is_check() else ""
    mate = actual == "#"
    if (claimed.startswith("#") and not mate) or (claimed.startswith("+") and actual != "+"):
        record.warnings.append(
            f"{_at(record, node)}: move {shown(node.text)} is written {claimed!r} "
            f"but gives {_describe(actual)}"
        )


def _describe(suffix: str) -> str:
    return {"#": "checkmate", "+": "check"}.get(suffix, "no check")


def _verify_result(record: GameRecord, outcome: Outcome | None) -> None:
    """Warn when the Result contradicts the final position's ``outcome`` or the
    movetext's marker."""
    tag = record.tags.get("Result", "").strip()
    if tag and record.result and tag != record.result:
        record.warnings.append(
            f"{_at(record)}: Result tag {shown(tag)} differs from the movetext's {record.result!r}"
        )
    claimed = record.result_text
    # a record that states no result (a Zillions saved game has no field for
    # one) contradicts nothing
    states = bool(tag or record.result)
    if states and outcome is not None and claimed != outcome.result:
        record.warnings.append(
            f"{_at(record)}: result {shown(claimed)} but the game ended in "
            f"{outcome.termination} ({outcome.result})"
        )


def _at(record: GameRecord, node: MoveNode | None = None) -> str:
    """Where a warning points: the source, and the line where one is known."""
    line = node.line if node is not None else record.line
    return f"{record.source or '<input>'}" + (f":{line}" if line else "")
