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

#: The largest rules file read; the largest of the corpus is 118,989 bytes
#: (KoShogi.zrf).  A larger file is refused unread.
MAX_BYTES = 1_000_000
#: The most atoms, strings and parentheses read from a file and its includes
#: together; the corpus has at most 22,719 (Focus.zrf).
MAX_TOKENS = 250_000
#: Real files nest at most 64 deep (Focus.zrf); deeper input is refused, because the
#: macro expander walks the tree recursively.
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


def check_size(size: int, source: str, limit: int = MAX_BYTES) -> None:
    if size > limit:
        raise ZrfError(
            f"file is {size} bytes; Zillions files are far smaller (limit {limit})", source
        )


def tokens(
    text: str, source: str = "", limit: int = MAX_TOKENS, before: int = 0
) -> Iterator[Token]:
    """The atoms, strings and parentheses of ``text``, comments and whitespace dropped;
    ZrfError at the token past ``limit`` (``before`` tokens were read from other files
    of the same rules file, and the error counts them too)."""
    line = 1
    count = 0
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        value = match.group()
        if kind == "unterminated":
            raise ZrfError("string is never closed (no matching '\"')", source, line)
        if kind not in ("ws", "comment"):
            count += 1
            if count > limit:
                whole = " in the rules file and its includes" if before else ""
                raise ZrfError(
                    f"more than {limit + before} atoms, strings and parentheses{whole} "
                    f"(real rules files have at most {REAL_MAX_TOKENS})",
                    source,
                    line,
                )
            yield Token(str(kind), value, line)
        line += value.count("\n")


REAL_MAX_TOKENS = 22_719
