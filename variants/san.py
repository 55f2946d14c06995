"""Standard Algebraic Notation, generalised to every board and piece set.

Writing follows the PGN standard for FIDE chess exactly (it equals
python-chess's ``board.san``): piece letter (none for pawns), the fewest
from-square parts that tell the piece apart (file, else rank, else both), ``x``
for captures, ``=Q`` for promotion, ``O-O``/``O-O-O`` for castling, ``+``/``#``.
For other games:

* piece letters are the variant's kind letters; the letterless kind is ``P``;
* squares are the board's names, with two-digit ranks (``l12``);
* drops are ``N@e4`` (pawns too: ``P@e4``, as XBoard and Fairy-Stockfish write,
  unless the game writes them ``@e4`` as python-chess does in crazyhouse);
* castling is ``O-O`` / ``O-O-O`` when it is the only castling move towards
  that side, otherwise the king's move in long form, ``Kf1-i1``;
* a move whose SAN would equal another legal move's (two moves with one
  from/to but different side effects) gets the coordinate notation's suffix
  appended, so the text still names exactly one move.

Reading is tolerant and works by matching: the text is split into parts
(piece, from-file, from-rank, target, promotion, suffix) and the one legal
move that fits them all is the answer.  Long algebraic (``Ng1-f3``, ``e2xe4``,
``Ng1f3``), coordinate notation, upper-case squares, ``0-0``, ``e8Q`` and
annotations (``!?``) are all accepted, and so is what hand-typed records hold
where the meaning is plain: a move number glued on (``1.e4``, ``12...Nf3``),
the en passant mark (``exd6 e.p.``), figurines (``♘f3``), and a piece letter
in lower case (``nf3``) when no reading as written fits, or when the text is
not the canonical SAN of what it fits and the piece reading finds no other
move (``bc4`` with both ``bxc4`` and ``Bc4`` legal is ambiguous; ``bxc4`` is
the pawn).  A text that is no move at all raises UnreadableMoveError, a
readable one that fits no legal move IllegalMoveError.  Null moves (``--``,
``Z0``) are not moves of any position; :meth:`Variant.read_move` reads them.

Every reading asks the core's one move generator
(:meth:`~trebuchet.variants.variant.Variant.legal_moves` with filters) for the
legal moves of the named kind to the named square, so replaying a game is
fast and SAN never disagrees with the rules.

>>> from trebuchet.variants.chess import Chess
>>> chess = Chess()
>>> pos = chess.start_position()
>>> san = SanNotation(chess)
>>> san.write(pos, san.read(pos, "Nf3"))
'Nf3'
>>> [san.write(pos, san.read(pos, text)) for text in ("1.e4", "♘f3", "nf3")]
['e4', 'Nf3', 'Nf3']
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from mypy_extensions import mypyc_attr

from trebuchet.variants.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    UnreadableMoveError,
    shown,
)
from trebuchet.variants.move import Move, MoveKind

if TYPE_CHECKING:
    from trebuchet.variants.geometry import Geometry
    from trebuchet.variants.position import Position
    from trebuchet.variants.variant import Variant

PAWN = "P"

_CASTLE = re.compile(r"^([O0o])-?\1(-?\1)?$")
_DROP = re.compile(r"^([A-Z](?:\([A-Za-z]*\))?)?[@*]([a-z]\d+)(.*)$")
_MOVE = re.compile(
    r"^(?P<piece>[A-Z])?(?P<file>[a-wyz])?(?P<rank>\d+)?[-x:]?(?P<to>[a-z]\d+)"
    r"(?P<promo_all>[=/]?\(?(?P<promo>[A-Za-z])\)?)?(?P<rest>.*)$"
)
_ANNOTATION = re.compile(r"[!?‼⁇⁉⁈□+#]+$")
#: Figurine algebraic notation: the chess symbols of either colour as piece letters.
_FIGURINES = str.maketrans("♔♕♖♗♘♙♚♛♜♝♞♟", "KQRBNPKQRBNP")
#: A move number glued to the move, as hand-typed records have it (``1.e4``, ``12...Nf3``).
_MOVE_NUMBER = re.compile(r"^\d+\s*\.+\s*")
#: The en passant mark written after the capture (``exd6 e.p.``, ``exd6e.p.``).
_EN_PASSANT_MARK = re.compile(r"\s*e\.p\.$")
_UPPER_SQUARE = re.compile(r"([A-Z])(?=\d)")


def check_suffix(pos: Position, move: Move) -> str:
    """``#`` if ``move`` mates (or wins by another rule of the game), ``+`` if it
    checks, else empty (:meth:`Variant.mark_after`)."""
    pos.push(move)
    try:
        return pos.variant.mark_after(pos)
    finally:
        pos.pop()


# S-chess and Sittuyin extend it (in interpreted code, under the compiled build)
@mypyc_attr(allow_interpreted_subclasses=True)
class SanNotation:
    """SAN for one variant; see the module documentation for the rules."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.names = variant.geometry.names
        self.index = {name: sq for sq, name in enumerate(self.names)}
        #: a reading of a move -> how its moves are asked for (:meth:`_plan`)
        self._plans: dict[SanParts, _Plan] = {}
        #: text -> its readings prepared for the move generator (:meth:`_prepared`)
        self._texts: dict[str, _Prepared] = {}

    # -- writing -----------------------------------------------------------
    def write(self, pos: Position, move: Move) -> str:
        return self.write_plain(pos, move) + check_suffix(pos, move)

    def write_plain(self, pos: Position, move: Move) -> str:
        """SAN without the check suffix."""
        names = self.names
        if move.frm is None:
            label = self._drop_label(pos, move)
            if label == PAWN and not self.variant.san_names_dropped_pawns:
                label = ""
            return f"{label}@{names[move.to]}" + move.suffix
        kind = self.variant.kind_of(pos, move)
        castle = move.tag == MoveKind.CASTLE
        text = self._castle(pos, move) if castle else self._ordinary(pos, move, kind)
        if self._needs_suffix(pos, move, kind):
            text += move.suffix
        return text

    def _drop_label(self, pos: Position, move: Move) -> str:
        """The dropped kind's letter, with its cargo (``T(FWECR)``) only when another
        drop of the same letter to the same square carries something else."""
        full = (move.drop or PAWN).upper()
        letter = full[0]
        if full == letter:
            return full
        others = {
            (m.drop or "").upper()
            for m in self.variant.legal_moves(pos, to=move.to, keep=_is_drop)
            if (m.drop or "").upper()[:1] == letter
        }
        return full if len(others) > 1 else letter

    def _castle(self, pos: Position, move: Move) -> str:
        assert move.frm is not None
        geo = self.variant.geometry
        kingside = geo.file_of(move.to) > geo.file_of(move.frm)
        same_side = [
            m
            for m in self.variant.legal_moves(pos, kinds={self.variant.kind_of(pos, move)})
            if m.tag == MoveKind.CASTLE and m.frm == move.frm
            and (geo.file_of(m.to) > geo.file_of(move.frm)) == kingside
        ]
        if len(same_side) == 1:
            return "O-O" if kingside else "O-O-O"
        return f"{self.variant.kind_of(pos, move)}{self.names[move.frm]}-{self.names[move.to]}"

    def _ordinary(
        self, pos: Position, move: Move, kind: str, rivals: Callable[[Move], bool] | None = None
    ) -> str:
        """SAN of a non-castling move; ``rivals`` narrows the moves the from-square
        must be told apart from (S-chess: only those that gate the same piece)."""
        assert move.frm is not None
        names = self.names
        geo = self.variant.geometry
        capture = "x" if move.is_capture() else ""
        promo = f"={move.promotion.upper()}" if move.promotion else ""
        others = [
            m.frm
            for m in self.variant.legal_moves(pos, to=move.to, kinds={kind}, keep=rivals)
            if m.frm is not None and m.frm != move.frm and m.tag != MoveKind.CASTLE
        ]
        frm_name = names[move.frm]
        if kind == PAWN:
            prefix = frm_name[0] if capture else ""
            if others and capture:
                prefix = frm_name if _same_line(geo.file_of, others, move.frm) else prefix
            elif others:
                prefix = _disambiguation(geo, others, move.frm, frm_name)
            return f"{prefix}{capture}{names[move.to]}{promo}"
        prefix = _disambiguation(geo, others, move.frm, frm_name) if others else ""
        return f"{kind}{prefix}{capture}{names[move.to]}{promo}"

    def _needs_suffix(self, pos: Position, move: Move, kind: str) -> bool:
        """Whether another legal move would get the same text (differing side effects)."""
        if not move.suffix:
            return False
        twins = [
            m
            for m in self.variant.legal_moves(pos, to=move.to, kinds={kind})
            if m.frm == move.frm and m.promotion == move.promotion and m != move
        ]
        return bool(twins)

    # -- reading -----------------------------------------------------------
    def read(self, pos: Position, text: str) -> Move:
        asks, raised = self._prepared(text)
        if not asks:
            raise UnreadableMoveError(
                f"{shown(text)} is not a move: not SAN, long algebraic or coordinates",
                text=text,
                fen=pos.fen(),
            )
        found = self._first_match(pos, text, asks)
        if raised is not None and (found is None or not self._is_canonical(pos, found, text)):
            other = self._first_match(pos, raised, self._prepared(raised)[0])
            if found is None:
                found = other
            elif other is not None and other != found:
                raise self._ambiguous(pos, text, [found, other])
        if found is None:
            if all(a[0].form != "castle" and a[1] is None for a in asks):
                raise UnreadableMoveError(
                    f"{shown(text)} is not a move: no square {shown(asks[0][0].to)} "
                    "on this board",
                    text=text,
                    fen=pos.fen(),
                )
            raise self._illegal(pos, text)
        return found

    def _prepared(self, text: str) -> _Prepared:
        """What reading ``text`` needs that does not depend on the position: each of
        its readings with its target square and plan (:meth:`_plan`), and its piece
        letter raised (:meth:`_piece_spelling`).  Worked out once per text (real games
        repeat their texts), so that a move read again is one look-up away from the
        move generator."""
        prepared = self._texts.get(text)
        if prepared is not None:
            return prepared
        asks: list[_Ask] = []
        for parsed in parse_san(text):
            if parsed.form == "castle":
                asks.append((parsed, None, None, None, None))
                continue
            to = self.index.get(parsed.to)
            kinds, keep, origins = self._plan_of(parsed) if parsed.form == "move" else _NO_PLAN
            asks.append((parsed, to, kinds, keep, origins))
        prepared = (tuple(asks), self._piece_spelling(text))
        if len(self._texts) < _REMEMBERED:
            self._texts[text] = prepared
        return prepared

    def _first_match(self, pos: Position, text: str, asks: tuple[_Ask, ...]) -> Move | None:
        """The move the first reading that fits anything names; None if none fits.
        A reading that fits several moves is an ambiguity, not a cue to try the next."""
        for ask in asks:
            found = self._matches(pos, ask)
            if len(found) == 1:
                return found[0]
            if found:
                raise self._ambiguous(pos, text, found)
        return None

    def _ambiguous(self, pos: Position, text: str, found: list[Move]) -> AmbiguousMoveError:
        return AmbiguousMoveError(
            f"move {text!r} matches {len(found)} legal moves: "
            f"{', '.join(sorted(self.write_plain(pos, m) for m in found))}",
            text=text,
            fen=pos.fen(),
            nearest=tuple(pos.move_text(m) for m in found),
        )

    def _piece_spelling(self, text: str) -> str | None:
        """``text`` with its lower-case first letter raised when that letter is one of
        the game's piece kinds (``nf3`` -> ``Nf3``); None when it is not, or when a
        rank follows the letter: then it is a square's file (``b8d7``, ``b11b10``)."""
        spelt = _spelling(text)
        letter = spelt[:1]
        upper = letter.upper()
        piece = letter.islower() and letter != "p" and upper in self.variant.types
        return upper + spelt[1:] if piece and not spelt[1:2].isdigit() else None

    def _is_canonical(self, pos: Position, move: Move, text: str) -> bool:
        """Whether ``text`` is exactly the SAN of ``move`` (annotations aside): then a
        lower-case first letter is a file, as SAN writes pawn captures (``bxc4``)."""
        return self.write_plain(pos, move) == _core(text)

    def _matches(self, pos: Position, ask: _Ask) -> list[Move]:
        """Legal moves one reading fits (``ask``: the reading prepared by :meth:`_prepared`)."""
        parsed, to, kinds, keep, origins = ask
        form = parsed.form
        if form == "move":  # the common case first: a piece's or a pawn's move
            if to is None or keep is None:
                return []
            found = self.variant.legal_moves(pos, to=to, kinds=kinds, keep=keep, origins=origins)
            return _by_suffix(found, parsed.rest) if parsed.rest or len(found) > 1 else found
        if form == "castle":
            return self._castles(pos, long=parsed.long)
        if to is None:
            return []
        kind = parsed.piece or PAWN
        found = self.variant.legal_moves(
            pos, to=to, keep=lambda m: m.frm is None and _drops(m, kind)
        )
        return _by_suffix(found, parsed.rest)

    def _plan_of(self, parsed: SanParts) -> _Plan:
        """:meth:`_plan`, remembered per reading (texts that differ in their suffixes
        alone share it)."""
        plan = self._plans.get(parsed)
        if plan is None:
            plan = self._plan(parsed)
            if len(self._plans) < _REMEMBERED:
                self._plans[parsed] = plan
        return plan

    def _plan(self, parsed: SanParts) -> _Plan:
        """How the legal moves a reading of a move names are asked for: the kinds, the
        test of each candidate and the squares it may start from (None, None, None:
        the from-square is not on the board).  What they test depends on the reading
        alone, so a reading's plan is made once (real games repeat their texts)."""
        piece, file, rank = parsed.piece, parsed.file, parsed.rank
        from_square = None
        if file and rank:
            from_square = self.index.get(file + rank)
            if from_square is None:
                return None, None, None
        kinds: frozenset[str] | None
        if piece:
            kinds = _one_kind(piece)
        elif from_square is not None:
            kinds = None
        else:
            kinds = _one_kind(PAWN)
        promo = parsed.promo
        names = self.names

        def keep(m: Move) -> bool:
            if m.frm is None or (m.promotion or None) != promo:
                return False
            if from_square is not None:
                return m.frm == from_square
            name = names[m.frm]
            return (not file or name[0] == file) and (not rank or name[1:] == rank)

        origins = None
        if file or rank:
            geo = self.variant.geometry
            file_index = ord(file) - ord("a") if file else -1
            rank_index = int(rank) - 1 if rank else -1

            def origins(sq: int) -> bool:
                return (file_index < 0 or geo.file_of(sq) == file_index) and (
                    rank_index < 0 or geo.rank_of(sq) == rank_index
                )

        return kinds, keep, origins

    def _castles(self, pos: Position, *, long: bool) -> list[Move]:
        geo = self.variant.geometry
        found = []
        for m in self.variant.legal_moves(pos, kinds=self.variant.castlers, keep=_is_castling):
            if m.frm is None:
                continue
            kingside = geo.file_of(m.to) > geo.file_of(m.frm)
            if kingside != long:
                found.append(m)
        return found

    def _illegal(self, pos: Position, text: str) -> IllegalMoveError:
        legal = pos.legal_moves()
        written = [self.write_plain(pos, m) for m in legal]
        nearest = tuple(difflib.get_close_matches(text, written, n=5, cutoff=0.0))
        hint = f"nearest legal: {', '.join(nearest)}" if nearest else "no legal moves"
        return IllegalMoveError(
            f"illegal move {text!r} in {pos.fen()}; {hint}",
            text=text,
            fen=pos.fen(),
            nearest=nearest,
        )


