"""``trebuchet zrf export``: each of our variants as ZRF, parsed back to the same
board, and FIDE chess played by the exported file as the native game plays it."""

from __future__ import annotations

import random
from pathlib import Path

import chess as chess_lib
import chess.variant as chess_variants
import pytest
from click.testing import CliRunner

from tests.helpers import ROOT, SLOW
from trebuchet.cli import main
from trebuchet.converters.load import load_variant
from trebuchet.converters.zrf.export_clock import CLOCK, clocked
from trebuchet.converters.zrf.export_draws import FIVEFOLD
from trebuchet.converters.zrf.export_en_passant import DOUBLE_STEP
from trebuchet.converters.zrf.model import parse_zrf, read_zrf
from trebuchet.converters.zrf.to_variant import variant_from_zrf
from trebuchet.converters.zrf.writer import atom, limitations, variant_to_zrf
from trebuchet.variants.chess_family import ChessFamily
from trebuchet.variants.game import Outcome
from trebuchet.variants.mangonel_chess import MangonelChess
from trebuchet.variants.move import Move, MoveKind, Place, Remove
from trebuchet.variants.perft import perft
from trebuchet.variants.pieces import WALL, Piece
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant, variant_names
from trebuchet.variants.variant import Variant
from trebuchet.variants.zrf.coordinates import becomes, source
from trebuchet.variants.zrf.game import ZrfMove, ZrfVariant

#: the draw of FIDE chess that Zillions has no goal for (docs/zrf.md)
CHESS_DRAWS = FIVEFOLD
FOOLS_MATE = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
DUGGAN = "duggans-fantasy-chess"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


#: games whose rule of insufficient material asks where Bishops stand: the file
#: writes a Bishop as the type of its square's colour (converters/zrf/export_draws.py)
SHADED = {
    "chess",
    "chess960",
    "mangonel-chess",
    "seirawan",
    "seirawan960",
    "antichess",
    "giveaway",
    "atomic",
}


def declared_types(variant: Variant) -> list[tuple[str, str]]:
    """The types the exported file declares for our kinds, in their order, each with
    its notation (the kind's letter): a Bishop of a SHADED game as two, the light
    squares' and the dark squares'."""
    declared = []
    for letter, ptype in variant.types.items():
        name = atom(ptype.name)
        shaded = letter == "B" and variant.name in SHADED
        names = [f"Light-{name}", f"Dark-{name}"] if shaded else [name]
        declared += [(n, letter) for n in names]
    return declared


def light_square(variant: Variant, sq: int) -> bool:
    """Whether ``sq`` is a light square: a1 is dark (FIDE 2.1), so are the squares
    whose file and rank numbers have an even sum."""
    geo = variant.geometry
    return (geo.file_of(sq) + geo.rank_of(sq)) % 2 == 1


def carrier_type(variant: Variant, piece: Piece, types: set[str], sq: int = -1) -> str:
    """The exported type of one of our pieces on ``sq``: its kind's, or where the file
    has a type per cargo, the one naming the carrier's cargo (``Trojan-Horse-FWECNR``),
    or in Mangonel Chess a Rook on the home of its right, the type holding the right
    (``Rook-K``, ``Rook-Q``: MC-4), or a Bishop of a SHADED game, its square's
    colour's type (``Light-Bishop``)."""
    name = atom(variant.types[piece.kind].name)
    if piece.kind == "B" and variant.name in SHADED:
        return f"{'Light' if light_square(variant, sq) else 'Dark'}-{name}"
    if isinstance(variant, MangonelChess) and piece.kind in variant.castling_rook_kinds:
        homes = {home: letter.upper() for letter, home in variant.castling_homes.items()}
        return f"{name}-{homes[sq]}" if sq in homes else name
    loaded = f"{name}-{''.join(piece.cargo)}"
    return loaded if piece.cargo and loaded in types else name


def exported(variant: Variant, pos: Position | None = None) -> ZrfVariant:
    """The game the exported file plays, as trebuchet's Zillions engine loads it."""
    return variant_from_zrf(parse_zrf(variant_to_zrf(variant, pos), f"{variant.name}.zrf"))


#: games whose file declares a player and pieces of its own besides the kinds (the
#: river of Catapults of Troy, atomic's Hearts): their own test file checks board,
#: pieces and setup
OWN_PIECES = {"catapults-of-troy", "atomic"}


@pytest.mark.parametrize("name", [n for n in variant_names() if n not in OWN_PIECES])
def test_export_parses_back_to_the_same_board_pieces_and_setup(name: str) -> None:
    variant = get_variant(name)
    game = parse_zrf(variant_to_zrf(variant), f"{name}.zrf").game()
    start = variant.start_position()
    geo = variant.geometry
    assert game.title == variant.title
    # a game with the halfmove clock has its owner, Clock, a player with no turn
    assert game.players == ["White", "Black", *([CLOCK] if clocked(variant) else [])]
    holes = {geo.name(sq) for sq, p in enumerate(start.board) if p is WALL}
    drawn = {name for name, _, _ in game.board.grids[0].cells()}
    assert set(game.position_names()) & drawn == set(geo.names) - holes
    # a game's export may add kinds after ours (Shatranj of Troy's loaded Horses)
    declared = declared_types(variant)
    assert [(p.name, p.notation) for p in game.pieces][: len(declared)] == declared
    types = {p.name for p in game.pieces}
    expected = {
        geo.name(sq): (("White", "Black")[p.color or 0], carrier_type(variant, p, types, sq))
        for sq, p in start.pieces()
        if p is not WALL
    }
    placed = {at: what for at, what in game.setup.by_position().items() if what[0] != CLOCK}
    board = set(geo.names)
    assert {at: what for at, what in placed.items() if at in board} == expected
    # pieces in hand (Sittuyin's, held at the start) stand beside the board's grid,
    # or are counted off the board
    held = [
        (("White", "Black")[color], atom(variant.types[kind].name))
        for color in (0, 1)
        for kind, count in start.hand(color).items()
        for _ in range(count)
    ]
    beside = [what for at, what in placed.items() if at not in board]
    off = [(player, piece) for player, piece, count in game.setup.off for _ in range(count)]
    assert sorted(beside + off) == sorted(held)
    royal = " ".join(atom(t.name) for t in variant.types.values() if t.royal)
    losses = [c.condition.render() for c in game.conditions if c.kind == "loss"]
    assert losses[-1:] == ([f"(checkmated {royal})"] if royal else [])
    perft(exported(variant).start_position(), 1)  # the engine compiles and runs every block


