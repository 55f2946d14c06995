"""SVG pictures written as plain text: boards of any size, and heat maps.

No drawing library and no browser: an SVG is a few rectangles and text
elements, so it is built here as a string.  A board is drawn as a player reads
one: White at the bottom (Black with ``flipped``), missing squares (holes, an
unbridged river) hatched grey, pieces as their FEN letters in a disc (white
for White, black for Black) with any cargo in a label under the letter, the
last move's squares tinted, a royal piece in check glowing red, optional
arrows; beside the board the pieces each player holds, under it the side to
move (and check, mate or how the game ended) and a key of the game's pieces.
A heat map colours each square by a value, with a legend of the scale.

Every text is measured by :func:`text_width`, a generous estimate of a
sans-serif font; a title too long for one line is wrapped, and a line that
still cannot fit is squeezed to the width by ``textLength``, so no text runs
past the picture's edges whatever font the viewer has.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import hypot

from trebuchet.analysis.diagram import file_label, piece_labels, position_status
from trebuchet.analysis.output import markup_escape
from trebuchet.variants.geometry import Geometry
from trebuchet.variants.pieces import BLACK, WALL, WHITE, Piece, Player, color_name
from trebuchet.variants.position import Position

CELL = 48
MARGIN = 24
LIGHT, DARK, HOLE = "#f0d9b5", "#b58863", "#8c8c8c"
LAST_MOVE = "#f4e04d"
ARROW = "#15781b"
#: width of an average glyph of a sans-serif font, in ems, rounded up: text measured
#: with it is never narrower than drawn (digits and lower case are about 0.55)
CHAR = 0.62
TITLE_SIZE = 16
#: the smallest type a long title or a crowded label is set in
SMALLEST = 10
#: type of a piece's cargo: legible beside the 20-point letter of its carrier
CARGO_SIZE = 12
#: the side panel's columns (pieces in hand) and the height of one entry
HAND_COLUMN = 60
HAND_ROW = 40


def text_width(text: str, size: float) -> float:
    """The width ``text`` takes at ``size`` points, estimated generously."""
    return len(text) * size * CHAR


def _text(x: float, y: float, text: str, size: float, *, width: float | None = None,
          anchor: str = "middle", extra: str = "") -> str:
    """A text element; one estimated wider than ``width`` is squeezed to it."""
    fit = ""
    if width is not None and text_width(text, size) > width:
        fit = f' textLength="{width:.0f}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}"{fit}'
        f"{extra}>{markup_escape(text)}</text>"
    )


def wrap(text: str, width: float, size: int = TITLE_SIZE) -> tuple[list[str], int]:
    """``text`` broken into lines no wider than ``width``, and the size to set them in:
    the size shrinks (down to :data:`SMALLEST`) while a single word is too wide."""
    words = text.split()
    while size > SMALLEST and any(text_width(w, size) > width for w in words):
        size -= 1
    lines: list[str] = []
    for word in words:
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines, size


@dataclass(frozen=True)
class _Frame:
    """Where the parts of a picture go: the board's corner, the panel, the total size."""

    geo: Geometry
    flipped: bool
    title: tuple[str, ...]
    title_size: int
    side: int
    below: int

    @property
    def left(self) -> int:
        return MARGIN

    @property
    def top(self) -> int:
        lines = len(self.title)
        return MARGIN + (lines * (self.title_size + 4) + 4 if lines else 0)

    @property
    def board_width(self) -> int:
        return self.geo.files * CELL

    @property
    def board_bottom(self) -> int:
        return self.top + self.geo.ranks * CELL

    @property
    def width(self) -> int:
        return 2 * MARGIN + self.board_width + self.side

    @property
    def height(self) -> int:
        return self.board_bottom + MARGIN + self.below

    def xy(self, sq: int) -> tuple[int, int]:
        """Top-left corner of a square: White at the bottom, or Black when flipped."""
        file, rank = self.geo.file_of(sq), self.geo.rank_of(sq)
        if self.flipped:
            file, rank = self.geo.files - 1 - file, self.geo.ranks - 1 - rank
        return self.left + file * CELL, self.top + (self.geo.ranks - 1 - rank) * CELL

    def centre(self, sq: int) -> tuple[float, float]:
        x, y = self.xy(sq)
        return x + CELL / 2, y + CELL / 2


