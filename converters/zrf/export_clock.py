"""The 75-move rule, written as a clock of pieces beside the board.

Zillions counts no moves, so the file counts them itself, as the halfmove clock
does: in binary, one square per bit (``t1``, ``t2``, ``t4`` … ``t128``, a column
of a grid of its own beside the board, as the corpus's shogi files keep their
hands), a bit set where a piece of that bit's kind stands (``Clock-1`` …
``Clock-128``).  The pieces belong to a player with no turn, ``Clock`` (as the
river of the exported Catapults of Troy), so no move of either side sees them.

Every move block runs one of three macros just before its ``add`` (a block's
tests read the board as it was before the move, so the clock read is the old
one):

* ``clock-zero`` clears every bit: a pawn's move, and a capture;
* ``clock-up`` adds one: the lowest bit that is clear is set, those below it
  cleared (the carry, ``if`` inside ``if``);
* ``clock-tick`` is ``clock-zero`` where the move lands on a piece, else
  ``clock-up``.

The draw is the clock's reaching 150: the four bits of 150 (2, 4, 16 and 128)
all set, ``(total-piece-count 4 Clock-2 Clock-4 Clock-16 Clock-128)``.  The
clock goes up by one, so it is set first at exactly 150.  The goal comes after
checkmate in the file, and a goal of the player to move is read before the
other's (variants/zrf/game.py), so a mate on the 150th ply wins, as FIDE rules.
A ``--fen`` position's halfmove clock is the setup's bits (150 at the most:
the position is drawn already).
"""

from __future__ import annotations

from trebuchet.converters.zrf.export_board import column_beside
from trebuchet.variants.variant import Variant

#: the player who owns the clock's pieces and never moves
CLOCK = "Clock"
#: the column of the clock's squares
FILE = "t"
#: the plies without a capture or a pawn's move that draw (FIDE 9.6.2)
LIMIT = 150
#: the bits of the clock, lowest first: enough to count to LIMIT
BITS = tuple(1 << n for n in range(LIMIT.bit_length()))
#: the games whose native ending has FIDE's 75-move rule and whose blocks all end
#: by the writer's arrival (the seed games with their own endings have none)
CLOCKED = frozenset(
    {
        "chess",
        "chess960",
        "mangonel-chess",
        "king-of-the-hill",
        "horde",
        "antichess",
        "giveaway",
        "racing-kings",
        "atomic",
        "three-check",
        "seirawan",
        "seirawan960",
    }
)
#: the rule, where a game's file keeps no clock
SEVENTY_FIVE = "the draw by the 75-move rule"
#: the counted draw no file can keep (here, beside the one it keeps, so that every
#: game's module may name it): Zillions' ``repetition`` goal is the third
#: occurrence of a position, and a rules file keeps no history of its own
FIVEFOLD = (
    "the draw by fivefold repetition (Zillions' repetition goal is the third "
    "occurrence, and a file keeps no record of the positions before)"
)
#: the macros a block ends with: a pawn's move or a capture, and any other move
ZERO, UP, TICK = "(clock-zero)", "(clock-up)", "(clock-tick)"


def clocked(variant: Variant) -> bool:
    """Whether the file of ``variant`` keeps the clock."""
    return variant.name in CLOCKED


def square(bit: int) -> str:
    """The name of a bit's square."""
    return f"{FILE}{bit}"


def kind(bit: int) -> str:
    """The name of a bit's kind of piece."""
    return f"{CLOCK}-{bit}"


def macros() -> str:
    """The ``define`` forms of ``clock-up``, ``clock-zero`` and ``clock-tick``."""
    carry = ""
    for bit in reversed(BITS):
        at = square(bit)
        set_bit = f"(create {CLOCK} {kind(bit)} {at})"
        carry = f"(if (empty? {at}) {set_bit} else (capture {at}){' ' + carry if carry else ''})"
    zero = " ".join(f"(if (not (empty? {square(b)})) (capture {square(b)}))" for b in BITS)
    return "\n".join(
        [
            "; The halfmove clock, in binary on the squares t1 ... t128 (docs/zrf.md):",
            "; clock-up adds one, clock-zero clears it, clock-tick clears it after a",
            "; capture and else adds one.",
            f"(define clock-up {carry})",
            f"(define clock-zero {zero})",
            "(define clock-tick (if empty? (clock-up) else (clock-zero)))",
            "",
        ]
    )


def arrival_tick(variant: Variant, letter: str) -> str:
    """The macro a move of the kind ``letter`` runs before its ``add``: none where
    the game has no clock."""
    if not clocked(variant):
        return ""
    return ZERO if letter in variant.pawn_kinds else TICK


def board_lines(variant: Variant) -> list[str]:
    """The clock's column, a grid beside the board, one column off it: the column
    next to the board is a game's own (Mangonel Chess's waiting rights)."""
    return column_beside(variant, FILE, [str(bit) for bit in BITS], offset=2)


def pieces() -> list[str]:
    """A piece form per bit: no moves, the Clock's."""
    out = []
    for bit in BITS:
        out += [
            "  (piece",
            f"    (name {kind(bit)})",
            f'    (help "Clock-{bit}: the halfmove clock counts {bit} on this square.")',
            f'    (image {CLOCK} "images\\trebuchet\\clock{bit}.bmp")',
            "  )",
        ]
    return out


def setup(halfmove: int) -> str:
    """The clock's setup entry for a position's halfmove clock ('' for 0)."""
    count = min(halfmove, LIMIT)
    bits = [f"({kind(b)} {square(b)})" for b in BITS if count & b]
    return f"({CLOCK} {' '.join(bits)})" if bits else ""


def goal(players: tuple[str, ...]) -> str:
    """The draw once the clock reaches LIMIT."""
    bits = [kind(b) for b in BITS if LIMIT & b]
    counted = f"(total-piece-count {len(bits)} {' '.join(bits)})"
    return f"(draw-condition ({' '.join(players)}) {counted})"


__all__ = [
    "CLOCK",
    "FIVEFOLD",
    "SEVENTY_FIVE",
    "TICK",
    "UP",
    "ZERO",
    "arrival_tick",
    "board_lines",
    "clocked",
    "goal",
    "macros",
    "pieces",
    "setup",
]
