"""The rules core shared by every game: generation, legality, check, outcomes.

A game is a subclass of :class:`Variant` that declares its board, its piece
kinds, its start position and its rule hooks.  Legality is one rule for every
game: a pseudo-legal move is legal when, after it, none of the mover's royal
pieces can be removed by any move of the opponent (captures, shots, battering
lines, slings, drowned bridges — whatever the game's pieces do).

Games whose every capture is a simple leap or ride (FIDE chess, Shatranj of
Troy) get a fast path: checks and pins are read off precomputed rays, and only
king moves and special moves are tried on the board.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError, OptionError
from trebuchet.variants.geometry import Geometry
from trebuchet.variants.move import CHANGE, MOVE, REMOVE, Move, with_change
from trebuchet.variants.pieces import WALL, Color, Piece, PieceType
from trebuchet.variants.position import Position

_AttackRay = tuple[tuple[int, ...], tuple[frozenset[str], ...]]
"""Squares outward from a target, and per distance the kinds that attack from there."""

_AttackStep = tuple[int, frozenset[str], frozenset[int]]
"""A single square next to (or a leap from) a target, the kinds that attack from it,
and the check line it makes (just that square)."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``termination`` names the rule, ``winner`` is None for a draw."""

    termination: str
    winner: Color | None

    @property
    def result(self) -> str:
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"


@dataclass(frozen=True)
class Promotion:
    """Which kinds promote, where, and to what.

    Ranks are counted from the owner's side, 0 = its first rank.  A move into
    ``ranks`` may promote; into ``mandatory_ranks`` it must.
    """

    kinds: frozenset[str]
    choices: tuple[str, ...]
    ranks: tuple[int, ...]
    mandatory_ranks: tuple[int, ...]


@dataclass
class _Tables:
    """Per-colour attack rays, precomputed per target square."""

    rays: dict[Color, list[tuple[_AttackRay, ...]]] = field(default_factory=dict)
    steps: dict[Color, list[tuple[_AttackStep, ...]]] = field(default_factory=dict)
    slow_kinds: dict[Color, frozenset[str]] = field(default_factory=dict)


