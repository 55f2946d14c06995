"""Standard Algebraic Notation, generalised to every board and piece set.

Writing follows the PGN standard for FIDE chess exactly (it equals
python-chess's ``board.san``): piece letter (none for pawns), the fewest
from-square parts that tell the piece apart (file, else rank, else both), ``x``
for captures, ``=Q`` for promotion, ``O-O``/``O-O-O`` for castling, ``+``/``#``.
For other games:

* piece letters are the variant's kind letters; the letterless kind is ``P``;
* squares are the board's names, with two-digit ranks (``l12``);
* drops are ``N@e4`` (pawns too: ``P@e4``, as XBoard and Fairy-Stockfish write);
* castling is ``O-O`` / ``O-O-O`` when it is the only castling move towards
  that side, otherwise the king's move in long form, ``Kf1-i1``;
* a move whose SAN would equal another legal move's (two moves with one
  from/to but different side effects) gets the coordinate notation's suffix
  appended, so the text still names exactly one move.

Reading is tolerant and works by matching: the text is split into parts
(piece, from-file, from-rank, target, promotion, suffix) and the one legal
move that fits them all is the answer.  Long algebraic (``Ng1-f3``, ``e2xe4``,
``Ng1f3``), coordinate notation, upper-case squares, ``0-0``, ``e8Q`` and
annotations (``!?``) are all accepted.  Null moves (``--``, ``Z0``) are not
moves of any position and are handled by the replay, not here.
"""

from __future__ import annotations

import difflib
import re
import weakref
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import NamedTuple

from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError
from trebuchet.variants.geometry import Geometry
from trebuchet.variants.move import Move
from trebuchet.variants.pieces import WALL
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
_UPPER_SQUARE = re.compile(r"([A-Z])(?=\d)")


def has_standard_generation(variant: Variant) -> bool:
    """Whether ``variant`` leaves move generation and legality to the core unchanged.

    Then legal moves to one square can be found by generating only the pieces
    that matter and testing only them for legality, which is what makes
    replaying a game several times faster than listing every legal move.
    """
    cls = type(variant)
    return (
        cls.legal_moves is Variant.legal_moves
        and cls.pseudo_legal_moves is Variant.pseudo_legal_moves
        and cls.is_safe is Variant.is_safe
    )


def moves_to(
    pos: Position,
    to: int | None,
    kinds: Iterable[str] | None = None,
    keep: Callable[[Move], bool] | None = None,
    origins: Callable[[int], bool] | None = None,
) -> list[Move]:
    """Legal moves of pieces of ``kinds`` (None: any) ending on ``to`` (None: anywhere)
    for which ``keep`` holds; ``keep`` is asked before the (costly) legality test.
    ``origins``, if given, says which squares' pieces need generating at all."""
    variant = pos.variant
    wanted = frozenset(kinds) if kinds is not None else None

    def fits(m: Move) -> bool:
        return (
            (to is None or m.to == to)
            and (wanted is None or _kind_of(pos, m) in wanted)
            and (keep is None or keep(m))
        )

    if not has_standard_generation(variant):
        return [m for m in variant.legal_moves(pos) if fits(m)]
    us = pos.turn
    found: list[Move] = []
    board = pos.board
    # WALL has no colour, so the colour test also skips missing squares
    if wanted is None:
        squares = [sq for sq, p in enumerate(board) if p is not None and p.color is us]
    elif to is None:
        squares = [
            sq for sq, p in enumerate(board) if p is not None and p.color is us and p.kind in wanted
        ]
    else:
        sources = _sources(variant)
        squares = sorted(
            sq
            for kind in wanted
            for sq in sources.get((us, kind, to), ())
            if (p := board[sq]) is not None and p.color is us and p.kind == kind
        )
    for sq in squares:
        if origins is not None and not origins(sq):
            continue
        piece = board[sq]
        assert piece is not None
        ptype = piece.type
        assert ptype is not None
        raw: list[Move] = []
        ptype.generate(pos, sq, piece, raw)
        if to is not None:
            raw = [m for m in raw if m.to == to]
        if raw and ptype.promotes:
            variant.add_promotions(pos, piece, raw, found)
        else:
            found.extend(raw)
    if _may_have_special(variant, wanted):
        variant.add_special_moves(pos, us, found)
    return variant.filter_legal(pos, [m for m in found if fits(m)])


_SOURCES: weakref.WeakKeyDictionary[
    Variant, dict[tuple[bool, str, int], tuple[int, ...]]
] = weakref.WeakKeyDictionary()


def _sources(variant: Variant) -> dict[tuple[bool, str, int], tuple[int, ...]]:
    """(colour, kind, square) -> the squares from which such a piece could reach it:
    the piece kinds' reach (``PieceType.targets``) turned round, once per variant."""
    table = _SOURCES.get(variant)
    if table is None:
        found: dict[tuple[bool, str, int], list[int]] = {}
        for ptype in variant.types.values():
            for color in (True, False):
                for sq in range(variant.geometry.size):
                    for t in ptype.targets(color, sq):
                        found.setdefault((color, ptype.letter, t), []).append(sq)
        table = _SOURCES[variant] = {k: tuple(v) for k, v in found.items()}
    return table


def _may_have_special(variant: Variant, kinds: frozenset[str] | None) -> bool:
    """Whether special moves can be among the moves of ``kinds``.

    The core's own special moves are castling moves, made by the royal piece;
    a variant that adds others (drops, launches) overrides add_special_moves,
    and then they are always generated.
    """
    if type(variant).add_special_moves is not Variant.add_special_moves or kinds is None:
        return True
    return any(variant.types[k].royal for k in kinds if k in variant.types)


