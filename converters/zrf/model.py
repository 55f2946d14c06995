"""A structural model of the games in a ZRF file: boards, pieces, setup, conditions.

The model is read from the *expanded* tree (macros generate whole ``piece``,
``grid`` and ``board`` sections in real files).  It keeps what Zillions shows
and what the other formats need — names, geometry, setup, conditions, options —
and keeps move and drop blocks as syntax trees, uninterpreted.  Every section
it does not interpret is kept verbatim in :attr:`GameDef.sections`, so unknown
keywords (ZoG 1.x forms, Dagaz extensions) are never rejected.

A ``(variant …)`` starts from the sections of the most recent preceding
``(game …)`` — or of the file's first game when the variants come first, as in
Ragnarok.zrf — and replaces each section keyword it lists; options are merged by name,
because an option is a setting, not a section, and pieces are merged by name
(a variant's piece replaces the game's piece of that name, see
:func:`_merge_pieces`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from trebuchet.converters.inputs import read_bytes
from trebuchet.converters.zrf.expander import (
    Loader,
    Preprocessed,
    Weights,
    load_include,
    preprocess,
)
from trebuchet.converters.zrf.lexer import MAX_BYTES, decode
from trebuchet.variants.errors import shown
from trebuchet.variants.zrf.errors import ZrfError
from trebuchet.variants.zrf.tree import Atom, Form, Node, clipped, text_of

Rect = tuple[int, int, int, int]

#: Cells of one board (all its grids); the most in the corpus is 1,620
#: (Axiomatic.Margo.zrf), and a real five-dimensional maze has 11⁵ = 161,051
#: (it loads in 5 s and 180 MB; see also to_variant.MAX_LINKS).  Checked from the
#: label counts, before any cell is made.
MAX_CELLS = 200_000
#: Positions of the boards of one file's games and variants together, counted per
#: game (a variant repeats what it inherits); the most in the corpus is 16,809
#: (pasang.zrf).
MAX_MODEL_ITEMS = 200_000
#: Nodes read to build one file's games and variants (sections but the moves and
#: drops of pieces, counted per game); the most in the corpus is 51,408 (pasang.zrf).
MAX_MODEL_NODES = 1_000_000
#: Numbers in a rules file (pixels, steps, counts); the largest in the corpus is 1000.
MAX_NUMBER = 1_000_000
#: Pieces kept ``off`` the board per entry; the most in the corpus is 200.
MAX_OFF = 10_000


@dataclass
class Grid:
    """``(grid (start-rectangle …) (dimensions …) (directions …))``."""

    start: Rect
    dimensions: list[tuple[tuple[str, ...], tuple[int, int]]]
    directions: dict[str, tuple[int, ...]]

    def size(self) -> int:
        """How many cells the grid has (the product of its label counts)."""
        count = 1
        for labels, _ in self.dimensions:
            count *= len(labels)
        return count

    def cells(self) -> Iterator[tuple[str, tuple[int, ...], Rect]]:
        """Every cell as (name, label indices, pixel rectangle), first dimension slowest."""
        x1, y1, x2, y2 = self.start
        indices: list[tuple[int, ...]] = [()]
        for labels, _ in self.dimensions:
            indices = [(*i, k) for i in indices for k in range(len(labels))]
        for index in indices:
            name = "".join(self.dimensions[d][0][k] for d, k in enumerate(index))
            dx = sum(k * self.dimensions[d][1][0] for d, k in enumerate(index))
            dy = sum(k * self.dimensions[d][1][1] for d, k in enumerate(index))
            yield name, index, (x1 + dx, y1 + dy, x2 + dx, y2 + dy)

    def neighbour(self, index: tuple[int, ...], step: tuple[int, ...]) -> tuple[int, ...] | None:
        """The label indices one ``step`` away, or None off the grid (short steps pad with 0)."""
        out = []
        for d, (labels, _) in enumerate(self.dimensions):
            k = index[d] + (step[d] if d < len(step) else 0)
            if not 0 <= k < len(labels):
                return None
            out.append(k)
        return tuple(out)


@dataclass
class Zone:
    name: str
    players: list[str]
    positions: list[str]


@dataclass
class Board:
    """A ``(board …)``: grids, free positions, links, zones, symmetries."""

    images: list[str] = field(default_factory=list)
    grids: list[Grid] = field(default_factory=list)
    positions: dict[str, Rect] = field(default_factory=dict)
    links: list[tuple[str, str, str]] = field(default_factory=list)
    unlinks: list[tuple[str, ...]] = field(default_factory=list)
    #: ``links`` and ``unlink`` in the order the file gives them: an ``unlink``
    #: takes away the links made before it, not those added after
    link_edits: list[tuple[str, ...]] = field(default_factory=list)
    kill_positions: list[str] = field(default_factory=list)
    dummies: list[str] = field(default_factory=list)
    symmetries: dict[str, dict[str, str]] = field(default_factory=dict)
    zones: list[Zone] = field(default_factory=list)
    other: list[Form] = field(default_factory=list)

    def rects(self) -> dict[str, Rect]:
        """Every position with its pixel rectangle, in declaration order (grids first)."""
        killed = set(self.kill_positions)
        out = {name: rect for g in self.grids for name, _, rect in g.cells() if name not in killed}
        out.update(self.positions)
        return out

    def position_names(self) -> list[str]:
        """Grid cells (minus killed ones), free positions, then dummies."""
        names = list(self.rects())
        seen = set(names)
        names.extend(d for d in self.dummies if d not in seen)
        return names

    def directions(self) -> list[str]:
        names = [d for g in self.grids for d in g.directions]
        names.extend(d for d, _, _ in self.links)
        return list(dict.fromkeys(names))

    def link_map(self) -> dict[str, dict[str, str]]:
        """position -> direction -> position, from grids, ``links`` and ``unlink``."""
        killed = set(self.kill_positions)
        out: dict[str, dict[str, str]] = {}
        for grid in self.grids:
            names = {index: name for name, index, _ in grid.cells()}
            for index, name in names.items():
                for direction, step in grid.directions.items():
                    target = grid.neighbour(index, step)
                    if name in killed or target is None or names[target] in killed:
                        continue
                    out.setdefault(name, {})[direction] = names[target]
        positions = frozenset(self.position_names())
        for edit in self.link_edits:
            if edit[0] == "link":
                _, direction, frm, to = edit
                out.setdefault(frm, {})[direction] = to
            else:
                self._unlink(out, edit[1:], positions)
        return out

    @staticmethod
    def _unlink(
        out: dict[str, dict[str, str]], item: tuple[str, ...], positions: frozenset[str]
    ) -> None:
        if len(item) == 1:
            out.pop(item[0], None)
            for dirs in out.values():
                for d in [d for d, t in dirs.items() if t == item[0]]:
                    del dirs[d]
            return
        # (from to) takes away the links from one position to the other; Sahkku
        # writes (a2 dn) for a position's link in one direction, and its saved
        # game shows Zillions reading it so (the King's sweep down a file stops
        # short of the home row)
        dirs = out.get(item[0], {})
        to_position = item[1] in positions
        for d in [d for d, t in dirs.items() if (t if to_position else d) == item[1]]:
            del dirs[d]


@dataclass
class PieceDef:
    """A ``(piece …)``; moves and drops stay syntax trees."""

    name: str
    line: int
    help: str = ""
    description: str = ""
    notation: str = ""
    images: dict[str, str] = field(default_factory=dict)
    moves: list[Node] = field(default_factory=list)
    drops: list[Node] = field(default_factory=list)
    attributes: dict[str, str] = field(default_factory=dict)
    dummy: bool = False
    other: list[Form] = field(default_factory=list)


@dataclass
class Setup:
    """``(board-setup …)``: per player, pieces on positions and pieces off the board."""

    placements: list[tuple[str, str, str]] = field(default_factory=list)
    off: list[tuple[str, str, int]] = field(default_factory=list)

    def by_position(self) -> dict[str, tuple[str, str]]:
        """position -> (player, piece); a later placement on the same position wins."""
        return {pos: (player, piece) for player, piece, pos in self.placements}


@dataclass
class Condition:
    """``(win-condition (P…) cond)`` and its siblings; ``kind`` is win, loss, draw or count."""

    kind: str
    players: list[str]
    condition: Node


@dataclass
class GameDef:
    """One ``(game …)`` or ``(variant …)``, with a variant's inherited sections filled in."""

    kind: str
    title: str
    line: int
    sections: dict[str, list[Form]]
    parent: str = ""
    description: str = ""
    players: list[str] = field(default_factory=list)
    turn_order: list[str | tuple[str, ...]] = field(default_factory=list)
    boards: list[Board] = field(default_factory=list)
    setup: Setup = field(default_factory=Setup)
    pieces: list[PieceDef] = field(default_factory=list)
    conditions: list[Condition] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    move_priorities: list[str] = field(default_factory=list)
    default: bool = False

    @property
    def separator(self) -> bool:
        """A variant titled ``"-"`` is only a separator line in the ZoG menu."""
        return self.kind == "variant" and self.title == "-"

    @property
    def board(self) -> Board:
        return self.boards[0] if self.boards else Board()

    def piece(self, name: str) -> PieceDef | None:
        return next((p for p in self.pieces if p.name == name), None)

    def position_names(self) -> list[str]:
        return [n for b in self.boards for n in b.position_names()]


