"""S-chess (Seirawan chess, Yasser Seirawan and Bruce Harper, 2007): FIDE chess with
a Hawk (bishop + knight) and an Elephant (rook + knight) in each hand, gated
onto the first rank as the pieces there first move.

Rulings SC-1 … SC-6 of docs/rules/seirawan.md, as Fairy-Stockfish plays the game
(the reference the tests ask, with pyffish).  What FIDE chess does not know:

* a move of a piece that has not yet left its first-rank square may put a held
  Hawk or Elephant on the square it leaves (SC-2); castling may put it on the
  king's or on the rook's square (SC-3);
* a position keeps the first-rank squares whose piece has not moved
  (``Position.gates``); FEN writes them in the castling field as file letters
  after ``KQkq``, as Fairy-Stockfish does: ``KQBCDFGkqbcdfg`` (SC-5).

Coordinate notation is Fairy-Stockfish's UCI: the gated piece's letter after the
move (``g1f3h``); castling gated on the king's square ``e1g1h``, on the rook's
square the rook's square to the king's (``h1e1h``).  SAN writes ``Nf3/H``,
``O-O/He1``, ``O-O/Hh1``, as pychess does (SC-6).
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import ClassVar

from trebuchet.variants.chess import Chess, fide_pieces
from trebuchet.variants.errors import FenError, IllegalMoveError
from trebuchet.variants.fen import castling_text, read_castling
from trebuchet.variants.move import Action, Change, Hand, Move, MoveKind, Place, Relocate
from trebuchet.variants.notation import Notation
from trebuchet.variants.pieces import BLACK, WHITE, BetzaPiece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.san import SanNotation, check_suffix, parse_san
from trebuchet.variants.variant import Promotion

#: SC-1: the pieces in hand, in the order FEN writes them
GATED = ("E", "H")
_GATED_TEXT = re.compile(r"^(?P<base>.+?)/(?P<kind>[HEhe])(?P<square>[a-h][18])?(?P<tail>[+#!?]*)$")


class SeirawanMove(StrEnum):
    """S-chess's special move."""

    GATE = "gate"
    """SC-2: a first move from the first rank that gates a held piece in behind it."""


class GatingMove(Move):
    """SC-2: a move that gates a held piece in, knowing the plain move it doubles.
    Its legality is the plain move's (a gated piece never makes an illegal move
    legal), so the legality test reads the plain move's answer instead of
    making the twin on the board."""

    __slots__ = ("plain",)

    def __init__(
        self, plain: Move, frm: int, to: int, actions: tuple[Action, ...], kind: str
    ) -> None:
        tag = plain.tag if plain.tag == MoveKind.CASTLE else SeirawanMove.GATE
        super().__init__(frm, to, actions, tag=tag, promotion=plain.promotion, suffix=kind.lower())
        self.plain = plain


def vacated(castle: Move) -> tuple[int, ...]:
    """SC-3: the squares a castling leaves empty, the king's first: where it may gate
    a piece in (in Chess960 the king or the rook may stay, or land on the other's
    square)."""
    left = [a.frm for a in castle.actions if type(a) is Relocate]
    filled = {a.to for a in castle.actions if type(a) is Relocate}
    filled.update(a.sq for a in castle.actions if type(a) is Change)
    return tuple(sorted((sq for sq in left if sq not in filled), key=lambda sq: sq != castle.frm))


def gated_square(move: Move) -> int | None:
    """Where ``move`` gates a piece in (the square of its ``Place``), or None."""
    for act in move.actions:
        if type(act) is Place:
            return act.sq
    return None