def _frame(
    geo: Geometry, title: str, *, flipped: bool = False, side: int = 0, below: int = 0
) -> _Frame:
    lines, size = wrap(title, 2 * MARGIN + geo.files * CELL + side - 2 * 8)
    return _Frame(geo, flipped, tuple(lines), size, side, below)


def _open(frame: _Frame) -> list[str]:
    """The SVG element, the shared definitions, the white ground and the title."""
    w, h = frame.width, frame.height
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="sans-serif">',
        "<defs>"
        '<pattern id="hole" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="8" height="8" fill="{HOLE}"/>'
        '<path d="M0 8L8 0" stroke="#5a5a5a" stroke-width="1.5"/></pattern>'
        '<radialGradient id="check"><stop offset="0%" stop-color="#ff0000"/>'
        '<stop offset="70%" stop-color="#e70000"/>'
        '<stop offset="100%" stop-color="#9e0000" stop-opacity="0.25"/></radialGradient>'
        '<marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" '
        'markerHeight="3" orient="auto"><path d="M0 0L10 5L0 10z" '
        f'fill="{ARROW}"/></marker>'
        "</defs>",
        f'<rect width="{w}" height="{h}" fill="white"/>',
    ]
    for i, line in enumerate(frame.title):
        y = MARGIN + i * (frame.title_size + 4)
        parts.append(
            _text(w / 2, y, line, frame.title_size, width=w - 16, extra=' class="title"')
        )
    return parts


def _coordinates(frame: _Frame, names: tuple[str, ...]) -> list[str]:
    geo = frame.geo
    parts = []
    for f in range(geo.files):
        shown = geo.files - 1 - f if frame.flipped else f
        x = frame.left + f * CELL + CELL / 2
        label = file_label(names, geo.files, shown)
        parts.append(_text(x, frame.board_bottom + 16, label, 12))
    for r in range(geo.ranks):
        shown = geo.ranks - 1 - r if frame.flipped else r
        y = frame.top + (geo.ranks - 1 - r) * CELL + CELL / 2 + 4
        parts.append(_text(frame.left - 6, y, str(shown + 1), 12, anchor="end"))
    return parts


def _square(x: float, y: float, fill: str, extra: str = "") -> str:
    return f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"{extra}/>'


def piece_glyph(
    cx: float,
    cy: float,
    piece: Piece,
    radius: float = CELL * 0.38,
    labels: Mapping[str, str] | None = None,
) -> str:
    """A piece: its letter (or its kind's label) in a disc of its owner's colour,
    squeezed to the disc when long, its cargo in a label below."""
    white = piece.color != BLACK
    ink, ground = ("black", "white") if white else ("white", "black")
    named = labels or {}
    size = round(radius * 1.1)
    letter_y = cy + size * 0.35 - (radius * 0.25 if piece.cargo else 0)
    letter = named.get(piece.kind, piece.kind)
    parts = [
        f'<g class="piece" data-piece="{markup_escape(piece.symbol)}">',
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{ground}" '
        'stroke="black" stroke-width="1.5"/>',
        _text(cx, letter_y, letter, size, width=radius * 1.7,
              extra=f' font-weight="bold" fill="{ink}"'),
    ]
    if piece.cargo:
        letters = "".join(named.get(k, k) for k in piece.cargo)
        letters = letters if white else letters.lower()  # in the owner's case, as in FEN
        parts.append(_cargo(cx, cy + radius * 0.55, letters, radius))
    parts.append("</g>")
    return "".join(parts)


def _cargo(cx: float, top: float, letters: str, radius: float) -> str:
    """The carried pieces' letters on a light label, at :data:`CARGO_SIZE` points
    (squeezed to the disc's width only when there are many)."""
    size = CARGO_SIZE if radius >= CELL * 0.3 else SMALLEST
    width = min(text_width(letters, size) + 6, radius * 2.6)
    return (
        f'<g class="cargo"><rect x="{cx - width / 2:.1f}" y="{top:.1f}" width="{width:.1f}" '
        f'height="{size + 3}" rx="3" fill="#fffbe6" stroke="#333" stroke-width="0.8"/>'
        + _text(cx, top + size, letters, size, width=width - 4,
                extra=' font-weight="bold" fill="black"')
        + "</g>"
    )


