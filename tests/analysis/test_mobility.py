"""Empty-board and crowded-board mobility against closed forms, Betza's numbers,
Fairy-Stockfish's move sets and a Monte-Carlo estimate."""

from __future__ import annotations

import csv
import math
import random
import statistics
from collections import defaultdict
from fractions import Fraction

import pytest

from tests.helpers import DATA, requires_shared
from trebuchet.analysis.board import (
    PieceForm,
    betza_variant,
    empty_position,
    find_piece,
    piece_forms,
)
from trebuchet.analysis.mobility import crowded, empty_board, sample_square
from trebuchet.analysis.moves import capture_squares, generate
from trebuchet.analysis.paths import (
    Occupancy,
    betza_terms,
    is_betza,
    lone_enemy_captures,
    random_occupancy,
    targets_on,
)
from trebuchet.variants.betza import LEAP
from trebuchet.variants.move import Remove
from trebuchet.variants.pieces import BLACK, WHITE, BetzaPiece
from trebuchet.variants.registry import get_variant, variant_names

ORACLE = DATA / "oracles" / "betza_reference_moves.tsv"
PATTERNS = DATA / "oracles" / "betza_crowded_patterns.tsv"
LEAPERS = {
    "W": (1, 0),
    "F": (1, 1),
    "D": (2, 0),
    "N": (2, 1),
    "A": (2, 2),
    "H": (3, 0),
    "C": (3, 1),
    "Z": (3, 2),
    "G": (3, 3),
}


def closed_form(leg: tuple[int, int], w: int, h: int) -> Fraction:
    """Betza's ((w-x)(h-y)/(wh)) summed over the distinct vectors of the leap."""
    x, y = leg
    vectors = {(sx * a, sy * b) for a, b in ((x, y), (y, x)) for sx in (1, -1) for sy in (1, -1)}
    return sum((Fraction((w - abs(dx)) * (h - abs(dy)), w * h) for dx, dy in vectors), Fraction())


@pytest.mark.parametrize(
    ("kind", "expected"),
    [("N", 5.25), ("K", 6.5625), ("R", 14), ("B", 8.75), ("Q", 22.75)],
)
def test_betza_known_averages_on_8x8(kind: str, expected: float) -> None:
    chess = get_variant("chess")
    assert empty_board(chess, find_piece(chess, kind)).average == expected


BOARDS = sorted({(get_variant(n).files, get_variant(n).ranks) for n in variant_names()})


@pytest.mark.parametrize(("files", "ranks"), BOARDS)
def test_leaper_averages_match_the_closed_form(files: int, ranks: int) -> None:
    board = betza_variant(dict(zip("XYZUVTSJL", LEAPERS, strict=True)), files, ranks)
    for letter, atom in zip("XYZUVTSJL", LEAPERS, strict=True):
        average = empty_board(board, PieceForm(letter, (), atom), "open").average
        assert math.isclose(average, closed_form(LEAPERS[atom], files, ranks)), atom


def _plain_leaper(kind: BetzaPiece) -> tuple[int, int] | None:
    comps = kind.components
    if len(comps) != 1 or comps[0].style != LEAP or comps[0].range != 1:
        return None
    comp = comps[0]
    legs = {(max(abs(dx), abs(dy)), min(abs(dx), abs(dy))) for dx, dy in comp.vectors}
    if len(legs) != 1 or not (comp.move and comp.capture):
        return None
    leg = next(iter(legs))
    return leg if set(comp.vectors) == closed_form_vectors(leg) else None


def closed_form_vectors(leg: tuple[int, int]) -> set[tuple[int, int]]:
    x, y = leg
    return {(sx * a, sy * b) for a, b in ((x, y), (y, x)) for sx in (1, -1) for sy in (1, -1)}


@pytest.mark.parametrize("name", variant_names())
def test_every_plain_leaper_of_every_variant_matches_the_closed_form(name: str) -> None:
    variant = get_variant(name)
    for ptype in variant.types.values():
        if not is_betza(ptype):
            continue
        assert isinstance(ptype, BetzaPiece)
        leg = _plain_leaper(ptype)
        if leg is None:
            continue
        form = find_piece(variant, ptype.letter)
        mob = empty_board(variant, form, "open")
        expected = closed_form(leg, variant.files, variant.ranks)
        assert math.isclose(mob.average, expected), ptype.name
        assert math.isclose(mob.average_captures, expected), ptype.name


def _oracle_rows(scenario: str) -> dict[tuple[str, str], dict[str, set[str]]]:
    table: dict[tuple[str, str], dict[str, set[str]]] = defaultdict(dict)
    with ORACLE.open() as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            if row["scenario"] == scenario:
                table[(row["board"], row["betza"])][row["square"]] = set(row["targets"].split())
    return table


def _size(board: str) -> tuple[int, int]:
    files, ranks = board.split("x")
    return int(files), int(ranks)


@requires_shared("oracles")
def test_empty_board_moves_match_fairy_stockfish_for_all_50_betza_strings() -> None:
    table = _oracle_rows("empty")
    assert len(table) == 250
    for (board, betza), squares in table.items():
        variant = betza_variant({"X": betza}, *_size(board))
        pos = empty_position(variant, ())
        piece = variant.piece("X", WHITE)
        names = variant.geometry.names
        occ = random_occupancy(variant.geometry.size, frozenset(), 0.0, 0.5, 0)
        for name, expected in squares.items():
            sq = variant.geometry.square(name)
            pos.board[sq] = piece
            got = {names[m.to] for m in generate(pos, sq, piece)}
            pos.board[sq] = None
            assert got == expected, (board, betza, name)
            terms = betza_terms(variant, "X", sq, WHITE)
            assert {names[t] for t in targets_on(terms, occ)} == expected, (board, betza, name)


