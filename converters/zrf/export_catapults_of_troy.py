"""Catapults of Troy (docs/rules/catapults-of-troy.md) written as ZRF.

A Zillions square holds one piece, so what the native game keeps as cargo and
terrain becomes pieces of their own:

* **The river** (CT-1): an unbridged river square holds a ``Water`` piece of a
  player who never moves (``River``), so every step, slide and leap stops there
  as at any piece, and no test of an enemy (``(foe?)``) counts it.  A bridge is
  the square without Water; a piece standing on the river stands on a bridge.
  Building a bridge captures the Water, taking one up creates it again, drowning
  an enemy standing there (CT-7).
* **Carriers**: a Troy Horse still holding its Archer is ``Loaded-Troy-Horse``
  (CT-6); a Catapult with a rider is ``Catapult-<rider>``, one kind per rider
  (CT-8), and the one carrying the King is royal too (CT-10).
* **A rider's own moves** (CT-8e) are its moves as a piece alone, from the
  Catapult's square, ending with the Catapult created where it stood (``(go
  from) (create Catapult) (go to)``); a launch (CT-8c) ends the same way, over
  any square of the Catapult's rank or file.  A Catapult leaving its rider
  creates the rider where it stood; one loading a friend lands on it as the
  loaded kind, as a piece boarding its empty Catapult (CT-8d) does.
* **Moves that move nothing**: the Archer's shot (CT-5), the Builder's bridges
  (CT-7) and the Ram's battering run (CT-9, the Ram captured last, or its
  Catapult left empty) are effects with the piece going back to its square.
* **A run into its own King** (CT-9 forbids it, CT-10 counts it as check) is
  written as a move that Zillions' own check rule refuses: it passes the King
  by and leaves an enemy Rook beside it, so that it still threatens each enemy
  King it would batter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from trebuchet.converters.zrf.export_moves import KING_STEPS, MOVING, atom, direction_name
from trebuchet.converters.zrf.game_export import GameExport, Zones
from trebuchet.variants.catapults_of_troy import RIVER_RANK, CatapultsOfTroy
from trebuchet.variants.geometry import DIAGONAL, ORTHOGONAL, Vector
from trebuchet.variants.pieces import BLACK, WALL, WHITE, Piece
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

#: a kind's move blocks, given the variant and how its moves end (the writer's call)
Blocks = Callable[[Variant, str], list[str]]

#: the player who owns the river's Water and never moves
RIVER = "River"
#: the move type of a launch, so that it stays a move of its own where it ends as
#: a rider's own move would (the native game counts both)
LAUNCHING = "launching"
WATER = "Water"
#: rider keys: a kind letter, or ``HA`` for a Troy Horse holding its Archer
RIDERS = ("K", "E", "M", "R", "B", "H", "HA", "A", "P")
_NAMES = {
    "K": "King",
    "E": "Bridge-Builder",
    "M": "Ram",
    "R": "Rook",
    "B": "Bishop",
    "H": "Troy-Horse",
    "HA": "Loaded-Troy-Horse",
    "A": "Archer",
    "P": "Pawn",
}
_KNIGHT: tuple[Vector, ...] = (
    (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)
)

MACROS = """\
; An enemy piece: the river's Water is no one's to take (CT-1).
(define foe? (and enemy? (not (piece? Water))))
; Where a move or capture may end: an empty square (a bridge too) or an enemy.
(define land? (or empty? (foe?)))
; A friendly empty Catapult, which a piece may board (CT-8d).
(define own-catapult? (and friend? (piece? Catapult)))
; The King, alone or riding: a battering run may not take its own (CT-9, CT-10).
(define own-king? (and friend? (or (piece? King) (piece? Catapult-King))))
; Yet that run threatens every enemy King on its line (CT-10).  So it passes its own
; King by and leaves an enemy Rook behind it, on the square the run emptied ($1 is
; the way back): Zillions' check rule refuses the move, since the King could be
; taken next, while the run still counts as a threat.  White moves when the
; corner {WHITE_CORNER} is in its promotion zone.
(define betray-king
  (if (in-zone? promotion-zone {WHITE_CORNER}) (create Black Rook $1) else (create White Rook $1)))
