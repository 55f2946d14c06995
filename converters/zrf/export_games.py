"""The seed games' own pieces written as ZRF: what no Betza string says.

Each game that has such pieces gets a :class:`GameExport`: the macros its
pieces call (``define`` forms, as real Zillions files share code), the zones
those macros test, a block list per special kind, and what of the game the
file still cannot carry.  A game without an entry here is written from its
Betza pieces alone, and the writer lists its special pieces as left out.
"""

from __future__ import annotations

from trebuchet.converters.zrf import export_atomic as atomic
from trebuchet.converters.zrf import export_clock as clock
from trebuchet.converters.zrf import export_shatranj_of_troy as shatranj
from trebuchet.converters.zrf import export_sittuyin as sittuyin
from trebuchet.converters.zrf.export_board import column_beside
from trebuchet.converters.zrf.export_catapults_of_troy import catapults_export
from trebuchet.converters.zrf.export_chess960 import CHESS960_CASTLING
from trebuchet.converters.zrf.export_crazyhouse import crazyhouse_export
from trebuchet.converters.zrf.export_draws import FIVEFOLD, SLUNG_BISHOP_MACROS
from trebuchet.converters.zrf.export_duggans_fantasy_chess import duggan_export
from trebuchet.converters.zrf.export_moves import (
    KING_STEPS,
    MOVING,
    NEVER_MOVED,
    PieceRules,
    direction_name,
    piece_blocks,
)
from trebuchet.converters.zrf.export_racing_kings import racing_kings_export
from trebuchet.converters.zrf.export_seirawan import seirawan960_export, seirawan_export
from trebuchet.converters.zrf.export_three_check import three_check_export
from trebuchet.converters.zrf.game_export import GameExport, Zones
from trebuchet.variants.geometry import DIAGONAL, ORTHOGONAL, Vector
from trebuchet.variants.mangonel_chess import MangonelChess
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.three_check import ThreeCheck
from trebuchet.variants.titan_chess import CAMEL, CENTRE, quad_paths
from trebuchet.variants.variant import Variant

#: the players' names, White first (our colours' order)
PLAYERS = ("White", "Black")


# -- Mangonel Chess (docs/rules/mangonel-chess.md) --------------------------------------

#: MC-4: the types of a Rook holding the right of the home on the King's side (K,
#: j1/j8), the Queen's (Q, a1/a8), or both; each plays as a Rook, and its own move
#: clears ``never-moved?``, which a sling keeps
ROOK_K, ROOK_Q, ROOK_KQ = "Rook-K", "Rook-Q", "Rook-KQ"
ROOK_TYPES = ("Rook", ROOK_K, ROOK_Q, ROOK_KQ)
#: MC-6: a right that waits for a Rook to be slung onto its home is a piece of the
#: right's owner on a square of its own beside the board
WAITING = "Waiting-Right"
#: the waiting rights' squares: each right letter's, White's K and Black's k first
WAITING_SQUARES = {"K": "x1", "k": "x2", "Q": "x3", "q": "x4"}
#: the homes of each side's rights as zones: ``k-home`` is the mover's, and
#: ``their-k-home`` the other side's
HOME_ZONES = {"K": "k-home", "Q": "q-home"}


def _mangonel_rook_test(where: str) -> str:
    """A Rook of any of the types, on ``where`` ('' for here)."""
    at = f" {where}" if where else ""
    return "(or " + " ".join(f"(piece? {t}{at})" for t in ROOK_TYPES) + ")"


