"""A move as the line a saved game writes: a Zillions game's own text (its steps), or
for trebuchet's own games every board action the move makes, with the pieces'
names of the game; and the setup lines of a position."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from trebuchet.converters.zsg.grammar import Names
from trebuchet.variants.game import Game
from trebuchet.variants.move import Change, Move, Place, Relocate, Remove, Terrain
from trebuchet.variants.pieces import WALL, Piece
from trebuchet.variants.position import Position
from trebuchet.variants.zrf.game import ZrfMove

# pyparsing is imported where a move line is first read: it costs 8 MB of memory,
# which every other use of trebuchet would pay (docs/speed.md)
if TYPE_CHECKING:
    pass



def atom_name(name: str) -> str:
    """A piece name as a ZRF atom: spaces become hyphens (``Troy-Horse``)."""
    return "-".join(name.split())


def piece_name(variant: Game, piece: Piece) -> str:
    """The full name of ``piece``, with its cargo: ``Troy-Horse[Archer]``."""
    ptype = variant.types[piece.kind]
    name = atom_name(ptype.name)
    if piece.cargo:
        name += "[" + "+".join(atom_name(variant.types[k].name) for k in piece.cargo) + "]"
    return name


def player_name(color: int | None) -> str:
    """The ZSG name of a two-player game's side."""
    return "White" if color == 0 else "Black"


BRIDGE = "Bridge"


def variant_names(variant: Game) -> Names:
    has_terrain = any(p is WALL for p in variant.start_position().board)
    return Names(
        frozenset(atom_name(t.name) for t in variant.types.values())
        | ({BRIDGE} if has_terrain else set()),
        frozenset({"White", "Black"}),
        frozenset(variant.geometry.names),
    )


def move_text(pos: Position, move: Move) -> str:
    """The ZSG body of ``move`` in ``pos``: every board action, as Zillions writes them.

    The moving piece's step comes first (``x`` when it lands on a square it
    emptied by capture), then drops, extra removals and changes in the order the
    move makes them.  Hand bookkeeping has no ZSG form; it follows from the
    captures and drops.
    """
    if not move.actions:
        return "Pass"
    variant = pos.variant
    geo = variant.geometry
    parts: list[str] = []
    board = list(pos.board)
    captured = {a.sq for a in move.actions if isinstance(a, Remove)}
    moved_to: int | None = None
    for action in move.actions:
        if isinstance(action, Relocate):
            a, b = action.frm, action.to
            piece = board[a]
            assert piece is not None
            sign = "x" if b in captured else "-"
            parts.append(f"{piece_name(variant, piece)} {geo.name(a)} {sign} {geo.name(b)}")
            board[b], board[a] = piece, None
            moved_to = b
        elif isinstance(action, Remove):
            board[action.sq] = None
        elif isinstance(action, Place):
            x, piece = action.sq, action.piece
            parts.append(f"{player_name(piece.color)} {piece_name(variant, piece)} {geo.name(x)}")
            board[x] = piece
        elif isinstance(action, Change):
            x, piece = action.sq, action.piece
            where = "" if x == moved_to else f" on {geo.name(x)}"
            parts.append(f"= {piece_name(variant, piece)}{where}")
            board[x] = piece
        elif isinstance(action, Terrain):
            # Zillions has no terrain: a square that appears is a neutral
            # Bridge piece dropped by the mover (CT-7), one that vanishes is
            # a removal (once, even when a piece drowns with it).
            x = action.sq
            if action.present:
                parts.append(f"{player_name(pos.turn)} {BRIDGE} {geo.name(x)}")
            elif x not in captured:
                parts.append(f"x {geo.name(x)}")
    removals = [
        x
        for x in captured
        if not any(isinstance(a, Relocate) and a.to == x for a in move.actions)
    ]
    parts[1:1] = [f"x {geo.name(x)}" for x in removals] if parts else []
    if not parts:
        parts = [f"x {geo.name(x)}" for x in removals]
    return " ".join(parts)


def setup_lines(
    variant: Game, pos: Position, named: Callable[[Piece], str] | None = None
) -> list[str]:
    """``(x e1)`` / ``(White King e1)`` lines turning the variant's start into ``pos``."""
    start = variant.start_position()
    geo = variant.geometry
    out = []
    for sq, piece in enumerate(pos.board):
        if piece is start.board[sq]:
            continue
        if start.board[sq] is not None:
            out.append(f"(x {geo.name(sq)})")
        if piece is not None and piece.color is not None:
            name = named(piece) if named else _our_name(variant, piece)
            out.append(f"({name} {geo.name(sq)})")
    return out


def _our_name(variant: Game, piece: Piece) -> str:
    return f"{player_name(piece.color)} {piece_name(variant, piece)}"


def zsg_text(pos: Position, move: Move) -> str:
    """A move as a saved game writes it: a Zillions game's own text, else ours."""
    if isinstance(move, ZrfMove):
        return move.text
    if move.is_null():
        return "Pass"
    return move_text(pos, move)


def step_texts(pos: Position, move: Move) -> list[str]:
    """A turn's lines: a Zillions move's steps, else the move's one line."""
    if isinstance(move, ZrfMove):
        return [step.text for step in move.turn_steps]
    return [zsg_text(pos, move)]
