"""Small SVG charts for reports: bars, a histogram, lines with a band.

Plain SVG text, no library: every label through
:func:`~trebuchet.analysis.output.markup_escape`, so the file stays well-formed
whatever a game's names hold.

>>> svg = bar_chart([("White", 3), ("Black", 1)], title="wins")
>>> svg.startswith("<svg") and svg.count("<rect") == 3
True
"""

from __future__ import annotations

from collections.abc import Sequence

from trebuchet.analysis.output import markup_escape

WIDTH, HEIGHT = 520, 240
#: room for the axes' labels: left, right, top, bottom
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 28, 36
COLOUR = "#1f4fd1"


def _open(title: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{markup_escape(title)}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="18" text-anchor="middle" font-size="14">'
        f"{markup_escape(title)}</text>",
    ]


def _axes(high: float, x_label: str, y_label: str) -> list[str]:
    bottom, right = HEIGHT - BOTTOM, WIDTH - RIGHT
    return [
        f'<line x1="{LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#444"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{bottom}" stroke="#444"/>',
        f'<text x="{LEFT - 4}" y="{TOP + 4}" text-anchor="end" font-size="11">'
        f"{_number(high)}</text>",
        f'<text x="{LEFT - 4}" y="{bottom}" text-anchor="end" font-size="11">0</text>',
        f'<text x="{(LEFT + right) / 2}" y="{HEIGHT - 6}" text-anchor="middle" '
        f'font-size="12">{markup_escape(x_label)}</text>',
        f'<text x="12" y="{(TOP + bottom) / 2}" text-anchor="middle" font-size="12" '
        f'transform="rotate(-90 12 {(TOP + bottom) / 2})">{markup_escape(y_label)}</text>',
    ]


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3g}"


def bar_chart(bars: Sequence[tuple[str, float]], *, title: str, y_label: str = "") -> str:
    """One bar per (label, value)."""
    high = max((v for _, v in bars), default=0) or 1
    parts = _open(title) + _axes(high, "", y_label)
    span = (WIDTH - LEFT - RIGHT) / max(len(bars), 1)
    bottom = HEIGHT - BOTTOM
    for i, (label, value) in enumerate(bars):
        h = (bottom - TOP) * value / high
        x = LEFT + i * span + span * 0.15
        parts.append(
            f'<rect x="{x:.1f}" y="{bottom - h:.1f}" width="{span * 0.7:.1f}" height="{h:.1f}" '
            f'fill="{COLOUR}"><title>{markup_escape(label)}: {_number(value)}</title></rect>'
        )
        parts.append(
            f'<text x="{x + span * 0.35:.1f}" y="{bottom + 14}" text-anchor="middle" '
            f'font-size="11">{markup_escape(label)}</text>'
        )
        # the count over its bar (inside, in white, where the bar reaches the top):
        # read at a glance, where the axis gives only the top
        inside = h > bottom - TOP - 14
        fill = ' fill="white"' if inside else ""
        parts.append(
            f'<text x="{x + span * 0.35:.1f}" y="{bottom - h + (14 if inside else -4):.1f}" '
            f'text-anchor="middle" font-size="11"{fill}>{_number(value)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def histogram(values: Sequence[float], *, title: str, x_label: str, bins: int = 20) -> str:
    """How many of ``values`` fall in each of ``bins`` equal ranges."""
    if not values:
        return bar_chart([], title=title)
    low, high = min(values), max(values)
    width = (high - low) / bins or 1.0
    counts = [0] * bins
    for v in values:
        counts[min(int((v - low) / width), bins - 1)] += 1
    top = max(counts)
    parts = _open(title) + _axes(top, x_label, "games")
    span = (WIDTH - LEFT - RIGHT) / bins
    bottom = HEIGHT - BOTTOM
    for i, count in enumerate(counts):
        h = (bottom - TOP) * count / top
        start = low + i * width
        parts.append(
            f'<rect x="{LEFT + i * span:.1f}" y="{bottom - h:.1f}" width="{span - 1:.1f}" '
            f'height="{h:.1f}" fill="{COLOUR}"><title>{_number(start)}–'
            f"{_number(start + width)}: {count}</title></rect>"
        )
    for value, anchor, x in ((low, "start", LEFT), (high, "end", WIDTH - RIGHT)):
        parts.append(
            f'<text x="{x}" y="{bottom + 14}" text-anchor="{anchor}" font-size="11">'
            f"{_number(value)}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def band_chart(
    middle: Sequence[float], low: Sequence[float], high: Sequence[float], *,
    title: str, x_label: str, y_label: str,
) -> str:
    """A line (``middle``, one value per x = 0, 1, …) in a shaded band from ``low`` to
    ``high``: a median between its quartiles."""
    top = max(high, default=0) or 1
    parts = _open(title) + _axes(top, x_label, y_label)
    n = len(middle)
    if n:
        bottom = HEIGHT - BOTTOM
        step = (WIDTH - LEFT - RIGHT) / max(n - 1, 1)

        def point(i: int, v: float) -> str:
            return f"{LEFT + i * step:.1f},{bottom - (bottom - TOP) * v / top:.1f}"

        band = [point(i, v) for i, v in enumerate(high)]
        band += [point(i, v) for i, v in reversed(list(enumerate(low)))]
        parts.append(f'<polygon points="{" ".join(band)}" fill="#c9d6f7"/>')
        line = " ".join(point(i, v) for i, v in enumerate(middle))
        parts.append(f'<polyline points="{line}" fill="none" stroke="{COLOUR}" stroke-width="2"/>')
        parts.append(
            f'<text x="{WIDTH - RIGHT}" y="{bottom + 14}" text-anchor="end" font-size="11">'
            f"{n - 1}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
