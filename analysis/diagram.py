"""A position as a text diagram, for terminals: White at the bottom.

>>> from trebuchet.variants.registry import get_variant
>>> print(text_diagram(get_variant("chess").start_position()).splitlines()[0])
8  r n b q k b n r
"""

from __future__ import annotations

from trebuchet.variants.pieces import color_name
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Outcome


def text_diagram(pos: Position, *, flipped: bool = False) -> str:
    """The board with coordinates ('.' empty, '*' no square; Black at the bottom
    when ``flipped``), then the player to move and whether they are in check or
    the game is over, what each player holds, and the FEN."""
    variant = pos.variant
    geo = variant.geometry
    cells = {sq: (p.symbol if p is not None else ".") for sq, p in enumerate(pos.board)}
    width = max(2, *(len(c) + 1 for c in cells.values()))
    label = len(str(geo.ranks))
    ranks = range(geo.ranks) if flipped else range(geo.ranks - 1, -1, -1)
    order = range(geo.files - 1, -1, -1) if flipped else range(geo.files)
    lines = []
    for rank in ranks:
        squares = geo.squares_of_rank(rank)
        row = "".join(cells[squares[f]].rjust(width) for f in order)
        lines.append(f"{rank + 1:>{label}} {row}")
    files = "".join(file_label(geo.names, geo.files, f).rjust(width) for f in order)
    lines.append(" " * (label + 1) + files)
    lines.append("")
    lines.append(position_status(pos))
    if variant.has_hands:
        for player in variant.player_range:
            held = " ".join(f"{k}x{n}" for k, n in sorted(pos.hand(player).items())) or "-"
            lines.append(f"{color_name(player).capitalize()} holds: {held}")
    lines.append(pos.fen())
    return "\n".join(lines)


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
    (White wins)``.

    ``outcome`` saves working it out again when the caller has it.
    """
    mover = color_name(pos.turn).capitalize()
    ended = outcome if outcome is not None else pos.outcome()
    if ended is None:
        return f"{mover} to move, in check" if pos.is_check() else f"{mover} to move"
    return ending(pos, ended)


def ending(pos: Position, outcome: Outcome) -> str:
    """How the game ended, in words, with its result."""
    mover = color_name(pos.turn).capitalize()
    if outcome.winner is None:
        winner = "drawn"
    else:
        winner = f"{color_name(outcome.winner).capitalize()} wins"
    if outcome.termination == "checkmate" and outcome.winner != pos.turn:
        return f"{mover} is checkmated: {outcome.result} ({winner})"
    what = outcome.termination.replace("_", " ")
    return f"game over, {what}: {outcome.result} ({winner})"
