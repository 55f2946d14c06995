"""A Zillions saved game's move text, in one place: how a step is written
(:meth:`SavedGameText.step`), how a PGN word is read back into it
(:meth:`SavedGameText.unjoined`), and when two texts name the same move
(:meth:`SavedGameText.writes`).  A move's identity is its actions; its text is
what a saved game shows of them.

When two saved-game texts of a step name the same move in another order.

A Zillions saved game writes a step as its parts and effects, one after the
other (``NKaze IVc - 1b North NKaze 1b x IIIb x IVb x IIIc``).  Where a step
has several effects of one kind, the order Zillions writes them in is not the
order its program runs them in every file, and the reference does not say
which order it uses (docs/zrf.md, "Effect order").  Effects on different
positions change the board alike in either order, so replay takes a text
that is the engine's own with such effects reordered as the same move.

The text is cut into *chunks*, one per part or effect; two chunks commute when
they touch no common position.  The key of a text is the least ordering (by
chunk text) that keeps every pair of touching chunks in their written order:
two texts have the same key exactly when one is the other with commuting
chunks swapped.

>>> key = written_key
>>> players, pieces = frozenset({"White"}), frozenset({"Man", "Mark"})
>>> key("Man a1 - a2 x b3 x c4", players, pieces) == key(
...     "Man a1 - a2 x c4 x b3", players, pieces)
True
>>> key("Man a1 - a2 x a2", players, pieces) == key("x a2 Man a1 - a2", players, pieces)
False
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from trebuchet.variants.pieces import Piece
from trebuchet.variants.zrf.program import (
    Capture,
    ChangeOwner,
    ChangeType,
    Create,
    Effect,
    Emitted,
    Flip,
    SetAttribute,
)

if TYPE_CHECKING:
    from trebuchet.variants.zrf.game import ZrfMove
    from trebuchet.variants.zrf.spec import GameSpec

#: how a saved game writes a pass (a null move)
PASS = "Pass"

#: between the steps of a turn in a move's text (no ZRF name holds it: ``;``
#: starts a comment in a rules file)
STEP_SEPARATOR = " ; "

#: a chunk's words, and the positions it touches
Chunk = tuple[str, frozenset[str]]

#: the words that begin an effect
_KEYWORDS = frozenset(("x", "=", "@", "flip"))


def written_key(text: str, players: frozenset[str], pieces: frozenset[str]) -> tuple[str, ...]:
    """The order-free key of one step's text; a text that cannot be cut into
    chunks is its own key (it matches only itself)."""
    chunks = chunks_of(text.split(), players, pieces)
    if chunks is None:
        return (text,)
    return _least_order(chunks)


def chunks_of(
    words: Sequence[str], players: frozenset[str], pieces: frozenset[str]
) -> list[Chunk] | None:
    """The parts and effects of a step's words, or None where a word fits no form.

    A change written without ``on`` (``= Queen``) is of the square the chunk
    before it ends on, so it is kept with that chunk."""
    chunks: list[Chunk] = []
    at = 0
    while at < len(words):
        size, touched = _chunk_at(words, at, players, pieces)
        if size == 0:
            return None
        text = " ".join(words[at : at + size])
        if touched is None:
            if not chunks:
                return None
            before, squares = chunks.pop()
            chunks.append((f"{before} {text}", squares))
        else:
            chunks.append((text, touched))
        at += size
    return chunks


def _chunk_at(
    words: Sequence[str], at: int, players: frozenset[str], pieces: frozenset[str]
) -> tuple[int, frozenset[str] | None]:
    """How many words the chunk at ``at`` has (0: none fits) and what it touches."""
    rest = len(words) - at
    word = words[at]
    if word in pieces and rest >= 4 and words[at + 2] in ("-", "x"):
        return 4, frozenset((words[at + 1], words[at + 3]))
    if word in ("x", "flip") and rest >= 2:
        return 2, frozenset((words[at + 1],))
    if word == "@" and rest >= 4:
        return 4, frozenset((words[at + 1],))
    if word == "=" and rest >= 2:
        if rest >= 4 and words[at + 2] == "on":
            # one change on several positions: ``= EV on 1F 19J``
            end = at + 4
            while end < len(words) and not _starts_chunk(words[end], players, pieces):
                end += 1
            return end - at, frozenset(words[at + 3 : end])
        return 2, None
    if word in players and rest >= 3 and words[at + 1] in pieces:
        return 3, frozenset((words[at + 2],))
    return 0, None


def _starts_chunk(word: str, players: frozenset[str], pieces: frozenset[str]) -> bool:
    return word in _KEYWORDS or word in players or word in pieces


def _least_order(chunks: list[Chunk]) -> tuple[str, ...]:
    """The least ordering of the chunks by text in which every chunk still comes
    after each earlier chunk that touches one of its positions."""
    waiting = [0] * len(chunks)
    after: list[list[int]] = [[] for _ in chunks]
    # the chunks on one position form a chain: an edge from the last one before
    # is enough (linear, where all earlier pairs would be quadratic)
    last: dict[str, int] = {}
    for later, (_, touched) in enumerate(chunks):
        for earlier in {last[p] for p in touched if p in last}:
            after[earlier].append(later)
            waiting[later] += 1
        for p in touched:
            last[p] = later
    ready = [(chunks[i][0], i) for i in range(len(chunks)) if not waiting[i]]
    heapq.heapify(ready)
    out: list[str] = []
    while ready:
        text, i = heapq.heappop(ready)
        out.append(text)
        for later in after[i]:
            waiting[later] -= 1
            if not waiting[later]:
                heapq.heappush(ready, (chunks[later][0], later))
    return tuple(out)


class SavedGameText:
    """How one game's moves read in its saved games: written from what a program
    emitted, and matched against what a file says.

    >>> from trebuchet import load_variant
    >>> chess = load_variant("examples/zillions/chess.zrf")
    >>> pos = chess.start_position()
    >>> chess.move_text(pos, pos.parse_move("e2e4"))
    'Pawn e2 - e4'
    >>> chess.written.step_alike("Pawn e2 - e4 x d5 x f5", "Pawn e2 - e4 x f5 x d5")
    True
    """

    def __init__(
        self, spec: GameSpec, square_names: Sequence[str], kinds: Mapping[str, str]
    ) -> None:
        self._players = spec.players
        self._squares = square_names
        #: kind key -> the piece's name in the file
        self._piece_names = {kinds[piece.name]: piece.name for piece in spec.pieces}
        self._attribute_numbers = attribute_numbers(spec)
        self._names = (frozenset(spec.players), frozenset(p.name for p in spec.pieces))
        #: the names of the game that hold a "_" (a PGN word's "_" is a space elsewhere)
        self._joined = frozenset(
            n for n in (*spec.players, *(p.name for p in spec.pieces), *square_names) if "_" in n
        )

    def step(self, board: Sequence[Piece | None], em: Emitted, owner: int) -> str:
        """The saved-game text of one step: every part, then the effects in the
        order they ran (:func:`written_order`); ``Pass`` for a step that does nothing."""
        names, kind_name = self._squares, self._piece_names
        words: list[str] = []
        last_to = -1
        for number, part in enumerate(em.parts):
            name = kind_name[part.piece.kind]
            if part.frm is None:
                words.append(f"{self._players[owner]} {name} {names[part.to]}")
            else:
                before = board[part.frm]
                promoted = em.promotion is not None and number == len(em.parts) - 1
                mover = name if before is None or not promoted else kind_name[before.kind]
                sign = "x" if part.captures else "-"
                words.append(f"{mover} {names[part.frm]} {sign} {names[part.to]}")
            last_to = part.to
        for effect in written_order(em.effects):
            sq = effect.sq
            here = "" if sq == last_to else f" on {names[sq]}"
            match effect:
                case Capture():
                    words.append(f"x {names[sq]}")
                case Create(piece=made):
                    maker = self._players[made.color or 0]
                    words.append(f"{maker} {kind_name[made.kind]} {names[sq]}")
                case ChangeType(kind=kind):
                    _write_change(words, kind_name[kind], here)
                case ChangeOwner(player=player):
                    _write_change(words, self._players[player], here)
                case Flip():
                    words.append(f"flip {names[sq]}")
                case SetAttribute(name=name, value=value):
                    index = self._attribute_numbers.get(name, 0)
                    words.append(f"@ {names[sq]} {index} {1 if value else 0}")
            last_to = -1  # "on pos" may be left out only right after the part ending there
        if em.promotion is not None and em.parts:
            dest = em.parts[-1].to
            here = "" if dest == last_to else f" on {names[dest]}"
            words.append(f"= {kind_name[em.promotion]}{here}")
        return " ".join(words) or PASS

    def unjoined(self, word: str) -> str:
        """The saved-game text of a PGN word (``ZrfNotation``): ``/`` between
        steps, ``_`` for spaces, except inside a name of the game that holds one
        (Chu Shogi's ``Lion_part-move``)."""
        steps = []
        for step in word.split("/"):
            parts = [p for p in step.split("_") if p]
            words: list[str] = []
            at = 0
            while at < len(parts):
                end = next(
                    (
                        j
                        for j in range(len(parts), at + 1, -1)
                        if "_".join(parts[at:j]) in self._joined
                    ),
                    at + 1,
                )
                words.append("_".join(parts[at:end]))
                at = end
            steps.append(" ".join(words))
        return STEP_SEPARATOR.join(steps)

    def turn_alike(self, move: ZrfMove, texts: Sequence[str]) -> bool:
        """Whether ``texts`` write ``move``'s steps, their commuting effects in any
        order: Zillions' own order is not published."""
        steps = move.turn_steps
        if len(steps) != len(texts):
            return False
        return all(self.writes(step, text) for step, text in zip(steps, texts, strict=True))

    def writes(self, step: ZrfMove, text: str) -> bool:
        """Whether ``text`` writes the step: its text or another program's text of
        the same move (``ZrfMove.aliases``), commuting effects in any order."""
        return any(self.step_alike(ours, text) for ours in (step.text, *step.aliases))

    def step_alike(self, ours: str, theirs: str) -> bool:
        """Whether two texts of one step name the same move."""
        mine, other = ours.split(), theirs.split()
        if mine == other:
            return True
        if sorted(mine) != sorted(other):
            return False  # not even the same words: no reordering makes them one
        players, pieces = self._names
        return written_key(ours, players, pieces) == written_key(theirs, players, pieces)


def _write_change(words: list[str], name: str, here: str) -> None:
    """A change of type or owner, after the words before it: Zillions writes a run
    of the same change on several positions once (Ko Shogi's ``= EV on 1F 19J``)."""
    if here and words and words[-1].startswith(f"= {name} on "):
        words[-1] += here.removeprefix(" on")
    else:
        words.append(f"= {name}{here}")


def attribute_numbers(spec: GameSpec) -> dict[str, int]:
    """The number a saved game writes for each attribute (``@ pos N value``).

    Zillions numbers the attributes of the whole game, not of each piece: Yonin
    Shogi writes South as 3 on a piece that declares no attribute, and Ko Shogi
    writes enemy-pass? as 4 on pieces that declare one attribute and three.
    Every saved game of the corpus fits this rule: read the declarations from
    the last piece's last attribute back to the first piece's first; each name
    is numbered 0, 1, 2… where it is first met (docs/zrf.md, "Attribute numbers").

    >>> from trebuchet.variants.zrf.spec import PieceSpec
    >>> def piece(*names: str) -> PieceSpec:
    ...     return PieceSpec("P", (), (), tuple((n, False) for n in names), 0)
    >>> class Spec:
    ...     pieces = (piece("a", "b"), piece("c", "a"))
    >>> attribute_numbers(Spec())  # type: ignore[arg-type]
    {'a': 0, 'c': 1, 'b': 2}
    """
    order: dict[str, int] = {}
    for piece in reversed(spec.pieces):
        for name, _ in reversed(piece.attributes):
            order.setdefault(name, len(order))
    return order


def written_order(effects: Sequence[Effect]) -> list[Effect]:
    """Position effects in the order a saved game writes them: the captures last,
    each kind in the order they ran (Duke's strike runs ``capture`` before
    ``create`` and writes the creation first)."""
    return sorted(effects, key=lambda e: type(e) is Capture)
