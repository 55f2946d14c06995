"""Racing Kings (docs/rules/racing-kings.md) written as ZRF.

Zillions refuses a move only when it leaves the mover's own royal piece
capturable; RK-2 also refuses a move that attacks the opponent's King.  The file
turns the second into the first.  Each King has one more block, the *reply to a
check*: *probes* walk from its square along every line and leap an enemy piece
could take it by (generated from the pieces' Betza moves, as Duggan's Fantasy
Chess's probes are: :mod:`.export_duggans_fantasy_chess`), and where one finds
an attacker the King walks the board to the enemy King and lands on it.  So after
a move that gives check the opponent has a reply that takes the mover's King, and
the check test refuses the move.  In a game played by the rules no King is ever
attacked on its own turn, so the reply is never a move itself.

The race (RK-3, RK-4) is three goals and two markers beside the board.  White's
King on the last rank wins unless Black still has its one move: a
``Last-Chance`` of White's on ``y1`` says so.  White's King creates it when it
steps onto the last rank and Black's King has a square of that rank next to it
that holds no Black piece and that White does not attack, as the board stands
after the move (probes again, from each square of the rank, the King's old
square empty and its new one holding it).  Every move of Black's takes the
marker away; Black's King landing on the last rank while it stands makes both
Kings arrived, a ``Tie`` of each player's (``y2``, ``y3``: a goal sees only its
own player's pieces).  A Tie draws, Black's King there without one wins, and
White's there without a Tie or a marker wins.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from trebuchet.converters.zrf.export_board import column_beside
from trebuchet.converters.zrf.export_clock import SEVENTY_FIVE, clocked
from trebuchet.converters.zrf.export_draws import FIVEFOLD
from trebuchet.converters.zrf.export_duggans_fantasy_chess import (
    BOARD_NEXT,
    FOUND,
    Test,
    board_walk,
    probe,
    render,
)
from trebuchet.converters.zrf.export_moves import KING_STEPS, atom, direction_name, expressed
from trebuchet.converters.zrf.game_export import GameExport, Zones
from trebuchet.variants.betza import LEAP
from trebuchet.variants.geometry import Vector
from trebuchet.variants.pieces import BLACK, WHITE, Player
from trebuchet.variants.position import Position
from trebuchet.variants.racing_kings import RacingKings
from trebuchet.variants.variant import Variant

#: the marker of Black's last move (RK-4) and the square beside the board it stands on
CHANCE, CHANCE_SQUARE = "Last-Chance", "y1"
#: the marker of both Kings on the last rank (RK-3's draw), one for each player (a
#: goal sees its own player's pieces) on its square beside the board
TIE = "Tie"
TIE_SQUARES: dict[Player, str] = {WHITE: "y2", BLACK: "y3"}
#: the last rank, for both players (the goals), and for each alone (its King's move)
LAST_RANK, WHITE_ARRIVES, BLACK_ARRIVES = "last-rank", "white-arrives", "black-arrives"
#: the block flag set where a square of the last rank is free for Black's King
FREE = "free"
#: the position flag on the square White's King lands on, while its block looks
ARRIVED = "arrived"


def _royal(variant: Variant) -> str:
    """The royal kind's atom (the King)."""
    (king,) = (atom(t.name) for t in variant.types.values() if t.royal)
    return king


def _attackers(variant: Variant) -> dict[tuple[Vector, bool], list[str]]:
    """(vector, whether it rides) -> the kinds that capture along it, as written for
    White.  Only leaps and rides of any length are probed (the pieces of this game);
    any other capture would be refused here, not guessed."""
    found: dict[tuple[Vector, bool], list[str]] = defaultdict(list)
    for ptype in variant.types.values():
        for comp in expressed(ptype):
            if not comp.capture:
                continue
            if comp.style != LEAP or comp.range not in (0, 1):
                raise ValueError(f"{ptype.name}: no probe for a capture of {ptype.betza}")
            for v in comp.vectors:
                found[v, comp.range == 0].append(atom(ptype.name))
    return found


def _at(predicate: str, d: str) -> str:
    """A test of the square one step along ``d``, or of this square (``d`` empty):
    ``empty?`` bare, ``(position-flag? arrived)`` in parentheses."""
    if d:
        return f"({predicate} {d})"
    return f"({predicate})" if " " in predicate else predicate


def _kinds_at(kinds: list[str], d: str) -> str:
    tests = [f"(piece? {k} {d})" if d else f"(piece? {k})" for k in kinds]
    return tests[0] if len(tests) == 1 else f"(or {' '.join(tests)})"


def _probes(
    variant: Variant, empty: Test, attacker: Callable[[list[str]], Test], *, enemy: bool
) -> str:
    """A probe per line and leap a piece could take the square here by, ``attacker``
    saying what stands where it starts.  An enemy's move (the symmetry turns it half
    a turn) comes here from the square ahead along its written vector, a friend's
    from the square behind.  A line's tests are made on the squares it reaches
    (``marked?``, the moving piece's own square, is asked so); a leap tests the
    square it lands on from here."""
    reach = max(variant.geometry.files, variant.geometry.ranks) - 1
    out = []
    for (v, rides), kinds in _attackers(variant).items():
        d = direction_name(v if enemy else (-v[0], -v[1]))
        last = attacker(kinds)
        for distance in range(1, reach + 1 if rides else 2):
            out.append(probe([(d, empty)] * (distance - 1), (d, last), here=rides))
    return render(out)