; The rider's move, or a launch, leaves the Catapult where it stood (CT-8c, CT-8e).
(define leave-catapult to (go from) (create $1) (go to))
""".replace("{WHITE_CORNER}", f"a{CatapultsOfTroy.ranks}")


def carried(key: str) -> str:
    """The kind of a Catapult carrying the rider ``key``."""
    return f"Catapult-{_NAMES[key]}"


def _dirs(vectors: tuple[Vector, ...]) -> list[str]:
    return [direction_name(v) for v in vectors]


def _arrive(key: str, added: str) -> str:
    """``added`` (a form adding the rider as ``kind``), with a pawn arriving on its
    last rank as an Archer (CT-4, by any means)."""
    if key != "P":
        return added.format(kind=_NAMES[key], catapult=carried(key))
    archer = added.format(kind="Archer", catapult=carried("A"))
    pawn = added.format(kind="Pawn", catapult=carried("P"))
    return f"(if (in-zone? promotion-zone) {archer} else {pawn})"


class _Ends:
    """How the moves of one rider end, as it stands alone or on its Catapult."""

    def __init__(self, key: str, riding: bool) -> None:
        self.key = key
        self.riding = riding

    def move(self) -> str:
        """A move by the piece's own power: alone a plain add; riding, the Catapult
        stays where it stood."""
        if not self.riding:
            return _arrive(self.key, "(add {kind})") if self.key == "P" else "add"
        return "(leave-catapult Catapult) " + _arrive(self.key, "(add {kind})")

    def board(self) -> str:
        """A piece alone stepping onto its empty Catapult (CT-8d)."""
        return _arrive(self.key, "(add {catapult})")

    def release(self, boarding: bool) -> str:
        """CT-6: the Horse moves on without its Archer, which stays on the square
        left (on the Catapult, when it rode one)."""
        left = carried("A") if self.riding else "Archer"
        horse = carried("H") if boarding else "Troy-Horse"
        return f"(leave-catapult {left}) (add {horse})"

    def in_place(self) -> str:
        """A move that moves nothing (shot, bridge): back to the square, add."""
        return "(go from) add"


def _shapes(key: str) -> list[tuple[str, str, str]]:
    """(shape, direction, landing) of a rider's own moves: landing is ``land`` (move
    or capture), ``empty`` (move only) or ``foe`` (capture only)."""
    steps, orth, diag = _dirs(KING_STEPS), _dirs(ORTHOGONAL), _dirs(DIAGONAL)
    if key in ("K", "E"):
        return [("step", d, "land") for d in steps]
    if key == "R":
        return [("slide", d, "land") for d in orth]
    if key == "B":
        return [("slide", d, "land") for d in diag]
    if key == "M":
        return [("slide", d, "empty") for d in orth]
    if key == "A":
        return [(shape, d, "land") for d in steps for shape in ("step", "two")]
    if key in ("H", "HA"):
        return [("step", d, "land") for d in _dirs(_KNIGHT)]
    assert key == "P"
    return [("step", "n", "empty"), ("step", "ne", "foe"), ("step", "nw", "foe")]


_TESTS = {"land": "(land?)", "empty": "empty?", "foe": "(foe?)", "board": "(own-catapult?)"}


def _block(shape: str, d: str, landing: str, end: str) -> str:
    """One move block: a step (or leap), two steps over an empty square, or a slide."""
    test = _TESTS[landing]
    if shape == "step":
        return f"({d} (verify {test}) {end})"
    if shape == "two":
        return f"({d} (verify empty?) {d} (verify {test}) {end})"
    if landing == "board":
        return f"({d} (while empty? {d}) (verify {test}) {end})"
    if landing == "empty":
        return f"({d} (while empty? {end} {d}))"
    return f"({d} (while empty? {end} {d}) (verify (foe?)) {end})"


def _own_moves(key: str, riding: bool) -> list[str]:
    """The rider's own moves (alone, or off its Catapult), its boarding of an empty
    Catapult when alone, and its special powers."""
    ends = _Ends(key, riding)
    blocks = [_block(shape, d, landing, ends.move()) for shape, d, landing in _shapes(key)]
    if not riding:
        blocks += [
            _block(shape, d, "board", ends.board())
            for shape, d, landing in _shapes(key)
            if landing != "foe"
        ]
    if key == "HA":
        blocks += _releases(ends, riding)
    if key == "A":
        blocks += _shots(ends)
    if key == "E":
        blocks += _bridges(ends)
    if key == "M":
        blocks += _batterings(riding)
    return blocks


def _releases(ends: _Ends, riding: bool) -> list[str]:
    """CT-6: from the enemy half or a bridge, the Horse's leap leaving its Archer."""
    start = "(verify (in-zone? release-zone))"
    blocks = []
    for d in _dirs(_KNIGHT):
        blocks.append(f"({start} {d} (verify (land?)) {ends.release(False)})")
        if not riding:
            blocks.append(f"({start} {d} (verify (own-catapult?)) {ends.release(True)})")
    return blocks


