"""Mangonel Chess (M. Winther, 2006): FIDE chess on 10 × 8 with two Mangonels a side.

The Mangonel steps like a king but never captures by its step; the step slings
the nearest piece behind it over itself (rulings MC-2, MC-3).  Everything else is
FIDE chess (MC-1), except that castling rights survive a King or Rook being
slung away and back (MC-4), in FEN too (MC-6), pawns may promote to a Mangonel
(MC-5), and a slung pawn resets the 50-move clock (MC-7).  The option
``kwaggas`` replaces the Knights by Kwaggas (MC-8).

A sling is one move of the Mangonel, written ``f1g2`` like its step: the sling is
a consequence, never a choice, so no suffix is needed.  Its action list is the
Mangonel's step, then (for a capture) the victim's removal, then the slung
piece's flight, then (for a pawn reaching its last rank) its change into a Queen.
Because the slung piece's capture is a REMOVE, the rules core sees a sling onto a
king as a check without further help.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import ClassVar

from mypy_extensions import mypyc_attr

from trebuchet.variants.chess import Chess, insufficient_material
from trebuchet.variants.fen import castling_letters
from trebuchet.variants.geometry import QUEEN_LINES, Geometry, Vector
from trebuchet.variants.move import Action, Change, Move, Relocate, Remove, quiet
from trebuchet.variants.pieces import BLACK, WALL, WHITE, BetzaPiece, Piece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Promotion


class MangonelMove(StrEnum):
    """Mangonel Chess's special move (docs/rules/mangonel-chess.md, MC-2)."""

    SLING = "sling"
    """A Mangonel step that slings a piece (a step that slings nothing is simple)."""


SLING = MangonelMove.SLING


class Mangonel(PieceType):
    """MC-2: a non-capturing king step that slings the nearest piece behind it.

    The kind needs its variant (for the ``sling-must-land`` option and for the
    Queen a slung pawn becomes), so it is built by :meth:`MangonelChess.piece_types`.
    """

    simple = False

    def __init__(self, variant: MangonelChess) -> None:
        super().__init__("M", "Mangonel")
        self.variant = variant
        self.must_land = "sling-must-land" in variant.options

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        #: per square, per step: (the square stepped to, the line behind the Mangonel,
        #: the line beyond the square stepped to)
        self.lines = [
            tuple(
                (to, geometry.ray(sq, (-vec[0], -vec[1])), geometry.ray(to, vec))
                for vec in QUEEN_LINES
                if (to := geometry.offset(sq, vec)) is not None
            )
            for sq in range(geometry.size)
        ]

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        assert piece.color is not None
        board = pos.board
        for to, back, ahead in self.lines[sq]:
            if board[to] is not None:
                continue
            move = self._sling(pos, sq, to, back, ahead, piece.color)
            if move is not None:
                out.append(move)

    def step(self, pos: Position, frm: int, to: int, vec: Vector, mover: Player) -> Move | None:
        """The Mangonel's step ``frm``→``to`` with its compulsory sling (MC-2);
        None when the slung piece cannot land and ``sling-must-land`` is on."""
        geo = self.geometry
        assert geo is not None
        back = geo.ray(frm, (-vec[0], -vec[1]))
        return self._sling(pos, frm, to, back, geo.ray(to, vec), mover)

    def _sling(
        self,
        pos: Position,
        frm: int,
        to: int,
        back: tuple[int, ...],
        ahead: tuple[int, ...],
        mover: Player,
    ) -> Move | None:
        """:meth:`step` along its lines: ``back`` behind the Mangonel, ``ahead`` beyond
        the square it steps to."""
        plain = quiet(frm, to)
        geo = self.geometry
        assert geo is not None
        board = pos.board
        behind = -1
        for s in back:
            if board[s] is not None:
                behind = s
                break
        if behind < 0 or board[behind] is WALL:
            return plain
        slung = board[behind]
        assert slung is not None
        landing = self.landing(pos, ahead, slung, mover)
        if landing is None:
            # MC-2: with nowhere to land the piece stays, unless the option forbids the step.
            return None if self.must_land else plain
        actions: list[Action] = [Relocate(frm, to)]
        if board[landing] is not None:
            actions.append(Remove(landing))
        actions.append(Relocate(behind, landing))
        if slung.kind == "P" and self._pawn_rank(slung, landing) == geo.ranks - 1:
            # MC-3: a pawn slung to its last rank becomes a Queen, no other choice.
            assert slung.color is not None
            actions.append(Change(landing, self.variant.piece("Q", slung.color)))
        return Move(frm, to, tuple(actions), tag=SLING)

    def landing(
        self, pos: Position, line: Sequence[int], slung: Piece, mover: Player
    ) -> int | None:
        """Where ``slung`` lands flying along ``line``: the first piece it meets if
        that is an enemy of ``mover`` (MC-2), else the farthest empty square before
        the first piece or the edge; None if there is no such square.

        MC-3: a slung pawn treats its own first rank as off the board.
        """
        last_empty: int | None = None
        for s in line:
            if slung.kind == "P" and self._pawn_rank(slung, s) == 0:
                break
            x = pos.board[s]
            if x is None:
                last_empty = s
                continue
            if x is not WALL and x.color != mover:
                return s
            break
        return last_empty

    def _pawn_rank(self, pawn: Piece, sq: int) -> int:
        """The rank of ``sq`` counted from ``pawn``'s own side (0 = its first rank)."""
        geo = self.geometry
        assert geo is not None
        rank = geo.rank_of(sq)
        return rank if pawn.color == WHITE else geo.ranks - 1 - rank