def _kind_of(pos: Position, move: Move) -> str:
    """The kind that makes ``move``: the dropped kind, or the piece on its from-square."""
    if move.frm is None:
        return (move.drop or "").upper()
    piece = pos.board[move.frm]
    return piece.kind if piece is not None and piece is not WALL else ""


def check_suffix(pos: Position, move: Move) -> str:
    """``#`` if ``move`` mates, ``+`` if it checks, else empty."""
    pos.push(move)
    try:
        if not pos.is_check():
            return ""
        return "+" if pos.legal_moves() else "#"
    finally:
        pos.pop()


class SanNotation:
    """SAN for one variant; see the module documentation for the rules."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.names = variant.geometry.names
        self.index = {name: sq for sq, name in enumerate(self.names)}

    # -- writing -----------------------------------------------------------
    def write(self, pos: Position, move: Move) -> str:
        return self.write_plain(pos, move) + check_suffix(pos, move)

    def write_plain(self, pos: Position, move: Move) -> str:
        """SAN without the check suffix."""
        names = self.names
        if move.frm is None:
            return f"{self._drop_label(pos, move)}@{names[move.to]}" + move.suffix
        kind = _kind_of(pos, move)
        castle = move.tag == "castle"
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
            for m in moves_to(pos, move.to, None, lambda m: m.frm is None)
            if (m.drop or "").upper()[:1] == letter
        }
        return full if len(others) > 1 else letter

    def _castle(self, pos: Position, move: Move) -> str:
        assert move.frm is not None
        geo = self.variant.geometry
        kingside = geo.file_of(move.to) > geo.file_of(move.frm)
        same_side = [
            m
            for m in moves_to(pos, None, {_kind_of(pos, move)})
            if m.tag == "castle" and m.frm == move.frm
            and (geo.file_of(m.to) > geo.file_of(move.frm)) == kingside
        ]
        if len(same_side) == 1:
            return "O-O" if kingside else "O-O-O"
        return f"{_kind_of(pos, move)}{self.names[move.frm]}-{self.names[move.to]}"

    def _ordinary(self, pos: Position, move: Move, kind: str) -> str:
        assert move.frm is not None
        names = self.names
        geo = self.variant.geometry
        capture = "x" if move.is_capture() else ""
        promo = f"={move.promotion.upper()}" if move.promotion else ""
        others = [
            m.frm
            for m in moves_to(pos, move.to, {kind})
            if m.frm is not None and m.frm != move.frm and m.tag != "castle"
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
            for m in moves_to(pos, move.to, {kind})
            if m.frm == move.frm and m.promotion == move.promotion and m != move
        ]
        return bool(twins)

    # -- reading -----------------------------------------------------------
    def read(self, pos: Position, text: str) -> Move:
        for parsed in parse_san(text):
            found = self._matches(pos, parsed)
            if not found:
                continue
            if len(found) == 1:
                return found[0]
            raise AmbiguousMoveError(
                f"move {text!r} matches {len(found)} legal moves: "
                f"{', '.join(sorted(self.write_plain(pos, m) for m in found))}",
                text=text,
                fen=pos.fen(),
                nearest=tuple(pos.move_text(m) for m in found),
            )
        raise self._illegal(pos, text)

    def _matches(self, pos: Position, parsed: SanParts) -> list[Move]:
        """Legal moves the parts fit."""
        if parsed.form == "castle":
            return self._castles(pos, long=parsed.long)
        to = self.index.get(parsed.to)
        if to is None:
            return []
        if parsed.form == "drop":
            kind = parsed.piece or PAWN
            found = moves_to(pos, to, None, lambda m: m.frm is None and _drops(m, kind))
            return _by_suffix(found, parsed.rest)
        piece, file, rank = parsed.piece, parsed.file, parsed.rank
        from_square = None
        if file and rank:
            from_square = self.index.get(file + rank)
            if from_square is None:
                return []
        kinds: set[str] | None
        if piece:
            kinds = {piece}
        elif from_square is not None:
            kinds = None
        else:
            kinds = {PAWN}
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

        return _by_suffix(moves_to(pos, to, kinds, keep, origins), parsed.rest)

    def _castles(self, pos: Position, *, long: bool) -> list[Move]:
        geo = self.variant.geometry
        found = []
        for m in moves_to(pos, None, None):
            if m.tag != "castle" or m.frm is None:
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
            f"illegal move {text!r}; {hint}", text=text, fen=pos.fen(), nearest=nearest
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


@lru_cache(maxsize=4096)
def parse_san(text: str) -> tuple[SanParts, ...]:
    """The readings of ``text``, most likely first: as written, then with upper-case
    squares lowered (``E4``, ``NG1F3``).  Cached: real games repeat their texts."""
    core = _ANNOTATION.sub("", text.strip())
    readings: list[SanParts] = []
    for attempt in dict.fromkeys((core, _UPPER_SQUARE.sub(_lower, core))):
        readings.extend(_parse_one(attempt))
    return tuple(readings)


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


def _by_suffix(found: list[Move], rest: str) -> list[Move]:
    """Keep the moves a trailing text names: exact suffix first, else unsuffixed-or-all."""
    if rest:
        return [m for m in found if m.suffix and m.suffix == rest]
    if len(found) > 1:
        plain = [m for m in found if not m.suffix]
        if len(plain) == 1:
            return plain
    return found
