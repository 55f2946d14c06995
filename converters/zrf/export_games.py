"""The seed games' own pieces written as ZRF: what no Betza string says.

Each game that has such pieces gets a :class:`GameExport`: the macros its
pieces call (``define`` forms, as real Zillions files share code), the zones
those macros test, a block list per special kind, and what of the game the
file still cannot carry.  A game without an entry here is written from its
Betza pieces alone, and the writer lists its special pieces as left out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from trebuchet.converters.zrf import export_shatranj_of_troy as shatranj
from trebuchet.converters.zrf.export_catapults_of_troy import catapults_export
from trebuchet.converters.zrf.export_draws import FIVEFOLD
from trebuchet.converters.zrf.export_duggans_fantasy_chess import duggan_export
from trebuchet.converters.zrf.export_moves import KING_STEPS, direction_name, rooks_with_rights
from trebuchet.variants.geometry import DIAGONAL, ORTHOGONAL, Vector
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.titan_chess import CAMEL, CENTRE, quad_paths
from trebuchet.variants.variant import Variant

Zones = dict[Player, frozenset[int]]


@dataclass(frozen=True)
class GameExport:
    """What the writer adds for one game beyond its Betza pieces."""

    #: ``define`` forms the pieces' blocks call
    macros: str = ""
    #: kind letter -> the move blocks of that special piece, given how its moves
    #: end (``add``, or the promotion choices in the zone: :func:`.export_moves.arrival`)
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
    #: the game's own goals, written before checkmate and stalemate (empty: it has none)
    goals: tuple[str, ...] = ()
    #: a further test of en passant, where the victim's double step began
    ep_guard: str = ""
    #: captures are compulsory: moves are typed, captures first (move-priorities)
    captures_first: bool = False
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
    #: kind letter -> where that kind's move ends the game by the game's own goal,
    #: so that the halfmove clock need not count it (:mod:`.export_clock`)
    clock_skip: dict[str, str] = field(default_factory=dict)


# -- Mangonel Chess (docs/rules/mangonel-chess.md) --------------------------------------

_MANGONEL_MACROS = """\
; The Mangonel steps one square ($1) to an empty square; the nearest piece behind
; it ($2 is the way back), of either side, is slung forward over it (MC-2).
(define scan-behind
  ($1 (verify empty?) to mark $2
   (while (and (on-board? $2) (empty? $2)) $2))
)
; A slung pawn counts its own first rank as the board's edge (MC-3).
(define slung-pawn
  (if (piece? Pawn) (if friend? (set-flag own-pawn true) else (set-flag their-pawn true)))
)
(define pawn-home
  (or (and (flag? own-pawn) (in-zone? first-rank $1))
      (and (flag? their-pawn) (in-zone? promotion-zone $1)))
)
(define pawn-home-here
  (or (and (flag? own-pawn) (in-zone? first-rank))
      (and (flag? their-pawn) (in-zone? promotion-zone)))
)
; The step alone: nothing behind, or nowhere for the slung piece to land.
(define mangonel-step
  ((scan-behind $1 $2)
   (if (on-board? $2)
       $2 (slung-pawn) back
       (verify (or (not-on-board? $1) (friend? $1) (pawn-home $1))))
   (clock-up) add)
)
; With sling-must-land the step is allowed only with nothing behind.
(define mangonel-step-landing
  ((scan-behind $1 $2) (verify (not-on-board? $2)) (clock-up) add)
)
; The step and the sling: the piece lands on the first piece it meets if that is
; an enemy of the mover, else on the last empty square before a piece or the
; edge; a pawn slung onto its last rank is a Queen (MC-3).  Slinging a pawn, or
; onto an enemy, sets the halfmove clock to 0, else the step counts one (MC-7).
(define mangonel-sling
  ((scan-behind $1 $2) $2 (slung-pawn) cascade back
   $1 (verify (not (pawn-home-here))) (verify not-friend?)
   (if empty?
       (while (and (on-board? $1) (empty? $1) (not (pawn-home $1))) $1)
       (if (and (on-board? $1) (enemy? $1) (not (pawn-home $1))) $1))
   (if (or (flag? own-pawn) (flag? their-pawn) (not empty?)) (clock-zero) else (clock-up))
   (if (or (and (flag? own-pawn) (in-zone? promotion-zone))
           (and (flag? their-pawn) (in-zone? first-rank)))
       (add Queen)
    else add))
)
"""


def _mangonel_blocks(variant: Variant, arrive: str) -> list[str]:
    step = "mangonel-step-landing" if "sling-must-land" in variant.options else "mangonel-step"
    blocks = []
    for v in KING_STEPS:
        d, back = direction_name(v), direction_name((-v[0], -v[1]))
        blocks += [f"({step} {d} {back})", f"(mangonel-sling {d} {back})"]
    return blocks


def _first_ranks(variant: Variant) -> dict[str, Zones]:
    geo = variant.geometry
    return {
        "first-rank": {
            WHITE: geo.squares_of_ranks((0,)),
            BLACK: geo.squares_of_ranks((geo.ranks - 1,)),
        }
    }


def _mangonel_left_out(variant: Variant, pos: Position) -> list[str]:
    """MC-4 and MC-6 follow each castling right's own Rook through slings; a rules
    file sees only that a Rook on the home square never moved by itself."""
    lost = [
        "MC-4: a castling right belongs to its own Rook; here any Rook that never "
        "moved by itself castles from the home square, though a sling brought it there"
    ]
    held = {sq for color in (WHITE, BLACK) for sq in rooks_with_rights(variant, pos, color)}
    waiting = sorted(pos.castling - held)
    if waiting:
        names = " ".join(variant.geometry.name(sq) for sq in waiting)
        lost.append(f"MC-6: the castling rights waiting for a Rook to come home to {names}")
    return lost


# -- Titan Chess (docs/rules/titan-chess.md) ---------------------------------------------

_TITAN_MACROS = """\
; Ninja Warrior and Guard (TC-4): a step, or two straight leaping the square
; between: a friend there stays, an enemy there is taken, and so is one landed on.
(define ninja-step ($1 (verify not-friend?) add))
(define ninja-jump ($1 (if enemy? capture) $1 (verify not-friend?) add))
(define leap ($1 (verify not-friend?) add))
; Flying Bomber and Raptor (TC-5): slide without taking; leap a friend next to it;
; take an enemy two away over a friend or an empty square; take an enemy next to it
; with the enemy behind it; fly over the first piece, an enemy, onto the empty
; square just beyond.
(define bomber-slide ($1 (while empty? add $1)))
(define bomber-leap ($1 (verify friend?) $1 (verify empty?) add))
(define bomber-take-two ($1 (verify (not enemy?)) $1 (verify enemy?) add))
(define bomber-double ($1 (verify enemy?) capture $1 (verify enemy?) add))
(define fly-over ($1 (while empty? $1) (verify enemy?) capture $1 (verify empty?) add))
; Quad Bomber and Raptor (TC-6): a first step onto an empty square ($1), then
; outward ($2) over empty squares, or flying over the first enemy met.
(define quad ($1 (verify empty?) $2 (while empty? add $2) (verify enemy?) capture $2
  (verify empty?) add))
