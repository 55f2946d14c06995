"""Square tables shared between games and players (docs/speed.md, "Start-up").

A Betza piece's tables are built once per piece, player and board shape and
shared by every game that has an equal piece; a board's rays once per shape.
What is shared must stay as built: these tests play in every bundled game, then
build each shared table afresh and compare.
"""

from __future__ import annotations

import pytest

from trebuchet.variants import pieces
from trebuchet.variants.geometry import Geometry
from trebuchet.variants.pieces import BLACK, WHITE, BetzaPiece
from trebuchet.variants.registry import BUNDLED, get_variant


def _tables(game: str, kind: str, color: int) -> object:
    piece = get_variant(game).types[kind]
    assert isinstance(piece, BetzaPiece)
    return piece._steps[color]


def test_equal_pieces_of_two_games_share_one_set_of_tables() -> None:
    assert _tables("chess", "N", WHITE) is _tables("chess960", "N", WHITE)
    assert _tables("chess", "Q", BLACK) is _tables("crazyhouse", "Q", BLACK)
    # a knight moves alike for both players; a pawn does not
    assert _tables("chess", "N", WHITE) is _tables("chess", "N", BLACK)
    assert _tables("chess", "P", WHITE) is not _tables("chess", "P", BLACK)
    assert _tables("chess", "P", WHITE) != _tables("chess", "P", BLACK)


def _betza_pieces(game: str) -> list[BetzaPiece]:
    kinds = get_variant(game).types.values()
    return [piece for piece in kinds if isinstance(piece, BetzaPiece)]


def _play(game: str) -> None:
    """Legal moves of the start and of positions one ply on (a dozen each), written in the
    game's notation and read back (reading fills the tables of ways by target)."""
    variant = get_variant(game)
    start = variant.start_position()
    positions = [start]
    for first in variant.legal_moves(start)[:12]:
        positions.append(after := start.copy())
        after.push(first)
    for pos in positions:
        for move in variant.legal_moves(pos)[:12]:
            assert variant.notation.read(pos, variant.notation.write(pos, move)) == move


@pytest.mark.parametrize("game", sorted(BUNDLED))
def test_shared_tables_after_play_are_as_built_afresh(game: str) -> None:
    _play(game)
    held = {id(piece._steps[color]) for piece in _betza_pieces(game) for color in piece._steps}
    for key, shared in pieces._SHARED_TABLES.items():
        if id(shared[0]) not in held:
            continue  # another game's: checked after that game is played
        files, ranks, size = key[1]
        board = Geometry(files, ranks, extra=tuple(f"x{i}" for i in range(size - files * ranks)))
        steps, rays, ep, hops, ways, targets = pieces._board_tables(key, board)
        assert (steps, rays, ep, hops) == shared[:4]
        for sq, (by_target, reach) in enumerate(zip(shared[4], shared[5], strict=True)):
            # entries filled in as asked for: the same as worked out now
            if by_target is not None:
                assert by_target == pieces._ways(steps[sq], rays[sq])
            if reach is not None:
                assert reach == pieces._reach(steps[sq], rays[sq], hops[sq])
        assert ways == targets == [None] * size


def test_rays_are_the_squares_met_stepping_one_vector_at_a_time() -> None:
    for files, ranks, extra in ((8, 8, ()), (10, 10, ("hand",)), (1, 5, ()), (12, 3, ())):
        board = Geometry(files, ranks, extra=extra)
        for vector in ((dx, dy) for dx in range(-4, 5) for dy in range(-4, 5) if dx or dy):
            for sq in range(board.size):
                walked = []
                at = board.offset(sq, vector)
                while at is not None:
                    walked.append(at)
                    at = board.offset(at, vector)
                assert board.ray(sq, vector) == tuple(walked), (files, ranks, sq, vector)
                assert board.leaps(vector)[sq] == (walked[0] if walked else -1)