@dataclass
class ZrfFile:
    """What a rules file holds: its games and variants, in file order."""

    source: str
    games: list[GameDef]
    version: str = ""
    macros: int = 0
    includes: list[str] = field(default_factory=list)

    def game(self, name: str | int | None = None) -> GameDef:
        """A game or variant by 1-based number or title (case-insensitive); default: first."""
        playable = [g for g in self.games if not g.separator]
        if name is None or name == "":
            if not playable:
                raise ZrfError("file holds no game", self.source)
            return playable[0]
        if isinstance(name, int) or (str(name).isascii() and str(name).isdigit()):
            number = int(name) if len(str(name)) <= 9 else 0  # no file has a billion games
            if 1 <= number <= len(self.games):
                return self.games[number - 1]
        for g in self.games:
            if g.title.lower() == str(name).lower():
                return g
        titles = ", ".join(f"{i}: {g.title}" for i, g in enumerate(self.games, 1))
        raise ZrfError(f"no game or variant {shown(str(name))} (have {titles})", self.source)


# -- reading -----------------------------------------------------------------


def read_zrf(path: str | Path, loader: Loader = load_include) -> ZrfFile:
    """Parse the rules file at ``path`` (includes resolved next to it, and only there)."""
    source = str(path)
    data = read_bytes(path, MAX_BYTES, lambda reason: ZrfError(reason, source))
    return parse_zrf(decode(data), source, loader)


