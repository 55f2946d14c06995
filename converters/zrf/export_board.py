"""Squares beside the board: the columns exported files keep their own state on.

A Zillions board may hold several grids; the exported files add one-column
grids to the right of the game's board for what the game's rules count or hold
(hands, the halfmove clock, checks received, markers).  Each is one column
``offset`` columns off the board, so that two of them do not overlap.

>>> from trebuchet.variants.registry import get_variant
>>> column_beside(get_variant("chess"), "y", ["1", "2"])[1:3]
['      (start-rectangle 450 0 500 50)', '      (dimensions ("y" (50 0)) ("1/2" (0 50)))']
"""

from __future__ import annotations

from collections.abc import Sequence

from trebuchet.variants.variant import Variant

#: the side of a board square in pixels
CELL = 50


def column_beside(
    variant: Variant, file: str, ranks: Sequence[str], offset: int = 1, directions: str = ""
) -> list[str]:
    """A grid of one column beside the board, ``offset`` columns off it, whose
    squares are named ``file`` and each of ``ranks`` from the top, with
    ``directions`` (a line; none: nothing on the board reaches those squares)."""
    left = (variant.geometry.files + offset) * CELL
    return [
        "    (grid",
        f"      (start-rectangle {left} 0 {left + CELL} {CELL})",
        f'      (dimensions ("{file}" ({CELL} 0)) ("{"/".join(ranks)}" (0 {CELL})))',
        *([directions] if directions else []),
        "    )",
    ]
