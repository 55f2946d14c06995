"""Titan Chess pieces: the rule page's worked examples (docs/rules/titan-chess.md, worked examples).

The rule page's diagrams are lost; each position below is built from the text
of its example, on the 12 x 12 board, with the Kings placed out of the way.
Expected move sets are read off the text and the rulings TC-4 ... TC-6, never
off the engine.
"""

from __future__ import annotations

from tests.helpers import legal_from
from trebuchet.variants.geometry import Geometry
from trebuchet.variants.pieces import WHITE
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant

NAMES = Geometry(12, 12)


def titan_fen(pieces: dict[str, str], turn: str = "w", castling: str = "-", ep: str = "-") -> str:
    """A Titan FEN from ``{"f4": "F", "d4": "r", ...}`` (upper case White)."""
    rows = []
    for rank in range(12, 0, -1):
        row, empty = "", 0
        for file in "abcdefghijkl":
            letter = pieces.get(f"{file}{rank}")
            if letter is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + letter
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {turn} {castling} {ep} 0 1"


def titan(pieces: dict[str, str], turn: str = "w", **fields: str) -> Position:
    return get_variant("titan-chess").position(titan_fen(pieces, turn, **fields))


def moves_from(pos: Position, square: str) -> set[str]:
    """Destinations of the legal moves from ``square`` (``"f8"`` rather than ``"f4f8"``)."""
    return {text[len(square) :] for text in legal_from(pos, square)}


def removed_by(pos: Position, text: str) -> set[str]:
    """Squares a legal move empties of captured pieces."""
    move = pos.parse_move(text)
    return {NAMES.names[s] for s in move.removed_squares}


def test_start_position_places_72_pieces_as_tc1_lists() -> None:
    # TC-1: rank 1 F R Y G V Q K U G Y R F, rank 2 J J J W N B B N W J J J, rank 3 pawns;
    # Black mirrors on the same files on ranks 12, 11, 10.
    pos = get_variant("titan-chess").start_position()
    expected = {
        "a1": "F", "l1": "F", "b1": "R", "k1": "R", "c1": "Y", "j1": "Y", "d1": "G",
        "i1": "G", "e1": "V", "f1": "Q", "g1": "K", "h1": "U", "d2": "W", "i2": "W",
        "e2": "N", "h2": "N", "f2": "B", "g2": "B",
        "a2": "J", "b2": "J", "c2": "J", "j2": "J", "k2": "J", "l2": "J",
    }  # fmt: skip
    expected |= {f"{f}3": "P" for f in "abcdefghijkl"}
    black = {sq[0] + str(13 - int(sq[1:])): k.lower() for sq, k in expected.items()}
    everything = expected | black
    found = {NAMES.names[sq]: p.symbol for sq, p in pos.pieces()}
    assert found == everything
    assert len(found) == 72


# -- Flying Bomber (TC-5), the page's bomber on f4 ----------------------------------
BOMBER = {
    "f4": "F", "e4": "P", "a1": "K",
    "d4": "r", "g4": "p", "h4": "r", "f7": "b", "f1": "n", "l12": "k",
}  # fmt: skip


def test_bomber_f4_threats_are_exactly_the_pages() -> None:
    # f4-f8 flies over the bishop on f7; f4-d4 bombs d4 over its own piece on e4 and
    # goes no further; f4-h4 must take g4 and h4 together (no f4-g4); the knight on
    # f1 (3 squares off, nothing beyond it) is not threatened.
    pos = titan(BOMBER)
    assert moves_from(pos, "f4") == {"f5", "f6", "f8", "d4", "h4", "f3", "f2"}
    assert removed_by(pos, "f4f8") == {"f7"}
    assert removed_by(pos, "f4d4") == {"d4"}
    assert removed_by(pos, "f4h4") == {"g4", "h4"}
    assert not pos.variant.is_attacked(pos, pos.variant.square("f1"), WHITE)


def test_bomber_double_capture_empties_both_squares() -> None:
    pos = titan(BOMBER)
    pos.push_text("f4h4")
    assert pos.piece_at("g4") is None
    piece = pos.piece_at("h4")
    assert piece is not None and piece.symbol == "F"


def test_bomber_without_rook_on_h4_takes_the_pawn_alone() -> None:
    # "If there was no rook on h4 then the bomber can just capture the pawn by moving f4-h4."
    pos = titan({k: v for k, v in BOMBER.items() if k != "h4"})
    assert removed_by(pos, "f4h4") == {"g4"}
    assert {"g4", "i4"}.isdisjoint(moves_from(pos, "f4"))


def test_bomber_checks_a_king_two_squares_away_but_not_the_knight_behind() -> None:
    # "The bomber IS giving check to the king since it is exactly 2 squares away"
    for f3 in ({}, {"f3": "P"}):  # over an empty square or over a piece
        pos = titan(BOMBER | {"f2": "k", "l12": "R"} | f3, turn="b")
        assert pos.is_check()
        assert not pos.variant.is_attacked(pos, pos.variant.square("f1"), WHITE)


