"""Catapults of Troy (Gary K. Gifford, 2003): a river that is really there.

Rulings CT-1 … CT-11 of ``rules/DECISIONS.md`` decide every point the rule page
leaves open; comments cite them.

Board model (CT-1): rank 6 is the river.  An unbridged river square holds
:data:`~trebuchet.variants.pieces.WALL` (FEN ``*``), so every slide and step stops there
and nothing lands there; building a bridge is ``(TERRAIN, sq, True)``, removing
one ``(TERRAIN, sq, False)``, preceded by ``(REMOVE, sq)`` when an enemy piece
drowns with it.  Carriers are pieces with cargo: ``C(A)`` a Catapult with its
Archer, ``H(A)`` a Troy Horse still holding its Archer, ``C(HA)`` a Catapult
carrying such a Horse (a Catapult carries one piece, so two cargo letters can
only mean a loaded Horse).  A Catapult carrying the King is royal.

Coordinate notation: ``frm`` + ``to`` + ``a`` when a pawn becomes an Archer, +
a suffix naming the kind of a special move, so that every legal move has one
text:

=============  ===========================================================
``e2e3``       ordinary move or capture; a loaded Catapult moving with its
               rider; an empty Catapult moving, or loading (``b1a1``); a
               piece stepping onto its empty Catapult (``a1b1``); a Ram's
               battering capture, written to the last square of its line
``e10e11a``    a move that turns a pawn into an Archer (CT-4)
``e4e9/l``     launch: the Catapult on e4 throws its rider to e9 (CT-8c)
``e4g4/d``     the Catapult departs to g4 and leaves its rider on e4 (CT-8b)
``e4c6/r``     the rider moves off the Catapult on e4 by its own move (CT-8e)
``d7f7/s``     the Archer on d7 shoots the piece on f7 (CT-5)
``h7h6/b``     the Bridge Builder on h7 builds a bridge on h6 (CT-7)
``h7g6/x``     the Bridge Builder on h7 removes the bridge on g6 (CT-7)
``e7g8/h``     the Troy Horse moves e7-g8 and releases its Archer on e7 (CT-6)
=============  ===========================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from trebuchet.variants.geometry import ORTHOGONAL, QUEEN_LINES
from trebuchet.variants.move import CHANGE, MOVE, PLACE, REMOVE, TERRAIN, Action, Move, with_change
from trebuchet.variants.pieces import WALL, BetzaPiece, Color, Piece, PieceType
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Outcome, Promotion, Variant

RIVER_RANK = 5
"""0-based rank of the river (rank 6 on the page, CT-1)."""

#: coordinate-notation suffix of each special kind of move (see the module docstring)
SUFFIXES: dict[str, str] = {
    "launch": "/l",
    "leave": "/d",
    "ride": "/r",
    "ride-batter": "/r",
    "shot": "/s",
    "build": "/b",
    "unbridge": "/x",
    "release": "/h",
    "ride-release": "/h",
    "board-release": "/h",
}

#: tag of a rider's move, from the tag the rider would give it standing alone
_RIDE_TAGS: dict[str | None, str] = {
    None: "ride",
    "batter": "ride-batter",
    "shot": "shot",
    "release": "ride-release",
}


def _tagged(
    frm: int, to: int, actions: Iterable[Action], tag: str, promotion: str | None = None
) -> Move:
    """A special move, its coordinate suffix taken from its tag."""
    suffix = SUFFIXES.get(tag, "")
    return Move(frm, to, tuple(actions), tag=tag, promotion=promotion, suffix=suffix)


class _TroyPiece(PieceType):
    """A piece kind that knows its variant, to intern the pieces its moves create."""

    def __init__(self, variant: CatapultsOfTroy, letter: str, name: str) -> None:
        super().__init__(letter, name)
        self.variant = variant


class Catapult(_TroyPiece):
    """CT-8: a non-capturing rook that loads, carries, leaves and launches a rider,
    and lets the rider move off with the rider's own moves."""

    simple = False

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        variant = self.variant
        rider = variant.rider(piece)
        geo = variant.geometry
        board = pos.board
        color = piece.color
        assert color is not None
        empty = variant.piece("C", color)
        for vec in ORTHOGONAL:
            for t in geo.ray(sq, vec):
                x = board[t]
                if x is None:
                    if rider is None:
                        out.append(Move(sq, t, ((MOVE, sq, t),)))
                    else:
                        out.append(self._carry(sq, t, piece, rider))
                        leave = ((CHANGE, sq, rider), (PLACE, t, empty))
                        out.append(_tagged(sq, t, leave, "leave"))
                    continue
                if x is not WALL and x.color is color:
                    self._load(sq, t, x, rider, out)
                break
        if rider is not None:
            self._launches(pos, sq, rider, out)
            self._rider_moves(pos, sq, piece, rider, out)

    def _carry(self, sq: int, t: int, piece: Piece, rider: Piece) -> Move:
        """CT-8b: the loaded Catapult moves as one piece; a pawn riding it to its
        last rank becomes an Archer (CT-4, "by any means")."""
        arrived = self.variant.arrive(rider, t)
        if arrived is rider:
            return Move(sq, t, ((MOVE, sq, t),))
        loaded = self.variant.loaded(bool(piece.color), arrived)
        return Move(sq, t, ((MOVE, sq, t), (CHANGE, t, loaded)), promotion="A")

    def _load(self, sq: int, t: int, friend: Piece, rider: Piece | None, out: list[Move]) -> None:
        """CT-8a/b: a rook move ending on a friendly piece loads it; a loaded
        Catapult leaves its rider behind to do so."""
        assert friend.color is not None
        loaded = self.variant.loaded(friend.color, friend)
        if rider is None:
            out.append(_tagged(sq, t, ((REMOVE, sq), (CHANGE, t, loaded)), "load"))
        else:
            out.append(_tagged(sq, t, ((CHANGE, sq, rider), (CHANGE, t, loaded)), "leave"))

    def _launches(self, pos: Position, sq: int, rider: Piece, out: list[Move]) -> None:
        """CT-8c: the rider flies along the rank or file, over anything, to any
        vacant square or vacant bridge; the Catapult stays."""
        variant = self.variant
        assert rider.color is not None
        empty = variant.piece("C", rider.color)
        board = pos.board
        for vec in ORTHOGONAL:
            for t in variant.geometry.ray(sq, vec):
                if board[t] is None:
                    arrived = variant.arrive(rider, t)
                    acts = ((CHANGE, sq, empty), (PLACE, t, arrived))
                    promo = "A" if arrived is not rider else None
                    out.append(_tagged(sq, t, acts, "launch", promotion=promo))

    def _rider_moves(
        self, pos: Position, sq: int, piece: Piece, rider: Piece, out: list[Move]
    ) -> None:
        """CT-8e: the rider moves off with any of its own moves, captures included;
        a Ram battering from the Catapult splinters, the Catapult stays (CT-9)."""
        variant = self.variant
        assert rider.type is not None and rider.color is not None
        raw: list[Move] = []
        pos.board[sq] = rider
        try:
            rider.type.generate(pos, sq, rider, raw)
        finally:
            pos.board[sq] = piece
        empty = variant.piece("C", rider.color)
        for m in raw:
            if m.tag is None and m.to != sq:
                m = variant.promote_if_due(rider, m)
            acts: list[Action] = []
            for act in m.actions:
                if act[0] == MOVE and act[1] == sq:
                    acts += [(CHANGE, sq, empty), (PLACE, act[2], rider)]
                elif act[0] == REMOVE and act[1] == sq:
                    acts.append((CHANGE, sq, empty))
                elif act[0] == PLACE and act[1] == sq:
                    acts.append((CHANGE, sq, variant.loaded(rider.color, act[2])))
                else:
                    acts.append(act)
            tag = _RIDE_TAGS.get(m.tag, m.tag or "ride")
            out.append(_tagged(sq, m.to, acts, tag, promotion=m.promotion))