def _shots(ends: _Ends) -> list[str]:
    """CT-5: the nearest piece within two squares, if an enemy; open water counts
    for range and lets the arrow pass."""
    blocks = []
    for d in _dirs(KING_STEPS):
        blocks.append(f"({d} (verify (foe?)) capture {ends.in_place()})")
        blocks.append(
            f"({d} (verify (or empty? (piece? Water))) {d} (verify (foe?)) capture "
            f"{ends.in_place()})"
        )
    return blocks


def _bridges(ends: _Ends) -> list[str]:
    """CT-7 (and CT-12 riding): from its own bank, a bridge built ahead or diagonally
    ahead, or taken up there, drowning an enemy on it."""
    start = "(verify (in-zone? bank))"
    blocks = []
    for d in ("n", "ne", "nw"):
        blocks.append(f"({start} {d} (verify (piece? Water)) capture {ends.in_place()})")
        blocks.append(
            f"({start} {d} (verify (land?)) (create {RIVER} {WATER}) {ends.in_place()})"
        )
    return blocks


def _batterings(riding: bool) -> list[str]:
    """CT-9: the nearest piece on the line an enemy, everything from it to the edge
    or the water goes, then the Ram (its Catapult stays, emptied)."""
    last = "(change-type Catapult)" if riding else "capture"
    blocks = []
    for v in ORTHOGONAL:
        d, back = direction_name(v), direction_name((-v[0], -v[1]))
        blocks.append(
            f"({d} (while empty? {d}) (verify (foe?)) capture"
            f" (while (and (on-board? {d}) (not (piece? Water {d}))) {d}"
            f" (if (own-king?) (betray-king {back}) else (if (not empty?) capture)))"
            f" (go from) {last} add)"
        )
    return blocks


def _loads(prefix: str) -> str:
    """A Catapult ending its rook move on a friend loads it (CT-8a, CT-8b)."""
    return " ".join(f"(if (piece? {_NAMES[k]}) {prefix}(add {carried(k)}))" for k in RIDERS)


def _catapult(variant: Variant, arrive: str) -> list[str]:
    """CT-8a: the empty Catapult's rook moves, loading a friend it ends on."""
    loads = _loads("")
    return [f"({d} (while empty? add {d}) (verify friend?) {loads})" for d in _dirs(ORTHOGONAL)]


def _loaded_catapult(key: str) -> list[tuple[str, str]]:
    """A Catapult with a rider: it travels with it (CT-8b; a pawn reaching its last
    rank so is an Archer), departs without it, loading a friend it ends on, launches
    it along its rank or file (CT-8c), or lets it move off (CT-8e)."""
    carry = _arrive(key, "(add {catapult})") if key == "P" else "add"
    leave = f"(leave-catapult {_NAMES[key]}) "
    launch = _Ends(key, riding=True).move()
    blocks = [
        (MOVING, f"({d} (while empty? {leave}(add Catapult) {carry} {d}) (verify friend?) "
         f"{_loads(leave)})")
        for d in _dirs(ORTHOGONAL)
    ]
    blocks += [(MOVING, b) for b in _own_moves(key, riding=True)]
    # a launch is a move of its own, though it may end as the rider's own move does
    launches = [
        f"({d} (if empty? {launch}) (while (on-board? {d}) {d} (if empty? {launch})))"
        for d in _dirs(ORTHOGONAL)
    ]
    return blocks + [(LAUNCHING, b) for b in launches]


def _piece_blocks(key: str) -> Blocks:
    """A kind's blocks as it stands alone (the writer's signature: variant, arrival)."""
    return lambda variant, arrive: _own_moves(key, riding=False)