def test_bomber_never_takes_an_adjacent_piece_by_landing_on_it() -> None:
    # TC-5: an adjacent enemy with a friend of ours beyond it cannot be taken at all.
    pos = titan({"f4": "F", "g4": "p", "h4": "P", "a1": "K", "l12": "k"})
    assert {"g4", "h4", "i4"}.isdisjoint(moves_from(pos, "f4"))


# -- Raptor (TC-5), the page's raptor on d4 --------------------------------------------
RAPTOR = {
    "d4": "Y", "b2": "P", "l1": "K",
    "b6": "p", "g7": "n", "e3": "p", "f2": "r", "c3": "p", "l12": "k",
}  # fmt: skip


def test_raptor_d4_captures_are_exactly_the_pages() -> None:
    # b6 by flying to a7 or landing on b6; g7 by flying to h8; e3 + f2 together
    # landing f2 (it cannot move to e3); c3 not at all (b2, its landing, is ours).
    pos = titan(RAPTOR)
    assert moves_from(pos, "d4") == {"c5", "b6", "a7", "e5", "f6", "h8", "f2"}
    assert removed_by(pos, "d4b6") == {"b6"}
    assert removed_by(pos, "d4a7") == {"b6"}
    assert removed_by(pos, "d4h8") == {"g7"}
    assert removed_by(pos, "d4f2") == {"e3", "f2"}


def test_raptor_over_a_friend_captures_only_by_replacement() -> None:
    # "If there is a friendly piece between the Raptor and its prey, the Raptor can
    # only capture by replacement."
    pos = titan({"d4": "Y", "e5": "P", "f6": "p", "l1": "K", "l12": "k"})
    assert removed_by(pos, "d4f6") == {"f6"}
    assert "g7" not in moves_from(pos, "d4")


def test_leaping_ninja_guard_in_the_raptor_diagram() -> None:
    # "the ninja guard could have captured on c3, as well as on e3, f2, or b6 but it
    # could not have captured the knight at g7" (TC-4).
    pos = titan(RAPTOR | {"d4": "G"})
    captures = {m for m in legal_from(pos, "d4") if pos.parse_move(m).is_capture()}
    assert captures == {"d4c3", "d4e3", "d4f2", "d4b6"}
    assert removed_by(pos, "d4f2") == {"e3", "f2"}


# -- Quad Bomber (TC-6), the page's quad bomber on d4 ------------------------------------
QUAD_BOMBER = {
    "d4": "U", "l1": "K",
    "e6": "n", "g3": "p", "c3": "p", "f5": "p", "g5": "p", "l12": "k",
}  # fmt: skip


def test_quad_bomber_d4_moves_and_captures() -> None:
    # e6 taken landing e7 (d4-e5-e6-e7); g3 landing h3 (d4-e3-f3-g3-h3); c3 blocks
    # its branch and, diagonally adjacent, cannot be taken; f5 and g5 block each
    # other.  The bare first step (e3, e5, c5) is not a move (TC-6).
    pos = titan(QUAD_BOMBER)
    quiet_c5 = {"b5", "a5"} | {f"c{r}" for r in range(6, 13)}
    assert moves_from(pos, "d4") == {"e7", "f3", "h3", "e2", "e1"} | quiet_c5
    assert removed_by(pos, "d4e7") == {"e6"}
    assert removed_by(pos, "d4h3") == {"g3"}


def test_quad_bomber_takes_g5_once_f5_has_gone() -> None:
    pos = titan({k: v for k, v in QUAD_BOMBER.items() if k != "f5"})
    assert {"f5", "h5"} <= moves_from(pos, "d4")
    assert removed_by(pos, "d4h5") == {"g5"}


def test_quad_bomber_takes_f5_once_g5_has_gone_and_the_knight_recaptures() -> None:
    pos = titan({k: v for k, v in QUAD_BOMBER.items() if k != "g5"})
    assert removed_by(pos, "d4g5") == {"f5"}
    pos.push_text("d4g5")
    assert "e6g5" in legal_from(pos, "e6")


# -- Quad Raptor (TC-6), the page's quad raptor on d4 --------------------------------------
QUAD_RAPTOR = {
    "d4": "V", "d3": "P", "l1": "K",
    "f7": "p", "f5": "p", "b5": "p", "a6": "p", "b1": "n", "l12": "k",
}  # fmt: skip


