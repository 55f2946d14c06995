"""A position: the board, whose turn it is, rights, counters and hands.

Making a move applies its primitive actions (see :mod:`trebuchet.variants.move`)
and records every square it overwrote, so unmaking is the same short loop for
every game: write the old contents back, restore the saved state.  The variant
then updates turn, castling rights, en passant squares and clocks in
:meth:`trebuchet.variants.game.GameBase.after_move`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, Any

from trebuchet.variants.move import Change, Hand, Move, Place, Relocate, Remove, Terrain
from trebuchet.variants.pieces import WALL, WHITE, Piece, Player

if TYPE_CHECKING:
    from trebuchet.variants.fen import EnPassant
    from trebuchet.variants.game import Game, Outcome

_State = tuple[
    Player,
    frozenset[int],
    tuple[int, ...],
    int,
    int,
    int,
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    frozenset[int],
    Hashable,
]


class Position:
    """A position of one variant, changed in place by :meth:`push` and :meth:`pop`.

    ``turn`` is the player to move (0 = White); ``castling`` the squares of the
    rooks that still have their right; ``ep`` the squares a pawn just passed
    over and ``ep_victim`` the square of that pawn; ``hands`` counts the pieces
    each player holds, by hand key; ``royals`` lists, per player, the squares
    of its royal pieces; ``checks_left``, in games that count checks
    (three-check), how many checks each player still has to give; ``gates``,
    in games that gate pieces in (S-chess), the first-rank squares whose piece
    has not moved yet; ``rules_state`` is whatever else a game's rules read
    (an immutable value the variant keeps up to date: a Zillions game's place
    in its turn order and its last move's squares).
    """

    __slots__ = (
        "_stack",
        "board",
        "castling",
        "checks_left",
        "ep",
        "ep_victim",
        "fullmove",
        "gates",
        "halfmove",
        "hands",
        "royals",
        "rules_state",
        "turn",
        "variant",
    )

    def __init__(self, variant: Game) -> None:
        self.variant = variant
        self.board: list[Piece | None] = [None] * variant.geometry.size
        self.turn: Player = WHITE
        self.castling: frozenset[int] = frozenset()
        self.ep: tuple[int, ...] = ()
        self.ep_victim = -1
        self.halfmove = 0
        self.fullmove = 1
        self.hands: dict[tuple[Player, str], int] = {}
        #: squares of royal pieces, indexed by player
        self.royals: tuple[tuple[int, ...], ...] = ((),) * variant.players
        self.rules_state: Hashable = ()
        self.checks_left: tuple[int, ...] = (
            (variant.checks_to_win,) * variant.players if variant.checks_to_win else ()
        )
        self.gates: frozenset[int] = frozenset()
        self._stack: list[tuple[Move, list[tuple[int, Piece | None]], _State, bool]] = []

    # -- reading -----------------------------------------------------------
    def __repr__(self) -> str:
        return f"Position({self.variant.name!r}, {self.fen()!r})"

    def fen(self, en_passant: EnPassant = "standard") -> str:
        """This position in trebuchet FEN (docs/rules/fen.md); ``en_passant="legal"``
        writes an en passant square only where a capture there is legal, as
        python-chess does."""
        return self.variant.write_fen(self, en_passant)

    def piece_at(self, square: int | str) -> Piece | None:
        """The piece on a square (a WALL-free answer: a missing square holds None)."""
        sq = self.variant.geometry.square(square) if isinstance(square, str) else square
        piece = self.board[sq]
        return None if piece is WALL else piece

    def pieces(self, color: Player | None = None) -> Iterator[tuple[int, Piece]]:
        """(square, piece) for every piece of ``color`` (every player's if None)."""
        for sq, piece in enumerate(self.board):
            if piece is not None and piece is not WALL and (color is None or piece.color == color):
                yield sq, piece

    def hand(self, color: Player) -> dict[str, int]:
        """What ``color`` holds: hand key -> count (only keys with pieces)."""
        return {k: n for (c, k), n in self.hands.items() if c == color and n}

    def last_changes(self) -> list[tuple[int, Piece | None]]:
        """The squares the last move wrote, each with what stood there before it
        (in order; a square may appear more than once).  Empty at the start."""
        return self._stack[-1][1] if self._stack else []

    @property
    def move_stack(self) -> list[Move]:
        """The moves made on this position since it was read, oldest first."""
        return [entry[0] for entry in self._stack]

    def last_move(self) -> Move | None:
        """The move made last, None when none has been made since the position was read."""
        return self._stack[-1][0] if self._stack else None

    def last_turn(self) -> Player | None:
        """The player who made the last move (whose turn it was before it), None
        when none has been made since the position was read."""
        return self._stack[-1][2][0] if self._stack else None

    def changes(self, square: int) -> list[tuple[int, Piece | None]]:
        """The moves on the stack that changed ``square``, oldest first: each as its
        index in :attr:`move_stack` and what stood on the square just before it.

        So the first entry says what stood there when the position was read
        (no entry: what stands there now), and a game that follows one piece
        through the moves (Mangonel Chess's castling Rooks, MC-4) can tell
        which piece a move brought to the square.
        """
        found = []
        for i, (_, writes, _, _) in enumerate(self._stack):
            for sq, old in writes:
                if sq == square:
                    found.append((i, old))
                    break
        return found

    def copy(self, *, stack: bool = False) -> Position:
        """An independent copy; with ``stack``, its moves can be unmade too."""
        other = Position(self.variant)
        other.board = self.board[:]
        other.turn = self.turn
        other.castling = self.castling
        other.ep = self.ep
        other.ep_victim = self.ep_victim
        other.halfmove = self.halfmove
        other.fullmove = self.fullmove
        other.hands = dict(self.hands)
        other.royals = self.royals
        other.rules_state = self.rules_state
        other.checks_left = self.checks_left
        other.gates = self.gates
        if stack:
            other._stack = [(m, list(w), s, h) for m, w, s, h in self._stack]
        return other

    def key(self) -> tuple[Any, ...]:
        """What must be equal for two positions to count as a repetition."""
        hands = tuple(sorted((c, k, n) for (c, k), n in self.hands.items() if n))
        ep = self.variant.repetition_state(self)
        return (
            tuple(self.board),
            self.turn,
            self.castling,
            ep,
            hands,
            self.checks_left,
            self.gates,
            self.rules_state,
        )

    def repetitions(self, key: Callable[[Position], Hashable] | None = None) -> int:
        """How often the current position has occurred (1 = only now).

        Looks back through the moves made since the last irreversible one (as
        far as the game's ``repetition_window`` says).  ``key`` says what makes
        two positions the same, by default :meth:`key` (a Zillions game compares
        less: the board, the reserves and the turn).  Only where the board and
        the player to move were as they are now (:meth:`_same_board_plies`,
        read off the recorded writes) are the moves unmade to compare the whole
        key; in most positions there is no such ply and nothing is unmade.
        """
        window = self.variant.repetition_window(self)
        depth = len(self._stack) if window is None else min(window, len(self._stack))
        candidates = self._same_board_plies(depth)
        if not candidates:
            return 1
        same = Position.key if key is None else key
        wanted = same(self)
        count = 1
        undone: list[Move] = []
        while len(undone) < candidates[-1]:
            undone.append(self.pop())
            if len(undone) in candidates and same(self) == wanted:
                count += 1
        for move in reversed(undone):
            self.push(move)
        return count

    def _same_board_plies(self, depth: int) -> list[int]:
        """How many moves back, up to ``depth``, the board and the player to move
        were the same as now: the candidates for a repetition, found by walking
        back through the squares each move overwrote, without unmaking any."""
        board, turn = self.board, self.turn
        differ: set[int] = set()  # squares where the earlier board differs from now
        found: list[int] = []
        stack = self._stack
        for back in range(1, depth + 1):
            _, writes, state, _ = stack[-back]
            for sq, old in reversed(writes):
                if old is board[sq]:  # pieces are interned: identity is equality
                    differ.discard(sq)
                else:
                    differ.add(sq)
            if not differ and state[0] == turn:
                found.append(back)
        return found

    # -- rules shortcuts ---------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move."""
        return self.variant.legal_moves(self)

    def is_check(self) -> bool:
        """Whether the player to move has a royal piece that an opponent could take."""
        return self.variant.in_check(self)

    def outcome(self, *, claim_draw: bool = False) -> Outcome | None:
        """How the game has ended here, or None while it goes on."""
        return self.variant.outcome(self, claim_draw=claim_draw)

    def move_text(self, move: Move) -> str:
        """``move`` in coordinate notation (``e2e4``, ``e7e8q``, ``P@e4``)."""
        return self.variant.move_text(self, move)

    def notation(self, move: Move) -> str:
        """``move`` in the game's own notation (SAN, or its rule page's forms)."""
        return self.variant.notation.write(self, move)

    def parse_move(self, text: str) -> Move:
        """The legal move ``text`` names: coordinates, else the game's own notation."""
        return self.variant.read_move(self, text)

    def push_text(self, text: str) -> Move:
        """Read ``text`` as :meth:`parse_move` does, make the move, and return it."""
        move = self.parse_move(text)
        self.push(move)
        return move

    # -- making and unmaking -------------------------------------------------
    def push(self, move: Move) -> None:
        """Make ``move`` (assumed pseudo-legal) on this position."""
        board = self.board
        writes: list[tuple[int, Piece | None]] = []
        state: _State = (
            self.turn,
            self.castling,
            self.ep,
            self.ep_victim,
            self.halfmove,
            self.fullmove,
            self.royals,
            self.checks_left,
            self.gates,
            self.rules_state,
        )
        captured = False
        hand_changed = False
        for act in move.actions:
            if type(act) is Relocate:
                a, b = act.frm, act.to
                p = board[a]
                assert p is not None and p is not WALL
                writes.append((a, p))
                writes.append((b, board[b]))
                board[b] = p
                board[a] = None
                if p.royal:
                    self._royal_moved(p.color, a, b)
            elif type(act) is Remove:
                x = act.sq
                p = board[x]
                assert p is not None and p is not WALL
                writes.append((x, p))
                board[x] = None
                captured = True
                if p.royal:
                    self._royal_moved(p.color, x, None)
            elif type(act) is Place or type(act) is Change:
                x = act.sq
                old = board[x]
                new = act.piece
                writes.append((x, old))
                board[x] = new
                if old is not None and old.royal:
                    self._royal_moved(old.color, x, None)
                if new.royal:
                    self._royal_moved(new.color, None, x)
            elif type(act) is Terrain:
                x = act.sq
                writes.append((x, board[x]))
                board[x] = None if act.present else WALL
            elif type(act) is Hand:
                key = (act.player, act.key)
                self.hands[key] = self.hands.get(key, 0) + act.delta
                hand_changed = True
        self._stack.append((move, writes, state, hand_changed))
        self.variant.after_move(self, move, captured)

    def pop(self) -> Move:
        """Unmake the last move and return it."""
        move, writes, state, hand_changed = self._stack.pop()
        board = self.board
        for sq, old in reversed(writes):
            board[sq] = old
        if hand_changed:
            for act in move.actions:
                if type(act) is Hand:
                    self.hands[act.player, act.key] -= act.delta
        (
            self.turn,
            self.castling,
            self.ep,
            self.ep_victim,
            self.halfmove,
            self.fullmove,
            self.royals,
            self.checks_left,
            self.gates,
            self.rules_state,
        ) = state
        return move

    def _royal_moved(self, color: Player | None, old: int | None, new: int | None) -> None:
        assert color is not None
        squares = [s for s in self.royals[color] if s != old]
        if new is not None:
            squares.append(new)
        royals = list(self.royals)
        royals[color] = tuple(squares)
        self.royals = tuple(royals)
