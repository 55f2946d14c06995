"""S-chess (docs/rules/seirawan.md) written as ZRF: the Hawk and the Elephant in
hand, gated in behind a first-rank piece's first move.

* **The hands** (SC-1) are four squares in a column beside the board, one per
  side and kind: ``x1`` White's Elephant, ``x2`` White's Hawk, ``x3`` Black's
  Elephant, ``x4`` Black's Hawk.  A held piece stands on its square; nothing
  links those squares to the board, so it has no move of its own there.  A hand
  never fills again (a captured piece is gone), so one square per kind is enough
  for every game from the start; a position holding two of a kind is named as
  left out.
* **An open gate** (SC-5) is a square of the zone ``gates`` (the position's gates,
  fixed at the setup) whose piece still has ``never-moved?``: every move of a
  King, Queen, Rook, Bishop or Knight clears it.  A square stops being a gate
  once a move writes it, and while it is one it holds the piece it held at the
  setup, unmoved; so the setup's zone and the piece's attribute together say
  which squares are still gates, from the start or from any FEN.  The
  zone names the player's hand squares too, so that it is never empty (a Hawk
  or an Elephant, the only pieces there, has no gating block).
* **A gating move** (SC-2) is a twin of each block of those five kinds, one per
  held kind: on the piece's square it first tests the gate (``gate-open``: open,
  and the player holds that kind), ``create``s the held piece there and
  ``capture``s it from its hand square (``gate``); the engine, as Zillions,
  applies effects after the pieces have moved, so the piece leaves and the held
  one arrives.  Zillions' check test sees the gated piece, but SC-2 makes a
  gating move legal only where the plain move is: so the twin first reads the
  rank from the square it leaves, and refuses to open a line there between its
  own King and an enemy rider (:func:`_line_shut`; a Seirawan960 castling's
  twin likewise, :func:`_shut_behind`).  Effects start afresh after each
  ``add``, so a rider's twin is one block per distance
  (``PieceRules.longest_ride``), not a ``while`` whose later moves would lose
  the gate.  The gate is put first, on the block's own
  square, rather than by going back to it at the end (``(go from)``): that
  keeps the engine's check test knowing where a block can reach (with ``go
  from`` perft(3) took 10.7 s, 3.2 s without, before the file kept the clock).
* **The counted draws**: the halfmove clock (:mod:`.export_clock`) counts a
  gating move one, as natively; the material goal (:mod:`.export_draws`) counts
  a Hawk or an Elephant as a Queen, held ones too, since a hand square is a
  board position (SC: a Hawk or an Elephant, in hand or on the board, can mate).
* **Castling** (SC-3) gates on the King's square or on the Rook's: two twins of
  each castling block per held kind, whose last forms step from where the Rook
  lands to the Rook's square or back to the King's, put the piece there and
  come back (``mark`` … ``back``).
* **Seirawan960** (S9-2) castles by Chess960's blocks
  (:mod:`.export_chess960`), each with twins that gate only on a square the
  castling leaves empty, walking along the rank from the block's last square.

Coordinates are trebuchet's (Fairy-Stockfish's UCI): ``g1f3h``, castling gated on
the King's square ``e1g1h``, on the Rook's ``h1e1h`` (Seirawan960's king-takes-rook
``b1a1h`` and ``a1b1h``); the engine reads a letter
after two squares as the piece gated on the first when no promotion fits
(:mod:`trebuchet.variants.zrf.coordinates`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

from trebuchet.converters.zrf import export_chess960 as chess960
from trebuchet.converters.zrf import export_clock as clock
from trebuchet.converters.zrf.export_hands import HAND_FILE, column_grid
from trebuchet.converters.zrf.export_moves import (
    EAST,
    WEST,
    Castling,
    PieceRules,
    atom,
    castling_block,
    direction_name,
    expressed,
    piece_blocks,
)
from trebuchet.converters.zrf.game_export import GameExport
from trebuchet.variants.geometry import Vector
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.seirawan import GATED
from trebuchet.variants.variant import Variant

#: the kinds of the first rank: their first move may gate a held piece in (SC-2)
FIRST_RANK = "KQRBN"
#: the zone of the squares still open for gating, per player (SC-5)
GATES = "gates"
#: SC-1: the held kinds' names in the file (the game's ``piece_types``)
HELD = {"E": "Elephant", "H": "Hawk"}
#: what a position holding two pieces of a kind in one hand loses in the file
TWO_OF_A_KIND = "a hand holding two pieces of one kind (the file keeps one square per kind)"

#: the flags of a line the gating twin's leaving would open (SC-2), per direction
KING_FLAG, RIDER_FLAG = "line-king", "line-rider"
#: the rank's two directions, as the file names them
EAST_STEP, WEST_STEP = direction_name((1, 0)), direction_name((-1, 0))

MACROS = """\
; S-chess (SC-2, SC-5): the piece stands on an open gate (a first-rank square of
; the setup's gates whose piece never moved), its player holding the piece to
; gate, on $1 (White's square) or $2 (Black's).
(define gate-open
  (verify (and never-moved? (in-zone? gates) (or (friend? $1) (friend? $2))))
)
; The held piece $1 is put on the current square and taken off its hand square,
; $2 or $3, whichever is the mover's.
(define gate
  (create $1) (if (friend? $2) (capture $2) else (capture $3))
)
"""


def hand_square(color: Player, kind: str) -> str:
    """The square beside the board where ``color`` holds its piece of ``kind``."""
    return f"{HAND_FILE}{1 + 2 * color + GATED.index(kind)}"


def _held(kind: str) -> tuple[str, str, str]:
    """A held kind's ZRF name, White's hand square and Black's."""
    return HELD[kind], hand_square(WHITE, kind), hand_square(BLACK, kind)


def _gating_rules(
    plain: PieceRules, kind: str, longest: int, shut: Callable[[Vector], str]
) -> PieceRules:
    """The rules of a first-rank piece's twin that gates ``kind`` in behind it;
    ``shut``: what a block along a vector verifies of the line it leaves (SC-2)."""
    name, white, black = _held(kind)
    return replace(
        plain,
        guard=f"(gate-open {white} {black}) (gate {name} {white} {black}) ",
        guard_along=shut,
        longest_ride=longest,
    )


class RankShut(NamedTuple):
    """What a castling's gating twin needs to verify that its gated piece shields
    nothing (SC-2): the enemy kinds that take along the rank, and its length."""

    riders: tuple[str, ...]
    files: int


def rank_riders(variant: Variant) -> tuple[str, ...]:
    """The kinds (ZRF atoms) that take along a rank farther than the next square:
    the only attackers a gated piece could shut out.  A line through a first-rank
    square with squares on both sides runs along that rank, so the gated piece
    blocks nothing else."""
    return tuple(
        atom(ptype.name)
        for ptype in variant.types.values()
        if any(
            c.capture and c.range != 1 and any(rank == 0 for _, rank in c.vectors)
            for c in expressed(ptype)
        )
    )


def _first_piece(d: str, tests: list[tuple[str, str]]) -> str:
    """Forms that walk from here along ``d`` to the first piece, set each flag whose
    test it passes (none at the edge), and come back."""
    found = " ".join(f"(if {test} (set-flag {flag} true))" for test, flag in tests)
    return f"mark (while (empty? {d}) {d}) (if (on-board? {d}) {d} {found}) back "


def _line_shut(riders: tuple[str, ...], king: str, moving_king: bool) -> Callable[[Vector], str]:
    """SC-2 in the file: a gating move is legal only where the plain move is, but the
    engine's check test sees the gated piece.  So each twin verifies, before the
    move, that the square it leaves opens no line of the rank between its own
    King and an enemy rider (the board read as it stands, the gated piece not yet
    on it).  A line through a first-rank square runs along the rank
    (:func:`rank_riders`), so: a piece moving along the rank stays between the
    two and is not tested, one moving off it is; the King stepping along the rank
    may have no such rider behind it, stepping off it opens no line."""
    if not riders:
        return lambda vector: ""
    kinds = " ".join(f"(piece? {k})" for k in riders)
    rider = f"(and enemy? (or {kinds}))" if len(riders) > 1 else f"(and enemy? {kinds})"
    own_king = f"(and friend? (piece? {king}))"
    flags = {d: (f"{KING_FLAG}-{d}", f"{RIDER_FLAG}-{d}") for d in (EAST_STEP, WEST_STEP)}

    def along(vector: Vector) -> str:
        on_rank = vector[1] == 0
        if on_rank != moving_king:
            return ""
        if moving_king:
            behind = direction_name((-1 if vector[0] > 0 else 1, 0))
            found = _first_piece(behind, [(rider, RIDER_FLAG)])
            return f"(set-flag {RIDER_FLAG} false) {found}(verify (not (flag? {RIDER_FLAG}))) "
        reset = " ".join(f"(set-flag {f} false)" for pair in flags.values() for f in pair)
        east, west = (_first_piece(d, [(own_king, k), (rider, r)]) for d, (k, r) in flags.items())
        (ke, re), (kw, rw) = flags[EAST_STEP], flags[WEST_STEP]
        opened = f"(or (and (flag? {ke}) (flag? {rw})) (and (flag? {kw}) (flag? {re})))"
        # the other way is read only if this one ends on the King or a rider
        return f"{reset} {east}(if (or (flag? {ke}) (flag? {re})) {west}(verify (not {opened}))) "

    return along


def _first_rank_piece(letter: str) -> Callable[[Variant, str], list[str]]:
    """A first-rank kind's blocks: its moves (each clearing ``never-moved?``), and
    a twin of each per held kind that gates it in on the square left."""

    def blocks(variant: Variant, arrive: str) -> list[str]:
        ptype = variant.types[letter]
        longest = max(variant.geometry.files, variant.geometry.ranks) - 1
        # a gating move counts one on the halfmove clock, as any move but a capture
        plain = PieceRules(castles=True, clock=clock.arrival_tick(variant, letter))
        found = [b for _, b in piece_blocks(ptype, plain, None)]
        king = atom(variant.types["K"].name)
        shut = _line_shut(rank_riders(variant), king, moving_king=letter == "K")
        for kind in GATED:
            twin = _gating_rules(plain, kind, longest, shut)
            found += [b for _, b in piece_blocks(ptype, twin, None)]
        return found

    return blocks


def castling_twins(way: Castling, last: str) -> list[str]:
    """A castling gating a held piece on the Rook's square or the King's (SC-3),
    for both players (the names of the held kinds are the game's own)."""
    back = WEST if way.toward == EAST else EAST
    # from where the Rook lands, next to the King's landing square on its side
    to_rook = [way.toward] * (way.distance - way.king_steps + 1)
    to_king = [back] * (way.king_steps - 1)
    twins = []
    for kind in GATED:
        for steps in (to_rook, to_king):
            twins.append(castling_block(way, f"{_gate_forms(kind, steps)} {last}".strip()))
    return twins


def _gate_forms(kind: str, steps: list[str], shut: str = "") -> str:
    """A castling's last forms gating ``kind`` in ``steps`` away from where it ends,
    if its player holds one and the square is a gate (and ``shut`` verifies what
    it must there), and coming back."""
    name, white, black = _held(kind)
    return (
        f"(verify (or (friend? {white}) (friend? {black}))) mark {' '.join(steps)} "
        f"(verify (in-zone? {GATES})) {shut + ' ' if shut else ''}"
        f"(gate {name} {white} {black}) back"
    )


def _walk(start: int, end: int) -> list[str]:
    """The steps along the rank from file ``start`` to file ``end``."""
    return [EAST if end > start else WEST] * abs(end - start)


def castling960_twins(
    way: chess960.Castling960, rook_kinds: tuple[str, ...], last: str, shut: RankShut
) -> list[str]:
    """Seirawan960's castling by one right gating a held piece on the King's or the
    Rook's square, only where the castling leaves it empty (S9-2); ``last``: what
    it does to the halfmove clock."""
    if way.rook_to == way.rook:
        ends = way.rook  # the Rook stays: the block ends on its square
    elif way.king_to == way.king:
        ends = way.king
    else:
        ends = way.rook_to
    left = [way.king] if way.king_to != way.king and way.rook_to != way.king else []
    left += [way.rook] if way.rook_to != way.rook and way.king_to != way.rook else []
    return [
        chess960.castling_block(
            way,
            rook_kinds,
            f"{_gate_forms(kind, _walk(ends, square), _shut_behind(way, square, shut))} "
            f"{last}".strip(),
        )
        for kind in GATED
        for square in left
    ]


def _shut_behind(way: chess960.Castling960, square: int, shut: RankShut) -> str:
    """SC-2 for a castling gated on file ``square``: the gated piece may not be what
    shields the King's landing square from an enemy rider along the rank.  Where
    the Rook lands between the two it shields it; else (the Rook's square beside
    the King's landing one, b1 for c1) no enemy rider may stand first beyond the
    square, the board read before the castling (its pieces all stand on the
    King's side of the square).  Walked square by square and back, so that the
    block's ``mark`` (its way back from the gate) is kept; the file's own
    directions, since Black's symmetry leaves these alone."""
    low, high = sorted((square, way.king_to))
    if not shut.riders or low < way.rook_to < high:
        return ""
    step, back = (WEST, EAST) if way.king_to > square else (EAST, WEST)
    far = square if step == WEST else shut.files - 1 - square
    if far == 0:
        return ""
    kinds = " ".join(f"(piece? {k} {step})" for k in shut.riders)
    rider = f"(and (enemy? {step}) (or {kinds}))"
    walk = f"(if {rider} (set-flag {RIDER_FLAG} true))"
    for _ in range(far - 1):  # from the square before the edge back to the gate
        walk = (
            f"(if {rider} (set-flag {RIDER_FLAG} true)) (if (empty? {step}) {step} {walk} {back})"
        )
    return f"(set-flag {RIDER_FLAG} false) {walk} (verify (not (flag? {RIDER_FLAG})))"


def _castling960_blocks(variant: Variant, pos: Position) -> list[str]:
    """Every right's castling block (Chess960's), and its gating twins."""
    kinds = tuple(atom(variant.types[k].name) for k in sorted(variant.castling_rook_kinds))
    counts = clock.UP if clock.clocked(variant) else ""
    shut = RankShut(rank_riders(variant), variant.geometry.files)
    return [
        block
        for way in chess960.castlings(variant, pos)
        for block in (
            chess960.castling_block(way, kinds, counts),
            *castling960_twins(way, kinds, counts, shut),
        )
    ]


def _holding(pos: Position, color: Player) -> list[str]:
    """The kinds ``color`` holds, in the hand squares' order."""
    return [kind for kind in GATED if pos.hand(color).get(kind, 0) > 0]


def more_setup(variant: Variant, pos: Position) -> dict[Player, list[str]]:
    """Each held piece on its hand square."""
    return {
        color: [f"({_held(kind)[0]} {hand_square(color, kind)})" for kind in kinds]
        for color in (WHITE, BLACK)
        if (kinds := _holding(pos, color))
    }


def board_lines(variant: Variant, pos: Position) -> list[str]:
    """The hands' column and the zone of the open gates, per player (with its
    hand squares, so that it is never empty)."""
    geo = variant.geometry
    lines = column_grid(variant, len(GATED) * 2)
    for color, player in ((WHITE, "White"), (BLACK, "Black")):
        home = 0 if color == WHITE else geo.ranks - 1
        gates = [geo.name(sq) for sq in sorted(pos.gates) if geo.rank_of(sq) == home]
        hand = [hand_square(color, kind) for kind in GATED]
        squares = " ".join([*gates, *hand])
        lines.append(f"    (zone (name {GATES}) (players {player}) (positions {squares}))")
    return lines


def left_out(variant: Variant, pos: Position) -> list[str]:
    """What of the position the hand squares cannot hold."""
    doubled = any(count > 1 for count in pos.hands.values())
    return [TWO_OF_A_KIND] if doubled else []


def seirawan960_export() -> GameExport:
    """S-chess's pieces, hands and gates over Chess960's castling (S9-2)."""
    return replace(
        seirawan_export(),
        castling_rule=chess960.OwnCastling(_castling960_blocks, chess960.castling_zones),
    )


def seirawan_export() -> GameExport:
    """The first-rank pieces with their gating twins, the hands, the gates."""
    return GameExport(
        macros=MACROS,
        pieces={letter: _first_rank_piece(letter) for letter in FIRST_RANK},
        left_out=left_out,
        hands=True,
        board_lines=board_lines,
        more_setup=more_setup,
        unmoved_kinds=FIRST_RANK,
        castling_twins=castling_twins,
    )


__all__ = [
    "GATES",
    "MACROS",
    "TWO_OF_A_KIND",
    "castling960_twins",
    "castling_twins",
    "hand_square",
    "seirawan960_export",
    "seirawan_export",
]