def parse_zrf(text: str, source: str = "", loader: Loader = load_include) -> ZrfFile:
    """Parse ZRF text into games and variants."""
    pre = preprocess(text, source, loader)
    try:
        return _games(pre, source)
    except ZrfError as exc:
        if exc.source:
            raise
        raise ZrfError(exc.reason, source, exc.line) from None  # a tree error names no file


def _games(pre: Preprocessed, source: str) -> ZrfFile:
    forms = [n for n in pre.forms if isinstance(n, Form) and n.head in ("game", "variant")]
    size = _Size(source, pre.weights)
    games = [size.of(_build(f, "game", {}, "", size)) for f in forms if f.head == "game"]
    pending = iter(games)
    last_game: GameDef | None = None
    out: list[GameDef] = []
    for form in forms:
        if form.head == "game":
            last_game = next(pending)
            out.append(last_game)
            continue
        parent = last_game or (games[0] if games else None)
        base = parent.sections if parent else {}
        variant = _build(form, "variant", base, parent.title if parent else "", size)
        out.append(size.of(variant))
    return ZrfFile(source, out, pre.version, len(pre.macros), pre.includes)


class _Size:
    """What the games of a file hold together, against :data:`MAX_MODEL_ITEMS` and
    :data:`MAX_MODEL_NODES`: reading goes over every section of every game and
    variant (a variant again over what it inherits), and so do the views of a file
    (``zrf info``, ``zrf board``)."""

    def __init__(self, source: str, weights: Weights) -> None:
        self.source = source
        self.weights = weights
        self.items = 0
        self.nodes = 0

    def sections(self, sections: dict[str, list[Form]], line: int) -> None:
        """Count what building a game from ``sections`` will read, before it is read:
        every node of every section, but the moves and drops of pieces (kept whole,
        never walked)."""
        for forms in sections.values():
            for form in forms:
                if form.head == "piece":
                    self.nodes += 1 + sum(
                        self.weights.nodes(item) for item in form.items
                        if not (isinstance(item, Form) and item.head in ("moves", "drops"))
                    )
                else:
                    self.nodes += self.weights.nodes(form)
        if self.nodes > MAX_MODEL_NODES:
            raise ZrfError(
                f"the games and variants are more than {MAX_MODEL_NODES} nodes to read "
                "(their sections, each variant with what it inherits)",
                self.source,
                line,
            )

    def of(self, game: GameDef) -> GameDef:
        """Count the cells of ``game``'s boards: views list every one of them."""
        for board in game.boards:
            self.items += sum(g.size() for g in board.grids) + len(board.positions)
        if self.items > MAX_MODEL_ITEMS:
            raise ZrfError(
                f"the boards of the games and variants have more than {MAX_MODEL_ITEMS} "
                "positions together",
                self.source,
                game.line,
            )
        return game