def _mangonel_macros() -> str:
    """The Mangonel's step and sling, and MC-4/MC-6's rights kept by Rooks' types."""
    squares = [f"{f}{r}" for r in range(1, 9) for f in "abcdefghij"]
    own_rooks = " ".join(f"(own-rook-at {sq})" for sq in squares)
    return f"""\
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
; MC-4: a Rook holds a right by its type while never-moved? (cleared by its own
; move, kept by a sling).  A slung Rook is marked by its side and its rights.
(define slung-rook
  (if {_mangonel_rook_test("")}
      (if friend? (set-flag own-rook true) else (set-flag their-rook true))
      (if (and never-moved? (or (piece? {ROOK_K}) (piece? {ROOK_KQ}))) (set-flag holds-k true))
      (if (and never-moved? (or (piece? {ROOK_Q}) (piece? {ROOK_KQ}))) (set-flag holds-q true)))
)
; MC-6: a right waiting for its Rook is a piece of its side on x1 (White's K), x2
; (Black's k), x3 (Q) or x4 (q); $1 is friend? or enemy?, $2 and $3 the squares.
(define waits (or ($1 $2) ($1 $3)))
(define end-wait (if ($1 $2) (capture $2)) (if ($1 $3) (capture $3)))
; A Rook of $1's side slung onto the home $2 of a right that waits for a Rook
; takes it up, keeping the right it holds already (flag $6; else it is $7).
(define take-up
  (if (and (flag? $1) (in-zone? $2) (waits $3 $4 $5))
      (if (flag? $6) (change-type {ROOK_KQ}) else (change-type $7))
      (set-attribute never-moved? true)
      (end-wait $3 $4 $5))
)
(define take-up-rights
  (take-up own-rook k-home friend? x1 x2 holds-q {ROOK_K})
  (take-up own-rook q-home friend? x3 x4 holds-k {ROOK_Q})
  (take-up their-rook their-k-home enemy? x1 x2 holds-q {ROOK_K})
  (take-up their-rook their-q-home enemy? x3 x4 holds-k {ROOK_Q})
)
; A waiting right is gone once its side has no Rook; only a promotion makes a
; Rook, so the mover's promotion drops the waiting rights when no Rook is left.
(define own-rook-at (and (friend? $1) {_mangonel_rook_test("$1")}))
(define rights-without-rook
  (if (and (or (waits friend? x1 x2) (waits friend? x3 x4)) (not (or {own_rooks})))
      (end-wait friend? x1 x2) (end-wait friend? x3 x4))
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
; edge; a pawn slung onto its last rank is a Queen (MC-3), a Rook onto its home
; may take up a right (MC-6), a Bishop lands as its square's colour's type.
; Slinging a pawn, or onto an enemy, sets the halfmove clock to 0, else the step
; counts one (MC-7).
(define mangonel-sling
  ((scan-behind $1 $2) $2 (slung-pawn) (slung-rook) (slung-bishop) cascade back
   $1 (verify (not (pawn-home-here))) (verify not-friend?)
   (if empty?
       (while (and (on-board? $1) (empty? $1) (not (pawn-home $1))) $1)
       (if (and (on-board? $1) (enemy? $1) (not (pawn-home $1))) $1))
   (if (or (flag? own-pawn) (flag? their-pawn) (not empty?)) (clock-zero) else (clock-up))
   (if (or (and (flag? own-pawn) (in-zone? promotion-zone))
           (and (flag? their-pawn) (in-zone? first-rank)))
       (add Queen)
    else (take-up-rights) (land-slung)))
)
{SLUNG_BISHOP_MACROS}"""


def _mangonel_blocks(variant: Variant, arrive: str) -> list[str]:
    step = "mangonel-step-landing" if "sling-must-land" in variant.options else "mangonel-step"
    blocks = []
    for v in KING_STEPS:
        d, back = direction_name(v), direction_name((-v[0], -v[1]))
        blocks += [f"({step} {d} {back})", f"(mangonel-sling {d} {back})"]
    return blocks


def _homes(variant: Variant) -> dict[str, int]:
    """Right letter (K, Q, k, q) -> its home square (MC-6)."""
    assert isinstance(variant, MangonelChess)
    return variant.castling_homes


def _mangonel_zones(variant: Variant) -> dict[str, Zones]:
    """The first ranks (MC-3), and each side's homes of its rights, as the mover's
    (``k-home``) and as the other side's (``their-k-home``)."""
    homes = _homes(variant)
    zones = _first_ranks(variant)
    for letter, zone in HOME_ZONES.items():
        white, black = frozenset({homes[letter]}), frozenset({homes[letter.lower()]})
        zones[zone] = {WHITE: white, BLACK: black}
        zones[f"their-{zone}"] = {WHITE: black, BLACK: white}
    return zones


def _first_ranks(variant: Variant) -> dict[str, Zones]:
    geo = variant.geometry
    return {
        "first-rank": {
            WHITE: geo.squares_of_ranks((0,)),
            BLACK: geo.squares_of_ranks((geo.ranks - 1,)),
        }
    }


def _rights(variant: Variant, pos: Position, color: Player) -> dict[str, int]:
    """``color``'s rights in ``pos``: letter -> home square."""
    letters = ("K", "Q") if color == WHITE else ("k", "q")
    return {c: sq for c in letters if (sq := _homes(variant)[c]) in pos.castling}


def _held(variant: Variant, pos: Position, sq: int, color: Player) -> bool:
    """Whether a Rook of ``color`` stands on ``sq`` (else the right of that home waits)."""
    piece = pos.board[sq]
    return piece is not None and piece.color == color and piece.kind in variant.castling_rook_kinds


def _mangonel_castling_rooks(
    variant: Variant, pos: Position, color: Player
) -> dict[int, tuple[str, ...]]:
    """Every right's home, held or waiting (MC-6), castled with by the Rook types that
    hold its right (MC-4)."""
    return {
        sq: ((ROOK_K if c.upper() == "K" else ROOK_Q), ROOK_KQ)
        for c, sq in _rights(variant, pos, color).items()
    }