# -- FIDE chess ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chess() -> Variant:
    return get_variant("chess")


def test_exported_chess_has_the_perft_of_chess(chess: Variant) -> None:
    """The published perft of chess: 20, 400 (8902 below; 197281 at depth 4:
    bench/table.py)."""
    pos = exported(chess).start_position()
    assert [perft(pos, depth) for depth in (1, 2)] == [20, 400]


def test_castling_rights_of_a_setup_are_kept_as_given(chess: Variant) -> None:
    """Kiwipete (published: 48, 2039) and the same with only White's short and
    Black's long right, where castling the other ways must be gone."""
    for fen in (KIWIPETE, KIWIPETE.replace("KQkq", "Kq"), KIWIPETE.replace("KQkq", "-")):
        game = exported(chess, chess.position(fen))
        assert [perft(game.start_position(), d) for d in (1, 2)] == [
            perft(chess.position(fen), d) for d in (1, 2)
        ], fen
    assert perft(exported(chess, chess.position(KIWIPETE)).start_position(), 2) == 2039


def zrf_coordinates(pos: Position, move: Move, *, king_takes_rook: bool = False) -> str:
    """A move of a Zillions game in coordinates: its first part, and the notation of
    the kind a promotion makes (the exported file's notations are our letters).  A
    move from a hand kept beside the board's grid is a drop (``P@e4``), and a piece
    left on the square moved from follows (``e2d4,C@e2``): Shatranj of Troy's.
    A piece changed where it stands is written from and to its square (``c6c6f``:
    Sittuyin's promotion in place).  With ``king_takes_rook`` (Chess960), a move
    of a piece's block that also moves a friend on the board is written from the
    piece's square to the friend's."""
    game = pos.variant
    frm = source(move)
    assert isinstance(game, ZrfVariant) and frm is not None
    geo = game.geometry
    notation = {game.kinds[p.name]: p.notation for p in game.spec.pieces}
    moved = pos.board[frm]
    assert moved is not None
    if frm >= geo.files * geo.ranks:
        return f"{notation[moved.kind]}@{geo.name(move.to)}"
    friend = moved_friend(pos, move) if king_takes_rook else None
    gate = gated(pos, move)
    if friend is not None:
        if gate is None:
            return friend
        # Seirawan960: gated on the King's square, king-takes-rook then the letter;
        # on the Rook's, the Rook's square, the King's, the letter
        assert isinstance(move, ZrfMove)
        king = geo.name(move.emitted.origin)
        rook = friend[len(king) :]
        named = king + rook if geo.name(gate[0]) == king else rook + king
        return named + notation[gate[1]].lower()
    text = geo.name(frm) + geo.name(move.to)
    if gate is not None:
        sq, kind = gate
        assert isinstance(move, ZrfMove)
        # a castling gated on the Rook's square is written from there to the King's
        named = text if sq == frm else geo.name(sq) + geo.name(move.emitted.origin)
        return named + notation[kind].lower()
    left = [a.piece.kind for a in move.actions if isinstance(a, Place) and a.sq == frm]
    if left:
        return f"{text},{notation[left[0]]}@{geo.name(frm)}"
    made = becomes(pos, move)
    # a promoted piece of a type of its own is noted Q~ (crazyhouse's); the move, e7e8q
    return text + (notation[made].rstrip("~").lower() if made is not None else "")


def gated(pos: Position, move: Move) -> tuple[int, str] | None:
    """The square and kind of S-chess's gating: a piece put on the board of a kind
    the move takes from a square beside the board's grid (its hand), else None."""
    grid = pos.variant.geometry.files * pos.variant.geometry.ranks
    from_hand = {
        piece.kind
        for a in move.actions
        if isinstance(a, Remove) and a.sq >= grid and (piece := pos.board[a.sq]) is not None
    }
    placed = [(a.sq, a.piece.kind) for a in move.actions if isinstance(a, Place)]
    return next(((sq, kind) for sq, kind in placed if kind in from_hand), None)


def moved_friend(pos: Position, move: Move) -> str | None:
    """``b1a1`` for a move made by the piece on b1 that also moves its friend on a1
    or changes it in place (a castling), else None."""
    assert isinstance(move, ZrfMove)
    origin = move.emitted.origin
    mover = pos.board[origin]
    grid = pos.variant.geometry.files * pos.variant.geometry.ranks
    touched = [p.frm for p in move.emitted.parts] + [e.sq for e in move.emitted.effects]
    for sq in touched:
        if sq is None or sq == origin or sq >= grid:
            continue
        other = pos.board[sq]
        if mover is not None and other is not None and other.color == mover.color:
            return pos.variant.geometry.name(origin) + pos.variant.geometry.name(sq)
    return None


def king_takes_rook(variant: Variant) -> bool:
    """Whether trebuchet writes the game's castling king-takes-rook (CF-2)."""
    return isinstance(variant, ChessFamily) and variant.chess960


