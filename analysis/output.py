"""Writing results: aligned terminal tables and CSV."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from typing import Any


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value) or "-"
    return str(value)


_NUMBER = re.compile(r"^[~<>]?-?[\d.]+%?$|^-$")


def _numeric(value: Any) -> bool:
    """Numbers, and texts that read as numbers (``~3.5``, ``-``), line up on the right."""
    return isinstance(value, (int, float)) or (
        isinstance(value, str) and bool(_NUMBER.match(value))
    )


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Columns padded to line up; numbers to the right, text to the left."""
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]
    numeric = [bool(rows) and all(_numeric(row[i]) for row in rows) for i in range(len(headers))]

    def line(values: Sequence[str]) -> str:
        parts = [
            v.rjust(w) if num else v.ljust(w)
            for v, w, num in zip(values, widths, numeric, strict=True)
        ]
        return "  ".join(parts).rstrip()

    out = [line(list(headers)), line(["-" * w for w in widths])]
    out += [line(row) for row in cells]
    return "\n".join(out)


def csv_text(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(headers)
    for row in rows:
        writer.writerow([_cell(v) if isinstance(v, (list, tuple)) else v for v in row])
    return buffer.getvalue()