class Ram(_TroyPiece):
    """CT-9: a non-capturing rook whose capture batters a whole line and splinters it."""

    simple = False

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        for vec in ORTHOGONAL:
            ray = self.variant.geometry.ray(sq, vec)
            for i, t in enumerate(ray):
                x = board[t]
                if x is None:
                    out.append(Move(sq, t, ((MOVE, sq, t),)))
                    continue
                if x is not WALL and x.color is not piece.color:
                    out.append(self._batter(pos, sq, ray[i:]))
                break

    @staticmethod
    def _batter(pos: Position, sq: int, line: tuple[int, ...]) -> Move:
        """Remove every piece from the first enemy to the end of the line (the edge,
        or the last square before an unbridged river square), then the Ram itself."""
        board = pos.board
        last = line[0]
        acts: list[Action] = []
        for t in line:
            x = board[t]
            if x is WALL:
                break
            last = t
            if x is not None:
                acts.append((REMOVE, t))
        acts.append((REMOVE, sq))
        return _tagged(sq, last, acts, "batter")


class Archer(BetzaPiece):
    """CT-5: a queen limited to 2 squares, or a 2-square shot over the river."""

    def __init__(self) -> None:
        super().__init__("A", "Archer", "Q2")
        self.simple = False

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        super().generate(pos, sq, piece, out)
        assert self.geometry is not None
        board = pos.board
        for vec in QUEEN_LINES:
            for t in self.geometry.ray(sq, vec)[:2]:
                x = board[t]
                if x is None or x is WALL:
                    continue  # a river square counts for range and lets the arrow pass
                if x.color is not piece.color:
                    out.append(_tagged(sq, t, ((REMOVE, t),), "shot"))
                break


