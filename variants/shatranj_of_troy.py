"""Shatranj of Troy (Gary K. Gifford, 2005): Shatranj on 9 × 9 with Shogi drops
and a Trojan Horse that carries six pieces.

Rulings ST-1 … ST-8 of docs/rules/shatranj-of-troy.md decide every open
point.  What the core does not know and this module adds:

* captures send the captured piece to the captor's hand (ST-5); every capture
  move carries its ``HAND`` action, so making and unmaking stay generic;
* drops from the hand (ST-5): any empty square, pawns never on the last rank;
* the Trojan Horse (ST-4): a knight that, as part of any of its moves, may
  leave one piece of its cargo on the square it left.  A captured Horse goes
  to the hand *with* its cargo (hand key ``T(CN)``), changes colour with it and
  is dropped whole.

Coordinate notation: ``e3e4``, ``e8e9f`` (promotion), ``P@e4`` and
``T(CN)@e4`` (drops), and ``e2d4,C@e2`` for a Horse move that leaves a Camel on
e2.  On input ``*`` may stand for ``@`` and ``(C@e2)`` or ``;C@e2`` for
``,C@e2``.

The page's own notation (:class:`ShatranjOfTroyNotation`), after its
``T b5-a3``; ``+`` for check, ``#`` for mate, appended:

* a move: piece letter, space, from-square, ``-`` (or ``x`` for a capture),
  to-square: ``T b5-a3``, ``R a1xa5``;
* a promotion (ST-6): ``P e8-e9=F``;
* a Horse move that leaves a cargo piece behind (ST-4): ``T e2-d4 (C@e2)``;
* a drop (ST-5): ``P@e4``; a Horse dropped with cargo: ``T(CN)@e4``.

Read forms are looser: the letter and the space are optional, ``x``, ``:`` and
``-`` are interchangeable or may be left out, ``*`` may stand for ``@`` (the
Game Courier drop), ``=`` before a promotion letter is optional, and a
deployment may also follow after ``;`` or ``,`` (``T e2-d4; C*e2``).  A Horse
drop may leave out its cargo when only one Horse is in hand.  SAN is read too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError
from trebuchet.variants.fen import hand_key
from trebuchet.variants.game import Outcome
from trebuchet.variants.move import Change, Hand, Move, Place, drop_move
from trebuchet.variants.notation import Notation, PageNotation
from trebuchet.variants.pieces import BLACK, WHITE, BetzaPiece, Piece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.san import check_suffix
from trebuchet.variants.variant import Promotion, Variant

HORSE = "T"
#: ST-2: what each Horse carries at the start.
START_CARGO = ("F", "W", "E", "C", "N", "R")


class TrojanMove(StrEnum):
    """Shatranj of Troy's special move (ST-4)."""

    DEPLOY = "deploy"
    """A Horse move that leaves one piece of its cargo on the square it left."""


class TrojanHorse(BetzaPiece):
    """ST-4: a knight that may leave one piece of its cargo on the square it left.

    The plain knight moves keep the cargo aboard; each one is followed by one
    ``deploy`` move per distinct kind in the cargo.  Captures by the Horse are
    plain knight leaps, so the core's fast check and pin tables still apply.
    """

    def __init__(self) -> None:
        super().__init__(HORSE, "Trojan Horse", "N")
        self._unloaded: dict[tuple[Piece, str], tuple[Piece, Piece]] = {}
        #: (Horse, from, to, capture?) -> its knight move there and that move's
        #: deployments, made once: moves are immutable values, and the knight moves
        #: are the Betza tables' own objects (an entry serves only that very move)
        self._deploys: dict[tuple[Piece, int, int, bool], tuple[Move, tuple[Move, ...]]] = {}

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        start = len(out)
        super().generate(pos, sq, piece, out)
        if not piece.cargo:
            return
        deploys = self._deploys
        board = pos.board
        for i in range(start, len(out)):
            move = out[i]
            key = (piece, sq, move.to, board[move.to] is not None)
            found = deploys.get(key)
            if found is None or found[0] is not move:
                found = deploys[key] = (move, self._deployments(pos, sq, piece, move))
            out.extend(found[1])

    def _deployments(self, pos: Position, sq: int, piece: Piece, move: Move) -> tuple[Move, ...]:
        """``move`` of the Horse ``piece`` on ``sq`` leaving each kind of its cargo behind."""
        names = pos.variant.geometry.names
        found = []
        for kind in dict.fromkeys(piece.cargo):
            horse, left = self._unload(pos, piece, kind)
            found.append(
                Move(
                    sq,
                    move.to,
                    (*move.actions, Change(move.to, horse), Place(sq, left)),
                    tag=TrojanMove.DEPLOY,
                    suffix=f",{kind}@{names[sq]}",
                )
            )
        return tuple(found)

    def _unload(self, pos: Position, piece: Piece, kind: str) -> tuple[Piece, Piece]:
        """(the Horse without one ``kind``, the piece of ``kind`` it leaves), cached."""
        found = self._unloaded.get((piece, kind))
        if found is None:
            assert piece.color is not None
            rest = list(piece.cargo)
            rest.remove(kind)
            variant = pos.variant
            found = (
                variant.piece(HORSE, piece.color, rest),
                variant.piece(kind, piece.color),
            )
            self._unloaded[(piece, kind)] = found
        return found


