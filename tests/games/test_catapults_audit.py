"""Catapults of Troy: an independent audit against rulings CT-1 … CT-11.

Every expectation below is a fact fixed by the rule page or by docs/rules/catapults-of-troy.md,
not by the engine; positions are built square by square with :func:`fen`.
"""

from __future__ import annotations

import pytest

from tests.helpers import legal_from, play, position
from trebuchet.variants.catapults_of_troy import CatapultsNotation
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant

CT = "catapults-of-troy"


def fen(pieces: dict[str, str], bridges: str = "", turn: str = "w") -> str:
    """A trebuchet FEN: ``pieces`` by square, bridges on the files in ``bridges``."""
    rows = []
    for rank in range(11, 0, -1):
        row, empty = "", 0
        for file in "abcdefgh":
            here = pieces.get(f"{file}{rank}")
            if here is None and not (rank == 6 and file not in bridges):
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += here if here is not None else "*"
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + f" {turn} - - 0 1"


def symbol(p: Position, square: str) -> str | None:
    """The FEN letter of the piece on ``square`` (cargo included), or None."""
    piece = p.piece_at(square)
    return None if piece is None else piece.symbol


def pos(pieces: dict[str, str], bridges: str = "", turn: str = "w") -> Position:
    return position(CT, fen(pieces, bridges, turn))


# -- CT-1, CT-5: the river blocks the Archer's move, not its arrow ---------------------
def test_ct5_archer_moves_not_across_river_but_shoots_across_it() -> None:
    p = pos({"a1": "K", "h11": "k", "d5": "A", "d7": "p", "b7": "p", "f7": "p"})
    moves = legal_from(p, "d5")
    assert {"d5d7/s", "d5b7/s", "d5f7/s"} <= moves  # a river square is one square of range
    assert not {"d5d6", "d5d7", "d5c6", "d5e6"} & moves  # no step into or over the river
    bridged = pos({"a1": "K", "h11": "k", "d5": "A", "d7": "p"}, bridges="d")
    assert {"d5d6", "d5d7", "d5d7/s"} <= legal_from(bridged, "d5")


# -- CT-6: the Horse leaps the river, never lands in it; releases from the enemy side ---
def test_ct6_horse_never_lands_in_river_and_releases_only_across_it() -> None:
    p = pos({"a1": "K", "h11": "k", "d5": "H(A)"})
    assert legal_from(p, "d5") == {"d5b4", "d5c3", "d5e3", "d5f4", "d5c7", "d5e7"}
    on_bridge = pos({"a1": "K", "h11": "k", "d6": "H(A)"}, bridges="d")
    assert "d6b5/h" in legal_from(on_bridge, "d6")  # a bridge counts (CT-6)
    after = play(pos({"a1": "K", "h11": "k", "d7": "H(A)"}), "d7c5/h")
    assert symbol(after, "d7") == "A" and symbol(after, "c5") == "H"


# -- CT-7: builder on its own bank, front or forward diagonal; drowning -----------------
def test_ct7_removal_drowns_loaded_catapult_never_a_friend() -> None:
    p = pos({"a1": "K", "h11": "k", "e7": "e", "f6": "C(R)", "d6": "p"}, "def", "b")
    moves = legal_from(p, "e7")
    assert "e7f6/x" in moves and "e7d6/x" not in moves and "e7e6/x" in moves
    after = play(p, "e7f6/x")
    assert after.piece_at("f6") is None and after.board[after.variant.square("f6")] is not None
    assert "C" not in after.fen().split()[0]  # Catapult and rider both gone


def test_ct7_builder_off_its_bank_builds_nothing() -> None:
    for square in ("e4", "e7"):
        p = pos({"a1": "K", "h11": "k", square: "E"})
        assert not {m for m in legal_from(p, square) if m.endswith(("/b", "/x"))}
    edge = pos({"a1": "K", "h11": "k", "a5": "E"})
    assert {m for m in legal_from(edge, "a5") if m.endswith("/b")} == {"a5a6/b", "a5b6/b"}


# -- CT-4, CT-8: a pawn reaching its last rank by any means is an Archer ---------------
@pytest.mark.parametrize(
    ("pieces", "move"),
    [
        ({"c9": "c(p)"}, "c9c1a/l"),  # launch over the river (the page's C9-C1)
        ({"c2": "c(p)"}, "c2c1a"),  # carried
        ({"c2": "c(p)"}, "c2c1a/r"),  # stepping off the Catapult
        ({"c2": "p", "c1": "c"}, "c2c1a"),  # boarding a Catapult on the last rank
    ],
)
def test_ct4_black_pawn_arriving_on_rank_1_is_an_archer(pieces: dict[str, str], move: str) -> None:
    p = play(pos({"h11": "K", "a11": "k", **pieces}, turn="b"), move)
    assert "p" not in p.fen().split()[0]