class _Extra(NamedTuple):
    """A piece of the file that is no kind of the game."""

    name: str
    help: str
    notation: str
    image: str
    #: (move type, block)
    moves: list[tuple[str, str]]

    def form(self) -> list[str]:
        """The ``(piece …)`` form, its moves grouped by move type."""
        out = [
            "  (piece",
            f"    (name {self.name})",
            f'    (help "{self.help}")',
            f'    (notation "{self.notation}")',
            f'    (image White "images\\trebuchet\\w{self.image}.bmp" '
            f'Black "images\\trebuchet\\b{self.image}.bmp")',
        ]
        if self.moves:
            out.append("    (moves")
            for kind in dict.fromkeys(k for k, _ in self.moves):
                out.append(f"      (move-type {kind})")
                out.extend(f"      {b}" for k, b in self.moves if k == kind)
            out.append("    )")
        return [*out, "  )"]


def _extras() -> list[_Extra]:
    """The Horse holding its Archer, a Catapult per rider, and the river's Water."""
    found = [
        _Extra(
            _NAMES["HA"],
            "Troy Horse still holding its Archer: a knight that may leave the Archer "
            "behind from the enemy half or a bridge (CT-6).",
            "H(A)",
            "HA",
            [(MOVING, b) for b in _own_moves("HA", riding=False)],
        )
    ]
    for key in RIDERS:
        found.append(
            _Extra(
                carried(key),
                f"Catapult carrying a {_NAMES[key].replace('-', ' ')} (CT-8).",
                f"C({'H(A)' if key == 'HA' else key})",
                f"C{key}",
                _loaded_catapult(key),
            )
        )
    found.append(
        _Extra(
            WATER,
            "Open water of the river: no piece may enter it until a bridge is built (CT-1).",
            "*",
            WATER,
            [],
        )
    )
    return found


def extra_pieces(variant: Variant, pos: Position) -> list[str]:
    """The piece forms of the carriers by their load and of the river's Water."""
    return [line for extra in _extras() for line in extra.form()]


def setup(variant: Variant, pos: Position) -> list[str]:
    """Each player's setup entry, a carrier by its load, and the River's Water on
    every unbridged river square."""
    geo = variant.geometry
    owners = ("White", "Black", RIVER)
    where: dict[str, dict[str, list[str]]] = {owner: {} for owner in owners}
    for sq, piece in enumerate(pos.board):
        if piece is not None:
            owner = RIVER if piece is WALL else owners[piece.color or 0]
            where[owner].setdefault(setup_name(variant, piece), []).append(geo.name(sq))
    return [
        f"({owner} " + " ".join(f"({name} {' '.join(sqs)})" for name, sqs in pieces.items()) + ")"
        for owner, pieces in where.items()
        if pieces
    ]


def setup_name(variant: Variant, piece: Piece) -> str:
    """The file's piece for a native one: Water for the river, a carrier by its load."""
    if piece is WALL:
        return WATER
    if piece.kind == "C" and piece.cargo:
        return carried("HA" if piece.cargo == ("H", "A") else piece.cargo[0])
    if piece.kind == "H" and piece.cargo:
        return _NAMES["HA"]
    return atom(variant.types[piece.kind].name)


def _zones(variant: Variant) -> dict[str, Zones]:
    """Each side's bank (CT-7) and the squares from which a Horse may release its
    Archer: the enemy half and the river (CT-6)."""
    geo = variant.geometry
    top = geo.ranks - 1
    return {
        "bank": {
            WHITE: geo.squares_of_ranks((RIVER_RANK - 1,)),
            BLACK: geo.squares_of_ranks((RIVER_RANK + 1,)),
        },
        "release-zone": {
            WHITE: geo.squares_of_ranks(range(RIVER_RANK, top + 1)),
            BLACK: geo.squares_of_ranks(range(RIVER_RANK + 1)),
        },
    }


def catapults_export() -> GameExport:
    """Everything the file writes beyond the writer's own: every kind's blocks (the
    river and the Catapults change them all), the carriers and Water, the zones,
    the River, the King on its Catapult royal too, and the third repetition a draw
    (CT-11)."""
    return GameExport(
        macros=MACROS,
        pieces={
            "C": _catapult,
            **{k: _piece_blocks(k) for k in ("K", "E", "M", "R", "B", "H", "A", "P")},
        },
        zones=_zones,
        vectors=_KNIGHT,
        goals=("(draw-condition (White Black) repetition)",),
        extra_pieces=extra_pieces,
        setup=setup,
        neutral=RIVER,
        royal=(carried("K"),),
    )
