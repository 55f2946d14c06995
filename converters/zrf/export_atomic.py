"""Atomic chess (docs/rules/atomic.md) written as ZRF.

A capture is a block of the capturing piece that runs :data:`EXPLODE` on the
square it lands on before it ends there: every piece but a pawn on the eight
squares around is taken, and the landing square is captured, so the capturer
goes up with its victim (the idiom of the corpus's Bombs.zrf, whose pieces
``capture`` the square they land on).  Zillions' check is then the rule of
atomic chess, given three things the blocks say:

* **No explosion takes its own King.**  A capture next to a friendly King is no
  move (AT-4), and the King has no capture (AT-2).  So when the Kings touch,
  no capture of either is a move and neither is in check (AT-3); nor is a
  square next to the enemy King attacked, which is AT-5's castling.
* **A blast does not capture a King: it turns it into a Ruin.**  A King in the
  blast around the landing square becomes a ``Ruin`` (``change-type``), a piece
  that never moves.  Zillions' check asks whether the opponent could capture the
  King; a piece changed where it stands is not captured, so only a capture on
  the King's own square is check, as AT-3 rules: what a blast could reach is no
  attack.  The player left with no King has lost (AT-6): ``(pieces-remaining 0
  King)``.
* **A player without a King captures nothing.**  Each player has a ``Heart``
  on a square beside the board (``y1`` White's, ``y2`` Black's); the capture
  that blows up a King, on its square or beside it, takes the owner's Heart
  too, and every capture first verifies that the capturer's Heart still stands.
  A move that blows up the enemy King is therefore never refused for leaving
  the mover's King attacked (AT-4: the opponent has no King, so it has no
  reply that takes one).
"""

from __future__ import annotations

from trebuchet.converters.zrf.export_board import column_beside
from trebuchet.converters.zrf.export_draws import FIVEFOLD
from trebuchet.converters.zrf.export_moves import KING_STEPS, direction_name
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: the squares beside the board that hold each player's Heart
HEARTS: dict[Player, str] = {WHITE: "y1", BLACK: "y2"}
HEART, RUIN = "Heart", "Ruin"

_AROUND = [direction_name(v) for v in KING_STEPS]
_WHITE_HEART, _BLACK_HEART = HEARTS[WHITE], HEARTS[BLACK]

MACROS = f"""\
; Atomic chess (AT-1 ... AT-7).  Each player's Heart stands beside the board
; while its King lives; only a player whose Heart stands captures.
(define own-heart? (or (friend? {_WHITE_HEART}) (friend? {_BLACK_HEART})))
(define stop-enemy-heart
  (if (enemy? {_WHITE_HEART}) (capture {_WHITE_HEART}))
  (if (enemy? {_BLACK_HEART}) (capture {_BLACK_HEART}))
)
(define own-king-at? (and (friend? $1) (piece? King $1)))
; One square of the blast: a piece there that is not a pawn is taken; a King
; (the enemy's: a blast next to the mover's own is no move) becomes a Ruin.
(define blast-at
  (if (and (not-empty? $1) (not (piece? Pawn $1)))
      (if (piece? King $1) (change-type {RUIN} $1) (stop-enemy-heart) else (capture $1)))
)
; A capture's end, on the square it lands on: never next to the own King,
; the blast around, and the landing square captured, so the capturer goes too.
(define explode
  (verify (own-heart?))
  (verify (not (or {" ".join(f"(own-king-at? {d})" for d in _AROUND)})))
  (if (piece? King) (stop-enemy-heart))
  {" ".join(f"(blast-at {d})" for d in _AROUND)}
  capture
)
"""
#: what every capture runs on its landing square before it ends
EXPLODE = "(explode)"
#: the goal of a player whose King is gone (AT-6)
GOALS = ("(loss-condition (White Black) (pieces-remaining 0 King))",)


def board_lines(variant: Variant, pos: Position) -> list[str]:
    """The Hearts' two squares, a grid of one column beside the board with no
    direction leading onto it or off it."""
    return column_beside(variant, "y", ["1", "2"])


def more_setup(variant: Variant, pos: Position) -> dict[Player, list[str]]:
    """Each player's Heart, where its King stands (a position after the game's
    end may lack one)."""
    return {
        color: [f"({HEART} {HEARTS[color]})"] if pos.royals[color] else []
        for color in (WHITE, BLACK)
    }


def extra_pieces(variant: Variant, pos: Position) -> list[str]:
    """The Heart and the Ruin: pieces with no moves."""
    out = []
    for name, letter, help_text in (
        (HEART, "Y", "Heart: stands beside the board while its King lives."),
        (RUIN, "X", "Ruin: a King blown up; the game is over."),
    ):
        out += [
            "  (piece",
            f"    (name {name})",
            f'    (help "{help_text}")',
            f'    (notation "{letter}")',
            f'    (image White "images\\trebuchet\\w{letter}.bmp" '
            f'Black "images\\trebuchet\\b{letter}.bmp")',
            "  )",
        ]
    return out


def left_out(variant: Variant, pos: Position) -> list[str]:
    """The draw Zillions cannot count; AT-7's insufficient material and the 75-move
    rule (an explosion is a capture, so it clears the clock) are the writer's goals
    (:mod:`.export_draws`, :mod:`.export_clock`)."""
    return [FIVEFOLD]


__all__ = [
    "EXPLODE",
    "GOALS",
    "HEARTS",
    "MACROS",
    "board_lines",
    "extra_pieces",
    "left_out",
    "more_setup",
]
