"""A position as a text diagram, for terminals: White at the bottom.

>>> from trebuchet.variants.registry import get_variant
>>> print(text_diagram(get_variant("chess").start_position()).splitlines()[0])
8  r n b q k b n r
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from trebuchet.variants.game import Game, Outcome
from trebuchet.variants.pieces import BLACK, WALL, Piece
from trebuchet.variants.position import Position

#: a kind whose letters are longer than this is drawn by a short label instead (a
#: Zillions game of more than 26 kinds has no FEN letters: its kinds are names)
LONGEST_LABEL = 4


def text_diagram(
    pos: Position, *, flipped: bool = False, labels: Mapping[str, str] | None = None
) -> str:
    """The board with coordinates ('.' empty, '*' no square; Black at the bottom
    when ``flipped``), then the player to move and whether they are in check or
    the game is over, what each player holds, and the FEN.

    Pieces are their FEN letters, or the ``labels`` of long kinds (default:
    :func:`piece_labels`), so that a row of a big board still fits a terminal.
    """
    variant = pos.variant
    geo = variant.geometry
    shown = piece_labels(variant) if labels is None else labels
    cells = {sq: piece_text(p, shown) for sq, p in enumerate(pos.board)}
    ranks = range(geo.ranks) if flipped else range(geo.ranks - 1, -1, -1)
    order = range(geo.files - 1, -1, -1) if flipped else range(geo.files)
    files = [file_label(geo.names, geo.files, f) for f in order]
    width = max(2, *(len(c) + 1 for c in cells.values()), *(len(f) + 1 for f in files))
    label = len(str(geo.ranks))
    lines = []
    for rank in ranks:
        squares = geo.squares_of_rank(rank)
        row = "".join(cells[squares[f]].rjust(width) for f in order)
        lines.append(f"{rank + 1:>{label}} {row}")
    lines.append(" " * (label + 1) + "".join(f.rjust(width) for f in files))
    lines.append("")
    lines.append(position_status(pos))
    if variant.has_hands:
        for player in variant.player_range:
            held = " ".join(f"{k}x{n}" for k, n in sorted(pos.hand(player).items())) or "-"
            lines.append(f"{variant.player_name(player)} holds: {held}")
    lines.append(pos.fen())
    return "\n".join(lines)


def piece_text(piece: Piece | None, labels: Mapping[str, str]) -> str:
    """A square's text: ``.`` empty, else the piece's letters (its kind's label where
    it has one), in lower case for Black as in FEN."""
    if piece is None:
        return "."
    if not labels or piece is WALL:
        return piece.symbol
    cargo = "".join(labels.get(k, k) for k in piece.cargo)
    letters = labels.get(piece.kind, piece.kind) + (f"({cargo})" if cargo else "")
    return letters.lower() if piece.color == BLACK else letters


def piece_labels(variant: Game, preferred: Mapping[str, str] | None = None) -> dict[str, str]:
    """Short labels for a game some of whose kinds are longer than
    :data:`LONGEST_LABEL` (none for a game of FEN letters), for every kind
    longer than two letters: its ``preferred``
    label where that is short and free (a Zillions piece's own notation), else
    the initials of its name's words (``Ferocious-Leopard`` FL), with a digit
    added while another kind has them.  Labels are upper case, as White's."""
    kinds = list(variant.types)
    if all(len(k) <= LONGEST_LABEL for k in kinds):
        return {}
    # the kinds are names then (PAWN, FEROCIOUS-LEOPARD): all but the shortest get labels
    taken = {k.upper() for k in kinds if len(k) <= 2}
    labels: dict[str, str] = {}
    for kind in kinds:
        if len(kind) <= 2:
            continue
        wanted = (preferred or {}).get(kind, "").upper()
        if not wanted or len(wanted) > LONGEST_LABEL or wanted in taken:
            words = [w for w in re.split(r"[^A-Za-z0-9]+", variant.types[kind].name) if w]
            wanted = "".join(w[0] for w in words).upper()[:3] or kind[:3].upper()
            stem, n = wanted, 1
            while wanted in taken:
                n += 1
                wanted = f"{stem}{n}"
        taken.add(wanted)
        labels[kind] = wanted
    return labels


def file_label(names: tuple[str, ...], files: int, file: int) -> str:
    """A file's label: the letters its squares' names start with (``a`` of ``a1``),
    read off the lowest square of the file that is there."""
    for sq in range(file, len(names), files):
        name = names[sq]
        if name:
            letters = name.rstrip("0123456789")
            return letters or name
    return ""


def position_status(pos: Position, outcome: Outcome | None = None) -> str:
    """Who is to move, and whether they are in check or the game is over, as a player
    would say it: ``White to move``, ``Black to move, in check``, ``Black is
    checkmated: 1-0``, ``stalemate: 1/2-1/2``, ``game over, king in center: 1-0
    (won by White)``.

    ``outcome`` saves working it out again when the caller has it.
    """
    mover = pos.variant.player_name(pos.turn)
    ended = outcome if outcome is not None else pos.outcome()
    if ended is None:
        return f"{mover} to move, in check" if pos.is_check() else f"{mover} to move"
    return ending(pos, ended)


def ending(pos: Position, outcome: Outcome) -> str:
    """How the game ended, in words, with its result."""
    mover = pos.variant.player_name(pos.turn)
    who = outcome.verdict(pos.variant.player_name)
    if outcome.termination == "checkmate" and outcome.winner != pos.turn:
        return f"{mover} is checkmated: {outcome.result} ({who})"
    what = outcome.termination.replace("_", " ")
    return f"game over, {what}: {outcome.result} ({who})"
