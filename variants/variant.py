"""The rules core shared by every game: generation, legality, check, outcomes.

A game is a subclass of :class:`Variant` that declares its board, its piece
kinds, its start position, its notation and its rule hooks.  Legality is one
rule for every game: a pseudo-legal move is legal when, after it, none of the
mover's royal pieces can be removed by any move of an opponent (captures,
shots, battering lines, slings, drowned bridges — whatever the game's pieces
do).

Games whose every capture is a simple leap or ride (FIDE chess, Shatranj of
Troy) get a fast path: checks and pins are read off precomputed rays, and only
king moves and special moves are tried on the board.

>>> from trebuchet.variants.chess import Chess
>>> chess = Chess()
>>> pos = chess.start_position()
>>> len(chess.legal_moves(pos))
20
>>> sorted(pos.move_text(m) for m in chess.legal_moves(pos, to=chess.square("f3")))
['f2f3', 'g1f3']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from mypy_extensions import mypyc_attr

from trebuchet.variants.fen import EnPassant, castling_text, read_castling, set_up, write_fen
from trebuchet.variants.game import Filter, GameBase
from trebuchet.variants.move import (
    Change,
    Hand,
    Move,
    MoveKind,
    Place,
    Relocate,
    Remove,
    Terrain,
    with_change,
)
from trebuchet.variants.notation import Notation
from trebuchet.variants.pieces import BLACK, WALL, WHITE, Piece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.san import SanNotation

_AttackRay = tuple[tuple[int, ...], tuple[frozenset[str], ...]]
"""Squares outward from a target, and per distance the kinds that attack from there."""

_AttackStep = tuple[int, frozenset[str], frozenset[int]]
"""A single square next to (or a leap from) a target, the kinds that attack from it,
and the check line it makes (just that square)."""


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
    """Per-player attack rays, precomputed per target square."""

    rays: dict[Player, list[tuple[_AttackRay, ...]]] = field(default_factory=dict)
    steps: dict[Player, list[tuple[_AttackStep, ...]]] = field(default_factory=dict)
    slow_kinds: dict[Player, frozenset[str]] = field(default_factory=dict)
    #: per target square, every square on its rays -> the indices of the rays through
    #: it: only a piece standing on one can be pinned to a king there
    on_rays: dict[Player, list[dict[int, tuple[int, ...]]]] = field(default_factory=dict)


_UNSET = object()


@mypyc_attr(allow_interpreted_subclasses=True)
class Variant(GameBase):
    """Base class of trebuchet's own games, the table-driven rules core.  Subclasses
    set the class attributes and implement :meth:`piece_types`; they override
    hooks only where their rules differ, and declare the capabilities they add.
    """

    #: kinds whose move resets the halfmove clock
    pawn_kinds: ClassVar[frozenset[str]] = frozenset({"P"})
    #: kinds whose multi-square straight moves leave en passant squares behind
    ep_kinds: ClassVar[frozenset[str]] = frozenset()
    #: kinds that may castle with the royal piece (empty: no castling)
    castling_rook_kinds: ClassVar[frozenset[str]] = frozenset()
    #: like ``start_fen``, a class default that a game's options may replace
    promotion: Promotion | None = None
    #: False when the game removes pieces other than by simple captures
    simple_rules: ClassVar[bool] = True
    #: True when the game's attack test (:meth:`is_attacked`, :meth:`special_attacks`)
    #: reads nothing but the board, so that legality may make each move on the
    #: board alone instead of pushing it (see :meth:`_board_legal`)
    board_legality: ClassVar[bool] = False
    #: whether :meth:`adopt_class_settings` has run
    _adopted: bool = False

    # -- capabilities: what a game adds to the core, declared (docs/adding-a-game.md).
    # The core reads these, never which methods a subclass overrides: a hook a game
    # overrides without declaring it is not called (tests/core/test_capabilities.py
    # holds every bundled game to its declarations).
    #: :meth:`add_special_moves` adds moves of the game's own (drops, shots, slings)
    special_moves: ClassVar[bool] = False
    #: :meth:`adjust_moves` rewrites the generated moves (atomic's explosions)
    rewrites_moves: ClassVar[bool] = False
    #: :meth:`pseudo_legal_moves` is the game's own generator, not the core's tables
    own_generation: ClassVar[bool] = False
    #: :meth:`is_attacked`, :meth:`special_attacks` or :meth:`removes` are the game's
    #: own (pieces that take otherwise than by landing: a Ram's line, a Golem's crush)
    own_attacks: ClassVar[bool] = False
    #: :meth:`fast_legality_applies` answers per position (Mangonel Chess takes the
    #: fast path only while no Mangonel is on the board)
    varies_fast_path: ClassVar[bool] = False
    #: tags of special moves that on the board are simple ones (the piece on ``frm``
    #: goes to ``to``, capturing what stands there): legality holds them to the pin
    #: rule as it does untagged moves
    plain_tags: ClassVar[frozenset[StrEnum]] = frozenset()
    #: True when FEN writes a promoted piece with ``~`` after its letter (crazyhouse)
    fen_marks_promotion: ClassVar[bool] = False
    #: False when SAN writes a pawn drop without its letter (``@e4``, as python-chess)
    san_names_dropped_pawns: ClassVar[bool] = True

    def __init__(self, options: Iterable[str] = ()) -> None:
        self.adopt_class_settings()
        #: castling letter -> home square of its Rook, for a game whose rights are
        #: written and read wherever King and Rook stand (Mangonel Chess, MC-6); empty
        #: when a FEN right names the Rook standing on the board (FIDE FEN)
        self.castling_homes: dict[str, int] = {}
        super().__init__(options)
        #: per player, its one opponent in a two-player game, else -1 (ask every opponent)
        self._rival = tuple(opps[0] if len(opps) == 1 else -1 for opps in self._opponents)
        start = self.start_position()
        self._initial_ranks = {
            (color, kind): frozenset(
                self.geometry.rank_of(sq) for sq, p in start.pieces(color) if p.kind == kind
            )
            for color in self.player_range
            for kind in self.types
        }
        for ptype in self.types.values():
            ptype.bind(self.geometry, self.initial_squares(ptype.letter))
            ptype.promotes = self.promotion is not None and ptype.letter in self.promotion.kinds
        self._tables = self._build_attack_tables()
        self.fast_legality = self.simple_rules and not any(self._tables.slow_kinds.values())
        #: the fast path applies in every position (asked per call only when a game may vary it)
        self._always_fast = self.fast_legality and self.players == 2 and not self.varies_fast_path
        self._castle_loss = self._castling_loss_table(start)
        self.royal_start = {c: start.royals[c] for c in self.player_range}
        self._castling_paths = {
            (king, rook): self._castling_path(king, rook)
            for kings in self.royal_start.values()
            for king in kings
            for rook in self.geometry.squares_of_rank(self.geometry.rank_of(king))
            if rook != king
        }
        self._promotion_zone = self._zones(self.promotion.ranks if self.promotion else ())
        self._promotion_forced = self._zones(
            self.promotion.mandatory_ranks if self.promotion else ()
        )
        for ptype in self.types.values():
            if ptype.promotes:
                # per player, the squares from which a move may enter the zone
                ptype.promotion_sources = tuple(
                    frozenset(
                        sq
                        for sq in range(self.geometry.size)
                        if ptype.targets(color, sq) & self._promotion_zone[color]
                    )
                    for color in self.player_range
                )
        self._sources = self._source_table()
        #: (from, to) -> the squares between, for the moves of kinds that leave en
        #: passant squares behind (worked out once: every pawn step asks)
        self._passed = {
            (sq, t): between
            for kind in self.ep_kinds
            for color in self.player_range
            for sq in range(self.geometry.size)
            for t in self.types[kind].targets(color, sq)
            if (between := self.geometry.between(sq, t))
        }
        #: whether the attack test reads only the board (``board_legality``, or the
        #: core's own test), so that a move may be tried on the board alone
        self._board_attacks = self.board_legality or not self.own_attacks
        #: kinds -> whether they may make special moves (:meth:`_may_add_special`)
        self._special_kinds: dict[frozenset[str], bool] = {}
        #: the kinds whose pieces the position keeps track of (``Position.royals``)
        self.royal_kinds = frozenset(k for k, ptype in self.types.items() if ptype.royal)
        #: :meth:`castling_kinds`, asked once
        self.castlers = self.castling_kinds()
        #: the game's human notation (what records such as PGN write)
        self.notation: Notation = self.make_notation()

    def adopt_class_settings(self) -> None:
        """Take ``start_fen``, ``kind_order`` and ``promotion`` from the class body of a
        subclass that is not compiled.  In the compiled build (docs/speed.md) these
        instance settings start from the compiled classes' defaults, which an
        interpreted subclass's class attributes do not replace by themselves; a
        game's ``__init__`` that reads them before this one runs calls it first
        (only the first call counts: options may change them afterwards)."""
        if self._adopted:
            return
        self._adopted = True
        # Plain assignments: compiled, they write the instance's own slots (setattr
        # would leave the value where the class attribute hides the slot).
        start_fen = self._class_setting("start_fen")
        if isinstance(start_fen, str):
            self.start_fen = start_fen
        kind_order = self._class_setting("kind_order")
        if isinstance(kind_order, str):
            self.kind_order = kind_order
        promotion = self._class_setting("promotion")
        if promotion is None or isinstance(promotion, Promotion):
            self.promotion = promotion

    def _class_setting(self, name: str) -> object:
        """The value the nearest class body gives ``name``; _UNSET if that is a compiled
        class (its default is a descriptor) or none does."""
        for klass in type(self).__mro__:
            value = klass.__dict__.get(name, _UNSET)
            if value is not _UNSET:
                return _UNSET if hasattr(type(value), "__get__") else value
        return _UNSET

    # -- declarations subclasses provide ------------------------------------
    def initial_squares(self, kind: str) -> dict[Player, frozenset[int]]:
        """Squares from which a kind's initial (Betza ``i``) moves may start:
        by default every square of the ranks where that kind stands at the start."""
        return {
            color: self.geometry.squares_of_ranks(self._initial_ranks.get((color, kind), ()))
            for color in self.player_range
        }

    def make_notation(self) -> Notation:
        """The game's human notation: SAN, unless the game has a notation of its own."""
        return SanNotation(self)

    def read_fen(self, pos: Position, text: str) -> None:
        """Set up the empty ``pos`` from ``text`` (docs/rules/fen.md; a game whose state
        does not fit that dialect reads its own)."""
        set_up(pos, text)

    def write_fen(self, pos: Position, en_passant: EnPassant = "standard") -> str:
        """``pos`` as text that :meth:`read_fen` reads back to the same position;
        ``en_passant`` says which en passant square is written (:data:`EnPassant`)."""
        return write_fen(pos, en_passant=en_passant)

    def _zones(self, relative_ranks: Iterable[int]) -> dict[Player, frozenset[int]]:
        ranks = tuple(relative_ranks)
        return {
            WHITE: self.geometry.squares_of_ranks(ranks),
            BLACK: self.geometry.squares_of_ranks(self.ranks - 1 - r for r in ranks),
        }

    # -- move generation -----------------------------------------------------
    def pseudo_legal_moves(
        self,
        pos: Position,
        color: Player | None = None,
        *,
        to: int | None = None,
        kinds: Iterable[str] | None = None,
        origins: Callable[[int], bool] | None = None,
    ) -> list[Move]:
        """Every move ``color`` (default: the player to move) could make, ignoring check.

        ``to`` keeps the moves ending on one square, ``kinds`` those made by
        pieces of some kinds (a drop counts as its dropped kind), ``origins``
        those starting on squares it accepts.  Readers that know what a text
        can mean (SAN names a kind and a square) use them, so that only the
        pieces that could make such a move are generated at all.
        """
        us = pos.turn if color is None else color
        wanted = frozenset(kinds) if kinds is not None else None
        if to is not None:
            return self._moves_to(pos, us, to, wanted, origins)
        board = pos.board
        out: list[Move] = []
        if wanted is None and origins is None:
            squares: Iterable[tuple[int, Piece | None]] = enumerate(board)  # perft's hot path
        else:
            squares = [
                (sq, board[sq])
                for sq in self._generating_squares(pos, us, None, wanted)
                if origins is None or origins(sq)
            ]
        for sq, piece in squares:
            # WALL has no owner, so the owner test also skips missing squares.
            if piece is None or piece.color != us:
                continue
            ptype = piece.type
            assert ptype is not None
            if ptype.promotes and sq in ptype.promotion_sources[us]:
                raw: list[Move] = []
                ptype.generate(pos, sq, piece, raw)
                self.add_promotions(pos, piece, raw, out)
            else:
                ptype.generate(pos, sq, piece, out)
        return self._with_specials(pos, us, out, None, wanted)

    def _moves_to(
        self,
        pos: Position,
        us: Player,
        to: int,
        wanted: frozenset[str] | None,
        origins: Callable[[int], bool] | None,
    ) -> list[Move]:
        """:meth:`pseudo_legal_moves` ending on ``to``: each piece that could get
        there is asked for its moves to that square alone (``generate_to``)."""
        board = pos.board
        out: list[Move] = []
        squares: Iterable[int]
        if wanted is not None and len(wanted) == 1:
            # one kind (what SAN asks for): the squares it could come from, read off
            # the table here (the pieces are told apart in the loop below)
            sources = None
            for kind in wanted:
                sources = self._sources.get((us, kind, to))
            squares = sources if sources is not None else range(len(board))
        else:
            squares = self._generating_squares(pos, us, to, wanted)
        for sq in squares:
            piece = board[sq]
            # WALL has no owner, so the owner test also skips missing squares.
            if (
                piece is None
                or piece.color != us
                or (wanted is not None and piece.kind not in wanted)
                or (origins is not None and not origins(sq))
            ):
                continue
            ptype = piece.type
            assert ptype is not None
            if ptype.promotes and sq in ptype.promotion_sources[us]:
                raw: list[Move] = []
                ptype.generate_to(pos, sq, piece, to, raw)
                self.add_promotions(pos, piece, raw, out)
            else:
                ptype.generate_to(pos, sq, piece, to, out)
        # known to add nothing (a reader's piece that does not castle, in a game that
        # rewrites no moves): no call to make
        no_specials = wanted is not None and self._special_kinds.get(wanted) is False
        if no_specials and not self.rewrites_moves:
            return out
        return self._with_specials(pos, us, out, to, wanted)

    def _with_specials(
        self,
        pos: Position,
        us: Player,
        out: list[Move],
        to: int | None,
        wanted: frozenset[str] | None,
    ) -> list[Move]:
        """The pieces' moves ``out`` with the special moves added and the rewriting hook
        applied, kept to ``to`` and ``wanted``.  The pieces were asked for such moves
        alone, so only special or rewritten moves can fail the filters: without
        either, nothing is filtered."""
        special = wanted is None or self._may_add_special(wanted)
        if special:
            self.add_special_moves(pos, us, out)
        if self.rewrites_moves:
            out = self.adjust_moves(pos, us, out)
        if (to is None and wanted is None) or not (special or self.rewrites_moves):
            return out
        return self.kept(pos, out, to, wanted)

    def _generating_squares(
        self, pos: Position, us: Player, to: int | None, wanted: frozenset[str] | None
    ) -> list[int]:
        """The squares of ``us``'s pieces that may make a move the filters keep."""
        board = pos.board
        # WALL has no owner, so the owner test also skips missing squares.
        if wanted is None:
            return [sq for sq, p in enumerate(board) if p is not None and p.color == us]
        if to is None:
            if wanted <= self.royal_kinds:  # the position knows where they stand (O-O)
                royal = [sq for sq in pos.royals[us] if (p := board[sq]) and p.kind in wanted]
                return sorted(royal)
            return [
                sq
                for sq, p in enumerate(board)
                if p is not None and p.color == us and p.kind in wanted
            ]
        found: list[int] = []
        for kind in wanted:
            sources = self._sources.get((us, kind, to))
            for sq in sources if sources is not None else range(len(board)):
                p = board[sq]
                if p is not None and p.color == us and p.kind == kind:
                    found.append(sq)
        if len(wanted) > 1:
            found.sort()
        return found

    def _source_table(self) -> dict[tuple[Player, str, int], tuple[int, ...]]:
        """(player, kind, square) -> the squares from which such a piece could reach it:
        each kind's reach (:meth:`PieceType.targets`) turned round.  A kind that may
        reach anywhere has no entries (every square is a source)."""
        size = self.geometry.size
        found: dict[tuple[Player, str, int], tuple[int, ...]] = {}
        for ptype in self.types.values():
            if type(ptype).targets is PieceType.targets:
                continue  # the default: anywhere
            last_reach: list[frozenset[int]] = []
            sources: list[tuple[int, ...]] = []
            for color in self.player_range:
                reach = [ptype.targets(color, sq) for sq in range(size)]
                if reach != last_reach:  # a kind that moves alike for both: turned once
                    last_reach = reach
                    sources = _turned_round(reach)
                for t, squares in enumerate(sources):
                    found[color, ptype.letter, t] = squares
        return found

    def castling_kinds(self) -> frozenset[str]:
        """The kinds that castle: the royal ones (a game whose castling piece is not
        royal says so).  A reader of ``O-O`` asks for their moves alone."""
        return self.royal_kinds

    def _may_add_special(self, kinds: frozenset[str]) -> bool:
        """Whether special moves can be among the moves of ``kinds``: the core's own
        are castlings, made by :meth:`castling_kinds`; a game that adds others (drops,
        boardings) overrides :meth:`add_special_moves`, and then they may be anyone's."""
        if self.special_moves:
            return True
        known = self._special_kinds.get(kinds)
        if known is None:
            known = self._special_kinds[kinds] = bool(kinds & self.castlers)
        return known

    def adjust_moves(self, pos: Position, color: Player, moves: list[Move]) -> list[Move]:
        """A hook on every generated move list, before any filter: a game whose captures
        do more than remove (Shatranj of Troy's captured pieces go to the hand)
        rewrites them here.  Default: the moves as they are."""
        return moves

    def add_special_moves(self, pos: Position, color: Player, out: list[Move]) -> None:
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
                out.append(with_change(move, self.piece(kind, piece.color, promoted=True), kind))

    def promotion_choices(self, pos: Position, piece: Piece, move: Move) -> tuple[str, ...]:
        """The kinds ``piece`` may become by ``move`` into its zone."""
        assert self.promotion is not None
        return self.promotion.choices

    def add_castling(self, pos: Position, color: Player, out: list[Move]) -> None:
        """FIDE castling generalised: the king goes two squares toward a rook that
        still has its right, the rook to the square the king crossed.  The squares
        between them must be empty; the king may not be in check or cross an
        attacked square (its landing square is tested like any move)."""
        rival = self._rival[color]
        board = pos.board
        paths = self._castling_paths  # only for a king and a rook on one rank
        for king_sq in pos.royals[color]:
            if king_sq not in self.royal_start[color]:
                continue
            in_check: bool | None = None  # asked once, and only if some castling is open
            for rook_sq in pos.castling:
                path = paths.get((king_sq, rook_sq))
                if path is None:
                    continue
                rook = board[rook_sq]
                if (
                    rook is None
                    or rook is WALL
                    or rook.color != color
                    or rook.kind not in self.castling_rook_kinds
                ):
                    continue
                between, cross, target, castle = path
                if any(board[s] is not None for s in between):
                    continue
                if target != rook_sq and board[target] is not None:
                    continue
                if in_check is None:
                    in_check = self._under_attack(pos, king_sq, color, rival)
                if in_check or self._under_attack(pos, cross, color, rival):
                    continue
                out.append(castle)

    def _castling_path(
        self, king_sq: int, rook_sq: int
    ) -> tuple[tuple[int, ...], int, int, Move]:
        """(squares between king and rook, square the king crosses, king's target,
        the castling move), worked out once per pair of squares."""
        step = 1 if rook_sq > king_sq else -1
        target = king_sq + 2 * step
        if self.geometry.rank_of(target) != self.geometry.rank_of(king_sq):
            target = king_sq + step
        cross = king_sq + step
        actions = (Relocate(king_sq, target), Relocate(rook_sq, cross))
        castle = Move(king_sq, target, actions, tag=MoveKind.CASTLE)
        return (self.geometry.between(king_sq, rook_sq), cross, target, castle)

    # -- legality --------------------------------------------------------------
    def legal_moves(
        self,
        pos: Position,
        *,
        to: int | None = None,
        kinds: Iterable[str] | None = None,
        origins: Callable[[int], bool] | None = None,
        keep: Filter | None = None,
    ) -> list[Move]:
        """The legal moves of the player to move.

        The filters are :meth:`pseudo_legal_moves`'s, plus ``keep``, a test asked
        of each candidate before the legality test: this is the one move
        generator, and readers of every notation ask it for just the moves a
        text can mean.
        """
        if to is None and kinds is None and origins is None:
            moves = self.pseudo_legal_moves(pos)  # perft's hot path: no keyword passing
        elif to is not None and not self.own_generation:
            # a reader's one square (SAN's hot path): straight to the moves to it
            wanted = kinds if isinstance(kinds, frozenset) or kinds is None else frozenset(kinds)
            moves = self._moves_to(pos, pos.turn, to, wanted, origins)
        else:
            moves = self.pseudo_legal_moves(pos, pos.turn, to=to, kinds=kinds, origins=origins)
        if keep is not None:
            moves = [m for m in moves if keep(m)]
        return self.filter_legal(pos, moves)

    def filter_legal(self, pos: Position, moves: list[Move]) -> list[Move]:
        """The legal ones among pseudo-legal ``moves`` of the player to move."""
        us = pos.turn
        royals = pos.royals[us]
        if len(royals) == 1:
            if self._always_fast or self.fast_legality_applies(pos):
                return self._fast_legal(pos, moves, royals[0], us)
            if self.board_legality and self.players == 2:
                return self._board_legal(pos, moves, royals[0], us)
        if not royals:
            return moves
        return [m for m in moves if self.is_safe(pos, m)]

    def fast_legality_applies(self, pos: Position) -> bool:
        """Whether checks and pins can be read off rays in ``pos`` (see the module
        docstring).  A game whose special pieces may be absent overrides this to
        take the fast path when they are."""
        return self.fast_legality and self.players == 2

    def _fast_legal(self, pos: Position, moves: list[Move], king: int, us: Player) -> list[Move]:
        """Legality from checks and pins, for games whose captures are all simple.

        A simple move of a piece other than the king is legal when it keeps any
        pin and, in single check, lands on the checking line (capturing the
        checker or blocking); in double check only the king may move.  King moves
        and special moves are tried on the board.
        """
        them = self._opponents[us][0]
        checks = self._check_lines(pos, king, them)
        if len(moves) > _FEW_MOVES:
            pins = self._pins(pos, king, us)
        else:
            # a reader of one SAN move asks for a few moves (one, mostly): only
            # their own squares are looked at, along the king's rays through them
            through = self._tables.on_rays[them][king]
            pins = _NO_PINS
            looked: list[int] = []
            for m in moves:
                frm = m.frm
                if frm is None or frm in looked:
                    continue  # a drop; or another move of a piece looked at
                looked.append(frm)
                rays = through.get(frm)
                if rays is not None:
                    line = self._pin_line(pos, king, them, frm, rays)
                    if line is not None:
                        pins = dict(pins)
                        pins[frm] = line
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
                    # On this path no piece of a slow kind is on the board, so the
                    # rays are the whole attack test (is_attacked without its layer).
                    board[king] = None
                    attacked = bool(self._check_lines(pos, m.to, them, first=True))
                    board[king] = king_piece
                    if not attacked:
                        legal.append(m)
                    continue
                if (checks or pins) and _held(m, checks, block, pins):
                    continue  # (no check and no pin, the common case: no call)
                legal.append(m)
            elif not checks and (tag == MoveKind.DROP or _opens_nothing(m, us, king, pins)):
                legal.append(m)
            else:
                # a special move (castling, en passant, a deployment, a drop out of
                # check): made on the board alone and the rays read, as in _board_legal
                safe = None
                if self._board_attacks:
                    safe = self._board_safe(pos, m, king, them, None, False, rays=True)
                if safe if safe is not None else self.is_safe(pos, m):
                    legal.append(m)
        return legal

    def _board_legal(self, pos: Position, moves: list[Move], king: int, us: Player) -> list[Move]:
        """Legality for games with special ways to remove pieces (``board_legality``).

        Every move is made on the board alone (no clocks, rights or stack) and the
        game's attack test asks whether the royal piece can be removed; that test
        reads only the board.  A simple move of a piece other than the royal one
        is first held to the check and pin rules of the simple kinds, and then
        only the special kinds are asked (:meth:`special_attacks`).  A move that
        removes or replaces the royal piece is made in full (:meth:`is_safe`).
        """
        them = self._opponents[us][0]
        checks = self._check_lines(pos, king, them)
        pins = self._pins(pos, king, us)
        block = checks[0] if len(checks) == 1 else None
        zone = self.special_zone(pos, king, them)
        attacked_now = bool(zone) and self.special_attacks(pos, king, them)
        plain = self.plain_tags
        legal = []
        for m in moves:
            if (m.tag is None or m.tag in plain) and m.frm != king:
                if _held(m, checks, block, pins):
                    continue
                if zone is not None and m.frm not in zone and m.to not in zone:
                    # a simple move changes its two squares only: the answer stands
                    if not attacked_now:
                        legal.append(m)
                    continue
                safe = self._board_safe(pos, m, king, them, None, attacked_now)
            elif not checks and _opens_nothing(m, us, king, pins):
                # the simple kinds attack no more than before: only the special attacks
                # may change, and none can if no square decides them
                if zone is not None and not zone:
                    legal.append(m)
                    continue
                safe = self._board_safe(pos, m, king, them, zone, attacked_now)
            else:
                safe = self._board_safe(pos, m, king, them, zone, attacked_now, rays=True)
            if safe is None:
                safe = self.is_safe(pos, m)
            if safe:
                legal.append(m)
        return legal

    def _board_safe(
        self,
        pos: Position,
        move: Move,
        king: int,
        them: Player,
        zone: frozenset[int] | None,
        attacked_now: bool,
        *,
        rays: bool = False,
    ) -> bool | None:
        """Whether the royal piece on ``king`` is safe after ``move``, made on the board
        alone and unmade again.  The rays of the simple kinds are read only with
        ``rays`` (else the caller has applied the check and pin rules), the special
        attacks only if the move changes a square of ``zone`` (else they stand as
        ``attacked_now``); a royal piece that moves is tested in full.  None when
        the move removes or replaces a royal piece (the caller makes it)."""
        board = pos.board
        writes: list[tuple[int, Piece | None]] = []
        royal = king
        ok = True
        attacked = False
        for act in move.actions:
            kind = type(act)
            if kind is Relocate:
                a, b = act.frm, act.to  # type: ignore[union-attr]
                if b == royal:
                    ok = False
                    break
                p = board[a]
                writes.append((a, p))
                writes.append((b, board[b]))
                board[b] = p
                board[a] = None
                if a == royal:
                    royal = b
            elif kind is Remove:
                x = act.sq  # type: ignore[union-attr]
                if x == royal:
                    ok = False
                    break
                writes.append((x, board[x]))
                board[x] = None
            elif kind is Place or kind is Change:
                x, new = act.sq, act.piece  # type: ignore[union-attr]
                if x == royal or new.royal:
                    ok = False
                    break
                writes.append((x, board[x]))
                board[x] = new
            elif kind is Terrain:
                x = act.sq  # type: ignore[union-attr]
                if x == royal:
                    ok = False
                    break
                writes.append((x, board[x]))
                board[x] = None if act.present else WALL  # type: ignore[union-attr]
        if ok:
            if royal != king:
                attacked = self.is_attacked(pos, royal, them)
            elif rays and self._check_lines(pos, royal, them, first=True):
                attacked = True
            elif zone is not None and not any(sq in zone for sq, _ in writes):
                attacked = attacked_now
            else:
                attacked = self.special_attacks(pos, royal, them)
        for sq, old in reversed(writes):
            board[sq] = old
        return not attacked if ok else None

    def _check_lines(
        self, pos: Position, target: int, them: Player, *, first: bool = False
    ) -> list[frozenset[int]]:
        """For each simple piece of ``them`` attacking ``target``: its square and the
        squares between (where a capture or a block ends a check).  With
        ``first``, stop at the first attacker found."""
        board = pos.board
        lines = []
        # WALL has no owner, so the owner test also passes over missing squares.
        for s, kinds, line in self._tables.steps[them][target]:
            x = board[s]
            if x is not None and x.color == them and x.kind in kinds:
                lines.append(line)
                if first:
                    return lines
        for ray, kinds_at in self._tables.rays[them][target]:
            # a counter, not enumerate(): a quarter of this test's time in pure Python
            i = 0
            for s in ray:
                x = board[s]
                if x is not None:
                    if x.color == them and x.kind in kinds_at[i]:
                        lines.append(frozenset(ray[: i + 1]))
                        if first:
                            return lines
                    break
                i += 1  # noqa: SIM113 (enumerate() costs more here)
        return lines

    def is_legal(self, pos: Position, move: Move) -> bool:
        """Whether ``move`` is one of the legal moves of ``pos``."""
        return move in self.legal_moves(pos)

    def is_safe(self, pos: Position, move: Move) -> bool:
        """After ``move``, the mover keeps all its royal pieces and none can be taken."""
        us = pos.turn
        rival = self._rival[us]
        before = len(pos.royals[us])
        pos.push(move)
        royals = pos.royals[us]
        safe = len(royals) >= before
        for s in royals:
            if not safe:
                break
            safe = not self._under_attack(pos, s, us, rival)
        pos.pop()
        return safe

    def in_check(self, pos: Position, color: Player | None = None) -> bool:
        """Whether a royal piece of ``color`` (default: the player to move) is attacked."""
        us = pos.turn if color is None else color
        royals = pos.royals[us]
        if len(royals) == 1:  # most games: no generator to set up (the replay asks per +)
            return self._under_attack(pos, royals[0], us, self._rival[us])
        return any(self.attacked_by_opponent(pos, s, us) for s in royals)

    def attacked_by_opponent(self, pos: Position, target: int, color: Player) -> bool:
        """Could any opponent of ``color`` remove the piece on ``target`` with one move?"""
        return self._under_attack(pos, target, color, self._rival[color])

    def _under_attack(self, pos: Position, target: int, color: Player, rival: Player) -> bool:
        """:meth:`attacked_by_opponent`, given ``color``'s one opponent (-1: several)."""
        if rival >= 0:
            return self.is_attacked(pos, target, rival)
        return any(self.is_attacked(pos, target, by) for by in self._opponents[color])

    def is_attacked(self, pos: Position, target: int, by: Player) -> bool:
        """Could ``by`` remove the piece on ``target`` with one move (ignoring its own check)?"""
        if self._check_lines(pos, target, by, first=True):
            return True
        return self.special_attacks(pos, target, by)

    def special_zone(self, pos: Position, target: int, by: Player) -> frozenset[int] | None:
        """The squares whose contents decide :meth:`special_attacks` on ``target`` while
        only ``by``'s opponents move (``by``'s pieces stay, or are taken), or None
        when the game cannot tell (every move is then tested).  Legality skips the
        test for a simple move that changes no square of the zone.  The square of every
        piece that could make such an attack is in the zone: an empty zone says that
        there is none (the test is not asked at all)."""
        return None

    def special_attacks(self, pos: Position, target: int, by: Player) -> bool:
        """The half of :meth:`is_attacked` that the rays of the simple kinds do not see:
        whether a ``by`` piece of a special kind, or a special way of removing
        pieces, could remove the piece on ``target``."""
        slow = self._tables.slow_kinds[by]
        if slow or not self.simple_rules:
            return self.removes(pos, target, by, slow)
        return False

    def removes(self, pos: Position, target: int, by: Player, kinds: frozenset[str]) -> bool:
        """Whether a move of a ``by`` piece of one of ``kinds`` removes ``target``.

        The slow, general half of :meth:`is_attacked`; games with special ways
        to remove pieces (bridges taken away) override it to add them.
        """
        for sq, piece in enumerate(pos.board):
            if piece is None or piece is WALL or piece.color != by or piece.kind not in kinds:
                continue
            moves: list[Move] = []
            assert piece.type is not None
            piece.type.generate(pos, sq, piece, moves)
            for m in moves:
                for act in m.actions:
                    if isinstance(act, Remove) and act[0] == target:
                        return True
        return False

    def _pins(self, pos: Position, king: int, us: Player) -> dict[int, frozenset[int]]:
        """Pieces of ``us`` that shield ``king`` from a rider: square -> squares it may use."""
        board = pos.board
        them = self._opponents[us][0]
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
                    if x.color == us:
                        shield = i
                        continue
                    break
                if x.color == them and x.kind in kinds_at[i]:
                    line = frozenset(ray[: i + 1])
                    held = ray[shield]
                    # pinned along two rays at once (a rider of (2,0) steps beside a
                    # rook's ray), it may only stay on both
                    pins[held] = pins[held] & line if held in pins else line
                break
        return pins

    def _pin_line(
        self, pos: Position, king: int, them: Player, sq: int, rays: tuple[int, ...]
    ) -> frozenset[int] | None:
        """The squares the piece on ``sq`` may use while it shields ``king`` from the
        riders of ``them`` (what :meth:`_pins` says of it), looking along the king's
        ``rays`` through ``sq`` alone; None when it shields nothing.  The caller's
        piece stands on ``sq``, so it is the mover's."""
        board = pos.board
        king_rays = self._tables.rays[them][king]
        found: frozenset[int] | None = None
        for index in rays:
            ray, kinds_at = king_rays[index]
            shield = False
            i = -1  # a counter, not enumerate(), as in _check_lines
            for s in ray:
                i += 1
                x = board[s]
                if x is None:
                    continue
                if not shield:
                    if s != sq:
                        break  # another piece stands between the king and ``sq``
                    shield = True
                    continue
                if x.color == them and x.kind in kinds_at[i]:
                    line = frozenset(ray[: i + 1])
                    found = line if found is None else found & line
                break
        return found

    def _build_attack_tables(self) -> _Tables:
        tables = _Tables()
        geo = self.geometry
        longest = max(geo.files, geo.ranks)
        #: per square, the check line of a step or leap to it (just that square)
        alone = [frozenset((sq,)) for sq in range(geo.size)]
        for by in self.player_range:
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
            # the same few sets of kinds stand at most distances: one object each
            shared: dict[frozenset[str], frozenset[str]] = {}
            # per reverse vector: the board's rays along it, how far it is looked
            # along, and the kinds at each distance; cut to length per target
            lines = []
            for vec, per_dist in reach.items():
                far = max(per_dist)
                at = (frozenset(per_dist.get(d, ())) for d in range(1, far + 1))
                lines.append((geo.rays(vec), far, tuple(shared.setdefault(k, k) for k in at)))
            rays: list[tuple[_AttackRay, ...]] = []
            steps: list[tuple[_AttackStep, ...]] = []
            for target in range(geo.size):
                long_rays: list[_AttackRay] = []
                one_steps: list[_AttackStep] = []
                for rays_from, far, kinds in lines:
                    ray = rays_from[target][:far]
                    if len(ray) == 1:
                        one_steps.append((ray[0], kinds[0], alone[ray[0]]))
                    elif ray:
                        long_rays.append((ray, kinds[: len(ray)]))
                rays.append(tuple(long_rays))
                steps.append(tuple(one_steps))
            tables.rays[by] = rays
            tables.steps[by] = steps
            tables.on_rays[by] = [_rays_through(target_rays) for target_rays in rays]
            tables.slow_kinds[by] = frozenset(slow)
        return tables

    # -- state after a move ----------------------------------------------------
    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """Update turn, clocks, en passant squares and castling rights after ``move``."""
        pos.turn = turn = self._next[pos.turn]
        if turn == 0:
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
            ep = self._passed.get((move.frm, move.to), ())
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
        table = self._castle_loss
        lost: frozenset[int] | None = None
        # type(), not isinstance(); and a look-up only where a right can go (most
        # moves touch no such square): this runs on every push while rights remain
        for act in move.actions:
            if type(act) is Relocate:
                if act.frm in table:
                    lost = _joined(lost, table[act.frm])
                if act.to in table:
                    lost = _joined(lost, table[act.to])
            elif (type(act) is Remove or type(act) is Change) and act.sq in table:
                lost = _joined(lost, table[act.sq])
        return pos.castling - lost if lost else pos.castling

    def _castling_loss_table(self, start: Position) -> dict[int, frozenset[int]]:
        table: dict[int, set[int]] = {}
        for rook_sq in start.castling:
            table.setdefault(rook_sq, set()).add(rook_sq)
            rook = start.board[rook_sq]
            assert rook is not None and rook.color is not None
            for king_sq in start.royals[rook.color]:
                table.setdefault(king_sq, set()).add(rook_sq)
        return {sq: frozenset(v) for sq, v in table.items()}

    def repetition_state(self, pos: Position) -> tuple[int, ...]:
        """The en passant squares, where a capture on them could be made (FIDE 9.2:
        positions differ if one has an en passant capture the other lacks)."""
        return pos.ep if self.ep_capture_possible(pos) else ()

    def ep_capture_possible(self, pos: Position) -> bool:
        """Whether some pseudo-legal en passant capture exists (for repetition keys)."""
        if not pos.ep:
            return False
        return any(m.tag == MoveKind.EN_PASSANT for m in self.pseudo_legal_moves(pos))

    def read_castling(self, pos: Position, field: str) -> frozenset[int]:
        """The castling rights a FEN castling field gives ``pos`` (docs/rules/fen.md);
        a game whose field says more (S-chess's gating squares) reads the rest too."""
        return read_castling(self, pos, field)

    def castling_field(self, pos: Position) -> str:
        """The FEN castling field of ``pos``."""
        return castling_text(pos)

    def castling_king(self, pos: Position, color: Player) -> int | None:
        """The square of the piece ``color`` castles with (FEN's castling field is read
        and written relative to it): its royal piece, None if it has none."""
        royals = pos.royals[color]
        return royals[0] if royals else None

    # -- how games end -----------------------------------------------------------