; Both pawns (TC-2, TC-3): from below the centre rank a run forward over empty
; squares up to it; from the centre rank on, one step.
(define pawn-run
  ((verify (in-zone? below-centre)) n (while (and empty? (in-zone? own-half)) add n)))
; En passant (TC-2): onto a square the enemy Pawn passed over by the last move.
(define titan-en-passant
  ($1 (verify empty?) (verify (not last-from?)) to mark
   s (while empty? s) (verify (and enemy? (piece? Pawn) last-to?)) capture
   back n (while (and empty? (not last-from?)) n) (verify last-from?) add)
)
"""


def _pawn_common(arrive: str) -> list[str]:
    """What the Pawn and the Ninja Pawn share: the run, the step, the diagonal capture."""
    return [
        "(pawn-run)",
        f"((verify (not (in-zone? below-centre))) n (verify empty?) {arrive})",
        f"(ne (verify enemy?) {arrive})",
        f"(nw (verify enemy?) {arrive})",
    ]


def _titan_pawn(variant: Variant, arrive: str) -> list[str]:
    return [*_pawn_common(arrive), "(titan-en-passant ne)", "(titan-en-passant nw)"]


def _ninja_pawn(variant: Variant, arrive: str) -> list[str]:
    """TC-3: sideways onto an empty square anywhere, taking sideways in the enemy half."""
    return [
        *_pawn_common(arrive),
        *(f"({d} (verify empty?) {arrive})" for d in ("e", "w")),
        *(f"((verify (not (in-zone? own-half))) {d} (verify enemy?) {arrive})" for d in "ew"),
    ]


def _names(vectors: tuple[Vector, ...]) -> list[str]:
    return [direction_name(v) for v in vectors]


def _ninja(lines: tuple[Vector, ...], leaps: tuple[Vector, ...] = ()) -> list[str]:
    found = [f"(ninja-{how} {d})" for d in _names(lines) for how in ("step", "jump")]
    return found + [f"(leap {d})" for d in _names(leaps)]


def _bomber(lines: tuple[Vector, ...]) -> list[str]:
    kinds = ("bomber-slide", "bomber-leap", "bomber-take-two", "bomber-double", "fly-over")
    return [f"({how} {d})" for d in _names(lines) for how in kinds]


def _quad(paths: tuple[tuple[Vector, Vector], ...]) -> list[str]:
    return [f"(quad {direction_name(first)} {direction_name(out)})" for first, out in paths]


def _titan_zones(variant: Variant) -> dict[str, Zones]:
    """The own half (ranks 1-6 for White) and the ranks below its centre rank."""
    geo = variant.geometry
    ranks = geo.ranks

    def relative(upto: int) -> Zones:
        return {
            WHITE: geo.squares_of_ranks(range(upto)),
            BLACK: geo.squares_of_ranks(ranks - 1 - r for r in range(upto)),
        }

    return {"own-half": relative(CENTRE + 1), "below-centre": relative(CENTRE)}


# -- King of the Hill (docs/rules/chess-family.md, KH-1) ------------------------------------


def _hill(variant: Variant) -> dict[str, Zones]:
    hill = frozenset(variant.square(name) for name in ("d4", "e4", "d5", "e5"))
    return {"hill": {WHITE: hill, BLACK: hill}}


def _lichess_draws(variant: Variant, pos: Position) -> list[str]:
    """The automatic draw of the lichess games (CF-4) that Zillions has no goal for."""
    return [FIVEFOLD]


# -- Horde (docs/rules/horde.md) --------------------------------------------------------


def _horde_zones(variant: Variant) -> dict[str, Zones]:
    """HO-3: White's first rank, where a double step leaves no en passant right; a
    zone of Black's, the side that would take."""
    return {"horde-first-rank": {BLACK: variant.geometry.squares_of_ranks((0,))}}


