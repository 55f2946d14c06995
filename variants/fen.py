"""trebuchet FEN: positions of every variant as one line of text.

FEN as usual, ranks from the top, with counts above 9 written whole (``10``),
``*`` for a square that is not there, a carrier's cargo in parentheses in the
carrier's colour (``C(A)``, ``t(fwecnr)``), ``~`` after a promoted piece in
games that remember promotions (crazyhouse), holdings in brackets after the
board (``[NPp]``; lichess's extra rank ``/NPp`` is read too), castling as
``KQkq`` (or the rook's file, Shredder style, when the rook is not the
outermost on its side), en passant as every square the last pawn passed over
(``a4a5``) or ``-``, and in games that count checks the checks each side
still has to give (``3+3``; lichess's checks given, ``+0+0`` after the move
number, is read too).

Upper-case letters are White's (player 0), lower-case Black's (player 1).  The
codec lives in ``variants`` because each variant declares its start position
in FEN; :mod:`trebuchet.converters.text_files` is the file-format adapter on top.  The
dialect is described in docs/rules/fen.md.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal, cast

from trebuchet.variants.errors import FenError, shown
from trebuchet.variants.move import MoveKind
from trebuchet.variants.pieces import BLACK, COLORS, WALL, WHITE, Piece, Player

if TYPE_CHECKING:
    from trebuchet.variants.position import Position
    from trebuchet.variants.variant import Variant

_TOKEN = re.compile(r"(\d+)|(\*)|([A-Za-z])(?:\(([A-Za-z]*)\))?(~)?|(.)")
_SQUARE = re.compile(r"[a-z]\d+")
#: The largest halfmove clock and fullmove number read.  Real games stop far short
#: (the longest recorded chess game has 269 moves); the bound keeps int() off
#: hostile numbers thousands of digits long, which Python refuses with a ValueError.
MAX_MOVE_NUMBER = 1_000_000
_CHECKS_LEFT = re.compile(r"(\d+)\+(\d+)")
_CHECKS_GIVEN = re.compile(r"\+(\d+)\+(\d+)")


def _core(pos: Position) -> Variant:
    """The game of ``pos``, one of the table-driven core's: only they read and write
    this dialect (a Zillions game has its own, :mod:`trebuchet.variants.zrf.game`)."""
    return cast("Variant", pos.variant)


def read_fen(variant: Variant, text: str) -> Position:
    """The position of ``variant`` that ``text`` describes; FenError names the field
    and why not.  The same as ``variant.position(text)``."""
    return variant.position(text)


def set_up(pos: Position, text: str) -> None:
    """Set up the empty position ``pos`` as ``text`` describes (for
    :meth:`Variant.position`); FenError names the field and why not."""
    variant = _core(pos)
    fields = text.split()
    if not fields:
        raise FenError("empty FEN")
    if variant.checks_to_win:
        fields = _take_checks(pos, fields)
    if len(fields) > 6:
        raise FenError(f"FEN has {len(fields)} fields, at most 6 expected")
    board_field, hands_field = _split_holdings(fields[0])
    if hands_field is None and variant.has_hands:
        # lichess writes the holdings as one more rank: .../RNBQKBNR/Qn
        rows = board_field.split("/")
        if len(rows) == variant.geometry.ranks + 1:
            board_field, hands_field = "/".join(rows[:-1]), rows[-1]
    _read_board(variant, pos, board_field)
    if hands_field is not None:
        _read_hands(variant, pos, hands_field)
    turn = fields[1] if len(fields) > 1 else "w"
    if turn not in ("w", "b"):
        raise FenError(f"FEN turn field {shown(turn)}: expected 'w' or 'b'")
    pos.turn = WHITE if turn == "w" else BLACK
    pos.castling = variant.read_castling(pos, fields[2] if len(fields) > 2 else "-")
    _read_ep(variant, pos, fields[3] if len(fields) > 3 else "-")
    pos.halfmove = _read_int(fields[4] if len(fields) > 4 else "0", "halfmove clock", 0)
    pos.fullmove = _read_int(fields[5] if len(fields) > 5 else "1", "fullmove number", 1)


EnPassant = Literal["standard", "legal"]
"""How :func:`write_fen` writes the en passant field: ``standard``, the square a
pawn passed over after every double step (the PGN standard of 1994, 16.1.3.4,
and X-FEN); ``legal``, only a square a legal en passant capture lands on, as
python-chess writes it by default (``Board.fen(en_passant="legal")``)."""


def write_fen(pos: Position, *, en_passant: EnPassant = "standard") -> str:
    """The FEN of ``pos``; read_fen(write_fen(p)) reproduces p.

    >>> from trebuchet.variants.chess import Chess
    >>> pos = Chess().start_position()
    >>> pos.push(pos.variant.notation.read(pos, "e4"))
    >>> write_fen(pos)
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
    >>> write_fen(pos, en_passant="legal")
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    """
    variant = _core(pos)
    geo = variant.geometry
    board = board_field(pos, marks=variant.fen_marks_promotion)
    if variant.has_hands:
        board += f"[{_hands_text(pos)}]"
    ep = pos.ep if en_passant == "standard" else _capturable(pos)
    fields = [
        board,
        "w" if pos.turn == WHITE else "b",
        variant.castling_field(pos),
        "".join(geo.names[s] for s in sorted(ep)) or "-",
    ]
    if variant.checks_to_win:
        fields.append("+".join(str(max(n, 0)) for n in pos.checks_left))
    return " ".join((*fields, str(pos.halfmove), str(pos.fullmove)))


def _capturable(pos: Position) -> tuple[int, ...]:
    """The en passant squares a legal en passant capture of ``pos`` lands on."""
    if not pos.ep:
        return ()
    landing = {
        m.to for m in _core(pos).legal_moves(pos, keep=lambda m: m.tag == MoveKind.EN_PASSANT)
    }
    return tuple(sq for sq in pos.ep if sq in landing)


def _take_checks(pos: Position, fields: list[str]) -> list[str]:
    """Read the check counters out of ``fields`` (and return the others): ours,
    ``3+3`` after the en passant field (checks still to give, as python-chess
    writes it), or lichess's ``+0+0`` after the move number (checks given)."""
    limit = _core(pos).checks_to_win
    rest = list(fields)
    if len(rest) >= 7 and (given := _CHECKS_GIVEN.fullmatch(rest[6])):
        del rest[6]
        white, black = (_read_int(n, "checks given", 0) for n in given.groups())
        pos.checks_left = (limit - white, limit - black)
    elif len(rest) >= 5 and (left := _CHECKS_LEFT.fullmatch(rest[4])):
        del rest[4]
        white, black = (_read_int(n, "checks left", 0) for n in left.groups())
        pos.checks_left = (white, black)
    elif any("+" in f for f in rest[1:]):
        bad = next(f for f in rest[1:] if "+" in f)
        raise FenError(f"FEN check counters {shown(bad)}: expected remaining checks like 3+3")
    return rest


