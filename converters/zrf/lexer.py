"""ZRF text: decoding, and the token scan that guards the parser.

The lexical grammar is the one measured on the real files (formats-notes §1.2):
``;`` comments run to the end of the line, also after the last form; strings
have no escapes (the first ``"`` ends them, backslashes are ordinary); atoms are
runs of anything but whitespace, parentheses, ``;`` and ``"``.

The scan is one compiled regular expression (about 1.5 s for the whole
382,000-token corpus), so hostile input fails early, with a line number and in
bounded time: a file too large, an unterminated string.  Balance and depth are
checked by the tree builder in :mod:`trebuchet.converters.zrf.parser`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from trebuchet.variants.zrf.errors import ZrfError

#: Real rules files are at most ~120 kB; anything beyond this is refused unread.
MAX_BYTES = 4_000_000
#: Real files nest at most 64 deep (Focus.zrf); deeper input is refused, because the
#: macro expander and the writer walk the tree recursively.
MAX_DEPTH = 200

_TOKEN = re.compile(
    r"""
    (?P<ws>[ \t\r\n\f\v]+)
  | (?P<comment>;[^\n]*)
  | (?P<string>"[^"]*")
  | (?P<open>\()
  | (?P<close>\))
  | (?P<atom>[^\s();"]+)
  | (?P<unterminated>")
    """,
    re.VERBOSE,
)


@dataclass(frozen=True, slots=True)
class Token:
    """One lexical item: ``kind`` is ``open``, ``close``, ``string`` or ``atom``."""

    kind: str
    text: str
    line: int


def decode(data: bytes) -> str:
    """Text of a Zillions file: UTF-8 when valid, else Latin-1 (cp1252-era files).

    40 of the 601 measured files are not UTF-8; Latin-1 maps every byte, so
    decoding never fails and the bytes survive a round trip.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def check_size(size: int, source: str) -> None:
    if size > MAX_BYTES:
        raise ZrfError(
            f"file is {size} bytes; Zillions files are far smaller (limit {MAX_BYTES})", source
        )


def tokens(text: str, source: str = "") -> Iterator[Token]:
    """The atoms, strings and parentheses of ``text``, comments and whitespace dropped."""
    line = 1
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        value = match.group()
        if kind == "unterminated":
            raise ZrfError("string is never closed (no matching '\"')", source, line)
        if kind not in ("ws", "comment"):
            yield Token(str(kind), value, line)
        line += value.count("\n")
