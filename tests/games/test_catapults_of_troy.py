"""Catapults of Troy: rulings CT-1 … CT-11 and the rule page's worked examples.

The page's diagrams are lost.  Each example position below is constructed from
the page's text (which pieces stand where, which squares are free) and says so;
the expected move sets are derived by hand from the text and the rulings.
Coordinate forms: ``/l`` launch, ``/d`` Catapult leaves its rider, ``/r`` the
rider moves off, ``/s`` shot, ``/b`` build, ``/x`` bridge removal, ``/h`` Horse
releases its Archer, a trailing ``a`` a pawn becoming an Archer.
"""

from __future__ import annotations

import random

import pytest

from tests.helpers import legal_from, legal_texts, play, position
from trebuchet.variants.fen import read_fen
from trebuchet.variants.perft import perft
from trebuchet.variants.pieces import BLACK, WALL, WHITE
from trebuchet.variants.position import Position

CT = "catapults-of-troy"

# Constructed from the page's first diagram (lost): bridges on C6 (with the Black
# Bishop on it) and G6; Black King E11, Catapult E8, Ram G8, Pawn C8, Bridge
# Builder H7; White Catapult+Archer E4, Ram G4, Pawn A4, and three more White
# pieces under the Ram on G3, G2, G1 (a Troy Horse on G1) for the G8-G1 line.
# The page also lets the Archer walk "onto the Bridge at G6 or E6"; E6 cannot be
# a bridge, since the Black Catapult's listed moves down the E-file stop at E7,
# so E6 is read as C6 (the walk onto C6 that captures the Bishop).
DIAGRAM = "4k3/8/8/2p1c1m1/7e/**b***1*/8/P3C(A)1M1/6P1/1K4B1/6H1 b - - 0 1"

# Constructed for the Archer example (White's move 20): White Archer on D7; Black
# Catapult+Rook on F7, Bishop on F5, Archer on D5; no bridges; and the White
# Catapult+Pawn on C8 that can launch the pawn to C11 against the King on E11.
ARCHER = "4k3/8/8/2C(P)5/3A1c(r)2/********/3a1b2/8/8/8/K7 w - - 0 1"

# Constructed for the mate-in-2 (Black to move): 1... Ram-H1+ 2. K-D2 C9-C1#.
MATE_IN_2 = "4k3/8/2c(p)5/8/8/********/7m/4p1h1/5p2/8/4K3 b - - 0 1"


def pos(fen: str | None = None) -> Position:
    return position(CT, fen)


def squares_of(p: Position, kind: str, color: bool) -> set[str]:
    names = p.variant.geometry.names
    return {names[s] for s, x in p.pieces(color) if x.kind == kind or kind in x.cargo}


# -- CT-1 board and river --------------------------------------------------------
def test_ct1_board_and_river_blocks_everything_but_bridges() -> None:
    p = pos()
    geo = p.variant.geometry
    assert (geo.files, geo.ranks) == (8, 11)
    assert all(p.board[s] is WALL for s in geo.squares_of_rank(5))
    assert all(p.board[s] is not WALL for s in range(geo.size) if geo.rank_of(s) != 5)
    # a rook slides up to the river and stops; over a bridge it crosses (CT-1, CT-3)
    lone = pos("4k3/8/8/8/8/********/8/8/8/8/R3K3 w - - 0 1")
    assert legal_from(lone, "a1") == {f"a1a{r}" for r in range(2, 6)} | {"a1b1", "a1c1", "a1d1"}
    bridged = pos("4k3/8/8/8/8/1*******/8/8/8/8/R3K3 w - - 0 1")
    assert legal_from(bridged, "a1") == {f"a1a{r}" for r in range(2, 12)} | {
        "a1b1",
        "a1c1",
        "a1d1",
    }


