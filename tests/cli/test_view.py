"""The game viewer (issue 15): ``trebuchet view GAME -o game.html`` writes one page
that loads nothing and shows the game move by move, for every example game in
every format trebuchet reads; and in a real browser (headless Chromium) the
arrow keys step through it.

The browser tests skip with one line where Chromium is absent (``.ci/run``
installs it).  Rerun them alone with ``.venv/bin/python -m pytest
tests/cli/test_view.py -k browser -v``; ``SCREENSHOT=docs/viewer.png`` in the
environment keeps the screenshot the README shows.
"""

from __future__ import annotations

import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.chromium import Browser, find_chromium
from tests.helpers import ROOT, run
from trebuchet.converters.formats import records_of
from trebuchet.converters.record import GameRecord
from trebuchet.converters.replay import replay, start_position

EXAMPLES = ROOT / "examples"
#: every example game in every format trebuchet reads (.fen is output only)
READ_SUFFIXES = (".pgn", ".gc", ".json", ".txt", ".zsg")
GAMES = sorted(p for p in EXAMPLES.glob("*/*") if p.suffix in READ_SUFFIXES)

ANNOTATED = (
    '[Event "annotated"]\n[White "Anna"]\n[Black "Bert"]\n[Date "????.??.??"]\n\n'
    "{Before the game.} 1. e4 $1 {a good start} (1. d4 d5 2. c4) 1... e5 "
    "2. Nf3 {develops <b>} Nc6 3. Bb5 a6 1-0\n"
)


class _Page(HTMLParser):
    """What a page is made of: its frames (attributes), links, scripts, sources."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[dict[str, str | None]] = []
        self.moves: list[dict[str, str | None]] = []
        self.sources: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("class") == "frame":
            self.frames.append(found)
        if tag == "a" and found.get("class") == "move":
            self.moves.append(found)
        for name in ("src", "href"):
            value = found.get(name)
            if value and value != "#":
                self.sources.append(value)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


def replayed(path: Path) -> GameRecord:
    record = next(r for r in records_of(str(path)) if isinstance(r, GameRecord))
    replay(record)
    return record


def main_line_fens(record: GameRecord) -> list[str]:
    """The FEN of the start and after each move of the main line."""
    pos = start_position(record)
    fens = [pos.fen()]
    for node in record.moves:
        assert node.move is not None
        pos.push(node.move)
        fens.append(pos.fen())
    return fens


@pytest.mark.parametrize("path", GAMES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_in_every_format_makes_a_page(path: Path) -> None:
    code, html, err = run("view", str(path))
    assert code == 0, err
    page = parse(html)
    record = replayed(path)
    fens = main_line_fens(record)
    # the main line's frames are the first ones, in order, each naming the next
    walked, index = [], 0
    while True:
        frame = page.frames[index]
        walked.append(frame["data-fen"])
        if not frame["data-next"]:
            break
        index = int(frame["data-next"] or 0)
    assert walked == fens
    assert len(page.moves) >= len(record.moves)
    assert page.sources == [], "the page loads nothing"
    assert "<svg" in html and re.search(r'<p id="result">[^<]*(1-0|0-1|1/2-1/2|\*)', html)


def test_the_page_loads_nothing_and_forbids_loading() -> None:
    _, html, _ = run("view", str(EXAMPLES / "catapults-of-troy" / "sample-game.pgn"))
    assert "default-src 'none'" in html
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", html)


def test_comments_variations_nags_and_players_are_shown(tmp_path: Path) -> None:
    game = tmp_path / "annotated.pgn"
    game.write_text(ANNOTATED)
    code, html, err = run("view", str(game))
    assert code == 0, err
    page = parse(html)
    text = " ".join(page.text)
    assert "Anna – Bert" in text and "????" not in text
    assert "a good start" in text and "Before the game." in text
    assert "develops <b>" in text, "a comment is text, never markup"
    assert "<b>" not in html.replace("&lt;b&gt;", "")
    labels = [m for m in page.moves]
    assert len(labels) == 6 + 3  # the main line and the variation
    assert "!" in text  # $1
    assert "Result: 1-0" in text


def test_output_file_and_game_number(tmp_path: Path) -> None:
    two = tmp_path / "two.pgn"
    two.write_text('[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 d5 *\n')
    out = tmp_path / "b.html"
    code, _, err = run("view", str(two), "-n", "2", "-o", str(out))
    assert code == 0 and err.strip() == f"wrote {out} (2 plies)"
    assert len(parse(out.read_text()).frames) == 3
    code, _, err = run("view", str(two), "-n", "3", "-o", str(out))
    assert code == 1 and "there is no game 3: the file holds 2" in err
    assert len(err.strip().splitlines()) == 1


def test_an_illegal_game_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pgn"
    bad.write_text("1. e4 e5 2. Ke3 *\n")
    out = tmp_path / "bad.html"
    code, _, err = run("view", str(bad), "-o", str(out))
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Ke3" in err
    assert not out.exists()


# -- in a real browser ----------------------------------------------------------------

CHROMIUM = find_chromium()
browser = pytest.mark.skipif(CHROMIUM is None, reason="no chromium: apt-get install chromium")


@pytest.fixture
def page_of(tmp_path: Path) -> tuple[Path, list[str]]:
    """The Catapults of Troy sample game's page, and the FENs of its main line."""
    source = EXAMPLES / "catapults-of-troy" / "sample-game.pgn"
    html = tmp_path / "game.html"
    code, _, err = run("view", str(source), "-o", str(html))
    assert code == 0, err
    return html, main_line_fens(replayed(source))


