"""``trebuchet zrf export atomic``: the exported file plays atomic chess as the
native game does (docs/rules/atomic.md, AT-1 … AT-7; the native game is held to
python-chess's atomic board elsewhere).  Perft(3) from the start and 20 random
positions are test_export.py's (PLAYED_ALIKE); here each ruling's corner, the
explosion seen square by square, and the Hearts beside the board."""

from __future__ import annotations

import pytest

from tests.zrf.test_export import carrier_type, declared_types, exported, zrf_coordinates
from trebuchet.converters.zrf.export_atomic import HEARTS
from trebuchet.converters.zrf.export_clock import CLOCK, FIVEFOLD
from trebuchet.converters.zrf.model import parse_zrf
from trebuchet.converters.zrf.to_variant import variant_from_zrf
from trebuchet.converters.zrf.writer import limitations, variant_to_zrf
from trebuchet.variants.perft import perft
from trebuchet.variants.pieces import BLACK, WHITE
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant
from trebuchet.variants.variant import Variant
from trebuchet.variants.zrf.game import ZrfVariant


@pytest.fixture(scope="module")
def atomic() -> Variant:
    return get_variant("atomic")


def board_of(game: ZrfVariant, pos: Position) -> dict[str, tuple[str, int | None]]:
    """The pieces on the board's own squares by our letters (a Ruin, a King blown
    up, is no piece of the native game: the square is empty there)."""
    letter = {game.kinds[p.name]: p.notation for p in game.spec.pieces}
    geo = game.geometry
    return {
        geo.name(sq): (letter[p.kind], p.color)
        for sq, p in enumerate(pos.board[: geo.files * geo.ranks])
        if p is not None and letter[p.kind] != "X"
    }


def native_board(variant: Variant, pos: Position) -> dict[str, tuple[str, int | None]]:
    return {variant.geometry.name(sq): (p.kind, p.color) for sq, p in pos.pieces()}


def test_the_board_pieces_setup_and_hearts_parse_back(atomic: Variant) -> None:
    """The start as test_export.py checks every game, and a Heart beside the board
    for each player, on its own square of a grid no direction leads onto."""
    game = parse_zrf(variant_to_zrf(atomic), "atomic.zrf").game()
    start = atomic.start_position()
    kinds = [name for name, _ in declared_types(atomic)]
    clock = [f"{CLOCK}-{1 << n}" for n in range(8)]
    assert [p.name for p in game.pieces] == [*kinds, "Heart", "Ruin", *clock]
    players = ("White", "Black")
    expected = {
        atomic.geometry.name(sq): (players[p.color or 0], carrier_type(atomic, p, set(), sq))
        for sq, p in start.pieces()
    }
    hearts = {HEARTS[WHITE]: ("White", "Heart"), HEARTS[BLACK]: ("Black", "Heart")}
    assert game.setup.by_position() == expected | hearts
    losses = [c.condition.render() for c in game.conditions if c.kind == "loss"]
    assert losses == ["(pieces-remaining 0 King)", "(checkmated King)"]


#: one position per ruling that random play rarely reaches; each must have the
#: native legal moves (in coordinates) and perft(3); each keeps material enough
#: for two plies (a Pawn: the file ends AT-7's draw, where the native perft goes on)
RULINGS = [
    # AT-2, AT-4: the Rook's capture on d2 would blow up its own King on e1
    pytest.param("4k3/8/8/8/8/8/3p4/3RK3 w - - 0 1", "d1d2", False, id="own-king-in-blast"),
    # AT-3: the Kings touch, so the Rook on h2 gives no check (Black's pawn: a Rook
    # alone against a bare King is AT-7's draw, where the file allows no move)
    pytest.param("8/7p/8/8/8/3k4/3K3r/8 w - - 0 1", "d2e2", True, id="kings-touch"),
    # AT-3: Black's Rook could blow up e1 by taking f2; that is no check
    pytest.param("4kr2/8/8/8/8/8/P4N2/4K3 w - - 0 1", "a2a3", True, id="blast-is-no-check"),
    # AT-4: in check from a8, White blows up the King on e8 by taking e7
    pytest.param("r3k3/4n3/8/8/8/8/8/K3R3 w - - 0 1", "e1e7", True, id="win-out-of-check"),
    # AT-5: f1 and g1 are next to Black's King, so the Rook on f8 does not stop castling
    pytest.param("5r2/8/p7/8/8/8/5k2/R3K2R w KQ - 0 1", "e1g1", True, id="castle-by-the-king"),
    # AT-1: a capture that promotes is four moves, though each leaves one board
    pytest.param("1n2k3/P6p/8/8/8/8/7P/4K3 w - - 0 1", "a7b8n", True, id="capture-promotes"),
]


