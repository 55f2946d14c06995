"""The rule page's own notation for Catapults of Troy, read and written.

The page names a move by its piece and its destination or target; only a launch
gives two squares.  Forms (squares in upper case when written, either case
when read; a ``+`` or ``#`` suffix, a move number and the words "check" or
"mate" after it are accepted on reading):

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
from typing import NamedTuple

from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError
from trebuchet.variants.move import Move
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: piece letter as the page writes it
NAMES = dict(zip("KECMRBHAP", ("K", "BB", "C", "Ram", "R", "B", "H", "A", "P"), strict=True))
#: what a reader may write for each piece, upper-cased
ALIASES = {"BB": "BB", "E": "BB", "RAM": "Ram", "M": "Ram", "TH": "H", "N": "H"}

_RIDER_TAGS = frozenset({"ride", "ride-batter", "ride-release"})
_RELEASE_TAGS = frozenset({"release", "ride-release", "board-release"})
_NOT_CAPTURES = frozenset({"load", "board", "board-release", "batter", "ride-batter"})

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


class CatapultsNotation:
    """The page's notation (see the module docstring), for the Notation protocol."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    # -- describing ------------------------------------------------------------
    def describe(self, pos: Position, move: Move) -> Description:
        """The notation's view of ``move`` in ``pos`` (the position before it)."""
        names = self.variant.geometry.names
        assert move.frm is not None
        origin, target = names[move.frm].upper(), names[move.to].upper()
        tag = move.tag or ""
        simple = {"build": "build", "unbridge": "remove", "shot": "shot", "launch": "launch"}
        if tag in simple:
            piece = {"build": "BB", "unbridge": "BB", "shot": "A"}.get(tag, "C")
            return Description(simple[tag], piece, "", origin, target, tag == "shot", False)
        mover = pos.board[move.frm]
        assert mover is not None and mover.color is not None
        cargo = ""
        if tag in _RIDER_TAGS:
            mover = self.variant.piece(mover.cargo[0], mover.color, mover.cargo[1:])
        elif mover.kind == "C" and mover.cargo and not tag:
            cargo = "".join(mover.cargo)
        capture = move.is_capture() and tag not in _NOT_CAPTURES
        release = tag in _RELEASE_TAGS
        return Description("move", NAMES[mover.kind], cargo, origin, target, capture, release)

    # -- writing -------------------------------------------------------------------
    def write(self, pos: Position, move: Move) -> str:
        legal = self.variant.legal_moves(pos)
        desc = self.describe(pos, move)
        twins = sum(1 for m in legal if self.describe(pos, m).short() == desc.short())
        text = self._text(desc, with_origin=twins > 1)
        pos.push(move)
        try:
            if self.variant.in_check(pos):
                text += "#" if not self.variant.legal_moves(pos) else "+"
        finally:
            pos.pop()
        return text

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
    def read(self, pos: Position, text: str) -> Move:
        wanted = self._parse(pos, text)
        legal = self.variant.legal_moves(pos)
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


__all__ = ["CatapultsNotation", "Description"]
