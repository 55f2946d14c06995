"""A ZRF game of the model as a playable trebuchet variant: the engine's GameSpec.

The reader's model (:mod:`.model`) keeps what the file says; this module turns
one game or variant into a :class:`~trebuchet.variants.zrf.spec.GameSpec` for
the rules engine (:mod:`trebuchet.variants.zrf`), and from it a
:class:`~trebuchet.variants.zrf.game.ZrfVariant` class.

Board.  Every position of the board is a square: the cells of its grids, its
free ``positions``, its ``dummy`` positions.  The first grid whose steps are
axis-aligned on screen is the *drawn* grid: its cells are numbered as
trebuchet numbers a board (rank 1 at the bottom of the picture, files left to
right; pixel offsets, not the order of the dimensions, decide the axes), so
diagrams and pictures show it; killed cells are missing squares.  Every other
position is an extra square, after the grid's.  Directions come from the
grids' steps and ``links``, less ``unlink``; each player's ``symmetry`` turns
the directions it writes.

Pieces keep their ZRF names; for diagrams each kind gets a letter when the
game has at most 26 kinds: its ``notation`` when that is one free letter, then
the FIDE names' letters (King K, …), then the first free letter of its name,
else of the alphabet.  Games with more kinds use their names.

Refused with one line naming why: games whose moves an Axiom engine DLL makes
(``(engine …)``), several ``board`` forms, and the constructs the engine does
not run (:mod:`trebuchet.variants.zrf.program`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from trebuchet.converters.zrf.model import Board, Condition, GameDef, Grid, PieceDef, ZrfFile
from trebuchet.variants.errors import shown
from trebuchet.variants.geometry import FILE_LETTERS
from trebuchet.variants.zrf.errors import ZrfError
from trebuchet.variants.zrf.game import ZrfVariant
from trebuchet.variants.zrf.spec import (
    BoardSpec,
    ConditionSpec,
    GameSpec,
    PieceSpec,
    Program,
    Turn,
)
from trebuchet.variants.zrf.tree import Form, Node, text_of

#: Conventional FEN letters of the FIDE pieces, given before name-derived letters.
FIDE_LETTERS = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N", "pawn": "P"}
MAX_RANKS = 99
ALPHABET = FILE_LETTERS.upper()

#: ZoG 1.x wrote some options as game-level forms; they mean the option of this name
OLD_OPTIONS = {
    "pass-turn": "pass turn",
    "pass-partial": "pass partial",
    "maximal-captures": "maximal captures",
    "recycle-captures": "recycle captures",
    "animate-captures": "animate captures",
    "animate-drops": "animate drops",
    "allow-flipping": "allow flipping",
}

_Candidates = Callable[[str], str]
"""Piece name -> letters it may take, best first."""


def variant_from_zrf(model: ZrfFile | GameDef, variant_name: str | int | None = None) -> ZrfVariant:
    """The playable variant of a ZRF game; ``variant_name`` picks it in a file
    (number or title, as ``ZrfFile.game``; default the first game)."""
    game = model.game(variant_name) if isinstance(model, ZrfFile) else model
    return variant_class(game, _source(model))()


def variant_class(game: GameDef, source: str = "") -> type[ZrfVariant]:
    """A ZrfVariant subclass playing ``game``."""
    spec = game_spec(game, source)
    return zrf_variant_class(spec, piece_letters(game, source) if len(game.pieces) <= 26 else {})


def zrf_variant_class(spec: GameSpec, letters: dict[str, str]) -> type[ZrfVariant]:
    """The class of a ZRF game: its spec and names as class attributes."""
    attributes = {
        "spec": spec,
        "letters": letters,
        "name": _slug(spec.title) or "zrf-game",
        "title": spec.title,
        "files": spec.board.files,
        "ranks": spec.board.ranks,
        "players": len(spec.players),
        "has_hands": bool(spec.reserves),
        "pawn_kinds": frozenset(),
        "__doc__": f"{spec.title}, played by the ZRF engine from {spec.source or 'a rules file'}.",
    }
    return type("ZrfGame", (ZrfVariant,), attributes)


def game_spec(game: GameDef, source: str = "") -> GameSpec:
    """The engine's description of ``game``; ZrfError naming what cannot be played."""
    if "engine" in game.sections:
        form = game.sections["engine"][0]
        raise _refuse(
            game, f"its moves are made by an Axiom engine DLL {form.render()}", source, form.line
        )
    players = tuple(game.players)
    if not players:
        raise _refuse(game, "no (players …)", source)
    index = {name: i for i, name in enumerate(players)}
    board = _board_spec(game, index, source)
    positions = {name: i for i, name in enumerate(board.names) if name}
    pieces = tuple(_piece_spec(p) for p in game.pieces)
    names = {p.name for p in pieces}
    setup = []
    unplaced = []
    folded = _folded(positions)
    for player, piece, where in game.setup.placements:
        if player not in index:
            raise _refuse(game, f"setup gives a {piece} to {player}, who is no player", source)
        if piece not in names:
            raise _refuse(game, f"setup uses {piece}, which no (piece …) defines", source)
        # a name in another case stands for the one position of that name (a setup
        # y1 on a board whose file is Y); one the board lacks places nothing
        # (docs/zrf.md, "Names and setups")
        sq = positions.get(where, folded.get(where.lower()))
        if sq is None:
            unplaced.append((player, piece, where))
            continue
        setup.append((index[player], piece, sq))
    reserves = []
    for player, piece, count in game.setup.off:
        if player not in index or piece not in names:
            raise _refuse(game, f"setup keeps {piece} off the board for {player}", source)
        reserves.append((index[player], piece, count))
    turns, repeat = _turns(game, index, source)
    return GameSpec(
        title=game.title,
        source=source,
        line=game.line,
        players=players,
        board=board,
        pieces=pieces,
        setup=tuple(setup),
        reserves=tuple(reserves),
        turns=turns,
        repeat=repeat,
        conditions=tuple(_condition(c, index, game, source) for c in game.conditions),
        options=_options(game),
        move_priorities=tuple(game.move_priorities),
        random_players=frozenset(i for i, name in enumerate(players) if name.startswith("?")),
        unplaced=tuple(unplaced),
    )