def _reply_probes(variant: Variant) -> str:
    """RK-2 on the board as it stands: whether an enemy piece attacks the King here.
    The leaps are one test; each line is walked over its empty squares from a mark
    and back (half the tests of a probe per distance: this runs in every check test)."""
    leaps, lines = [], []
    for (v, rides), kinds in _attackers(variant).items():
        d = direction_name(v)  # an enemy's written vector, turned, ends here
        there = f"(and (enemy? {d}) {_kinds_at(kinds, d)})"
        if rides:
            lines.append(
                f"mark (while (empty? {d}) {d}) (if {there} (set-flag {FOUND} true)) back"
            )
        else:
            leaps.append(there)
    return " ".join([f"(if (or {' '.join(leaps)}) (set-flag {FOUND} true))", *lines])


def _free_probes(variant: Variant) -> str:
    """RK-4 after White's King's move: whether a piece of White's attacks the square
    here.  The King's old square (the mark) is empty then, its new one (flagged
    ARRIVED) holds it: a line stops there, and a King's step from there attacks."""
    king = _royal(variant)

    def empty(d: str) -> str:
        vacant = f"(and {_at('empty?', d)} (not {_at(f'position-flag? {ARRIVED}', d)}))"
        return f"(or {vacant} {_at('marked?', d)})"

    def friend(kinds: list[str]) -> Test:
        others = [k for k in kinds if k != king]

        def test(d: str) -> str:
            found = [_at(f"position-flag? {ARRIVED}", d)] if king in kinds else []
            if others:  # the King's old square holds no piece of these kinds
                found.append(f"(and {_at('friend?', d)} {_kinds_at(others, d)})")
            return found[0] if len(found) == 1 else f"(or {' '.join(found)})"

        return test

    return _probes(variant, empty, friend, enemy=False)


def macros(variant: Variant) -> str:
    """The reply to a check (RK-2), the look from a square of the last rank and the
    marker's making and taking (RK-4)."""
    geo = variant.geometry
    king = _royal(variant)
    # the last rank's first square, where the board walk (board_walk) begins too
    first = geo.name(geo.squares_of_rank(geo.ranks - 1)[0])
    steps = map(direction_name, KING_STEPS)
    beside = " ".join(f"(and (enemy? {d}) (piece? {king} {d}))" for d in steps)
    return f"""\
; RK-2: no move may attack the enemy King.  A King attacked by an enemy piece (the
; probes) may walk the board to the enemy King and take it, so a move that gives
; check leaves its maker's King capturable and is refused.  (go from) is a no-op
; that tells trebuchet's engine the block may reach any square.
(define reply-to-check
  ((go from) (set-flag {FOUND} false) {_reply_probes(variant)}
   (verify (flag? {FOUND})) {first}
   (while (not (and enemy? (piece? {king}))) {BOARD_NEXT}) add)
)
; RK-4: a square of the last rank is free for Black's King when the King stands
; next to it, no Black piece stands on it and no piece of White's attacks it after
; White's King's move (its old square, the mark, is empty; its new one is flagged).
(define free-square
  (if (and (or {beside}) (or (not enemy?) (position-flag? {ARRIVED})))
      (set-flag {FOUND} false) {_free_probes(variant)}
      (if (not-flag? {FOUND}) (set-flag {FREE} true)))
)
; White's King lands on the last rank: where Black's King has a free square there,
; Black has one more move, which the marker {CHANCE} on {CHANCE_SQUARE} says.  The block
; ends on the King's square (to, go to), where the clock reads the landing.
(define last-chance
  to (set-position-flag {ARRIVED} true) (set-flag {FREE} false)
  {first} (free-square) (while (on-board? e) e (free-square))
  (if (flag? {FREE}) (create {CHANCE} {CHANCE_SQUARE}))
  (go to)
)
; Black's King lands on the last rank while White's is there (the marker stands):
; both are, a draw, which a Tie of each player's says.
(define both-arrived
  (if (enemy? {CHANCE_SQUARE})
      (create White {TIE} {TIE_SQUARES[WHITE]}) (create Black {TIE} {TIE_SQUARES[BLACK]}))
)
; Every move of Black's ends White's last-chance marker.
(define chance-over (if (enemy? {CHANCE_SQUARE}) (capture {CHANCE_SQUARE})))
"""


#: what every move runs before it is added
EVERY_MOVE = "(chance-over)"


