"""A trebuchet :class:`~trebuchet.variants.variant.Variant` from a ZRF game: board, pieces, setup.

Only what a diagram needs is translated.  ZRF move programs (``moves``,
``drops``) are *not*: every piece kind is an :class:`InertPiece` that generates
no move, so the variant shows and reads positions (FEN, diagrams) but plays
nothing.

Board.  The game's one board must be one grid whose steps are axis-aligned
on screen.  Pixel offsets, not the order of the dimensions, decide the axes:
the dimension that steps sideways gives the files (left to right), the one that
steps up or down gives the ranks (rank 1 at the bottom of the picture), so
Chess.zrf's ``"a/…/h"`` × ``"8/…/1"`` keeps a1 bottom-left.  Dimensions of a
single label are ignored.  Killed grid cells are missing squares (``*``).
Dummy positions, which ZRF keeps off screen for bookkeeping, are dropped unless
the setup puts a piece there.  Anything else — several boards or grids, free
``positions``, a third real dimension, diagonal steps, more than 26 files — is
refused with a :class:`ZrfError` naming why.

Sides.  The first player is White (upper case), the second Black; a player
whose name starts with ``?`` is Zillions' random player and is no side, but
must own nothing in the setup.  Three or more sides are refused.  Pieces set
up ``off N`` go to the owner's hand (FEN brackets).

Letters.  A ZRF piece keeps its ``notation`` when that is one letter no other
piece took; then the FIDE names (King, Queen, Rook, Bishop, Knight, Pawn) take
K, Q, R, B, N, P; then every other piece, in declaration order, takes the first
free letter of its name, else of the alphabet.  More than 26 kinds are refused.
Only a piece named King is royal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from trebuchet.converters.zrf.model import Game, Grid, ZrfFile
from trebuchet.variants.geometry import FILE_LETTERS
from trebuchet.variants.move import Move
from trebuchet.variants.pieces import PieceType
from trebuchet.variants.variant import Variant
from trebuchet.variants.zrf.errors import ZrfError

if TYPE_CHECKING:
    from trebuchet.variants.pieces import Piece
    from trebuchet.variants.position import Position

#: Conventional FEN letters of the FIDE pieces, given before name-derived letters.
FIDE_LETTERS = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N", "pawn": "P"}
MAX_RANKS = 99
ALPHABET = FILE_LETTERS.upper()

_Candidates = Callable[[str], str]
"""Piece name -> letters it may take, best first."""


class InertPiece(PieceType):
    """A ZRF piece kind: named and lettered, but its move program is not translated.

    ``simple`` with no attack vectors lets the rules core take its fast path:
    such a piece attacks nothing, so nothing is ever in check.
    """

    simple = True

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        """No moves: ZRF move programs are not translated."""


class _Board:
    """Where each ZRF position lands: files, ranks and ZRF name -> (file, rank)."""

    def __init__(self, files: int, ranks: int, cells: dict[str, tuple[int, int]]) -> None:
        self.files = files
        self.ranks = ranks
        self.cells = cells


def variant_from_zrf(model: ZrfFile | Game, variant_name: str | int | None = None) -> Variant:
    """The trebuchet variant of a ZRF game; ``variant_name`` picks it in a file
    (number or title, as ``ZrfFile.game``; default the first game)."""
    game = model.game(variant_name) if isinstance(model, ZrfFile) else model
    return variant_class(game, _source(model))()


def variant_class(game: Game, source: str = "") -> type[Variant]:
    """A Variant subclass declaring the game's board, piece kinds and start position."""
    sides = _sides(game, source)
    board = _grid_board(game, source)
    letters = piece_letters(game, source)
    fen = _start_fen(game, board, sides, letters, source)
    names = {letters[p.name]: p.name for p in game.pieces}

    def piece_types(self: Variant) -> list[PieceType]:
        return [InertPiece(letter, name, royal=name == "King") for letter, name in names.items()]

    attributes = {
        "name": _slug(game.title) or "zrf-game",
        "title": game.title,
        "files": board.files,
        "ranks": board.ranks,
        "start_fen": fen,
        "kind_order": "".join(names),
        "pawn_kinds": frozenset(),
        "has_hands": bool(_hands(game, sides, letters)),
        "piece_types": piece_types,
        "__doc__": f"{game.title}, read from a ZRF file (board and setup only, no moves).",
    }
    return type("ZrfVariant", (Variant,), attributes)


# -- sides -------------------------------------------------------------------


def _sides(game: Game, source: str) -> dict[str, bool]:
    """ZRF player -> colour; random players (``?name``) own nothing and are no side."""
    sides = [p for p in game.players if not p.startswith("?")]
    if len(sides) != 2:
        raise _refuse(game, f"{len(sides)} players ({' '.join(sides)}), trebuchet plays 2", source)
    owners = {player for player, _, _ in game.setup.placements}
    owners.update(player for player, _, _ in game.setup.off)
    strangers = sorted(owners - set(sides))
    if strangers:
        raise _refuse(game, f"setup gives pieces to player {strangers[0]}, not a side", source)
    return {sides[0]: True, sides[1]: False}