_SQ = r"[A-Za-z]\d+"
_MOVE = re.compile(
    rf"^(?P<piece>[A-Za-z])?\s*(?P<frm>{_SQ})\s*[-x:]?\s*(?P<to>{_SQ})"
    r"\s*(?:=?\s*(?P<promo>[A-Za-z]))??"
    rf"\s*(?:[(;,]\s*(?P<dkind>[A-Za-z])\s*[@*-]\s*(?P<dsq>{_SQ})\s*\)?)?$"
)
_DROP = re.compile(rf"^(?P<kind>[A-Za-z])(?:\((?P<cargo>[A-Za-z]*)\))?\s*[@*]\s*(?P<to>{_SQ})$")
_SUFFIXES = "+#!? "


@dataclass(frozen=True)
class _Parts:
    """What a move text says; None where it says nothing."""

    piece: str | None
    frm: str | None
    to: str
    promotion: str | None = None
    deploy: tuple[str, str] | None = None
    drop: str | None = None
    cargo: str | None = None


class ShatranjOfTroyNotation(PageNotation):
    """Reads and writes Shatranj of Troy moves in the page's piece-from-to style."""

    # -- writing -------------------------------------------------------------
    def write(self, pos: Position, move: Move) -> str:
        return self._body(pos, move) + check_suffix(pos, move)

    def _body(self, pos: Position, move: Move) -> str:
        names = self.variant.geometry.names
        if move.frm is None:
            return f"{move.drop}@{names[move.to]}"
        piece = pos.board[move.frm]
        assert piece is not None
        sep = "x" if move.is_capture() else "-"
        text = f"{piece.kind} {names[move.frm]}{sep}{names[move.to]}"
        if move.promotion:
            text += f"={move.promotion}"
        left = _deployed(move)
        if left is not None:
            text += f" ({left}@{names[move.frm]})"
        return text

    # -- reading -------------------------------------------------------------
    def read_page(self, pos: Position, text: str) -> Move:
        parts = self._parse(pos, text)
        to = self.variant.geometry.index_of(parts.to)
        if to is None:
            raise IllegalMoveError(
                f"illegal move {text.strip()!r} in {pos.fen()}", text=text, fen=pos.fen()
            )
        found = self.variant.legal_moves(pos, to=to, keep=lambda m: self._fits(pos, m, parts))
        if parts.drop is not None and parts.cargo is None and len(found) > 1:
            # ``T@e4``: the plain (empty) Horse if held, else the one Horse in hand
            exact = [m for m in found if m.drop == parts.drop]
            found = exact or found
        if len(found) == 1:
            return found[0]
        if not found:
            raise IllegalMoveError(
                f"illegal move {text.strip()!r} in {pos.fen()}", text=text, fen=pos.fen()
            )
        raise AmbiguousMoveError(
            f"move {text.strip()!r} matches {len(found)} legal moves in {pos.fen()}",
            text=text,
            fen=pos.fen(),
        )

    def _parse(self, pos: Position, text: str) -> _Parts:
        body = text.strip().rstrip(_SUFFIXES)
        drop = _DROP.match(body)
        if drop:
            cargo = drop["cargo"]
            return _Parts(
                None,
                None,
                drop["to"].lower(),
                drop=drop["kind"].upper(),
                cargo=cargo.upper() if cargo is not None else None,
            )
        match = _MOVE.match(body)
        if not match:
            raise IllegalMoveError(
                f"cannot read move {text.strip()!r} (Shatranj of Troy writes T e2-d4 (C@e2),"
                " P e8-e9=F, P@e4)",
                text=text,
                fen=pos.fen(),
            )
        deploy = None
        if match["dkind"]:
            deploy = (match["dkind"].upper(), match["dsq"].lower())
        return _Parts(
            match["piece"].upper() if match["piece"] else None,
            match["frm"].lower(),
            match["to"].lower(),
            promotion=match["promo"].upper() if match["promo"] else None,
            deploy=deploy,
        )

    def _fits(self, pos: Position, move: Move, parts: _Parts) -> bool:
        names = self.variant.geometry.names
        if names[move.to] != parts.to:
            return False
        if parts.drop is not None:
            if move.frm is not None or move.drop is None:
                return False
            if parts.cargo is None:
                return move.drop[0] == parts.drop
            key = parts.drop + (f"({_ordered(self.variant, parts.cargo)})" if parts.cargo else "")
            return move.drop == key
        if move.frm is None or names[move.frm] != parts.frm:
            return False
        piece = pos.board[move.frm]
        assert piece is not None
        if parts.piece is not None and piece.kind != parts.piece:
            return False
        if move.promotion != parts.promotion:
            return False
        left = _deployed(move)
        if parts.deploy is None:
            return left is None
        return left == parts.deploy[0] and parts.deploy[1] == parts.frm


