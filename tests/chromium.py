"""Headless Chromium driven over the DevTools protocol, with nothing but the standard library.

Chromium's ``--remote-debugging-pipe`` speaks the DevTools protocol on file
descriptors 3 (commands in) and 4 (replies and events out), as JSON messages
ended by a NUL byte: no WebSocket, no driver, nothing fetched at test time.
A test opens a page, sends real key events (``Input.dispatchKeyEvent``, as a
keyboard would), evaluates script in the page and takes screenshots.

Debian's ``chromium`` package gives ``/usr/bin/chromium`` (``.ci/run``
installs it); :func:`find_chromium` returns None where there is none, and the
browser tests skip with one line.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any

#: flags for a headless browser on a machine without a display or network (as root,
#: so without the sandbox; no background requests that would wait on the network)
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
    "--remote-debugging-pipe",
)
#: how long one protocol command may take before the test fails
TIMEOUT = 30.0


def find_chromium() -> str | None:
    """The Chromium program (``CHROMIUM`` in the environment first), or None."""
    named = os.environ.get("CHROMIUM")
    if named:
        return named if shutil.which(named) else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless Chromium with one page; a context manager that closes it."""

    def __init__(self, program: str, width: int = 1200, height: int = 900) -> None:
        self.profile = tempfile.mkdtemp(prefix="trebuchet-chromium-")
        commands_read, self._commands = os.pipe()
        self._replies, replies_write = os.pipe()
        # the browser finds its ends on descriptors 3 and 4
        child_in, child_out = os.dup(commands_read), os.dup(replies_write)

        def place() -> None:
            # copies above 10 first, so that neither end is overwritten by the other
            high_in = fcntl.fcntl(child_in, fcntl.F_DUPFD_CLOEXEC, 10)
            high_out = fcntl.fcntl(child_out, fcntl.F_DUPFD_CLOEXEC, 10)
            os.dup2(high_in, 3)  # dup2 leaves the copy open across exec
            os.dup2(high_out, 4)

        self.process = subprocess.Popen(
            [program, *FLAGS, f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "about:blank"],
            preexec_fn=place,
            close_fds=False,  # only 3 and 4 are inheritable: Python's own are not
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for fd in (commands_read, replies_write, child_in, child_out):
            os.close(fd)
        self._buffer = b""
        #: the events the browser sent (the domains enabled: page, runtime, console log,
        #: network), oldest first
        self.events: list[dict[str, Any]] = []
        self._next_id = 0
        self.session = ""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})
        self.session = attached["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Log.enable")
        self.send("Network.enable")

    def __enter__(self) -> Browser:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError):  # it may be gone already
            self.send("Browser.close", session=False)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._commands)
        os.close(self._replies)
        shutil.rmtree(self.profile, ignore_errors=True)

    # -- the protocol -----------------------------------------------------------------
    def send(self, method: str, params: dict[str, Any] | None = None, *,
             session: bool = True) -> dict[str, Any]:
        """Send one command and wait for its reply; RuntimeError for an error reply."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._receive()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            if "method" in reply:
                self.events.append(reply)

    def _receive(self) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._replies], [], [], max(left, 0))
            if not ready:
                raise RuntimeError("Chromium did not answer in time")
            chunk = os.read(self._replies, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        parsed: dict[str, Any] = json.loads(raw)
        return parsed

    # -- what a test does -------------------------------------------------------------
    def open(self, path: Path) -> None:
        """Load a local file and wait until its scripts have run."""
        self.send("Page.navigate", {"url": path.resolve().as_uri()})
        deadline = time.monotonic() + TIMEOUT
        while self.evaluate("document.readyState") != "complete":
            if time.monotonic() > deadline:
                raise RuntimeError(f"{path} did not finish loading")
            time.sleep(0.05)

    def errors(self) -> list[str]:
        """What the page reported as errors so far: exceptions, ``console.error``,
        and the browser's own log entries of level error (a refused load among them)."""
        found = []
        for event in self.events:
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(str(params["exceptionDetails"].get("text")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                found.append(" ".join(str(a.get("value")) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(str(params["entry"].get("text")))
        return found

    def requested(self) -> list[str]:
        """The addresses the page asked the network layer for so far."""
        return [e["params"]["request"]["url"] for e in self.events
                if e["method"] == "Network.requestWillBeSent"]

    def evaluate(self, expression: str) -> Any:
        """The value of a script expression in the page."""
        reply = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in reply:
            raise RuntimeError(f"script failed: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def press(self, key: str, code: int) -> None:
        """One key pressed and released, as a keyboard sends it (``ArrowRight``, 39)."""
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {
                "type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code,
            })

    def screenshot(self, path: Path) -> None:
        """The page as drawn, into a PNG file."""
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        path.write_bytes(base64.b64decode(data))
