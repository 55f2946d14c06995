"""Sittuyin (docs/rules/sittuyin.md) written as ZRF.

* **The set-up** (SY-2).  The pieces in hand stand on a column of squares
  beside the board, as :mod:`.export_hands` keeps them (nothing is ever taken
  into a hand here, so the column only empties).  A held piece drops onto an
  empty square of its side's ``camp`` (its first three ranks), a Chariot onto
  its ``first-rank`` only, walking ``camp-next`` links from its own square into
  that camp and through it: the walk never leaves the camp, so the engine's
  reach analysis asks nothing of the held pieces in a check test.  Drops are
  of the move type ``dropping``, every other move ``moving``, and
  ``(move-priorities dropping moving)`` makes a player who can drop drop.
  Zillions' check test asks what the opponent's pieces could take whatever its
  priorities, so a piece of a player still dropping gives check, as natively.
  What the priorities cannot say: a player holding pieces with no square left
  to drop one on has no move natively, and may move its pieces in the file
  (:func:`left_out` names it where the setup holds pieces; from the start it
  never happens: a side's camp keeps free squares until its hand is empty, and
  the other side moves no piece before then).
* **Promotion** (SY-4), one block per Pawn: the tests read squares by name,
  not by walking, so the engine's reach analysis still sees that the block
  moves its Pawn one diagonal step at most (a walk would make every Pawn a
  suspect of every check test).  The Pawn must stand on the ``promotion-diagonal``
  zone or have no other Pawn of its side on the board, and its side no
  General; it then becomes a General where it stands (a Zillions move with no
  part, written ``c6c6f``: ``variants/zrf/coordinates.py``) or on each empty
  diagonal neighbour, wherever no enemy piece stands diagonally next to it.
* **The end** (SY-6): checkmate and stalemate as the writer writes them, and
  two bare Kings a draw: no piece but the Kings anywhere, the hand's squares
  included (a held piece stands on one).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from trebuchet.converters.zrf.export_hands import HAND_FILE, drop_macro, hand_lines, hand_setup
from trebuchet.converters.zrf.export_moves import MOVING, PieceRules, atom, piece_blocks
from trebuchet.variants.geometry import FILE_LETTERS
from trebuchet.variants.pieces import BLACK, WHITE, Piece, Player
from trebuchet.variants.position import Position
from trebuchet.variants.sittuyin import GENERAL, PAWN, ROOK, Sittuyin
from trebuchet.variants.variant import Variant

#: the move type of a drop, ranked above every other move (SY-2)
DROPPING = "dropping"
#: the zones a drop tests: the side's first three ranks, and its first rank (Chariots)
CAMP, FIRST_RANK = "camp", "first-rank"
#: SY-4: the long diagonals in the opponent's half
PROMOTION_DIAGONAL = "promotion-diagonal"
#: the squares of Sittuyin's 8 x 8 board, named as the writer names them, the
#: middle ranks first: where the Pawns stand, so a search for one ends soon
SQUARES = tuple(f"{f}{r}" for r in (4, 5, 3, 6, 2, 7, 1, 8) for f in FILE_LETTERS[:8])
#: the drop's walk: from each square of the hand into its owner's camp, and on
#: through that camp (the two camps' walks never meet)
CAMP_NEXT = "camp-next"
#: the position flag on the square of the Pawn whose promotion is asked
THIS_PAWN = "this-pawn"
#: the four diagonal steps (the board's symmetry leaves the set as it is)
DIAGONALS = ("ne", "nw", "se", "sw")
#: what a player who holds pieces but has nowhere to drop one may do in the file
NO_DROP_SQUARE = (
    "SY-2 where a player holding pieces has no empty square to drop one on: natively "
    "it has no move, the file lets it move its pieces (move-priorities rank the drops "
    "first only where there is one)"
)
#: a King in hand with no other piece left anywhere
HELD_KING = (
    "SY-6 where a King is still in hand and the Kings are the only pieces: natively "
    "the draw comes once both stand on the board, the file draws at once"
)


def _anywhere(test: Callable[[str], str]) -> str:
    """``test`` of some square of the board, each named."""
    return "(or " + " ".join(test(sq) for sq in SQUARES) + ")"


def _own(kind: str, sq: str) -> str:
    """A piece of the mover's of type ``kind`` on ``sq``."""
    return f"(friend? {sq}) (piece? {kind} {sq})"


