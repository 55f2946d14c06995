"""Three-check (variants/three_check.py, TK-1 … TK-4) written as ZRF.

No test of a Zillions block reads the board after its move, so the file cannot
see a check when it is given.  It counts each check **when it is received**
instead: every block of the side to move first looks at its own King on the
board as it stands (a chain of ``if`` forms over the named squares, its own
first rank first and the King's file first in each rank, finds it without
moving the block's cursor) and, where the King is ``attacked?``, the move adds
a ``Check`` piece to that side's counter: three squares beside the board,
``y1`` … ``y3`` White's and ``y4`` … ``y6`` Black's (the zone ``tally`` tells a
block whose are whose).  The pieces belong to the side that received the checks.

The third check ends the game on the ply it is given, as natively: a side that
has received two and is in check again finds its counter's second square taken,
``verify`` fails in every one of its blocks, and with no move while in check it
is ``checkmated``.  Perft and the legal moves elsewhere are unchanged: the count
is one more ``create`` on every move of a position, never a test that refuses
one.  Checkmate and stalemate are chess's, the halfmove clock is the chess
export's (:mod:`.export_clock`); TK-4's insufficient material, both Kings bare,
is a ``total-piece-count`` draw.  Fivefold repetition is left out, as in chess.

A ``--fen`` position counts the checks each side still has to give (``3+3``):
the counter is the checks received, and where the side to move stands in check,
that check is counted by its first move, so its counter is written one less.
A position in check that counts no check received cannot be written so, and is
refused.  A side that has received all three while not on move in check
(a game over before the position) has its third square filled, and
``(pieces-remaining 3 Check)`` makes it lose at once.
"""

from __future__ import annotations

from trebuchet.converters.zrf.export_board import column_beside
from trebuchet.converters.zrf.export_draws import FIVEFOLD
from trebuchet.converters.zrf.export_moves import atom
from trebuchet.converters.zrf.game_export import GameExport
from trebuchet.variants.errors import FenError
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: the counter's piece: one per check its owner has received
CHECK = "Check"
#: the counter's column, beside the board (the column after it is the clock's)
FILE = "y"
#: the checks that win (TK-1), so the squares of each side's counter
LIMIT = 3
#: each side's counter squares, first check first
TALLY: dict[Player, tuple[str, ...]] = {
    WHITE: tuple(f"{FILE}{n}" for n in range(1, LIMIT + 1)),
    BLACK: tuple(f"{FILE}{n}" for n in range(LIMIT + 1, 2 * LIMIT + 1)),
}
#: the zone holding the mover's counter squares
ZONE = "tally"
#: what every move block of the file runs first
COUNT = "(count-check)"


def _search(variant: Variant, color: Player) -> str:
    """The chain that finds ``color``'s King and counts the check where it is
    attacked: its own first rank first, in each rank the King's starting file
    first and the files nearest it next, so that a King near home is found in a
    few tests."""
    geo = variant.geometry
    ranks = range(geo.ranks) if color == WHITE else range(geo.ranks - 1, -1, -1)
    home = geo.file_of(next(iter(variant.start_position().royals[color])))
    files = sorted(range(geo.files), key=lambda f: (abs(f - home), f))
    squares = [geo.name(geo.squares_of_rank(r)[f]) for r in ranks for f in files]
    first, second = TALLY[color][:2]
    chain = ""
    for sq in reversed(squares):
        found = f"(if (attacked? {sq}) (received {first} {second}))"
        chain = f"(if (own-king? {sq}) {found}{' else ' + chain if chain else ''})"
    return chain


def macros(variant: Variant) -> str:
    """``count-check`` and what it calls."""
    king = atom(variant.types["K"].name)
    return "\n".join(
        [
            "; Three-check: a check is counted by the side that received it, with its",
            "; next move (docs/zrf.md).  Every block of the side to move begins with",
            "; count-check: where its King stands attacked, the move fills the next",
            "; square of its counter; with two filled, none is left, and the block fails.",
            f"(define own-king? (and (friend? $1) (piece? {king} $1)))",
            f"(define received (if (empty? $1) (create {CHECK} $1) else"
            f" (verify (empty? $2)) (create {CHECK} $2)))",
            f"(define white-count {_search(variant, WHITE)})",
            f"(define black-count {_search(variant, BLACK)})",
            f"(define count-check (if (in-zone? {ZONE} {TALLY[WHITE][0]}) (white-count)"
            " else (black-count)))",
            "",
        ]
    )


def board_lines(variant: Variant, pos: Position) -> list[str]:
    """The counters' column, next to the board, and the zone of each side's squares."""
    return [
        *column_beside(variant, FILE, [str(n) for n in range(1, 2 * LIMIT + 1)]),
        *(
            f"    (zone (name {ZONE}) (players {player}) (positions {' '.join(TALLY[color])}))"
            for color, player in ((WHITE, "White"), (BLACK, "Black"))
        ),
    ]


def received(variant: Variant, pos: Position) -> dict[Player, int]:
    """The checks each side's counter holds when ``pos`` is written: those the FEN
    says it received, less the one the side to move is in (its first move counts
    it).  A position in check with no check received is refused."""
    given = pos.checks_left
    counts = {WHITE: LIMIT - given[BLACK], BLACK: LIMIT - given[WHITE]}
    if variant.in_check(pos):
        if counts[pos.turn] <= 0:
            raise FenError(
                "three-check: the side to move is in check, but the FEN counts no check "
                "given to it (a file counts that check when the side moves)"
            )
        counts[pos.turn] -= 1
    return {color: max(0, min(n, LIMIT)) for color, n in counts.items()}


def more_setup(variant: Variant, pos: Position) -> dict[Player, list[str]]:
    """Each side's counter, filled as far as :func:`received` says."""
    counts = received(variant, pos)
    return {
        color: [f"({CHECK} {' '.join(TALLY[color][:n])})"] if n else []
        for color, n in counts.items()
    }


def extra_pieces(variant: Variant, pos: Position) -> list[str]:
    """The counter's piece: it never moves."""
    return [
        "  (piece",
        f"    (name {CHECK})",
        '    (help "Check: one check its owner has received; the third loses.")',
        '    (notation "+")',
        '    (image White "images\\trebuchet\\wcheck.bmp" Black "images\\trebuchet\\bcheck.bmp")',
        "  )",
    ]


def goals(variant: Variant) -> tuple[str, ...]:
    """TK-1 for a position written with three checks received (a game already over),
    and TK-4: both Kings bare draw."""
    others = " ".join(atom(t.name) for t in variant.types.values() if not t.royal)
    return (
        f"(loss-condition (White Black) (pieces-remaining {LIMIT} {CHECK}))",
        f"(draw-condition (White Black) (total-piece-count 0 {others}))",
    )


def left_out(variant: Variant, pos: Position) -> list[str]:
    """Zillions' repetition goal is the third occurrence: fivefold is left out."""
    return [FIVEFOLD]


def three_check_export(variant: Variant) -> GameExport:
    """The parts of ``variant``'s file (the board's size and the kinds' names are
    its own)."""
    return GameExport(
        macros=macros(variant),
        goals=goals(variant),
        block_start=COUNT,
        board_lines=board_lines,
        more_setup=more_setup,
        extra_pieces=extra_pieces,
        left_out=left_out,
    )


__all__ = ["CHECK", "TALLY", "received", "three_check_export"]