def _folded(positions: dict[str, int]) -> dict[str, int]:
    """Position names in lower case -> the position, for the names no other name
    shares in another case."""
    out: dict[str, int] = {}
    clashing: set[str] = set()
    for name, sq in positions.items():
        key = name.lower()
        if key in out:
            clashing.add(key)
        out[key] = sq
    return {k: v for k, v in out.items() if k not in clashing}


# -- board -------------------------------------------------------------------


#: positions × directions of one board, the size of its link tables: the corpus's
#: most is 9,075 (Ko Shogi, 363 × 25); a real five-dimensional maze of 11⁵ cells and
#: 10 directions has 1,610,510 and loads in 5 s and 180 MB
MAX_LINKS = 4_000_000


def _board_spec(game: GameDef, players: dict[str, int], source: str) -> BoardSpec:
    if len(game.boards) > 1:
        raise _refuse(game, f"{len(game.boards)} boards", source)
    board = game.board if game.boards else Board()
    killed = set(board.kill_positions)
    drawn = _drawn_grid(board)
    names: list[str] = []
    files = ranks = 1
    grid_cells: set[str] = set()
    if drawn is not None:
        grid, files_dim, ranks_dim = drawn
        files = len(grid.dimensions[files_dim][0]) if files_dim is not None else 1
        ranks = len(grid.dimensions[ranks_dim][0]) if ranks_dim is not None else 1
        names = [""] * (files * ranks)
        for name, cell, _ in grid.cells():
            file = _coordinate(grid, cell, files_dim)
            rank = _coordinate(grid, cell, ranks_dim, up=True)
            if name not in killed:
                names[rank * files + file] = name
            grid_cells.add(name)
    else:
        names = [""]
    for name in board.position_names():
        if name not in grid_cells and name not in killed:
            names.append(name)
    index = {name: i for i, name in enumerate(names) if name}
    size = len(names)
    directions = board.directions()
    if size * max(1, len(directions)) > MAX_LINKS:
        raise _refuse(
            game,
            f"a board of {size:,} positions and {len(directions)} directions "
            f"({size * len(directions):,} links; at most {MAX_LINKS:,} are built)",
            source,
        )
    links: dict[str, list[int]] = {}
    for direction in directions:
        links[direction] = [-1] * size
    for frm, steps in board.link_map().items():
        if frm not in index:
            continue
        for direction, to in steps.items():
            if to in index:
                table = links.get(direction)
                if table is None:  # (not setdefault: it would build a table per link)
                    table = links[direction] = [-1] * size
                table[index[frm]] = index[to]
    symmetry = tuple(
        dict(board.symmetries.get(player, {}))
        for player in sorted(players, key=players.__getitem__)
    )
    zones: dict[tuple[str, int], frozenset[int]] = {}
    for zone in board.zones:
        squares = frozenset(index[p] for p in zone.positions if p in index)
        for player in zone.players:
            if player in players:
                key = (zone.name, players[player])
                zones[key] = zones.get(key, frozenset()) | squares
    return BoardSpec(
        files=files,
        ranks=ranks,
        names=tuple(names),
        links={d: tuple(t) for d, t in links.items()},
        dummies=frozenset(index[d] for d in board.dummies if d in index),
        symmetry=symmetry,
        zones=zones,
    )