def shown_fen(chrome: Browser) -> str:
    """The FEN of the one frame the page shows."""
    script = (
        "(function () { var shown = Array.prototype.filter.call("
        "document.querySelectorAll('#board .frame'), function (f) {"
        " return getComputedStyle(f).display !== 'none' && f.getBoundingClientRect().height > 0;"
        " }); return shown.map(function (f) { return f.getAttribute('data-fen'); }); })()"
    )
    visible = chrome.evaluate(script)
    assert len(visible) == 1, visible
    return str(visible[0])


@browser
def test_browser_arrow_keys_step_through_the_game(
    page_of: tuple[Path, list[str]], tmp_path: Path
) -> None:
    html, fens = page_of
    assert CHROMIUM is not None
    with Browser(CHROMIUM, 1100, 760) as chrome:
        chrome.open(html)
        assert shown_fen(chrome) == fens[0]
        for _ in range(3):
            chrome.press("ArrowRight", 39)
        assert shown_fen(chrome) == fens[3], "the position after the third move"
        current = chrome.evaluate("document.querySelector('#moves a.move.current').textContent")
        assert current.strip() == chrome.evaluate(
            "document.querySelectorAll('#moves a.move')[2].textContent").strip()
        chrome.press("ArrowLeft", 37)
        assert shown_fen(chrome) == fens[2]
        shot = tmp_path / "viewer.png"
        chrome.screenshot(shot)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        print(f"browser: {Path(CHROMIUM).name}; after 3 x ArrowRight: {fens[3]}")
    keep = os.environ.get("SCREENSHOT")
    if keep:
        shutil.copyfile(shot, keep)


@browser
def test_browser_a_click_on_a_move_shows_it_and_end_shows_the_last(
    page_of: tuple[Path, list[str]],
) -> None:
    html, fens = page_of
    assert CHROMIUM is not None
    with Browser(CHROMIUM) as chrome:
        chrome.open(html)
        chrome.evaluate("document.querySelectorAll('#moves a.move')[4].click()")
        assert shown_fen(chrome) == fens[5]
        chrome.press("End", 35)
        assert shown_fen(chrome) == fens[-1]
        status = chrome.evaluate("document.getElementById('status').textContent")
        assert status == chrome.evaluate(
            "document.querySelector('#board .frame:not([hidden])').getAttribute('data-status')")
        chrome.press("Home", 36)
        assert shown_fen(chrome) == fens[0]