_OWN = {"title", "default", "description", "history", "strategy", "solution"}
_CONDITIONS = {
    "win-condition": "win",
    "loss-condition": "loss",
    "draw-condition": "draw",
    "count-condition": "count",
}


def _build(
    node: Form, kind: str, base: dict[str, list[Form]], parent: str, size: _Size
) -> GameDef:
    src = size.source
    own: dict[str, list[Form]] = {}
    for item in node.args:
        if isinstance(item, Form) and item.head:
            own.setdefault(item.head, []).append(item)
    sections = {k: v for k, v in base.items() if k not in _OWN}
    if "option" in own and "option" in sections:
        own["option"] = sections["option"] + own["option"]
    if "piece" in own and "piece" in sections:
        own["piece"] = _merge_pieces(sections["piece"], own["piece"])
    sections.update(own)
    size.sections(sections, node.line)
    game = GameDef(kind, _text_arg(sections, "title"), node.line, sections, parent)
    game.description = _text_arg(sections, "description")
    game.default = "default" in own
    game.players = [_name(a, src) for f in sections.get("players", []) for a in f.args]
    game.turn_order = [_turn(a) for f in sections.get("turn-order", []) for a in f.args]
    game.boards = [_board(f, src) for f in sections.get("board", [])]
    game.pieces = [_piece(f, src) for f in sections.get("piece", [])]
    game.setup = _setup(sections.get("board-setup", []), src)
    game.move_priorities = [text_of(a) for f in sections.get("move-priorities", []) for a in f.args]
    for f in sections.get("option", []):
        if len(f.args) >= 1:
            game.options[text_of(f.args[0])] = " ".join(text_of(a) for a in f.args[1:])
    for key, cond_kind in _CONDITIONS.items():
        for f in sections.get(key, []):
            game.conditions.append(_condition(f, cond_kind, src))
    return game


def _merge_pieces(inherited: list[Form], own: list[Form]) -> list[Form]:
    """A variant's pieces: the game's, each replaced by the variant's piece of its name.

    Measured on the corpus: Chessence's variants redefine only the King and
    still play Pawns, so a ``piece`` in a variant overrides, it does not reset.
    """
    mine = {_piece_key(f): f for f in own}
    merged = [mine.pop(_piece_key(f), f) for f in inherited]
    return merged + [f for f in own if _piece_key(f) in mine]


def _piece_key(form: Form) -> str:
    name = form.child("name")
    return text_of(name.args[0]) if name is not None and name.args else f"#{id(form)}"


def _text_arg(sections: dict[str, list[Form]], key: str) -> str:
    forms = sections.get(key)
    if not forms or not forms[0].args:
        return ""
    return " ".join(text_of(a) for a in forms[0].args)


