"""A Zillions game as the engine needs it: plain data, read from a rules file elsewhere.

:mod:`trebuchet.converters.zrf.to_variant` builds a :class:`GameSpec` from the
parsed rules file; :class:`~trebuchet.variants.zrf.game.ZrfVariant` plays it.
Keeping the description as data keeps the rules core independent of the
reader: a game could as well be described by hand.

Positions are numbered: first the cells of the drawn grid, row by row from the
bottom (index ``rank * files + file``, as every trebuchet board), then every
other position (free positions, other grids' cells, dummies) in the rules
file's order.  Players are numbered in the order of ``(players …)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trebuchet.variants.zrf.tree import Node


@dataclass(frozen=True)
class BoardSpec:
    """Positions, directions and zones of a game's board.

    ``files`` × ``ranks`` is the grid that diagrams draw (``names[:files*ranks]``;
    a name ``None``-free list, a cell that is not there named ``""``); the other
    positions follow.  ``links[direction][p]`` is the position one step from
    ``p`` in that direction, or -1.
    """

    files: int
    ranks: int
    names: tuple[str, ...]
    links: dict[str, tuple[int, ...]]
    dummies: frozenset[int] = frozenset()
    #: per player, the direction a written direction means for that player
    symmetry: tuple[dict[str, str], ...] = ()
    #: (zone name, player) -> its positions
    zones: dict[tuple[str, int], frozenset[int]] = field(default_factory=dict)

    @property
    def grid_size(self) -> int:
        return self.files * self.ranks


@dataclass(frozen=True)
class Program:
    """One ``moves`` or ``drops`` entry of a piece: its instructions and move type."""

    body: tuple[Node, ...]
    move_type: str
    line: int


@dataclass(frozen=True)
class PieceSpec:
    """A ``(piece …)``: its name, its programs, its attributes with their defaults."""

    name: str
    moves: tuple[Program, ...]
    drops: tuple[Program, ...]
    attributes: tuple[tuple[str, bool], ...]
    line: int
    notation: str = ""


@dataclass(frozen=True)
class Turn:
    """One entry of ``(turn-order …)``: who moves, whose pieces, which move type
    (None: any)."""

    player: int
    pieces_of: int
    move_type: str | None = None


@dataclass(frozen=True)
class ConditionSpec:
    """A ``win``/``loss``/``draw``/``count`` condition for some players."""

    kind: str
    players: tuple[int, ...]
    condition: Node
    line: int


@dataclass(frozen=True)
class GameSpec:
    """Everything the engine needs to play one game or variant of a rules file."""

    title: str
    source: str
    line: int
    players: tuple[str, ...]
    board: BoardSpec
    pieces: tuple[PieceSpec, ...]
    #: (player, piece name, position) of the pieces set up on the board
    setup: tuple[tuple[int, str, int], ...]
    #: (player, piece name, count) kept off the board
    reserves: tuple[tuple[int, str, int], ...]
    turns: tuple[Turn, ...]
    #: index into ``turns`` where the cycle starts again (``repeat``); 0 without one
    repeat: int
    conditions: tuple[ConditionSpec, ...]
    options: dict[str, str]
    move_priorities: tuple[str, ...] = ()
    #: player indices played by the program at random (``?name`` in players)
    random_players: frozenset[int] = frozenset()
    #: (player, piece, position) of setup entries on a position the board lacks:
    #: they place nothing
    unplaced: tuple[tuple[str, str, str], ...] = ()