# -- CT-9: the Ram's line ------------------------------------------------------------------
def test_ct9_line_along_the_river_rank_stops_before_unbridged_square() -> None:
    p = pos({"a1": "K", "h11": "k", "b6": "M", "c6": "r", "d6": "P", "f6": "r"}, "bcdf")
    assert "b6d6" in legal_from(p, "b6")
    after = play(p, "b6d6")
    assert after.piece_at("b6") is None and after.piece_at("d6") is None
    assert after.piece_at("f6") is not None  # beyond the unbridged e6: untouched


def test_ct9_ram_may_not_batter_its_own_king() -> None:
    p = pos({"h1": "K", "a11": "k", "b9": "m", "c9": "P"}, turn="b")
    assert "b9h9" in legal_from(p, "b9")  # the line runs to the edge
    p = pos({"h1": "K", "e9": "k", "b9": "m", "c9": "P"}, turn="b")
    assert not {m for m in legal_from(p, "b9") if m[2] in "cdefgh"}


def test_ct9_batter_from_catapult_leaves_catapult() -> None:
    p = play(pos({"a1": "K", "a11": "k", "g10": "c(m)", "g8": "R", "g7": "p"}, turn="b"), "g10g7/r")
    assert symbol(p, "g10") == "c"
    assert p.piece_at("g8") is None and p.piece_at("g7") is None


# -- CT-10: check from every source ----------------------------------------------------
@pytest.mark.parametrize(
    ("pieces", "bridges"),
    [
        ({"e7": "k", "d5": "H"}, ""),  # knight over the river
        ({"d7": "k", "d5": "C(A)"}, ""),  # shot from a Catapult over the river
        ({"e7": "k", "d5": "C(HA)"}, ""),  # a Horse rider's capture
        ({"e6": "k", "d5": "C(P)"}, "e"),  # a pawn rider's capture onto a bridge
        ({"d9": "k", "d3": "C(M)", "d7": "p"}, "d"),  # Ram line from a Catapult
        ({"d6": "k", "e5": "E"}, "d"),  # bridge removal under the King
        ({"d9": "k", "d7": "p", "d1": "M", "d4": "p"}, "d"),  # Ram line through pieces
    ],
)
def test_ct10_checks(pieces: dict[str, str], bridges: str) -> None:
    assert pos({"a1": "K", **pieces}, bridges, "b").is_check()


def test_ct10_no_check_across_unbridged_river() -> None:
    assert not pos({"a11": "k", "a9": "m", "a5": "P", "a1": "K"}).is_check()
    assert pos({"a11": "k", "a9": "m", "a5": "P", "a1": "K"}, "a").is_check()


def test_ct10_king_never_ends_capturable() -> None:
    # capturing onto a bridge the enemy Builder can take away: the King would drown
    p = pos({"d5": "K", "h11": "k", "e6": "p", "f7": "e"}, "e")
    assert "d5e6" not in legal_from(p, "d5")
    # building a bridge that opens a rook's file onto the own King
    p = pos({"e3": "K", "h11": "k", "e9": "r", "d5": "E"})
    assert "d5e6/b" not in legal_from(p, "d5")
    # removing the bridge the checking rook looks over is a defence
    p = pos({"e3": "K", "h11": "k", "e9": "r", "d5": "E"}, "e")
    assert p.is_check() and "d5e6/x" in legal_from(p, "d5")


# -- CT-11 ---------------------------------------------------------------------------------
def test_ct11_stalemate_and_bridge_repetition_draw() -> None:
    stale = pos({"a1": "K", "b3": "r", "c2": "r", "h11": "k"})
    drawn = stale.outcome()
    assert drawn is not None and drawn.termination == "stalemate" and drawn.winner is None
    p = pos({"a1": "K", "h11": "k", "d5": "E", "e7": "e"})
    play(p, *["d5d6/b", "e7e8", "d5d6/x", "e8e7"] * 2)
    ended = p.outcome()
    assert ended is not None and ended.termination == "threefold_repetition"


# -- the page's notation: Black's move numbers --------------------------------------------
@pytest.mark.parametrize(
    ("text", "coordinate"),
    [
        ("10. …. BB r G6", "h7g6/x"),  # the page's own Black-move form (CT-7)
        ("10. ... BB^H6", "h7h6/b"),
        ("2. ………. BB^H6 #", "h7h6/b"),  # as in the page's "2. ………. C9-C1 #"
    ],
)
def test_notation_reads_the_pages_black_move_numbers(text: str, coordinate: str) -> None:
    p = pos({"a1": "K", "h11": "k", "g5": "E", "h7": "e"}, "g", "b")
    assert p.move_text(CatapultsNotation(get_variant(CT)).read(p, text)) == coordinate