# -- CT-2 setup ---------------------------------------------------------------------
def test_ct2_setup() -> None:
    p = pos()
    assert p.fen() == p.variant.start_fen
    assert squares_of(p, "E", WHITE) == {"d1"} and squares_of(p, "E", BLACK) == {"d11"}
    assert squares_of(p, "C", WHITE) == {"b1"} and squares_of(p, "M", BLACK) == {"h11"}
    assert squares_of(p, "P", WHITE) == {"a2", "c2", "d2", "e2", "f2", "h2"}
    horse = p.piece_at("g1")
    assert horse is not None and horse.kind == "H" and horse.cargo == ("A",)
    assert p.turn == WHITE


def test_perft_1_by_hand() -> None:
    """White's 19 first moves: 6 pawn steps (no double step, CT-4); Catapult b1
    up the b-file to b5 (4, the river stops it) and loading the Rook a1 or the
    Bishop c1 (2, CT-8a); the Rook a1 onto the empty Catapult (1, CT-8d); Bishop
    c1 to b2/a3 and f1 to g2/h3 (4); Troy Horse g1 to f3/h3 (2; e2 is its own
    pawn).  King, Bridge Builder and Ram are boxed in.  Black mirrors it."""
    assert perft(pos(), 1) == 19
    black_first = pos(pos().variant.start_fen.replace(" w ", " b "))
    assert perft(black_first, 1) == 19


def test_perft_2_by_hand() -> None:
    """No first move of either side reaches across the river or changes what the
    other side may do, and neither Catapult starts loaded, so perft(2) = 19 x 19."""
    assert perft(pos(), 2) == 19 * 19


def _count_by_rebuilding(p: Position, depth: int) -> int:
    """Leaf count computed apart from :func:`perft`: each child is rebuilt from
    its FEN, so make/unmake plays no part."""
    moves = p.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        child = p.copy()
        child.push(m)
        total += _count_by_rebuilding(read_fen(p.variant, child.fen()), depth - 1)
    return total


def test_perft_3_agrees_with_counting_nodes_rebuilt_from_their_fen() -> None:
    """A self-consistency check, not an oracle: perft by make and unmake equals the
    count over every node rebuilt from its FEN (FEN, push and pop agree), and
    unmaking restores the start; then the launch rule, worked out by hand."""
    p = pos()
    start = p.fen()
    expected = _count_by_rebuilding(p, 3)
    assert perft(p, 3) == expected
    assert p.fen() == start
    # Black's first move changes White's second moves only through a launch:
    # after Catapult b1 loads the Bishop on c1 (b1c1), the rider can fly up the
    # c-file over everything, so each Black reply that empties c11 (c11b10,
    # c11a9) adds exactly one White move, c1c11/l; c10c9 trades the launch square
    # c9 for c10; other replies change nothing.
    p.push_text("b1c1")
    base = len(play(p.copy(), "h10h9").legal_moves())
    for reply in p.legal_moves():
        after = p.copy()
        after.push(reply)
        gained = set(legal_texts(after)) - set(legal_texts(play(p.copy(), "h10h9")))
        opened = p.move_text(reply) in {"c11b10", "c11a9"}
        assert len(after.legal_moves()) == base + opened
        if opened:
            assert gained == {"c1c11/l"}


# -- CT-3 king, rook, bishop -----------------------------------------------------
def test_ct3_bishop_crosses_only_on_a_completing_bridge_and_no_castling() -> None:
    no_bridge = pos("4k3/8/8/8/8/********/8/8/8/8/R1B1K2R w - - 0 1")
    assert legal_from(no_bridge, "c1") == {"c1b2", "c1a3", "c1d2", "c1e3", "c1f4", "c1g5"}
    # a bridge on h6 completes the c1-h6 diagonal only up to h6 itself
    bridged = pos("4k3/8/8/8/8/*******1/8/8/8/8/R1B1K2R w - - 0 1")
    assert "c1h6" in legal_from(bridged, "c1")
    assert not any(t.startswith("e1") and t[2:] in ("g1", "c1") for t in legal_texts(no_bridge))


