"""The page ``trebuchet evaluate -o report.html`` writes (issue 30), in a real browser:
the headless Chromium of the viewer tests (:mod:`tests.chromium`).

Each of the README's two reports is drawn and read back: the four charts take
room on the screen, the histogram and the outcome bars count every playout,
the heat map's squares average to the board coverage in the table, the table
and the headline show the JSON's figures; the page reports no error, asks the
network for nothing, and its Content-Security-Policy refuses a load it is
made to try.  The browser tests skip with one line where Chromium is absent.

``REPORT_SCREENSHOTS=docs`` in the environment keeps the screenshots the README
shows (``make screenshot``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.chromium import Browser, find_chromium
from trebuchet.cli import main

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium: apt-get install chromium")

#: the README's reports: game, playouts, the longest game
REPORTS = [("chess", 100, 1000), ("catapults-of-troy", 40, 1000)]
#: the browser's window: the headline and the four charts fit in it
WINDOW = (1160, 960)

#: per figure, its drawn size
SIZES = """Array.prototype.map.call(document.querySelectorAll('figure svg'), function (s) {
  var r = s.getBoundingClientRect(); return [r.width, r.height]; })"""


def texts(selector: str) -> str:
    """A script expression: the text of every element ``selector`` finds."""
    return (f"Array.prototype.map.call(document.querySelectorAll({json.dumps(selector)}), "
            "function (e) { return e.textContent; })")


def make_report(folder: Path, game: str, playouts: int, longest: int) -> tuple[Path, Any]:
    """The report page of a seeded run, and the run's metrics as JSON."""
    page = folder / f"{game}.html"
    result = CliRunner().invoke(main, [
        "evaluate", game, "-n", str(playouts), "--max-plies", str(longest), "--seed", "1",
        "--json", "-o", str(page),
    ])
    assert result.exit_code == 0, result.output
    return page, json.loads(result.stdout)


def wait_for(chrome: Browser, expression: str, seconds: float = 10.0) -> Any:
    """The value of ``expression`` once it is truthy."""
    deadline = time.monotonic() + seconds
    while not (value := chrome.evaluate(expression)):
        assert time.monotonic() < deadline, f"{expression} stayed {value!r}"
        time.sleep(0.05)
    return value


def blocked_by_policy(chrome: Browser) -> list[str]:
    """The network addresses the page asked for, each once its load was refused by
    the Content-Security-Policy (an address loaded, or still loading, is named with
    a note)."""
    refused = {e["params"]["requestId"] for e in chrome.events
               if e["method"] == "Network.loadingFailed"
               and e["params"].get("blockedReason") == "csp"}
    return [
        e["params"]["request"]["url"] + ("" if e["params"]["requestId"] in refused else " LOADED")
        for e in chrome.events
        if e["method"] == "Network.requestWillBeSent"
        and re.match(r"https?:", e["params"]["request"]["url"])
    ]


@pytest.mark.parametrize(("game", "playouts", "longest"), REPORTS, ids=[r[0] for r in REPORTS])
def test_browser_the_report_draws_its_figures_and_loads_nothing(
    tmp_path: Path, game: str, playouts: int, longest: int
) -> None:
    page, metrics = make_report(tmp_path, game, playouts, longest)
    assert CHROMIUM is not None
    with Browser(CHROMIUM, *WINDOW) as chrome:
        chrome.open(page)
        sizes = chrome.evaluate(SIZES)
        assert len(sizes) == 4 and all(w > 200 and h > 200 for w, h in sizes), sizes
        # the histogram's bars and the outcome bars each count every game once
        bins = chrome.evaluate(texts("figure:nth-of-type(1) rect title"))
        assert sum(int(t.rsplit(": ", 1)[1]) for t in bins) == playouts
        bars = chrome.evaluate(texts("figure:nth-of-type(3) rect title"))
        assert sum(int(t.rsplit(": ", 1)[1]) for t in bars) == playouts
        assert len(bars) == 4  # White, Black, draws, timeouts
        # each square: the percentage of games a piece stood there; their mean is the
        # table's board coverage (each rounded to a whole percentage)
        squares = [int(t) for t in chrome.evaluate(texts('figure.board text[font-size="14"]'))]
        coverage = metrics["board_coverage"]["value"]
        assert sum(squares) / 100 / len(squares) == pytest.approx(coverage, abs=0.006)
        cells = chrome.evaluate(texts("table td"))
        row = cells.index("completion")
        assert cells[row + 1] == f"{metrics['completion']['value']:.4g}"
        headline = chrome.evaluate(texts(".tile b"))
        assert headline[0] == f"{100 * metrics['completion']['value']:.0f} %"
        assert chrome.errors() == []
        assert chrome.requested() == [page.resolve().as_uri()], "the page asks for nothing"
        shot = tmp_path / f"evaluate-{game}.png"
        chrome.screenshot(shot)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        # made to fetch a picture, the page is refused by its own policy
        chrome.evaluate(
            "window.refused = []; document.addEventListener('securitypolicyviolation', "
            "function (e) { window.refused.push(e.effectiveDirective); });"
            "var probe = new Image(); probe.src = 'http://127.0.0.1:9/probe.png';"
            "document.body.appendChild(probe); 0"
        )
        assert wait_for(chrome, "window.refused") == ["img-src"]
        wait_for(chrome, "document.querySelector('img').complete")
        assert blocked_by_policy(chrome) == ["http://127.0.0.1:9/probe.png"]
    keep = os.environ.get("REPORT_SCREENSHOTS")
    if keep:
        shutil.copyfile(shot, Path(keep) / shot.name)
