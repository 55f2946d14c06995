"""What every game is: :class:`Game`, the interface the converters, the analysis
and the command line use, and :class:`GameBase`, the mechanics every game shares.

Two engines implement it, and neither inherits the other's machinery: the
table-driven rules core (:class:`~trebuchet.variants.variant.Variant`, with its
castling, en passant, promotion zones and fast legality) and the Zillions engine
(:class:`~trebuchet.variants.zrf.game.ZrfVariant`, whose moves are a rules
file's programs).  What they share is here: the board, the players, the pieces
(interned), positions, coordinate notation and the default ending.

>>> from trebuchet.variants.registry import get_variant
>>> isinstance(get_variant("chess"), GameBase)
True
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

from mypy_extensions import mypyc_attr

from trebuchet.variants.errors import AmbiguousMoveError, IllegalMoveError, OptionError
from trebuchet.variants.geometry import Geometry
from trebuchet.variants.move import Move, null_move
from trebuchet.variants.notation import NULL_TEXTS, Notation, first_reading
from trebuchet.variants.pieces import WALL, WHITE, Piece, PieceType, Player, color_name
from trebuchet.variants.position import Position

if TYPE_CHECKING:
    from trebuchet.variants.fen import EnPassant

Filter = Callable[[Move], bool]
"""A test a reader applies to candidate moves before the (costly) legality test."""

_LOOKS_LIKE_COORDINATES = re.compile(r"^(?:[a-zA-Z]\d+|[A-Za-z](?:\([A-Za-z]*\))?[@*])[a-zA-Z]\d+")

_PieceKey = tuple[str, Player | None, tuple[str, ...], frozenset[str], bool]
"""How :meth:`GameBase.piece` finds an interned piece: kind, owner, cargo,
attributes, promoted."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``termination`` names the rule (python-chess's names where
    the rule is one of theirs: ``checkmate``, ``stalemate``), ``winner`` is the
    player who won (0 = White), None for a draw or a loss that names no winner.

    ``loser`` is the player a loss condition names, where the game has more than
    two players and so no one winner (a Zillions game's ``loss-condition``);
    ``players`` is how many players play for the result (two in every native
    game), so that :attr:`result` knows when PGN can say it.

    >>> Outcome("checkmate", 1).result
    '0-1'
    >>> Outcome("pieces_remaining", None, loser=2, players=4).result
    '*'
    """

    termination: str
    winner: Player | None
    loser: Player | None = None
    players: int = 2

    def __repr__(self) -> str:
        extra = "" if self.loser is None else f", loser={self.loser}"
        extra += "" if self.players == 2 else f", players={self.players}"
        return f"Outcome(termination={self.termination!r}, winner={self.winner}{extra})"

    @property
    def result(self) -> str:
        """The PGN result: ``1-0``, ``0-1``, ``1/2-1/2``; ``*`` for a game of more
        than two players that someone won or lost (PGN has no word for it)."""
        if self.winner is None and self.loser is None:
            return "1/2-1/2"
        if self.players != 2:
            return "*"
        winner = self.winner if self.winner is not None else 1 - (self.loser or 0)
        return "1-0" if winner == WHITE else "0-1"

    @property
    def is_draw(self) -> bool:
        """Whether nobody won or lost."""
        return self.winner is None and self.loser is None

    def verdict(self, name: Callable[[Player], str]) -> str:
        """Who won, in words that read as English for any player's name (``name``
        gives it): ``won by Black``, ``lost by South``, ``drawn``.

        >>> Outcome("captured", 0).verdict(lambda p: ["You", "Me"][p])
        'won by You'
        """
        if self.winner is not None:
            return f"won by {name(self.winner)}"
        if self.loser is not None:
            return f"lost by {name(self.loser)}"
        return "drawn"




class Game(Protocol):
    """A game, as the converters, the analysis and the command line use it: its
    board, players and pieces, positions, legal moves, how it ends, and its moves
    as text.  ``trebuchet.get_variant`` and ``trebuchet.load_variant`` give one.

    >>> import trebuchet
    >>> game: trebuchet.Game = trebuchet.get_variant("chess")
    >>> pos = game.start_position()
    >>> len(game.legal_moves(pos)), game.outcome(pos)
    (20, None)
    """

    name: ClassVar[str]
    title: ClassVar[str]
    files: ClassVar[int]
    ranks: ClassVar[int]
    players: ClassVar[int]
    has_hands: ClassVar[bool]
    longest_move_text: ClassVar[int]
    player_range: range
    options: frozenset[str]
    geometry: Geometry
    types: dict[str, PieceType]
    kind_order: str
    notation: Notation

    def start_position(self) -> Position: ...
    def position(self, fen: str | None = None) -> Position: ...
    def read_fen(self, pos: Position, text: str) -> None: ...
    def write_fen(self, pos: Position, en_passant: EnPassant = "standard") -> str: ...
    def legal_moves(
        self,
        pos: Position,
        *,
        to: int | None = None,
        kinds: Iterable[str] | None = None,
        origins: Callable[[int], bool] | None = None,
        keep: Filter | None = None,
    ) -> list[Move]: ...
    def in_check(self, pos: Position, color: Player | None = None) -> bool: ...
    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None: ...
    def outcome_and_moves(self, pos: Position) -> tuple[Outcome | None, list[Move]]: ...
    def mark_after(self, pos: Position) -> str: ...
    def move_text(self, pos: Position, move: Move) -> str: ...
    def read_move(self, pos: Position, text: str) -> Move: ...
    def parse_move(self, pos: Position, text: str) -> Move: ...
    def kind_of(self, pos: Position, move: Move) -> str: ...
    def piece(
        self,
        kind: str,
        color: Player,
        cargo: Iterable[str] = (),
        attributes: frozenset[str] = frozenset(),
        *,
        promoted: bool = False,
    ) -> Piece: ...
    def player_name(self, player: Player) -> str: ...
    def square(self, name: str) -> int: ...
    def off_board_squares(self) -> frozenset[int]: ...
    def zones(self, player: Player) -> dict[str, frozenset[int]]: ...
    # what a position asks of its game as moves are made and compared
    checks_to_win: ClassVar[int]
    def after_move(self, pos: Position, move: Move, captured: bool) -> None: ...
    def repetition_state(self, pos: Position) -> tuple[int, ...]: ...
    def repetition_window(self, pos: Position) -> int | None: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class GameBase:
    """The mechanics every game shares; a game implements :meth:`piece_types`,
    :meth:`make_notation`, positions as text, generation and legality, and what
    happens after a move.

    A game object is built once per set of options and shared (see
    :func:`trebuchet.variants.registry.get_variant`); nothing changes it after
    construction except the caches of interned pieces.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    files: ClassVar[int] = 8
    ranks: ClassVar[int] = 8
    #: how many players take turns (numbered 0, 1, …; two-player games: White, Black)
    players: ClassVar[int] = 2
    #: the longest move text a reader takes for this game (a bound on hostile
    #: input: real texts are far shorter, but a Zillions turn of many steps is one
    #: text of all its saved-game lines)
    longest_move_text: ClassVar[int] = 256
    #: option name -> one-line description (rulings marked *option* in docs/rules/)
    option_help: ClassVar[dict[str, str]] = {}
    #: True when captured pieces go to the captor's hand (FEN shows brackets)
    has_hands: ClassVar[bool] = False
    #: canonical order of kinds in cargo and in holdings (default: piece_types order)
    kind_order: str = ""
    #: True when pieces made by promotion stay marked as promoted (Piece.promoted)
    tracks_promotion: ClassVar[bool] = False
    #: checks that win the game (three-check: 3); 0 when the game does not count them
    checks_to_win: ClassVar[int] = 0
    #: other names of the game in the Variant tags of game files (case, spaces,
    #: hyphens and underscores are forgiven when they are matched)
    aliases: ClassVar[tuple[str, ...]] = ()
    #: the start position in the game's own text (its FEN); a game whose options
    #: change the setup sets it on the instance before the core is built (Mangonel
    #: Chess's ``kwaggas``, MC-8)
    start_fen: str = ""

    #: the game's human notation (what records such as PGN write); made by
    #: :meth:`make_notation` once the game is built
    notation: Notation

    def __init__(self, options: Iterable[str] = ()) -> None:
        self.options = frozenset(options)
        unknown = sorted(self.options - set(self.option_help))
        if unknown:
            known = ", ".join(sorted(self.option_help)) or "none"
            raise OptionError(
                f"variant {self.name} has no option {unknown[0]!r} (known options: {known})"
            )
        self.player_range = range(self.players)
        self._opponents = tuple(
            tuple(q for q in self.player_range if q != p) for p in self.player_range
        )
        self._next = tuple((p + 1) % self.players for p in self.player_range)
        self.geometry = self.make_geometry()
        self.types: dict[str, PieceType] = {t.letter: t for t in self.piece_types()}
        self.kind_order = self.kind_order or "".join(self.types)
        self._pieces: dict[_PieceKey, Piece] = {}
        #: the same pieces by the arguments :meth:`piece` was called with (no sorting)
        self._asked: dict[_PieceKey, Piece] = {}
        #: the position :meth:`outcome_and_moves` is judging and its legal moves
        self._moves_known: tuple[Position, list[Move]] | None = None
        #: the start position as read once, with its text: a file of many games
        #: from the start copies it instead of reading the FEN again
        self._start_read: tuple[str, Position] | None = None

    # -- declarations a game provides --------------------------------------------
    def piece_types(self) -> list[PieceType]:
        """The game's piece kinds, built fresh for each game object."""
        raise NotImplementedError

    def make_geometry(self) -> Geometry:
        """The board: ``files`` × ``ranks`` squares named a1 … (a game with other
        names or squares off the grid, a Zillions game, builds its own)."""
        return Geometry(self.files, self.ranks)

    def make_notation(self) -> Notation:
        """The game's human notation (what records such as PGN write)."""
        raise NotImplementedError

    def read_fen(self, pos: Position, text: str) -> None:
        """Set up the empty ``pos`` from the game's text of a position."""
        raise NotImplementedError

    def write_fen(self, pos: Position, en_passant: EnPassant = "standard") -> str:
        """``pos`` as text that :meth:`read_fen` reads back to the same position."""
        raise NotImplementedError

    def legal_moves(
        self,
        pos: Position,
        *,
        to: int | None = None,
        kinds: Iterable[str] | None = None,
        origins: Callable[[int], bool] | None = None,
        keep: Filter | None = None,
    ) -> list[Move]:
        """The legal moves of the player to move (the filters keep those ending on
        ``to``, made by ``kinds``, starting where ``origins`` says, passing ``keep``)."""
        raise NotImplementedError

    def in_check(self, pos: Position, color: Player | None = None) -> bool:
        """Whether the player to move (or ``color``) has a royal piece an opponent
        could take."""
        raise NotImplementedError

    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """Bring turn, clocks and the game's own state up to date after ``move``
        (:meth:`Position.push` calls it)."""
        raise NotImplementedError

    def repetition_state(self, pos: Position) -> tuple[int, ...]:
        """What else than the pieces, the rights and the counters tells two positions
        apart as repetitions (:meth:`Position.key`): the core's en passant squares,
        where a capture on them could be made.  Nothing, for a game without them."""
        return ()

    def player_name(self, player: Player) -> str:
        """The player as the game calls it: ``White``, ``Black`` (``Player 3`` on);
        a Zillions game uses its own names (``Green``, ``Red``)."""
        return color_name(player).capitalize()


    def is_royal(self, kind: str, cargo: tuple[str, ...]) -> bool:
        """Whether a piece of ``kind`` carrying ``cargo`` is royal: its kind's flag,
        unless a game says otherwise (a Catapult carrying the King, CT-10)."""
        return self.types[kind].royal

    def __repr__(self) -> str:
        opts = f", options={sorted(self.options)}" if self.options else ""
        return f"{type(self).__name__}({self.name!r}{opts})"


    # -- players -------------------------------------------------------------
    def opponents(self, player: Player) -> tuple[Player, ...]:
        """Every other player (in two-player games, the one opponent)."""
        return self._opponents[player]

    def next_player(self, player: Player) -> Player:
        """Who moves after ``player``."""
        return self._next[player]

    # -- pieces and positions ------------------------------------------------
    def piece(
        self,
        kind: str,
        color: Player,
        cargo: Iterable[str] = (),
        attributes: frozenset[str] = frozenset(),
        *,
        promoted: bool = False,
    ) -> Piece:
        """The interned piece of ``kind`` owned by ``color`` carrying ``cargo``, with
        ``attributes`` true (``promoted``: made by a promotion, in games that
        remember it)."""
        asked = (
            kind,
            color,
            cargo if type(cargo) is tuple else tuple(cargo),
            attributes,
            promoted,
        )
        piece = self._asked.get(asked)
        if piece is not None:
            return piece
        order = self.kind_order
        cargo_t = tuple(sorted((k.upper() for k in asked[2]), key=lambda k: (order.find(k), k)))
        marked = promoted and self.tracks_promotion
        key = (kind.upper(), color, cargo_t, attributes, marked)
        piece = self._pieces.get(key)
        if piece is None:
            ptype = self.types.get(key[0])
            if ptype is None:
                raise KeyError(kind)
            royal = self.is_royal(key[0], cargo_t)
            piece = self._pieces[key] = Piece(
                key[0], color, cargo_t, ptype, royal=royal, attributes=attributes, promoted=marked
            )
        self._asked[asked] = piece
        return piece


    def start_position(self) -> Position:
        """A new position at the game's start."""
        return self.position(self.start_fen)

    def position(self, fen: str | None = None) -> Position:
        """A new position from trebuchet FEN (the start when None); FenError if unreadable."""
        text = self.start_fen if fen is None else fen
        if text == self.start_fen:
            return self._start_copy(text)
        pos = Position(self)
        self.read_fen(pos, text)
        return pos

    def _start_copy(self, text: str) -> Position:
        """A copy of the start position, read once per game object: most games of
        a file start there, and a copy is ten times cheaper than reading the FEN
        (the start's text is kept with it, since an option may set it late)."""
        if self._start_read is None or self._start_read[0] != text:
            pos = Position(self)
            self.read_fen(pos, text)
            self._start_read = (text, pos)
        return self._start_read[1].copy()


    def square(self, name: str) -> int:
        """The square called ``name`` (``e4``); SquareError if the board has none."""
        return self.geometry.square(name)


    def off_board_squares(self) -> frozenset[int]:
        """Positions that are no square of the board: a Zillions file's dummy positions,
        which its programs use as markers.  Analysis leaves them out."""
        return frozenset()

    def zones(self, player: Player) -> dict[str, frozenset[int]]:
        """The named sets of squares the game's rules declare for ``player``: a Zillions
        file's zones (``board-zone``), which analysis can be limited to.  Empty for
        trebuchet's own games, whose zones are in their code."""
        return {}


    def kind_of(self, pos: Position, move: Move) -> str:
        """The kind that makes ``move`` in ``pos``: the dropped kind, or the piece on
        its from-square."""
        if move.frm is None:
            return (move.drop or "")[:1].upper()
        piece = pos.board[move.frm]
        return piece.kind if piece is not None and piece is not WALL else ""


    def mark_after(self, pos: Position) -> str:
        """The suffix a move that led to ``pos`` gets in SAN: ``#`` for mate, ``+``
        for check, else empty.  Games that end by other rules say when ``#`` fits."""
        if not self.in_check(pos):
            return ""
        return "+" if self.legal_moves(pos) else "#"

    def repetition_window(self, pos: Position) -> int | None:
        """How many plies back a repetition of ``pos`` may lie: by default those since
        the last capture or pawn move (the halfmove clock); None for the whole game."""
        return pos.halfmove

    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        """The game's result if it is over: by default checkmate wins, stalemate draws."""
        if not self.moves_for_outcome(pos):
            if self.in_check(pos):
                return Outcome("checkmate", self._opponents[pos.turn][0])
            return Outcome("stalemate", None)
        return None

    def outcome_and_moves(self, pos: Position) -> tuple[Outcome | None, list[Move]]:
        """:meth:`outcome` and :meth:`legal_moves` of ``pos``, found together.

        A caller that wants both at every ply (``trebuchet evaluate``'s playouts)
        would have the moves generated twice: inside :meth:`outcome`, to tell
        mate from stalemate, and again to choose one.  Here they are generated
        once, and :meth:`outcome` reads them through :meth:`moves_for_outcome`.
        """
        moves = self.legal_moves(pos)
        self._moves_known = (pos, moves)
        try:
            return self.outcome(pos), moves
        finally:
            self._moves_known = None

    def moves_for_outcome(self, pos: Position) -> list[Move]:
        """The legal moves of ``pos`` as :meth:`outcome` asks for them: those
        :meth:`outcome_and_moves` has generated, while it judges this very
        position (every ``outcome`` asks this of the position it was given, as
        it was given: nothing is moved on it first)."""
        known = self._moves_known
        if known is not None and known[0] is pos:
            return known[1]
        return self.legal_moves(pos)


    # -- notation ------------------------------------------------------------------
    def move_text(self, pos: Position, move: Move) -> str:
        """The move in coordinate notation: ``e2e4``, ``e7e8q``, ``P@e4``, plus a suffix."""
        names = self.geometry.names
        head = f"{move.drop or '?'}@" if move.frm is None else names[move.frm]
        promo = move.promotion.lower() if move.promotion else ""
        return f"{head}{names[move.to]}{promo}{move.suffix}"

    def read_move(self, pos: Position, text: str) -> Move:
        """The legal move ``text`` names in any notation ``trebuchet play`` reads: a
        null move (``--``, ``0000``), coordinate notation, or the game's own notation.

        A text shaped like coordinates (``e2e4``, ``P@e4``) is read as coordinates
        first, anything else in the game's notation first; when neither reading
        finds a move, the first reading's error is raised (it names the nearest
        legal moves in that notation).
        """
        if text.strip() in NULL_TEXTS:
            return null_move()
        if _LOOKS_LIKE_COORDINATES.match(text.strip()):
            return first_reading(pos, text, self.parse_move, self.notation.read)
        return first_reading(pos, text, self.notation.read, self.parse_move)

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

    def kept(
        self,
        pos: Position,
        moves: list[Move],
        to: int | None,
        wanted: frozenset[str] | None,
        origins: Callable[[int], bool] | None = None,
    ) -> list[Move]:
        """The moves :meth:`pseudo_legal_moves`'s filters keep: ending on ``to``, made
        by a kind in ``wanted`` (a drop counts as its dropped kind), starting on a
        square ``origins`` accepts (a drop starts nowhere)."""
        return [
            m
            for m in moves
            if (to is None or m.to == to)
            and (wanted is None or self.kind_of(pos, m) in wanted)
            and (origins is None or (m.frm is not None and origins(m.frm)))
        ]



__all__ = ["Filter", "Game", "GameBase", "Outcome"]
