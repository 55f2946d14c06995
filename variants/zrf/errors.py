"""The one error type of the Zillions readers and writers."""

from __future__ import annotations

from trebuchet.variants.errors import TrebuchetError


class ZrfError(TrebuchetError):
    """A .zrf or .zsg text that cannot be read; the message names file, line and reason."""

    def __init__(self, reason: str, source: str = "", line: int = 0) -> None:
        where = source or "<zrf>"
        if line:
            where = f"{where}:{line}"
        super().__init__(f"{where}: {reason}")
        self.reason = reason
        self.source = source
        self.line = line