def random_positions(variant: Variant, count: int, seed: int) -> list[Position]:
    """Positions reached by random play of up to 60 plies from the start."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        pos = variant.start_position()
        for _ in range(rng.randrange(61)):
            moves = pos.legal_moves()
            if not moves or variant.outcome(pos) is not None:
                break
            pos.push(rng.choice(moves))
        found.append(variant.position(pos.fen()))
    return found


def played_start(game: ZrfVariant) -> Position:
    """Where the exported file's game stands once its forced first move, if it has
    one, is made: a position with an en passant right is written one ply earlier,
    and its turn order's first entry allows only the double step that gives the
    right (converters/zrf/export_en_passant.py, docs/zrf.md).  The tests compare
    the position after that ply with the native one."""
    pos = game.start_position()
    if game.spec.turns and game.spec.turns[0].move_type == DOUBLE_STEP:
        forced = pos.legal_moves()
        assert len(forced) == 1, forced
        pos.push(forced[0])
    return pos


#: (game, options) whose exported file plays the native game, with perft(3) from
#: the start (docs/rules/<game>.md)
PLAYED_ALIKE = [
    ("chess", (), 8902),
    ("chess960", (), 8902),
    ("crazyhouse", (), 8902),
    ("mangonel-chess", (), 15518),
    ("mangonel-chess", ("sling-must-land",), 15422),
    ("mangonel-chess", ("kwaggas",), 16218),
    ("titan-chess", (), 102676),
    ("king-of-the-hill", (), 8902),
    ("horde", (), 1274),
    ("antichess", (), 8067),
    ("atomic", (), 8902),
    ("giveaway", (), 8067),
    ("shatranj-of-troy", (), 61951),
    ("shatranj-of-troy", ("bare-king",), 61951),
    ("catapults-of-troy", (), 8173),
    ("duggans-fantasy-chess", (), 115873),
    ("duggans-fantasy-chess", ("cornered-assassin",), 95171),
    ("duggans-fantasy-chess", ("cowardly-assassin",), 21515),
    ("duggans-fantasy-chess", ("cornered-assassin", "cowardly-assassin"), 21435),
    ("sittuyin", (), 580096),
    ("racing-kings", (), 11264),
    ("three-check", (), 8902),
    ("seirawan", (), 24830),  # Fairy-Stockfish's perft too: 28, 784, 24830
    ("seirawan960", (), 24830),  # from the standard array (S9-1)
]
#: games whose coordinates name a special move by a suffix no Zillions move carries:
#: their moves are paired by the board they leave (test_export_catapults_of_troy.py)
OWN_COORDINATES = {"catapults-of-troy"}
#: games whose exported file the engine plays too slowly for perft(3) in ``make
#: test``: perft(2) here, perft(3) in bench/table.py (the Mercenary's threat is a
#: search over the board; sittuyin's perft(3) is 580096 drops; racing kings' Kings
#: probe for checks in every check test, perft(3) 5 s; S-chess's first-rank pieces
#: run a gating twin of each block per held kind, in the check test too, about 2 s)
PERFT_2 = {
    "duggans-fantasy-chess",
    "crazyhouse",
    "sittuyin",
    "racing-kings",
    "seirawan",
    "seirawan960",
}
#: the positions of random play each exported file is proved on
POSITIONS = 20
#: games whose positions take seconds each: ``make test`` plays this many of them,
#: the slow tier the rest (20 took, on a loaded 2-core machine: crazyhouse 32 s,
#: sittuyin 15 s, racing kings 27 s, S-chess 14 s, Seirawan960 16 s, Titan Chess
#: and Shatranj of Troy over a minute, Mangonel Chess 25 s per option)
QUICK = {
    "duggans-fantasy-chess": 2,
    "crazyhouse": 4,
    "sittuyin": 4,
    "racing-kings": 4,
    "seirawan": 4,
    "seirawan960": 4,
    "titan-chess": 4,
    "shatranj-of-troy": 4,
    "mangonel-chess": 6,
}
#: Duggan's options with Assassins, whose positions take 5 to 20 s each (the game
#: without them, under a second): the slow tier plays two per option (20 per
#: option agreed when measured, docs/zrf.md)
ASSASSINS_MOST = 2


def test_every_game_is_played_alike() -> None:
    """No game escapes the list: a new game must be exported and proved."""
    assert {name for name, _, _ in PLAYED_ALIKE} == set(variant_names())


def _perft_tiers() -> list[object]:
    """PLAYED_ALIKE for the perft test; Duggan's options with Assassins (perft(3)
    native and perft(2) exported, about a minute each) and Titan Chess's perft(3)
    (102676 moves, half a minute) in the slow tier."""
    assassins = [g for g in PLAYED_ALIKE if g[0] == "duggans-fantasy-chess" and g[1]]
    heavy = [g for g in PLAYED_ALIKE if g[0] == "titan-chess"] + assassins
    return [pytest.param(*g, marks=SLOW) if g in heavy else g for g in PLAYED_ALIKE]


@pytest.mark.parametrize(("name", "options", "nodes"), _perft_tiers())
def test_exported_file_has_the_native_perft_3(
    name: str, options: tuple[str, ...], nodes: int
) -> None:
    variant = get_variant(name, options)
    assert perft(variant.start_position(), 3) == nodes
    depth = 2 if name in PERFT_2 else 3
    native = perft(variant.start_position(), depth)
    assert perft(exported(variant).start_position(), depth) == native


def _position_tiers() -> list[object]:
    """(game, options, first, last) of the random positions: ``make test`` plays the
    first QUICK of each game, the slow tier the rest."""
    tiers: list[object] = []
    for name, options, _nodes in PLAYED_ALIKE:
        if name in OWN_COORDINATES:
            continue
        quick, most = QUICK.get(name, POSITIONS), POSITIONS
        if name == "duggans-fantasy-chess" and options:
            quick, most = 0, ASSASSINS_MOST
        label = "-".join((name, *options))
        if quick:
            tiers.append(pytest.param(name, options, 0, quick, id=label))
        if quick < most:
            tiers.append(
                pytest.param(name, options, quick, most, marks=SLOW, id=f"{label}-rest")
            )
    return tiers


@pytest.mark.parametrize(("name", "options", "first", "last"), _position_tiers())
def test_random_positions_play_the_same_in_the_exported_file(
    name: str, options: tuple[str, ...], first: int, last: int
) -> None:
    """Positions of random play, each exported with its setup: perft(2) equal,
    and each side's legal moves, written in coordinates, read by the other."""
    variant = get_variant(name, options)
    for pos in random_positions(variant, last, seed=29)[first:]:
        native = pos
        game = exported(variant, pos)
        zpos = played_start(game)
        assert perft(zpos, 2) == perft(native, 2), pos.fen()
        ours = sorted(variant.move_text(native, m) for m in native.legal_moves())
        krook = king_takes_rook(variant)
        theirs = sorted(zrf_coordinates(zpos, m, king_takes_rook=krook) for m in zpos.legal_moves())
        assert theirs == ours, pos.fen()
        for text in ours:
            move = game.parse_move(zpos, text)
            assert zrf_coordinates(zpos, move, king_takes_rook=krook) == text
        assert_same_end(variant, native, game.outcome(zpos))


#: the native draw no rules file can count (docs/zrf.md): where it ends the game,
#: the file must say it leaves it out
COUNTED_DRAWS = {"fivefold_repetition"}