class SanParts(NamedTuple):
    """One reading of a move text: ``form`` is "castle", "drop" or "move"."""

    form: str
    long: bool = False
    piece: str = ""
    file: str = ""
    rank: str = ""
    to: str = ""
    promo: str | None = None
    rest: str = ""


#: how many texts a notation remembers the readings of, and readings the plan of
_REMEMBERED = 4096

#: how the moves of one reading are asked for: the kinds, the test of each
#: candidate, the test of its from-square (:meth:`SanNotation._plan`)
_Plan = tuple[
    "frozenset[str] | None", "Callable[[Move], bool] | None", "Callable[[int], bool] | None"
]


#: a reading of a text, with its target square (None: not on the board, or a castling)
#: and its plan (:meth:`SanNotation._plan`; None for a castling or a drop)
_Ask = tuple[
    SanParts,
    "int | None",
    "frozenset[str] | None",
    "Callable[[Move], bool] | None",
    "Callable[[int], bool] | None",
]
#: a text prepared for reading: its readings, and its piece letter raised or None
_Prepared = tuple[tuple[_Ask, ...], "str | None"]
_NO_PLAN: _Plan = (None, None, None)


@lru_cache(maxsize=4096)
def parse_san(text: str) -> tuple[SanParts, ...]:
    """The readings of ``text``, most likely first: as written, then with upper-case
    squares lowered (``E4``, ``NG1F3``).  Cached: real games repeat their texts."""
    core = _core(text)
    readings: list[SanParts] = []
    for attempt in dict.fromkeys((core, _UPPER_SQUARE.sub(_lower, core))):
        readings.extend(_parse_one(attempt))
    return tuple(readings)


