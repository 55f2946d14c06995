"""When two saved-game texts of a step name the same move in another order.

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
from collections.abc import Sequence

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