def test_quad_raptor_d4_moves_and_captures() -> None:
    # f7 taken landing g8 (d4-d5-e6-f7-g8); f5 landing g6 (d4-e4-f5-g6); d3 blocks;
    # b5 and a6 block each other; the knight on b1 is out of reach.
    pos = titan(QUAD_RAPTOR)
    assert moves_from(pos, "d4") == {
        "e6", "g8", "c6", "b7", "a8", "g6", "f3", "g2", "h1", "b3", "a2",
    }  # fmt: skip
    assert removed_by(pos, "d4g8") == {"f7"}
    assert removed_by(pos, "d4g6") == {"f5"}


def test_quad_raptor_f5_capture_can_be_retaken_by_the_f7_pawn() -> None:
    pos = titan(QUAD_RAPTOR)
    pos.push_text("d4g6")
    assert "f7g6" in legal_from(pos, "f7")


def test_quad_raptor_takes_b5_only_when_a6_is_empty() -> None:
    without_a6 = titan({k: v for k, v in QUAD_RAPTOR.items() if k != "a6"})
    assert removed_by(without_a6, "d4a6") == {"b5"}
    without_b5 = titan({k: v for k, v in QUAD_RAPTOR.items() if k != "b5"})
    assert "b5" in moves_from(without_b5, "d4")
    assert "a6" not in moves_from(without_b5, "d4")
    assert all(
        without_b5.variant.square("a6") not in without_b5.parse_move(m).removed_squares
        for m in legal_from(without_b5, "d4")
    )


def test_quad_pieces_check_only_with_an_empty_landing_square() -> None:
    # docs/rules/titan-chess.md, TC-9 and worked example "Quad check": a Quad piece
    # attacks a square only when the square beyond it, on its path, is empty.
    # Quad Bomber d4-e3-f3-g3 toward a King on g3.
    open_landing = titan({"d4": "U", "g3": "k", "a1": "K"}, turn="b")
    assert open_landing.is_check()
    blocked = titan({"d4": "U", "g3": "k", "h3": "p", "a1": "K"}, turn="b")
    assert not blocked.is_check()


# -- Leaping Ninja Guard (TC-4), Daniel's example with the guard on d5 ----------------------
GUARD = {
    "d5": "G", "e6": "P", "l1": "K",
    "c4": "p", "b3": "p", "f7": "n", "e4": "r", "l12": "k",
}  # fmt: skip


def test_leaping_ninja_guard_d5_example() -> None:
    # c4 by moving there, or c4 and b3 both by jumping to b3; f7 by jumping over the
    # friendly pawn on e6 (which stays); e4 by moving there or by leaping to f3;
    # the camel (3,1) squares; one diagonal step to any square not its own.
    pos = titan(GUARD)
    camel = {"g6", "e8", "c8", "a6", "a4", "c2", "e2", "g4"}
    assert moves_from(pos, "d5") == {"c6", "c4", "e4", "b7", "f7", "b3", "f3"} | camel
    assert removed_by(pos, "d5c4") == {"c4"}
    assert removed_by(pos, "d5b3") == {"c4", "b3"}
    assert removed_by(pos, "d5f7") == {"f7"}
    assert removed_by(pos, "d5f3") == {"e4"}
    assert removed_by(pos, "d5e4") == {"e4"}


def test_leaping_ninja_guard_camel_leap_takes_one_piece_over_anything() -> None:
    pos = titan({"d5": "G", "e6": "p", "e7": "p", "e8": "r", "l1": "K", "l12": "k"})
    assert removed_by(pos, "d5e8") == {"e8"}


def test_jumped_enemy_is_always_captured() -> None:
    # TC-4: no jump over an enemy without taking it.
    pos = titan({k: v for k, v in GUARD.items() if k != "b3"})
    assert removed_by(pos, "d5b3") == {"c4"}


# -- Ninja Warrior (TC-4) -----------------------------------------------------------------
def test_ninja_warrior_steps_leaps_and_double_captures() -> None:
    # One or two orthogonal steps; it leaps a friend (which stays); a jumped enemy is
    # always taken; an enemy right after the first one is taken too.
    pos = titan(
        {"e5": "W", "e6": "P", "e3": "N", "f5": "p", "g5": "b", "d5": "p", "a1": "K", "l12": "k"}
    )
    assert moves_from(pos, "e5") == {"e7", "f5", "g5", "d5", "c5", "e4"}
    assert removed_by(pos, "e5e7") == set()
    assert removed_by(pos, "e5g5") == {"f5", "g5"}
    assert removed_by(pos, "e5c5") == {"d5"}
    pos.push_text("e5e7")
    assert pos.piece_at("e6") is not None


def test_ninja_warrior_and_king_mate_by_the_leap() -> None:
    # The page lists Ninja Warrior + King among mating material; TC-8: checkmate wins.
    pos = titan({"a12": "k", "a10": "W", "c11": "K"}, turn="b")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination == "checkmate" and outcome.winner == WHITE


def test_stalemate_is_a_draw() -> None:
    pos = titan({"a12": "k", "b10": "Q", "l1": "K"}, turn="b")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination == "stalemate" and outcome.winner is None
