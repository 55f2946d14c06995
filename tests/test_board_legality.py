"""The fast legality paths against the slow one, on random play.

Legality in the games with special captures (``Variant.board_legality``) makes each
move on the board alone and skips the attack test where the move changes no square
that decides it; the games' backward attack tests answer what generating every
move would.  Both must give exactly what the general rule gives: push the move,
ask whether any opponent move removes a royal piece, pop.
"""

from __future__ import annotations

import random

import pytest

from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant
from trebuchet.variants.variant import Variant

GAMES = [
    ("catapults-of-troy", ()),
    ("mangonel-chess", ()),
    ("mangonel-chess", ("kwaggas",)),
    ("titan-chess", ()),
    ("duggans-fantasy-chess", ()),
    ("duggans-fantasy-chess", ("cowardly-assassin",)),
    ("duggans-fantasy-chess", ("cornered-assassin",)),
    ("shatranj-of-troy", ()),
]


def random_play(variant: Variant, seed: int, plies: int) -> list[Position]:
    """Positions along a random game that prefers captures and special moves."""
    rng = random.Random(seed)
    pos = variant.start_position()
    seen = [pos.copy()]
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        lively = [m for m in moves if m.tag is not None or m.is_capture()]
        pos.push(rng.choice(lively if lively and rng.random() < 0.7 else moves))
        seen.append(pos.copy())
    return seen


def slow_legal(variant: Variant, pos: Position) -> set[str]:
    return {pos.move_text(m) for m in variant.pseudo_legal_moves(pos) if variant.is_safe(pos, m)}


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_fast_legality_equals_making_every_move(name: str, options: tuple[str, ...]) -> None:
    variant = get_variant(name, options) if options else get_variant(name)
    checked = 0
    for seed in range(3):
        for pos in random_play(variant, seed, 80):
            fen = pos.fen()
            assert {pos.move_text(m) for m in variant.legal_moves(pos)} == slow_legal(
                variant, pos
            ), fen
            assert pos.fen() == fen
            checked += 1
    assert checked > 150


def test_catapults_backward_attack_test_equals_generating_every_move() -> None:
    variant = get_variant("catapults-of-troy")
    checked = hits = riders = 0
    for seed in range(4):
        for pos in random_play(variant, 100 + seed, 120):
            for target, piece in list(pos.pieces()):
                assert piece.color is not None
                by = 1 - piece.color
                slow = frozenset(k for k, t in variant.types.items() if not t.simple)
                fast = variant.removes(pos, target, by, slow)
                assert fast == Variant.removes(variant, pos, target, by, slow), (
                    pos.fen(),
                    pos.variant.geometry.names[target],
                )
                checked += 1
                hits += fast
            riders += sum(1 for _, p in pos.pieces() if p.kind == "C" and p.cargo)
    assert checked > 5000 and hits > 50 and riders > 50


#: the games on the core's other legality paths: checks and pins read off rays, the
#: special moves (castling, drops, gating, set-up, promotion in place) made on the
#: board alone, and the general rule for games whose attack test is their own
FAMILY = [
    "chess",
    "chess960",
    "crazyhouse",
    "three-check",
    "king-of-the-hill",
    "atomic",
    "horde",
    "racing-kings",
    "seirawan",
    "seirawan960",
    "sittuyin",
]


@pytest.mark.parametrize("name", FAMILY)
def test_core_legality_equals_making_every_move(name: str) -> None:
    variant = get_variant(name)
    checked = special = 0
    for seed in range(3):
        for pos in random_play(variant, 200 + seed, 80):
            fen = pos.fen()
            pseudo = variant.pseudo_legal_moves(pos)
            # the core's filter, under any a game adds (racing kings: no checks given)
            fast = {pos.move_text(m) for m in Variant.filter_legal(variant, pos, pseudo)}
            assert fast == {pos.move_text(m) for m in pseudo if variant.is_safe(pos, m)}, fen
            assert pos.fen() == fen
            checked += 1
            special += any(m.tag is not None for m in pseudo)
    assert checked > 100
    assert special > 0 or name == "racing-kings"  # no castling, no en passant there
