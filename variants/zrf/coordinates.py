"""Coordinate notation for Zillions games: ``e2e4``, ``e7e8q``, ``X@e4``.

A Zillions game's own notation is the saved-game text (``Pawn e2 - e4``); the
coordinate forms every trebuchet game reads are read too, so that ``trebuchet
play Chess.zrf e2e4 e7e5`` works as it does for the native games:

* ``e2e4`` (also ``e2-e4``, ``e2 e4``): the move whose first part goes from the
  one position to the other; where several do, the one after which the piece
  is still of its kind, and of those a move of one part before moves of more
  (a King's step before a castling that lands it there too);
* ``g1h1k1g1``: the move whose first part goes g1-h1 and whose second goes
  k1-g1, as trebuchet writes Titan Chess's castlings;
* ``b1a1`` where b1 and a1 hold pieces of one side: the move made by the piece
  on b1 that also moves the one on a1 or changes it in place, as trebuchet
  writes a Chess960 castling (king takes rook), whether King or Rook moves;
* ``c6c6f``: the piece on c6 changed where it stands into the kind ``f`` names
  (a block that adds its own square: Sittuyin's promotion in place);
* ``e7e8q``: the same, after which the piece is of a kind whose notation (the
  file's ``(notation …)``), letter or name is ``q``, in any case, or whose
  notation is ``q~`` (a promoted piece kept as a type of its own, as trebuchet's
  export of crazyhouse keeps its ``Q~``; ``b`` means either of the exported
  Bishop's two types, ``Light-Bishop`` and ``Dark-Bishop``);
* ``X@e4`` (or ``X*e4``): the drop of a piece of kind X onto e4, from the
  reserve, or from a hand kept on positions beside the board's grid (a piece of
  kind X moving from one of them onto e4, as trebuchet's export of Shatranj of
  Troy keeps its hands);
* ``e2d4,C@e2``: a move that ``e2d4`` names and that also leaves a piece of kind
  C on e2 (Shatranj of Troy's Horse leaving a Camel behind);
* ``g1f3h``, where no move from g1 to f3 makes an ``h``: the move from g1 to f3
  that puts a piece of kind ``h`` on g1, or the move made by the piece on f3
  that puts one on g1 (S-chess's gating as trebuchet writes it: ``e1g1h`` a
  castling gated on the King's square, ``h1e1h`` on the Rook's).

Position names are the board's own (any case), so ``x1a8`` splits wherever it
splits into two of them.

>>> split_squares(["e2", "e4", "e8"].__contains__, "e2e4")
[('e2', 'e4', '')]
>>> split_squares(["e7", "e8"].__contains__, "e7e8q")
[('e7', 'e8', 'q')]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from trebuchet.variants.move import Action, Move, Place, Remove
from trebuchet.variants.position import Position
from trebuchet.variants.zrf.program import ChangeType

if TYPE_CHECKING:
    from trebuchet.variants.zrf.game import ZrfVariant

_DROP = re.compile(r"^(?P<kind>[^\s@*]+)[@*](?P<at>\S+)$")
_LEAVING = re.compile(r"^(?P<move>[^,]+),(?P<kind>[^\s@*,]+)[@*](?P<at>\S+)$")
#: between the two positions of ``e2-e4``, ``e2 e4``, ``e2 x e4``
_SEPARATOR = re.compile(r"\s+x\s+|\s*[-:]\s*|\s+")


def coordinate_moves(
    game: ZrfVariant, pos: Position, legal: Sequence[Move], text: str
) -> list[Move]:
    """The moves among ``legal`` that the coordinate text names (none if it names
    none; several if it is ambiguous)."""
    word = text.strip()
    leaving = _LEAVING.match(word)
    if leaving is not None:
        return _leaving(game, legal, leaving["move"], leaving["kind"], leaving["at"])
    drop = _DROP.match(word)
    if drop is not None:
        kind = game.kind_named(drop["kind"])
        at = game.geometry.index_of(drop["at"])
        return [
            m
            for m in legal
            if m.to == at
            and kind is not None
            and (m.drop == kind if m.frm is None else _from_hand(game, pos, m.frm, kind))
        ]
    found: list[Move] = []
    for frm, to, letter in _readings(game, word):
        start, end = game.geometry.index_of(frm), game.geometry.index_of(to)
        moving = [m for m in legal if source(m) == start and m.to == end]
        if letter:
            kinds = game.kinds_meant(letter) | game.kinds_meant(f"{letter}~")
            promoted = [m for m in moving if becomes(pos, m) in kinds]
            found.extend(promoted or _gating(legal, start, end, kinds))
        elif moving:
            plain = [m for m in moving if becomes(pos, m) is None]
            single = [m for m in plain if len(_parts(m)) == 1]
            chosen = single or plain or moving
            # not a twin that fills a square its pieces leave (S-chess's gating)
            bare = [m for m in chosen if not _fills_left_square(m)]
            found.extend(bare or chosen)
    return found or _two_parts(game, legal, word) or _with_friend(game, pos, legal, word)


def _gating(
    legal: Sequence[Move], at: int | None, other: int | None, kinds: frozenset[str]
) -> list[Move]:
    """The moves that put a piece of one of ``kinds`` on ``at`` and go from ``at``
    to ``other`` (of those, a move of one part before a castling that lands the
    King there too): S-chess's gating as trebuchet writes it, ``g1f3h``, a
    castling gated on the King's square ``e1g1h``; else those made by the piece on
    ``other`` (a castling gated on the Rook's square, ``h1e1h``) or made by the
    piece on ``at`` that move the friend on ``other`` too (Seirawan960's castling
    written king-takes-rook, gated on the King's square: ``b1a1h``)."""
    gating = [m for m in legal if any(_puts(a, at, kinds) for a in m.actions)]
    direct = [m for m in gating if m.frm == at and m.to == other]
    if direct:
        return [m for m in direct if len(_parts(m)) == 1] or direct
    return [
        m
        for m in gating
        if _origin(m) == other or (_origin(m) == at and other in _touched(m))
    ]


def _fills_left_square(move: Move) -> bool:
    """Whether ``move`` puts a piece on a square one of its parts leaves."""
    left = {frm for frm, _ in _parts(move)}
    return any(type(a) is Place and a.sq in left for a in move.actions)


def _puts(action: Action, sq: int | None, kinds: frozenset[str]) -> bool:
    """Whether ``action`` puts a piece of one of ``kinds`` on ``sq``."""
    return type(action) is Place and action.sq == sq and action.piece.kind in kinds


def _from_hand(game: ZrfVariant, pos: Position, sq: int, kind: str) -> bool:
    """Whether a piece of ``kind`` stands on ``sq``, a position beside the board's
    grid (the extra positions come after the grid's cells)."""
    piece = pos.board[sq]
    return sq >= game.geometry.grid_size and piece is not None and piece.kind == kind


def _leaving(
    game: ZrfVariant, legal: Sequence[Move], word: str, kind_text: str, at_text: str
) -> list[Move]:
    """The moves whose first part ``word`` names (whatever the piece becomes) and
    that leave a piece of the kind ``kind_text`` on ``at_text``."""
    kind = game.kind_named(kind_text)
    at = game.geometry.index_of(at_text)
    found: list[Move] = []
    for frm, to, letter in _readings(game, word):
        if letter:
            continue
        start, end = game.geometry.index_of(frm), game.geometry.index_of(to)
        found.extend(
            m
            for m in legal
            if m.frm == start
            and m.to == end
            and any(type(a) is Place and a.sq == at and a.piece.kind == kind for a in m.actions)
        )
    return found


def source(move: Move) -> int | None:
    """Where the piece a move is written by starts: the move's from-square, or for a
    piece changed where it stands (a Zillions move with no part, only the change
    of type on its block's own square: Sittuyin's promotion in place, ``c6c6f``)
    that square; None for a drop and any other move without a from-square."""
    if move.frm is not None:
        return move.frm
    emitted = getattr(move, "emitted", None)
    if emitted is None or emitted.parts or move.drop is not None:
        return None
    changed = [e.sq for e in emitted.effects if type(e) is ChangeType]
    return emitted.origin if changed == [emitted.origin] == [move.to] else None


def _parts(move: Move) -> tuple[tuple[int | None, int], ...]:
    """The (from, to) of each part of a Zillions move (none for another move).  Read
    off the move's ``emitted`` record: the engine's move class imports this module."""
    emitted = getattr(move, "emitted", None)
    return tuple((p.frm, p.to) for p in emitted.parts) if emitted is not None else ()


def _two_parts(game: ZrfVariant, legal: Sequence[Move], word: str) -> list[Move]:
    """The moves whose first two parts go between the four positions ``word`` names."""
    is_square = _is_square(game)
    index = game.geometry.index_of
    found: list[Move] = []
    for cut in range(2, len(word) - 1):
        for f1, t1, l1 in split_squares(is_square, word[:cut]):
            for f2, t2, l2 in split_squares(is_square, word[cut:]):
                if l1 or l2:
                    continue
                wanted = ((index(f1), index(t1)), (index(f2), index(t2)))
                found.extend(m for m in legal if _parts(m)[:2] == wanted)
    return found


def _with_friend(
    game: ZrfVariant, pos: Position, legal: Sequence[Move], word: str
) -> list[Move]:
    """The moves made by the piece on the first position named that also move or
    change the friend on the second (a castling written king-takes-rook)."""
    found: list[Move] = []
    for frm, to, letter in _readings(game, word):
        start, friend = game.geometry.index_of(frm), game.geometry.index_of(to)
        if letter or start is None or friend is None:
            continue
        mover, other = pos.board[start], pos.board[friend]
        if mover is None or other is None or mover.color != other.color:
            continue
        found.extend(m for m in legal if _origin(m) == start and friend in _touched(m))
    # not a twin that gates a piece in (Seirawan960's castling)
    bare = [m for m in found if not _fills_left_square(m)]
    return bare or found


def _touched(move: Move) -> set[int]:
    """The positions a Zillions move's parts leave and its effects act on."""
    emitted = getattr(move, "emitted", None)
    if emitted is None:
        return set()
    return {p.frm for p in emitted.parts if p.frm is not None} | {e.sq for e in emitted.effects}


def _origin(move: Move) -> int | None:
    """The position of the piece whose block made a Zillions move (None for another)."""
    emitted = getattr(move, "emitted", None)
    return emitted.origin if emitted is not None else None


def _readings(game: ZrfVariant, word: str) -> list[tuple[str, str, str]]:
    """Every way ``word`` reads as two positions and a promotion letter."""
    is_square = _is_square(game)
    parts = [p for p in _SEPARATOR.split(word) if p]
    if len(parts) == 2:
        return split_squares(is_square, parts[0] + parts[1], first=parts[0])
    if len(parts) == 1:
        return split_squares(is_square, word)
    return []


def split_squares(
    is_square: Callable[[str], bool], word: str, *, first: str | None = None
) -> list[tuple[str, str, str]]:
    """The ways ``word`` is a position, a position and perhaps one letter more
    (``first``: the first position is this one)."""
    out = []
    cuts = [len(first)] if first is not None else range(1, len(word))
    for cut in cuts:
        frm, rest = word[:cut], word[cut:]
        if not is_square(frm):
            continue
        if is_square(rest):
            out.append((frm, rest, ""))
        elif len(rest) > 1 and rest[-1].isalpha() and is_square(rest[:-1]):
            out.append((frm, rest[:-1], rest[-1]))
    return out


def _is_square(game: ZrfVariant) -> Callable[[str], bool]:
    return lambda name: game.geometry.index_of(name) is not None


def lost_promotion(move: Move) -> str | None:
    """The kind ``move`` promotes its piece to where the piece is gone from the board
    by the move's end (an atomic capture blows the pawn up as it promotes), else None.

    Each choice is the player's: Zillions asks for it and writes it (``= Queen on
    b8``), so the moves to each kind stay apart though the board ends alike, and
    coordinates name them by the kind (``a7b8q``).  Read off the move's ``emitted``
    record: the engine's move class imports this module.
    """
    emitted = getattr(move, "emitted", None)
    if emitted is None or emitted.promotion is None:
        return None
    touching = [a for a in move.actions if move.to in _squares(a)]
    return emitted.promotion if touching and type(touching[-1]) is Remove else None


def _squares(action: object) -> tuple[int, ...]:
    """The board squares an action writes (none for a reserve's count)."""
    return tuple(getattr(action, name) for name in ("frm", "to", "sq") if hasattr(action, name))


def becomes(pos: Position, move: Move) -> str | None:
    """The kind the moving piece has after ``move`` where it differs from its kind
    before (a promotion, or a promotion whose piece does not survive the move:
    :func:`lost_promotion`), else None."""
    frm = source(move)
    if frm is None:
        return None
    lost = lost_promotion(move)
    if lost is not None:
        return lost
    before = pos.board[frm]
    pos.push(move)
    try:
        after = pos.board[move.to]
    finally:
        pos.pop()
    if before is None or after is None or after.kind == before.kind:
        return None
    return after.kind


__all__ = ["becomes", "coordinate_moves", "lost_promotion", "source", "split_squares"]