def board_svg(
    pos: Position,
    title: str = "",
    *,
    flipped: bool = False,
    arrows: Sequence[tuple[int, int]] = (),
    key: bool = True,
    highlight: Sequence[int] | None = None,
    labels: Mapping[str, str] | None = None,
    ids: str = "",
) -> str:
    """The position as a player reads it: the board with its last move and any check
    marked, ``arrows`` (from, to) drawn on it, the pieces in hand beside it, and
    under it the side to move (or how the game ended) and, with ``key``, what
    each letter means.

    ``highlight`` gives the squares to tint instead of the last move's (none:
    ``()``); ``flipped`` puts Black at the bottom.  ``labels`` name long kinds
    in short (default: :func:`~trebuchet.analysis.diagram.piece_labels`), the key
    saying what they stand for.  ``ids`` prefixes the picture's element ids (its
    hatching, check glow and arrowhead), so that many pictures can share one
    HTML page: there ``url(#check)`` finds the first element of that id in the
    page, which may be in a hidden picture, and a hidden one is not drawn.
    """
    geo = pos.variant.geometry
    shown = piece_labels(pos.variant) if labels is None else dict(labels)
    holdings = _holdings(pos)
    entries = _key_entries(pos, shown) if key else []
    side = _side_width(holdings, geo)
    probe = _frame(geo, title, flipped=flipped, side=side)
    rows = _key_rows(entries, probe.width)
    frame = _frame(geo, title, flipped=flipped, side=side, below=30 + 22 * len(rows))
    parts = _open(frame)
    parts += _squares(frame, pos)
    parts += _highlights(frame, pos, _last_move(pos) if highlight is None else highlight)
    parts += _pieces(frame, pos, shown)
    parts += _coordinates(frame, geo.names)
    parts += _arrows(frame, arrows)
    parts += _hands(frame, holdings, shown)
    parts += _status(frame, pos)
    parts += _key(frame, rows)
    parts.append("</svg>")
    svg = "\n".join(parts) + "\n"
    if ids:  # every id and reference is written by this module, as id="…" and url(#…)
        svg = svg.replace(' id="', f' id="{ids}').replace("url(#", f"url(#{ids}")
    return svg


def _squares(frame: _Frame, pos: Position) -> list[str]:
    geo = frame.geo
    parts = []
    for sq in range(geo.grid_size):
        x, y = frame.xy(sq)
        if pos.board[sq] is WALL:
            parts.append(_square(x, y, "url(#hole)"))
            continue
        light = (geo.file_of(sq) + geo.rank_of(sq)) % 2 == 1
        parts.append(_square(x, y, LIGHT if light else DARK))
    return parts


def _last_move(pos: Position) -> tuple[int, ...]:
    """The squares the last move left and reached (a drop: only where it landed)."""
    stack = pos.move_stack
    if not stack or stack[-1].is_null():
        return ()
    move = stack[-1]
    return tuple(sq for sq in (move.frm, move.to) if sq is not None)


def _highlights(frame: _Frame, pos: Position, squares: Sequence[int]) -> list[str]:
    """The last move's squares tinted; each royal piece of the side to move glowing
    red while it is in check."""
    parts = []
    for sq in squares:
        if frame.geo.on_grid(sq):
            x, y = frame.xy(sq)
            parts.append(_square(x, y, LAST_MOVE, ' opacity="0.55" class="last-move"'))
    if pos.is_check():
        for sq in pos.royals[pos.turn]:
            if frame.geo.on_grid(sq):
                x, y = frame.xy(sq)
                parts.append(_square(x, y, "url(#check)", ' class="check"'))
    return parts


def _pieces(frame: _Frame, pos: Position, labels: Mapping[str, str]) -> list[str]:
    parts = []
    for sq in range(frame.geo.grid_size):
        piece = pos.board[sq]
        if piece is not None and piece is not WALL:
            parts.append(piece_glyph(*frame.centre(sq), piece, labels=labels))
    return parts


