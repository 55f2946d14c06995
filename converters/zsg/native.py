"""trebuchet's own games read back from saved games: the setup applied to the
start, each line matched against the legal moves' lines (:mod:`.turns`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from trebuchet.converters.record import (
    GameRecord,
    MoveNode,
    RecordError,
)
from trebuchet.converters.zsg.grammar import SavedGame, read_zsg
from trebuchet.converters.zsg.lines import atom_name
from trebuchet.converters.zsg.turns import replay_turns, result_from_the_end
from trebuchet.variants.errors import FenError
from trebuchet.variants.pieces import BLACK, WHITE, Piece
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant
from trebuchet.variants.zrf.errors import ZrfError

# pyparsing is imported where a move line is first read: it costs 8 MB of memory,
# which every other use of trebuchet would pay (docs/speed.md)
if TYPE_CHECKING:
    pass



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
    result_from_the_end(record, pos)
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