# -- CT-4 pawns ------------------------------------------------------------------------
def test_ct4_pawn_steps_once_captures_diagonally_and_becomes_archer() -> None:
    p = pos("k7/3P4/8/8/8/********/8/8/2p5/3P4/4K3 w - - 0 1")
    assert legal_from(p, "d2") == {"d2d3", "d2c3"}  # no double step
    assert legal_from(p, "d10") == {"d10d11a"}
    play(p, "d10d11a")
    assert p.piece_at("d11") == p.variant.piece("A", WHITE)


def test_ct4_pawn_launched_to_last_rank_is_an_archer_and_checks() -> None:
    p = play(pos(ARCHER), "c8c11a/l")
    assert p.piece_at("c11") == p.variant.piece("A", WHITE)
    assert p.piece_at("c8") == p.variant.piece("C", WHITE)
    assert p.is_check()  # the page: "Giving check to the King"


def test_ct4_pawn_carried_to_last_rank_becomes_archer() -> None:
    p = play(pos(ARCHER), "c8c11a")
    assert p.piece_at("c11") == p.variant.piece("C", WHITE, "A")


# -- CT-5 the Archer -----------------------------------------------------------------
def test_ct5_archer_example_four_captures_around_f7() -> None:
    """Page, White's 20th move: A 's' F7, A x F7, A 's' F5, A 's' D5 (the page's
    "H7" is a misprint for F7: docs/rules/catapults-of-troy.md, worked example
    "Archer D7")."""
    p = pos(ARCHER)
    moves = {"d7d8", "d7d9", "d7e8", "d7f9", "d7e7", "d7f7", "d7c7", "d7b7"}
    shots = {"d7f7/s", "d7f5/s", "d7d5/s"}  # F5 and D5 over the river (CT-5)
    assert legal_from(p, "d7") == moves | shots
    shot = play(pos(ARCHER), "d7f7/s")
    assert shot.piece_at("f7") is None and shot.piece_at("d7") is not None
    walked = play(pos(ARCHER), "d7f7")
    assert walked.piece_at("f7") == walked.variant.piece("A", WHITE)
    assert squares_of(walked, "R", BLACK) == set()  # the Catapult's rider went with it


def test_ct5_arrow_stops_at_first_piece_and_horse_archer_cannot_shoot() -> None:
    # a friendly pawn on e3 shields the Black pawn on e4 behind it
    p = pos("4k3/8/8/8/8/********/8/4p3/4P3/4A3/K6H(A) w - - 0 1")
    assert legal_from(p, "e2") == {"e2d1", "e2e1", "e2f1", "e2d2", "e2c2", "e2f2", "e2g2"} | {
        "e2d3",
        "e2c4",
        "e2f3",
        "e2g4",
    }
    # the Archer inside the Horse on h1 has no powers: only knight moves
    assert legal_from(p, "h1") == {"h1f2", "h1g3"}


def test_ct5_archer_shoots_from_catapult() -> None:
    p = pos(DIAGRAM.replace(" b ", " w "))
    assert "e4c6/s" in legal_from(p, "e4")
    play(p, "e4c6/s")
    assert p.piece_at("c6") is None and p.board[p.variant.square("c6")] is not WALL


# -- CT-6 the Troy Horse --------------------------------------------------------------
# Constructed for the Troy Horse figure: White Horse (with its Archer) on F5,
# Black King on E9 so that the release E7-G8 gives the page's double check.
HORSE = "8/p7/4k3/8/8/********/5H(A)2/8/8/8/K7 w - - 0 1"


def test_ct6_horse_crosses_f5_to_e7_or_g7_without_release() -> None:
    p = pos(HORSE)
    # d6 and h6 are river: a Horse never lands in it; no release on its own side
    assert legal_from(p, "f5") == {"f5d4", "f5e3", "f5e7", "f5g3", "f5g7", "f5h4"}