def _name(node: Node, src: str) -> str:
    if isinstance(node, Form):
        raise ZrfError(f"expected a name, found {_short(node)}", src, node.line)
    return node.text


def _short(node: Node) -> str:
    return clipped(node, 40)


def _int(node: Node, src: str, bound: int = MAX_NUMBER) -> int:
    text = _name(node, src)
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise ZrfError(f"expected a number, found {_short(node)}", src, node.line)
    if len(digits.lstrip("0")) > len(str(bound)) or abs(int(text)) > bound:
        raise ZrfError(f"number {_short(node)} is out of range (at most {bound})", src, node.line)
    return int(text)


def _ints(form: Form, src: str, count: int) -> tuple[int, ...]:
    if len(form.args) < count:
        raise ZrfError(f"({form.head} …) needs {count} numbers", src, form.line)
    return tuple(_int(a, src) for a in form.args[:count])


def _turn(node: Node) -> str | tuple[str, ...]:
    if isinstance(node, Form):
        return tuple(text_of(a) for a in node.items)
    return node.text


def _forms(nodes: Sequence[Node]) -> Iterator[Form]:
    return (n for n in nodes if isinstance(n, Form))


def _board(form: Form, src: str) -> Board:
    board = Board()
    for item in _forms(form.args):
        head = item.head
        if head == "image":
            board.images.extend(text_of(a) for a in item.args)
        elif head == "grid":
            board.grids.append(_grid(item, src))
            cells = sum(g.size() for g in board.grids)
            if cells > MAX_CELLS:
                raise ZrfError(
                    f"board of {cells} cells; at most {MAX_CELLS} are read "
                    "(a real 5-dimensional maze has 161,051)",
                    src,
                    item.line,
                )
        elif head == "positions":
            for p in _forms(item.args):
                board.positions[p.head] = _rect(p, src)
        elif head == "links":
            _links(board, item, src)
        elif head == "unlink":
            removed = [
                tuple(text_of(x) for x in a.items) if isinstance(a, Form) else (a.text,)
                for a in item.args
            ]
            board.unlinks.extend(removed)
            board.link_edits.extend(("unlink", *r) for r in removed)
        elif head == "kill-positions":
            board.kill_positions.extend(_name(a, src) for a in item.args)
        elif head == "dummy":
            board.dummies.extend(_name(a, src) for a in item.args)
        elif head == "symmetry" and item.args:
            pairs = {
                text_of(p.items[0]): text_of(p.items[1])
                for p in _forms(item.args[1:])
                if len(p.items) == 2
            }
            board.symmetries[text_of(item.args[0])] = pairs
        elif head == "zone":
            board.zones.append(_zone(item, src))
        else:
            board.other.append(item)
    return board


def _rect(form: Form, src: str) -> Rect:
    x1, y1, x2, y2 = _ints(form, src, 4)
    return (x1, y1, x2, y2)


def _grid(form: Form, src: str) -> Grid:
    start: Rect = (0, 0, 0, 0)
    dims: list[tuple[tuple[str, ...], tuple[int, int]]] = []
    directions: dict[str, tuple[int, ...]] = {}
    for item in _forms(form.args):
        if item.head == "start-rectangle":
            start = _rect(item, src)
        elif item.head == "dimensions":
            for d in item.args:
                if not (isinstance(d, Form) and len(d.items) == 2 and isinstance(d.items[1], Form)):
                    raise ZrfError('a dimension is ("a/b/c" (dx dy))', src, d.line)
                dx, dy = _ints(Form((Atom("step"), *d.items[1].items)), src, 2)
                labels = text_of(d.items[0]).split("/")
                counts = [len(other) for other, _ in dims] + [len(labels)]
                cells = len(labels) * Grid(start, dims, {}).size()
                if cells > MAX_CELLS:
                    raise ZrfError(
                        f"grid of {' x '.join(map(str, counts))} = {cells} cells; at most "
                        f"{MAX_CELLS} are read (a real 5-dimensional maze has 161,051)",
                        src,
                        d.line,
                    )
                dims.append((tuple(labels), (dx, dy)))
        elif item.head == "directions":
            for d in _forms(item.args):
                directions[d.head] = tuple(_int(a, src) for a in d.args)
    grid = Grid(start, dims, directions)
    _refuse_repeated_names(grid, form, src)
    return grid


