"""The en passant right of a ``--fen`` position, written as the move that gave it.

A Zillions setup says where pieces stand and who moves, not what the last move
was; but the exported en passant block asks exactly that (``last-from?``,
``last-to?``).  So a position whose FEN gives the right is written one ply
earlier: the pawn that just made its double step stands back on the square it
came from, as a kind of its own whose only move is that step (arriving as the
pawn again), and the turn order's first entry, played once, allows only moves
of that move type::

    (turn-order (White double-step) repeat Black White)

After that forced first ply the game stands in the FEN's position, with the
right carried by the last move as after any double step in play.  The kind
cannot come back (no move makes one), so its block never runs again, and the
turns after ``repeat`` allow every move.  A game that sets up its own pieces
(:mod:`.export_games`), or a right no straight double step explains, is left
to the writer's list of what the file cannot say.
"""

from __future__ import annotations

from dataclasses import dataclass

from trebuchet.converters.zrf.export_moves import atom
from trebuchet.variants.pieces import WALL, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: the move type of the forced first move
DOUBLE_STEP = "double-step"


@dataclass(frozen=True)
class LastStep:
    """The double step a position's en passant right says was just made."""

    #: where the pawn came from, and where it stands now
    origin: int
    victim: int
    #: how many squares forward it went
    steps: int
    #: whose pawn it is (the player not to move)
    color: Player
    #: the kind of the pawn
    kind: str


def last_step(variant: Variant, pos: Position) -> LastStep | None:
    """The double step behind ``pos``'s en passant right, or None where it has none
    or where no straight step of a pawn explains it (of the kinds the core takes en
    passant, or a game's own pawn, as Titan Chess's run): the squares it
    passed over are the right's squares, and they and its origin are empty."""
    if not pos.ep or pos.ep_victim < 0:
        return None
    geo = variant.geometry
    victim = pos.ep_victim
    pawn = pos.board[victim]
    if pawn is None or pawn is WALL or pawn.kind not in variant.ep_kinds | variant.pawn_kinds:
        return None
    forward = geo.files if pawn.color == WHITE else -geo.files
    passed = tuple(victim - forward * n for n in range(1, len(pos.ep) + 1))
    origin = victim - forward * (len(pos.ep) + 1)
    if tuple(sorted(passed)) != tuple(sorted(pos.ep)) or not 0 <= origin < geo.size:
        return None
    if any(geo.file_of(sq) != geo.file_of(victim) for sq in (*passed, origin)):
        return None
    if any(pos.board[sq] is not None for sq in (*passed, origin)):
        return None
    assert pawn.color is not None
    return LastStep(origin, victim, len(pos.ep) + 1, pawn.color, pawn.kind)


def before(pos: Position, step: LastStep) -> Position:
    """``pos`` one ply earlier: the pawn back on its origin, its owner to move."""
    earlier = pos.copy()
    earlier.board[step.origin] = earlier.board[step.victim]
    earlier.board[step.victim] = None
    earlier.turn = step.color
    earlier.ep = ()
    earlier.ep_victim = -1
    return earlier


def stepping_name(variant: Variant, step: LastStep) -> str:
    """The name of the kind that stands on the origin until its forced step."""
    return f"{atom(variant.types[step.kind].name)}-Double-Stepping"


def turn_order(step: LastStep, players: tuple[str, str]) -> str:
    """The forced step once, then the players in turn from the FEN's mover."""
    mover, other = players[step.color], players[1 - step.color]
    return f"(turn-order ({mover} {DOUBLE_STEP}) repeat {other} {mover})"


def stepping_piece(variant: Variant, step: LastStep, image: tuple[str, str]) -> list[str]:
    """The piece form of the kind whose one move is the forced double step, written
    for White (the board's symmetry turns it for Black)."""
    pawn = atom(variant.types[step.kind].name)
    path = " ".join(["n"] * step.steps)
    return [
        "  (piece",
        f"    (name {stepping_name(variant, step)})",
        f'    (help "{pawn} about to make the double step that the en passant right of the '
        'position says was just made: the first move, forced.")',
        f'    (notation "{step.kind}")',
        f'    (image White "{image[0]}" Black "{image[1]}")',
        f"    (moves (move-type {DOUBLE_STEP}) ({path} (add {pawn})))",
        "  )",
    ]


__all__ = [
    "DOUBLE_STEP",
    "LastStep",
    "before",
    "last_step",
    "stepping_name",
    "stepping_piece",
    "turn_order",
]
