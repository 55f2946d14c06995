"""Progress bars for long runs: click's bar on stderr, and only on a terminal.

A bar is a sign of life, not output: it never goes to standard output, never
into a pipe or a log file (stderr not a terminal: nothing at all, not even
the label), and it appears only once a run has lasted :data:`DELAY` seconds,
so the many commands that finish at once print no bar that flashes by.  The
environment variable ``TREBUCHET_PROGRESS_DELAY`` sets another delay (``0``:
at once; the tests use it).
"""

from __future__ import annotations

import os
import sys
import time
from types import TracebackType
from typing import Any

import click

#: seconds a run lasts before its bar appears
DELAY = 0.5
#: seconds between redraws of work inside one step (:meth:`Progress.alive`)
REDRAW = 0.2


def _delay() -> float:
    try:
        return max(0.0, float(os.environ.get("TREBUCHET_PROGRESS_DELAY", DELAY)))
    except ValueError:
        return DELAY


class Progress:
    """A bar of ``length`` steps labelled ``label``, drawn once :data:`DELAY` has
    passed (the steps made before are drawn at once then).

    Use it as a context manager and call :meth:`advance`; :meth:`show` sets
    the text after the bar (the game being replayed, say).
    """

    def __init__(self, length: int, label: str) -> None:
        self.length = max(length, 1)
        self.label = label
        self.done = 0
        self.item = ""
        self.enabled = sys.stderr.isatty()
        self.start = time.monotonic()
        self.delay = _delay()
        self._bar: Any = None
        self._manager: Any = None
        self._drawn = 0.0

    def __enter__(self) -> Progress:
        self.start = time.monotonic()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._manager is not None:
            self._manager.__exit__(kind, exc, traceback)
            self._manager = self._bar = None

    def advance(self, steps: int = 1) -> None:
        """``steps`` more of the work are done."""
        self.done += steps
        if self._bar is not None:
            self._bar.update(steps)
        elif self._due():
            self._start_bar()

    def _due(self) -> bool:
        """Whether a bar should be drawn now: on a terminal, once the delay is past."""
        return self.enabled and time.monotonic() - self.start >= self.delay

    def alive(self, item: str) -> None:
        """Work inside the current step: draw ``item`` after the bar, at most
        :data:`REDRAW` times a second, the bar itself once the delay has passed."""
        now = time.monotonic()
        if now - self._drawn < REDRAW:
            return
        self._drawn = now
        self.item = item
        self.redraw()

    def redraw(self) -> None:
        """Draw the bar again now, with the text after it as it is (click's own
        update draws only when the bar moves)."""
        if self._bar is not None:
            self._bar.render_progress()
        elif self._due():
            self._start_bar()

    def show(self, item: str) -> None:
        """The text drawn after the bar from the next update on."""
        self.item = item

    def _start_bar(self) -> None:
        """Draw the bar, with the steps made so far."""
        self._manager = click.progressbar(
            length=self.length,
            label=self.label,
            file=sys.stderr,
            item_show_func=lambda _: self.item or None,
        )
        self._bar = self._manager.__enter__()
        self._bar.update(self.done)
