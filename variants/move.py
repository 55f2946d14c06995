"""Moves as short sequences of primitive board actions.

Every move of every game is written with the same six actions, the ones Game
Courier writes in its move lists, so that making, unmaking, and writing a move
as an action list are the same code for every game.  Each action is a small
immutable record; :meth:`trebuchet.variants.position.Position.push` is the one
place that dispatches on them.

>>> Relocate(12, 28)
Relocate(frm=12, to=28)
>>> capture(12, 21).actions
(Remove(sq=21), Relocate(frm=12, to=21))

A capture is a ``Remove`` before a ``Relocate``.  Actions are applied in order.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Literal, NamedTuple

from mypy_extensions import mypyc_attr

from trebuchet.variants.piece import Piece, Player


class Op(IntEnum):
    """Which primitive an action is; the last field of every action record.

    Carrying the opcode in the record keeps two actions of different kinds
    unequal even when their other fields agree (a ``Place`` and a ``Change``
    of the same piece on the same square are different moves).
    """

    RELOCATE = 0
    REMOVE = 1
    PLACE = 2
    CHANGE = 3
    TERRAIN = 4
    HAND = 5


class Relocate(NamedTuple):
    """The piece on ``frm`` goes to the empty square ``to``."""

    frm: int
    to: int
    op: Literal[Op.RELOCATE] = Op.RELOCATE

    def __repr__(self) -> str:
        return f"Relocate(frm={self.frm}, to={self.to})"


class Remove(NamedTuple):
    """The piece on ``sq`` leaves the board (captured, drowned, splintered)."""

    sq: int
    op: Literal[Op.REMOVE] = Op.REMOVE

    def __repr__(self) -> str:
        return f"Remove(sq={self.sq})"


class Place(NamedTuple):
    """``piece`` appears on the empty square ``sq`` (a drop, an Archer leaving its Horse)."""

    sq: int
    piece: Piece
    op: Literal[Op.PLACE] = Op.PLACE

    def __repr__(self) -> str:
        return f"Place(sq={self.sq}, piece={self.piece!r})"


class Change(NamedTuple):
    """The piece on ``sq`` becomes ``piece`` (a promotion, a carrier loading or unloading)."""

    sq: int
    piece: Piece
    op: Literal[Op.CHANGE] = Op.CHANGE

    def __repr__(self) -> str:
        return f"Change(sq={self.sq}, piece={self.piece!r})"


class Terrain(NamedTuple):
    """Square ``sq`` appears (``present``: a bridge is built) or vanishes."""

    sq: int
    present: bool
    op: Literal[Op.TERRAIN] = Op.TERRAIN

    def __repr__(self) -> str:
        return f"Terrain(sq={self.sq}, present={self.present})"


class Hand(NamedTuple):
    """``delta`` pieces of ``key`` enter (``+1``) or leave (``-1``) ``player``'s hand.

    ``key`` is the kind letter, followed by its cargo in parentheses for a
    carrier held whole (Shatranj of Troy's ``T(CN)``).
    """

    player: Player
    key: str
    delta: int
    op: Literal[Op.HAND] = Op.HAND

    def __repr__(self) -> str:
        return f"Hand(player={self.player}, key={self.key!r}, delta={self.delta})"


Action = Relocate | Remove | Place | Change | Terrain | Hand


class MoveKind(StrEnum):
    """Kinds of move the rules core itself knows.

    A move's ``tag`` is None for a *simple* move (the piece on ``frm`` goes to
    ``to``, capturing what stands there, perhaps promoting) and a member of a
    ``StrEnum`` otherwise: these, or a game's own enum of special moves
    (:class:`trebuchet.variants.catapults_of_troy.TroyMove` …).  Enum members,
    not free strings, so that a misspelt kind is a type error, not a move that
    silently never matches.
    """

    CASTLE = "castle"
    EN_PASSANT = "ep"
    DROP = "drop"
    NULL = "null"
    """A pass (``--`` in PGN, ``0000`` in UCI): no actions, the turn goes on."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Move:
    """One move: where it starts and ends, what it does, and how it is named.

    ``frm`` and ``to`` name the move in coordinate notation (``frm`` is None for
    a drop or a null move); ``actions`` say what happens on the board.  ``tag``
    (see :class:`MoveKind`) is None for a simple move: the legality test trusts
    only simple moves to follow the pin rule.  ``promotion`` is the kind a piece
    becomes, ``drop`` the hand key dropped, ``ep`` the squares a pawn passed
    (en passant targets), and ``suffix`` disambiguates moves that share ``frm``
    and ``to`` in coordinate notation.  Moves are immutable values; the core
    shares one object between every position that has the move.
    """

    __slots__ = ("actions", "drop", "ep", "frm", "promotion", "suffix", "tag", "to")

    def __init__(
        self,
        frm: int | None,
        to: int,
        actions: tuple[Action, ...],
        *,
        tag: StrEnum | None = None,
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
        tag = f", tag={self.tag.value!r}" if self.tag is not None else ""
        return f"Move({self.frm}, {self.to}, {self.actions!r}{tag})"

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
        return tuple(a.sq for a in self.actions if type(a) is Remove)

    def is_capture(self) -> bool:
        """Whether the move takes any piece off the board."""
        return any(type(a) is Remove for a in self.actions)

    def is_null(self) -> bool:
        return self.tag == MoveKind.NULL

    def with_actions(self, actions: tuple[Action, ...], *, tag: StrEnum | None = None) -> Move:
        """The same move (name, promotion, drop, en passant squares) doing ``actions``;
        ``tag`` replaces the tag when given."""
        return Move(
            self.frm,
            self.to,
            actions,
            tag=self.tag if tag is None else tag,
            promotion=self.promotion,
            drop=self.drop,
            ep=self.ep,
            suffix=self.suffix,
        )


_QUIET: dict[tuple[int, int], Move] = {}
_CAPTURE: dict[tuple[int, int], Move] = {}


def quiet(frm: int, to: int) -> Move:
    """The piece on ``frm`` moves to the empty square ``to``.

    Moves are immutable values, so one object per pair of squares serves every
    game and position: pieces that work out their moves anew each time (the
    siege engines) then allocate nothing for their plain moves.
    """
    move = _QUIET.get((frm, to))
    if move is None:
        move = _QUIET[frm, to] = Move(frm, to, (Relocate(frm, to),))
    return move


def capture(frm: int, to: int) -> Move:
    """The piece on ``frm`` takes the piece on ``to`` by moving there (shared, as
    :func:`quiet`)."""
    move = _CAPTURE.get((frm, to))
    if move is None:
        move = _CAPTURE[frm, to] = Move(frm, to, (Remove(to), Relocate(frm, to)))
    return move


def drop_move(sq: int, piece: Piece, player: Player, key: str) -> Move:
    """``player`` puts ``piece`` from its hand (hand key ``key``) on the empty square ``sq``."""
    return Move(
        None, sq, (Place(sq, piece), Hand(player, key, -1)), tag=MoveKind.DROP, drop=key
    )


def null_move() -> Move:
    """A pass: no actions; the variant's ``after_move`` just hands the turn on."""
    return Move(None, 0, (), tag=MoveKind.NULL)


def with_change(move: Move, piece: Piece, kind: str) -> Move:
    """``move`` followed by the piece on its target becoming ``piece`` (a promotion)."""
    return Move(
        move.frm,
        move.to,
        (*move.actions, Change(move.to, piece)),
        tag=move.tag,
        promotion=kind,
        drop=move.drop,
        ep=move.ep,
        suffix=move.suffix,
    )