def board_field(pos: Position, *, marks: bool = False) -> str:
    """The board of ``pos`` as FEN writes it: ranks from the top, ``*`` for a square
    that is not there (a game with squares off the grid writes only the grid), and
    with ``marks`` (games that mark them) ``~`` after a promoted piece.  Any game's
    board, a Zillions game's too, reads so."""
    geo = pos.variant.geometry
    rows = []
    for rank in range(geo.ranks - 1, -1, -1):
        row = []
        empty = 0
        for sq in geo.squares_of_rank(rank):
            piece = pos.board[sq]
            if piece is None:
                empty += 1
                continue
            if empty:
                row.append(str(empty))
                empty = 0
            row.append(piece.symbol)
            if piece.promoted and marks:
                row.append("~")
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    return "/".join(rows)


def _split_holdings(field: str) -> tuple[str, str | None]:
    if "[" not in field:
        return field, None
    board, _, rest = field.partition("[")
    if not rest.endswith("]"):
        raise FenError(f"FEN holdings {shown('[' + rest)}: expected a closing ']' at the end")
    return board, rest[:-1]


def _read_board(variant: Variant, pos: Position, field: str) -> None:
    geo = variant.geometry
    rows = field.split("/")
    if len(rows) != geo.ranks:
        raise FenError(f"FEN board has {len(rows)} ranks, {variant.name} has {geo.ranks}")
    royals: list[list[int]] = [[] for _ in range(variant.players)]
    for i, row in enumerate(rows):
        rank = geo.ranks - 1 - i
        file = 0
        for m in _TOKEN.finditer(row):
            count, wall, letter, cargo, tilde, junk = m.groups()
            where = f"FEN board rank {rank + 1}"
            if junk is not None:
                raise FenError(f"{where}: unexpected character {junk!r}")
            width = 1
            if count:
                # more digits than the board's width has cannot fit: refused before
                # int() sees them (it refuses 4300 and more with a ValueError)
                digits = count.lstrip("0") or "0"
                if len(digits) > len(str(geo.files)):
                    raise FenError(f"{where}: more than {geo.files} squares")
                width = int(digits)
            if count and width == 0:
                raise FenError(f"{where}: empty-square count 0")
            if file + width > geo.files:
                raise FenError(f"{where}: more than {geo.files} squares")
            if letter:
                piece = _piece(variant, letter, cargo, where, promoted=tilde is not None)
                sq = rank * geo.files + file
                pos.board[sq] = piece
                if piece.royal:
                    assert piece.color is not None
                    royals[piece.color].append(sq)
            elif wall:
                pos.board[rank * geo.files + file] = WALL
            file += width
        if file != geo.files:
            raise FenError(f"FEN board rank {rank + 1}: {file} squares, expected {geo.files}")
    pos.royals = tuple(tuple(squares) for squares in royals)


