"""Text views of a ZRF model: a summary of every game, and a start-position diagram.

The diagram places positions by their pixel rectangles, which is how Zillions
itself lays a board out; it works for grids, free ``positions`` boards and
boards with killed cells alike.  Dummy positions (hands, flags) are off screen
and listed under the diagram with whatever stands on them.
"""

from __future__ import annotations

from trebuchet.converters.zrf.model import GameDef, ZrfFile
from trebuchet.variants.zrf.tree import clipped

#: Larger layouts are listed, not drawn.
MAX_CELLS = 4000


def info_text(zrf: ZrfFile) -> str:
    """Every game and variant of the file: board, players, pieces, setup, conditions."""
    lines = [f"{zrf.source}: {len(zrf.games)} games and variants, {zrf.macros} macros"]
    for number, game in enumerate(zrf.games, 1):
        lines.append("")
        lines.extend(game_lines(number, game))
    return "\n".join(lines)


def game_lines(number: int, game: GameDef) -> list[str]:
    if game.separator:
        return [f'{number}. variant "-" (menu separator)']
    parent = f" of {game.parent!r}" if game.parent else ""
    default = " (default)" if game.default else ""
    out = [f"{number}. {game.kind}{parent}: {game.title}{default}"]
    out.append(f"   players: {' '.join(game.players) or '-'}")
    out.append(f"   turn order: {' '.join(_turn(t) for t in game.turn_order) or '-'}")
    for b, board in enumerate(game.boards, 1):
        dims = (
            " x ".join(str(len(labels)) for g in board.grids for labels, _ in g.dimensions)
            or "free"
        )
        out.append(
            f"   board {b}: {len(board.position_names())} positions ({dims}), "
            f"{len(board.directions())} directions, {len(board.zones)} zones"
            + (f", {len(board.kill_positions)} killed" if board.kill_positions else "")
            + (f", {len(board.dummies)} dummies" if board.dummies else "")
        )
    names = ", ".join(p.name + (f" [{p.notation}]" if p.notation else "") for p in game.pieces)
    out.append(f"   pieces ({len(game.pieces)}): {names or '-'}")
    counts: dict[str, int] = {}
    for player, _, _ in game.setup.placements:
        counts[player] = counts.get(player, 0) + 1
    for player, _, n in game.setup.off:
        counts[player] = counts.get(player, 0) + n
    setup = ", ".join(f"{p} {n}" for p, n in counts.items())
    out.append(f"   setup: {setup or 'empty'}")
    there = {name.lower() for b in game.boards for name in b.position_names()}
    there -= {name.lower() for b in game.boards for name in b.kill_positions}
    nowhere = [f"{piece} {where}" for _, piece, where in game.setup.placements
               if where.lower() not in there]
    if nowhere:
        out.append(f"   setup on no position (places nothing): {', '.join(nowhere[:8])}")
    for cond in game.conditions:
        out.append(f"   {cond.kind}: ({' '.join(cond.players)}) {clipped(cond.condition, 70)}")
    if game.options:
        out.append("   options: " + "; ".join(f"{k} = {v}" for k, v in game.options.items()))
    return out


def _turn(item: str | tuple[str, ...]) -> str:
    return item if isinstance(item, str) else "(" + " ".join(item) + ")"



def symbols(game: GameDef) -> dict[tuple[str, str], str]:
    """(player, piece) -> the letter drawn; the first player's in upper case.

    A piece's ``notation`` gives its letter; otherwise, or when another piece has
    it already, the first letter of its name that no other piece uses yet
    (Shatranj has Shah and Sarbaz), so the legend never lists one letter for two
    pieces.
    """
    letters: dict[str, str] = {}
    for _, piece, _ in game.setup.placements:
        if piece not in letters:
            letters[piece] = _letter(game, piece, set(letters.values()))
    out: dict[tuple[str, str], str] = {}
    for player, piece, _ in game.setup.placements:
        first = not game.players or player == game.players[0]
        out[(player, piece)] = letters[piece].upper() if first else letters[piece].lower()
    return out


def _letter(game: GameDef, piece: str, taken: set[str]) -> str:
    definition = game.piece(piece)
    notation = definition.notation.lstrip("+#!") if definition else ""
    # the notation's letter while no other piece has it (Chu Shogi's DH, DK and DE
    # would all be D), then the name's letters, then any free one
    for ch in notation.upper() + piece.upper() + "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        if ch.isalnum() and ch not in taken:
            return ch
    return "?"


def _mark(
    name: str | None, here: dict[str, tuple[str, str]], marks: dict[tuple[str, str], str]
) -> str:
    """' ' where no position is, '.' for an empty one, else the piece's letter."""
    if name is None:
        return " "
    return marks.get(here[name], "?") if name in here else "."


def board_text(game: GameDef) -> str:
    """The start position: a pixel-placed diagram, then off-screen pieces and a legend."""
    board = game.board
    rects = board.rects()
    here = game.setup.by_position()
    marks = symbols(game)
    xs = sorted({r[0] for r in rects.values()})
    ys = sorted({r[1] for r in rects.values()})
    cells: dict[tuple[int, int], str] = {}
    for name, rect in rects.items():
        key = (ys.index(rect[1]), xs.index(rect[0]))
        cells.setdefault(key, name)
    drawable = len(xs) * len(ys) <= MAX_CELLS and len(cells) == len(rects)
    lines = [f"{game.title}: {len(rects)} positions"]
    if drawable and rects:
        for row in range(len(ys)):
            row_cells = [cells.get((row, col)) for col in range(len(xs))]
            marks_row = [_mark(n, here, marks) for n in row_cells]
            first = next((n for n in row_cells if n is not None), "")
            lines.append(f"{first:>6} " + " ".join(marks_row))
    else:
        lines.extend(f"  {name}: {here[name][0]} {here[name][1]}" for name in rects if name in here)
    off_screen = [n for n in board.dummies if n in here and n not in rects]
    lines.extend(f"  {n} (dummy): {here[n][0]} {here[n][1]}" for n in off_screen)
    for player, piece, n in game.setup.off:
        lines.append(f"  off board: {player} {piece} x{n}")
    legend = ", ".join(f"{m} = {player} {piece}" for (player, piece), m in marks.items())
    lines.append(f"  legend: {legend or 'no pieces'}")
    return "\n".join(lines)