def _pattern_occupancy(board: str, fen: str, own: int) -> Occupancy:
    files, ranks = _size(board)
    empty, friend, enemy = [1.0] * (files * ranks), [0.0] * (files * ranks), [0.0] * (files * ranks)
    for row_index, row in enumerate(fen.split()[0].split("/")):
        rank = ranks - 1 - row_index
        file = 0
        for token in row:
            if token.isdigit():
                file += int(token)
                continue
            sq = rank * files + file
            if sq != own:
                empty[sq] = 0.0
                (friend if token.isupper() else enemy)[sq] = 1.0
            file += 1
    return Occupancy(empty, friend, enemy)


@requires_shared("oracles")
def test_crowded_paths_give_fairy_stockfish_moves_on_its_pawn_patterns() -> None:
    with PATTERNS.open() as handle:
        patterns = {
            r["board"]: r["crowded_pattern_fen"] for r in csv.DictReader(handle, delimiter="\t")
        }
    checked = 0
    for (board, betza), squares in _oracle_rows("crowded").items():
        variant = betza_variant({"X": betza}, *_size(board))
        names = variant.geometry.names
        for name, expected in squares.items():
            sq = variant.geometry.square(name)
            occ = _pattern_occupancy(board, patterns[board], sq)
            got = targets_on(betza_terms(variant, "X", sq, WHITE), occ)
            assert {names[t] for t in got} == expected, (board, betza, name)
            checked += 1
    assert checked == 21250


@pytest.mark.parametrize(
    ("betza", "density"),
    [
        ("Q", 1 / 3),
        ("N", 0.5),
        ("fmWfcF", 1 / 3),
        ("pR", 0.4),
        ("nN", 0.3),
        ("gB", 0.5),
        ("mRcpR", 0.25),
    ],
)
def test_exact_crowded_mobility_agrees_with_monte_carlo(betza: str, density: float) -> None:
    """The sample mean of the board average is within 4.5 standard errors of the exact
    value (a seeded run; 4.5 sigma leaves a 1e-5 chance for any seed)."""
    variant = betza_variant({"X": betza, "P": "W"}, 8, 8)
    form = PieceForm("X", (), betza)
    exact = crowded(variant, form, density)
    assert exact.method == "exact"
    pos = empty_position(variant, ())
    occupants = (variant.piece("P", WHITE), variant.piece("P", BLACK))
    rng = random.Random(7)
    n = 150
    means, variances = [], []
    for sq in range(64):
        totals = [
            sum(sample_square(variant, pos, sq, form, occupants, density, 0.5, rng))
            for _ in range(n)
        ]
        means.append(statistics.fmean(totals))
        variances.append(statistics.variance(totals))
    estimate = statistics.fmean(means)
    standard_error = math.sqrt(sum(variances) / n) / 64
    value = exact.average + exact.average_captures
    assert abs(estimate - value) < 4.5 * standard_error + 1e-9, (estimate, value)


@pytest.mark.parametrize("name", variant_names())
def test_read_log_captures_equal_trying_every_square(name: str) -> None:
    """The capture count of special kinds tries only the squares the generator looked
    at; trying every square of the board must give the same answer."""
    variant = get_variant(name)
    pos = empty_position(variant, ())
    specials = [f for f in piece_forms(variant) if not is_betza(f.ptype(variant)) or f.cargo][:3]
    for form in specials:
        piece = form.piece(variant)
        enemy = variant.piece(form.kind, BLACK)
        for sq in range(0, variant.geometry.size, 5):
            fast = capture_squares(pos, sq, piece, enemy)
            slow = []
            for t in range(variant.geometry.size):
                if t == sq:
                    continue
                pos.board[sq], pos.board[t] = piece, enemy
                moves = generate(pos, sq, piece)
                pos.board[sq] = pos.board[t] = None
                if any(isinstance(a, Remove) and a[0] == t for m in moves for a in m.actions):
                    slow.append(t)
            assert fast == slow, (form.label, sq)


def test_betza_capture_count_equals_the_generic_count() -> None:
    chess = get_variant("chess")
    pos = empty_position(chess, ())
    for kind in "PNBRQK":
        piece = chess.piece(kind, WHITE)
        for sq in range(64):
            generic = set(capture_squares(pos, sq, piece, chess.piece(kind, BLACK)))
            assert lone_enemy_captures(chess, kind, sq, frozenset()) == generic


def test_river_terrain_and_bridge_building_count() -> None:
    cot = get_variant("catapults-of-troy")
    rook = find_piece(cot, "R")
    # 8 x 11 board; river rank 6 missing: 7 along the rank + 4 along the file on either side.
    assert empty_board(cot, rook, "start").average == 11
    assert empty_board(cot, rook, "open").average == 17
    king = empty_board(cot, find_piece(cot, "K"), "start")
    builder = empty_board(cot, find_piece(cot, "Bridge Builder"), "start")
    bank = [sq for sq in builder.squares if sq // 8 == 4]
    # on White's bank (rank 5) the builder may also bridge the 2 or 3 river squares ahead
    for sq in bank:
        extra = builder.squares[sq].moves - king.squares[sq].moves
        assert extra == (2 if sq % 8 in (0, 7) else 3)