# -- board -------------------------------------------------------------------


def _grid_board(game: Game, source: str) -> _Board:
    """The one rectangular grid of the game, or a ZrfError saying why not."""
    if len(game.boards) != 1:
        raise _refuse(game, f"{len(game.boards)} boards, expected one", source)
    board = game.board
    if len(board.grids) != 1:
        what = "no grid (explicit positions only)" if not board.grids else "several grids"
        raise _refuse(game, f"board has {what}", source)
    if board.positions:
        raise _refuse(
            game, f"board has {len(board.positions)} position(s) outside its grid", source
        )
    grid = board.grids[0]
    files_dim, ranks_dim = _axes(game, grid, source)
    files = len(grid.dimensions[files_dim][0]) if files_dim is not None else 1
    ranks = len(grid.dimensions[ranks_dim][0]) if ranks_dim is not None else 1
    if files > len(FILE_LETTERS) or ranks > MAX_RANKS:
        raise _refuse(game, f"{files}x{ranks} board, trebuchet has at most 26 files", source)
    killed = set(board.kill_positions)
    cells = {
        name: (_coordinate(grid, index, files_dim), _coordinate(grid, index, ranks_dim, up=True))
        for name, index, _ in grid.cells()
        if name not in killed
    }
    return _Board(files, ranks, cells)


def _axes(game: Game, grid: Grid, source: str) -> tuple[int | None, int | None]:
    """(dimension of the files, dimension of the ranks); single-label dimensions skipped."""
    files_dim = ranks_dim = None
    for d, (labels, (dx, dy)) in enumerate(grid.dimensions):
        if len(labels) == 1:
            continue
        if (dx == 0) == (dy == 0):
            raise _refuse(
                game, f"grid dimension {d + 1} steps ({dx} {dy}), not along an axis", source
            )
        if dy == 0 and files_dim is None:
            files_dim = d
        elif dx == 0 and ranks_dim is None:
            ranks_dim = d
        else:
            raise _refuse(game, "grid has more than two dimensions", source)
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


def piece_letters(game: Game, source: str = "") -> dict[str, str]:
    """ZRF piece name -> its FEN letter (upper case), by the rule of the module docstring."""
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


# -- start position ------------------------------------------------------------


def _start_fen(
    game: Game, board: _Board, sides: dict[str, bool], letters: dict[str, str], source: str
) -> str:
    """The trebuchet FEN of the ZRF ``board-setup``: board, turn, holdings."""
    grid: list[list[str]] = [["*"] * board.files for _ in range(board.ranks)]
    for file, rank in board.cells.values():
        grid[rank][file] = ""
    for position, (player, piece) in game.setup.by_position().items():
        if position not in board.cells:
            raise _refuse(game, f"setup puts {piece} on {position}, off the grid", source)
        if piece not in letters:
            raise _refuse(game, f"setup uses {piece}, which no (piece …) defines", source)
        file, rank = board.cells[position]
        grid[rank][file] = _symbol(letters[piece], sides[player])
    for _, piece, _ in game.setup.off:
        if piece not in letters:
            raise _refuse(game, f"setup uses {piece}, which no (piece …) defines", source)
    rows = "/".join(_fen_row(row) for row in reversed(grid))
    hands = _hands(game, sides, letters)
    holdings = f"[{hands}]" if hands else ""
    return f"{rows}{holdings} {'w' if _white_starts(game, sides) else 'b'} - - 0 1"


def _fen_row(row: list[str]) -> str:
    """One rank in FEN: runs of empty squares ('' cells) as their count."""
    return re.sub(r"\.+", lambda m: str(len(m.group())), "".join(c or "." for c in row))


def _symbol(letter: str, white: bool) -> str:
    return letter if white else letter.lower()


def _hands(game: Game, sides: dict[str, bool], letters: dict[str, str]) -> str:
    """Holdings text of the pieces set up ``off N``: White's first, each side's in
    declaration order, which is the variant's kind order (as write_fen puts them)."""
    order = [p.name for p in game.pieces]

    def key(item: tuple[str, str, int]) -> tuple[bool, int]:
        return (not sides[item[0]], order.index(item[1]))

    off = sorted(game.setup.off, key=key)
    return "".join(_symbol(letters[piece], sides[player]) * n for player, piece, n in off)


def _white_starts(game: Game, sides: dict[str, bool]) -> bool:
    """True unless the turn order opens with the second side."""
    first = next((t for t in game.turn_order if isinstance(t, str) and t in sides), None)
    return first is None or sides[first]


# -- helpers -----------------------------------------------------------------


def _refuse(game: Game, reason: str, source: str) -> ZrfError:
    return ZrfError(f"{game.title}: {reason}", source, game.line)


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def _source(model: ZrfFile | Game) -> str:
    return model.source if isinstance(model, ZrfFile) else ""


__all__ = ["InertPiece", "piece_letters", "variant_class", "variant_from_zrf"]