def _rook_types(variant: Variant, pos: Position, color: Player) -> dict[int, str]:
    """``color``'s Rooks on the home of a right, each as the type that holds it
    (MC-4): the writer sets them up by these names."""
    rights = _rights(variant, pos, color)
    return {
        sq: f"Rook-{c.upper()}"
        for c, sq in rights.items()
        if (piece := pos.board[sq]) is not None and piece.kind in variant.castling_rook_kinds
    }


def _waiting_setup(variant: Variant, pos: Position) -> dict[Player, list[str]]:
    """A piece on the square of each right that waits for a Rook (MC-6)."""
    entries: dict[Player, list[str]] = {}
    for color in (WHITE, BLACK):
        rights = _rights(variant, pos, color)
        waiting = [
            WAITING_SQUARES[c] for c, sq in rights.items() if not _held(variant, pos, sq, color)
        ]
        if waiting:
            entries[color] = [f"({WAITING} {' '.join(waiting)})"]
    return entries


def _waiting_grid(variant: Variant, pos: Position) -> list[str]:
    """The four squares of the waiting rights, a column beside the board."""
    return column_beside(variant, "x", ["1", "2", "3", "4"])


def _mangonel_rooks(variant: Variant, pos: Position) -> list[str]:
    """The Rook types that hold rights (MC-4), moving as the Rook, and the waiting
    right's piece, which never moves (MC-6)."""
    rook = variant.types["R"]
    rules = PieceRules(castles=True, clock=clock.arrival_tick(variant, "R"))
    blocks = piece_blocks(rook, rules, None)
    out = []
    for name, holds in ((ROOK_K, "K"), (ROOK_Q, "Q"), (ROOK_KQ, "K and Q")):
        out += [
            "  (piece",
            f"    (name {name})",
            f'    (help "Rook holding the castling right {holds}: moves as a Rook; '
            'its own move ends the right, a sling keeps it.")',
            '    (notation "R")',
            '    (image White "images\\Chess\\wrook.bmp" Black "images\\Chess\\brook.bmp")',
            f"    (attribute {NEVER_MOVED} true)",
            "    (moves",
            *(f"      {b}" for _, b in blocks),
            "    )",
            "  )",
        ]
    return [
        *out,
        "  (piece",
        f"    (name {WAITING})",
        '    (help "A castling right waiting for a Rook to be slung onto its home square.")',
        '    (notation "?")',
        '    (image White "images\\trebuchet\\wwait.bmp" Black "images\\trebuchet\\bwait.bmp")',
        "  )",
    ]


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

# AC-7's insufficient material is the writer's goal (:mod:`.export_draws`)
_ANTICHESS = GameExport(
    left_out=_lichess_draws,
    # AC-5: a player with no piece left, or with no move, has won
    goals=(
        "(win-condition (White Black) (pieces-remaining 0))",
        "(win-condition (White Black) stalemated)",
    ),
    captures_first=True,
)


GAMES: dict[str, GameExport] = {
    "mangonel-chess": GameExport(
        macros=_mangonel_macros(),
        pieces={"M": _mangonel_blocks},
        zones=_mangonel_zones,
        board_lines=_waiting_grid,
        setup_names=_rook_types,
        more_setup=_waiting_setup,
        extra_pieces=_mangonel_rooks,
        castling_rooks=_mangonel_castling_rooks,
        before_promotion="(rights-without-rook) ",
        material_types=(ROOK_K, ROOK_Q, ROOK_KQ),
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
    "atomic": GameExport(
        macros=atomic.MACROS,
        left_out=atomic.left_out,
        goals=atomic.GOALS,
        board_lines=atomic.board_lines,
        extra_pieces=atomic.extra_pieces,
        capture_ending=atomic.EXPLODE,
        more_setup=atomic.more_setup,
        legality_written=True,
    ),
    "catapults-of-troy": catapults_export(),
    "chess960": GameExport(castling_rule=CHESS960_CASTLING),
    "crazyhouse": crazyhouse_export(),
    "duggans-fantasy-chess": duggan_export(),
    "seirawan": seirawan_export(),
    "seirawan960": seirawan960_export(),
    "sittuyin": GameExport(
        macros=sittuyin.MACROS,
        pieces=sittuyin.PIECES,
        zones=sittuyin.zones,
        left_out=sittuyin.left_out,
        goals=sittuyin.GOALS,
        move_priorities=(sittuyin.DROPPING, MOVING),
        hands=True,
        board_lines=sittuyin.board_lines,
        setup=sittuyin.setup,
    ),
    "racing-kings": racing_kings_export(),
    "three-check": three_check_export(ThreeCheck()),
}