class BridgeBuilder(BetzaPiece):
    """CT-7: a king that, standing on its own bank, builds or removes a bridge in
    front of it or diagonally in front, without moving."""

    def __init__(self) -> None:
        super().__init__("E", "Bridge Builder", "K")
        self.simple = False

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        super().generate(pos, sq, piece, out)
        geo = self.geometry
        assert geo is not None
        bank = RIVER_RANK - 1 if piece.color else RIVER_RANK + 1
        if geo.rank_of(sq) != bank:
            return
        for df in (-1, 0, 1):
            t = geo.at(geo.file_of(sq) + df, RIVER_RANK)
            if t is None:
                continue
            x = pos.board[t]
            if x is WALL:
                out.append(_tagged(sq, t, ((TERRAIN, t, True),), "build"))
            elif x is None:
                out.append(_tagged(sq, t, ((TERRAIN, t, False),), "unbridge"))
            elif x.color is not piece.color:
                # the enemy on the bridge drowns, a loaded Catapult with its rider
                out.append(_tagged(sq, t, ((REMOVE, t), (TERRAIN, t, False)), "unbridge"))


class TroyHorse(BetzaPiece):
    """CT-6: a knight (leaping the river) that may once leave its Archer on the
    square it leaves, when it starts on the enemy side or on a bridge."""

    def __init__(self, variant: CatapultsOfTroy) -> None:
        super().__init__("H", "Troy Horse", "N")
        self.variant = variant

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        start = len(out)
        super().generate(pos, sq, piece, out)
        assert self.geometry is not None and piece.color is not None
        if "A" not in piece.cargo:
            return
        rank = self.geometry.rank_of(sq)
        if (rank >= RIVER_RANK) if piece.color else (rank <= RIVER_RANK):
            emptied = self.variant.piece("H", piece.color)
            archer = self.variant.piece("A", piece.color)
            for m in out[start:]:
                acts = (*m.actions, (CHANGE, m.to, emptied), (PLACE, sq, archer))
                out.append(_tagged(sq, m.to, acts, "release"))