def _spelling(text: str) -> str:
    """``text`` without a glued move number, figurines as letters."""
    return _MOVE_NUMBER.sub("", text.strip().translate(_FIGURINES))


def _core(text: str) -> str:
    """What is left of ``text`` to parse: no move number, annotation, check sign or
    en passant mark."""
    core = _ANNOTATION.sub("", _spelling(text))
    return _ANNOTATION.sub("", _EN_PASSANT_MARK.sub("", core))


def _parse_one(text: str) -> list[SanParts]:
    """Readings of one spelling.  A letter after the target is first taken as a
    promotion (``e8Q``, ``e8/Q``), then as the start of a coordinate suffix
    (``Cxb6/x``, ``Kg12-h12k12g12``)."""
    if _CASTLE.match(text):
        return [SanParts("castle", long=sum(c in "O0o" for c in text) == 3)]
    drop = _DROP.match(text)
    if drop:
        return [SanParts("drop", piece=(drop[1] or "").upper(), to=drop[2], rest=drop[3])]
    parts = _MOVE.match(text)
    if not parts:
        return []
    reading = SanParts(
        "move",
        piece=parts["piece"] or "",
        file=parts["file"] or "",
        rank=parts["rank"] or "",
        to=parts["to"],
        promo=(parts["promo"] or "").upper() or None,
        rest=parts["rest"],
    )
    if not parts["promo_all"]:
        return [reading]
    return [reading, reading._replace(promo=None, rest=parts["promo_all"] + parts["rest"])]