def _piece(
    variant: Variant, letter: str, cargo: str | None, where: str, *, promoted: bool = False
) -> Piece:
    color = _owner(letter)
    if letter.upper() not in variant.types:
        known = "".join(variant.types)
        raise FenError(f"{where}: unknown piece letter {letter!r} (known: {known})")
    if cargo:
        if any(_owner(c) != color for c in cargo):
            raise FenError(f"{where}: cargo {shown(cargo)} must be in the colour of {letter!r}")
        unknown = [c for c in cargo if c.upper() not in variant.types]
        if unknown:
            raise FenError(f"{where}: unknown cargo letter {unknown[0]!r}")
    # ``~`` (a promoted piece) is read in every game, as python-chess reads it, and
    # kept only by games that remember promotions.
    return variant.piece(letter, color, cargo or (), promoted=promoted)


def _read_hands(variant: Variant, pos: Position, field: str) -> None:
    if not variant.has_hands and field:
        raise FenError(f"FEN holdings {shown(field)}: {variant.name} has no pieces in hand")
    for m in _TOKEN.finditer(field):
        count, wall, c, cargo, _tilde, junk = m.groups()
        if junk == "-":
            continue
        if not c or c.upper() not in variant.types:
            bad = c or count or wall or junk
            raise FenError(f"FEN holdings: unknown piece letter {shown(bad)}")
        if cargo:
            # a carrier in hand keeps its cargo (Shatranj of Troy, ST-4): T(CN)
            piece = _piece(variant, c, cargo, "FEN holdings")
            key = (_owner(c), hand_key(piece))
        else:
            key = (_owner(c), c.upper())
        pos.hands[key] = pos.hands.get(key, 0) + 1


def _owner(letter: str) -> Player:
    return WHITE if letter.isupper() else BLACK


def hand_key(piece: Piece) -> str:
    """The key of ``piece`` in a hand: its kind letter, then its cargo in parentheses."""
    return piece.kind + (f"({''.join(piece.cargo)})" if piece.cargo else "")


def _hands_text(pos: Position) -> str:
    order = _core(pos).kind_order
    out = []
    for color in COLORS:
        held = pos.hand(color).items()
        for kind, n in sorted(held, key=lambda kv: (order.find(kv[0][0]), kv[0])):
            out.append((kind if color == WHITE else kind.lower()) * n)
    return "".join(out)


def read_castling(variant: Variant, pos: Position, field: str) -> frozenset[int]:
    """The castling rights (rook squares) a FEN castling field gives ``pos``."""
    if field == "-":
        return frozenset()
    geo = variant.geometry
    rights = set()
    for at, c in enumerate(field):
        if c in field[:at]:
            # as python-chess: a right is given once (9,990 letters would be read otherwise)
            raise FenError(f"FEN castling field {shown(field)}: {c!r} given twice")
        color = _owner(c)
        king = variant.castling_king(pos, color)
        if king is None:
            raise FenError(f"FEN castling field {shown(field)}: {c!r} but no king of that colour")
        home = variant.castling_homes.get(c)
        if home is not None:
            # MC-6: the right is kept wherever its Rook stands now, if it has one left.
            if not any(p.kind in variant.castling_rook_kinds for _, p in pos.pieces(color)):
                raise FenError(
                    f"FEN castling field {shown(field)}: {c!r} but no rook to castle with"
                )
            rights.add(home)
            continue
        rank = geo.rank_of(king)
        rooks = [
            sq
            for sq in geo.squares_of_rank(rank)
            if (p := pos.board[sq]) is not None
            and p is not WALL
            and p.color == color
            and p.kind in variant.castling_rook_kinds
        ]
        if c.upper() == "K":
            side = [s for s in rooks if s > king]
            chosen = side[-1] if side else None
        elif c.upper() == "Q":
            side = [s for s in rooks if s < king]
            chosen = side[0] if side else None
        elif c.lower() in "abcdefghijklmnopqrstuvwxyz"[: geo.files]:
            sq = rank * geo.files + ord(c.lower()) - ord("a")
            chosen = sq if sq in rooks else None
        else:
            raise FenError(f"FEN castling field {shown(field)}: unexpected {c!r}")
        if chosen is None:
            raise FenError(f"FEN castling field {shown(field)}: {c!r} but no rook to castle with")
        rights.add(chosen)
    return frozenset(rights)


