"""Catapults of Troy (Gary K. Gifford, 2003): a river that is really there.

Rulings CT-1 … CT-13 of docs/rules/catapults-of-troy.md decide every point the
rule page leaves open; comments cite them.

Board model (CT-1): rank 6 is the river.  An unbridged river square holds
:data:`~trebuchet.variants.pieces.WALL` (FEN ``*``), so every slide and step stops there
and nothing lands there; building a bridge is ``Terrain(sq, True)``, removing
one ``Terrain(sq, False)``, preceded by ``Remove(sq)`` when an enemy piece
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

The page's own notation (:class:`CatapultsNotation`) names a move by its piece
and its destination or target; only a launch gives two squares.  Forms
(squares in upper case when written, either case when read; a ``+`` or ``#``
suffix, a move number and the words "check" or "mate" after it are accepted on
reading; SAN is read too):

=================  ==========================================================
``K-D2``           a move (piece letters K, BB, C, Ram, R, B, H, A, P)
``A x F7``         a capture by moving; a Ram's battering capture is written
                   as its move to the line's end, ``Ram-H1`` (CT-9)
``BB^G6``          the Bridge Builder builds a bridge on G6 (CT-7)
``BB r G6``        the Bridge Builder removes the bridge on G6 (CT-7)
``A 's' F7``       an Archer shoots the piece on F7 (CT-5); the page's ‘s’ and
                   ``'s"`` quotes are read too
``C9-C1``          the Catapult on C9 launches its rider to C1 (CT-8c)
``C(A)-E7``        a loaded Catapult moves with its rider; ``C-E7`` is the
                   Catapult moving alone (leaving its rider, if any, behind)
``H-E7/A``         the Troy Horse moves and releases its Archer (CT-6)
=================  ==========================================================

A rider moving off its Catapult is written with the rider's letter
(``A-G6``).  When the short form fits more than one legal move, the origin is
added after the piece: ``A D7 's' F7``, ``P E4 x D5``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from typing import ClassVar, NamedTuple

from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError
from trebuchet.variants.game import Outcome
from trebuchet.variants.geometry import ORTHOGONAL, QUEEN_LINES, Geometry
from trebuchet.variants.move import (
    Action,
    Change,
    Move,
    Place,
    Relocate,
    Remove,
    Terrain,
    quiet,
    with_change,
)
from trebuchet.variants.notation import Notation, PageNotation
from trebuchet.variants.pieces import WALL, WHITE, BetzaPiece, Piece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.san import check_suffix
from trebuchet.variants.variant import Promotion, Variant

RIVER_RANK = 5
"""0-based rank of the river (rank 6 on the page, CT-1)."""

#: how a kind that removes pieces in ways the rays do not see (or rides a Catapult)
#: lines up with its victim: along a rank or file, a diagonal, next to it, within
#: two squares on a queen line, or a knight's leap away
_SHAPES = {
    "M": "orthogonal",
    "R": "orthogonal",
    "B": "diagonal",
    "E": "near",
    "K": "near",
    "P": "near",
    "A": "two",
    "H": "knight",
}



class TroyMove(StrEnum):
    """The special moves of Catapults of Troy (the module docstring's table)."""

    LAUNCH = "launch"
    """CT-8c: the Catapult throws its rider; the Catapult stays."""
    LEAVE = "leave"
    """CT-8b: the Catapult moves away and leaves its rider where it stood."""
    LOAD = "load"
    """CT-8a: an empty Catapult's rook move ends on a friend, which it loads."""
    BOARD = "board"
    """CT-8d: a friendly piece steps onto its empty Catapult."""
    BOARD_RELEASE = "board-release"
    """CT-8d with CT-6: a Troy Horse boards a Catapult and releases its Archer."""
    RIDE = "ride"
    """CT-8e: the rider moves off its Catapult with one of its own moves."""
    RIDE_BATTER = "ride-batter"
    """CT-8e with CT-9: a Ram batters from its Catapult, which stays."""
    RIDE_RELEASE = "ride-release"
    """CT-8e with CT-6: a riding Troy Horse moves off and releases its Archer."""
    SHOT = "shot"
    """CT-5: the Archer removes a piece within two squares without moving."""
    BUILD = "build"
    """CT-7: the Bridge Builder builds a bridge."""
    UNBRIDGE = "unbridge"
    """CT-7: the Bridge Builder removes a bridge (drowning an enemy on it)."""
    RELEASE = "release"
    """CT-6: the Troy Horse moves and leaves its Archer behind."""
    BATTER = "batter"
    """CT-9: the Ram's battering capture."""


#: coordinate-notation suffix of each special kind of move (see the module docstring)
SUFFIXES: dict[TroyMove, str] = {
    TroyMove.LAUNCH: "/l",
    TroyMove.LEAVE: "/d",
    TroyMove.RIDE: "/r",
    TroyMove.RIDE_BATTER: "/r",
    TroyMove.SHOT: "/s",
    TroyMove.BUILD: "/b",
    TroyMove.UNBRIDGE: "/x",
    TroyMove.RELEASE: "/h",
    TroyMove.RIDE_RELEASE: "/h",
    TroyMove.BOARD_RELEASE: "/h",
}

#: tag of a rider's move, from the tag the rider would give it standing alone
_RIDE_TAGS: dict[TroyMove, TroyMove] = {
    TroyMove.BATTER: TroyMove.RIDE_BATTER,
    TroyMove.SHOT: TroyMove.SHOT,
    TroyMove.RELEASE: TroyMove.RIDE_RELEASE,
}


def _ride_tag(tag: StrEnum | None) -> TroyMove:
    """The tag of a rider's move off its Catapult, from the tag the rider's own move has."""
    if tag is None:
        return TroyMove.RIDE
    own = TroyMove(tag)
    return _RIDE_TAGS.get(own, own)


def _tagged(
    frm: int, to: int, actions: Iterable[Action], tag: TroyMove, promotion: str | None = None
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

    def __init__(self, variant: CatapultsOfTroy, letter: str, name: str) -> None:
        super().__init__(variant, letter, name)
        #: per square, its rank and file outward, each square with the quiet move there
        self._lines: list[tuple[tuple[tuple[int, Move], ...], ...]] = []
        #: (from, to, friend) -> an empty Catapult's move that loads the friend (CT-8a)
        self._loads: dict[tuple[int, int, Piece], Move] = {}

    def bind(self, geometry: Geometry, initial: dict[Player, frozenset[int]]) -> None:
        super().bind(geometry, initial)
        self._lines = [
            tuple(tuple((t, quiet(sq, t)) for t in geometry.ray(sq, vec)) for vec in ORTHOGONAL)
            for sq in range(geometry.size)
        ]

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        color = piece.color
        assert color is not None
        if not piece.cargo:
            # CT-8a: an empty Catapult's rook moves; one ending on a friend loads it
            for line in self._lines[sq]:
                for t, quiet_move in line:
                    x = board[t]
                    if x is None:
                        out.append(quiet_move)
                        continue
                    if x is not WALL and x.color == color:
                        key = (sq, t, x)
                        load = self._loads.get(key)
                        if load is None:
                            loading: list[Move] = []
                            self._load(sq, t, x, None, loading)
                            load = self._loads[key] = loading[0]
                        out.append(load)
                    break
            return
        rider = self.variant.rider(piece)
        assert rider is not None
        empty = self.variant.piece("C", color)
        for line in self._lines[sq]:
            for t, _ in line:
                x = board[t]
                if x is None:
                    out.append(self._carry(sq, t, piece, rider))
                    leave = (Change(sq, rider), Place(t, empty))
                    out.append(_tagged(sq, t, leave, TroyMove.LEAVE))
                    continue
                if x is not WALL and x.color == color:
                    self._load(sq, t, x, rider, out)
                break
        self._launches(pos, sq, rider, out)
        self._rider_moves(pos, sq, piece, rider, out)

    def _carry(self, sq: int, t: int, piece: Piece, rider: Piece) -> Move:
        """CT-8b: the loaded Catapult moves as one piece; a pawn riding it to its
        last rank becomes an Archer (CT-4, "by any means")."""
        arrived = self.variant.arrive(rider, t)
        if arrived is rider:
            return quiet(sq, t)
        assert piece.color is not None
        loaded = self.variant.loaded(piece.color, arrived)
        return Move(sq, t, (Relocate(sq, t), Change(t, loaded)), promotion="A")

    def _load(self, sq: int, t: int, friend: Piece, rider: Piece | None, out: list[Move]) -> None:
        """CT-8a/b: a rook move ending on a friendly piece loads it; a loaded
        Catapult leaves its rider behind to do so."""
        assert friend.color is not None
        loaded = self.variant.loaded(friend.color, friend)
        if rider is None:
            out.append(_tagged(sq, t, (Remove(sq), Change(t, loaded)), TroyMove.LOAD))
        else:
            out.append(_tagged(sq, t, (Change(sq, rider), Change(t, loaded)), TroyMove.LEAVE))

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
                    acts = (Change(sq, empty), Place(t, arrived))
                    promo = "A" if arrived is not rider else None
                    out.append(_tagged(sq, t, acts, TroyMove.LAUNCH, promotion=promo))

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
                if isinstance(act, Relocate) and act.frm == sq:
                    acts += [Change(sq, empty), Place(act.to, rider)]
                elif isinstance(act, Remove) and act.sq == sq:
                    acts.append(Change(sq, empty))
                elif isinstance(act, Place) and act.sq == sq:
                    acts.append(Change(sq, variant.loaded(rider.color, act.piece)))
                else:
                    acts.append(act)
            tag = _ride_tag(m.tag)
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
                    out.append(quiet(sq, t))
                    continue
                if x is not WALL and x.color != piece.color:
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
                acts.append(Remove(t))
        acts.append(Remove(sq))
        return _tagged(sq, last, acts, TroyMove.BATTER)


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
                if x.color != piece.color:
                    out.append(_tagged(sq, t, (Remove(t),), TroyMove.SHOT))
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
        bank = RIVER_RANK - 1 if piece.color == WHITE else RIVER_RANK + 1
        if geo.rank_of(sq) != bank:
            return
        for df in (-1, 0, 1):
            t = geo.at(geo.file_of(sq) + df, RIVER_RANK)
            if t is None:
                continue
            x = pos.board[t]
            if x is WALL:
                out.append(_tagged(sq, t, (Terrain(t, True),), TroyMove.BUILD))
            elif x is None:
                out.append(_tagged(sq, t, (Terrain(t, False),), TroyMove.UNBRIDGE))
            elif x.color != piece.color:
                # the enemy on the bridge drowns, a loaded Catapult with its rider
                drown = (Remove(t), Terrain(t, False))
                out.append(_tagged(sq, t, drown, TroyMove.UNBRIDGE))


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
        if (rank >= RIVER_RANK) if piece.color == WHITE else (rank <= RIVER_RANK):
            emptied = self.variant.piece("H", piece.color)
            archer = self.variant.piece("A", piece.color)
            for m in out[start:]:
                acts = (*m.actions, Change(m.to, emptied), Place(sq, archer))
                out.append(_tagged(sq, m.to, acts, TroyMove.RELEASE))


#: piece letter as the page writes it
NAMES = dict(zip("KECMRBHAP", ("K", "BB", "C", "Ram", "R", "B", "H", "A", "P"), strict=True))
#: what a reader may write for each piece, upper-cased
ALIASES = {"BB": "BB", "E": "BB", "RAM": "Ram", "M": "Ram", "TH": "H", "N": "H"}

_RIDER_TAGS = frozenset({TroyMove.RIDE, TroyMove.RIDE_BATTER, TroyMove.RIDE_RELEASE})
_RELEASE_TAGS = frozenset({TroyMove.RELEASE, TroyMove.RIDE_RELEASE, TroyMove.BOARD_RELEASE})
_NOT_CAPTURES = frozenset(
    {TroyMove.LOAD, TroyMove.BOARD, TroyMove.BOARD_RELEASE, TroyMove.BATTER, TroyMove.RIDE_BATTER}
)
#: the page's form and piece of the moves that name only a target
_TARGET_FORMS = {
    TroyMove.BUILD: ("build", "BB"),
    TroyMove.UNBRIDGE: ("remove", "BB"),
    TroyMove.SHOT: ("shot", "A"),
    TroyMove.LAUNCH: ("launch", "C"),
}

_SQ = r"([a-h](?:1[01]|[1-9]))"
_PIECE = r"(BB|RAM|TH|[KECMRBHANP])"
_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (form, re.compile(pattern, re.IGNORECASE))
    for form, pattern in (
        ("launch", rf"^{_SQ}\s*-\s*{_SQ}$"),
        ("build", rf"^(BB|E)\s*(?:{_SQ}\s*)?\^\s*{_SQ}$"),
        ("remove", rf"^(BB|E)\s+(?:{_SQ}\s+)?r\s+{_SQ}$"),
        ("shot", rf"^(A)\s*(?:{_SQ}\s*)?'s'\s*{_SQ}$"),
        ("move", rf"^{_PIECE}(?:\(([A-Z]+)\))?\s*(?:{_SQ})?\s*(?:-|x)\s*{_SQ}(/A)?(?:=A)?$"),
    )
)
_QUOTES = str.maketrans({c: "'" for c in '‘’“”"`´'})
#: a move number; Black's as the page writes it: "10…", "10. ….", "2. ……….".
_PREFIX = re.compile(r"^\s*\d+\s*(?:[.…]+\s*)+")
_SUFFIX = re.compile(r"(?:[\s+#!?]|\b(?:check|mate|checkmate)\b)+$", re.IGNORECASE)


class Description(NamedTuple):
    """What the notation says about a move; ``origin`` is only written when needed."""

    form: str
    piece: str
    cargo: str
    origin: str
    target: str
    capture: bool
    release: bool

    def short(self) -> tuple[str, str, str, str, bool]:
        return (self.form, self.piece, self.cargo, self.target, self.release)


class CatapultsNotation(PageNotation):
    """The page's notation (see the module docstring), for the Notation protocol."""

    # -- describing ------------------------------------------------------------
    def describe(self, pos: Position, move: Move) -> Description:
        """The notation's view of ``move`` in ``pos`` (the position before it)."""
        names = self.variant.geometry.names
        assert move.frm is not None
        origin, target = names[move.frm].upper(), names[move.to].upper()
        tag = move.tag
        if tag in _TARGET_FORMS:
            form, piece = _TARGET_FORMS[TroyMove(tag)]
            shot = tag == TroyMove.SHOT
            return Description(form, piece, "", origin, target, shot, False)
        mover = pos.board[move.frm]
        assert mover is not None and mover.color is not None
        cargo = ""
        if tag in _RIDER_TAGS:
            mover = self.variant.piece(mover.cargo[0], mover.color, mover.cargo[1:])
        elif mover.kind == "C" and mover.cargo and tag is None:
            cargo = "".join(mover.cargo)
        capture = move.is_capture() and tag not in _NOT_CAPTURES
        release = tag in _RELEASE_TAGS
        return Description("move", NAMES[mover.kind], cargo, origin, target, capture, release)

    # -- writing -------------------------------------------------------------------
    def write(self, pos: Position, move: Move) -> str:
        legal = self.variant.legal_moves(pos, to=move.to)
        desc = self.describe(pos, move)
        twins = sum(1 for m in legal if self.describe(pos, m).short() == desc.short())
        return self._text(desc, with_origin=twins > 1) + check_suffix(pos, move)

    @staticmethod
    def _text(d: Description, *, with_origin: bool) -> str:
        origin = f" {d.origin}" if with_origin else ""
        if d.form == "launch":
            return f"{d.origin}-{d.target}"
        if d.form == "build":
            return f"BB{origin}^{d.target}"
        if d.form == "remove":
            return f"BB{origin} r {d.target}"
        if d.form == "shot":
            return f"A{origin} 's' {d.target}"
        cargo = f"({d.cargo})" if d.cargo else ""
        sep = " x " if d.capture else "-"
        release = "/A" if d.release else ""
        return f"{d.piece}{cargo}{origin}{sep}{d.target}{release}"

    # -- reading -------------------------------------------------------------------
    def read_page(self, pos: Position, text: str) -> Move:
        wanted = self._parse(pos, text)
        target = self.variant.geometry.index_of(wanted.target)
        legal = [] if target is None else self.variant.legal_moves(pos, to=target)
        found = [m for m in legal if self._fits(self.describe(pos, m), wanted)]
        if len(found) == 1:
            return found[0]
        fen = pos.fen()
        if found:
            raise AmbiguousMoveError(
                f"move {text.strip()!r} matches {len(found)} legal moves; add the origin square",
                text=text,
                fen=fen,
            )
        raise IllegalMoveError(f"illegal move {text.strip()!r} in {fen}", text=text, fen=fen)

    @staticmethod
    def _fits(d: Description, w: Description) -> bool:
        return (
            d.form == w.form
            and d.target == w.target
            and (not w.piece or d.piece == w.piece)
            and (not w.origin or d.origin == w.origin)
            and d.cargo == w.cargo
            and d.release == w.release
        )

    def _parse(self, pos: Position, text: str) -> Description:
        """``text`` as a partial Description (empty fields: not given)."""
        clean = _SUFFIX.sub("", _PREFIX.sub("", text.translate(_QUOTES))).strip()
        for form, pattern in _FORMS:
            m = pattern.match(clean)
            if m is None:
                continue
            if form == "launch":
                return Description(form, "C", "", m[1].upper(), m[2].upper(), False, False)
            if form != "move":
                origin = (m[2] or "").upper()
                return Description(form, "", "", origin, m[3].upper(), False, False)
            piece = m[1].upper()
            piece = ALIASES.get(piece, NAMES.get(piece, piece))
            cargo = (m[2] or "").upper()
            origin = (m[3] or "").upper()
            return Description(form, piece, cargo, origin, m[4].upper(), False, bool(m[5]))
        raise IllegalMoveError(
            f"cannot read {text.strip()!r} as a Catapults of Troy move "
            "(forms: K-D2, A x F7, BB^G6, BB r G6, A 's' F7, C9-C1, C(A)-E7, H-E7/A)",
            text=text,
            fen=pos.fen(),
        )



class CatapultsOfTroy(Variant):
    """Gifford's river game: bridges, a Catapult, a Ram, Archers and the Troy Horse."""

    special_moves: ClassVar[bool] = True
    own_attacks: ClassVar[bool] = True

    name = "catapults-of-troy"
    title = "Catapults of Troy"
    files = 8
    ranks = 11
    # CT-2
    start_fen = "rcbekbh(a)m/p1pppp1p/8/8/8/********/8/8/8/P1PPPP1P/RCBEKBH(A)M w - - 0 1"
    #: No kind resets the clock by merely moving: a pawn stepped forward can be
    #: launched back (CT-8c), so only a piece leaving the board is irreversible (CT-13).
    pawn_kinds: ClassVar[frozenset[str]] = frozenset()
    # CT-4: pawns become Archers on the last rank, at once
    promotion: Promotion | None = Promotion(
        kinds=frozenset({"P"}), choices=("A",), ranks=(10,), mandatory_ranks=(10,)
    )
    simple_rules: ClassVar[bool] = False
    board_legality: ClassVar[bool] = True
    # H before A, so that C(HA) reads as a Catapult carrying a loaded Horse
    kind_order = "KECMRBHAP"

    def __init__(self, options: Iterable[str] = ()) -> None:
        super().__init__(options)
        self._reach = _Reach(self.geometry)
        #: kinds whose captures the rays of the rules core find (for a rider, from
        #: its Catapult's square)
        self._simple_riders = frozenset(k for k, t in self.types.items() if t.simple)
        #: (player, kind, Catapult square) -> the squares from which a piece of that kind
        #: could step onto it (CT-8d), worked out once
        self._boarders = self._boarding_origins()
        #: (kind, square, target) -> what :meth:`_piece_zone` says
        self._piece_zones: dict[tuple[str, int, int], tuple[int, ...]] = {}

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
    def make_notation(self) -> Notation:
        """The page's own notation (and SAN)."""
        return CatapultsNotation(self)

    def is_royal(self, kind: str, cargo: tuple[str, ...]) -> bool:
        """As the base, but a Catapult carrying the King is royal (CT-10: losing it
        loses the King)."""
        return super().is_royal(kind, cargo) or "K" in cargo

    def rider(self, catapult: Piece) -> Piece | None:
        """The piece a Catapult carries, or None."""
        if not catapult.cargo:
            return None
        assert catapult.color is not None
        return self.piece(catapult.cargo[0], catapult.color, catapult.cargo[1:])

    def loaded(self, color: Player, rider: Piece) -> Piece:
        """A Catapult of ``color`` carrying ``rider`` (with the rider's own cargo)."""
        return self.piece("C", color, (rider.kind, *rider.cargo))

    def arrive(self, piece: Piece, sq: int) -> Piece:
        """``piece`` as it stands after arriving on ``sq``: a pawn on its last rank
        is an Archer (CT-4, by any means, a launch included)."""
        color = piece.color
        if piece.kind == "P" and color is not None and sq in self._promotion_forced[color]:
            return self.piece("A", color)
        return piece

    def promote_if_due(self, piece: Piece, move: Move) -> Move:
        """``move`` of ``piece`` with the CT-4 promotion added when it is due."""
        arrived = self.arrive(piece, move.to)
        return move if arrived is piece else with_change(move, arrived, "A")

    # -- attacks -------------------------------------------------------------------
    def removes(self, pos: Position, target: int, by: Player, kinds: frozenset[str]) -> bool:
        """Whether a ``by`` piece of a special kind could remove the enemy piece on
        ``target``, read backwards from the target through :class:`_Reach` (the
        same answer as generating every move, which the tests check on random
        positions): an Archer next to it, or two away over an empty or river square
        (CT-5); a Bridge Builder next to it (its step; the bridge it may take away
        is always next to it, CT-7); a Ram whose battering line reaches it (CT-9);
        and a Catapult's rider, which captures from the Catapult's square as it
        would standing there (CT-8e).  A friendly or missing target, or a subset
        of the kinds, is left to the general test."""
        board = pos.board
        victim = board[target]
        if (
            victim is None
            or victim is WALL
            or victim.color == by
            or kinds != self._tables.slow_kinds[by]
        ):
            return super().removes(pos, target, by, kinds)
        reach = self._reach
        for s1, s2 in reach.archer[target]:
            x = board[s1]
            if x is None or x is WALL:
                if s2 >= 0 and _acts_as(board[s2], by, "A"):
                    return True
            elif _acts_as(x, by, "A") or _acts_as(x, by, "E"):
                return True
        for line in reach.orthogonal[target]:
            last = victim
            for s in line:
                x = board[s]
                if x is None:
                    continue
                if x is WALL:
                    break
                if last.color != by and _acts_as(x, by, "M"):
                    return True
                last = x
        return self._riders_capture(pos, target, by)

    def _riders_capture(self, pos: Position, target: int, by: Player) -> bool:
        """CT-8e: whether the rider of a ``by`` Catapult, a piece of a simple kind,
        captures ``target`` from the Catapult's square (as it would standing there).

        Read off the rules core's reverse rays and leaps from ``target``: a Catapult
        met first on a ray (or on a leap square) whose rider's kind attacks from
        there.  Those tables hold only the simple kinds."""
        board = pos.board
        tables = self._tables
        for s, kinds, _ in tables.steps[by][target]:
            x = board[s]
            if x is None or not x.cargo:
                continue
            if x.kind == "C" and x.color == by and x.cargo[0] in kinds:
                return True
        for ray, kinds_at in tables.rays[by][target]:
            for i, s in enumerate(ray):
                x = board[s]
                if x is None:
                    continue
                if x.cargo and x.kind == "C" and x.color == by and x.cargo[0] in kinds_at[i]:
                    return True
                break
        return False

    def special_zone(self, pos: Position, target: int, by: Player) -> frozenset[int] | None:
        """The squares whose contents decide :meth:`removes` for ``target``: for each
        ``by`` piece of a special kind (or Catapult carrying a rider) that lines up
        with the target as its kind must, its square and the squares between."""
        special = self._tables.slow_kinds[by]
        cache = self._piece_zones
        found: set[int] = set()
        board = pos.board
        # WALL has no owner, so the owner test also passes over the river.
        for s in self._reach.lined_up[target]:
            x = board[s]
            if x is None or x.color != by:
                continue
            kind = x.kind
            if kind == "C":
                if not x.cargo:
                    continue
                kind = x.cargo[0]
            elif kind not in special:
                continue
            key = (kind, s, target)
            zone = cache.get(key)
            if zone is None:
                zone = cache[key] = self._piece_zone(kind, s, target)
            if zone:
                found.update(zone)
        return frozenset(found)

    def _piece_zone(self, kind: str, s: int, target: int) -> tuple[int, ...]:
        """For a piece capturing as ``kind`` on ``s``: its square and the squares between
        it and ``target`` if it lines up with the target as its kind must (by
        :data:`_SHAPES`), else nothing."""
        geo = self.geometry
        shape = _SHAPES.get(kind)
        if shape is None:
            return ()
        df = abs(geo.file_of(s) - geo.file_of(target))
        dr = abs(geo.rank_of(s) - geo.rank_of(target))
        if shape == "knight":
            return (s,) if {df, dr} == {1, 2} else ()
        orthogonal = df == 0 or dr == 0
        if not (orthogonal or df == dr):
            return ()
        if (
            (shape == "orthogonal" and orthogonal)
            or (shape == "diagonal" and not orthogonal)
            or (shape == "near" and max(df, dr) == 1)
            or (shape == "two" and max(df, dr) <= 2)
        ):
            return (s, *geo.between(s, target))
        return ()

    # -- moves no single piece generates -------------------------------------------
    def add_special_moves(self, pos: Position, color: Player, out: list[Move]) -> None:
        """CT-8d: a friendly piece steps onto its empty Catapult with one of its
        non-capturing moves."""
        board = pos.board
        empty = self.piece("C", color)
        c = -1
        while empty in board[c + 1 :]:
            c = board.index(empty, c + 1)
            self._boardings(pos, c, empty, out)

    def _boarding_origins(self) -> dict[tuple[Player, str, int], frozenset[int]]:
        """Per player, kind and square: the squares of :attr:`_Reach.boarders` from
        which a piece of the kind could move onto the square (its moves on an empty
        board).  The kinds of Betza moves relocate only by those moves (an Archer's
        shot, a Bridge Builder's bridge move nothing; a Horse releasing its Archer
        makes its knight move); a Catapult and a Ram only along the rank and file."""
        geo = self.geometry
        found: dict[tuple[Player, str, int], frozenset[int]] = {}
        for kind, ptype in self.types.items():
            for color in self.player_range:
                for c in range(geo.size):
                    origins = []
                    for a in self._reach.boarders[c]:
                        if isinstance(ptype, BetzaPiece):
                            if c not in ptype.betza_targets(color, a):
                                continue
                        elif geo.file_of(a) != geo.file_of(c) and geo.rank_of(a) != geo.rank_of(c):
                            continue
                        origins.append(a)
                    found[color, kind, c] = frozenset(origins)
        return found

    def _boardings(self, pos: Position, c: int, cat: Piece, out: list[Move]) -> None:
        board = pos.board
        color = cat.color
        assert color is not None
        origins = self._boarders
        reach = self._reach
        # Every kind steps onto the Catapult along an open line or by a knight's leap:
        # on each line only the first piece met can, and then only if its kind reaches
        # (the squares in the order of ``boarders``, as the moves are listed).
        candidates = [a for a in reach.knight[c] if board[a] is not None]
        for line in reach.lines[c]:
            for a in line:
                if board[a] is not None:
                    candidates.append(a)
                    break
        candidates.sort()
        board[c] = None
        try:
            found: list[tuple[Piece, Move]] = []
            for a in candidates:
                piece = board[a]
                if piece is None or piece.color != color:
                    continue
                if a not in origins[color, piece.kind, c]:
                    continue
                assert piece.type is not None
                raw: list[Move] = []
                piece.type.generate(pos, a, piece, raw)
                # a move that steps onto the Catapult ends there: that cheap test first
                found += [
                    (piece, self.promote_if_due(piece, m))
                    for m in raw
                    if m.to == c and Relocate(a, c) in m.actions and not m.is_capture()
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
            if isinstance(act, Relocate) and act.to == c:
                acts.append(Remove(move.frm))
            elif isinstance(act, Change) and act.sq == c:
                final = act.piece
            else:
                acts.append(act)
        acts.append(Change(c, self.loaded(cat.color, final)))
        tag = TroyMove.BOARD_RELEASE if move.tag == TroyMove.RELEASE else TroyMove.BOARD
        return _tagged(move.frm, c, acts, tag, promotion=move.promotion)

    # -- state after a move ------------------------------------------------------
    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """As the base, but the halfmove clock counts plies since a piece last left
        the board (CT-13): a capture, shot, battering or drowning resets it; a pawn
        step, or a pawn becoming an Archer without a capture, does not.  A piece
        leaving its square to load or board is no capture."""
        if move.tag in (TroyMove.LOAD, TroyMove.BOARD, TroyMove.BOARD_RELEASE):
            captured = False
        clock = pos.halfmove
        super().after_move(pos, move, captured)
        pos.halfmove = 0 if captured else clock + 1

    # -- how games end -------------------------------------------------------------
    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        """CT-11: checkmate wins; stalemate and threefold repetition are draws."""
        ended = super().outcome(pos)
        if ended is not None:
            return ended
        if pos.halfmove >= 8 and pos.repetitions() >= 3:
            return Outcome("threefold_repetition", None)
        return None


def _acts_as(x: Piece | None, by: Player, kind: str) -> bool:
    """Whether ``x`` is a ``by`` piece that captures as ``kind`` does: of that kind, or a
    Catapult carrying one (its rider's moves start on the Catapult's square, CT-8e)."""
    return (
        x is not None
        and x.color == by
        and (x.kind == kind or (x.kind == "C" and bool(x.cargo) and x.cargo[0] == kind))
    )


class _Reach:
    """Per target square, where the special kinds would have to stand to remove the
    piece on it."""

    def __init__(self, geo: Geometry) -> None:
        squares = range(geo.size)
        #: (square next to the target on a queen line, the one beyond it or -1)
        self.archer = [
            tuple(
                (ray[0], ray[1] if len(ray) > 1 else -1)
                for vec in QUEEN_LINES
                if (ray := geo.ray(t, vec)[:2])
            )
            for t in squares
        ]
        #: the squares from which a piece could step onto a Catapult on the square: on
        #: one of its lines or a knight's leap away (in order, as moves are listed)
        self.boarders = [
            tuple(a for a in squares if a != c and a < geo.grid_size and _lines_up(geo, a, c))
            for c in squares
        ]
        #: the square's lines (ranks, files, diagonals) outward from it, and the squares
        #: a knight's leap away
        self.lines = [tuple(r for vec in QUEEN_LINES if (r := geo.ray(t, vec))) for t in squares]
        self.knight = [
            tuple(
                s
                for v in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
                if (s := geo.offset(t, v)) is not None
            )
            for t in squares
        ]
        #: the target's rank and file, outward from it
        self.orthogonal = [
            tuple(r for vec in ORTHOGONAL if (r := geo.ray(t, vec))) for t in squares
        ]
        #: the squares that line up with the target in one of the ways of :data:`_SHAPES`
        #: (on its lines or a knight's leap away), in order
        self.lined_up = [
            tuple(s for s in squares if s != t and _lines_up(geo, s, t))
            for t in squares
        ]


__all__ = ["CatapultsNotation", "CatapultsOfTroy", "Description", "TroyMove"]


def _lines_up(geo: Geometry, a: int, b: int) -> bool:
    """Whether ``a`` is on one of ``b``'s ranks, files or diagonals, or a knight's
    leap away from it: the ways a piece can reach a Catapult or its target."""
    df = abs(geo.file_of(a) - geo.file_of(b))
    dr = abs(geo.rank_of(a) - geo.rank_of(b))
    return df == 0 or dr == 0 or df == dr or {df, dr} == {1, 2}