@pytest.mark.parametrize(("fen", "move", "legal"), RULINGS)
def test_each_ruling_is_played_as_native(
    atomic: Variant, fen: str, move: str, legal: bool
) -> None:
    native = atomic.position(fen)
    ours = sorted(atomic.move_text(native, m) for m in native.legal_moves())
    assert (move in ours) is legal
    game = exported(atomic, native)
    pos = game.start_position()
    assert sorted(zrf_coordinates(pos, m) for m in pos.legal_moves()) == ours
    assert perft(pos, 3) == perft(native, 3)


def test_en_passant_explodes_where_the_pawn_lands(atomic: Variant) -> None:
    """e5xd6 in passing takes d5 and blows up the Queen on c7 beside d6, not the
    pawns there (AT-1); the board is the native one after every move."""
    game = exported(atomic)
    pos, native = game.start_position(), atomic.start_position()
    for text in ("e2e4", "c7c6", "e4e5", "d8c7", "g1f3", "d7d5", "e5d6"):
        pos.push(game.parse_move(pos, text))
        native.push(native.parse_move(text))
        assert board_of(game, pos) == native_board(atomic, native), text
    assert {"c7", "d5", "d6", "e5"}.isdisjoint(board_of(game, pos))
    assert board_of(game, pos)["e7"] == ("P", BLACK)


def test_a_blown_up_king_ends_the_game_as_native(atomic: Variant) -> None:
    """Taking e7 blows up the King on e8 and its Heart: the game is White's, and no
    move is left (AT-6); from that position written again, the same."""
    fen = "r3k3/4n3/8/8/8/8/8/K3R3 w - - 0 1"
    native = atomic.position(fen)
    game = exported(atomic, native)
    pos = game.start_position()
    pos.push(game.parse_move(pos, "e1e7"))
    native.push(native.parse_move("e1e7"))
    assert board_of(game, pos) == native_board(atomic, native)
    heart = game.geometry.index_of(HEARTS[BLACK])
    assert pos.board[heart] is None and pos.legal_moves() == []
    native_end, zrf_end = atomic.outcome(native), game.outcome(pos)
    assert native_end is not None and zrf_end is not None
    assert zrf_end.result == native_end.result == "1-0"
    after = exported(atomic, atomic.position(native.fen())).start_position()
    assert after.legal_moves() == [] and after.variant.outcome(after) == zrf_end


def test_only_fivefold_repetition_is_left_out(atomic: Variant) -> None:
    """AT-7's insufficient material and the 75-move rule are the file's goals
    (test_export.py plays them); fivefold repetition no file can count."""
    assert limitations(atomic) == [FIVEFOLD]


def test_the_check_test_lets_a_move_remove_its_own_king(atomic: Variant) -> None:
    """Why ``explode`` refuses a blast next to the own King: Zillions' check asks
    whether the opponent could capture a royal piece after the move, and with the
    mover's King gone there is none to capture, so the engine lets such a move
    stand, and the King's loss ends the game against the mover.  Without the
    refusal, d1xd2 (which blows up e1) is a move of the file; AT-4 forbids it."""
    native = atomic.position("4k3/8/8/8/8/8/3p4/3RK3 w - - 0 1")
    text = variant_to_zrf(atomic, native)
    refusal = next(line for line in text.splitlines() if "(own-king-at? n)" in line)
    game = variant_from_zrf(parse_zrf(text.replace(refusal, ""), "atomic.zrf"))
    pos = game.start_position()
    assert "d1d2" in {zrf_coordinates(pos, m) for m in pos.legal_moves()}
    pos.push(game.parse_move(pos, "d1d2"))
    ended = game.outcome(pos)
    assert ended is not None and ended.result == "0-1"
    assert "d1d2" not in {atomic.move_text(native, m) for m in native.legal_moves()}