def _arrows(frame: _Frame, arrows: Sequence[tuple[int, int]]) -> list[str]:
    """Each arrow from the centre of one square to just short of the other's."""
    parts = []
    for frm, to in arrows:
        (x1, y1), (x2, y2) = frame.centre(frm), frame.centre(to)
        length = hypot(x2 - x1, y2 - y1) or 1.0
        back = min(CELL * 0.3, length / 2)
        x2, y2 = x2 - (x2 - x1) * back / length, y2 - (y2 - y1) * back / length
        parts.append(
            f'<line class="arrow" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{ARROW}" stroke-width="{CELL * 0.16:.1f}" stroke-linecap="round" '
            'opacity="0.75" marker-end="url(#arrowhead)"/>'
        )
    return parts


# -- beside and under the board ------------------------------------------------------

@dataclass(frozen=True)
class _Held:
    """One entry of the side panel: a piece a player holds, and its count or place."""

    piece: Piece
    label: str


def _holdings(pos: Position) -> dict[Player, list[_Held]]:
    """What each player has off the board: pieces in hand (with their counts), and
    the pieces on a Zillions game's squares off the grid (with the square's name).

    In a game with hands every player has an entry, empty or not, so that the
    pictures of one game's positions all have the same size.
    """
    variant = pos.variant
    held: dict[Player, list[_Held]] = {}
    if variant.has_hands:
        for player in variant.player_range:
            held[player] = []
            for hand_key, count in sorted(pos.hand(player).items()):
                piece = _hand_piece(pos, hand_key, player)
                if piece is not None:
                    held[player].append(_Held(piece, f"×{count}"))
    geo = variant.geometry
    for sq in range(geo.grid_size, geo.size):
        piece = pos.board[sq]
        if piece is not None and piece is not WALL and piece.color is not None:
            held.setdefault(piece.color, []).append(_Held(piece, geo.names[sq]))
    return held


def _hand_piece(pos: Position, hand_key: str, player: Player) -> Piece | None:
    """The piece a hand key (``N``, ``T(FWECR)``) stands for, held by ``player``."""
    kind, _, rest = hand_key.partition("(")
    try:
        return pos.variant.piece(kind, player, rest.rstrip(")"))
    except (KeyError, ValueError):
        return None


