"""A position as a text diagram, for terminals: White at the bottom.

>>> from trebuchet.variants.registry import get_variant
>>> print(text_diagram(get_variant("chess").start_position()).splitlines()[0])
8  r n b q k b n r
"""

from __future__ import annotations

from trebuchet.variants.pieces import color_name
from trebuchet.variants.position import Position


def text_diagram(pos: Position) -> str:
    """The board with coordinates ('.' empty, '*' no square), then the player to
    move, what each player holds, and the FEN."""
    variant = pos.variant
    geo = variant.geometry
    cells = {sq: (p.symbol if p is not None else ".") for sq, p in enumerate(pos.board)}
    width = max(2, *(len(c) + 1 for c in cells.values()))
    label = len(str(geo.ranks))
    lines = []
    for rank in range(geo.ranks - 1, -1, -1):
        row = "".join(cells[sq].rjust(width) for sq in geo.squares_of_rank(rank))
        lines.append(f"{rank + 1:>{label}} {row}")
    files = "".join(_file_label(geo.names, geo.files, f).rjust(width) for f in range(geo.files))
    lines.append(" " * (label + 1) + files)
    lines.append("")
    lines.append(f"{color_name(pos.turn).capitalize()} to move")
    if variant.has_hands:
        for player in variant.player_range:
            held = " ".join(f"{k}x{n}" for k, n in sorted(pos.hand(player).items())) or "-"
            lines.append(f"{color_name(player).capitalize()} holds: {held}")
    lines.append(pos.fen())
    return "\n".join(lines)


def _file_label(names: tuple[str, ...], files: int, file: int) -> str:
    """A file's label: the letters its squares' names start with (``a`` of ``a1``),
    read off the lowest square of the file that is there."""
    for sq in range(file, len(names), files):
        name = names[sq]
        if name:
            letters = name.rstrip("0123456789")
            return letters or name
    return ""