def test_ct6_release_after_crossing_gives_double_check() -> None:
    p = play(pos(HORSE), "f5e7", "a10a9")
    knight = {"e7c8", "e7d5", "e7d9", "e7f5", "e7f9", "e7g8"}  # c6, g6 are river
    assert legal_from(p, "e7") == knight | {t + "/h" for t in knight}
    play(p, "e7g8/h")
    assert p.piece_at("e7") == p.variant.piece("A", WHITE)
    assert p.piece_at("g8") == p.variant.piece("H", WHITE)  # the Horse is empty now
    assert p.is_check()
    for shooter in ("e7", "g8"):  # each of the two checks on its own
        alone = p.copy()
        alone.board[alone.variant.square(shooter)] = None
        assert alone.is_check()


def test_ct6_release_once_back_on_own_side_and_on_capture() -> None:
    p = play(pos("k7/p7/8/8/8/********/3p1H(A)2/8/8/8/K7 w - - 0 1"), "f5e7", "a10a9")
    assert "e7d5/h" in legal_from(p, "e7")  # back to its own side, capturing
    play(p, "e7d5/h", "a9a8")
    assert p.piece_at("e7") == p.variant.piece("A", WHITE)
    assert not any(t.endswith("/h") for t in legal_texts(p))  # once only


def test_ct6_captured_horse_loses_its_archer() -> None:
    p = play(pos("4k3/8/8/8/8/********/8/8/8/6h(a)1/4K2B w - - 0 1"), "h1g2")
    assert squares_of(p, "A", BLACK) == set() and squares_of(p, "H", BLACK) == set()


# -- CT-7 the Bridge Builder ---------------------------------------------------------
def test_ct7_bridge_builder_on_h7_has_the_pages_four_options() -> None:
    """(a) remove the G6 bridge, (b) step onto it, (c) build on H6, (d) go to H8/G7."""
    assert legal_from(pos(DIAGRAM), "h7") == {"h7g6/x", "h7g6", "h7h6/b", "h7h8", "h7g7"}
    built = play(pos(DIAGRAM), "h7h6/b")
    assert built.board[built.variant.square("h6")] is None
    assert built.piece_at("h7") is not None  # the Builder does not move
    removed = play(pos(DIAGRAM), "h7g6/x")
    assert removed.board[removed.variant.square("g6")] is WALL


def test_ct7_removal_drowns_enemy_with_its_rider_never_a_friend() -> None:
    # White loaded Catapult on the e6 bridge, White Bishop on the d6 bridge
    p = pos("4k3/8/8/8/4e3/***BC(R)***/8/8/8/8/K7 b - - 0 1")
    assert legal_from(p, "e7") >= {"e7e6/x", "e7d6/x"}
    p2 = pos("4k3/8/8/8/4e3/***bC(R)***/8/8/8/8/K7 b - - 0 1")
    assert "e7d6/x" not in legal_from(p2, "e7")  # its own Bishop stands there
    play(p, "e7e6/x")
    assert p.board[p.variant.square("e6")] is WALL
    assert squares_of(p, "C", WHITE) == set() and squares_of(p, "R", WHITE) == set()


def test_ct7_builder_must_stand_on_its_own_bank() -> None:
    on_bridge = pos("4k3/8/8/8/8/***E****/8/8/8/8/K7 w - - 0 1")
    assert legal_from(on_bridge, "d6") == {"d6c5", "d6d5", "d6e5", "d6c7", "d6d7", "d6e7"}
    enemy_bank = pos("4k3/8/8/8/3E4/********/8/8/8/8/K7 w - - 0 1")
    assert not any(t.endswith(("/b", "/x")) for t in legal_from(enemy_bank, "d7"))
    own_bank = pos("4k3/8/8/8/8/********/3E4/8/8/8/K7 w - - 0 1")
    assert {t for t in legal_from(own_bank, "d5") if "/" in t} == {"d5c6/b", "d5d6/b", "d5e6/b"}