MACROS = f"""\
; SY-2: a piece in hand ($1 its type) drops onto each square of its side's camp
; where $2 holds, if no square above it in the hand holds a piece of its type and side.
{drop_macro(CAMP_NEXT, walk=CAMP_NEXT)}\
; SY-4, read square by square by name (a walk would move the current position):
; a General of the mover's anywhere; a Pawn of the mover's other than this one
; (its square has the position flag {THIS_PAWN}).
(define own-general {_anywhere(lambda sq: f"(and {_own('General', sq)})")})
(define other-pawn
  {_anywhere(lambda sq: f"(and {_own('Pawn', sq)} (not (position-flag? {THIS_PAWN} {sq})))")})
; The General made here would attack an enemy piece.
(define attacks-enemy (or {" ".join(f"(enemy? {d})" for d in DIAGONALS)}))
(define promote-onto
  (if (on-board? $1) $1 (if (and empty? (not (attacks-enemy))) (add General)) back))
; A Pawn on the long diagonals in the opponent's half, or its side's last Pawn,
; becomes a General where it stands or a diagonal step away, if its side has none.
(define promote
  ((set-position-flag {THIS_PAWN} true)
   (verify (or (in-zone? {PROMOTION_DIAGONAL}) (not (other-pawn))))
   (verify (not (own-general)))
   mark (if (not (attacks-enemy)) (add General))
   {" ".join(f"(promote-onto {d})" for d in DIAGONALS)})
)
"""


def _blocks(kind: str) -> Callable[[Variant, str], list[str]]:
    """A piece's blocks: its moves typed ``moving`` (a Pawn's with its promotion),
    then its drop typed ``dropping`` (the move-type forms type the blocks after them)."""

    def blocks(variant: Variant, arrive: str) -> list[str]:
        ptype = variant.types[kind]
        moves = [b for _, b in piece_blocks(ptype, PieceRules(), None)]
        if kind == PAWN:
            moves.append("(promote)")
        where = FIRST_RANK if kind == ROOK else CAMP
        drop = f"(drop {atom(ptype.name)} (and empty? (in-zone? {where})))"
        return [f"(move-type {MOVING})", *moves, f"(move-type {DROPPING})", drop]

    return blocks


def zones(variant: Variant) -> dict[str, dict[Player, frozenset[int]]]:
    """Each side's camp and first rank (SY-2), its promotion diagonals (SY-4): the
    native game's own squares."""
    assert isinstance(variant, Sittuyin)
    return {
        CAMP: dict(variant.camp),
        FIRST_RANK: {c: frozenset(squares) for c, squares in variant.rook_rank.items()},
        PROMOTION_DIAGONAL: dict(variant.promotion_squares),
    }


def _held(pos: Position) -> list[tuple[Player, Piece]]:
    """Every held piece, one entry each: White's first, each side's in the game's
    order of kinds, so that pieces of a kind stand together down the column."""
    variant = pos.variant
    order = variant.kind_order
    return [
        (color, variant.piece(kind, color))
        for color in (WHITE, BLACK)
        for kind, count in sorted(pos.hand(color).items(), key=lambda kc: order.find(kc[0]))
        for _ in range(count)
    ]


def setup(variant: Variant, pos: Position) -> list[str]:
    """The pieces on the board, and the held ones down the hand's column."""
    return hand_setup(variant, pos, lambda p: atom(variant.types[p.kind].name), _held(pos))


def board_lines(variant: Variant, pos: Position) -> list[str]:
    """The hand's column, a square per held piece (one at least: the drops name its
    zone), and the drops' walk: from each held piece's square into its side's camp,
    then through the camp.  Each side's walk stays in its own camp, so the engine's
    reach analysis sees that no drop lands near the enemy King, and a check test
    asks nothing of the held pieces."""
    geo = variant.geometry
    camps = zones(variant)[CAMP]
    walks = {c: [geo.name(sq) for sq in sorted(camps[c])] for c in (WHITE, BLACK)}
    links = [
        (f"{HAND_FILE}{n}", walks[color][0]) for n, (color, _) in enumerate(_held(pos), start=1)
    ]
    links += [pair for c in (WHITE, BLACK) for pair in pairwise(walks[c])]
    text = " ".join(f"({a} {b})" for a, b in links)
    return [*hand_lines(variant, max(1, len(_held(pos)))), f"    (links {CAMP_NEXT} {text})"]


def left_out(variant: Variant, pos: Position) -> list[str]:
    """What the file cannot say from ``pos``: both cases need a piece in hand."""
    held = _held(pos)
    if not held or pos.fen() == variant.start_position().fen():
        return []
    lost = [NO_DROP_SQUARE]
    kings_only = all(p.royal for _, p in pos.pieces()) and all(p.royal for _, p in held)
    if kings_only:
        lost.append(HELD_KING)
    return lost


def _bare_kings() -> str:
    """SY-6's draw besides stalemate: no piece but the Kings anywhere."""
    others = " ".join(atom(t.name) for t in Sittuyin().piece_types() if not t.royal)
    return f"(draw-condition (White Black) (total-piece-count 0 {others}))"


#: the game's own goal, written before checkmate and stalemate
GOALS = (_bare_kings(),)


PIECES: dict[str, Callable[[Variant, str], list[str]]] = {
    kind: _blocks(kind) for kind in ("K", "S", GENERAL, ROOK, "N", PAWN)
}

__all__ = [
    "DROPPING",
    "GOALS",
    "MACROS",
    "PIECES",
    "board_lines",
    "left_out",
    "setup",
    "zones",
]