class CatapultsOfTroy(Variant):
    """Gifford's river game: bridges, a Catapult, a Ram, Archers and the Troy Horse."""

    name = "catapults-of-troy"
    title = "Catapults of Troy"
    files = 8
    ranks = 11
    # CT-2
    start_fen = "rcbekbh(a)m/p1pppp1p/8/8/8/********/8/8/8/P1PPPP1P/RCBEKBH(A)M w - - 0 1"
    #: No kind resets the repetition window by merely moving: a pawn stepped
    #: forward can be launched back (CT-8c), so only captures are irreversible.
    pawn_kinds: ClassVar[frozenset[str]] = frozenset()
    # CT-4: pawns become Archers on the last rank, at once
    promotion: ClassVar[Promotion | None] = Promotion(
        kinds=frozenset({"P"}), choices=("A",), ranks=(10,), mandatory_ranks=(10,)
    )
    simple_rules: ClassVar[bool] = False
    # H before A, so that C(HA) reads as a Catapult carrying a loaded Horse
    kind_order = "KECMRBHAP"

    def piece_types(self) -> list[PieceType]:
        return [
            BetzaPiece("K", "King", "K", royal=True),  # CT-3
            BridgeBuilder(),
            Catapult(self, "C", "Catapult"),
            Ram(self, "M", "Ram"),
            BetzaPiece("R", "Rook", "R"),  # CT-3
            BetzaPiece("B", "Bishop", "B"),  # CT-3
            TroyHorse(self),
            Archer(),
            BetzaPiece("P", "Pawn", "fmWfcF"),  # CT-4
        ]

    # -- pieces ------------------------------------------------------------------
    def piece(self, kind: str, color: Color, cargo: Iterable[str] = ()) -> Piece:
        """As the base, but a Catapult carrying the King is royal (CT-10: losing it
        loses the King)."""
        piece = super().piece(kind, color, cargo)
        if "K" in piece.cargo:
            piece.royal = True
        return piece

    def rider(self, catapult: Piece) -> Piece | None:
        """The piece a Catapult carries, or None."""
        if not catapult.cargo:
            return None
        assert catapult.color is not None
        return self.piece(catapult.cargo[0], catapult.color, catapult.cargo[1:])

    def loaded(self, color: Color, rider: Piece) -> Piece:
        """A Catapult of ``color`` carrying ``rider`` (with the rider's own cargo)."""
        return self.piece("C", color, (rider.kind, *rider.cargo))

    def arrive(self, piece: Piece, sq: int) -> Piece:
        """``piece`` as it stands after arriving on ``sq``: a pawn on its last rank
        is an Archer (CT-4, by any means, a launch included)."""
        if piece.kind == "P" and sq in self._promotion_forced[bool(piece.color)]:
            return self.piece("A", bool(piece.color))
        return piece

    def promote_if_due(self, piece: Piece, move: Move) -> Move:
        """``move`` of ``piece`` with the CT-4 promotion added when it is due."""
        arrived = self.arrive(piece, move.to)
        return move if arrived is piece else with_change(move, arrived, "A")

    # -- moves no single piece generates -------------------------------------------
    def add_special_moves(self, pos: Position, color: Color, out: list[Move]) -> None:
        """CT-8d: a friendly piece steps onto its empty Catapult with one of its
        non-capturing moves."""
        for c, cat in pos.pieces(color):
            if cat.kind == "C" and not cat.cargo:
                self._boardings(pos, c, cat, out)

    def _boardings(self, pos: Position, c: int, cat: Piece, out: list[Move]) -> None:
        geo = self.geometry
        board = pos.board
        board[c] = None
        try:
            found: list[tuple[Piece, Move]] = []
            for a, piece in pos.pieces(cat.color):
                df = abs(geo.file_of(a) - geo.file_of(c))
                dr = abs(geo.rank_of(a) - geo.rank_of(c))
                if not (df == 0 or dr == 0 or df == dr or {df, dr} == {1, 2}):
                    continue
                assert piece.type is not None
                raw: list[Move] = []
                piece.type.generate(pos, a, piece, raw)
                found += [
                    (piece, self.promote_if_due(piece, m))
                    for m in raw
                    if (MOVE, a, c) in m.actions and not m.is_capture()
                ]
        finally:
            board[c] = cat
        for piece, m in found:
            out.append(self._board(m, c, cat, piece))

    def _board(self, move: Move, c: int, cat: Piece, piece: Piece) -> Move:
        """Rewrite ``piece``'s move onto the (emptied) Catapult square as boarding
        it: the piece leaves its square, the Catapult on ``c`` becomes loaded."""
        assert move.frm is not None and cat.color is not None
        final = piece
        acts: list[Action] = []
        for act in move.actions:
            if act[0] == MOVE and act[2] == c:
                acts.append((REMOVE, move.frm))
            elif act[0] == CHANGE and act[1] == c:
                final = act[2]
            else:
                acts.append(act)
        acts.append((CHANGE, c, self.loaded(cat.color, final)))
        tag = "board-release" if move.tag == "release" else "board"
        return _tagged(move.frm, c, acts, tag, promotion=move.promotion)

    # -- state after a move ------------------------------------------------------
    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """As the base; a piece leaving its square to load or board is no capture."""
        if move.tag in ("load", "board", "board-release"):
            captured = False
        super().after_move(pos, move, captured)

    # -- how games end -------------------------------------------------------------
    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        """CT-11: checkmate wins; stalemate and threefold repetition are draws."""
        ended = super().outcome(pos)
        if ended is not None:
            return ended
        if pos.halfmove >= 8 and pos.repetitions() >= 3:
            return Outcome("threefold_repetition", None)
        return None


__all__ = ["CatapultsOfTroy"]
