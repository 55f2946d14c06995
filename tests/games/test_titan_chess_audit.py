"""Independent audit of Titan Chess against docs/rules/titan-chess.md (rulings TC-1 … TC-9
and its worked examples).

Two kinds of test: hand-built positions that pin what a ruling or a worked example of
the page fixes, and a differential test against a small move generator written here
from the rulings alone (not from trebuchet.variants/titan_chess.py), on seeded random positions.
"""

from __future__ import annotations

import random

import pytest

from tests.helpers import legal_from, legal_texts, play
from trebuchet.variants.move import MoveKind
from trebuchet.variants.pieces import BLACK, WHITE
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant

TITAN = get_variant("titan-chess")
N = 12
FILES = "abcdefghijkl"

Sq = tuple[int, int]
Board = dict[Sq, tuple[str, bool]]
RefMove = tuple[Sq, Sq, frozenset[Sq], str | None]


def sq(name: str) -> Sq:
    return (FILES.index(name[0]), int(name[1:]) - 1)


def fen_of(board: Board, turn: str = "w", castling: str = "-", ep: str = "-") -> str:
    rows = []
    for r in range(N - 1, -1, -1):
        row, empty = "", 0
        for f in range(N):
            if (f, r) in board:
                if empty:
                    row, empty = row + str(empty), 0
                kind, white = board[(f, r)]
                row += kind if white else kind.lower()
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + f" {turn} {castling} {ep} 0 1"


def setup(pieces: dict[str, str], turn: str = "w", castling: str = "-") -> Position:
    """A position from {"g1": "K", "g12": "k", ...} (upper case White)."""
    board = {sq(s): (p.upper(), p.isupper()) for s, p in pieces.items()}
    return TITAN.position(fen_of(board, turn, castling))


def removed(pos: Position, text: str) -> set[str]:
    (move,) = [m for m in pos.legal_moves() if pos.move_text(m) == text]
    return {TITAN.geometry.names[s] for s in move.removed_squares}


KINGS = {"g1": "K", "g12": "k"}


# -- TC-2: the extended pawn advance and its en passant ------------------------------
def test_tc2_pawn_runs_to_rank_6_from_ranks_3_to_5_then_steps_one() -> None:
    pos = setup(KINGS | {"b4": "P", "d5": "P", "f6": "P", "h9": "p", "j7": "p"})
    assert legal_from(pos, "b4") == {"b4b5", "b4b6"}
    assert legal_from(pos, "d5") == {"d5d6"}
    assert legal_from(pos, "f6") == {"f6f7"}
    pos = setup(KINGS | {"h9": "p", "j7": "p", "a3": "P"}, turn="b")
    assert legal_from(pos, "h9") == {"h9h8", "h9h7"}  # Black mirrored: down to rank 7
    assert legal_from(pos, "j7") == {"j7j6"}


def test_tc2_en_passant_on_every_passed_square_next_move_only() -> None:
    # Page: "White pawn on a3 ... moves from a3 to a6 ... the black pawn [on b5] can
    # capture it as if it had moved to a4 ... [on b6] as if it moved to a5".
    pos = setup(KINGS | {"a3": "P", "b5": "p", "b6": "p"})
    play(pos, "a3a6")
    assert pos.fen().split()[3] == "a4a5"
    assert {"b5a4", "b6a5"} <= legal_texts(pos)
    assert removed(pos, "b5a4") == {"a6"}
    assert removed(pos, "b6a5") == {"a6"}
    play(pos, "g12g11", "g1g2")  # "The capture must be made on the next move."
    assert not {"b5a4", "b6a5"} & legal_texts(pos)


def test_tc2_tc3_no_en_passant_by_or_of_a_ninja_pawn() -> None:
    pos = setup(KINGS | {"a3": "P", "b5": "j", "c3": "J", "d5": "p"})
    play(pos, "a3a6")
    assert "b5a4" not in legal_texts(pos)  # a Ninja Pawn never captures en passant
    pos = setup(KINGS | {"c3": "J", "d5": "p"})
    play(pos, "c3c6")
    assert "d5c4" not in legal_texts(pos)  # nor is it captured that way


# -- TC-3: the Ninja Pawn ------------------------------------------------------------
def test_tc3_ninja_pawn_page_example_and_sideways_capture_only_in_enemy_half() -> None:
    pos = setup(KINGS | {"c2": "J", "a10": "p"})
    play(pos, "c2c3", "a10a9", "c3d3", "a9a8", "d3d6")  # page: c2-c3, c3-d3, d3-d6
    pos = setup(KINGS | {"d6": "J", "c6": "n", "e7": "n", "h7": "J", "i7": "n"})
    assert legal_from(pos, "d6") == {"d6d7", "d6e6", "d6e7"}  # own half: c6 not taken
    assert legal_from(pos, "h7") == {"h7h8", "h7g7", "h7i7"}  # enemy half: i7 is taken