class Variant:
    """Base class of every game.  Subclasses set the class attributes and
    implement :meth:`piece_types`; they override hooks only where their rules differ."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    files: ClassVar[int] = 8
    ranks: ClassVar[int] = 8
    start_fen: ClassVar[str] = ""
    #: option name -> one-line description (DECISIONS.md rulings marked *option*)
    option_help: ClassVar[dict[str, str]] = {}
    #: kinds whose move resets the halfmove clock
    pawn_kinds: ClassVar[frozenset[str]] = frozenset({"P"})
    #: kinds whose multi-square straight moves leave en passant squares behind
    ep_kinds: ClassVar[frozenset[str]] = frozenset()
    #: True when captured pieces go to the captor's hand (FEN shows brackets)
    has_hands: ClassVar[bool] = False
    #: canonical order of kinds in cargo and in holdings (default: piece_types order)
    kind_order: str = ""
    #: kinds that may castle with the royal piece (empty: no castling)
    castling_rook_kinds: ClassVar[frozenset[str]] = frozenset()
    promotion: ClassVar[Promotion | None] = None
    #: False when the game removes pieces other than by simple captures
    simple_rules: ClassVar[bool] = True

    def __init__(self, options: Iterable[str] = ()) -> None:
        self.options = frozenset(options)
        unknown = sorted(self.options - set(self.option_help))
        if unknown:
            known = ", ".join(sorted(self.option_help)) or "none"
            raise OptionError(
                f"variant {self.name} has no option {unknown[0]!r} (known options: {known})"
            )
        self.geometry = Geometry(self.files, self.ranks)
        self.types: dict[str, PieceType] = {t.letter: t for t in self.piece_types()}
        self.kind_order = self.kind_order or "".join(self.types)
        self._pieces: dict[tuple[str, Color | None, tuple[str, ...]], Piece] = {}
        start = self.start_position()
        self._initial_ranks = {
            (color, kind): frozenset(
                self.geometry.rank_of(sq) for sq, p in start.pieces(color) if p.kind == kind
            )
            for color in (True, False)
            for kind in self.types
        }
        for ptype in self.types.values():
            ptype.bind(self.geometry, self.initial_squares(ptype.letter))
            ptype.promotes = self.promotion is not None and ptype.letter in self.promotion.kinds
        self._tables = self._build_attack_tables()
        self.fast_legality = self.simple_rules and not any(self._tables.slow_kinds.values())
        self._castle_loss = self._castling_loss_table(start)
        self.royal_start = {c: start.royals[1 if c else 0] for c in (True, False)}
        self._promotion_zone = self._zones(self.promotion.ranks if self.promotion else ())
        self._promotion_forced = self._zones(
            self.promotion.mandatory_ranks if self.promotion else ()
        )
        #: per colour and kind, the squares from which a move may enter the zone
        self._promotion_sources = {
            (color, ptype.letter): frozenset(
                sq
                for sq in range(self.geometry.size)
                if ptype.targets(color, sq) & self._promotion_zone[color]
            )
            for color in (True, False)
            for ptype in self.types.values()
            if ptype.promotes
        }
        self._castling_paths: dict[tuple[int, int], tuple[tuple[int, ...], int, int]] = {}

    # -- declarations subclasses provide ------------------------------------
    def piece_types(self) -> list[PieceType]:
        raise NotImplementedError

    def initial_squares(self, kind: str) -> dict[Color, frozenset[int]]:
        """Squares from which a kind's initial (Betza ``i``) moves may start:
        by default every square of the ranks where that kind stands at the start."""
        return {
            color: self.geometry.squares_of_ranks(self._initial_ranks.get((color, kind), ()))
            for color in (True, False)
        }

    def __repr__(self) -> str:
        opts = f", options={sorted(self.options)}" if self.options else ""
        return f"{type(self).__name__}({self.name!r}{opts})"

    # -- pieces and positions ------------------------------------------------
    def piece(self, kind: str, color: Color, cargo: Iterable[str] = ()) -> Piece:
        """The interned piece of ``kind`` owned by ``color`` carrying ``cargo``."""
        order = self.kind_order
        cargo_t = tuple(sorted((k.upper() for k in cargo), key=lambda k: (order.find(k), k)))
        key = (kind.upper(), color, cargo_t)
        piece = self._pieces.get(key)
        if piece is None:
            ptype = self.types.get(key[0])
            if ptype is None:
                raise KeyError(kind)
            piece = self._pieces[key] = Piece(key[0], color, cargo_t, ptype)
        return piece

    def start_position(self) -> Position:
        return self.position(self.start_fen)

    def position(self, fen: str | None = None) -> Position:
        from trebuchet.variants.fen import read_fen

        return read_fen(self, self.start_fen if fen is None else fen)

    def square(self, name: str) -> int:
        return self.geometry.square(name)

    def _zones(self, relative_ranks: Iterable[int]) -> dict[Color, frozenset[int]]:
        ranks = tuple(relative_ranks)
        return {
            True: self.geometry.squares_of_ranks(ranks),
            False: self.geometry.squares_of_ranks(self.ranks - 1 - r for r in ranks),
        }

    # -- move generation -----------------------------------------------------
    def pseudo_legal_moves(self, pos: Position, color: Color | None = None) -> list[Move]:
        """Every move ``color`` (default: the side to move) could make, ignoring check."""
        us = pos.turn if color is None else color
        out: list[Move] = []
        for sq, piece in enumerate(pos.board):
            if piece is None or piece.color is not us:
                continue
            ptype = piece.type
            assert ptype is not None
            if ptype.promotes and sq in self._promotion_sources[us, ptype.letter]:
                raw: list[Move] = []
                ptype.generate(pos, sq, piece, raw)
                self.add_promotions(pos, piece, raw, out)
            else:
                ptype.generate(pos, sq, piece, out)
        self.add_special_moves(pos, us, out)
        return out

    def add_special_moves(self, pos: Position, color: Color, out: list[Move]) -> None:
        """Moves no single piece generates: castling, drops.  Default: castling."""
        if pos.castling and self.castling_rook_kinds:
            self.add_castling(pos, color, out)

    def add_promotions(
        self, pos: Position, piece: Piece, moves: list[Move], out: list[Move]
    ) -> None:
        """Expand moves of a promoting piece into the zone, one per choice."""
        assert self.promotion is not None and piece.color is not None
        zone = self._promotion_zone[piece.color]
        forced = self._promotion_forced[piece.color]
        for move in moves:
            if move.to not in zone:
                out.append(move)
                continue
            if move.to not in forced:
                out.append(move)
            for kind in self.promotion_choices(pos, piece, move):
                out.append(with_change(move, self.piece(kind, piece.color), kind))

    def promotion_choices(self, pos: Position, piece: Piece, move: Move) -> tuple[str, ...]:
        assert self.promotion is not None
        return self.promotion.choices

    def add_castling(self, pos: Position, color: Color, out: list[Move]) -> None:
        """FIDE castling generalised: the king goes two squares toward a rook that
        still has its right, the rook to the square the king crossed.  The squares
        between them must be empty; the king may not be in check or cross an
        attacked square (its landing square is tested like any move)."""
        geo = self.geometry
        them = not color
        for king_sq in pos.royals[1 if color else 0]:
            if king_sq not in self.royal_start[color]:
                continue
            in_check: bool | None = None  # asked once, and only if some castling is open
            for rook_sq in pos.castling:
                rook = pos.board[rook_sq]
                if (
                    rook is None
                    or rook is WALL
                    or rook.color is not color
                    or rook.kind not in self.castling_rook_kinds
                    or geo.rank_of(rook_sq) != geo.rank_of(king_sq)
                ):
                    continue
                between, cross, target = self._castling_path(king_sq, rook_sq)
                if any(pos.board[s] is not None for s in between):
                    continue
                if target != rook_sq and pos.board[target] is not None:
                    continue
                if in_check is None:
                    in_check = self.is_attacked(pos, king_sq, them)
                if in_check or self.is_attacked(pos, cross, them):
                    continue
                out.append(
                    Move(
                        king_sq,
                        target,
                        ((MOVE, king_sq, target), (MOVE, rook_sq, cross)),
                        tag="castle",
                    )
                )

    def _castling_path(self, king_sq: int, rook_sq: int) -> tuple[tuple[int, ...], int, int]:
        """(squares between king and rook, square the king crosses, king's target)."""
        path = self._castling_paths.get((king_sq, rook_sq))
        if path is None:
            step = 1 if rook_sq > king_sq else -1
            path = (self.geometry.between(king_sq, rook_sq), king_sq + step, king_sq + 2 * step)
            self._castling_paths[king_sq, rook_sq] = path
        return path

    # -- legality --------------------------------------------------------------
    def legal_moves(self, pos: Position) -> list[Move]:
        """The legal moves of the side to move."""
        return self.filter_legal(pos, self.pseudo_legal_moves(pos, pos.turn))

    def filter_legal(self, pos: Position, moves: list[Move]) -> list[Move]:
        """The legal ones among pseudo-legal ``moves`` of the side to move.

        Readers that generate only the moves a text can mean (one piece kind to
        one square) use this to keep the core's legality shortcuts.
        """
        us = pos.turn
        royals = pos.royals[1 if us else 0]
        if self.fast_legality and len(royals) == 1:
            return self._fast_legal(pos, moves, royals[0], us)
        if not royals:
            return moves
        return [m for m in moves if self.is_safe(pos, m)]

    def _fast_legal(self, pos: Position, moves: list[Move], king: int, us: Color) -> list[Move]:
        """Legality from checks and pins, for games whose captures are all simple.

        A simple move of a piece other than the king is legal when it keeps any
        pin and, in single check, lands on the checking line (capturing the
        checker or blocking); in double check only the king may move.  King moves
        and special moves are tried on the board.
        """
        them = not us
        checks = self._check_lines(pos, king, them)
        pins = self._pins(pos, king, us)
        block = checks[0] if len(checks) == 1 else None
        board = pos.board
        king_piece = board[king]
        legal = []
        for m in moves:
            tag = m.tag
            if tag is None:
                if m.frm == king:
                    # The king's own square is empty while we look, so a rider
                    # behind it still sees the squares it flees along.
                    board[king] = None
                    attacked = self.is_attacked(pos, m.to, them)
                    board[king] = king_piece
                    if not attacked:
                        legal.append(m)
                    continue
                if checks and (block is None or m.to not in block):
                    continue
                if pins:
                    line = pins.get(m.frm)  # type: ignore[arg-type]
                    if line is not None and m.to not in line:
                        continue
                legal.append(m)
            elif (tag == "drop" and not checks) or self.is_safe(pos, m):
                legal.append(m)
        return legal

    def _check_lines(
        self, pos: Position, target: int, them: Color, *, first: bool = False
    ) -> list[frozenset[int]]:
        """For each simple piece of ``them`` attacking ``target``: its square and the
        squares between (where a capture or a block ends a check).  With
        ``first``, stop at the first attacker found."""
        board = pos.board
        lines = []
        # WALL has no colour, so the colour test also passes over missing squares.
        for s, kinds, line in self._tables.steps[them][target]:
            x = board[s]
            if x is not None and x.color is them and x.kind in kinds:
                lines.append(line)
                if first:
                    return lines
        for ray, kinds_at in self._tables.rays[them][target]:
            for i, s in enumerate(ray):
                x = board[s]
                if x is None:
                    continue
                if x.color is them and x.kind in kinds_at[i]:
                    lines.append(frozenset(ray[: i + 1]))
                    if first:
                        return lines
                break
        return lines

    def is_legal(self, pos: Position, move: Move) -> bool:
        return move in self.legal_moves(pos)

    def is_safe(self, pos: Position, move: Move) -> bool:
        """After ``move``, the mover keeps all its royal pieces and none can be taken."""
        index = 1 if pos.turn else 0
        before = len(pos.royals[index])
        them = not pos.turn
        pos.push(move)
        royals = pos.royals[index]
        safe = len(royals) >= before and not any(self.is_attacked(pos, s, them) for s in royals)
        pos.pop()
        return safe

    def in_check(self, pos: Position, color: Color | None = None) -> bool:
        us = pos.turn if color is None else color
        return any(self.is_attacked(pos, s, not us) for s in pos.royals[1 if us else 0])

    def is_attacked(self, pos: Position, target: int, by: Color) -> bool:
        """Could ``by`` remove the piece on ``target`` with one move (ignoring its own check)?"""
        if self._check_lines(pos, target, by, first=True):
            return True
        slow = self._tables.slow_kinds[by]
        if slow or not self.simple_rules:
            return self.removes(pos, target, by, slow)
        return False

    def removes(self, pos: Position, target: int, by: Color, kinds: frozenset[str]) -> bool:
        """Whether a move of a ``by`` piece of one of ``kinds`` removes ``target``.

        The slow, general half of :meth:`is_attacked`; games with special ways
        to remove pieces (bridges taken away) override it to add them.
        """
        for sq, piece in enumerate(pos.board):
            if piece is None or piece is WALL or piece.color is not by or piece.kind not in kinds:
                continue
            moves: list[Move] = []
            assert piece.type is not None
            piece.type.generate(pos, sq, piece, moves)
            for m in moves:
                for act in m.actions:
                    if act[0] == REMOVE and act[1] == target:
                        return True
        return False

    def _pins(self, pos: Position, king: int, us: Color) -> dict[int, frozenset[int]]:
        """Pieces of ``us`` that shield ``king`` from a rider: square -> squares it may use."""
        board = pos.board
        them = not us
        pins: dict[int, frozenset[int]] = {}
        for ray, kinds_at in self._tables.rays[them][king]:
            if len(ray) < 2:
                continue
            shield = -1
            for i, s in enumerate(ray):
                x = board[s]
                if x is None:
                    continue
                if x is WALL:
                    break
                if shield < 0:
                    if x.color is us:
                        shield = i
                        continue
                    break
                if x.color is them and x.kind in kinds_at[i]:
                    pins[ray[shield]] = frozenset(ray[: i + 1])
                break
        return pins

    def _build_attack_tables(self) -> _Tables:
        tables = _Tables()
        geo = self.geometry
        longest = max(geo.files, geo.ranks)
        for by in (True, False):
            # reverse vector -> distance -> kinds that capture from that distance
            reach: dict[tuple[int, int], dict[int, set[str]]] = {}
            slow = set()
            for ptype in self.types.values():
                if not ptype.simple:
                    slow.add(ptype.letter)
                    continue
                for (dx, dy), rng in ptype.attack_vectors(by):
                    per_dist = reach.setdefault((-dx, -dy), {})
                    for d in range(1, (rng or longest) + 1):
                        per_dist.setdefault(d, set()).add(ptype.letter)
            rays: list[tuple[_AttackRay, ...]] = []
            steps: list[tuple[_AttackStep, ...]] = []
            for target in range(geo.size):
                long_rays: list[_AttackRay] = []
                one_steps: list[_AttackStep] = []
                for vec, per_dist in reach.items():
                    ray = geo.ray(target, vec)[: max(per_dist)]
                    kinds = tuple(frozenset(per_dist.get(d + 1, ())) for d in range(len(ray)))
                    if len(ray) == 1:
                        one_steps.append((ray[0], kinds[0], frozenset(ray)))
                    elif ray:
                        long_rays.append((ray, kinds))
                rays.append(tuple(long_rays))
                steps.append(tuple(one_steps))
            tables.rays[by] = rays
            tables.steps[by] = steps
            tables.slow_kinds[by] = frozenset(slow)
        return tables

    # -- state after a move ----------------------------------------------------
    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """Update turn, clocks, en passant squares and castling rights after ``move``."""
        mover = pos.turn
        pos.turn = not mover
        if not mover:
            pos.fullmove += 1
        moved = pos.board[move.to] if move.frm is not None else None
        if (
            captured
            or move.promotion is not None
            or (moved is not None and moved.kind in self.pawn_kinds)
        ):
            pos.halfmove = 0
        else:
            pos.halfmove += 1
        ep = move.ep
        if not ep and moved is not None and moved.kind in self.ep_kinds and move.frm is not None:
            ep = self.geometry.between(move.frm, move.to)
        if ep:
            pos.ep = ep
            pos.ep_victim = move.to
        elif pos.ep:
            pos.ep = ()
            pos.ep_victim = -1
        if pos.castling:
            pos.castling = self.castling_after(pos, move)

    def castling_after(self, pos: Position, move: Move) -> frozenset[int]:
        """Castling rights left after ``move``: a right goes when its rook's or its
        king's start square is moved from, moved to, or emptied."""
        lost: set[int] = set()
        table = self._castle_loss
        for act in move.actions:
            if act[0] == MOVE:
                lost |= table.get(act[1], frozenset()) | table.get(act[2], frozenset())
            elif act[0] in (REMOVE, CHANGE):
                lost |= table.get(act[1], frozenset())
        return pos.castling - lost if lost else pos.castling

    def _castling_loss_table(self, start: Position) -> dict[int, frozenset[int]]:
        table: dict[int, set[int]] = {}
        for rook_sq in start.castling:
            table.setdefault(rook_sq, set()).add(rook_sq)
            rook = start.board[rook_sq]
            assert rook is not None
            for king_sq in start.royals[1 if rook.color else 0]:
                table.setdefault(king_sq, set()).add(rook_sq)
        return {sq: frozenset(v) for sq, v in table.items()}

    def ep_capture_possible(self, pos: Position) -> bool:
        """Whether some pseudo-legal en passant capture exists (for repetition keys)."""
        if not pos.ep:
            return False
        return any(m.tag == "ep" for m in self.pseudo_legal_moves(pos))

    # -- how games end -----------------------------------------------------------
    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        """The game's result if it is over: by default checkmate wins, stalemate draws."""
        if not self.legal_moves(pos):
            if self.in_check(pos):
                return Outcome("checkmate", not pos.turn)
            return Outcome("stalemate", None)
        return None

    # -- notation ------------------------------------------------------------------
    def move_text(self, pos: Position, move: Move) -> str:
        """The move in coordinate notation: ``e2e4``, ``e7e8q``, ``P@e4``, plus a suffix."""
        names = self.geometry.names
        head = f"{move.drop or '?'}@" if move.frm is None else names[move.frm]
        promo = move.promotion.lower() if move.promotion else ""
        return f"{head}{names[move.to]}{promo}{move.suffix}"

    def parse_move(self, pos: Position, text: str) -> Move:
        """The legal move written ``text`` in coordinate notation (any case of squares)."""
        wanted = text.strip()
        legal = self.legal_moves(pos)
        named = {self.move_text(pos, m): m for m in legal}
        found = named.get(wanted)
        if found is None:
            folded = [m for name, m in named.items() if name.lower() == wanted.lower()]
            if len(folded) == 1:
                found = folded[0]
            elif len(folded) > 1:
                raise AmbiguousMoveError(
                    f"move {wanted!r} matches {len(folded)} legal moves",
                    text=wanted,
                    fen=pos.fen(),
                )
        if found is None:
            nearest = tuple(difflib.get_close_matches(wanted, list(named), n=5, cutoff=0.0))
            hint = f"; nearest legal: {', '.join(nearest)}" if nearest else "; no legal moves"
            raise IllegalMoveError(
                f"illegal move {wanted!r} in {pos.fen()}{hint}",
                text=wanted,
                fen=pos.fen(),
                nearest=nearest,
            )
        return found