def _drawn_grid(board: Board) -> tuple[Grid, int | None, int | None] | None:
    """The first grid that can be drawn as files and ranks, with its two axes."""
    for grid in board.grids:
        axes = _axes(grid)
        if axes is None:
            continue
        files_dim, ranks_dim = axes
        files = len(grid.dimensions[files_dim][0]) if files_dim is not None else 1
        ranks = len(grid.dimensions[ranks_dim][0]) if ranks_dim is not None else 1
        if files <= len(FILE_LETTERS) and ranks <= MAX_RANKS:
            return grid, files_dim, ranks_dim
    return None


def _axes(grid: Grid) -> tuple[int | None, int | None] | None:
    """(dimension of the files, dimension of the ranks), single-label dimensions
    skipped; None when the grid's steps are not along the screen's axes."""
    files_dim = ranks_dim = None
    for d, (labels, (dx, dy)) in enumerate(grid.dimensions):
        if len(labels) == 1:
            continue
        if (dx == 0) == (dy == 0):
            return None
        if dy == 0 and files_dim is None:
            files_dim = d
        elif dx == 0 and ranks_dim is None:
            ranks_dim = d
        else:
            return None
    return files_dim, ranks_dim


def _coordinate(grid: Grid, index: tuple[int, ...], dim: int | None, *, up: bool = False) -> int:
    """The 0-based file (left to right) or rank (bottom to top) of a cell along ``dim``.

    Screen y grows downward, so a rank counts from the label drawn lowest.
    """
    if dim is None:
        return 0
    labels, (dx, dy) = grid.dimensions[dim]
    step = dy if up else dx
    k = index[dim]
    towards_origin = step < 0 if not up else step > 0
    return len(labels) - 1 - k if towards_origin else k


# -- pieces ------------------------------------------------------------------


def _piece_spec(piece: PieceDef) -> PieceSpec:
    return PieceSpec(
        name=piece.name,
        moves=_programs(piece.moves),
        drops=_programs(piece.drops),
        attributes=tuple(
            (name, value.strip().lower() == "true") for name, value in piece.attributes.items()
        ),
        line=piece.line,
        notation=piece.notation,
    )


