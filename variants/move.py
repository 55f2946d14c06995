"""Moves as short sequences of primitive board actions.

Every move of every game is written with the same six actions, the ones Game
Courier writes in its move lists, so that making, unmaking, and writing a move
as an action list are the same code for every game:

``(MOVE, a, b)``
    the piece on ``a`` goes to the empty square ``b``;
``(REMOVE, x)``
    the piece on ``x`` leaves the board (captured, drowned, splintered);
``(PLACE, x, piece)``
    ``piece`` appears on the empty square ``x`` (a drop, an Archer leaving its Horse);
``(CHANGE, x, piece)``
    the piece on ``x`` becomes ``piece`` (promotion, a carrier loading or unloading);
``(TERRAIN, x, present)``
    square ``x`` appears (``True``, a bridge is built) or vanishes (``False``);
``(HAND, color, kind, delta)``
    ``delta`` pieces of ``kind`` enter (``+1``) or leave (``-1``) ``color``'s hand.

A capture is ``REMOVE`` before ``MOVE``.  Actions are applied in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trebuchet.variants.pieces import Piece

MOVE = 0
REMOVE = 1
PLACE = 2
CHANGE = 3
TERRAIN = 4
HAND = 5

ACTION_NAMES = ("move", "remove", "place", "change", "terrain", "hand")

Action = tuple[Any, ...]


class Move:
    """One move: where it starts and ends, what it does, and how it is named.

    ``frm`` and ``to`` name the move in coordinate notation (``frm`` is None for
    a drop); ``actions`` say what happens on the board.  ``tag`` is None for a
    *simple* move (the piece on ``frm`` goes to ``to``, capturing what stands
    there, perhaps promoting) and names the kind of move otherwise (``"ep"``,
    ``"castle"``, ``"drop"``, ``"launch"`` …): the legality test trusts only
    simple moves to follow the pin rule.  ``suffix`` disambiguates moves that
    share ``frm`` and ``to`` in coordinate notation.
    """

    __slots__ = ("actions", "drop", "ep", "frm", "promotion", "suffix", "tag", "to")

    def __init__(
        self,
        frm: int | None,
        to: int,
        actions: tuple[Action, ...],
        *,
        tag: str | None = None,
        promotion: str | None = None,
        drop: str | None = None,
        ep: tuple[int, ...] = (),
        suffix: str = "",
    ) -> None:
        self.frm = frm
        self.to = to
        self.actions = actions
        self.tag = tag
        self.promotion = promotion
        self.drop = drop
        self.ep = ep
        self.suffix = suffix

    def __repr__(self) -> str:
        return f"Move({self.frm}, {self.to}, {self.actions!r}, tag={self.tag!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Move)
            and self.actions == other.actions
            and self.frm == other.frm
            and self.to == other.to
            and self.tag == other.tag
        )

    def __hash__(self) -> int:
        return hash((self.frm, self.to, self.actions))

    @property
    def removed_squares(self) -> tuple[int, ...]:
        """Squares whose piece this move takes off the board."""
        return tuple(a[1] for a in self.actions if a[0] == REMOVE)

    def is_capture(self) -> bool:
        return any(a[0] == REMOVE for a in self.actions)


def quiet(frm: int, to: int) -> Move:
    return Move(frm, to, ((MOVE, frm, to),))


def capture(frm: int, to: int) -> Move:
    return Move(frm, to, ((REMOVE, to), (MOVE, frm, to)))


def with_change(move: Move, piece: Piece, kind: str) -> Move:
    """``move`` followed by the piece on its target becoming ``piece`` (a promotion)."""
    return Move(
        move.frm,
        move.to,
        (*move.actions, (CHANGE, move.to, piece)),
        tag=move.tag,
        promotion=kind,
        ep=move.ep,
        suffix=move.suffix,
    )
