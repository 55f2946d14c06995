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

from trebuchet.variants.chess import PAWN_BETZA, Chess, fide_pieces
from trebuchet.variants.errors import IllegalMoveError
from trebuchet.variants.geometry import QUEEN_LINES
from trebuchet.variants.pieces import WALL, BetzaPiece, PieceType
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
    for seed in range(5):  # three-check's random games can end within 30 plies
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


def test_a_special_move_that_refills_its_square_keeps_the_pin_closed() -> None:
    """A pinned Horse may still deploy (ST-4): the piece it leaves behind shields the
    King, so only its plain knight moves are illegal.  The fast legality takes such
    a move, which opens no line, without making it."""
    variant = get_variant("shatranj-of-troy")
    pos = variant.position("k8/4r4/9/9/9/9/4T(R)4/9/4K4[] w - - 0 1")
    horse = variant.square("e3")
    moves = [m for m in variant.legal_moves(pos) if m.frm == horse]
    assert len(moves) == 8
    assert all(pos.move_text(m).endswith(",R@e3") for m in moves)
    assert {pos.move_text(m) for m in moves} == {
        pos.move_text(m)
        for m in variant.pseudo_legal_moves(pos)
        if m.frm == horse and variant.is_safe(pos, m)
    }


def test_a_special_move_that_empties_a_pinned_square_is_illegal() -> None:
    """A pinned Catapult may not load a friend beside it (CT-8a): its square empties
    and the Rook behind it sees the King.  Unpinned, the same loadings are legal."""
    variant = get_variant("catapults-of-troy")
    catapult = variant.square("e2")
    for fen, expected in (
        ("k7/8/8/8/8/********/4r3/8/8/3RC3/4K3 w - - 0 1", {"e2e3", "e2e4"}),
        (
            "k7/8/8/8/8/********/7r/8/8/3RC3/4K3 w - - 0 1",
            {"e2d2", "e2e1", "e2e3", "e2e4", "e2e5", "e2f2", "e2g2", "e2h2"},
        ),
    ):
        pos = variant.position(fen)
        assert {pos.move_text(m) for m in variant.legal_moves(pos) if m.frm == catapult} == (
            expected
        )
        assert expected == {
            pos.move_text(m)
            for m in variant.pseudo_legal_moves(pos)
            if m.frm == catapult and variant.is_safe(pos, m)
        }


def test_a_shot_that_unblocks_an_enemy_line_is_illegal() -> None:
    """An Archer may not shoot (CT-5) the enemy Bishop that stands between its King
    and an enemy Rook: the square shot empties and the Rook sees the King.  Taking
    the Bishop by moving there is legal (the Archer blocks in its place)."""
    variant = get_variant("catapults-of-troy")
    pos = variant.position("k7/8/8/8/8/********/4r3/8/4b3/3A4/4K3 w - - 0 1")
    legal = {pos.move_text(m) for m in variant.legal_moves(pos)}
    assert "d2e3/s" not in legal
    assert "d2e3" in legal
    assert legal == slow_legal(variant, pos)


#: per game, what may stand on a square of a random position besides the Kings
#: (``T(FW)``: a carrier and its cargo)
SCATTERED = {
    "catapults-of-troy": "E C C(A) C(R) C(P) C(HA) C(M) C(B) M R B H H(A) A P",
    "shatranj-of-troy": "T T(R) T(FW) T(CN) F W E C N R P",
    "titan-chess": "P J N B R Q W G F Y U V",
    "duggans-fantasy-chess": "G A B S M C",
}


def scattered(variant: Variant, seed: int, count: int) -> list[Position]:
    """Positions of Kings and pieces scattered at random (the river stays): pins,
    lines and loaded Catapults that random play seldom reaches; none where the
    player who just moved could be taken."""
    rng = random.Random(seed)
    kinds = SCATTERED[variant.name].split()
    start = variant.start_position()
    geo = variant.geometry
    found: list[Position] = []
    while len(found) < count:
        pos = start.copy()
        free = [sq for sq, p in enumerate(pos.board) if p is not WALL]
        for sq in free:
            pos.board[sq] = None
        rng.shuffle(free)
        pos.turn = rng.randint(0, 1)
        king = free.pop()
        pos.board[king] = variant.piece("K", pos.turn)
        pos.board[free.pop()] = variant.piece("K", 1 - pos.turn)
        # half the pieces on the lines of the King to move, where they pin and check
        lines = [s for v in QUEEN_LINES for s in geo.ray(king, v) if s in free]
        for _ in range(rng.randint(4, 22)):
            sq = rng.choice(lines) if lines and rng.random() < 0.5 else free[-1]
            free.remove(sq)
            if sq in lines:
                lines.remove(sq)
            text = rng.choice(kinds)
            cargo = text[2:-1] if "(" in text else ""
            pos.board[sq] = variant.piece(text[0], rng.randint(0, 1), cargo)
        pos.castling = frozenset()
        pos = variant.position(variant.write_fen(pos))  # royals and all, as read
        if not variant.in_check(pos, 1 - pos.turn):
            found.append(pos)
    return found


@pytest.mark.parametrize("name", sorted(SCATTERED))
def test_fast_legality_equals_making_every_move_in_scattered_positions(name: str) -> None:
    variant = get_variant(name)
    for pos in scattered(variant, 8, 1000):
        fen = pos.fen()
        assert {pos.move_text(m) for m in variant.legal_moves(pos)} == slow_legal(variant, pos), fen
        assert pos.fen() == fen


#: every game with a table-driven generator: the chess family and the rule pages'
EVERY_GAME = [*FAMILY, *dict.fromkeys(name for name, _ in GAMES)]