def test_tc3_ninja_pawn_promotes_on_rank_12_to_any_piece_but_king_or_pawns() -> None:
    pos = setup(KINGS | {"a11": "J", "b12": "r"})
    texts = legal_from(pos, "a11") - {"a11b11"}
    assert {t[-1] for t in texts} == set("qrbnfygvuw")
    assert {t[:-1] for t in texts} == {"a11a12", "a11b12"}
    pos = setup(KINGS | {"a9": "J"})
    assert legal_from(pos, "a9") == {"a9a10", "a9b9"}  # no promotion on the page's "rank 10"


# -- TC-4: Ninja Warrior and Leaping Ninja Guard ------------------------------------
def test_tc4_warrior_jump_keeps_a_friend_and_takes_both_enemies() -> None:
    pos = setup(KINGS | {"d4": "W", "d5": "N", "d6": "r", "e4": "p", "f4": "b", "c4": "p"})
    assert removed(pos, "d4d6") == {"d6"}  # jumped friend d5 stays
    assert removed(pos, "d4f4") == {"e4", "f4"}  # double capture
    assert removed(pos, "d4b4") == {"c4"}  # jumped enemy always captured
    assert "d4e4" in legal_texts(pos) and removed(pos, "d4e4") == {"e4"}


def test_tc4_guard_camel_leap_and_diagonal_step_take_one_piece() -> None:
    # docs/rules/titan-chess.md, worked example W18: c4 alone, c4+b3 by the jump, f7
    # over the own pawn on e6; here the rook stands on e8 to test the camel leap.
    pos = setup(KINGS | {"d5": "G", "c4": "p", "b3": "p", "e6": "P", "f7": "n", "e8": "r"})
    assert removed(pos, "d5c4") == {"c4"}
    assert removed(pos, "d5b3") == {"c4", "b3"}
    assert removed(pos, "d5f7") == {"f7"}
    assert removed(pos, "d5e8") == {"e8"}  # camel (1,3) over anything, one capture


# -- TC-5: Flying Bomber and Raptor ---------------------------------------------------
def test_tc5_bomber_f4_example_of_the_page() -> None:
    pos = setup(
        {"f2": "k", "l12": "K", "f4": "F", "f7": "b", "e4": "N", "d4": "r", "g4": "p"}
        | {"h4": "r", "f1": "n"}
    )
    texts = legal_from(pos, "f4")
    assert {"f4f8", "f4d4", "f4h4", "f4f2"} <= texts
    assert not {"f4g4", "f4c4", "f4e4"} & texts  # no adjacent capture, nothing beyond d4
    assert removed(pos, "f4h4") == {"g4", "h4"}  # compulsory double
    assert removed(pos, "f4f8") == {"f7"}


def test_tc5_raptor_d4_example_of_the_page() -> None:
    pos = setup(
        KINGS | {"d4": "Y", "b6": "p", "g7": "n", "e3": "p", "f2": "r", "c3": "p", "b2": "P"}
    )
    texts = legal_from(pos, "d4")
    assert {"d4a7", "d4b6", "d4h8", "d4f2"} <= texts
    assert not {"d4e3", "d4c3", "d4g7", "d4b2"} & texts
    assert removed(pos, "d4f2") == {"e3", "f2"}


# -- TC-6: Quad Bomber and Quad Raptor ------------------------------------------------
def test_tc6_quad_bomber_bare_first_step_is_not_a_move_and_captures_fly_over() -> None:
    pos = setup(KINGS | {"d4": "U", "e6": "n", "g3": "p", "c3": "P", "f5": "p", "g5": "p"})
    texts = legal_from(pos, "d4")
    assert not {"d4e5", "d4e3", "d4c5"} & texts  # diagonal step alone: not a move
    assert {"d4e7", "d4h3"} <= texts
    assert removed(pos, "d4e7") == {"e6"} and removed(pos, "d4h3") == {"g3"}
    assert not {"d4g5", "d4h5", "d4f5"} & texts  # f5, g5 block each other


def test_tc6_quad_raptor_page_example() -> None:
    pos = setup(KINGS | {"d4": "V", "f7": "p", "f5": "p", "d3": "P", "b5": "p", "a6": "p",
                         "b1": "n"})  # fmt: skip
    texts = legal_from(pos, "d4")
    assert {"d4g8", "d4g6"} <= texts
    assert not {"d4a6", "d4b5", "d4b1", "d4e5"} & texts


