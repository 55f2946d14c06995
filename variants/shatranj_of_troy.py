"""Shatranj of Troy (Gary K. Gifford, 2005): Shatranj on 9 × 9 with Shogi drops
and a Trojan Horse that carries six pieces.

Rulings ST-1 … ST-7 of ``rules/DECISIONS.md`` decide every open point.  What
the core does not know and this module adds:

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
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar

from trebuchet.variants.fen import hand_key
from trebuchet.variants.move import CHANGE, HAND, PLACE, Move
from trebuchet.variants.pieces import BetzaPiece, Color, Piece, PieceType
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Outcome, Promotion, Variant

HORSE = "T"
#: ST-2: what each Horse carries at the start.
START_CARGO = ("F", "W", "E", "C", "N", "R")


class TrojanHorse(BetzaPiece):
    """ST-4: a knight that may leave one piece of its cargo on the square it left.

    The plain knight moves keep the cargo aboard; each one is followed by one
    ``deploy`` move per distinct kind in the cargo.  Captures by the Horse are
    plain knight leaps, so the core's fast check and pin tables still apply.
    """

    def __init__(self) -> None:
        super().__init__(HORSE, "Trojan Horse", "N")
        self._unloaded: dict[tuple[Piece, str], tuple[Piece, Piece]] = {}

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        start = len(out)
        super().generate(pos, sq, piece, out)
        if not piece.cargo:
            return
        names = pos.variant.geometry.names
        for move in out[start:]:
            for kind in dict.fromkeys(piece.cargo):
                horse, left = self._unload(pos, piece, kind)
                out.append(
                    Move(
                        sq,
                        move.to,
                        (*move.actions, (CHANGE, move.to, horse), (PLACE, sq, left)),
                        tag="deploy",
                        suffix=f",{kind}@{names[sq]}",
                    )
                )

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


class ShatranjOfTroy(Variant):
    """Shatranj of Troy, rulings ST-1 … ST-7."""

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
    promotion: ClassVar[Promotion | None] = Promotion(
        kinds=frozenset({"P"}), choices=("F", "W"), ranks=(6, 7, 8), mandatory_ranks=(8,)
    )

    def __init__(self, options: Iterable[str] = ()) -> None:
        super().__init__(options)
        geo = self.geometry
        # ST-5: no pawn drop on the last rank (rank 9 for White, rank 1 for Black).
        self._no_pawn_drop = {
            True: geo.squares_of_rank(geo.ranks - 1),
            False: geo.squares_of_rank(0),
        }

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
    def pseudo_legal_moves(self, pos: Position, color: Color | None = None) -> list[Move]:
        """The core's moves, with every capture sending its victim to the captor's hand."""
        us = pos.turn if color is None else color
        moves = super().pseudo_legal_moves(pos, us)
        return [
            self._to_hand(pos, m, us) if m.frm is not None and m.is_capture() else m
            for m in moves
        ]

    @staticmethod
    def _to_hand(pos: Position, move: Move, captor: Color) -> Move:
        """ST-5/ST-4: the captured piece changes colour and goes to the captor's hand,
        a Horse with whatever cargo it still holds."""
        gains = []
        for sq in move.removed_squares:
            victim = pos.board[sq]
            assert victim is not None
            gains.append((HAND, captor, hand_key(victim), 1))
        return Move(
            move.frm,
            move.to,
            (*move.actions, *gains),
            tag=move.tag,
            promotion=move.promotion,
            drop=move.drop,
            ep=move.ep,
            suffix=move.suffix,
        )

    def add_special_moves(self, pos: Position, color: Color, out: list[Move]) -> None:
        """ST-5: drops on any empty square; pawns not on the last rank.  Doubled pawns
        are allowed, a drop never promotes and a pawn drop may mate."""
        held = sorted(k for (c, k), n in pos.hands.items() if c is color and n > 0)
        if not held:
            return
        empty = [sq for sq, p in enumerate(pos.board) if p is None]
        for key in held:
            piece = self.hand_piece(key, color)
            barred = self._no_pawn_drop[color] if piece.kind == "P" else frozenset()
            for sq in empty:
                if sq not in barred:
                    out.append(
                        Move(
                            None,
                            sq,
                            ((PLACE, sq, piece), (HAND, color, key, -1)),
                            tag="drop",
                            drop=key,
                        )
                    )

    def hand_piece(self, key: str, color: Color) -> Piece:
        """The piece a hand key (``P``, ``T``, ``T(CN)``) stands for, owned by ``color``."""
        return self.piece(key[0], color, key[2:-1] if len(key) > 1 else ())

    # -- how games end -----------------------------------------------------------
    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        """ST-7: checkmate wins, stalemate draws; with ``bare-king`` a player whose
        King stands alone, with nothing in hand, loses."""
        if "bare-king" in self.options:
            for color in (pos.turn, not pos.turn):
                if self.is_bare(pos, color):
                    return Outcome("bare_king", not color)
        return super().outcome(pos, claim_draw=claim_draw)

    @staticmethod
    def is_bare(pos: Position, color: Color) -> bool:
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


__all__ = ["HORSE", "START_CARGO", "ShatranjOfTroy", "TrojanHorse", "normalize_coordinates"]