@pytest.mark.parametrize("name", EVERY_GAME)
def test_the_moves_to_one_square_are_every_move_that_ends_there(name: str) -> None:
    """A reader of ``Nf3`` asks each knight for its moves to f3 alone
    (``PieceType.generate_to``): the same moves as generating all and keeping those."""
    variant = get_variant(name)
    asked = 0
    for pos in random_play(variant, 300, 60)[::3]:
        every = variant.pseudo_legal_moves(pos)
        kinds = {variant.kind_of(pos, m) for m in every}
        for to in {m.to for m in every} | {0, variant.geometry.size // 2}:
            for kind in kinds:
                wanted = [m for m in every if m.to == to and variant.kind_of(pos, m) == kind]
                found = variant.pseudo_legal_moves(pos, to=to, kinds={kind})
                assert sorted(map(pos.move_text, found)) == sorted(map(pos.move_text, wanted))
                asked += bool(wanted)
            found = variant.pseudo_legal_moves(pos, to=to)
            assert sorted(map(pos.move_text, found)) == sorted(
                pos.move_text(m) for m in every if m.to == to
            )



@pytest.mark.parametrize("name", FAMILY)
def test_one_move_at_a_time_is_legal_exactly_when_making_it_is_safe(name: str) -> None:
    """A SAN text gives the legality test one or two moves, whose pins are looked for
    along the king's rays through their own squares only."""
    variant = get_variant(name)
    pinned = 0
    for seed in range(2):
        for pos in random_play(variant, 400 + seed, 80):
            pseudo = variant.pseudo_legal_moves(pos)
            for m in pseudo:
                safe = variant.is_safe(pos, m)
                assert Variant.filter_legal(variant, pos, [m]) == ([m] if safe else []), (
                    pos.fen(), pos.move_text(m))
                pinned += not safe and m.frm not in pos.royals[pos.turn]
    assert pinned > 5


class _TwoRays(Chess):
    """Chess with a rider that moves as a rook and as a (2,0) rider (``RDD``): its
    two king rays along a rank pass the same squares."""

    name = "two-rays-test"
    title = "Two rays (test)"

    def piece_types(self) -> list[PieceType]:
        return [*fide_pieces(), BetzaPiece("X", "Xrider", "RDD")]


def test_a_piece_pinned_along_two_rays_stays_on_both() -> None:
    """The rook on c1 shields the king on a1 from the X on e1 along the rook's ray
    (b1 c1 d1) and along the (2,0) ray (c1); it may only take the X.  Every path of
    the legality test (all moves, one move, SAN) says so, as making the move does."""
    variant = _TwoRays()
    pos = variant.position("8/8/8/8/8/8/8/K1R1x2k w - - 0 1")
    rook = variant.square("c1")
    pseudo = variant.pseudo_legal_moves(pos)
    safe = {pos.move_text(m) for m in pseudo if m.frm == rook and variant.is_safe(pos, m)}
    assert safe == {"c1e1"}
    assert {pos.move_text(m) for m in variant.legal_moves(pos) if m.frm == rook} == safe
    for m in pseudo:
        assert Variant.filter_legal(variant, pos, [m]) == ([m] if variant.is_safe(pos, m) else [])
    for text in ("Rd1", "Rb1", "Rc2"):
        with pytest.raises(IllegalMoveError):
            variant.notation.read(pos, text)
    assert pos.move_text(variant.notation.read(pos, "Rxe1")) == "c1e1"


class _TwiceEnPassant(Chess):
    """Chess whose pawn names its en passant capture twice (``fceFfceF``)."""

    name = "twice-en-passant-test"
    title = "Twice en passant (test)"

    def piece_types(self) -> list[PieceType]:
        pieces = fide_pieces()
        pieces[0] = BetzaPiece("P", "Pawn", PAWN_BETZA + "fceF")
        return pieces


def test_an_en_passant_capture_named_twice_is_one_move() -> None:
    variant = _TwiceEnPassant()
    pos = variant.position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    taking = [pos.move_text(m) for m in variant.legal_moves(pos) if m.to == variant.square("d6")]
    assert taking == ["e5d6"]
    assert pos.move_text(variant.notation.read(pos, "exd6")) == "e5d6"


#: positions where both castlings are legal (random play seldom reaches one)
CASTLING_FENS = {
    name: "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1"
    for name in ("chess", "chess960", "king-of-the-hill", "atomic", "three-check")
}


@pytest.mark.parametrize("name", FAMILY)
def test_a_readers_legal_moves_to_one_square_are_the_legal_moves_ending_there(name: str) -> None:
    """A SAN reader asks ``legal_moves`` for one kind's moves to one square; the
    generator then reads that kind's source squares off its table and skips the
    special moves of a kind known to make none (castling is the King's, drops
    anyone's).  Asked for every kind and every square a legal move ends on, twice
    (the second time those kinds are known), it gives exactly the legal moves of
    that kind to that square."""
    variant = get_variant(name)
    asked = 0
    positions = random_play(variant, 500, 80)[::4]
    if name in CASTLING_FENS:
        positions.append(variant.position(CASTLING_FENS[name]))
    for pos in positions:
        every = variant.legal_moves(pos)
        kinds = {variant.kind_of(pos, m) for m in every}
        for to in {m.to for m in every}:
            for kind in kinds:
                wanted = sorted(
                    pos.move_text(m)
                    for m in every
                    if m.to == to and variant.kind_of(pos, m) == kind
                )
                for _ in range(2):
                    found = variant.legal_moves(pos, to=to, kinds=frozenset((kind,)))
                    assert sorted(map(pos.move_text, found)) == wanted, (pos.fen(), to, kind)
                asked += bool(wanted)
    assert asked > 50