def king_blocks(variant: Variant, arrive: str) -> list[str]:
    """The King's steps, each onto the last rank (White's) asking for Black's last
    move, and the reply to a check."""
    king = next(t for t in variant.types.values() if t.royal)
    blocks = []
    for comp in expressed(king):
        if comp.style != LEAP or comp.range != 1 or not (comp.move and comp.capture):
            raise ValueError(f"{king.name}: no block for {king.betza}")
        blocks += [
            f"({direction_name(v)} (verify not-friend?) "
            f"(if (in-zone? {WHITE_ARRIVES}) (last-chance)) "
            f"(if (in-zone? {BLACK_ARRIVES}) (both-arrived)) {arrive})"
            for v in comp.vectors
        ]
    return [*blocks, "(reply-to-check)"]


def zones(variant: Variant) -> dict[str, Zones]:
    """The last rank: the same squares for both players (RK-3), and White's alone."""
    rank = frozenset(variant.geometry.squares_of_rank(variant.geometry.ranks - 1))
    return {
        LAST_RANK: {WHITE: rank, BLACK: rank},
        WHITE_ARRIVES: {WHITE: rank},
        BLACK_ARRIVES: {BLACK: rank},
    }


def goals(variant: Variant) -> tuple[str, ...]:
    """RK-3: both Kings on the last rank (the Ties) draw; Black's alone wins; White's
    alone wins once Black has no last move left (no marker).  The three exclude each
    other, so the order a reader takes them in does not matter (trebuchet's reads a
    file's wins before its draws)."""
    king = _royal(variant)
    there = f"(absolute-config {king} ({LAST_RANK}))"
    tie = f"(or {' '.join(f'(absolute-config {TIE} ({sq}))' for sq in TIE_SQUARES.values())})"
    chance = f"(absolute-config {CHANCE} ({CHANCE_SQUARE}))"
    return (
        f"(draw-condition (White Black) {tie})",
        f"(win-condition (Black) (and {there} (not {tie})))",
        f"(win-condition (White) (and {there} (not {tie}) (not {chance})))",
    )


def board_lines(variant: Variant, pos: Position) -> list[str]:
    """The marker's square, a grid of one square beside the board, and the links
    the reply walks the board by."""
    return [*column_beside(variant, "y", ["1", "2", "3"]), *board_walk(variant)]


def more_setup(variant: Variant, pos: Position) -> dict[Player, list[str]]:
    """The markers a position holds: the Ties where both Kings stand on the last
    rank; the last chance where White's King has arrived and Black still has its
    move (the native game goes on)."""
    assert isinstance(variant, RacingKings)
    there = {c for c in (WHITE, BLACK) if any(sq in variant.goal for sq in pos.royals[c])}
    if there == {WHITE, BLACK}:
        return {c: [f"({TIE} {sq})"] for c, sq in TIE_SQUARES.items()}
    if there == {WHITE} and pos.turn == BLACK and not variant.variant_end(pos):
        return {WHITE: [f"({CHANCE} {CHANCE_SQUARE})"]}
    return {}


def extra_pieces(variant: Variant, pos: Position) -> list[str]:
    """The markers: pieces with no moves."""
    out = []
    for name, letter, text in (
        (CHANCE, "C", "Last chance: White`s King is on the last rank and Black moves once more."),
        (TIE, "T", "Tie: both Kings are on the last rank."),
    ):
        out += [
            "  (piece",
            f"    (name {name})",
            f'    (help "{text}")',
            f'    (notation "{letter}")',
            f'    (image White "images\\trebuchet\\w{letter}.bmp" '
            f'Black "images\\trebuchet\\b{letter}.bmp")',
            "  )",
        ]
    return out


#: what the file says wrongly of a position no game reaches (RK-2 forbids it)
CHECKED_SETUP = (
    "a position whose player to move is in check: its King's reply would take "
    "the enemy King"
)


def left_out(variant: Variant, pos: Position) -> list[str]:
    """The counted draws no goal says: fivefold repetition, and the 75-move rule
    where the file keeps no clock; and a setup no game reaches, the player to move
    in check, where the reply to a check would be a move."""
    lost = [FIVEFOLD] if clocked(variant) else [FIVEFOLD, SEVENTY_FIVE]
    return [*lost, CHECKED_SETUP] if variant.in_check(pos) else lost


def racing_kings_export() -> GameExport:
    """The parts of the game's :class:`.export_games.GameExport` (one board, one set
    of pieces: the macros and goals are written once, for the game's own)."""
    variant = RacingKings()
    return GameExport(
        macros=macros(variant),
        pieces={"K": king_blocks},
        zones=zones,
        left_out=left_out,
        goals=goals(variant),
        board_lines=board_lines,
        more_setup=more_setup,
        extra_pieces=extra_pieces,
        legality_written=True,
        every_move=EVERY_MOVE,
        # a King's move onto the last rank that ends the race: the clock need not
        # count it (the race is decided before the 75-move rule, CF-4)
        clock_skip={
            "K": f"(or (in-zone? {BLACK_ARRIVES}) "
            f"(and (in-zone? {WHITE_ARRIVES}) (not-flag? {FREE})))"
        },
    )


__all__ = [
    "CHANCE",
    "CHECKED_SETUP",
    "EVERY_MOVE",
    "board_lines",
    "extra_pieces",
    "goals",
    "king_blocks",
    "left_out",
    "macros",
    "more_setup",
    "racing_kings_export",
    "zones",
]