#: the pins of moves that all start off every ray of their king
_NO_PINS: dict[int, frozenset[int]] = {}

#: up to how many candidate moves the pins are looked for only where one could be
_FEW_MOVES = 4


def _joined(lost: frozenset[int] | None, more: frozenset[int]) -> frozenset[int]:
    """The castling rights ``lost`` so far (None: none yet) and ``more``."""
    return more if lost is None else lost | more


def _turned_round(reach: list[frozenset[int]]) -> list[tuple[int, ...]]:
    """Per square, the squares whose ``reach`` holds it (in order); none at all when
    some square reaches every square (the kind may be anywhere before it moves)."""
    size = len(reach)
    if any(len(targets) == size for targets in reach):
        return []
    sources: list[list[int]] = [[] for _ in range(size)]
    for sq, targets in enumerate(reach):
        for t in targets:
            sources[t].append(sq)
    return [tuple(squares) for squares in sources]


def _rays_through(rays: tuple[_AttackRay, ...]) -> dict[int, tuple[int, ...]]:
    """Each square on ``rays`` -> the indices of the rays that pass it."""
    found: dict[int, list[int]] = {}
    for index, (ray, _) in enumerate(rays):
        for sq in ray:
            found.setdefault(sq, []).append(index)
    return {sq: tuple(indices) for sq, indices in found.items()}