def assert_same_end(variant: Variant, native: Position, ended: Outcome | None) -> None:
    """The exported game ends where the native one does, with its result; or the
    native end is a counted draw the file names as left out."""
    native_end = variant.outcome(native)
    if native_end is not None and native_end.termination in COUNTED_DRAWS:
        assert FIVEFOLD in limitations(variant), native.fen()
        return
    assert (ended is None) == (native_end is None), native.fen()
    if ended is not None and native_end is not None:
        assert ended.result == native_end.result, native.fen()


def test_horde_double_step_from_the_first_rank_leaves_no_en_passant() -> None:
    """HO-3: a1-a3 may not be taken in passing by b3xa2; a2-a4 may be, by b4xa3."""
    horde = get_variant("horde")
    for fen, double, taking, allowed in (
        ("4k3/8/8/8/8/1p6/8/P7 w - - 0 1", "a1a3", "b3a2", False),
        ("4k3/8/8/8/1p6/8/P7/8 w - - 0 1", "a2a4", "b4a3", True),
    ):
        native = horde.position(fen)
        game = exported(horde, native)
        pos = game.start_position()
        pos.push(game.parse_move(pos, double))
        native.push(native.parse_move(double))
        ours = {horde.move_text(native, m) for m in native.legal_moves()}
        assert {zrf_coordinates(pos, m) for m in pos.legal_moves()} == ours
        assert (taking in ours) is allowed


def test_giveaway_castles_through_an_attacked_square() -> None:
    """AC-6: the King is no royal piece, so it castles over f1, which the Rook on f8
    attacks; perft(3) equal to native (10072)."""
    giveaway = get_variant("giveaway")
    native = giveaway.position("4kr2/ppppp1pp/8/8/8/8/PPPPP1PP/R3K2R w KQ - 0 1")
    pos = exported(giveaway, native).start_position()
    assert {"e1g1", "e1c1"} <= {zrf_coordinates(pos, m) for m in pos.legal_moves()}
    assert perft(pos, 3) == perft(native, 3) == 10072


#: Chess960 positions and the castlings FR-2 and CF-1 allow there, written
#: king-takes-rook (CF-2): King or Rook already on its file, the King landing on
#: the Rook's square or crossing it, the two changing places; none out of check,
#: none through an attacked square
CASTLING_960 = [
    ("6kr/8/8/8/8/8/8/6KR w Kk - 0 1", ["g1h1"]),
    ("5k1r/8/8/8/8/8/8/5KR1 w G - 0 1", ["f1g1"]),
    ("rk6/8/8/8/8/8/8/RK6 w Aa - 0 1", ["b1a1"]),
    ("k7/8/8/8/8/8/8/4KR2 w F - 0 1", ["e1f1"]),
    ("r1k5/8/8/8/8/8/8/R1K5 w Aa - 0 1", ["c1a1"]),
    ("k7/8/8/8/8/8/8/2RK4 w C - 0 1", ["d1c1"]),
    ("7k/8/8/8/8/8/8/1KR5 w C - 0 1", ["b1c1"]),
    ("1r4kr/8/8/8/8/8/8/1R4KR w BHbh - 0 1", ["g1b1", "g1h1"]),
    ("rk4r1/8/8/8/8/8/8/RK4R1 b AGag - 0 1", ["b8a8"]),
    ("r5kr/8/8/8/8/8/5q2/R5KR w KQ - 0 1", []),
    ("rk5r/8/8/8/8/8/3b4/RK5R w KQkq - 0 1", []),
]


@pytest.mark.parametrize(("fen", "castles"), CASTLING_960)
def test_chess960_castles_as_the_rules_say_from_any_squares(fen: str, castles: list[str]) -> None:
    """The exported file's castlings are the rule's, its perft(2) and legal moves the
    native game's; each castling written as trebuchet writes it reads back."""
    variant = get_variant("chess960")
    native = variant.position(fen)
    game = exported(variant, native)
    pos = game.start_position()
    assert perft(pos, 2) == perft(native, 2), fen
    ours = sorted(variant.move_text(native, m) for m in native.legal_moves())
    theirs = sorted(zrf_coordinates(pos, m, king_takes_rook=True) for m in pos.legal_moves())
    assert theirs == ours
    written = [native.move_text(m) for m in native.legal_moves() if m.tag == MoveKind.CASTLE]
    assert sorted(written) == castles
    for text in castles:
        assert zrf_coordinates(pos, game.parse_move(pos, text), king_takes_rook=True) == text


#: crazyhouse positions and the moves played from them (ZH-1 … ZH-3): en passant
#: into the hand; a promoted Queen taken back as a Pawn; a promotion by capture,
#: the Rook to the hand; a Rook dropped on a castling square, which gives no right
CRAZYHOUSE_PLAYS = [
    ("4k3/3p4/8/4P3/8/8/8/4K3[] b - - 0 1", ["d7d5", "e5d6"], "P"),
    ("4k3/8/8/8/8/8/1q6/Q~3K3[] b - - 0 1", ["b2a1"], "p"),
    ("1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1", ["a7b8q", "e8d7"], "R"),
    ("4k3/8/8/8/8/8/8/R3K3[R] w Q - 0 1", ["a1a2", "e8d8", "R@a1", "d8e8"], ""),
]


@pytest.mark.parametrize(("fen", "moves", "held"), CRAZYHOUSE_PLAYS)
def test_crazyhouse_hands_fill_and_drop_as_native(fen: str, moves: list[str], held: str) -> None:
    """After the moves, read in trebuchet's coordinates by the exported file and by
    the native game, the hands hold ``held`` (the FEN's holdings) and both games have
    the same perft(2) and legal moves."""
    variant = get_variant("crazyhouse")
    native = variant.position(fen)
    game = exported(variant, native)
    pos = game.start_position()
    for text in moves:
        pos.push(game.parse_move(pos, text))
        native.push(native.parse_move(text))
    assert native.fen().split()[0].endswith(f"[{held}]")
    hand = [p for sq, p in enumerate(pos.board) if p is not None and sq >= 64]
    kinds = {game.kinds[p.name]: p.notation for p in game.spec.pieces}
    assert sorted(kinds[p.kind] if p.color == 0 else kinds[p.kind].lower() for p in hand) == list(
        held
    )
    assert perft(pos, 2) == perft(native, 2)
    ours = sorted(variant.move_text(native, m) for m in native.legal_moves())
    assert sorted(zrf_coordinates(pos, m) for m in pos.legal_moves()) == ours