def _is_drop(move: Move) -> bool:
    return move.frm is None


def _is_castling(move: Move) -> bool:
    return move.tag == MoveKind.CASTLE


def _drops(move: Move, label: str) -> bool:
    """Whether ``move`` drops what ``label`` names (a bare letter names any cargo)."""
    dropped = (move.drop or "").upper()
    return dropped == label or ("(" not in label and dropped.split("(")[0] == label)


def _lower(match: re.Match[str]) -> str:
    return match.group(1).lower()


def _same_line(line_of: Callable[[int], int], others: list[int], frm: int) -> bool:
    """Whether a square of ``others`` shares ``frm``'s file (or rank, per ``line_of``)."""
    return any(line_of(o) == line_of(frm) for o in others)


def _disambiguation(geo: Geometry, others: list[int], frm: int, frm_name: str) -> str:
    """The from-square part SAN needs: the file if it tells the pieces apart, else
    the rank, else both (python-chess's rule, which the PGN standard describes)."""
    same_file = _same_line(geo.file_of, others, frm)
    same_rank = _same_line(geo.rank_of, others, frm)
    file_part = frm_name[0] if same_rank or not same_file else ""
    rank_part = frm_name[1:] if same_file else ""
    return file_part + rank_part


@lru_cache(maxsize=256)
def _one_kind(kind: str) -> frozenset[str]:
    """``{kind}``, one object per kind: the generator's caches keyed by kinds find it
    by its kept hash."""
    return frozenset((kind,))


def _by_suffix(found: list[Move], rest: str) -> list[Move]:
    """Keep the moves a trailing text names: exact suffix first, else unsuffixed-or-all."""
    if rest:
        return [m for m in found if m.suffix and m.suffix == rest]
    if len(found) > 1:
        plain = [m for m in found if not m.suffix]
        if len(plain) == 1:
            return plain
    return found