def _refuse_repeated_names(grid: Grid, form: Form, src: str) -> None:
    """Refuse a grid whose labels join into one name twice (``x1``+``140`` = ``x11``+``40``).

    A position's name is its labels written together, so such a grid would name
    two cells alike and every move to one of them would be ambiguous.
    """
    seen: set[str] = set()
    for name, _, _ in grid.cells():
        if name in seen:
            raise ZrfError(f"the grid names two positions {name!r}", src, form.line)
        seen.add(name)


def _links(board: Board, form: Form, src: str) -> None:
    if not form.args:
        raise ZrfError("links needs a direction", src, form.line)
    direction = _name(form.args[0], src)
    for pair in form.args[1:]:
        if not isinstance(pair, Form) or len(pair.items) != 2:
            raise ZrfError(f"a link is (from to), found {_short(pair)}", src, pair.line)
        link = (direction, text_of(pair.items[0]), text_of(pair.items[1]))
        board.links.append(link)
        board.link_edits.append(("link", *link))


def _zone(form: Form, src: str) -> Zone:
    zone = Zone("", [], [])
    for item in _forms(form.args):
        names = [_name(a, src) for a in item.args]
        if item.head == "name" and names:
            zone.name = names[0]
        elif item.head == "players":
            zone.players = names
        elif item.head == "positions":
            zone.positions = names
    return zone


def _piece(form: Form, src: str) -> PieceDef:
    name_form = form.child("name")
    if name_form is None or not name_form.args:
        raise ZrfError("piece has no (name …)", src, form.line)
    piece = PieceDef(_name(name_form.args[0], src), form.line)
    for item in _forms(form.args):
        head, args = item.head, item.args
        if head == "help":
            piece.help = " ".join(text_of(a) for a in args)
        elif head == "description":
            piece.description = " ".join(text_of(a) for a in args)
        elif head == "notation" and args:
            piece.notation = text_of(args[0])
        elif head == "image":
            pairs = zip(args[0::2], args[1::2], strict=False)
            piece.images.update((text_of(p), text_of(i)) for p, i in pairs)
        elif head == "moves":
            piece.moves.extend(args)
        elif head == "drops":
            piece.drops.extend(args)
        elif head == "attribute" and args:
            piece.attributes[text_of(args[0])] = " ".join(text_of(a) for a in args[1:])
        elif head == "dummy":
            piece.dummy = True
        elif head != "name":
            piece.other.append(item)
    return piece


def _setup(forms: list[Form], src: str) -> Setup:
    setup = Setup()
    for form in forms:
        for side in _forms(form.args):
            player = side.head
            for entry in _forms(side.args):
                _setup_entry(setup, player, entry, src)
    return setup


def _setup_entry(setup: Setup, player: str, entry: Form, src: str) -> None:
    """``(Piece pos… [off N])``: positions, and ``off N`` pieces kept off the board."""
    piece = entry.head
    args = [a for a in entry.args if isinstance(a, Atom)]
    i = 0
    while i < len(args):
        if args[i].text == "off" and i + 1 < len(args):
            setup.off.append((player, piece, _int(args[i + 1], src, MAX_OFF)))
            i += 2
        else:
            setup.placements.append((player, piece, args[i].text))
            i += 1


def _condition(form: Form, kind: str, src: str) -> Condition:
    if len(form.args) < 2:
        raise ZrfError(f"({form.head} (players…) condition) needs two parts", src, form.line)
    who = form.args[0]
    players = [text_of(a) for a in who.items] if isinstance(who, Form) else [text_of(who)]
    cond = form.args[1] if len(form.args) == 2 else Form((Atom("and"), *form.args[1:]), form.line)
    return Condition(kind, players, cond)


__all__ = [
    "Board",
    "Condition",
    "GameDef",
    "Grid",
    "PieceDef",
    "Setup",
    "Zone",
    "ZrfFile",
    "parse_zrf",
    "read_zrf",
]