def test_titan_castling_reads_as_trebuchet_writes_it() -> None:
    """``g1h1k1g1`` is the castling that takes the King to h1 and the Rook to g1;
    ``g1h1`` the King's step, which lands it there too (variants/zrf/coordinates.py)."""
    titan = get_variant("titan-chess")
    native = titan.position("6k5/12/12/12/12/12/12/12/12/12/12/6K3R1 w K - 0 1")
    game = exported(titan, native)
    pos = game.start_position()
    texts = sorted(titan.move_text(native, m) for m in native.legal_moves())
    assert "g1h1k1g1" in texts and "g1h1" in texts
    for text in ("g1h1k1g1", "g1h1"):
        move = game.parse_move(pos, text)
        pos.push(move)
        assert (pos.piece_at("g1") is not None) is (text == "g1h1k1g1")
        pos.pop()


@pytest.mark.parametrize(
    ("name", "fen", "result"),
    [
        pytest.param("chess", FOOLS_MATE, "0-1", id="checkmate"),
        pytest.param("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "1/2-1/2", id="stalemate"),
        pytest.param("king-of-the-hill", "8/8/8/4K3/8/8/8/k7 b - - 0 1", "1-0", id="hill"),
        pytest.param("horde", "4k3/8/8/8/8/8/8/8 w - - 0 1", "0-1", id="horde-gone"),
        pytest.param("antichess", "8/8/8/8/8/8/8/7p w - - 0 1", "1-0", id="all-given"),
        pytest.param(DUGGAN, "7k/8/8/8/4g3/8/3MMM2/3MKM2 w - - 0 1", "0-1", id="crush-mate"),
        pytest.param(DUGGAN, "8/8/8/8/G7/8/g1K5/k7 b - - 0 1", "1/2-1/2", id="df-stalemate"),
    ],
)
def test_the_game_ends_as_native(name: str, fen: str, result: str) -> None:
    """Checkmate, stalemate, the hill, the horde gone, antichess's last piece lost, and
    Duggan's mate by a Golem's crush through a wall of pieces (DF-7) and stalemate."""
    variant = get_variant(name)
    native = variant.position(fen)
    ended = exported(variant, native).start_position()
    native_end, zrf_end = variant.outcome(native), ended.variant.outcome(ended)
    assert native_end is not None and zrf_end is not None
    assert native_end.result == zrf_end.result == result
    assert ended.legal_moves() == []


def test_an_en_passant_right_of_a_setup_is_the_forced_first_move(chess: Variant) -> None:
    """f7-f5 was the last move: the file sets up the position before it, Black's
    only move there is that step, and after it e5xf6 in passing is White's, the
    moves and perft(2) those of the FEN's position; a move later the right is gone."""
    fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
    native = chess.position(fen)
    assert not any(item.startswith("the en passant right") for item in limitations(chess, native))
    game = exported(chess, native)
    start = game.start_position()
    assert start.piece_at("f5") is None and start.piece_at("f7") is not None
    assert [zrf_coordinates(start, m) for m in start.legal_moves()] == ["f7f5p"]
    pos = played_start(game)
    ours = sorted(chess.move_text(native, m) for m in native.legal_moves())
    assert "e5f6" in ours
    assert sorted(zrf_coordinates(pos, m) for m in pos.legal_moves()) == ours
    assert perft(pos, 2) == perft(native, 2)
    for text in ("b1c3", "b8c6"):
        pos.push(game.parse_move(pos, text))
    assert "e5f6" not in {zrf_coordinates(pos, m) for m in pos.legal_moves()}


def test_en_passant_and_promotion_in_play(chess: Variant) -> None:
    """e5xd6 in passing right after d7-d5, not a move later; a7-a8 and a7xb8 each
    promoting to one of four kinds."""
    game = exported(chess)
    pos = game.start_position()
    for text in ("e2e4", "a7a6", "e4e5", "d7d5"):
        pos.push(game.parse_move(pos, text))
    assert "e5d6" in {zrf_coordinates(pos, m) for m in pos.legal_moves()}
    pos.push(game.parse_move(pos, "e5d6"))
    assert pos.piece_at("d5") is None and pos.piece_at("d6") is not None
    late = game.start_position()
    for text in ("e2e4", "a7a6", "e4e5", "d7d5", "h2h3", "h7h6"):
        late.push(game.parse_move(late, text))
    assert "e5d6" not in {zrf_coordinates(late, m) for m in late.legal_moves()}
    end = exported(chess, chess.position("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")).start_position()
    last_rank = {end.variant.square("a8"), end.variant.square("b8")}
    promotions = {zrf_coordinates(end, m) for m in end.legal_moves() if m.to in last_rank}
    assert promotions == {f"a7{to}{kind}" for to in ("a8", "b8") for kind in "qrbn"}


def test_only_the_automatic_draws_are_left_out_of_chess(chess: Variant) -> None:
    assert limitations(chess) == [FIVEFOLD]
    head = variant_to_zrf(chess).split("(version")[0]
    assert CHESS_DRAWS in head


#: python-chess's board for each game it knows: its ``is_insufficient_material`` is
#: the reference for these games' draws (docs/rules: AC-7, AT-7, ZH-4 follow it)
PYTHON_CHESS = {
    "chess": chess_lib.Board,
    "antichess": chess_variants.AntichessBoard,
    "giveaway": chess_variants.GiveawayBoard,
    "atomic": chess_variants.AtomicBoard,
    "crazyhouse": chess_variants.CrazyhouseBoard,
}

#: positions where each game's rule finds insufficient material or not: FIDE's
#: (Mangonel Chess's: a Mangonel can mate; with Kwaggas, King and Kwagga against
#: King cannot), AC-7's, AT-7's and ZH-4's; d5, f1 and g2 are light, c5, e7 and g1 dark
MATERIAL = [
    ("chess", (), "8/8/8/4k3/8/8/8/4K3 w - - 0 1"),
    ("chess", (), "8/8/8/4k3/8/8/8/4KN2 w - - 0 1"),
    ("chess", (), "8/8/8/4k3/8/8/8/4KB2 b - - 0 1"),
    ("chess", (), "8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1"),
    ("chess", (), "8/8/8/3bk3/8/8/8/4KB2 w - - 0 1"),
    ("chess", (), "8/8/8/3bk3/8/8/6B1/4KB2 w - - 0 1"),
    ("chess", (), "8/8/8/3bk3/8/8/6B1/4KBB1 w - - 0 1"),
    ("chess", (), "8/8/8/2b1k3/8/8/6B1/4K3 b - - 0 1"),
    ("chess", (), "8/4b3/8/2b1k3/8/8/8/4K1B1 w - - 0 1"),
    ("chess", (), "8/8/8/4k3/8/8/8/3BKB2 w - - 0 1"),
    ("chess", (), "8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1"),
    ("chess", (), "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1"),
    ("chess", (), "8/8/8/4k1n1/8/8/8/4KN2 w - - 0 1"),
    ("chess", (), "8/8/8/4k1n1/8/8/8/4KB2 w - - 0 1"),
    ("chess", (), "8/8/8/4k1q1/8/8/8/4KN2 w - - 0 1"),
    ("chess", (), "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"),
    ("chess", (), "8/5b2/8/4k3/8/8/8/4K3 w - - 0 1"),
    ("chess", (), "8/8/8/4k3/4p3/8/8/4K1B1 w - - 0 1"),
    ("chess960", (), "8/8/8/3bk3/8/8/6B1/4KB2 w - - 0 1"),
    ("chess960", (), "8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1"),
    ("mangonel-chess", (), "10/10/10/4k5/10/10/10/4KB4 w - - 0 1"),
    ("mangonel-chess", (), "10/10/10/4k5/10/10/10/4KM4 w - - 0 1"),
    ("mangonel-chess", (), "10/10/10/4k1m3/10/10/10/4KB4 w - - 0 1"),
    ("mangonel-chess", (), "10/10/10/4k5/10/10/10/4KN4 w - - 0 1"),
    ("mangonel-chess", (), "10/10/10/3bk5/10/10/10/4KB4 w - - 0 1"),
    ("mangonel-chess", (), "10/10/10/2b1k5/10/10/10/4KB4 w - - 0 1"),
    # a Rook holding a castling right is a type of the file's own (Rook-K: MC-4)
    ("mangonel-chess", (), "10/10/10/4k5/10/10/10/4K4R w K - 0 1"),
    ("mangonel-chess", (), "r9/10/10/4k5/10/10/10/4K5 w q - 0 1"),
    ("mangonel-chess", ("kwaggas",), "10/10/10/4k5/10/10/10/4KW4 w - - 0 1"),
    ("mangonel-chess", ("kwaggas",), "10/10/10/4k1b3/10/10/10/4KW4 w - - 0 1"),
    ("mangonel-chess", ("kwaggas",), "10/10/10/4k5/10/10/10/3BK5 w - - 0 1"),
    ("mangonel-chess", ("kwaggas",), "10/10/10/3bk5/10/10/10/4KB4 w - - 0 1"),
    ("antichess", (), "8/8/8/2b5/8/8/8/5B2 w - - 0 1"),
    ("antichess", (), "8/8/8/3b4/8/8/8/5B2 w - - 0 1"),
    ("antichess", (), "8/8/8/2b5/8/8/6B1/5B2 b - - 0 1"),
    ("antichess", (), "8/8/8/2b5/8/8/8/5BB1 w - - 0 1"),
    ("antichess", (), "8/4b3/8/2b5/8/8/8/5B2 w - - 0 1"),
    ("antichess", (), "8/8/8/2b5/8/8/8/4KB2 w - - 0 1"),
    ("antichess", (), "8/8/8/3n4/8/8/8/5N2 w - - 0 1"),
    ("antichess", (), "8/8/8/3n4/8/8/8/5N2 b - - 0 1"),
    ("giveaway", (), "8/8/8/3b4/8/8/8/6B1 w - - 0 1"),
    ("atomic", (), "8/8/8/4k3/8/8/8/4K3 w - - 0 1"),
    ("atomic", (), "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"),
    ("atomic", (), "8/8/8/4k3/8/8/8/4KB2 b - - 0 1"),
    ("atomic", (), "8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1"),
    ("atomic", (), "8/8/8/4k3/8/8/8/1NNNK3 w - - 0 1"),
    ("atomic", (), "8/8/8/4k1n1/8/8/8/4KN2 w - - 0 1"),
    ("atomic", (), "8/8/8/4k3/8/8/8/1N2KB2 w - - 0 1"),
    ("atomic", (), "8/8/8/4k3/8/8/6B1/4KB2 w - - 0 1"),
    ("atomic", (), "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1"),
    ("atomic", (), "8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1"),
    ("atomic", (), "8/4b3/8/2b1k3/8/8/6B1/4KB2 w - - 0 1"),
    ("atomic", (), "8/8/8/3bk3/8/8/8/4KB2 w - - 0 1"),
    ("atomic", (), "8/8/8/2b1k3/8/8/8/4KBB1 w - - 0 1"),
    ("atomic", (), "8/8/8/2b1k3/8/8/8/3RKB2 w - - 0 1"),
    ("crazyhouse", (), "8/8/8/4k3/8/8/8/4K3[] w - - 0 1"),
    ("crazyhouse", (), "8/8/8/4k3/8/8/8/4K3[b] w - - 0 1"),
    ("crazyhouse", (), "8/8/8/4k3/8/8/8/4KN2[] w - - 0 1"),
    ("crazyhouse", (), "8/8/8/4k3/8/8/8/4KN2[b] w - - 0 1"),
    ("crazyhouse", (), "8/8/8/4k3/8/8/8/4KN~2[] w - - 0 1"),
    ("crazyhouse", (), "8/8/8/4k3/8/8/8/4K3[P] w - - 0 1"),
    ("crazyhouse", (), "8/8/8/3bk3/8/8/8/4KB2[] w - - 0 1"),
    # S-chess: a Hawk or an Elephant can mate, on the board or in hand
    ("seirawan", (), "8/8/8/4k3/8/8/8/4KB2[] w - - 0 1"),
    ("seirawan", (), "8/8/8/4k3/8/8/8/4KB2[h] w - - 0 1"),
    ("seirawan", (), "8/8/8/4k3/8/8/8/4KH2[] w - - 0 1"),
    ("seirawan960", (), "8/8/8/4k3/8/8/8/4KN2[E] b - - 0 1"),
]


def python_chess_board(name: str, fen: str) -> chess_lib.Board | None:
    """python-chess's board of ``fen`` in the game ``name`` (None: a game it lacks)."""
    board = PYTHON_CHESS.get(name)
    if name == "chess960":
        return chess_lib.Board(fen, chess960=True)
    return board(fen) if board is not None else None


@pytest.mark.parametrize(("name", "options", "fen"), MATERIAL)
def test_insufficient_material_draws_as_native(
    name: str, options: tuple[str, ...], fen: str
) -> None:
    """The file's draw by insufficient material holds where the native rule does, and
    nowhere else; the native rule is python-chess's where it has the game."""
    variant = get_variant(name, options)
    native = variant.position(fen)
    native_end = variant.outcome(native)
    drawn = native_end is not None and native_end.termination == "insufficient_material"
    board = python_chess_board(name, fen)
    if board is not None:
        assert board.is_insufficient_material() is drawn, fen
    pos = played_start(exported(variant, native))
    ended = pos.variant.outcome(pos)
    assert (ended is None) == (native_end is None), fen
    if native_end is not None and ended is not None:
        assert native_end.termination == "insufficient_material"
        assert ended.result == native_end.result == "1/2-1/2"


def ends_of_every_move(variant: Variant, native: Position) -> set[str]:
    """Each legal move of ``native``, made in the native game and in the exported file
    (its text read there): either both games go on or both end with one result.
    Returns the native terminations met ("none" where the game goes on)."""
    game = exported(variant, native)
    zpos = played_start(game)
    ends = set()
    for move in native.legal_moves():
        text = variant.move_text(native, move)
        native.push(move)
        zpos.push(game.parse_move(zpos, text))
        native_end, ended = variant.outcome(native), game.outcome(zpos)
        assert (ended is None) == (native_end is None), (native.fen(), text)
        if native_end is not None and ended is not None:
            assert ended.result == native_end.result, (native.fen(), text)
        ends.add(native_end.termination if native_end is not None else "none")
        native.pop()
        zpos.pop()
    return ends


#: positions where a promotion to a Bishop, onto a light or a dark square, by a move
#: or a capture, draws or does not: the Bishop made is the type of its square
PROMOTING = [
    ("chess", "8/6P1/8/3bk3/8/8/8/K7 w - - 0 1"),
    ("chess", "6n1/7P/8/3bk3/8/8/8/K7 w - - 0 1"),
    ("chess960", "8/6P1/8/3bk3/8/8/8/K7 w - - 0 1"),
    ("mangonel-chess", "10/6P3/10/3bk5/10/10/10/K9 w - - 0 1"),
    ("antichess", "8/6P1/8/2b5/8/8/8/8 w - - 0 1"),
    ("antichess", "6n1/7P/8/2b5/8/8/8/8 w - - 0 1"),
    ("atomic", "8/6P1/8/2b1k3/8/8/8/K7 w - - 0 1"),
]


@pytest.mark.parametrize(("name", "fen"), PROMOTING)
def test_a_promotion_to_a_bishop_draws_as_native(name: str, fen: str) -> None:
    """Every move from the position ends the game in the file as it does natively,
    and some promotion draws by insufficient material while another does not."""
    variant = get_variant(name)
    ends = ends_of_every_move(variant, variant.position(fen))
    assert {"insufficient_material", "none"} <= ends, ends


#: (game, options, a position or None for 3 of random play): each is set one ply
#: short of the 75-move draw; a mate and the hill on the 150th ply, and slings
SEVENTY_FIVE = [
    ("chess", (), KIWIPETE),
    ("chess", (), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
    ("mangonel-chess", (), None),
    ("mangonel-chess", ("kwaggas",), None),
    # MC-7: a pawn slung (d3d4 slings d2 to d5), a Knight slung onto the enemy's
    ("mangonel-chess", (), "4k5/10/10/10/10/3M6/3P6/5K4 w - - 0 1"),
    ("mangonel-chess", (), "4k5/10/3n6/10/10/3M6/3N6/5K4 w - - 0 1"),
    ("king-of-the-hill", (), "k7/8/8/8/8/2K5/8/8 w - - 0 1"),
    ("king-of-the-hill", (), None),
    ("horde", (), None),
    ("seirawan", (), None),
    ("seirawan960", (), None),
    ("antichess", (), None),
    ("giveaway", (), None),
    # the King that reaches the last rank on that ply wins (RK-3 before the clock)
    ("racing-kings", (), "8/k7/8/8/8/8/8/6K1 b - - 0 1"),
    ("racing-kings", (), "8/k2N2K1/8/8/8/8/8/7B w - - 0 1"),  # Kg8: Black cannot follow
    # an explosion is a capture: it clears the clock, so the game goes on after
    # d1xd5 blows up both (a2's Pawn keeps material enough, AT-7)
    ("atomic", (), "4k3/8/8/3p4/8/8/P7/3RK3 w - - 0 1"),
    ("atomic", (), None),
    ("three-check", (), None),
]


@pytest.mark.parametrize(("name", "options", "fen"), SEVENTY_FIVE)
def test_the_75_move_rule_ends_the_game_as_native(
    name: str, options: tuple[str, ...], fen: str | None
) -> None:
    """From positions whose halfmove clock is 149, every move ends the game in the
    exported file as it does natively: a draw where it neither captures nor moves a
    pawn (a sling of one, MC-7), and a win where it mates or reaches the hill on
    that ply (the draw comes after the game's own ends, as natively)."""
    variant = get_variant(name, options)
    starts = [variant.position(fen)] if fen else random_positions(variant, 3, seed=75)
    ends: set[str] = set()
    for start in starts:
        fields = start.fen().split()
        fields[-2] = "149"  # the halfmove clock (three-check's FEN has its checks before it)
        native = variant.position(" ".join(fields))
        if variant.outcome(native) is None:
            ends |= ends_of_every_move(variant, native)
    assert "seventyfive_moves" in ends and len(ends) > 1, ends


def test_a_native_record_converts_to_zsg_against_the_exported_file(tmp_path: Path) -> None:
    """A game with both castlings, en passant and a promotion, in the coordinates
    trebuchet writes for chess, read against the exported file, written as a saved
    game, replays in that file; so does the fool's mate, to checkmate."""
    runner = CliRunner()
    made = runner.invoke(main, ["zrf", "export", "chess", "-o", str(tmp_path / "chess.zrf")])
    assert made.exit_code == 0, made.output
    native = get_variant("chess").start_position()
    written_by_native = []
    game_in_san = "e4 d5 exd5 c5 dxc6 Nf6 cxb7 Bd7 bxa8=Q Nc6 Nf3 e5 Be2 Bd6 O-O O-O Qxd8 Rxd8"
    for san in game_in_san.split():
        move = native.parse_move(san)
        written_by_native.append(native.move_text(move))
        native.push(move)
    game = tmp_path / "game.pgn"
    game.write_text(
        f'[Variant "FIDE chess"]\n[RulesFile "chess.zrf"]\n\n{" ".join(written_by_native)} *\n'
    )
    zsg = tmp_path / "g.zsg"
    written = runner.invoke(main, ["convert", str(game), "--to", "zsg", "-o", str(zsg)])
    assert written.exit_code == 0, written.output
    saved = zsg.read_text()
    assert "King e1 - g1 Rook h1 - f1" in saved and "Pawn d5 - c6 x c5" in saved
    checked = runner.invoke(main, ["check", str(zsg)])
    assert checked.exit_code == 0 and "1 game OK" in checked.output, checked.output
    # the fool's mate of the bundled fools-mate.zsg, written again against the
    # exported file: its saved moves name the halfmove clock's pieces too
    fools = tmp_path / "fools.pgn"
    fools.write_text('[Variant "FIDE chess"]\n[RulesFile "chess.zrf"]\n\nf2f3 e7e5 g2g4 d8h4 *\n')
    fools_zsg = tmp_path / "fools.zsg"
    written = runner.invoke(main, ["convert", str(fools), "--to", "zsg", "-o", str(fools_zsg)])
    assert written.exit_code == 0, written.output
    assert "Queen d8 - h4 Clock Clock-1 t1" in fools_zsg.read_text()
    mated = runner.invoke(main, ["check", str(fools_zsg)])
    assert mated.exit_code == 0, mated.output
    assert "OK 0-1 (fide-chess, 4 plies, checkmate" in mated.output


#: the bundled example games of the games whose exported file plays as native
EXAMPLES = sorted(
    path
    for name in dict.fromkeys(name for name, _, _ in PLAYED_ALIKE if name not in OWN_COORDINATES)
    for path in (ROOT / "examples" / name).glob("*.pgn")
)


def listed_moves(example: Path) -> tuple[list[str], str | None]:
    """A bundled example's moves as trebuchet writes them in coordinates, and the FEN
    it starts from (None: the game's start)."""
    listed = CliRunner().invoke(main, ["convert", str(example), "--to", "moves"])
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    moves = [line for line in lines if line and not line.startswith("#")]
    fen = next((line[len("# FEN: ") :] for line in lines if line.startswith("# FEN: ")), None)
    return moves, fen


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_an_example_game_replays_in_the_exported_file(example: Path, tmp_path: Path) -> None:
    """Each bundled example, its moves written in coordinates by trebuchet, read
    against the game's exported file (from the example's own start), converted to a
    saved game there and replayed by ``trebuchet check`` to the same number of plies."""
    runner = CliRunner()
    moves, fen = listed_moves(example)
    rules = tmp_path / "game.zrf"
    export = ["zrf", "export", example.parent.name, "-o", str(rules)]
    made = runner.invoke(main, export + (["--fen", fen] if fen else []))
    assert made.exit_code == 0, made.output
    title = read_zrf(rules).game().title
    # a move list, not PGN: Shatranj of Troy's drops (``T(CN)@e4``) hold parentheses
    game = tmp_path / "game.txt"
    header = f"# Variant: {title}\n# RulesFile: game.zrf\n"
    game.write_text(header + "".join(f"{m}\n" for m in moves))
    zsg = tmp_path / "game.zsg"
    written = runner.invoke(main, ["convert", str(game), "--to", "zsg", "-o", str(zsg)])
    assert written.exit_code == 0, written.output
    checked = runner.invoke(main, ["check", str(zsg)])
    assert checked.exit_code == 0, checked.output
    assert f"{len(moves)} plies" in checked.output, checked.output


def test_exported_chess_loads_as_a_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "chess.zrf"
    made = CliRunner().invoke(main, ["zrf", "export", "chess", "-o", str(path)])
    assert made.exit_code == 0, made.output
    assert perft(load_variant(str(path)).start_position(), 2) == 400


# -- the command -----------------------------------------------------------------------


def test_cli_export_writes_a_crlf_latin1_file_and_warns_in_one_line(tmp_path: Path) -> None:
    out = tmp_path / "chess.zrf"
    result = CliRunner().invoke(main, ["zrf", "export", "chess", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert b"\r\n(game\r\n" in out.read_bytes() and b"\n" not in out.read_bytes().replace(
        b"\r\n", b""
    )
    assert read_zrf(out).game().title == "FIDE chess"
    assert result.output.count("\n") == 1 and CHESS_DRAWS in result.output


def test_cli_export_of_a_position_with_black_to_move(tmp_path: Path) -> None:
    out = tmp_path / "end.zrf"
    fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"
    result = CliRunner().invoke(main, ["zrf", "export", "chess", "--fen", fen, "-o", str(out)])
    assert result.exit_code == 0, result.output
    game = load_variant(str(out))
    pos = game.start_position()
    assert {zrf_coordinates(pos, m) for m in pos.legal_moves()} == {
        "e8d8", "e8f8", "e8d7", "e8e7", "e8f7"
    }


def test_cli_errors_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.zrf"
    bad.write_text('(game\n (title "x")\n')
    result = CliRunner().invoke(main, ["zrf", "info", str(bad)])
    assert result.exit_code == 1
    assert "bad.zrf:1: unbalanced '('" in result.output
    unknown = CliRunner().invoke(main, ["zrf", "export", "no-such-game"])
    assert unknown.exit_code == 1 and "unknown variant" in unknown.output
    fen = CliRunner().invoke(main, ["zrf", "export", "chess", "--fen", "8/8 w"])
    assert fen.exit_code == 1 and len(fen.output.strip().splitlines()) == 1
    option = CliRunner().invoke(main, ["zrf", "export", "chess", "-O", "no-such-option"])
    assert option.exit_code == 1 and len(option.output.strip().splitlines()) == 1


def test_help_texts_show_examples() -> None:
    for command in ("info", "board", "export"):
        result = CliRunner().invoke(main, ["zrf", command, "--help"])
        assert result.exit_code == 0 and "Example" in result.output
