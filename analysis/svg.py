"""SVG pictures written as plain text: boards of any size, and heat maps.

No drawing library and no browser: an SVG is a few rectangles and text
elements, so it is built here as a string.  Squares are drawn White at the
bottom; missing squares (holes, an unbridged river) are hatched grey; pieces
are their FEN letters in a disc (white disc for White, black for Black), with
any cargo in small letters under the carrier.
"""

from __future__ import annotations

from collections.abc import Mapping
from xml.sax.saxutils import escape

from trebuchet.variants.geometry import Geometry
from trebuchet.variants.pieces import BLACK, WALL
from trebuchet.variants.position import Position

CELL = 48
MARGIN = 24
LIGHT, DARK, HOLE = "#f0d9b5", "#b58863", "#8c8c8c"


def _frame(geo: Geometry, title: str, extra_height: int = 0) -> tuple[list[str], int, int]:
    width = 2 * MARGIN + geo.files * CELL
    height = 2 * MARGIN + geo.ranks * CELL + extra_height + (MARGIN if title else 0)
    top = MARGIN + (MARGIN if title else 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        '<defs><pattern id="hole" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="8" height="8" fill="{HOLE}"/>'
        '<path d="M0 8L8 0" stroke="#5a5a5a" stroke-width="1.5"/></pattern></defs>',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    if title:
        parts.append(
            f'<text x="{width / 2}" y="{MARGIN}" text-anchor="middle" font-size="16">'
            f"{escape(title)}</text>"
        )
    return parts, top, width


def _xy(geo: Geometry, sq: int, top: int) -> tuple[int, int]:
    """Top-left corner of a square, White at the bottom."""
    return MARGIN + geo.file_of(sq) * CELL, top + (geo.ranks - 1 - geo.rank_of(sq)) * CELL


def _coordinates(geo: Geometry, top: int) -> list[str]:
    parts = []
    bottom = top + geo.ranks * CELL
    for f in range(geo.files):
        x = MARGIN + f * CELL + CELL / 2
        parts.append(
            f'<text x="{x}" y="{bottom + 16}" text-anchor="middle" font-size="12">'
            f"{geo.names[f][0]}</text>"
        )
    for r in range(geo.ranks):
        y = top + (geo.ranks - 1 - r) * CELL + CELL / 2 + 4
        parts.append(
            f'<text x="{MARGIN - 6}" y="{y}" text-anchor="end" font-size="12">{r + 1}</text>'
        )
    return parts


def _square(x: int, y: int, fill: str) -> str:
    return f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"/>'


def board_svg(pos: Position, title: str = "") -> str:
    """The position as an SVG board: squares, holes, coordinates and pieces."""
    geo = pos.variant.geometry
    parts, top, _ = _frame(geo, title)
    for sq, piece in enumerate(pos.board):
        x, y = _xy(geo, sq, top)
        if piece is WALL:
            parts.append(_square(x, y, "url(#hole)"))
            continue
        light = (geo.file_of(sq) + geo.rank_of(sq)) % 2 == 1
        parts.append(_square(x, y, LIGHT if light else DARK))
        if piece is None:
            continue
        white = piece.color != BLACK
        cx, cy = x + CELL / 2, y + CELL / 2
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{CELL * 0.38:.1f}" '
            f'fill="{"white" if white else "black"}" stroke="black" stroke-width="1.5"/>'
        )
        parts.append(
            f'<text x="{cx}" y="{cy + 7}" text-anchor="middle" font-size="20" '
            f'font-weight="bold" fill="{"black" if white else "white"}">{escape(piece.kind)}'
            "</text>"
        )
        if piece.cargo:
            parts.append(
                f'<text x="{cx}" y="{y + CELL - 2}" text-anchor="middle" font-size="9" '
                f'fill="{"black" if white else "white"}">{escape("".join(piece.cargo))}</text>'
            )
    parts += _coordinates(geo, top)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _heat(value: float, low: float, high: float) -> str:
    """Pale yellow (low) to deep red (high)."""
    t = 0.0 if high <= low else (value - low) / (high - low)
    r = 255
    g = round(245 - 190 * t)
    b = round(200 - 180 * t)
    return f"#{r:02x}{g:02x}{b:02x}"


def heatmap_svg(
    geo: Geometry,
    values: Mapping[int, float],
    *,
    title: str = "",
    holes: frozenset[int] = frozenset(),
    mark: int | None = None,
    missing: str = "",
) -> str:
    """A board coloured by ``values`` per square, each square labelled with its value.

    Squares without a value are left white and labelled ``missing`` (an
    unreachable square in a distance map); ``mark`` outlines one square (the
    origin of a distance map).
    """
    legend = 28
    parts, top, _ = _frame(geo, title, extra_height=legend)
    low = min(values.values(), default=0.0)
    high = max(values.values(), default=0.0)
    for sq in range(geo.size):
        x, y = _xy(geo, sq, top)
        if sq in holes:
            parts.append(_square(x, y, "url(#hole)"))
            continue
        value = values.get(sq)
        parts.append(_square(x, y, "white" if value is None else _heat(value, low, high)))
        parts.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" '
            'stroke="#999" stroke-width="0.5"/>'
        )
        label = missing if value is None else _number(value)
        parts.append(
            f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 5}" text-anchor="middle" '
            f'font-size="14">{escape(label)}</text>'
        )
    if mark is not None:
        x, y = _xy(geo, mark, top)
        parts.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
            'fill="none" stroke="#1f4fd1" stroke-width="4"/>'
        )
    parts += _coordinates(geo, top)
    y = top + geo.ranks * CELL + 30
    swatch = '<rect x="{x}" y="{y}" width="24" height="12" fill="{fill}"/>'
    parts += [
        f'<text x="{MARGIN}" y="{y}" font-size="12">low {_number(low)}</text>',
        swatch.format(x=MARGIN + 70, y=y - 11, fill=_heat(low, low, high)),
        swatch.format(x=MARGIN + 98, y=y - 11, fill=_heat(high, low, high)),
        f'<text x="{MARGIN + 128}" y="{y}" font-size="12">high {_number(high)}</text>',
    ]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"
