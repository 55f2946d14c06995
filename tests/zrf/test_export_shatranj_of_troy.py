"""Shatranj of Troy's exported file (converters/zrf/export_shatranj_of_troy.py): the
Horse's cargo as types, the hands as squares beside the board, the bare King.
perft(3), random positions and the bundled example are in tests/zrf/test_export.py
(PLAYED_ALIKE); these pin the rulings one by one."""

from __future__ import annotations

import pytest

from tests.zrf.test_export import exported, zrf_coordinates
from trebuchet.variants.errors import IllegalMoveError
from trebuchet.variants.registry import get_variant

#: White's Horse carries a Camel and a Rook; White holds two Pawns and a Horse
#: carrying a Knight, Black a Ferz
LOADED = "4k4/9/ppp6/9/9/9/PPP6/4T(CR)4/4K4[PPT(N)f] w - - 0 1"


def moves_alike(name: str, fen: str, options: tuple[str, ...] = ()) -> set[str]:
    """The legal moves of ``fen`` in coordinates, the same in the exported file
    (and each read back by the file's game); returned for the test to look at."""
    variant = get_variant(name, options)
    native = variant.position(fen)
    game = exported(variant, native)
    pos = game.start_position()
    ours = {variant.move_text(native, m) for m in native.legal_moves()}
    assert {zrf_coordinates(pos, m) for m in pos.legal_moves()} == ours
    for text in ours:
        assert zrf_coordinates(pos, game.parse_move(pos, text)) == text
    return ours


def test_a_horse_leaves_each_kind_of_its_cargo_once() -> None:
    """ST-4: e2-d4 plain, leaving the Camel, leaving the Rook; the Horse goes on
    with what is left, and the type it becomes is the one of its cargo."""
    ours = moves_alike("shatranj-of-troy", LOADED)
    assert {"e2d4", "e2d4,C@e2", "e2d4,R@e2"} <= ours
    variant = get_variant("shatranj-of-troy")
    game = exported(variant, variant.position(LOADED))
    pos = game.start_position()
    pos.push(game.parse_move(pos, "e2d4,C@e2"))
    camel, horse = pos.piece_at("e2"), pos.piece_at("d4")
    assert camel is not None and game.types[camel.kind].name == "Camel"
    assert horse is not None and game.types[horse.kind].name == "Trojan-Horse-R"


def test_pieces_in_hand_drop_once_per_kind_and_square() -> None:
    """ST-5: two Pawns in hand make one drop per empty square, none on the last
    rank; a loaded Horse drops with its cargo (``T(N)@e5``)."""
    ours = moves_alike("shatranj-of-troy", LOADED)
    pawn_drops = {m for m in ours if m.startswith("P@")}
    # 81 squares less the 9 pieces, less the 8 empty squares of rank 9
    assert len(pawn_drops) == 81 - 9 - 8 and "P@a9" not in pawn_drops
    assert "T(N)@e5" in ours and "P@e5" in ours


def test_a_capture_sends_the_piece_to_the_captors_hand() -> None:
    """ST-5: b4xc5 puts Black's Pawn into White's hand; White may drop it next."""
    variant = get_variant("shatranj-of-troy")
    native = variant.position("4k4/9/9/9/2p6/1P7/9/9/4K4[] w - - 0 1")
    game = exported(variant, native)
    pos = game.start_position()
    pos.push(game.parse_move(pos, "b4c5"))
    pos.push(game.parse_move(pos, "e9d9"))
    assert "P@e5" in {zrf_coordinates(pos, m) for m in pos.legal_moves()}


@pytest.mark.parametrize(
    ("fen", "result"),
    [
        pytest.param("4k4/9/9/9/9/9/9/9/4K4[p] w - - 0 1", "0-1", id="white-bare"),
        pytest.param("4k4/9/9/9/9/9/9/4P4/4K4[] b - - 0 1", "1-0", id="black-bare"),
        pytest.param("4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1", None, id="hand-not-bare"),
    ],
)
def test_bare_king_loses_but_a_piece_in_hand_is_material(fen: str, result: str | None) -> None:
    """ST-7, ST-8 (option bare-king): a lone King with nothing in hand has lost;
    a piece in hand keeps the game going."""
    variant = get_variant("shatranj-of-troy", ("bare-king",))
    native = variant.position(fen)
    pos = exported(variant, native).start_position()
    native_end, zrf_end = variant.outcome(native), pos.variant.outcome(pos)
    assert (native_end and native_end.result) == (zrf_end and zrf_end.result) == result
    if result is None:
        moves_alike("shatranj-of-troy", fen, ("bare-king",))


def test_without_the_option_a_bare_king_plays_on() -> None:
    variant = get_variant("shatranj-of-troy")
    fen = "4k4/9/9/9/9/9/9/9/4K4[p] w - - 0 1"
    pos = exported(variant, variant.position(fen)).start_position()
    assert pos.variant.outcome(pos) is None
    assert moves_alike("shatranj-of-troy", fen) == {"e1d1", "e1f1", "e1d2", "e1e2", "e1f2"}


def test_the_hand_has_a_square_for_every_piece_that_could_be_taken() -> None:
    """32 from the start: 18 Pawns, 2 Horses and their 12 pieces of cargo."""
    game = exported(get_variant("shatranj-of-troy"))
    hand = [n for n in game.geometry.names if n.startswith("x")]
    assert hand == [f"x{n}" for n in range(1, 33)]


@pytest.mark.parametrize("text", ["F@e5", "R@e5", "e2d4,N@e2", "e1d1,C@e1"])
def test_a_drop_or_deployment_names_only_what_the_player_has(text: str) -> None:
    """The engine reads ``X@e5`` as a drop only of a piece in the player's hand
    (Black holds the Ferz; the Rook is cargo), and ``,X@e2`` only where the Horse
    carries an X."""
    variant = get_variant("shatranj-of-troy")
    game = exported(variant, variant.position(LOADED))
    with pytest.raises(IllegalMoveError):
        game.parse_move(game.start_position(), text)