class Seirawan(Chess):
    """S-chess: SC-1 … SC-6."""

    rewrites_moves: ClassVar[bool] = True

    name = "seirawan"
    title = "Seirawan"  # as pychess writes the Variant tag
    aliases: ClassVar[tuple[str, ...]] = ("S-chess", "Schess", "Seirawan chess")
    # SC-1
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
    has_hands = True
    kind_order = "KQEHRBNP"
    # SC-4: the new pieces are promotion choices too
    promotion = Promotion(
        kinds=frozenset({"P"}),
        choices=("Q", "R", "B", "N", "H", "E"),
        ranks=(7,),
        mandatory_ranks=(7,),
    )

    def piece_types(self) -> list[PieceType]:
        """SC-1: the FIDE pieces, the Hawk (``BN``) and the Elephant (``RN``)."""
        return [*fide_pieces(), BetzaPiece("H", "Hawk", "BN"), BetzaPiece("E", "Elephant", "RN")]

    def make_notation(self) -> Notation:
        return SeirawanNotation(self)

    # -- gating (SC-2, SC-3) -----------------------------------------------------
    def adjust_moves(self, pos: Position, color: Player, moves: list[Move]) -> list[Move]:
        """SC-2, SC-3: after each move of a piece from its gate square, the same move
        gating each held kind in; castling gates on the king's or the rook's square,
        if it is a gate and the castling leaves it empty."""
        held = [k for k in GATED if pos.hands.get((color, k), 0) > 0]
        if not held or not pos.gates:
            return moves
        out: list[Move] = []
        for m in moves:
            out.append(m)
            if m.frm is None:
                continue
            if m.tag == MoveKind.CASTLE:
                squares = tuple(sq for sq in vacated(m) if sq in pos.gates)
            elif m.frm in pos.gates:
                squares = (m.frm,)
            else:
                continue
            for kind in held:
                piece = self.piece(kind, color)
                for sq in squares:
                    gate = (Place(sq, piece), Hand(color, kind, -1))
                    # UCI names a gate on the rook's square by the rook's square
                    frm, to = (m.frm, m.to) if sq == m.frm else (sq, m.frm)
                    out.append(GatingMove(m, frm, to, (*m.actions, *gate), kind))
        return out

    def filter_legal(self, pos: Position, moves: list[Move]) -> list[Move]:
        """SC-2: a gating move is legal exactly when the same move without the gate
        is.  The plain moves are tested as usual (with the plain moves of twins a
        reader's filter kept alone), and each twin takes its plain move's answer."""
        if not any(type(m) is GatingMove for m in moves):
            return super().filter_legal(pos, moves)
        plain: dict[int, Move] = {}
        for m in moves:
            base = m.plain if type(m) is GatingMove else m
            plain.setdefault(id(base), base)
        legal = {id(m) for m in super().filter_legal(pos, list(plain.values()))}
        return [m for m in moves if id(m.plain if type(m) is GatingMove else m) in legal]

    def is_safe(self, pos: Position, move: Move) -> bool:
        """SC-2 for one move alone: a gating move is as safe as its plain move (the
        gated piece shields nothing), as :meth:`filter_legal` rules for many."""
        return super().is_safe(pos, move.plain if type(move) is GatingMove else move)

    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """SC-5: a square stops being a gate once a move writes it, and the king's and
        the rook's squares once they castle (a Chess960 king or rook may castle
        without moving: its square is named by the move's ``frm`` or ``to``)."""
        super().after_move(pos, move, captured)
        if pos.gates:
            spent = {sq for sq, _ in pos.last_changes()}
            if move.tag == MoveKind.CASTLE and move.frm is not None:
                spent.update((move.frm, move.to))
            pos.gates = pos.gates - spent

    def kind_of(self, pos: Position, move: Move) -> str:
        """A castling gated on the rook's square is still the king's move."""
        if move.tag == MoveKind.CASTLE and move.frm is not None:
            piece = pos.board[move.to]
            if piece is not None and piece.kind == "K":
                return "K"
        return super().kind_of(pos, move)

    # -- FEN (SC-5) -----------------------------------------------------------------
    def read_castling(self, pos: Position, field: str) -> frozenset[int]:
        """``K``/``Q`` are castling rights (and gates on the king's and the rook's
        squares); other file letters are gates on that player's first rank."""
        geo = self.geometry
        rights = read_castling(self, pos, "".join(c for c in field if c in "KQkq") or "-")
        gates: set[int] = set(rights)
        for color in (WHITE, BLACK):
            if any(geo.rank_of(r) == self._home_rank(color) for r in rights):
                gates.update(pos.royals[color][:1])
        for c in field:
            if c in "KQkq-":
                continue
            color = WHITE if c.isupper() else BLACK
            sq = geo.at(ord(c.lower()) - ord("a"), self._home_rank(color))
            if sq is None:
                raise FenError(f"FEN castling field {field!r}: unexpected {c!r}")
            gates.add(sq)
        pos.gates = frozenset(gates)
        return rights

    def castling_field(self, pos: Position) -> str:
        """Castling rights, then, for a player who still holds a piece to gate, its
        gates not already implied by them (the king's square by any right, a rook's
        by its own), as Fairy-Stockfish writes the field."""
        geo = self.geometry
        rights = castling_text(pos)
        out = []
        for color in (WHITE, BLACK):
            mine = "".join(c for c in rights if c != "-" and c.isupper() == (color == WHITE))
            implied = {r for r in pos.castling if geo.rank_of(r) == self._home_rank(color)}
            if implied:
                implied.update(pos.royals[color][:1])
            files = ""
            if any(pos.hands.get((color, k), 0) > 0 for k in GATED):
                files = "".join(
                    geo.names[sq][0]
                    for sq in sorted(pos.gates)
                    if geo.rank_of(sq) == self._home_rank(color) and sq not in implied
                )
            out.append(mine + (files.upper() if color == WHITE else files))
        return "".join(out) or "-"

    def _home_rank(self, color: Player) -> int:
        return 0 if color == WHITE else self.ranks - 1

    # -- how games end -------------------------------------------------------------
    def insufficient_material(self, pos: Position, color: Player) -> bool:
        """A Hawk or an Elephant, on the board or in hand, can always mate."""
        if pos.hand(color) or any(p.kind in GATED for _, p in pos.pieces(color)):
            return False
        return super().insufficient_material(pos, color)