KWAGGAS = "kwaggas"
"""MC-8's option: Kwaggas take the Knights' place."""

KWAGGA = "W"
#: MC-8: the Kwagga of Winther's Bodyguard Chess, a (3,1) leap that moves or
#: captures and may repeat onward over empty landing squares, moving only.
KWAGGA_BETZA = "CmCC"

AWAY = -1
"""Where :meth:`MangonelChess._holder` places a Rook that a right read from FEN
still waits for (MC-6)."""


def with_kwaggas(fen: str) -> str:
    """``fen`` with every Knight on its board made a Kwagga (MC-8)."""
    board, _, rest = fen.partition(" ")
    return f"{board.replace('N', KWAGGA).replace('n', KWAGGA.lower())} {rest}"


@mypyc_attr(allow_interpreted_subclasses=True)
class MangonelChess(Chess):
    """Mangonel Chess: MC-1 … MC-8 on top of the FIDE rules of :class:`Chess`."""

    special_moves: ClassVar[bool] = True
    own_attacks: ClassVar[bool] = True
    varies_fast_path: ClassVar[bool] = True

    name = "mangonel-chess"
    title = "Mangonel Chess (M. Winther, 2006)"
    files = 10
    ranks = 8
    # MC-1: the 10 × 8 array of Winther's sister games, Mangonels on b and i.
    start_fen = "rmnbqkbnmr/pppppppppp/10/10/10/10/PPPPPPPPPP/RMNBQKBNMR w KQkq - 0 1"
    option_help: ClassVar[dict[str, str]] = {
        "sling-must-land": "MC-2: a Mangonel step whose slung piece cannot land is illegal "
        "(default: the piece stays and the step is legal)",
        KWAGGAS: "MC-8: every Knight, in the setup and among the promotion choices, is a "
        "Kwagga (W, Betza CmCC)",
    }
    # MC-5: FIDE promotion plus the Mangonel.
    promotion: Promotion | None = Promotion(
        kinds=frozenset({"P"}),
        choices=("Q", "R", "B", "N", "M"),
        ranks=(7,),
        mandatory_ranks=(7,),
    )
    simple_rules: ClassVar[bool] = False
    board_legality: ClassVar[bool] = True

    def __init__(self, options: Iterable[str] = ()) -> None:
        self.adopt_class_settings()
        options = frozenset(options)
        if KWAGGAS in options:
            # MC-8: the core builds its tables from the start and the promotion
            # choices, so the option changes them before it runs.
            self.start_fen = with_kwaggas(self.start_fen)
            assert self.promotion is not None
            choices = tuple(KWAGGA if k == "N" else k for k in self.promotion.choices)
            self.promotion = replace(self.promotion, choices=choices)
        super().__init__(options)
        #: per square, the eight lines outward from it (where a sling onto it comes from)
        self._back_lines = [
            tuple(r for v in QUEEN_LINES if (r := self.geometry.ray(t, (-v[0], -v[1]))))
            for t in range(self.geometry.size)
        ]
        # MC-6: K and Q name the Rooks that start on the king's and queen's side.
        start = castling_letters(self.start_position())
        self.castling_homes = {letter: home for home, letter in start.items()}

    def piece_types(self) -> list[PieceType]:
        """FIDE's pieces (MC-1), the Knight a Kwagga under ``kwaggas`` (MC-8), and
        the Mangonel (MC-2)."""
        fide = super().piece_types()
        if KWAGGAS in self.options:
            kwagga = BetzaPiece(KWAGGA, "Kwagga", KWAGGA_BETZA)
            fide = [kwagga if t.letter == "N" else t for t in fide]
        return [*fide, Mangonel(self)]

    # -- legality and check -------------------------------------------------------------
    def fast_legality_applies(self, pos: Position) -> bool:
        """With no Mangonel on the board the game is FIDE chess, and the core's fast
        path (pins read off rays) is exact, so use it."""
        return not any(p is not None and p.kind == "M" for p in pos.board)

    def removes(self, pos: Position, target: int, by: Player, kinds: frozenset[str]) -> bool:
        """Whether a sling of ``by`` would take the piece on ``target``.

        The same answer as generating every Mangonel move (the base class does),
        read backwards from the target instead, because legality asks it for
        every candidate move: along each line, the nearest piece must be a ``by``
        Mangonel with an empty square to step to in front of it, and behind it a
        piece to sling (MC-2) that is not a pawn kept off its first rank (MC-3).
        """
        board = pos.board
        victim = board[target]
        if victim is None or victim is WALL or victim.color == by or "M" not in kinds:
            return False
        for back in self._back_lines[target]:
            near = 0
            for s in back:
                if board[s] is not None:
                    break
                near += 1
            else:
                continue
            if near == 0:
                continue
            engine = board[back[near]]
            if engine is WALL or engine is None or engine.kind != "M" or engine.color != by:
                continue
            slung = next((board[s] for s in back[near + 1 :] if board[s] is not None), None)
            if slung is None or slung is WALL:
                continue
            if slung.kind == "P" and self._pawn_first_rank(slung, target):
                continue
            return True
        return False

    def special_zone(self, pos: Position, target: int, by: Player) -> frozenset[int] | None:
        """The squares that decide :meth:`removes` for ``target``: for each ``by``
        Mangonel on a line through it, the Mangonel's square, the squares between
        (where it steps and the slung piece flies) and the line behind it (where
        the piece it slings stands)."""
        board = pos.board
        found: list[int] = []
        for back in self._back_lines[target]:
            for s in back:
                x = board[s]
                if x is not None and x.kind == "M" and x.color == by:
                    found.extend(back)
                    break
        if self._slingable_engine(pos, by):
            # the other side's sling may bring one of by's Mangonels onto any line
            found.extend(s for back in self._back_lines[target] for s in back)
        return frozenset(found)

    def _slingable_engine(self, pos: Position, by: Player) -> bool:
        """Whether one of ``by``'s Mangonels stands nearest behind a Mangonel of the
        other side that can step on along that line, so that the step could sling it
        onto a line through ``by``'s target that held no ``by`` Mangonel (MC-2)."""
        board = pos.board
        for sq, piece in pos.pieces(by):
            if piece.kind != "M":
                continue
            for line in self._back_lines[sq]:
                at = next((i for i, s in enumerate(line) if board[s] is not None), None)
                if at is None or at + 1 >= len(line) or board[line[at + 1]] is not None:
                    continue  # no Mangonel there, or none that can step on along the line
                near = board[line[at]]
                if near is not WALL and near is not None and near.kind == "M" and near.color != by:
                    return True
        return False

    def _pawn_first_rank(self, pawn: Piece, sq: int) -> bool:
        rank = self.geometry.rank_of(sq)
        return rank == (0 if pawn.color == WHITE else self.ranks - 1)

    # -- castling (MC-4, MC-6) ----------------------------------------------------
    def add_special_moves(self, pos: Position, color: Player, out: list[Move]) -> None:
        """Castling, with two Mangonel twists.

        MC-4: a right belongs to the Rook that held it, wherever slings took it; a
        different Rook standing on the home square cannot use it.  And a square
        the King crosses is "attacked" if a sling would hit the King standing
        there, which a test of the empty square cannot see.
        """
        if not pos.castling:
            return
        rights = pos.castling
        usable = [h for h in rights if self._right_color(h) == color and self._open(pos, h)]
        if not usable:
            return
        moves = pos.move_stack
        usable = [h for h in usable if self._holder(pos, h, moves, len(moves)) == h]
        pos.castling = frozenset(usable)
        castles: list[Move] = []
        try:
            self.add_castling(pos, color, castles)
        finally:
            pos.castling = rights
        for move in castles:
            if color != pos.turn or self._crossing_safe(pos, move):
                out.append(move)

    def _open(self, pos: Position, home: int) -> bool:
        """Whether Rook and King stand at home (:meth:`_both_home`) with nothing
        between them: else no castling with this right can be open, whoever holds it."""
        if not self._both_home(pos, home):
            return False
        king = pos.royals[self._right_color(home)][0]
        path = self._castling_paths.get((king, home))
        return path is not None and all(pos.board[s] is None for s in path[0])

    def _crossing_safe(self, pos: Position, castle: Move) -> bool:
        """The King, standing on the square it crosses, would not be attacked."""
        assert castle.frm is not None
        cross = castle.frm + (1 if castle.to > castle.frm else -1)
        return self.is_safe(pos, quiet(castle.frm, cross))

    def castling_after(self, pos: Position, move: Move) -> frozenset[int]:
        """MC-4: a right goes when its King or its Rook moves by its own move, or
        when its Rook is captured; being slung (away and back) keeps it.  MC-6: a
        right still waiting for its Rook goes when no Rook of its colour is left."""
        mover = self.opponents(pos.turn)[0]
        own = pos.board[move.to]
        rights = pos.castling
        king_moved = own is not None and own.royal and own.color == mover
        if king_moved:
            rights = frozenset(h for h in rights if self._right_color(h) != mover)
        rook_moved = own is not None and own.kind in self.castling_rook_kinds
        captured = move.is_capture()
        if not rights or (not rook_moved and not captured):
            return rights
        # A King's capture must still take away the right of the Rook it captured.
        moves = pos.move_stack
        kept = set()
        for home in rights:
            color = self._right_color(home)
            if not (rook_moved if color == mover else captured):
                kept.add(home)  # only the mover's Rooks move, only the other side's are taken
                continue
            before = self._holder(pos, home, moves, len(moves) - 1)
            if before == AWAY:
                if any(self._is_rook(p, color) for _, p in pos.pieces(color)):
                    kept.add(home)
            elif before is not None and before != move.frm and _follow(before, (move,)) is not None:
                kept.add(home)
        return frozenset(kept)

    def _holder(self, pos: Position, home: int, moves: Sequence[Move], upto: int) -> int | None:
        """Where the Rook holding the right of ``home`` stood after the first ``upto``
        of ``moves`` (the position's stack): a square, None once it was captured,
        or :data:`AWAY` while the right waits for its Rook.

        MC-4: the Rook that stood on the home square when the position was read
        holds the right, and is followed through the moves made since.  MC-6: a
        FEN cannot say where a Rook that is away went, so a right read while its
        home square holds no Rook of its colour waits for it: the first Rook of
        that colour that a sling puts on the home square is taken to be it, and is
        followed from then on.  (A Rook arriving by its own move cannot be it: its
        own move would have cost the right.)
        """
        color = self._right_color(home)
        changes = pos.changes(home)
        if not changes or changes[0][0] >= upto:  # untouched since the position was read
            read = changes[0][1] if changes else pos.board[home]
            return home if self._is_rook(read, color) else AWAY
        # stood[k]: what stood on the home square before change k; the last: now
        stood = [old for _, old in changes] + [pos.board[home]]
        if self._is_rook(stood[0], color):
            # nothing left or reached the home square before its first change
            return _follow(home, moves[changes[0][0] : upto])
        for k, (i, _) in enumerate(changes):
            if i >= upto:
                break
            if moves[i].tag == SLING and self._is_rook(stood[k + 1], color):
                return _follow(home, moves[i + 1 : upto])
        return AWAY

    def _both_home(self, pos: Position, home: int) -> bool:
        """Whether a Rook stands on ``home`` and its King on its start square."""
        color = self._right_color(home)
        kings = pos.royals[color]
        return (
            self._is_rook(pos.board[home], color)
            and len(kings) == 1
            and kings[0] in self.royal_start[color]
        )

    def _is_rook(self, piece: Piece | None, color: Player) -> bool:
        return piece is not None and piece.color == color and piece.kind in self.castling_rook_kinds

    def _right_color(self, home: int) -> Player:
        return WHITE if self.geometry.rank_of(home) < self.ranks // 2 else BLACK

    # -- the halfmove clock (MC-7) ------------------------------------------------
    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """As in chess, and a sling that moves a pawn resets the clock too (MC-7: "the
        movement of any pawn").  The core sees only the Mangonel on ``move.to``."""
        super().after_move(pos, move, captured)
        if move.tag == SLING and self._slings_pawn(pos, move):
            pos.halfmove = 0

    def _slings_pawn(self, pos: Position, move: Move) -> bool:
        """Whether ``move`` (a sling, just made) moved a pawn: the slung piece, where
        it landed, is a pawn, or a pawn that became a Queen there (MC-3)."""
        flight = move.actions[-1]
        if isinstance(flight, Change):
            return True  # only a pawn changes in a sling (MC-3)
        assert isinstance(flight, Relocate)
        slung = pos.board[flight.to]
        return slung is not None and slung.kind in self.pawn_kinds

    # -- how games end ------------------------------------------------------------
    def insufficient_material(self, pos: Position, color: Player) -> bool:
        """FIDE's rule, except that a Mangonel is mating material: it can sling its
        own King (or a Bishop of one colour) onto the enemy King, and the enemy's
        Mangonel can make helpmates possible, as a Knight does in FIDE's rule.

        With Kwaggas (MC-8) the only dead case is King and one Kwagga against a
        bare King: the Kwagga guards only its first-leap squares, and no such
        square and King square together cover a King's escapes.  Any other
        material beside a Kwagga on the board is taken to be able to mate.
        """
        if any(p.kind == "M" for _, p in pos.pieces(color)):
            return False
        bishops = any(p.kind == "B" for _, p in pos.pieces(color))
        if bishops and any(p.kind == "M" for _, p in pos.pieces()):
            return False
        if any(p.kind == KWAGGA for _, p in pos.pieces()):
            mine = [p.kind for _, p in pos.pieces(color) if not p.royal]
            theirs = [p for _, p in pos.pieces(self.opponents(color)[0]) if not p.royal]
            return not mine or (mine == [KWAGGA] and not theirs)
        return insufficient_material(pos, color)


def _follow(square: int, moves: Iterable[Move]) -> int | None:
    """Where the piece on ``square`` went through ``moves``; None once removed."""
    at: int | None = square
    for move in moves:
        for act in move.actions:
            if isinstance(act, Relocate) and act.frm == at:
                at = act.to
            elif isinstance(act, Remove) and act.sq == at:
                return None
    return at


__all__ = [
    "KWAGGA",
    "KWAGGAS",
    "SLING",
    "Mangonel",
    "MangonelChess",
    "MangonelMove",
    "insufficient_material",
    "with_kwaggas",
]
