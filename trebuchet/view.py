"""A game as one self-contained HTML page: a board picture per position, the moves.

The page (``trebuchet view``) holds everything it shows: every position's SVG
board (:func:`trebuchet.analysis.svg.board_svg`: last move, check, pieces in
hand), the move list in the game's own notation with its comments, NAGs and
variations, the result, and a small script that shows one position at a time
(← → keys, Home / End, a click on a move).  It loads nothing: a
Content-Security-Policy forbids any fetch, so it reads the same from a
laptop with no network as from a mail attachment.

Every position is a *frame*, numbered in the order the moves are written:
frame 0 is the start, then each move of the main line, with a variation's
moves after the move they replace.  Each frame names the frame before and
after it, so stepping forward from a variation's move stays in the variation.
Every text from the game file is escaped; the page cannot be made to run
anything a game file says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from string import Template

from trebuchet.analysis.diagram import ending, piece_labels, position_status
from trebuchet.analysis.output import markup_escape
from trebuchet.analysis.svg import board_svg
from trebuchet.converters.record import GameRecord, MoveNode, one_line
from trebuchet.converters.replay import move_number, start_position
from trebuchet.variants.position import Position

#: Tags shown under the title, in this order, when the game has them.
ABOUT_TAGS = ("Event", "Site", "Date", "Round", "Variant", "TimeControl", "Termination")
#: Names of the NAGs a reader knows as glyphs (PGN standard, 10; the rest print as $N).
NAG_GLYPHS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 10: "=", 14: "+=",
              15: "=+", 16: "±", 17: "∓", 18: "+-", 19: "-+"}


@dataclass
class _Frame:
    """One position of the page: its picture, what the page says of it, its neighbours."""

    svg: str
    fen: str
    status: str
    comment: str
    prev: int | None
    label: str = "start"
    next: int | None = None


@dataclass
class _Page:
    """The frames and the move list, built together as the record is walked."""

    flipped: bool
    frames: list[_Frame] = field(default_factory=list)

    def add(self, pos: Position, prev: int | None, comment: str, label: str) -> int:
        """A frame of ``pos`` after the move ``label``; its number.  The frame before
        gets it as its next one unless it has one already (the main line's)."""
        index = len(self.frames)
        svg = board_svg(pos, flipped=self.flipped, key=False, ids=f"f{index}-")
        self.frames.append(
            _Frame(svg, pos.fen(), position_status(pos), comment, prev, label)
        )
        if prev is not None and self.frames[prev].next is None:
            self.frames[prev].next = index
        return index


def game_html(record: GameRecord, *, flipped: bool = False) -> str:
    """The viewer page of a replayed ``record`` (every node carries its move)."""
    pos = start_position(record)
    page = _Page(flipped)
    opening = record.moves[0].before if record.moves else record.final_comments
    page.add(pos, None, _comment(opening), "start")
    moves = _line(page, pos, record.moves, 0)
    moves += _notes(record.final_comments)
    return _fill(record, page, pos, moves)


def _line(page: _Page, pos: Position, nodes: list[MoveNode], prev: int) -> str:
    """The move list of one line, played on ``pos`` (which ends after it), each move
    a link to its frame; variations after the move they replace."""
    parts: list[str] = []
    for i, node in enumerate(nodes):
        assert node.move is not None, "game_html needs a replayed record"
        parts.append(_notes(node.before))
        before = pos.copy(stack=True)
        number = move_number(pos)
        # a number before White's moves, and before Black's where the text broke off
        broke_off = i == 0 or bool(node.before or nodes[i - 1].variations or nodes[i - 1].comments)
        numbered = pos.turn == 0 or broke_off
        text = "--" if node.move.is_null() else pos.notation(node.move)
        pos.push(node.move)
        frame = page.add(pos, prev, _comment(node.comments), f"{number} {text}")
        if numbered:
            parts.append(f'<span class="num">{markup_escape(number)}</span>')
        parts.append(f'<a class="move" href="#" data-frame="{frame}">{markup_escape(text)}</a>')
        nags = (markup_escape(_nag(n)) for n in node.nags)
        parts.append("".join(f' <span class="nag">{nag}</span>' for nag in nags))
        parts.append(_notes(node.comments))
        for variation in node.variations:
            inner = _line(page, before.copy(stack=True), variation, prev)
            parts.append(f' <span class="variation">({inner})</span>')
        prev = frame
    return " ".join(p for p in parts if p)


def _nag(nag: int) -> str:
    return NAG_GLYPHS.get(nag, f"${nag}")


def _comment(comments: list[str]) -> str:
    return " ".join(one_line(c) for c in comments)


def _notes(comments: list[str]) -> str:
    return "".join(f' <span class="note">{markup_escape(one_line(c))}</span>' for c in comments)


def _fill(record: GameRecord, page: _Page, final: Position, moves: str) -> str:
    """The page template filled in: title, tags, frames, moves, result."""
    tags = {k: v for k, v in record.tags.items() if not _unknown(v)}
    players = f"{tags.get('White', '?')} – {tags.get('Black', '?')}"
    name = final.variant.title or final.variant.name
    title = players if {"White", "Black"} & tags.keys() else name
    about = " · ".join(one_line(tags[k]) for k in ABOUT_TAGS if tags.get(k)) or name
    labels = piece_labels(final.variant)
    key = ", ".join(
        f"{labels.get(k, k)} {t.name}" for k, t in final.variant.types.items()
    )
    first = page.frames[0]
    return Template(_template("viewer.html")).substitute(
        title=markup_escape(one_line(title)),
        about=markup_escape(about),
        css=_template("viewer.css"),
        script=_template("viewer.js"),
        frames="\n".join(_frame_html(i, f) for i, f in enumerate(page.frames)),
        status=markup_escape(first.status),
        comment=markup_escape(first.comment),
        moves=moves or '<span class="note">no moves</span>',
        result=markup_escape(_result(record, final)),
        key=markup_escape(key),
    )


def _unknown(value: str) -> bool:
    """A tag PGN fills in when nothing is known (``?``, ``????.??.??``)."""
    return not value.strip("?. ")


def _frame_html(index: int, frame: _Frame) -> str:
    def number(value: int | None) -> str:
        return "" if value is None else str(value)

    attributes = {
        "id": f"frame-{index}",
        "data-fen": frame.fen,
        "data-move": frame.label,
        "data-status": frame.status,
        "data-comment": frame.comment,
        "data-prev": number(frame.prev),
        "data-next": number(frame.next),
    }
    shown = "".join(f' {k}="{markup_escape(v)}"' for k, v in attributes.items())
    hidden = "" if index == 0 else " hidden"
    return f'<div class="frame"{shown}{hidden}>\n{frame.svg}</div>'


def _result(record: GameRecord, final: Position) -> str:
    """The result the record gives, and how the game ended where the board says so."""
    outcome = final.outcome()
    claimed = record.result_text
    if outcome is None:
        return f"Result: {claimed}" if claimed != "*" else "Result: * (game not over)"
    said = f"Result: {claimed}; " if claimed != outcome.result else ""
    return f"{said}{ending(final, outcome)}"


def _template(name: str) -> str:
    return resources.files("trebuchet").joinpath("templates", name).read_text(encoding="utf-8")
