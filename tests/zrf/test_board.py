"""``zrf info`` and ``zrf board`` say what they were given (issue 15): a file that is
no rules file is an error, a menu separator is no game, every game of the
corpus draws an SVG, and a game of many named kinds (Chu Shogi) is drawn with
one label per kind."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.helpers import CHESS_ZRF, ROOT, run, shared

CHESS_ZRF = CHESS_ZRF


def test_info_on_a_game_record_is_an_error() -> None:
    pgn = ROOT / "examples" / "chess960" / "long-castling.pgn"
    code, out, err = run("zrf", "info", str(pgn))
    assert code == 1 and out == ""
    assert err.strip() == f"trebuchet: error: {pgn}: no (game ...) in it: not a Zillions rules file"


def with_separator(tmp_path: Path) -> Path:
    """The chess fixture with a menu separator and a variant after it."""
    path = tmp_path / "menu.zrf"
    path.write_text(CHESS_ZRF.read_text() + '\n(variant (title "-"))\n(variant (title "Again"))\n')
    return path


def test_board_refuses_a_menu_separator_and_names_the_games(tmp_path: Path) -> None:
    path = with_separator(tmp_path)
    code, out, err = run("zrf", "board", str(path), "--variant", "2")
    assert code == 1 and out == ""
    assert "--variant 2 is a menu separator, not a game (have 1: Chess, 3: Again)" in err
    assert len(err.strip().splitlines()) == 1
    code, out, _ = run("zrf", "board", str(path), "--variant", "3")
    assert code == 0 and out.startswith("Again: 8x8")


def test_board_draws_an_svg(tmp_path: Path) -> None:
    out = tmp_path / "chess.svg"
    code, _, err = run("zrf", "board", str(CHESS_ZRF), "-o", str(out))
    assert code == 0 and err.strip() == f"wrote {out}"
    root = ET.fromstring(out.read_text())
    pieces = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "piece"]
    assert len(pieces) == 32


def test_chu_shogi_has_one_label_per_kind(tmp_path: Path) -> None:
    rules = shared("zillions", "corpus", "ChuShogi", "Chu_Shogi_Original_v1.3.zrf")
    out = tmp_path / "chu.svg"
    code, text, err = run("zrf", "board", str(rules), "-o", str(out))
    assert code == 0, err
    key = re.search(r"^pieces: (.*)$", text, re.M)
    assert key is not None
    pairs = [entry.split(" = ") for entry in key[1].split(", ")]
    labels = [label for label, _ in pairs]
    assert len(labels) == len(set(labels)) == 52, "distinct labels for distinct kinds"
    assert all(len(label) <= 4 for label in labels)
    assert dict((n, lab) for lab, n in pairs)["Dragon-King"] == "DK"
    # the board rows fit a terminal: 12 cells of at most 4 letters
    rows = [line for line in text.splitlines() if re.match(r"^\s*\d+ ", line)]
    assert len(rows) == 12 and max(len(r) for r in rows) <= 70
    cells = {c for r in rows for c in r.split()[1:]} - {"."}
    assert {c.upper() for c in cells} <= set(labels)
    drawn = ET.fromstring(out.read_text())
    letters = {t.text for g in drawn.iter("{http://www.w3.org/2000/svg}g")
               if g.get("class") == "piece" for t in g.iter("{http://www.w3.org/2000/svg}text")}
    assert {"DK", "DH", "DE"} <= letters, "Chu Shogi's three D pieces, told apart"
