"""What the writer adds for one game beyond its Betza pieces: :class:`GameExport`.

It stands apart from :mod:`.export_games`, which lists every game's entry, so
that each game's own module (``export_<game>.py``) can build its entry itself:
those modules are imported by that list, and could not import it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from trebuchet.converters.zrf.export_chess960 import OwnCastling
from trebuchet.converters.zrf.export_moves import Castling
from trebuchet.variants.geometry import Vector
from trebuchet.variants.pieces import Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: a zone's squares per player
Zones = dict[Player, frozenset[int]]


@dataclass(frozen=True)
class GameExport:
    """What the writer adds for one game beyond its Betza pieces."""

    #: ``define`` forms the pieces' blocks call
    macros: str = ""
    #: kind letter -> the move blocks of that special piece, given how its moves
    #: end (``add``, or the promotion choices in the zone: :func:`.export_moves.arrival`);
    #: a ``(move-type T)`` among them types the blocks after it (Sittuyin's drops)
    pieces: dict[str, Callable[[Variant, str], list[str]]] = field(default_factory=dict)
    #: zone name -> the squares per player, for the blocks' and goals' tests
    zones: Callable[[Variant], dict[str, Zones]] = field(default=lambda v: {})
    #: what the file leaves out of this game from a position, one line each
    left_out: Callable[[Variant, Position], list[str]] = field(default=lambda v, p: [])
    #: directions the special pieces step along, besides the eight single steps
    vectors: tuple[Vector, ...] = ()
    #: for a game that castles by its own rule: the King's steps toward a Rook that
    #: many squares away (None: the core's rule, two steps)
    castling_steps: Callable[[int], tuple[int, ...]] | None = None
    #: for a game that castles by its own rule from wherever King and Rooks stand
    #: (Chess960): the King's castling blocks and the zones they test, from the
    #: position written (None: the writer's rule, or ``castling_steps``)
    castling_rule: OwnCastling | None = None
    #: the game's own goals, written before checkmate and stalemate (empty: it has none)
    goals: tuple[str, ...] = ()
    #: a further test of en passant, where the victim's double step began
    ep_guard: str = ""
    #: captures are compulsory: moves are typed, captures first (move-priorities)
    captures_first: bool = False
    #: the game's own ``move-priorities``, where its blocks type their moves themselves
    #: (Sittuyin's drops first: :mod:`.export_sittuyin`)
    move_priorities: tuple[str, ...] = ()
    #: goals written only when the game is played with that option
    option_goals: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: the file keeps the hands and their drops itself (pieces in hand are no
    #: ``off`` counts of the setup)
    hands: bool = False
    #: lines of the board besides the grid and the zones (more grids, links, zones)
    board_lines: Callable[[Variant, Position], list[str]] = field(default=lambda v, p: [])
    #: each player's setup entry, where the game places pieces its own way (None:
    #: the writer's, each piece by its kind, hands as ``off`` counts)
    setup: Callable[[Variant, Position], list[str]] | None = None
    #: piece forms of types the game's export adds to its kinds
    extra_pieces: Callable[[Variant, Position], list[str]] = field(default=lambda v, p: [])
    #: a player who never moves, owning the terrain pieces (empty: none)
    neutral: str = ""
    #: royal pieces besides the royal kinds (a carrier holding the King)
    royal: tuple[str, ...] = ()
    #: forms every capture runs on its landing square before it ends (atomic's
    #: explosion: :attr:`.export_moves.PieceRules.capture_ending`)
    capture_ending: str = ""
    #: setup entries each player has besides its pieces (atomic's Hearts), from the
    #: position written (not the one before a replayed double step: three-check's
    #: counters count the check that step gives)
    more_setup: Callable[[Variant, Position], dict[Player, list[str]]] = field(
        default=lambda v, p: {}
    )
    #: per player, squares whose piece the setup names by a type of the game's own
    #: (Mangonel Chess's Rook holding a right, ``Rook-K``); the rest by their kind
    setup_names: Callable[[Variant, Position, Player], dict[int, str]] = field(
        default=lambda v, p, c: {}
    )
    #: the blocks and the check test together say the game's own rule over which
    #: moves are legal (atomic's: no blast of the own King, check by direct capture)
    legality_written: bool = False
    #: for a game whose Rooks hold their castling rights by type: per player, the
    #: home square of each right of the position with the types that castle from
    #: it (None: the Rooks with rights, of the castling kinds)
    castling_rooks: Callable[[Variant, Position, Player], dict[int, tuple[str, ...]]] | None = None
    #: what a promotion does besides making the piece, with its trailing space
    before_promotion: str = ""
    #: the game ends as chess does: checkmate and stalemate, written by the writer,
    #: and the counted draws its ``left_out`` names (crazyhouse's own draws)
    chess_endings: bool = False
    #: types the game's export adds that are mating material as its kinds are (the
    #: goal of insufficient material wants none of them: Mangonel's Rook types)
    material_types: tuple[str, ...] = ()
    #: kind letter -> where that kind's move ends the game by the game's own goal,
    #: so that the halfmove clock need not count it (:mod:`.export_clock`)
    clock_skip: dict[str, str] = field(default_factory=dict)
    #: forms every move block runs just before its ``add``, after the clock's (racing
    #: kings': Black's move ends White's marker of Black's last move)
    every_move: str = ""
    #: forms every move block of a piece runs before its own (three-check's count of
    #: a check received: :mod:`.export_three_check`); empty: none
    block_start: str = ""
    #: kind letters whose pieces carry ``never-moved?``, cleared by their moves, with
    #: or without castling (S-chess's gates: a first-rank piece that never moved)
    unmoved_kinds: str = ""
    #: a castling's blocks besides the plain one, from its way and what it does last
    #: (the clock's count): S-chess's castlings that gate a piece in
    castling_twins: Callable[[Castling, str], list[str]] = field(default=lambda way, last: [])