def _panel_columns(count: int, geo: Geometry) -> int:
    per_column = max(1, (geo.ranks * CELL // 2 - 20) // HAND_ROW)
    return max(1, -(-count // per_column))


def _side_width(holdings: Mapping[Player, list[_Held]], geo: Geometry) -> int:
    if not holdings:
        return 0
    columns = max(2, *(_panel_columns(len(h), geo) for h in holdings.values()))
    return 12 + columns * HAND_COLUMN


def _hands(
    frame: _Frame, holdings: Mapping[Player, list[_Held]], labels: Mapping[str, str]
) -> list[str]:
    """Each player's pieces in hand beside the board, on that player's side: Black's
    at the top, White's at the bottom (the other way round when flipped)."""
    if not frame.side:
        return []
    x0 = frame.left + frame.board_width + 16
    half = frame.geo.ranks * CELL // 2
    parts = []
    for player, items in holdings.items():
        near = (player == WHITE) != frame.flipped
        top = frame.top + (half if near else 0)
        heading = f"{color_name(player).capitalize()} holds{'' if items else ' nothing'}"
        parts.append(f'<g class="hand" data-player="{color_name(player)}">')
        parts.append(_text(x0, top + 14, heading, 12, anchor="start",
                           width=frame.side - 14))
        per_column = max(1, (half - 20) // HAND_ROW)
        for i, item in enumerate(items):
            cx = x0 + 15 + (i // per_column) * HAND_COLUMN
            cy = top + 20 + HAND_ROW / 2 + (i % per_column) * HAND_ROW
            parts.append(piece_glyph(cx, cy, item.piece, radius=15, labels=labels))
            parts.append(_text(cx + 18, cy + 5, item.label, 13, anchor="start",
                               width=HAND_COLUMN - 34))
        parts.append("</g>")
    return parts


def _status(frame: _Frame, pos: Position) -> list[str]:
    """The side to move (a disc of its colour) and check, mate or the game's end."""
    y = frame.board_bottom + 38
    white = pos.turn != BLACK
    text = position_status(pos)
    return [
        '<g class="status">',
        f'<circle cx="{frame.left + 7}" cy="{y - 5}" r="7" fill="{"white" if white else "black"}"'
        ' stroke="black" stroke-width="1.5"/>',
        _text(frame.left + 20, y, text, 14, anchor="start",
              width=frame.width - frame.left - 20 - 8),
        "</g>",
    ]


def _key_entries(pos: Position, labels: Mapping[str, str]) -> list[tuple[str, str]]:
    """(letter or label, name) of every kind of piece of the game, in its order."""
    return [(labels.get(k, k), ptype.name) for k, ptype in pos.variant.types.items()]


def _entry_width(entry: tuple[str, str]) -> float:
    return 26 + text_width(entry[1], 12) + 14


def _key_rows(entries: list[tuple[str, str]], width: int) -> list[list[tuple[str, str]]]:
    """The key's entries in rows of equal columns that fit ``width``."""
    if not entries:
        return []
    column = max(_entry_width(e) for e in entries)
    per_row = max(1, int((width - 2 * MARGIN) // column))
    return [entries[i : i + per_row] for i in range(0, len(entries), per_row)]


def _key(frame: _Frame, rows: list[list[tuple[str, str]]]) -> list[str]:
    """Each piece's letter (on a small white disc) and name, in rows under the status."""
    if not rows:
        return []
    return _key_lines(frame.left, frame.board_bottom + 62, frame.width, rows)


def _key_lines(
    left: float, first_y: float, width: float, rows: list[list[tuple[str, str]]]
) -> list[str]:
    """The key's rows from ``first_y`` down, in columns across ``width``."""
    if not rows:
        return []
    column = (width - 2 * MARGIN) / max(len(r) for r in rows)
    parts = ['<g class="key">']
    for r, row in enumerate(rows):
        y = first_y + r * 22
        for c, (letter, name) in enumerate(row):
            x = left + c * column
            parts.append(
                f'<circle cx="{x + 9:.1f}" cy="{y - 4}" r="9" fill="white" stroke="black"/>'
            )
            parts.append(_text(x + 9, y, letter, 11, width=16, extra=' font-weight="bold"'))
            parts.append(_text(x + 24, y, name, 12, anchor="start", width=column - 28))
    parts.append("</g>")
    return parts


# -- boards by their own layout ------------------------------------------------------

@dataclass(frozen=True)
class LayoutCell:
    """One position of a board drawn by its own layout (a Zillions game's pixel
    rectangles): where it is, its name, and the letter of what stands on it."""

    rect: tuple[int, int, int, int]
    name: str
    mark: str = ""
    first_player: bool = True


def layout_svg(
    cells: Sequence[LayoutCell], title: str = "", key: Sequence[tuple[str, str]] = ()
) -> str:
    """A board drawn by its own layout, for a game trebuchet cannot play: each cell
    its rectangle scaled so that a typical cell is :data:`CELL` wide, shaded as
    a chequer by its column and row, its piece a disc (white for the first
    player), then the ``key`` (letter, what it stands for) under it."""
    if not cells:
        return layout_svg([LayoutCell((0, 0, 1, 1), "-")], title or "no positions", key)
    widths = sorted(max(1, c.rect[2] - c.rect[0]) for c in cells)
    scale = CELL / widths[len(widths) // 2]
    x0 = min(c.rect[0] for c in cells)
    y0 = min(c.rect[1] for c in cells)
    board_w = (max(c.rect[2] for c in cells) - x0) * scale
    board_h = (max(c.rect[3] for c in cells) - y0) * scale
    columns = sorted({c.rect[0] for c in cells})
    rows = sorted({c.rect[1] for c in cells})
    width = round(2 * MARGIN + board_w)
    lines, size = wrap(title, width - 16)
    top = MARGIN + (len(lines) * (size + 4) + 4 if lines else 0)
    key_rows = _key_rows(list(key), width)
    height = round(top + board_h + MARGIN + 22 * len(key_rows) + (20 if key_rows else 0))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    parts += [
        _text(width / 2, MARGIN + i * (size + 4), line, size, width=width - 16,
              extra=' class="title"')
        for i, line in enumerate(lines)
    ]
    for cell in cells:
        x = MARGIN + (cell.rect[0] - x0) * scale
        y = top + (cell.rect[1] - y0) * scale
        w = max(1.0, (cell.rect[2] - cell.rect[0]) * scale)
        h = max(1.0, (cell.rect[3] - cell.rect[1]) * scale)
        light = (columns.index(cell.rect[0]) + rows.index(cell.rect[1])) % 2 == 0
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
            f'fill="{LIGHT if light else DARK}" stroke="#6d5237" stroke-width="0.5">'
            f"<title>{markup_escape(cell.name)}</title></rect>"
        )
        if cell.mark:
            radius = min(w, h) * 0.38
            ink, ground = ("black", "white") if cell.first_player else ("white", "black")
            cx, cy = x + w / 2, y + h / 2
            parts.append(
                f'<g class="piece" data-piece="{markup_escape(cell.mark)}">'
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{ground}" '
                'stroke="black" stroke-width="1.5"/>'
                + _text(cx, cy + radius * 0.4, cell.mark, round(radius * 1.1),
                        width=radius * 1.7, extra=f' font-weight="bold" fill="{ink}"')
                + "</g>"
            )
    parts += _key_lines(MARGIN, top + board_h + MARGIN + 14, width, key_rows)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# -- heat maps --------------------------------------------------------------------------

def _heat(value: float, low: float, high: float) -> str:
    """Pale yellow (low) to deep red (high)."""
    t = 0.0 if high <= low else (value - low) / (high - low)
    r = 255
    g = round(245 - 190 * t)
    b = round(200 - 180 * t)
    return f"#{r:02x}{g:02x}{b:02x}"


#: swatches of the heat-map legend, from the lowest value to the highest
LEGEND_STEPS = 9


def heatmap_svg(
    geo: Geometry,
    values: Mapping[int, float],
    *,
    title: str = "",
    holes: frozenset[int] = frozenset(),
    mark: int | None = None,
    missing: str = "",
    unit: str = "",
) -> str:
    """A board coloured by ``values`` per square, each square labelled with its value,
    and under it a legend of the scale (``unit`` names what the values count).

    Squares without a value are left white and labelled ``missing`` (an
    unreachable square in a distance map); ``mark`` outlines one square (the
    origin of a distance map).
    """
    frame = _frame(geo, title, below=56 if missing else 40)
    parts = _open(frame)
    low = min(values.values(), default=0.0)
    high = max(values.values(), default=0.0)
    for sq in range(geo.grid_size):
        x, y = frame.xy(sq)
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
        parts.append(_text(x + CELL / 2, y + CELL / 2 + 5, label, 14, width=CELL - 4))
    if mark is not None:
        x, y = frame.xy(mark)
        parts.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
            'fill="none" stroke="#1f4fd1" stroke-width="4"/>'
        )
    parts += _coordinates(frame, geo.names)
    parts += _legend(frame, low, high, unit, missing)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _legend(frame: _Frame, low: float, high: float, unit: str, missing: str) -> list[str]:
    """A bar of :data:`LEGEND_STEPS` swatches from ``low`` to ``high``, the values at
    its ends and middle, ``unit`` after it, and what an empty square means."""
    y = frame.board_bottom + 38
    label_w = max(text_width(_number(v), 12) for v in (low, high)) + 8
    unit_w = text_width(unit, 12) + 8 if unit else 0
    bar = max(90.0, min(frame.width - 2 * MARGIN - 2 * label_w - unit_w, 320.0))
    x0 = frame.left + label_w
    step = bar / LEGEND_STEPS
    parts = ['<g class="legend">', _text(x0 - 6, y, _number(low), 12, anchor="end")]
    for i in range(LEGEND_STEPS):
        value = low + (high - low) * i / (LEGEND_STEPS - 1)
        parts.append(
            f'<rect x="{x0 + i * step:.1f}" y="{y - 11}" width="{step + 0.5:.1f}" height="12" '
            f'fill="{_heat(value, low, high)}"/>'
        )
    parts.append(
        f'<rect x="{x0:.1f}" y="{y - 11}" width="{bar:.1f}" height="12" fill="none" '
        'stroke="#666" stroke-width="0.5"/>'
    )
    if high > low:
        middle = (low + high) / 2
        parts.append(_text(x0 + bar / 2, y + 14, _number(middle), 11))
    parts.append(_text(x0 + bar + 6, y, _number(high), 12, anchor="start"))
    if unit:
        parts.append(_text(x0 + bar + label_w, y, unit, 12, anchor="start"))
    if missing:
        note = f"{missing}: never reached"
        parts.append(_text(frame.left, y + 30, note, 12, anchor="start"))
    parts.append("</g>")
    return parts


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"