def _opens_nothing(move: Move, us: Player, king: int, pins: dict[int, frozenset[int]]) -> bool:
    """Whether ``move`` opens no line to the royal piece on ``king`` and brings no enemy
    piece, so that the simple kinds attack it after the move only where they did
    before (Shatranj of Troy's Horse that leaves a piece behind; a Catapult's launch,
    its loading, a piece boarding it).  ``pins`` are :meth:`Variant._pins`'s.

    Read off the actions alone: the royal piece stays where it is; a piece relocates
    only from ``frm`` (the mover's own); whatever is put on a square is a non-royal
    piece of ``us``; and every square emptied is filled again, but for ``frm``
    itself when its piece shields the royal piece from no rider (it is not pinned).
    Any other square left empty may have held an enemy that blocked another (an
    Archer's shot): such a move is made and tested.
    """
    frm = move.frm
    emptied: list[int] = []
    for act in move.actions:
        kind = type(act)
        if kind is Relocate:
            a, b = act.frm, act.to  # type: ignore[union-attr]
            if a != frm or a == king or b == king:
                return False
            emptied.append(a)
            if b in emptied:
                emptied.remove(b)
        elif kind is Remove:
            x = act.sq  # type: ignore[union-attr]
            if x == king:
                return False
            emptied.append(x)
        elif kind is Change or kind is Place:
            x, piece = act.sq, act.piece  # type: ignore[union-attr]
            if x == king or piece.royal or piece.color != us:
                return False
            if x in emptied:
                emptied.remove(x)
        elif kind is not Hand:
            return False
    return not emptied or (len(emptied) == 1 and emptied[0] == frm and frm not in pins)


def _held(
    move: Move,
    checks: list[frozenset[int]],
    block: frozenset[int] | None,
    pins: dict[int, frozenset[int]],
) -> bool:
    """Whether a simple move of a piece other than the royal one is illegal by the
    check and pin rules: in check it must land on the one checking line (none will
    do under a double check), and a pinned piece must stay on its pin line."""
    if checks and (block is None or move.to not in block):
        return True
    if pins and move.frm is not None:
        line = pins.get(move.frm)
        if line is not None and move.to not in line:
            return True
    return False