# -- TC-7: flexible castling ----------------------------------------------------------
CASTLE_BASE = {"g1": "K", "b1": "R", "k1": "R", "g12": "k"}


def test_tc7_nine_castlings_and_refusal_through_an_attacked_square() -> None:
    pos = setup(CASTLE_BASE, castling="KQ")
    castles = {t for t in legal_texts(pos) if len(t) > 5}
    assert castles == {
        "g1h1k1g1", "g1i1k1h1", "g1j1k1i1", "g1k1k1j1",
        "g1f1b1g1", "g1e1b1f1", "g1d1b1e1", "g1c1b1d1", "g1b1b1c1",
    }  # fmt: skip
    # A black Flying Bomber on h3 could take a King on h1 (two squares away): every
    # King-side castling passes over or lands on h1.
    pos = setup(CASTLE_BASE | {"h3": "f"}, castling="KQ")
    castles = {t for t in legal_texts(pos) if len(t) > 5}
    assert not {t for t in castles if t[2:4] in ("h1", "i1", "j1", "k1")}
    assert "g1b1b1c1" in legal_texts(pos)


def test_tc7_no_castling_after_rook_or_king_has_moved_and_returned() -> None:
    pos = setup(CASTLE_BASE | {"a12": "r"}, castling="KQ")
    play(pos, "k1k2", "a12a11", "k2k1", "a11a12")
    castles = {t for t in legal_texts(pos) if len(t) > 5}
    assert castles and not {t for t in castles if t[2:4] in ("h1", "i1", "j1", "k1")}
    play(pos, "g1g2", "a12a11", "g2g1", "a11a12")
    assert not {t for t in legal_texts(pos) if len(t) > 5}


def test_tc7_no_castling_out_of_a_quad_bomber_check() -> None:
    pos = setup(CASTLE_BASE | {"i2": "u"}, castling="KQ")  # i2-h1, flies over g1 to f1
    assert pos.is_check()
    assert not {t for t in legal_texts(pos) if len(t) > 5}


# -- check by special captures, king never capturable, TC-8 outcomes -------------------
def test_king_may_not_step_where_a_bomber_flies_over_it() -> None:
    # Bomber a10 takes a King on a11 by flying over it to a12 (TC-5): no adjacency
    # capture, but the fly-over one.  Same for a Quad Raptor with an empty landing.
    pos = setup({"a12": "k", "a10": "F", "c10": "K", "l12": "R"}, turn="b")
    assert pos.is_check()  # two squares away
    assert pos.legal_moves() == []
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination == "checkmate" and outcome.winner == WHITE


def test_tc8_stalemate_is_a_draw() -> None:
    pos = setup({"a12": "k", "c11": "Q", "l1": "K"}, turn="b")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination == "stalemate" and outcome.winner is None


# -- differential test against a generator written from the rulings ---------------------
ORTH = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAG = ((1, 1), (1, -1), (-1, -1), (-1, 1))
CAMEL = ((3, 1), (1, 3), (-1, 3), (-3, 1), (-3, -1), (-1, -3), (1, -3), (3, -1))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


def _at(f: int, r: int) -> Sq | None:
    return (f, r) if 0 <= f < N and 0 <= r < N else None


def _ray(s: Sq, v: tuple[int, int]) -> list[Sq]:
    out: list[Sq] = []
    t = _at(s[0] + v[0], s[1] + v[1])
    while t is not None:
        out.append(t)
        t = _at(t[0] + v[0], t[1] + v[1])
    return out


