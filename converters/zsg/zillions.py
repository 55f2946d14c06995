"""Saved games of Zillions rules files: replayed by the rules file they name (its
own programs), and written back as Zillions writes them: numbered once per round
of the turn order, a Pass after a turn stopped early (docs/zrf.md, "Saved games")."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from trebuchet.converters.load import load_variant
from trebuchet.converters.record import (
    GameRecord,
    MoveNode,
    PassedOver,
    RecordError,
)
from trebuchet.converters.zsg.grammar import HEADER, MoveLine, SavedGame, read_zsg
from trebuchet.converters.zsg.lines import setup_lines, step_texts, zsg_text
from trebuchet.converters.zsg.turns import replay_turns, result_from_the_end, unruled_pass
from trebuchet.variants.move import Move
from trebuchet.variants.position import Position
from trebuchet.variants.zrf.game import ZrfMove, ZrfVariant
from trebuchet.variants.zrf.spec import GameSpec

# pyparsing is imported where a move line is first read: it costs 8 MB of memory,
# which every other use of trebuchet would pay (docs/speed.md)
if TYPE_CHECKING:
    pass



def write_zrf_game(record: GameRecord, variant: ZrfVariant, rules_file: str) -> str:
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
        setup_lines(
            variant, pos, lambda p: f"{spec.players[p.color or 0]} {names.get(p.kind, p.kind)}"
        )
    )
    for turn, node in enumerate(record.moves):
        if node.move is None:
            raise RecordError("write_zsg needs a replayed record", source=record.source)
        number = _move_number_of(spec, turn)
        out.extend(f"{number}. {step}" for step in step_texts(pos, node.move))
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
        record.moves.append(MoveNode(zsg_text(pos, move), line=used[0].line, move=move))
    result_from_the_end(record, pos)
    return record


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