# -- CT-8 the Catapult -------------------------------------------------------------------
def test_ct8_black_catapult_on_e8_options() -> None:
    """Page: it may pick up the Ram, the King or the Pawn C8, or move to E7, E9,
    E10, D8, F8; or stay and let the Ram or the Bishop move onto it."""
    p = pos(DIAGRAM)
    assert legal_from(p, "e8") == {
        "e8e7", "e8e9", "e8e10", "e8d8", "e8f8",  # rook moves
        "e8g8", "e8e11", "e8c8",  # loading
    }  # fmt: skip
    onto = {p.move_text(m) for m in p.legal_moves() if m.to == p.variant.square("e8")}
    assert onto == {"g8e8", "c6e8"}


def test_ct8_white_catapult_on_e4_with_its_archer() -> None:
    """Carry it, leave it (and load the Ram G4 or Pawn A4), launch it (E9 checks,
    E2 backwards, H4 over the Ram), let it step off (G6 bridge, C6 capture) or
    shoot the Bishop on C6."""
    p = pos(DIAGRAM.replace(" b ", " w "))
    rook = {"d4", "c4", "b4", "f4", "e5", "e3", "e2", "e1"}
    launch = {"b4", "c4", "d4", "f4", "h4", "e5", "e7", "e9", "e10", "e3", "e2", "e1"}
    rider = {"e5", "f5", "g6", "f4", "f3", "e3", "e2", "d3", "c2", "d4", "c4", "d5", "c6"}
    expected = (
        {"e4" + s for s in rook}
        | {f"e4{s}/d" for s in rook | {"g4", "a4"}}
        | {f"e4{s}/l" for s in launch}
        | {f"e4{s}/r" for s in rider}
        | {"e4c6/s"}
    )
    assert legal_from(p, "e4") == expected
    assert play(p.copy(), "e4e9/l").is_check()
    left = play(p.copy(), "e4g4/d")
    assert left.piece_at("e4") == p.variant.piece("A", WHITE)
    assert left.piece_at("g4") == p.variant.piece("C", WHITE, "M")


def test_ct8_loaded_catapult_is_captured_as_one_piece() -> None:
    p = play(pos(DIAGRAM), "c6e4")
    assert squares_of(p, "C", WHITE) == set() and squares_of(p, "A", WHITE) == set()


def test_ct8_board_then_launch_and_rider_captures() -> None:
    p = play(pos(), "a1b1", "h10h9")
    assert p.piece_at("b1") == p.variant.piece("C", WHITE, "R")
    assert legal_from(p, "b1") >= {"b1b10/l", "b1b2/r", "b1b5/r", "b1a1/r", "b1a1/l"}
    play(p, "b1b10/l")
    assert p.piece_at("b10") == p.variant.piece("R", WHITE)
    assert p.piece_at("b1") == p.variant.piece("C", WHITE)


# -- CT-9 the Ram ------------------------------------------------------------------------
def test_ct9_ram_g8_g1_takes_four_and_splinters() -> None:
    p = pos(DIAGRAM)
    assert {t for t in legal_from(p, "g8") if t.startswith("g8g")} == {
        "g8g7", "g8g6", "g8g5", "g8g1", "g8g9", "g8g10", "g8g11",
    }  # fmt: skip
    play(p, "g8g1")
    for sq in ("g8", "g4", "g3", "g2", "g1"):
        assert p.piece_at(sq) is None


def test_ct9_own_piece_in_front_blocks_and_own_pieces_behind_fall() -> None:
    blocked = pos(DIAGRAM.replace("7e", "6e1"))  # the Builder now on G7
    assert not any(t.startswith("g8g") and t[3:] in ("1", "5") for t in legal_from(blocked, "g8"))
    black_horse = play(pos(DIAGRAM.replace("6H1", "6h1")), "g8g1")
    assert black_horse.piece_at("g1") is None


