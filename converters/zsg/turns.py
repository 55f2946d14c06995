"""Replaying a saved game: which legal turn the lines from one on write, and how many
lines it takes (a turn of several steps has a line per step), for trebuchet's own
games and Zillions games alike."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NoReturn

from trebuchet.converters.record import (
    GameRecord,
    RecordError,
    shown,
)
from trebuchet.converters.zsg.grammar import MoveLine
from trebuchet.converters.zsg.lines import step_texts
from trebuchet.variants.game import Game
from trebuchet.variants.move import Move, null_move
from trebuchet.variants.position import Position
from trebuchet.variants.zrf.game import ZrfMove, ZrfVariant, distinct_by_actions

# pyparsing is imported where a move line is first read: it costs 8 MB of memory,
# which every other use of trebuchet would pay (docs/speed.md)
if TYPE_CHECKING:
    pass



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
    return [text.split() for text in step_texts(pos, move)]


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
        if isinstance(m, ZrfMove) and variant.written.writes(m.turn_steps[taken], text)
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


def result_from_the_end(record: GameRecord, pos: Position) -> None:
    """A saved game has no field for its result: it is the final position's outcome
    (written to PGN as its Result), or none while the game goes on."""
    outcome = pos.outcome()
    if outcome is not None:
        record.result = outcome.result


def unruled_pass(pos: Position) -> bool:
    """Whether a ``Pass`` line is read though the rules allow no pass: the player to
    move in a Zillions game has no move at all, so the game is over, yet the
    saved game goes on.  Zillions wrote such a line once in the corpus
    (Chessence, move 41: Black stalemated under a ``stalemated`` loss
    condition); trebuchet reads it as a null move, as it reads PGN's ``--``,
    and says so (docs/zrf.md, "A player with no move")."""
    variant = pos.variant
    return isinstance(variant, ZrfVariant) and not variant.rule_moves(pos)


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