def reference_moves(b: Board, white: bool) -> set[RefMove]:
    """Pseudo-legal moves (no castling, no en passant) read off TC-2 ... TC-6."""
    out: set[RefMove] = set()

    def enemy(s: Sq | None) -> bool:
        return s is not None and s in b and b[s][1] is not white

    def friend(s: Sq | None) -> bool:
        return s is not None and s in b and b[s][1] is white

    def take(s: Sq) -> frozenset[Sq]:
        return frozenset([s]) if s in b else frozenset()

    fwd = 1 if white else -1
    for s0, (kind, colour) in b.items():
        if colour is not white:
            continue
        f, r = s0
        res: list[tuple[Sq, frozenset[Sq]]] = []
        if kind in "PJ":
            rel = r if white else N - 1 - r
            for t in _ray(s0, (0, fwd))[: 5 - rel if rel < 5 else 1]:
                if t in b:
                    break
                res.append((t, frozenset()))
            for dx in (-1, 1):
                d = _at(f + dx, r + fwd)
                if d is not None and enemy(d):
                    res.append((d, frozenset([d])))
                side = _at(f + dx, r)
                if kind == "J" and side is not None:
                    if side not in b:
                        res.append((side, frozenset()))
                    elif enemy(side) and rel > 5:
                        res.append((side, frozenset([side])))
            for dest, gone in res:
                last = dest[1] == (N - 1 if white else 0)
                for promo in "QRBNFYGVUW" if last else (None,):
                    out.add((s0, dest, gone, promo))
            continue
        if kind in "NK":
            for v in KNIGHT if kind == "N" else ORTH + DIAG:
                step = _at(f + v[0], r + v[1])
                if step is not None and not friend(step):
                    res.append((step, take(step)))
        elif kind in "BRQ":
            for v in {"B": DIAG, "R": ORTH, "Q": ORTH + DIAG}[kind]:
                for t in _ray(s0, v):
                    if t not in b or enemy(t):
                        res.append((t, take(t)))
                    if t in b:
                        break
        elif kind in "WG":
            for v in ORTH if kind == "W" else DIAG:
                line = _ray(s0, v)[:2]
                if line and not friend(line[0]):
                    res.append((line[0], take(line[0])))
                if len(line) == 2 and not friend(line[1]):
                    res.append((line[1], frozenset(s for s in line if enemy(s))))
            for v in CAMEL if kind == "G" else ():
                leap = _at(f + v[0], r + v[1])
                if leap is not None and not friend(leap):
                    res.append((leap, take(leap)))
        elif kind in "FY":
            for v in ORTH if kind == "F" else DIAG:
                line = _ray(s0, v)
                first = next((i for i, t in enumerate(line) if t in b), len(line))
                res.extend((t, frozenset()) for t in line[:first])
                if first + 1 < len(line) and enemy(line[first]) and line[first + 1] not in b:
                    res.append((line[first + 1], frozenset([line[first]])))  # fly-over
                if len(line) >= 2 and enemy(line[1]):  # distance two, over anything
                    res.append((line[1], frozenset(s for s in line[:2] if enemy(s))))
                if len(line) >= 2 and friend(line[0]) and line[1] not in b:
                    res.append((line[1], frozenset()))  # leap a friend
        elif kind in "UV":
            paths = (
                [(v, o) for v in DIAG for o in ((v[0], 0), (0, v[1]))]
                if kind == "U"
                else [(v, (v[0] + v[1], v[1] + v[0])) for v in ORTH]
                + [(v, (v[0] - v[1], v[1] - v[0])) for v in ORTH]
            )
            for v, o in paths:
                s1 = _at(f + v[0], r + v[1])
                if s1 is None or s1 in b:
                    continue
                for t in _ray(s1, o):
                    if t not in b:
                        res.append((t, frozenset()))
                        continue
                    beyond = _at(t[0] + o[0], t[1] + o[1])
                    if enemy(t) and beyond is not None and beyond not in b:
                        res.append((beyond, frozenset([t])))
                    break
        out.update((s0, t, rem, None) for t, rem in res)
    return out


def _random_board(rng: random.Random) -> Board:
    density = rng.choice((0.15, 0.3, 0.45))
    squares = [(f, r) for f in range(N) for r in range(N)]
    rng.shuffle(squares)
    b: Board = {squares[0]: ("K", True), squares[1]: ("K", False)}
    for s in squares[2:]:
        if rng.random() < density:
            kind, white = rng.choice("PJNBRQWGFYUV"), rng.random() < 0.5
            if kind in "PJ" and s[1] == (N - 1 if white else 0):
                continue
            b[s] = (kind, white)
    return b


def _engine_moves(pos: Position) -> set[RefMove]:
    def xy(s: int) -> Sq:
        return (s % N, s // N)

    return {
        (xy(m.frm), xy(m.to), frozenset(xy(s) for s in m.removed_squares), m.promotion)
        for m in TITAN.pseudo_legal_moves(pos)
        if m.frm is not None and m.tag != MoveKind.CASTLE
    }


@pytest.mark.parametrize("seed", range(12))
def test_moves_and_attacks_agree_with_an_independent_reading(seed: int) -> None:
    rng = random.Random(1000 + seed)
    for _ in range(4):
        b = _random_board(rng)
        fen = fen_of(b, rng.choice("wb"))
        pos = TITAN.position(fen)
        assert _engine_moves(pos) == reference_moves(b, pos.turn == WHITE), fen
        for by in (True, False):
            taken = {s for m in reference_moves(b, by) for s in m[2]}
            player = WHITE if by else BLACK
            for s, (_kind, white) in b.items():
                if white is not by:
                    attacked = TITAN.is_attacked(pos, s[1] * N + s[0], player)
                    assert attacked == (s in taken), (fen, s)