def _deployed(move: Move) -> str | None:
    """The kind a Horse move leaves on its from-square, if any (ST-4)."""
    if move.tag != TrojanMove.DEPLOY:
        return None
    for act in move.actions:
        if isinstance(act, Place) and act.sq == move.frm:
            return act.piece.kind
    return None


def _ordered(variant: Variant, cargo: str) -> str:
    """Cargo letters in the variant's canonical order, as hand keys write them."""
    order = variant.kind_order
    return "".join(sorted(cargo, key=lambda k: (order.find(k), k)))



class ShatranjOfTroy(Variant):
    """Shatranj of Troy, rulings ST-1 … ST-7."""

    special_moves: ClassVar[bool] = True
    rewrites_moves: ClassVar[bool] = True

    name = "shatranj-of-troy"
    title = "Shatranj of Troy"
    files = 9  # ST-1
    ranks = 9
    # ST-2
    start_fen = "4k4/4t(fwecnr)4/ppppppppp/9/9/9/PPPPPPPPP/4T(FWECNR)4/4K4[] w - - 0 1"
    option_help: ClassVar[dict[str, str]] = {
        "bare-king": "a player left with a bare King (nothing else on the board or "
        "in hand) loses, as in the Zillions implementation (ST-7)",
    }
    has_hands = True
    kind_order = "KTFWECNRP"
    # ST-6: optional on the owner's ranks 7-8, compulsory on 9; Ferz or Wazir only.
    promotion: Promotion | None = Promotion(
        kinds=frozenset({"P"}), choices=("F", "W"), ranks=(6, 7, 8), mandatory_ranks=(8,)
    )

    def __init__(self, options: Iterable[str] = ()) -> None:
        super().__init__(options)
        geo = self.geometry
        # ST-5: no pawn drop on the last rank (rank 9 for White, rank 1 for Black).
        self._no_pawn_drop = {
            WHITE: geo.squares_of_rank(geo.ranks - 1),
            BLACK: geo.squares_of_rank(0),
        }

    def make_notation(self) -> Notation:
        """The page's piece-from-to notation (and SAN)."""
        return ShatranjOfTroyNotation(self)

    def piece_types(self) -> list[PieceType]:
        """ST-3: the Shatranj pieces, the Dabbaba-like Camel, the Rook and the Horse."""
        return [
            BetzaPiece("K", "King", "K", royal=True),
            TrojanHorse(),
            BetzaPiece("F", "Ferz", "F"),
            BetzaPiece("W", "Wazir", "W"),
            BetzaPiece("E", "Elephant", "A"),
            BetzaPiece("C", "Camel", "D"),
            BetzaPiece("N", "Knight", "N"),
            BetzaPiece("R", "Rook", "R"),
            BetzaPiece("P", "Pawn", "fmWfcF"),
        ]

    # -- generation ----------------------------------------------------------
    def adjust_moves(self, pos: Position, color: Player, moves: list[Move]) -> list[Move]:
        """Every capture sends its victim to the captor's hand (ST-5)."""
        board = pos.board
        # Every capture of this game lands on its victim (ST-3: no en passant), so a
        # move onto an empty square is none: the quick test spares most moves the scan.
        return [
            self._to_hand(pos, m, color)
            if m.frm is not None and board[m.to] is not None and m.is_capture()
            else m
            for m in moves
        ]

    @staticmethod
    def _to_hand(pos: Position, move: Move, captor: Player) -> Move:
        """ST-5/ST-4: the captured piece changes colour and goes to the captor's hand,
        a Horse with whatever cargo it still holds."""
        gains = []
        for sq in move.removed_squares:
            victim = pos.board[sq]
            assert victim is not None
            gains.append(Hand(captor, hand_key(victim), 1))
        return move.with_actions((*move.actions, *gains))

    def add_special_moves(self, pos: Position, color: Player, out: list[Move]) -> None:
        """ST-5: drops on any empty square; pawns not on the last rank.  Doubled pawns
        are allowed, a drop never promotes and a pawn drop may mate."""
        held = sorted(k for (c, k), n in pos.hands.items() if c == color and n > 0)
        if not held:
            return
        empty = [sq for sq, p in enumerate(pos.board) if p is None]
        for key in held:
            piece = self.hand_piece(key, color)
            barred = self._no_pawn_drop[color] if piece.kind == "P" else frozenset()
            out.extend(drop_move(sq, piece, color, key) for sq in empty if sq not in barred)

    def hand_piece(self, key: str, color: Player) -> Piece:
        """The piece a hand key (``P``, ``T``, ``T(CN)``) stands for, owned by ``color``."""
        return self.piece(key[0], color, key[2:-1] if len(key) > 1 else ())

    # -- how games end -----------------------------------------------------------
    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        """ST-7: checkmate wins, stalemate draws; with ``bare-king`` a player whose
        King stands alone, with nothing in hand, loses."""
        if "bare-king" in self.options:
            for color in (pos.turn, self.opponents(pos.turn)[0]):
                if self.is_bare(pos, color):
                    return Outcome("bare_king", self.opponents(color)[0])
        return super().outcome(pos, claim_draw=claim_draw)

    @staticmethod
    def is_bare(pos: Position, color: Player) -> bool:
        """Whether ``color`` has nothing but royal pieces on the board and nothing in hand."""
        if pos.hand(color):
            return False
        return all(p.royal for _, p in pos.pieces(color))

    # -- notation ------------------------------------------------------------------
    def parse_move(self, pos: Position, text: str) -> Move:
        """Coordinate notation, also with ``*`` for ``@`` and ``(C@e2)`` / ``;C@e2``
        for the deployment suffix ``,C@e2``."""
        return super().parse_move(pos, normalize_coordinates(text))


_DEPLOY_INPUT = re.compile(r"\s*(?:[;,]\s*|\(\s*)([A-Za-z])\s*@\s*([A-Za-z]\d+)\s*\)?\s*$")


def normalize_coordinates(text: str) -> str:
    """Input forms of coordinate notation, rewritten to the one we write."""
    out = text.strip().replace("*", "@")
    match = _DEPLOY_INPUT.search(out)
    if match and match.start() > 0:
        out = f"{out[: match.start()]},{match.group(1).upper()}@{match.group(2).lower()}"
    return out


__all__ = [
    "HORSE",
    "START_CARGO",
    "ShatranjOfTroy",
    "ShatranjOfTroyNotation",
    "TrojanHorse",
    "TrojanMove",
    "normalize_coordinates",
]