# -- Antichess (docs/rules/antichess.md) ----------------------------------------------------


def _antichess_draws(variant: Variant, pos: Position) -> list[str]:
    """AC-7's insufficient material needs both sides' Bishops' squares, which a goal
    cannot see (:mod:`.export_draws`)."""
    return ["AC-7's draw by insufficient material", FIVEFOLD]


_ANTICHESS = GameExport(
    left_out=_antichess_draws,
    # AC-5: a player with no piece left, or with no move, has won
    goals=(
        "(win-condition (White Black) (pieces-remaining 0))",
        "(win-condition (White Black) stalemated)",
    ),
    captures_first=True,
)


GAMES: dict[str, GameExport] = {
    "mangonel-chess": GameExport(
        macros=_MANGONEL_MACROS,
        pieces={"M": _mangonel_blocks},
        zones=_first_ranks,
        left_out=_mangonel_left_out,
    ),
    "titan-chess": GameExport(
        macros=_TITAN_MACROS,
        pieces={
            "P": _titan_pawn,
            "J": _ninja_pawn,
            "W": lambda variant, arrive: _ninja(ORTHOGONAL),
            "G": lambda variant, arrive: _ninja(DIAGONAL, CAMEL),
            "F": lambda variant, arrive: _bomber(ORTHOGONAL),
            "Y": lambda variant, arrive: _bomber(DIAGONAL),
            "U": lambda variant, arrive: _quad(quad_paths(DIAGONAL, bomber=True)),
            "V": lambda variant, arrive: _quad(quad_paths(ORTHOGONAL, bomber=False)),
        },
        zones=_titan_zones,
        vectors=CAMEL,
        castling_steps=lambda distance: tuple(range(1, distance + 1)),
    ),
    "king-of-the-hill": GameExport(
        zones=_hill,
        left_out=_lichess_draws,
        goals=("(win-condition (White Black) (absolute-config King (hill)))",),
        # the King's move onto the hill wins there: the clock need not count it
        clock_skip={"K": "(in-zone? hill)"},
    ),
    "horde": GameExport(
        zones=_horde_zones,
        left_out=_lichess_draws,
        # HO-4: the horde has lost when it has no piece left
        goals=("(loss-condition (White) (pieces-remaining 0))",),
        ep_guard="(verify (not (in-zone? horde-first-rank)))",
    ),
    "antichess": _ANTICHESS,
    "giveaway": _ANTICHESS,
    "shatranj-of-troy": GameExport(
        macros=shatranj.MACROS,
        pieces=shatranj.PIECES,
        option_goals={"bare-king": ("(loss-condition (White Black) (pieces-remaining 1))",)},
        hands=True,
        board_lines=shatranj.board_lines,
        setup=shatranj.setup,
        extra_pieces=shatranj.extra_pieces,
    ),
    "catapults-of-troy": GameExport(**catapults_export()),
    "duggans-fantasy-chess": GameExport(**duggan_export()),
}
