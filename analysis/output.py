"""Writing results: aligned terminal tables, CSV, and text made safe for markup.

Names come from files anyone can write: a rules file's title or square names
may hold NUL, other control characters or U+2028.  XML 1.0 cannot carry most
control characters at all, not even as character references, and DOT files
cannot carry NUL, so every writer of SVG, GraphML, DOT and HTML passes names
through :func:`visible_text`, which writes such characters as escapes a reader
can see (``\\x00``, ``\\u2028``), and the markup writers through
:func:`markup_escape`.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from html import escape  # not xml.sax.saxutils: it imports urllib, ssl and email (7 MB)
from typing import Any

#: characters no markup file should hold raw: C0 and C1 controls (but tab,
#: newline and carriage return), DEL, the line and paragraph separators, lone
#: surrogates and the two non-characters XML forbids
_INVISIBLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]"
)


def visible_text(text: str) -> str:
    r"""``text`` with every character :data:`_INVISIBLE` names written as an escape.

    >>> visible_text("a\x00b\u2028c")
    'a\\x00b\\u2028c'
    """
    return _INVISIBLE.sub(lambda m: _escape_code(ord(m.group())), text)


def _escape_code(code: int) -> str:
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def markup_escape(text: str) -> str:
    r"""``text`` for XML or HTML, in an element or a quoted attribute: escaped, and
    :func:`visible_text`, so that the file stays well-formed.

    >>> markup_escape('<a "b"\x01>')
    '&lt;a &quot;b&quot;\\x01&gt;'
    """
    return escape(visible_text(text))


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


#: what a spreadsheet takes for the start of a formula (OWASP, "CSV Injection")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"^[+-]?\d+(?:\.\d+)?%?$|^-$")


def spreadsheet_safe(value: Any) -> Any:
    """A CSV cell no spreadsheet runs as a formula: a text that starts with ``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``, as OWASP
    advises; numbers, texts that are plain numbers and a lone ``-`` (no value)
    stay as they are.

    >>> spreadsheet_safe("=HYPERLINK(1)"), spreadsheet_safe("-3"), spreadsheet_safe(-3)
    ("'=HYPERLINK(1)", '-3', -3)
    """
    formula = isinstance(value, str) and value.startswith(_FORMULA_START)
    return "'" + value if formula and not _PLAIN_NUMBER.match(value) else value


def csv_text(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """CSV of the table, every cell :func:`spreadsheet_safe`: the names in it come
    from game files anyone can write."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([spreadsheet_safe(h) for h in headers])
    for row in rows:
        cells = [_cell(v) if isinstance(v, (list, tuple)) else v for v in row]
        writer.writerow([spreadsheet_safe(v) for v in cells])
    return buffer.getvalue()