def test_ct9_line_ends_before_unbridged_river_and_from_a_catapult() -> None:
    fen = "4k3/8/8/8/8/********/8/4p3/4p3/8/4M2K w - - 0 1"
    p = pos(fen)
    assert not p.variant.in_check(p, BLACK)
    play(p, "e1e5")
    assert p.piece_at("e3") is None and p.piece_at("e4") is None and p.piece_at("e1") is None
    bridged = pos(fen.replace("********", "****1***"))
    assert bridged.variant.in_check(bridged, BLACK)  # the line now runs to e11
    riding = play(pos(fen.replace("4M2K", "4C(M)2K")), "e1e5/r")
    assert riding.piece_at("e1") == riding.variant.piece("C", WHITE)


# -- CT-10 check -----------------------------------------------------------------------
def test_ct10_ram_check_cannot_be_blocked() -> None:
    p = pos("4k3/8/8/8/8/********/8/8/8/5R2/4K2m w - - 0 1")
    assert p.is_check()
    assert legal_texts(p) == {"e1d2", "e1e2"}


def test_ct10_shot_over_the_river_and_bridge_removal_are_checks() -> None:
    assert pos("8/8/8/8/4k3/********/4A3/8/8/8/K7 b - - 0 1").is_check()
    on_bridge = pos("4k3/8/8/8/7e/******1K/8/8/8/8/8 w - - 0 1")
    assert on_bridge.is_check()
    riding = pos("4k3/8/8/8/7e/******C(K)1/8/8/8/8/8 w - - 0 1")
    assert riding.is_check()
    play(riding, "g6g5")  # carried off the bridge, King and Catapult as one
    assert riding.piece_at("g5") == riding.variant.piece("C", WHITE, "K")


# -- CT-11 end of game --------------------------------------------------------------------
def test_ct11_mate_in_two() -> None:
    p = play(pos(MATE_IN_2), "h5h1")
    assert p.is_check() and legal_texts(p) == {"e1d2"}  # "K-D2 [forced]"
    play(p, "e1d2", "c9c1a/l")
    outcome = p.outcome()
    assert outcome is not None and outcome.termination == "checkmate" and outcome.winner == BLACK


def test_ct11_stalemate_and_threefold_are_draws() -> None:
    stale = pos("k2A4/8/1K6/8/8/********/8/8/8/8/8 b - - 0 1").outcome()
    assert stale is not None and (stale.termination, stale.winner) == ("stalemate", None)
    p = play(pos(), "g1f3", "g11f9", "f3g1", "f9g11")
    assert p.outcome() is None
    play(p, "g1f3", "g11f9", "f3g1", "f9g11")
    rep = p.outcome()
    assert rep is not None and (rep.termination, rep.winner) == ("threefold_repetition", None)


# -- every legal move has exactly one text; make/unmake and FEN round-trip -----------------
def test_random_play_texts_unique_and_state_restored() -> None:
    rng = random.Random(2003)
    for _ in range(6):
        p = pos()
        for _ in range(70):
            moves = p.legal_moves()
            if not moves:
                break
            texts = [p.move_text(m) for m in moves]
            assert len(set(texts)) == len(texts)
            fen = p.fen()
            assert read_fen(p.variant, fen).fen() == fen
            move = rng.choice(moves)
            assert p.parse_move(p.move_text(move)) == move
            p.push(move)
            p.pop()
            assert p.fen() == fen
            p.push(move)


@pytest.mark.parametrize("fen", [DIAGRAM, ARCHER, MATE_IN_2])
def test_example_positions_texts_unique(fen: str) -> None:
    p = pos(fen)
    texts = [p.move_text(m) for m in p.legal_moves()]
    assert len(set(texts)) == len(texts)