def _programs(nodes: Iterable[Node]) -> tuple[Program, ...]:
    """The blocks of a ``moves`` or ``drops`` list; ``(move-type T)`` tags the
    blocks that follow it."""
    out: list[Program] = []
    move_type = ""
    for node in nodes:
        if isinstance(node, Form) and node.head == "move-type" and node.args:
            move_type = text_of(node.args[0])
            continue
        body = node.items if isinstance(node, Form) else (node,)
        out.append(Program(tuple(body), move_type, node.line))
    return tuple(out)


def piece_letters(game: GameDef, source: str = "") -> dict[str, str]:
    """ZRF piece name -> its letter (upper case), by the rule of the module docstring."""
    pieces = [p.name for p in game.pieces]
    if len(pieces) > len(ALPHABET):
        raise _refuse(game, f"{len(pieces)} piece kinds, FEN has 26 letters", source)
    letters: dict[str, str] = {}
    notations = {p.name: p.notation for p in game.pieces}
    _assign(letters, pieces, lambda n: _one_letter(notations[n]))
    _assign(letters, pieces, lambda n: FIDE_LETTERS.get(n.lower(), ""))
    _assign(letters, pieces, lambda n: n.upper() + ALPHABET)
    return letters


def _assign(letters: dict[str, str], pieces: Iterable[str], candidates: _Candidates) -> None:
    """Give each piece still without a letter the first free one among its candidates."""
    for name in pieces:
        if name in letters:
            continue
        taken = set(letters.values())
        free = [c for c in candidates(name) if c in ALPHABET and c not in taken]
        if free:
            letters[name] = free[0]


def _one_letter(notation: str) -> str:
    return notation.upper() if len(notation) == 1 and notation.isalpha() else ""


# -- turns, conditions, options ------------------------------------------------


def _turns(game: GameDef, players: dict[str, int], source: str) -> tuple[tuple[Turn, ...], int]:
    """The turn order as entries, and where ``repeat`` makes the cycle restart."""
    turns: list[Turn] = []
    repeat = 0
    move_types = {prog.move_type for p in game.pieces for prog in _programs([*p.moves, *p.drops])}
    for entry in game.turn_order:
        if entry == "repeat":
            repeat = len(turns)
            continue
        words = [entry] if isinstance(entry, str) else list(entry)
        entry_text = shown(" ".join(words))
        if not words or words[0] not in players:
            raise _refuse(game, f"turn-order entry {entry_text} names no player", source)
        player = players[words[0]]
        pieces_of = player
        move_type: str | None = None
        for word in words[1:]:
            if word in players and pieces_of == player and move_type is None:
                pieces_of = players[word]
            elif word in move_types:
                move_type = word
            else:
                reason = f"turn-order entry {entry_text}: {shown(word)} is no move type"
                raise _refuse(game, reason, source)
        turns.append(Turn(player, pieces_of, move_type))
    if not turns:
        turns = [Turn(i, i) for i in range(len(players)) if not game.players[i].startswith("?")]
    return tuple(turns), repeat


def _condition(
    cond: Condition, players: dict[str, int], game: GameDef, source: str
) -> ConditionSpec:
    unknown = [p for p in cond.players if p not in players]
    if unknown:
        raise _refuse(game, f"{cond.kind}-condition for {unknown[0]}, who is no player", source)
    line = cond.condition.line
    return ConditionSpec(cond.kind, tuple(players[p] for p in cond.players), cond.condition, line)


def _options(game: GameDef) -> dict[str, str]:
    options = dict(game.options)
    for head, name in OLD_OPTIONS.items():
        for form in game.sections.get(head, []):
            if form.args:
                options.setdefault(name, text_of(form.args[0]))
    return options


# -- helpers -----------------------------------------------------------------


def _refuse(game: GameDef, reason: str, source: str, line: int = 0) -> ZrfError:
    return ZrfError(f"{game.title}: {reason}", source, line or game.line)


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def _source(model: ZrfFile | GameDef) -> str:
    return model.source if isinstance(model, ZrfFile) else ""


__all__ = ["game_spec", "piece_letters", "variant_class", "variant_from_zrf", "zrf_variant_class"]