class SeirawanNotation(SanNotation):
    """SAN with S-chess's gating suffix (SC-6): ``Nf3/H``, ``O-O/He1``.  As
    Fairy-Stockfish writes it, a gating move is told apart only from the moves
    that gate the same piece in (``Nf3/H`` where ``Ngf3`` is the plain move)."""

    def write(self, pos: Position, move: Move) -> str:
        sq = gated_square(move)
        if move.tag == MoveKind.CASTLE:
            text = _castle_side(pos, move)
        elif sq is not None:
            kind = self.variant.kind_of(pos, move)
            text = self._ordinary(pos, move, kind, rivals=lambda m: m.suffix == move.suffix)
        else:
            return super().write(pos, move)
        if sq is not None:
            letter = move.suffix.upper()
            text += f"/{letter}{self.names[sq]}" if move.tag == MoveKind.CASTLE else f"/{letter}"
        return text + check_suffix(pos, move)

    def read(self, pos: Position, text: str) -> Move:
        """Plain SAN as usual; a gating text is matched among the gating moves only
        (``Nd7/H`` and ``Nbd7/H`` both name b8-d7 gating a Hawk)."""
        gated = _GATED_TEXT.match(text.strip())
        if gated is None:
            return super().read(pos, text)
        kind = gated["kind"].lower()
        want = self.variant.square(gated["square"]) if gated["square"] else None
        found = [
            m
            for m in self.variant.legal_moves(pos, keep=lambda m: m.suffix == kind)
            if (sq := gated_square(m)) is not None
            and (want is None or sq == want)
            and self._fits(pos, m, gated["base"])
        ]
        if len(found) == 1:
            return found[0]
        raise IllegalMoveError(
            f"{'ambiguous' if found else 'illegal'} move {text!r} in {pos.fen()}",
            text=text,
            fen=pos.fen(),
        )

    def _fits(self, pos: Position, move: Move, base: str) -> bool:
        """Whether the SAN ``base`` (no gating suffix) fits the gating ``move``."""
        for parts in parse_san(base):
            if parts.form == "castle":
                if move.tag == MoveKind.CASTLE and _castle_side(pos, move) == (
                    "O-O-O" if parts.long else "O-O"
                ):
                    return True
                continue
            if parts.form != "move" or move.tag == MoveKind.CASTLE or move.frm is None:
                continue
            name = self.names[move.frm]
            if (
                self.names[move.to] == parts.to
                and self.variant.kind_of(pos, move) == (parts.piece or "P")
                and (move.promotion or None) == parts.promo
                and (not parts.file or name[0] == parts.file)
                and (not parts.rank or name[1:] == parts.rank)
            ):
                return True
        return False

    def _castles(self, pos: Position, *, long: bool) -> list[Move]:
        # a bare O-O names the castling that gates nothing in
        return [m for m in super()._castles(pos, long=long) if gated_square(m) is None]


def _castle_side(pos: Position, move: Move) -> str:
    """``O-O`` or ``O-O-O`` by the file the king lands on, g or c (a castling gated
    on the rook's square is written from the rook's square to the king's)."""
    assert move.frm is not None
    piece = pos.board[move.frm]
    king = move.frm if piece is not None and piece.kind == "K" else move.to
    lands = king  # a Chess960 king may castle without moving
    for act in move.actions:
        if type(act) is Relocate and act.frm == king:
            lands = act.to
        elif type(act) is Change and act.piece.kind == "K":
            lands = act.sq
    geo = pos.variant.geometry
    return "O-O" if geo.file_of(lands) >= geo.files // 2 else "O-O-O"