def castling_letters(pos: Position) -> dict[int, str]:
    """The FEN letter of each castling right of ``pos`` whose Rook stands on its
    King's rank: ``K``/``Q`` (``k``/``q``) for the outermost Rook on that side of
    the King, else the Rook's file (Shredder style).  A game whose rights outlive
    their pieces' absence adds the others (:func:`castling_text`)."""
    geo = _core(pos).geometry
    letters: dict[int, str] = {}
    for color in COLORS:
        king = _core(pos).castling_king(pos, color)
        kings = () if king is None else (king,)
        # A right is written only while its rook and king stand on their rank (a
        # Mangonel Chess right survives its pieces being slung away, MC-4).
        mine = [
            s
            for s in pos.castling
            if (p := pos.board[s]) is not None
            and p.color == color
            and p.kind in _core(pos).castling_rook_kinds
            and (not kings or geo.rank_of(kings[0]) == geo.rank_of(s))
        ]
        for sq in mine:
            letter = geo.names[sq][0]
            if kings:
                same_side = [
                    s
                    for s in geo.squares_of_rank(geo.rank_of(sq))
                    if (p := pos.board[s]) is not None
                    and p is not WALL
                    and p.color == color
                    and p.kind in _core(pos).castling_rook_kinds
                    and (s > kings[0]) == (sq > kings[0])
                ]
                outermost = max(same_side) if sq > kings[0] else min(same_side)
                if sq == outermost:
                    letter = "k" if sq > kings[0] else "q"
            letters[sq] = letter.upper() if color == WHITE else letter
    return letters


def castling_text(pos: Position) -> str:
    """The FEN castling field of ``pos``: White's rights, then Black's, each king's
    side first (``KQkq``, or a Rook's file where ``K``/``Q`` would name another)."""
    letters = castling_letters(pos)
    # MC-6: a right of a game with castling homes is written wherever its King and
    # Rook stand now, by the letter of its Rook's home square.
    for letter, home in _core(pos).castling_homes.items():
        if home in pos.castling:
            letters[home] = letter
    # White's first, then Black's; on each side the king's side first
    order = sorted(letters, key=lambda sq: (letters[sq].islower(), -sq))
    return "".join(letters[sq] for sq in order) or "-"


def _read_ep(variant: Variant, pos: Position, field: str) -> None:
    if field == "-":
        return
    geo = variant.geometry
    names = _SQUARE.findall(field.lower())
    if "".join(names) != field.lower():
        raise FenError(f"FEN en passant field {shown(field)}: expected squares like e3, or '-'")
    repeated = next((n for at, n in enumerate(names) if n in names[:at]), None)
    if repeated is not None:
        raise FenError(f"FEN en passant field {shown(field)}: square {shown(repeated)} given twice")
    found = [geo.index_of(n) for n in names]
    if None in found:
        missing = names[found.index(None)]
        raise FenError(
            f"FEN en passant field {shown(field)}: no square {shown(missing)} on a "
            f"{geo.files}x{geo.ranks} board"
        )
    squares = tuple(sorted(sq for sq in found if sq is not None))
    pos.ep = squares
    victim = squares[0] - geo.files if pos.turn == WHITE else squares[-1] + geo.files
    piece = pos.board[victim] if 0 <= victim < geo.size else None
    ok = piece is not None and piece is not WALL and piece.color != pos.turn
    pos.ep_victim = victim if ok else -1


def _read_int(text: str, what: str, minimum: int) -> int:
    number = int(text) if text.isascii() and text.isdigit() and len(text) <= 7 else -1
    if not minimum <= number <= MAX_MOVE_NUMBER:
        raise FenError(
            f"FEN {what} {shown(text)}: expected a whole number from {minimum} "
            f"to {MAX_MOVE_NUMBER}"
        )
    return number


