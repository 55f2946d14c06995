"""Duggan's Fantasy Chess against an independent move generator.

No outside engine plays this game, so this file carries a second generator,
written straight from rulings DF-1 … DF-7 and sharing no code with
``trebuchet.variants.duggans_fantasy_chess``: a dictionary board, moves as (text, board)
pairs, legality by generating every reply, and the Mercenary's threat (DF-3)
found by iterating the set of threatened Mercenaries up to its least fixed
point (the engine decides it square by square with a recursive search).
Perft divides and legal-move sets of random positions must agree.
"""

from __future__ import annotations

import os
import random

import pytest

from tests.helpers import legal_texts, position
from trebuchet.variants.perft import divide, perft

V = "duggans-fantasy-chess"
START = "gabskbag/mmmmmmmm/8/8/8/8/MMMMMMMM/GABSKBAG w - - 0 1"

Sq = tuple[int, int]
Moves = list[tuple[Sq, frozenset[Sq]]]
"""(landing square, squares emptied of their pieces) per move."""
Board = dict[Sq, tuple[bool, str]]
Step = tuple[int, int]

ORTHO: tuple[Step, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG: tuple[Step, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KING = ORTHO + DIAG


def on(s: Sq) -> bool:
    return 0 <= s[0] < 8 and 0 <= s[1] < 8


def add(s: Sq, d: Step, n: int = 1) -> Sq:
    return (s[0] + d[0] * n, s[1] + d[1] * n)


def name(s: Sq) -> str:
    return "abcdefgh"[s[0]] + str(s[1] + 1)


def read_board(fen: str) -> tuple[Board, bool]:
    rows, turn = fen.split()[:2]
    board: Board = {}
    for i, row in enumerate(rows.split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, 7 - i)] = (ch.isupper(), ch.upper())
                f += 1
    return board, turn == "w"


# -- what one piece can do: (landing square, squares emptied of their pieces) ----


def golem(b: Board, s: Sq, c: bool) -> Moves:
    out: Moves = []
    for d, n in [(d, 2) for d in DIAG] + [(d, 3) for d in ORTHO]:
        path = [add(s, d, i) for i in range(1, n + 1)]
        if not on(path[-1]):
            continue
        hit = [q for q in path if q in b]
        if path[-1] not in b:
            if not hit:
                out.append((path[-1], frozenset()))
        elif all(b[q][1] != "G" and b[q] != (c, "K") for q in hit):
            out.append((path[-1], frozenset(hit)))
    return out


def archer(b: Board, s: Sq, c: bool) -> Moves:
    found = set()
    for d1 in KING:
        for d2 in ((d1[1], -d1[0]), (-d1[1], d1[0])):
            for n in range(1, 8):
                corner = add(s, d1, n)
                t = add(corner, d2, n)
                way = [add(s, d1, i) for i in range(1, n + 1)]
                way += [add(corner, d2, i) for i in range(1, n)]
                if on(t) and on(corner) and not any(q in b for q in way):
                    found.add(t)
    return [(t, takes(b, t)) for t in found if can_land(b, t, c, golems=False)]


def can_land(b: Board, t: Sq, c: bool, golems: bool) -> bool:
    return t not in b or (b[t][0] != c and (golems or b[t][1] != "G"))


def takes(b: Board, t: Sq) -> frozenset[Sq]:
    return frozenset({t}) if t in b else frozenset()


def steps(
    b: Board, s: Sq, c: bool, dirs: tuple[Step, ...], golems: bool, quiet: bool, capture: bool
) -> Moves:
    out: Moves = []
    for d in dirs:
        t = add(s, d)
        if not on(t) or not can_land(b, t, c, golems):
            continue
        if (t in b and capture) or (t not in b and quiet):
            out.append((t, takes(b, t)))
    return out


def bishop(b: Board, s: Sq, c: bool) -> Moves:
    out: Moves = []
    for d in DIAG:
        t = add(s, d)
        while on(t) and t not in b:
            out.append((t, frozenset()))
            t = add(t, d)
        if on(t) and can_land(b, t, c, golems=False):
            out.append((t, frozenset({t})))
    return out


def mercenary(b: Board, s: Sq, c: bool, threatened: bool) -> Moves:
    fwd = 1 if c else -1
    one = (s[0], s[1] + fwd)
    out: Moves = []
    if on(one) and one not in b:
        out.append((one, frozenset()))
        two = (s[0], s[1] + 2 * fwd)
        if s[1] == (1 if c else 6) and two not in b:
            out.append((two, frozenset()))
    if threatened:
        side = steps(b, s, c, ((1, 0), (-1, 0), (0, fwd)), golems=True, quiet=True, capture=True)
        out += [m for m in side if m[0] != one or m[1]]
    return out


def piece_moves(b: Board, s: Sq, threatened: set[Sq]) -> Moves:
    """Moves of the piece on ``s`` except the Assassin's teleports."""
    c, k = b[s]
    if k == "G":
        return golem(b, s, c)
    if k == "A":
        return archer(b, s, c)
    if k == "B":
        return bishop(b, s, c)
    if k == "S":
        return steps(b, s, c, KING, golems=False, quiet=False, capture=True)
    if k == "K":
        return steps(b, s, c, KING, golems=True, quiet=True, capture=True)
    if k == "C":
        return steps(b, s, c, ORTHO, golems=True, quiet=True, capture=True)
    return mercenary(b, s, c, s in threatened)


def threatened_set(b: Board) -> set[Sq]:
    """Mercenaries some piece could remove, grown from nothing until it stops.
    Only Mercenaries' moves change as the set grows, so the others are made once."""
    fixed: set[Sq] = set()
    mercs = []
    for s, (_, kind) in b.items():
        if kind == "M":
            mercs.append(s)
        else:
            for _, gone in piece_moves(b, s, set()):
                fixed |= gone
    found: set[Sq] = set()
    while True:
        removed = set(fixed)
        for s in found:
            for _, gone in piece_moves(b, s, found):
                removed |= gone
        grown = {s for s in mercs if s in removed}
        if grown == found:
            return found
        found = grown


def removals(b: Board, color: bool, only: Sq | None = None) -> set[Sq]:
    """Squares whose piece ``color`` could remove.  With ``only``, the answer is
    exact for that square alone: Mercenaries are consulted only when one of them
    stands next to it (the threat search is the slow part)."""
    mine = [s for s in b if b[s][0] == color]
    out: set[Sq] = set()
    for s in mine:
        if b[s][1] != "M":
            for _, gone in piece_moves(b, s, set()):
                out |= gone
    near = [s for s in mine if b[s][1] == "M"]
    if only is not None:
        if only in out:
            return out
        near = [s for s in near if abs(s[0] - only[0]) + abs(s[1] - only[1]) == 1]
    if near:
        threatened = threatened_set(b)
        for s in near:
            for _, gone in piece_moves(b, s, threatened):
                out |= gone
    return out


def apply(b: Board, s: Sq, t: Sq, gone: frozenset[Sq], kind: str | None) -> Board:
    nb = {q: p for q, p in b.items() if q not in gone}
    p = nb.pop(s)
    nb[t] = (p[0], kind or p[1])
    return nb


def teleport_ok(b: Board, s: Sq, t: Sq, options: frozenset[str]) -> bool:
    c = b[s][0]
    if "cornered-assassin" in options and s in removals(b, not c, s):
        return False
    if "cowardly-assassin" in options:
        trial = {q: p for q, p in b.items() if q != s}
        trial[t] = (not c, "S")
        return t in removals(trial, c, t)
    return True


def legal(b: Board, turn: bool, options: frozenset[str] = frozenset()) -> dict[str, Board]:
    threatened = threatened_set(b)
    out: dict[str, Board] = {}
    for s in [s for s in b if b[s][0] == turn]:
        kind = b[s][1]
        moves = piece_moves(b, s, threatened)
        if kind == "S":
            empty = [(f, r) for f in range(8) for r in range(8) if (f, r) not in b]
            moves += [(t, frozenset()) for t in empty if teleport_ok(b, s, t, options)]
        for t, gone in moves:
            choices: list[str | None] = [None]
            if kind == "M" and t[1] == (7 if turn else 0):
                choices = ["A", "B", "C"]
            elif kind == "C" and t[1] == (0 if turn else 7):
                choices = [None, "A", "S", "G", "B"]
            for choice in choices:
                nb = apply(b, s, t, gone, choice)
                adept = [q for q, p in nb.items() if p == (turn, "K")]
                if adept and adept[0] not in removals(nb, not turn, adept[0]):
                    out[name(s) + name(t) + (choice or "").lower()] = nb
    return out


def ref_perft(b: Board, turn: bool, depth: int) -> int:
    moves = legal(b, turn)
    if depth == 1:
        return len(moves)
    return sum(ref_perft(nb, not turn, depth - 1) for nb in moves.values())


# -- the cross-checks ---------------------------------------------------------------


def test_perft_1_derived_by_hand() -> None:
    """perft(1) = 49, counted from the rules alone: 8 Mercenaries x (one step +
    double step) = 16 (none is threatened: no enemy is near, and Golem a1's
    crush a1-d1 covers b1, c1, d1 only); Golem a1 crushes b1, c1 and d1 (own
    pieces, DF-2) = 1, Golem h1 may not (e1 is its own Adept, DF-2); Assassin
    teleports to the 32 empty squares (DF-6) = 32; Archers have every path
    blocked, Bishops and the Adept are boxed in = 0.  16 + 1 + 32 = 49."""
    assert perft(position(V), 1) == 49
    b, turn = read_board(START)
    assert len(legal(b, turn)) == 49


def test_perft_2_divide_matches_reference() -> None:
    b, turn = read_board(START)
    ref = {text: len(legal(nb, not turn)) for text, nb in legal(b, turn).items()}
    assert divide(position(V), 2) == ref
    assert sum(ref.values()) == perft(position(V), 2)


# First moves whose subtrees hold the most varied play: a crush, a teleport next
# to Black's Mercenaries (threatened steps), Mercenary double steps, and teleports
# that block or free lines.
DEPTH3_FIRST = ("a1d1", "d1d6", "d1e6", "e2e4")


@pytest.mark.parametrize("first", DEPTH3_FIRST)
def test_perft_3_divide_matches_reference(first: str) -> None:
    pos = position(V)
    pos.push_text(first)
    b, turn = read_board(pos.fen())
    assert perft(pos, 2) == ref_perft(b, turn, 2)


REFERENCE_PERFT_3 = 115873
"""The reference generator's own full depth-3 count (about two minutes; rerun it
with ``TREBUCHET_SLOW=1``)."""


def test_perft_3_total() -> None:
    assert perft(position(V), 3) == REFERENCE_PERFT_3


@pytest.mark.skipif(not os.environ.get("TREBUCHET_SLOW"), reason="slow: set TREBUCHET_SLOW=1")
def test_reference_perft_3_full() -> None:
    b, turn = read_board(START)
    assert ref_perft(b, turn, 3) == REFERENCE_PERFT_3


def random_positions(seed: int, games: int, plies: int) -> list[str]:
    rng = random.Random(seed)
    fens = []
    for _ in range(games):
        pos = position(V)
        for _ in range(plies):
            moves = pos.legal_moves()
            if not moves:
                break
            # favour captures so that the middlegame fills with special moves
            captures = [m for m in moves if m.is_capture()]
            pos.push(rng.choice(captures if captures and rng.random() < 0.6 else moves))
            fens.append(pos.fen())
    return fens


@pytest.mark.parametrize(
    "options",
    [(), ("cornered-assassin",), ("cowardly-assassin",)],
    ids=["plain", "cornered", "cowardly"],
)
def test_random_positions_match_reference(options: tuple[str, ...]) -> None:
    for fen in random_positions(7 + len(options[0] if options else ""), 4, 40)[::3]:
        pos = position(V, fen, options)
        b, turn = read_board(fen)
        assert legal_texts(pos) == set(legal(b, turn, frozenset(options))), fen


def test_random_play_unmakes_exactly_and_names_every_move_once() -> None:
    """Every legal move has exactly one coordinate text that reads back to it,
    and push/pop restores the FEN, along random games (captures favoured)."""
    for fen in random_positions(3, 4, 60)[::4]:
        pos = position(V, fen)
        moves = pos.legal_moves()
        texts = [pos.move_text(m) for m in moves]
        assert len(set(texts)) == len(texts), fen
        for move, text in zip(moves, texts, strict=True):
            assert pos.parse_move(text) == move
            pos.push(move)
            pos.pop()
            assert pos.fen() == fen


# Random play seldom promotes, so these add Commanders near both first ranks,
# Mercenaries about to promote (some threatened) and Golems among them.
CRAFTED = (
    "4k3/1M4c1/2b5/3C4/8/5G2/2m3C1/4K3",
    "g3k3/1Mm3c1/8/8/7g/8/2mM4/1C2K3",
    "4k3/3MmC2/4G3/8/2g5/8/3cMm2/4K3",
)


@pytest.mark.parametrize("board", CRAFTED)
@pytest.mark.parametrize("turn", ["w", "b"])
def test_crafted_promotion_positions_match_reference(board: str, turn: str) -> None:
    fen = f"{board} {turn} - - 0 1"
    b, side = read_board(fen)
    assert legal_texts(position(V, fen)) == set(legal(b, side))
