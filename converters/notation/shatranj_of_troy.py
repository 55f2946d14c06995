"""Shatranj of Troy's human notation, after the rule page's ``T b5-a3``.

Written forms (``+`` for check, ``#`` for mate, appended):

* a move: piece letter, space, from-square, ``-`` (or ``x`` for a capture),
  to-square: ``T b5-a3``, ``R a1xa5``;
* a promotion (ST-6): ``P e8-e9=F``;
* a Horse move that leaves a cargo piece behind (ST-4): ``T e2-d4 (C@e2)``;
* a drop (ST-5): ``P@e4``; a Horse dropped with cargo: ``T(CN)@e4``.

Read forms are looser: the letter and the space are optional, ``x``, ``:`` and
``-`` are interchangeable or may be left out, ``*`` may stand for ``@`` (the
Game Courier drop), ``=`` before a promotion letter is optional, and a
deployment may also follow after ``;`` or ``,`` (``T e2-d4; C*e2``).  A Horse
drop may leave out its cargo when only one Horse is in hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError
from trebuchet.variants.move import PLACE, Move
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

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


class ShatranjOfTroyNotation:
    """Reads and writes Shatranj of Troy moves in the page's piece-from-to style."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    # -- writing -------------------------------------------------------------
    def write(self, pos: Position, move: Move) -> str:
        return self._body(pos, move) + self._check_suffix(pos, move)

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

    @staticmethod
    def _check_suffix(pos: Position, move: Move) -> str:
        pos.push(move)
        try:
            if not pos.is_check():
                return ""
            return "#" if not pos.legal_moves() else "+"
        finally:
            pos.pop()

    # -- reading -------------------------------------------------------------
    def read(self, pos: Position, text: str) -> Move:
        parts = self._parse(pos, text)
        legal = pos.legal_moves()
        found = [m for m in legal if self._fits(pos, m, parts)]
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
    if move.tag != "deploy":
        return None
    for act in move.actions:
        if act[0] == PLACE and act[1] == move.frm:
            kind: str = act[2].kind
            return kind
    return None


def _ordered(variant: Variant, cargo: str) -> str:
    """Cargo letters in the variant's canonical order, as hand keys write them."""
    order = variant.kind_order
    return "".join(sorted(cargo, key=lambda k: (order.find(k), k)))


__all__ = ["ShatranjOfTroyNotation"]
