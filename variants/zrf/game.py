"""A Zillions game played by trebuchet: :class:`ZrfVariant`.

The game is a :class:`~trebuchet.variants.variant.Variant` like the others.
Its pieces' programs are compiled once (:mod:`.program`); generation runs
them for the pieces of the player whose turn it is in the turn order, and
turns what they emit into moves of typed actions, so that making, unmaking,
replay and analysis are the core's.

* **Turns** follow ``(turn-order …)``: an entry may let a player move another
  player's pieces or only moves of one type; entries before ``repeat`` are
  played once.  The position's ``rules_state`` holds the turn's index, the
  last move's origin and destination (``last-from?``/``last-to?``).
* **Check**: with ``(loss-condition (P…) (checkmated T))`` a move of P is
  illegal when the player who moves next could capture one of P's T with any
  of its moves, as Zillions rules it.
* **Goals** end the game (:mod:`.goals`): ``checkmated``, ``stalemated``,
  ``pieces-remaining``, ``total-piece-count``, ``captured``,
  ``absolute-config``, ``relative-config``, ``repetition``, combined with
  ``and``/``or``/``not``, and a player with no move draws where no goal says
  otherwise; once the game is over no move is legal.

Positions are written as ZRF-flavoured text (docs/zrf.md): one
``(Player Piece position attribute…)`` group per piece, ``(hand Player Piece n)``
per reserve, then ``(turn i)`` and ``(last from to)``.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from trebuchet.variants.errors import (
    AmbiguousMoveError,
    FenError,
    IllegalMoveError,
    shown,
)
from trebuchet.variants.fen import EnPassant
from trebuchet.variants.game import Filter, GameBase, Outcome
from trebuchet.variants.geometry import Geometry
from trebuchet.variants.move import (
    Action,
    Change,
    Hand,
    Move,
    Place,
    Relocate,
    Remove,
    null_move,
)
from trebuchet.variants.notation import Notation
from trebuchet.variants.pieces import WALL, Piece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.zrf.coordinates import coordinate_moves, lost_promotion
from trebuchet.variants.zrf.errors import ZrfError
from trebuchet.variants.zrf.goals import Goal, named_kinds
from trebuchet.variants.zrf.program import (
    OPPOSITE_PREFIX,
    AttackQuery,
    Capture,
    ChangeOwner,
    ChangeType,
    Compiler,
    Create,
    Emitted,
    Flip,
    Op,
    Run,
    SetAttribute,
    World,
    ZrfState,
    run_ops,
    state_of,
)
from trebuchet.variants.zrf.reach import reach
from trebuchet.variants.zrf.spec import GameSpec, PieceSpec
from trebuchet.variants.zrf.written import PASS, STEP_SEPARATOR, SavedGameText

#: positions whose legal moves a game remembers: replay, notation and the
#: notation's reader ask for the same position's moves several times, and an
#: interpreted game's generation is slow (the key is the whole state they read)
RECENT_POSITIONS = 64

_TOKEN = re.compile(r"\(|\)|[^\s()]+")


class ZrfMoveKind(StrEnum):
    """The tags of Zillions moves (a move with no tag is a one-piece step)."""

    COMPOUND = "zrf"
    """A move of several parts or with position effects."""
    DROP = "drop"
    TURN = "turn"
    """A turn of several steps: ``add-partial`` and its continuations."""



class ZrfMove(Move):
    """A move of a Zillions game: the core's move, plus what the program emitted
    and its text as a saved game writes it.

    A turn of several steps (``add-partial`` and the moves that continue it) is
    one move whose ``steps`` are the step moves, each realized on the board the
    steps before it left; its actions are theirs in order, so that making and
    unmaking the turn is the core's as for any move.
    """

    __slots__ = (
        "_identity",
        "aliases",
        "captured",
        "chained",
        "emitted",
        "removed",
        "steps",
        "text",
    )

    def __init__(
        self,
        frm: int | None,
        to: int,
        actions: tuple[Action, ...],
        *,
        emitted: Emitted,
        text: str,
        tag: StrEnum | None,
        drop: str | None = None,
        steps: tuple[ZrfMove, ...] = (),
        captured: tuple[Piece, ...] = (),
        removed: tuple[Piece, ...] = (),
    ) -> None:
        super().__init__(frm, to, actions, tag=tag, drop=drop)
        self.emitted = emitted
        self.text = text
        self.steps = steps
        #: the pieces the move takes off the board, and the enemy pieces it
        #: changes into others ("maximal captures" counts them)
        self.captured = captured
        #: the pieces the move takes off the board alone (the ``captured`` goal)
        self.removed = removed
        #: the texts of other programs' moves that do the same (one move, counted
        #: once; a saved game may write any of them: TransportChess writes
        #: ``Rook d8 - e8`` where another block adds ``@ e8 0 0``, an attribute
        #: set to what it was)
        self.aliases: tuple[str, ...] = ()
        #: made as one step of a turn still being built: the same player goes on
        self.chained = False
        self._identity: tuple[object, ...] | None = None

    def __repr__(self) -> str:
        return f"ZrfMove({self.text!r})"

    def is_capture(self) -> bool:
        """Whether the move takes a piece off the board, or into a hand kept on the
        board: a game that keeps its hands as positions (Dobutsu Shogi) moves the
        piece off the square the mover lands on to a hand square, and changes it
        there (the taker owns it).  An enemy piece changed where it stands (a
        marker, a mancala pit) is not taken."""
        if super().is_capture():
            return True
        if not self.captured:
            return False
        changed = {a.sq for a in self.actions if type(a) is Change}
        landed: set[int] = set()
        sent: dict[int, int] = {}  # square a piece standing there left -> where it went
        for a in self.actions:
            if type(a) is not Relocate:
                continue
            if a.to in sent and sent[a.to] in changed:
                return True  # the mover lands where the piece it sent to a hand stood
            if a.frm not in landed:
                sent[a.frm] = a.to  # (not a step of a piece already moving)
            landed.add(a.to)
        return False

    @property
    def identity(self) -> tuple[object, ...]:
        """What makes the move one of its own among a position's moves
        (:meth:`ZrfVariant._distinct`): its actions, how the turn goes on, its
        move type and a promotion whose piece is gone by the move's end.  Made
        once per move: the move memo hands the same moves to many positions."""
        found = self._identity
        if found is None:
            emitted = self.emitted
            promoted = lost_promotion(self)
            found = self._identity = (self.actions, emitted.partial, emitted.move_type, promoted)
        return found

    @property
    def turn_steps(self) -> tuple[ZrfMove, ...]:
        """The steps of the turn, each as a saved game writes a line."""
        return self.steps or (self,)

    def chained_copy(self) -> ZrfMove:
        """This step, made so that the turn goes on after it."""
        step = ZrfMove(
            self.frm,
            self.to,
            self.actions,
            emitted=self.emitted,
            text=self.text,
            tag=self.tag,
            drop=self.drop,
            captured=self.captured,
            removed=self.removed,
        )
        step.chained = True
        step.aliases = self.aliases
        return step

    def aliased(self, text: str) -> ZrfMove:
        """This step, ``text`` one more of its aliases."""
        step = self.rewritten([self.text])
        step.aliases = (*self.aliases, text)
        return step

    def rewritten(self, texts: Sequence[str]) -> ZrfMove:
        """The same move with each step's text as ``texts`` give it: a saved game's
        own order of effects that commute (:mod:`.written`), kept so that the
        game is written back as it was read."""
        if not self.steps:
            (text,) = texts
            step = ZrfMove(
                self.frm,
                self.to,
                self.actions,
                emitted=self.emitted,
                text=text,
                tag=self.tag,
                drop=self.drop,
                captured=self.captured,
                removed=self.removed,
            )
            step.chained = self.chained
            return step
        return whole_turn([s.rewritten([t]) for s, t in zip(self.steps, texts, strict=True)])


def distinct_by_actions(moves: Sequence[Move]) -> list[Move]:
    """The first of each set of moves that do the same on the board: texts that differ
    only in how the rules name a move (two programs that take the same pieces in
    another order) name one move."""
    out: list[Move] = []
    for move in moves:
        if all(move.actions != kept.actions for kept in out):
            out.append(move)
    return out


def whole_turn(steps: Sequence[ZrfMove]) -> ZrfMove:
    """One move for a turn of ``steps`` (the step itself for a turn of one)."""
    if len(steps) == 1:
        return steps[0]
    first, last = steps[0], steps[-1]
    return ZrfMove(
        first.frm,
        last.to,
        tuple(action for step in steps for action in step.actions),
        emitted=last.emitted,
        text=STEP_SEPARATOR.join(step.text for step in steps),
        tag=ZrfMoveKind.TURN,
        drop=first.drop,
        steps=tuple(steps),
        captured=tuple(piece for step in steps for piece in step.captured),
        removed=tuple(piece for step in steps for piece in step.removed),
    )


class ZrfPieceType(PieceType):
    """A piece kind of a Zillions game; its moves are its compiled programs."""

    simple = False

    def __init__(self, key: str, spec: PieceSpec, game: ZrfVariant, *, royal: bool) -> None:
        super().__init__(key, spec.name, royal=royal)
        self.spec = spec
        self.game = game
        #: (move type, operations) of each moves block, and of each drops block
        self.moves: list[tuple[str, tuple[Op, ...]]] = []
        self.drops: list[tuple[str, tuple[Op, ...]]] = []
        #: the attributes the piece declares (a saved game numbers them for the
        #: whole game: :func:`~trebuchet.variants.zrf.written.attribute_numbers`)
        self.attribute_names = frozenset(name for name, _ in spec.attributes)
        self.defaults = frozenset(name for name, value in spec.attributes if value)

    def generate(self, pos: Position, sq: int, piece: Piece, out: list[Move]) -> None:
        """Every move of the piece, of any move type, as its owner would make it."""
        assert piece.color is not None
        out.extend(self.game.piece_moves(pos, sq, piece, piece.color, None))


class ZrfNotation:
    """A Zillions game's notation in one word, for PGN: the saved-game text with
    ``_`` for its spaces and ``/`` between the steps of a turn
    (``Za_b2_x_b3_Za_b3_-_g1_=_Green_=_Za_on_g1``,
    ``Checker_c3_-_e5_x_d4/Checker_e5_-_c7_x_d6``).  It names every effect, so
    it tells apart moves that generalised SAN would write alike (which hand
    square a captured piece goes to, which pieces a chain of jumps takes), and a
    game's own piece letters need not be SAN's.  Reading takes it, and the
    saved-game text itself."""

    def __init__(self, variant: ZrfVariant) -> None:
        self.variant = variant

    def write(self, pos: Position, move: Move) -> str:
        if move.is_null():
            return "--"
        text = self.variant.move_text(pos, move)
        word = "/".join("_".join(step.split()) for step in text.split(STEP_SEPARATOR))
        # a step that only changes a piece (Gufuu Shogi's "= EKing on 2c") would
        # start the word with "=", which no PGN reader takes for a move; "_" is a
        # word character to trebuchet's reader (not to the 1994 standard's)
        return word if word[:1].isalnum() else f"_{word}"

    def read(self, pos: Position, text: str) -> Move:
        word = text.strip()
        if word == PASS:
            # a record's pass is a null move, as PGN's "--" is, even where the rules
            # allow none (the saved-game reader says so: docs/zrf.md)
            return null_move()
        if " " not in word and ("_" in word or "/" in word):
            # compared as written first, so that names holding "_" or "/" match
            found = [m for m in self.variant.legal_moves(pos) if self.write(pos, m) == word]
            if len(found) == 1:
                return found[0]
            text = self.variant.written.unjoined(word)
        return self.variant.parse_move(pos, text)


@mypyc_attr(allow_interpreted_subclasses=True)  # each game is a class made at run time
class ZrfVariant(GameBase):
    """One game or variant of a Zillions rules file, played by its own programs.

    Each game is a subclass (made by
    :func:`trebuchet.converters.zrf.to_variant.zrf_variant_class`) whose class
    attributes are the game's :class:`GameSpec` and its pieces' letters.  It is
    the :class:`~trebuchet.variants.zrf.program.Engine` its programs' runs call.
    """

    #: a turn of many steps is one text (Jotunheimr's longest: 957 characters)
    longest_move_text = 16_000

    spec: ClassVar[GameSpec]
    #: ZRF piece name -> its letter in diagrams (empty: the names are used)
    letters: ClassVar[dict[str, str]] = {}

    def __init__(self, options: Iterable[str] = ()) -> None:
        spec = self.spec
        board = spec.board
        self._recent: dict[tuple[Any, ...], list[Move]] = {}
        self._scan_memo: _ScanMemo[bool] = _ScanMemo()
        #: each piece's moves, kept as the check test's answers are
        self._move_memo: _ScanMemo[tuple[ZrfMove, ...]] = _ScanMemo()
        #: (owner, move type) -> per square, piece -> where its moves reach (``_reach``)
        self._reaches: dict[tuple[int, str | None], list[_Reaches]] = {}
        self.kinds = _kind_keys(spec.pieces, self.letters)
        self.kind_order = "".join(self.kinds.values())
        self._world = World(
            source=spec.source,
            positions={name: i for i, name in enumerate(board.names) if name},
            directions=list(board.links),
            players={name: i for i, name in enumerate(spec.players)},
            kinds=self.kinds,
            attributes=frozenset(a for p in spec.pieces for a, _ in p.attributes),
            zones=frozenset(zone for zone, _ in board.zones),
            move_types=frozenset(
                prog.move_type for p in spec.pieces for prog in (*p.moves, *p.drops)
            ),
        )
        self._links = self._player_links()
        self._checkmated = self._royal_conditions()
        options_of = spec.options
        #: "pass partial": a turn of several steps may stop after any step
        self.passes_partial = options_of.get("pass partial", "false") == "true"
        self._pass_turn = options_of.get("pass turn", "false")
        #: "include off-pieces": a player's pieces in reserve count as remaining
        self._off_pieces_count = options_of.get("include off-pieces", "false") == "true"
        self._maximal = options_of.get("maximal captures", "false")
        self._priority = {move_type: i for i, move_type in enumerate(spec.move_priorities)}
        #: per turn-order entry: who moves, the entry after it, and the entry's view
        self._movers = tuple(turn.player for turn in spec.turns)
        self._following = tuple(self._next_index(i) for i in range(len(spec.turns)))
        self._turn_views = tuple(
            _TurnView(turn.player, turn.pieces_of, turn.move_type) for turn in spec.turns
        )
        #: the players a result is about: all but the random players Zillions moves
        #: and a player no turn moves for (Qi Guo's Zhou, the river of an exported
        #: Catapults of Troy), who neither wins nor loses
        turning = {t.player for t in spec.turns} | {t.pieces_of for t in spec.turns}
        #: the players some turn moves for (every player where there is no turn order)
        self._turning = frozenset(turning) if spec.turns else frozenset(range(len(spec.players)))
        self._playing = tuple(
            p
            for p in range(len(spec.players))
            if p not in spec.random_players and (not spec.turns or p in turning)
        )
        super().__init__(options)
        #: (player, kind) of the reserves a captured piece returns to ("recycle captures")
        self._recycled = (
            frozenset((player, self.kinds[name]) for player, name, _ in spec.reserves)
            if options_of.get("recycle captures", "false") == "true"
            else frozenset()
        )

        #: how Zillions writes this game's moves, and which texts name one move
        self.written = SavedGameText(spec, self.geometry.names, self.kinds)
        #: a piece's notation, letter and name, in lower case -> its kind (the first
        #: piece to claim a name keeps it)
        self._kinds_by_name: dict[str, str] = {}
        #: a notation in lower case -> every kind that has it (an exported file's
        #: Bishop is two types by the colour of its square, both noted B)
        self._kinds_by_notation: dict[str, set[str]] = {}
        for piece in spec.pieces:
            for name in (piece.notation, self.kinds[piece.name], piece.name):
                if name:
                    self._kinds_by_name.setdefault(name.lower(), self.kinds[piece.name])
            if piece.notation:
                noted = self._kinds_by_notation.setdefault(piece.notation.lower(), set())
                noted.add(self.kinds[piece.name])
        self._compile()
        self.notation = self.make_notation()

    # -- the board and the pieces ------------------------------------------------
    def player_name(self, player: Player) -> str:
        players = self.spec.players
        return players[player] if 0 <= player < len(players) else super().player_name(player)

    def make_geometry(self) -> Geometry:
        board = self.spec.board
        grid = tuple(board.names[: board.grid_size])
        return Geometry(board.files, board.ranks, names=grid, extra=board.names[board.grid_size :])

    def piece_types(self) -> list[PieceType]:
        """A kind per ``(piece …)``; the kinds of ``(checkmated T)`` are royal."""
        royal = {k for kinds in self._checkmated.values() for k in kinds}
        return [
            ZrfPieceType(self.kinds[p.name], p, self, royal=self.kinds[p.name] in royal)
            for p in self.spec.pieces
        ]

    def make_notation(self) -> Notation:
        return ZrfNotation(self)

    def make_piece(self, kind: str, owner: int, attributes: frozenset[str] | None = None) -> Piece:
        ptype = self.types[kind]
        assert isinstance(ptype, ZrfPieceType)
        return self.piece(kind, owner, (), ptype.defaults if attributes is None else attributes)

    def zrf_type(self, kind: str) -> ZrfPieceType:
        ptype = self.types[kind]
        assert isinstance(ptype, ZrfPieceType)
        return ptype

    def off_board_squares(self) -> frozenset[int]:
        """The file's ``dummy`` positions."""
        return self.spec.board.dummies

    def zones(self, player: int) -> dict[str, frozenset[int]]:
        """The file's zones of ``player``, by name."""
        return {name: squares for (name, owner), squares in self.spec.board.zones.items()
                if owner == player}

    def in_zone(self, zone: str, player: int, sq: int) -> bool:
        return sq in self.spec.board.zones.get((zone, player), frozenset())

    def _player_links(self) -> list[dict[str, tuple[int, ...]]]:
        """Per player, every direction (and its opposite) turned by the player's symmetry."""
        board = self.spec.board
        reverse = {d: _reverse(table) for d, table in board.links.items()}
        out = []
        for player in range(len(self.spec.players)):
            turn = board.symmetry[player] if player < len(board.symmetry) else {}
            mine: dict[str, tuple[int, ...]] = {}
            for d in board.links:
                seen = turn.get(d, d)
                mine[d] = board.links.get(seen, board.links[d])
                mine[OPPOSITE_PREFIX + d] = reverse.get(seen, reverse[d])
            out.append(mine)
        return out

    def _compile(self) -> None:
        compiler = Compiler(self._world)
        self._shapes = compiler.shapes
        #: what the reach walks learnt of the programs' ``if`` forms that never move
        #: (:func:`.reach.reach`), kept with the programs
        self._fixed_branches: dict[int, frozenset[int] | None] = {}
        for spec in self.spec.pieces:
            ptype = self.zrf_type(self.kinds[spec.name])
            ptype.moves = [(p.move_type, compiler.block(p.body)) for p in spec.moves]
            ptype.drops = [(p.move_type, compiler.block(p.body)) for p in spec.drops]
        self._goals = [
            (cond.kind, cond.players, Goal(self, cond.condition)) for cond in self.spec.conditions
        ]
        for option, known in OPTION_VALUES.items():
            value = self.spec.options.get(option, "false")
            if value not in known:
                raise ZrfError(
                    f'option "{option}" {shown(value)} is not supported by trebuchet\'s ZRF '
                    f"engine (it knows {', '.join(sorted(known))})",
                    self.spec.source,
                    self.spec.line,
                )
        #: whether a turn may take several steps (``add-partial``)
        self.partial_turns = bool(compiler.partial_line)
        #: the kinds "maximal captures" 2 counts first, the kings: those a program
        #: promotes pieces into (``(add King)``) and those whose capture loses
        #: (``(captured T)``); in a game with neither, the kinds no setup places
        captured = {
            self.kinds[name]
            for cond in self.spec.conditions
            for name in named_kinds("captured", cond.condition)
            if name in self.kinds
        }
        self._kings = frozenset(compiler.promoted | captured) or (
            frozenset(self.kinds.values()) - {self.kinds[n] for _, n, _ in self.spec.setup}
        )

    def _royal_conditions(self) -> dict[int, frozenset[str]]:
        """player -> the kinds whose capturability makes a move illegal (checkmated).

        A kind that the player also loses by having ``(captured …)`` may be left
        capturable: the capture is then how the game is lost (the Passive Chess
        record, move 15, leaves its General attacked, and the next move takes it).
        """
        out: dict[int, set[str]] = {}
        for kind in ("checkmated", "captured"):
            for cond in self.spec.conditions:
                if cond.kind != "loss":
                    continue
                for name in named_kinds(kind, cond.condition):
                    if name not in self.kinds:
                        raise ZrfError(
                            f"({kind} {name}) names no piece", self.spec.source, cond.line
                        )
                    for player in cond.players:
                        mine = out.setdefault(player, set())
                        if kind == "checkmated":
                            mine.add(self.kinds[name])
                        else:
                            mine.discard(self.kinds[name])
        return {p: frozenset(k) for p, k in out.items() if k}

    def _blank(self, pos: Position) -> None:
        """Mark the grid cells that are not there (killed positions) as missing."""
        for sq, name in enumerate(self.geometry.names[: self.geometry.grid_size]):
            if not name:
                pos.board[sq] = WALL

    def _setup_position(self) -> Position:
        pos = Position(self)
        self._blank(pos)
        for player, name, sq in self.spec.setup:
            pos.board[sq] = self.make_piece(self.kinds[name], player)
        for player, name, count in self.spec.reserves:
            key = (player, self.kinds[name])
            pos.hands[key] = pos.hands.get(key, 0) + count
        self._find_royals(pos)
        self._start_turn(pos, 0)
        return pos

    # -- turns ----------------------------------------------------------------------
    def _start_turn(self, pos: Position, index: int, last: tuple[int, int] = (-1, -1)) -> None:
        pos.turn = self._movers[index] if self._movers else 0
        pos.rules_state = ZrfState(index, last[0], last[1])

    def turn_index(self, pos: Position) -> int:
        return state_of(pos).turn

    def _next_index(self, index: int) -> int:
        turns = self.spec.turns
        nxt = index + 1
        return nxt if nxt < len(turns) else min(self.spec.repeat, len(turns) - 1)

    def after_move(self, pos: Position, move: Move, captured: bool) -> None:
        """The next turn-order entry moves, and ``last-from?``/``last-to?`` name the
        first part of the move's last step; after a step of a turn still being
        built the same entry goes on."""
        last = (-1, -1)
        now = self.turn_index(pos)
        if isinstance(move, ZrfMove):
            parts = move.turn_steps[-1].emitted.parts
            if parts:
                first = parts[0]
                last = (first.frm if first.frm is not None else -1, first.to)
            if move.chained:
                self._start_turn(pos, now, last)
                return
        index = self._following[now] if self._following else 0
        if index <= now:
            pos.fullmove += 1
        pos.halfmove = 0 if captured else pos.halfmove + 1
        self._start_turn(pos, index, last)

    # -- generation -----------------------------------------------------------------
    def pseudo_legal_moves(
        self,
        pos: Position,
        color: Player | None = None,
        *,
        to: int | None = None,
        kinds: Iterable[str] | None = None,
        origins: Callable[[int], bool] | None = None,
    ) -> list[Move]:
        """The moves of the turn: the pieces the turn-order entry moves, their move
        blocks of the entry's move type, and drops from the reserve."""
        turn = self._turn(pos)
        player = pos.turn if color is None else color
        owner = turn.pieces_of if color is None else color
        moves = self.turn_moves(pos, player, owner, turn.move_type)
        if to is None and kinds is None and origins is None:
            return moves
        wanted = frozenset(kinds) if kinds is not None else None
        return self.kept(pos, moves, to, wanted, origins)

    def turn_after(self, pos: Position) -> _TurnView | None:
        """The turn-order entry that moves after any one-step move from ``pos`` (the
        one :meth:`after_move` starts), None where there is no turn order."""
        if not self._turn_views:
            return None
        return self._turn_views[self._following[self.turn_index(pos)]]

    def _turn(self, pos: Position) -> _TurnView:
        views = self._turn_views
        if not views:
            return _TurnView(pos.turn, pos.turn, None)
        return views[self.turn_index(pos) % len(views)]

    def turn_moves(
        self,
        pos: Position,
        player: int,
        owner: int,
        move_type: str | None,
        *,
        ranked: bool = True,
    ) -> list[Move]:
        """The whole turns ``player`` may play with ``owner``'s pieces: first steps
        (of the highest ``move-priorities`` class that has one), each partial step
        followed by every way its piece can go on; under ``"maximal captures"``
        only the turns that capture the most.  ``ranked=False`` keeps the turns
        those two rules would refuse (the tests' mutants are made of them)."""
        steps = self._first_steps(pos, player, owner, move_type)
        if ranked:
            steps = list(self._by_priority(steps))
        # only add-partial makes a partial step, and it marks the game partial_turns
        if not self.partial_turns or all(step.emitted.partial is None for step in steps):
            return self._most_captures(list(steps)) if ranked else list(steps)
        turns: list[Move] = [step for step in steps if step.emitted.partial is None]
        search = _TurnSearch(self, pos, player, owner)
        for step in steps:
            if step.emitted.partial is not None:
                search.turns_from(step)
        turns.extend(search.turns)
        return self._most_captures(turns) if ranked else turns

    def _first_steps(
        self, pos: Position, player: int, owner: int, move_type: str | None
    ) -> list[ZrfMove]:
        """The moves of ``owner``'s pieces on the board and drops from its reserve."""
        emitted: list[Emitted] = []
        run = Run(self, pos, self._links[owner], player, owner, "", emitted)
        board = pos.board
        last = state_of(pos)
        moves: list[ZrfMove] = []
        for sq, piece in enumerate(board):
            if piece is None or piece.color != owner:
                continue
            moves.extend(self._moves_from(run, move_type, sq, piece, last))
        run.out = emitted
        for (holder, kind), count in sorted(pos.hands.items()):
            if holder != owner or count <= 0:
                continue
            piece = self.make_piece(kind, owner)
            for sq in range(len(board)):
                self._run_blocks(run, move_type, sq, piece, True)
        moves.extend(self._realized(pos, emitted, owner))
        return self._distinct(moves)

    def _moves_from(
        self, run: Run, move_type: str | None, sq: int, piece: Piece, last: ZrfState
    ) -> tuple[ZrfMove, ...]:
        """The moves of the piece on ``sq``, made into moves (not yet one of each).

        They depend on nothing but the squares the programs and the moves read, the
        piece, its square, who moves and the last move: so they are kept with what
        stood on those squares (:class:`_ScanMemo`), and a position that differs
        from an earlier one elsewhere gets the same moves without running a
        program.  A run that asked the game an attack test (``attacked?``) is kept
        with the tests and their answers too, recalled only where each answers as
        it did (the answers are scanned once per position: :meth:`answer`).
        """
        board, memo = run.board, self._move_memo
        key = (run.player, run.owner, move_type, sq, piece)
        known = memo.recall(key, last, board, lambda query: self.answer(run, query))
        if known is not None:
            return known
        out: list[Emitted] = []
        run.out = out
        run.asked = []
        read = self._run_logged(run, move_type, sq, piece, memo.logs(key))
        moves = tuple(self._realized(run.pos, out, run.owner))
        if read is not None:
            # making a move reads where its parts go from and to, and its effects' squares
            for em in out:
                read.extend(part.to for part in em.parts)
                read.extend(part.frm for part in em.parts if part.frm is not None)
                read.extend(effect.sq for effect in em.effects)
            memo.keep(
                key, last if run.read_last else None, read, board, moves, 1 + len(moves),
                tuple(run.asked),
            )
        return moves

    def continuations(
        self, pos: Position, step: ZrfMove, player: int, owner: int
    ) -> Sequence[ZrfMove]:
        """The steps that may follow the partial ``step`` (made on ``pos``): the piece
        it moved goes on from where it stands, with moves of the step's
        continuation type (any type, for none), the highest priority first."""
        sq = state_of(pos).last_to
        piece = pos.board[sq] if sq >= 0 else None
        if piece is None or piece is WALL or piece.color != owner:
            return ()
        moves = self.piece_moves(pos, sq, piece, owner, step.emitted.partial or None, player)
        return self._by_priority(moves)

    def follow(self, pos: Position, texts: Sequence[str]) -> tuple[ZrfMove, bool] | None:
        """The turn a saved game writes a step a line in ``texts``, where it may be
        another way to a turn the legal moves count once (:class:`_TurnSearch`).

        Its first step is one of the turn's first steps, each next one a step the
        piece may go on with, on as long as the next text is one; it is legal as
        the listed turns are: it ends where the piece cannot go on (or anywhere,
        under ``"pass partial"``), comes back to no state it has been in, leaves
        no ``checkmated`` piece capturable and, under ``"maximal captures"``,
        takes as many as the listed turns.  Returned with whether it stopped
        where its piece could have gone on (Zillions then writes a Pass line);
        None if the texts write no such turn.
        """
        legal = self.legal_moves(pos)
        if not texts or not legal:
            return None
        best = max(self._capture_score(m) for m in legal) if self._maximal != "false" else ()
        turn = self._turn(pos)
        firsts = self._by_priority(
            self._first_steps(pos, turn.player, turn.pieces_of, turn.move_type)
        )
        for first in firsts:
            if not self.written.writes(first, texts[0]):
                continue
            steps, stopped = self._followed(pos, first, texts, turn)
            if not steps or (stopped and not self.passes_partial):
                continue
            move = whole_turn(steps)
            if self._capture_score(move) >= best and self.filter_legal(pos, [move]):
                return move, stopped
        return None

    def _followed(
        self, pos: Position, first: ZrfMove, texts: Sequence[str], turn: _TurnView
    ) -> tuple[list[ZrfMove], bool]:
        """The steps from ``first`` on that ``texts`` write, one after another, and
        whether the piece could have gone on after the last; no steps if they come
        back to a state the turn has been in."""
        steps = [first]
        path = {_turn_state(pos, -1 if first.frm is None else first.frm)}
        pushed = 0
        try:
            while True:
                pos.push(steps[-1].chained_copy())
                pushed += 1
                here = _turn_state(pos)
                if here in path:
                    return [], False
                path.add(here)
                if steps[-1].emitted.partial is None:
                    return steps, False
                going_on = self.continuations(pos, steps[-1], turn.player, turn.pieces_of)
                text = texts[len(steps)] if len(steps) < len(texts) else None
                nxt = next(
                    (m for m in going_on if text and self.written.writes(m, text)), None
                )
                if nxt is None:
                    return steps, any(self._leads_on(pos, m, path) for m in going_on)
                steps.append(nxt)
        finally:
            for _ in range(pushed):
                pos.pop()

    def _leads_on(self, pos: Position, step: ZrfMove, path: set[tuple[Any, ...]]) -> bool:
        """Whether ``step`` leads to a state not on the turn's ``path``."""
        pos.push(step.chained_copy())
        try:
            return _turn_state(pos) not in path
        finally:
            pos.pop()

    def _by_priority(self, moves: Sequence[ZrfMove]) -> Sequence[ZrfMove]:
        """``move-priorities``: only the moves of the first listed type that has any.
        Types the list leaves out come after every listed one (docs/zrf.md)."""
        if not self._priority or len(moves) < 2:
            return moves
        last = len(self._priority)
        rank = [self._priority.get(m.emitted.move_type, last) for m in moves]
        best = min(rank)
        return [m for m, r in zip(moves, rank, strict=True) if r == best]

    def _most_captures(self, moves: list[Move]) -> list[Move]:
        """``"maximal captures"``: only the turns that capture the most pieces, those
        removed and the enemy pieces changed into others (``2``: the most kings —
        kinds no setup places — first, then the most pieces)."""
        if self._maximal == "false" or len(moves) < 2:
            return moves
        scores = [self._capture_score(move) for move in moves]
        best = max(scores)
        return [m for m, s in zip(moves, scores, strict=True) if s == best]

    def _capture_score(self, move: Move) -> tuple[int, ...]:
        """What ``"maximal captures"`` compares: (kings, pieces) under ``2``, else
        (pieces,)."""
        taken = [p.kind for p in move.captured] if isinstance(move, ZrfMove) else []
        kings = sum(kind in self._kings for kind in taken)
        return (kings, len(taken)) if self._maximal == "2" else (len(taken),)

    def piece_moves(
        self,
        pos: Position,
        sq: int,
        piece: Piece,
        owner: int,
        move_type: str | None,
        player: int | None = None,
    ) -> list[ZrfMove]:
        """The moves of one piece standing on ``sq`` (``player``: who makes them, by
        default its owner)."""
        emitted: list[Emitted] = []
        mover = owner if player is None else player
        run = Run(self, pos, self._links[owner], mover, owner, "", emitted)
        self._run_blocks(run, move_type, sq, piece, False)
        return self._distinct(self._realized(pos, emitted, owner))

    def _run_blocks(
        self, run: Run, move_type: str | None, sq: int, piece: Piece, dropping: bool
    ) -> None:
        """Run the blocks of ``piece`` (of ``move_type``, or all) from ``sq``; a scan
        stops at the first hit."""
        ptype = self.zrf_type(piece.kind)
        for block_type, ops in ptype.drops if dropping else ptype.moves:
            if move_type is not None and block_type != move_type:
                continue
            run.start(sq, piece, dropping, block_type)
            run_ops(ops, run)
            if run.hit:
                return

    def _realized(
        self, pos: Position, emitted: Sequence[Emitted], owner: int
    ) -> Iterator[ZrfMove]:
        """The moves ``emitted`` describe, but those that do nothing."""
        for em in emitted:
            if em.parts or em.effects:
                yield self.realize(pos, em, owner)

    @staticmethod
    def _distinct(moves: Iterable[ZrfMove]) -> list[ZrfMove]:
        """One move for each that does something of its own: moves alike in what
        they do to the board (and in how the turn goes on) are one, the first,
        whatever their texts (the others' texts are its aliases); ``add`` and
        ``add-copy`` to one square are two, and so are promotions to two kinds
        whose piece is gone by the move's end (:func:`.coordinates.lost_promotion`)."""
        found = list(moves)
        if len({move.identity for move in found}) == len(found):
            return found  # no two alike (as in most positions): nothing to merge
        kept: dict[tuple[object, ...], ZrfMove] = {}
        for move in found:
            key = move.identity
            same = kept.get(key)
            if same is None:
                kept[key] = move
            elif move.text != same.text and move.text not in same.aliases:
                # a copy: the move may be kept for other positions (_moves_from)
                kept[key] = same.aliased(move.text)
        return list(kept.values())

    # -- emitted programs to moves ------------------------------------------------
    def realize(self, pos: Position, em: Emitted, owner: int) -> ZrfMove:
        """The move ``em`` describes, as actions on ``pos``'s board, with its text."""
        board = pos.board
        first = em.parts[0] if em.parts else None
        frm = first.frm if first is not None else None
        to = first.to if first is not None else (em.effects[0].sq if em.effects else 0)
        drop = first.piece.kind if first is not None and first.frm is None else None
        simple = (
            len(em.parts) == 1
            and not em.effects
            and first is not None
            and frm is not None
            and first.piece is board[frm]
        )
        if simple and not em.copy:
            # one piece goes, as it is, to another square: what _actions would find
            assert frm is not None
            actions, captured = self._step_actions(board, frm, to)
            removed = captured
        else:
            final = self._after(board, em)
            actions, captured, removed = self._actions(board, em, final, owner)
        if drop is not None:
            tag: StrEnum | None = ZrfMoveKind.DROP
        else:
            tag = None if simple else ZrfMoveKind.COMPOUND
        text = self.written.step(board, em, owner)
        return ZrfMove(
            frm,
            to,
            actions,
            emitted=em,
            text=text,
            tag=tag,
            drop=drop,
            captured=captured,
            removed=removed,
        )

    def _step_actions(
        self, board: list[Piece | None], frm: int, to: int
    ) -> tuple[tuple[Action, ...], tuple[Piece, ...]]:
        """The actions of a piece's step from ``frm`` to ``to`` (taking what stands
        there), and the pieces it takes."""
        victim = board[to]
        if victim is None:
            return (Relocate(frm, to),), ()
        return (*self._removal(to, victim), Relocate(frm, to)), self._taken(victim)

    def _removal(self, sq: int, piece: Piece) -> tuple[Action, ...]:
        """Take ``piece`` off ``sq``; under ``"recycle captures"`` it goes back to its
        owner's reserve, if that player has a reserve of its type."""
        if piece is not WALL and (piece.color, piece.kind) in self._recycled:
            assert piece.color is not None
            return Remove(sq), Hand(piece.color, piece.kind, 1)
        return (Remove(sq),)

    @staticmethod
    def _taken(piece: Piece) -> tuple[Piece, ...]:
        """``piece``, removed, as a piece taken: a player's, not a wall or a neutral."""
        return (piece,) if piece is not WALL and piece.color is not None else ()

    def _after(self, board: list[Piece | None], em: Emitted) -> dict[int, Piece | None]:
        """The squares the move changes and what stands on them afterwards."""
        new: dict[int, Piece | None] = {}
        landed: set[int] = set()
        for part in em.parts:
            if part.frm is not None and part.frm not in landed and not em.copy:
                new[part.frm] = None
            new[part.to] = part.piece
            landed.add(part.to)
        for effect in em.effects:
            sq = effect.sq
            here = new[sq] if sq in new else board[sq]
            match effect:
                case Capture():
                    new[sq] = None
                case Create(piece=made):
                    new[sq] = made
                case _ if here is None or here is WALL or here.color is None:
                    continue
                case ChangeType(kind=kind):
                    new[sq] = self.make_piece(kind, here.color)
                case ChangeOwner(player=player):
                    new[sq] = self.piece(here.kind, player, (), here.attributes)
                case Flip():
                    turned = self.next_player(here.color)
                    new[sq] = self.piece(here.kind, turned, (), here.attributes)
                case SetAttribute(name=name, value=value):
                    attrs = here.attributes | {name} if value else here.attributes - {name}
                    new[sq] = self.piece(here.kind, here.color, (), frozenset(attrs))
        return new

    def _actions(
        self,
        board: list[Piece | None],
        em: Emitted,
        final: dict[int, Piece | None],
        owner: int,
    ) -> tuple[tuple[Action, ...], tuple[Piece, ...], tuple[Piece, ...]]:
        """Actions that turn ``board`` into the final squares, the pieces they take
        (off the board, or enemy pieces changed into others), and those they take
        off the board: pieces that move are
        relocated (captures removed first), then the remaining differences are
        changes, placements and removals; drops take from the reserve, and under
        ``"recycle captures"`` a captured piece goes back to its owner's."""
        now: dict[int, Piece | None] = {}
        captured: list[Piece] = []
        removed: list[Piece] = []

        def at(sq: int) -> Piece | None:
            return now[sq] if sq in now else board[sq]

        def remove(sq: int) -> None:
            piece = at(sq)
            if piece is None:
                actions.append(Remove(sq))
                return
            actions.extend(self._removal(sq, piece))
            captured.extend(self._taken(piece))
            removed.extend(self._taken(piece))

        actions: list[Action] = []
        pending = [
            (p.frm, p.to)
            for p in em.parts
            if p.frm is not None and p.frm != p.to and not em.copy and board[p.frm] is not None
        ]
        while pending:
            ready = next(
                (r for r in pending if at(r[1]) is None or r[1] not in {f for f, _ in pending}),
                None,
            )
            if ready is None:
                break  # a cycle of moving pieces: the changes below do it
            pending.remove(ready)
            frm, to = ready
            if at(frm) is None:
                continue
            if at(to) is not None:
                remove(to)
            actions.append(Relocate(frm, to))
            now[to] = at(frm)
            now[frm] = None
        for part in em.parts:
            if part.frm is None and at(part.to) is not None:
                # a drop onto a piece captures it (Sahkku's dice land on dice)
                remove(part.to)
                now[part.to] = None
        for sq in sorted(set(final) | set(now)):
            want = final.get(sq, board[sq]) if sq in final else board[sq]
            have = at(sq)
            if want is have:
                continue
            if want is None:
                remove(sq)
            elif have is None:
                actions.append(Place(sq, want))
            else:
                actions.append(Change(sq, want))
                if (
                    have is not WALL
                    and have.color is not None
                    and have.color != owner
                    and (have.kind, have.color) != (want.kind, want.color)
                    and have not in final.values()  # a piece that only moved (a swap)
                ):
                    # an enemy piece changed into another counts as captured for
                    # "maximal captures" (Northern Kings demotes the kings it
                    # jumps to marked Checkers)
                    captured.append(have)
        for part in em.parts:
            if part.frm is None:
                dropped = (owner, part.piece.kind)
                taken = any(type(e) is Capture and e.sq == part.to for e in em.effects)
                if taken and final.get(part.to, part.piece) is None and dropped in self._recycled:
                    # dropped and captured in one step, the piece goes back to
                    # its reserve: Bolotoudou's Lock marks the capture it makes
                    continue
                actions.append(Hand(owner, part.piece.kind, -1))
        return tuple(actions), tuple(captured), tuple(removed)

    # -- legality -----------------------------------------------------------------------
    def legal_moves(
        self,
        pos: Position,
        *,
        to: int | None = None,
        kinds: Iterable[str] | None = None,
        origins: Callable[[int], bool] | None = None,
        keep: Filter | None = None,
    ) -> list[Move]:
        """The moves the rules allow (:meth:`rule_moves`), none once the game is
        over (a goal holds, or the player to move cannot move): Zillions ends the
        game there, as every saved game of the corpus shows."""
        moves = self.rule_moves(pos)
        if self.outcome(pos) is not None:
            return []
        if to is None and kinds is None and origins is None and keep is None:
            return list(moves)
        wanted = frozenset(kinds) if kinds is not None else None
        found = self.kept(pos, list(moves), to, wanted, origins)
        return found if keep is None else [m for m in found if keep(m)]

    def rule_moves(self, pos: Position) -> list[Move]:
        """The turns the player to move may play, ignoring whether a goal has ended
        the game: the programs' moves that leave no ``checkmated`` piece capturable,
        and a pass where ``"pass turn"`` allows one (``true``: always; ``forced``:
        when there is no other move), if passing leaves no such piece capturable
        either.  A player who cannot move under ``false`` does not pass: the game
        is over (docs/zrf.md, "A player with no move").

        Remembered for the last positions (replay, notation and the notation's
        reader ask for one position's moves several times); the caller must not
        change the list.
        """
        key = pos.key()
        known = self._recent.get(key)
        if known is None:
            known = self.filter_legal(pos, self.pseudo_legal_moves(pos))
            passing = self._pass_turn
            if (passing == "true" or (passing == "forced" and not known)) and not self.in_check(
                pos
            ):
                known.append(null_move())
            if len(self._recent) >= RECENT_POSITIONS:
                self._recent.clear()
            self._recent[key] = known
        return known

    def filter_legal(self, pos: Position, moves: list[Move]) -> list[Move]:
        """Zillions' check: with ``(checkmated T)`` for the mover, a move after which
        the next player could capture one of the mover's T is illegal."""
        royal = self._checkmated.get(pos.turn)
        if not royal:
            return moves
        if self.partial_turns:
            return [m for m in moves if not self._exposes(pos, m, pos.turn, royal)]
        checks = _ChecksFromOnePosition(self, pos, royal)
        return [m for m in moves if not checks.exposes(m)]

    def _exposes(self, pos: Position, move: Move, mover: int, royal: frozenset[str]) -> bool:
        pos.push(move)
        try:
            return self.threatens(pos, mover, royal)
        finally:
            pos.pop()

    def threatens(self, pos: Position, victim: int, royal: frozenset[str]) -> bool:
        """Whether the player to move in ``pos`` could capture a piece of ``victim``'s
        of the ``royal`` kinds with one of its moves (its own check not considered)."""
        targets = self.royal_squares(pos, victim, royal)
        if not targets:
            return False
        turn = self._turn(pos)
        return self._scan(pos, turn, targets)

    @staticmethod
    def royal_squares(pos: Position, player: int, royal: frozenset[str]) -> frozenset[int]:
        """The squares of ``player``'s pieces of the ``royal`` kinds: of the royal
        squares the position keeps, as every ``checkmated`` kind is royal
        (:meth:`piece_types`)."""
        board = pos.board
        return frozenset(sq for sq in pos.royals[player] if (p := board[sq]) and p.kind in royal)

    def _scan(
        self, pos: Position, turn: _TurnView, targets: frozenset[int], skip: int = -1
    ) -> bool:
        """Whether some turn of ``turn``'s (of its owner's pieces, other than the one
        on ``skip``) would remove a piece standing on ``targets``: a move that does, or, in a
        game of several steps, a turn that goes on from a partial step to one.

        A piece whose moves reach no target on any board is passed by (:meth:`_reach`),
        and a piece's answer is kept with the squares it read, while the rest of
        what it reads (the turn, the last move) is the same (:class:`_ScanMemo`).
        """
        if self.partial_turns:
            return self._scan_turns(pos, turn, targets, skip)
        hitters = self.hitters(pos.board, turn.pieces_of, turn.move_type, targets, skip)
        return self.hit_by(pos, turn, targets, hitters)

    def hitters(
        self,
        board: list[Piece | None],
        owner: int,
        move_type: str | None,
        targets: frozenset[int],
        skip: int = -1,
    ) -> list[int]:
        """The squares of ``board`` (but ``skip``) that hold a piece of ``owner``'s
        whose moves could reach a target on some board (:meth:`_reach`)."""
        squares = self.squares_of(board, owner)
        if skip >= 0 and skip in squares:
            squares.remove(skip)
        return _reaching(board, squares, self._reaches_of(owner, move_type), targets)

    @staticmethod
    def squares_of(board: list[Piece | None], owner: int) -> list[int]:
        """The squares of ``board`` that hold a piece of ``owner``'s."""
        return [sq for sq, piece in enumerate(board) if piece is not None and piece.color == owner]

    def hit_by(
        self, pos: Position, turn: _TurnView, targets: frozenset[int], squares: Sequence[int]
    ) -> bool:
        """Whether a move of the piece on one of ``squares``, made in ``turn``, would
        remove a piece on ``targets``, in a game of one-step turns."""
        if not squares:
            return False
        board, memo = pos.board, self._scan_memo
        player, owner, move_type = turn.player, turn.pieces_of, turn.move_type
        run = Run(self, pos, self._links[owner], player, owner, "", [], targets=targets)
        context = (player, owner, move_type, targets)
        last = state_of(pos)
        for sq in squares:
            piece = board[sq]
            assert piece is not None
            key = (context, sq, piece)
            known = memo.recall(key, last, board)
            if known is None:
                read = self._run_logged(run, move_type, sq, piece, memo.logs(key))
                if read is not None:
                    last_read = last if run.read_last else None
                    memo.keep(key, last_read, read, board, run.hit, surveys=not run.hit)
                known = run.hit
            if known:
                return True
        return False

    def _scan_turns(
        self, pos: Position, turn: _TurnView, targets: frozenset[int], skip: int
    ) -> bool:
        """:meth:`_scan` in a game of several steps: every piece's first steps are
        run, and the turns that go on from those that hit nothing are searched."""
        player, owner, move_type = turn.player, turn.pieces_of, turn.move_type
        continued: list[Emitted] = []
        run = Run(
            self, pos, self._links[owner], player, owner, "", [], targets=targets,
            continued=continued,
        )
        for sq, piece in enumerate(pos.board):
            if piece is None or piece.color != owner or sq == skip:
                continue
            self._run_blocks(run, move_type, sq, piece, False)
            if run.hit:
                return True
        path: set[tuple[Any, ...]] = set()
        return any(
            self._goes_on_to(pos, self.realize(pos, em, owner), player, owner, targets, path)
            for em in continued
        )

    def _reaches_of(self, owner: int, move_type: str | None) -> list[_Reaches]:
        """Per square, piece -> where its moves reach (:meth:`_reach`), found as the
        pieces are met."""
        found = self._reaches.get((owner, move_type))
        if found is None:
            found = self._reaches[owner, move_type] = [
                _Reaches(self, owner, move_type, sq) for sq in range(len(self.positions()))
            ]
        return found

    def _reach(
        self, owner: int, move_type: str | None, kind: str, sq: int
    ) -> frozenset[int] | None:
        """The squares a move of ``owner``'s ``kind`` from ``sq`` could remove a
        piece on, on any board (:func:`.reach.reach`; None: anywhere).  A turn of
        several steps goes on from where its steps land, so its first steps
        bound nothing: the check test of such a game does not ask (:meth:`_scan_turns`)."""
        blocks = [
            ops
            for block_type, ops in self.zrf_type(kind).moves
            if move_type is None or block_type == move_type
        ]
        return reach(blocks, sq, self._links[owner], self._shapes, self._fixed_branches)

    def _run_logged(
        self, run: Run, move_type: str | None, sq: int, piece: Piece, logging: bool
    ) -> list[int] | None:
        """Run the piece's blocks, reading the board through a log when ``logging``:
        the squares read (``run.read_last`` says whether the last move was read
        too), or None where not logged; ``run.asked`` holds the attack tests it asked."""
        if not logging:
            self._run_blocks(run, move_type, sq, piece, False)
            return None
        board = run.board
        log = _ReadLog(board)
        run.board = log
        run.read_last = False
        run.asked = []
        try:
            self._run_blocks(run, move_type, sq, piece, False)
        finally:
            run.board = board
        return log.read

    def _goes_on_to(
        self,
        pos: Position,
        step: ZrfMove,
        player: int,
        owner: int,
        targets: frozenset[int],
        path: set[tuple[Any, ...]],
    ) -> bool:
        """Whether the turn, going on after the partial ``step``, could remove a piece
        on ``targets`` (the states searched are kept in ``path``: a state reached
        once is not searched again, and ``MAX_TURN_NODES`` bounds the search)."""
        pos.push(step.chained_copy())
        try:
            here = _turn_state(pos)
            if here in path:
                return False
            path.add(here)
            if len(path) > MAX_TURN_NODES:
                raise ZrfError(
                    f"a check test that branches into more than {MAX_TURN_NODES:,} steps: "
                    "too many to search",
                    self.spec.source,
                )
            sq = state_of(pos).last_to
            piece = pos.board[sq] if sq >= 0 else None
            if piece is None or piece is WALL or piece.color != owner:
                return False
            continued: list[Emitted] = []
            run = Run(
                self, pos, self._links[owner], player, owner, "", [], targets=targets,
                continued=continued,
            )
            self._run_blocks(run, step.emitted.partial or None, sq, piece, False)
            if run.hit:
                return True
            return any(
                self._goes_on_to(pos, self.realize(pos, em, owner), player, owner, targets, path)
                for em in continued
            )
        finally:
            pos.pop()

    def attacked(self, run: Run, sq: int, move_type: str | None, by_enemy: bool) -> bool:
        """``attacked?``: whether an opponent could capture a piece of the mover's on
        ``sq``; ``defended?``: whether the mover could capture an enemy piece there;
        on the board before the move.

        The square is judged as holding such a piece: the piece there if it is one
        (a friend for ``attacked?``, an enemy for ``defended?``), else a stand-in of
        the moving piece's kind and the side that would be taken.  So a square
        holding an enemy piece is attacked when that piece is protected: Chu
        Shogi's Lion may take a Lion only where ``not-attacked?``, Dobutsu's Lion
        may capture into the last row only there (docs/zrf.md).

        The question and its answer are noted in ``run.asked``: a piece's moves are
        kept with them and recalled where they answer alike (:meth:`_moves_from`).
        """
        if run.attack_scan:
            return False  # attack tests inside attack tests: cut off (castling never captures)
        original = run.board[sq]  # read through the run's board: a square it depends on
        victim = run.owner if by_enemy else self._opponent(run.owner)
        if original is not None and original is not WALL and original.color == victim:
            stand_in = original
        elif run.piece is None or original is WALL:
            return False
        else:
            stand_in = self.piece(run.piece.kind, victim, (), run.piece.attributes)
        query = (sq, move_type, by_enemy, stand_in)
        answer = self.answer(run, query)
        run.asked.append((query, answer))
        return answer

    def answer(self, run: Run, query: AttackQuery) -> bool:
        """The answer to an attack test on the run's position, scanned once per run
        (every block of an exported three-check asks it of its own King's square)."""
        known = run.attacks.get(query)
        if known is not None:
            return known
        sq, move_type, by_enemy, stand_in = query
        opponent = self._opponent(run.owner)
        attacker = opponent if by_enemy else run.owner
        pos = run.pos
        board = pos.board
        original = board[sq]
        board[sq] = stand_in
        try:
            turn = _TurnView(attacker, attacker, move_type)
            known = run.attacks[query] = self._scan(pos, turn, frozenset({sq}), skip=sq)
        finally:
            board[sq] = original
        return known

    def _opponent(self, player: int) -> int:
        """The player after ``player`` who moves in some turn: a player no turn moves
        for (the river of an exported Catapults of Troy, the halfmove clock of an
        exported chess) attacks and defends nothing."""
        after = self.next_player(player)
        while after not in self._turning and after != player:
            after = self.next_player(after)
        return after

    def in_check(self, pos: Position, color: Player | None = None) -> bool:
        """Whether a piece of a ``checkmated`` kind of the player to move (or of
        ``color``) is capturable by the next player (the player after it in the
        turn order)."""
        us = pos.turn if color is None else color
        royal = self._checkmated.get(us)
        return royal is not None and self.threatened(pos, us, royal)

    def threatened(self, pos: Position, victim: int, kinds: frozenset[str]) -> bool:
        """Whether the player who moves after the player to move could capture a
        piece of ``victim``'s of ``kinds`` with one of its moves, were it its
        turn now (the position as it stands: a pass)."""
        index = self._next_index(self.turn_index(pos))
        saved = pos.turn, pos.rules_state
        pos.turn = self.spec.turns[index].player if self.spec.turns else self.next_player(pos.turn)
        pos.rules_state = state_of(pos)._replace(turn=index)
        try:
            return self.threatens(pos, victim, kinds)
        finally:
            pos.turn, pos.rules_state = saved

    # -- how the game ends ----------------------------------------------------------------
    def outcome(self, pos: Position, *, claim_draw: bool = False) -> Outcome | None:
        """How the game ended in ``pos``, or None while it goes on.

        The goals are read after every move, as Zillions reads them: each player's
        in turn, the player to move first, each in the file's order, and the first
        that holds ends the game.  ``stalemated`` and ``checkmated`` hold for the
        player to move when it has no legal move (checkmated when a piece of the
        kinds it names could be captured, stalemated when none could); a player
        who cannot move where no goal says what that means draws, Zillions'
        default (docs/zrf.md, "A player with no move").
        """
        stuck = not self.rule_moves(pos)
        order = [pos.turn, *(p for p in self.player_range if p != pos.turn)]
        for player in order:
            for kind, players, goal in self._goals:
                if player in players and goal.holds(pos, player, stuck):
                    return self._result(pos, kind, player, goal.name)
        if stuck:
            return Outcome("stalemate", None, players=len(self._playing))
        return None

    def _result(self, pos: Position, kind: str, player: int, name: str) -> Outcome:
        """The outcome of a goal of ``kind`` that holds for ``player``.

        A result names a winner where two players play: the random players
        Zillions moves for the game (Duke's ?R deals its tiles) do not count.  A
        ``count-condition`` ends the game with a win for the player with the
        most pieces.
        """
        playing = self._playing
        if kind == "draw":
            return Outcome(name, None, players=len(playing))
        if kind == "count":
            return self._counted(pos, name)
        if kind == "win":
            return Outcome(name, player, players=len(playing))
        others = [p for p in playing if p != player]
        if len(playing) == 2 and len(others) == 1:
            return Outcome(name, others[0], players=2)
        return Outcome(name, None, loser=player, players=len(playing))

    def _counted(self, pos: Position, name: str) -> Outcome:
        """``count-condition``: the player with the most pieces wins; a tie draws."""
        counts = {p: self.pieces_remaining(pos, p, frozenset()) for p in self._playing}
        most = max(counts.values(), default=0)
        leaders = [p for p, n in counts.items() if n == most]
        winner = leaders[0] if len(leaders) == 1 else None
        return Outcome(name, winner, players=len(self._playing))

    def pieces_remaining(
        self, pos: Position, player: int | None, kinds: frozenset[str], *, beyond: int = -1
    ) -> int:
        """How many pieces ``player`` has (every player's, for None) of ``kinds`` (all,
        when empty): those on the board, and under ``"include off-pieces"`` those in
        reserve.  With ``beyond`` >= 0 the count may stop once it passes that many (a
        goal asking for exactly N pieces need not count the rest)."""
        total = 0
        for _, p in pos.pieces(player):
            if not kinds or p.kind in kinds:
                total += 1
                if total == beyond + 1:
                    return total
        if self._off_pieces_count:
            total += sum(
                n
                for (owner, kind), n in pos.hands.items()
                if (player is None or owner == player) and (not kinds or kind in kinds)
            )
        return total

    def repetition_key(self, pos: Position) -> tuple[Any, ...]:
        """What the ``repetition`` goal compares: the pieces, the reserves and the
        place in the turn order, not the last move's squares (the start position
        recurs although no move led to it)."""
        hands = tuple(sorted((c, k, n) for (c, k), n in pos.hands.items() if n))
        return tuple(pos.board), hands, self.turn_index(pos)

    def last_removed(self, pos: Position) -> tuple[Piece, ...]:
        """The pieces the last move took off the board (none at the start, or after a
        pass)."""
        last = pos.last_move()
        return last.removed if isinstance(last, ZrfMove) else ()

    @property
    def zone_names(self) -> frozenset[str]:
        """The names of the file's zones (of any player)."""
        return self._world.zones

    def place_squares(self, place: str, player: int) -> frozenset[int]:
        """The squares a goal's place names for ``player``: a position, or a zone."""
        sq = self.geometry.index_of(place)
        if sq is not None:
            return frozenset({sq})
        return self.spec.board.zones.get((place, player), frozenset())

    def player_links(self, player: int) -> dict[str, tuple[int, ...]]:
        """Each direction as ``player`` reads it (its ``symmetry``): direction -> the
        position one step on from each position, or -1."""
        return self._links[player]

    def positions(self) -> range:
        """Every position of the board, as an index."""
        return range(len(self.spec.board.names))

    # -- notation ---------------------------------------------------------------------------
    def move_text(self, pos: Position, move: Move) -> str:
        """The move as a Zillions saved game writes it (``Pawn e2 - e4``)."""
        if isinstance(move, ZrfMove):
            return move.text
        if move.is_null():
            return PASS
        return super().move_text(pos, move)

    def parse_move(self, pos: Position, text: str) -> Move:
        """The legal move a saved-game text names (tokens compared, spacing free), or
        a coordinate text names (``e2e4``, ``e2-e4``, ``e7e8q``, ``X@e4``:
        :mod:`.coordinates`)."""
        wanted = text.split()
        legal = self.legal_moves(pos)
        found = [m for m in legal if self.move_text(pos, m).split() == wanted]
        texts = [" ".join(step.split()) for step in text.split(STEP_SEPARATOR.strip())]
        if not found:
            found = distinct_by_actions(
                [
                    m.rewritten(texts)
                    for m in legal
                    if isinstance(m, ZrfMove) and self.written.turn_alike(m, texts)
                ]
            )
        if not found and self.partial_turns and len(texts) > 1:
            # another way to a turn the legal moves count once (:meth:`follow`)
            followed = self.follow(pos, texts)
            if followed is not None and len(followed[0].turn_steps) == len(texts):
                found = [followed[0].rewritten(texts)]
        if not found:
            found = distinct_by_actions(coordinate_moves(self, pos, legal, text))
        if len(found) == 1:
            return found[0]
        if found:
            named = "; ".join(self.move_text(pos, m) for m in found[:4])
            raise AmbiguousMoveError(
                f"move {shown(text)} matches {len(found)} legal moves ({named})",
                text=text,
                fen=pos.fen(),
                nearest=tuple(self.move_text(pos, m) for m in found[:5]),
            )
        raise IllegalMoveError(
            f"illegal move {shown(text)}; legal moves begin "
            + ", ".join(self.move_text(pos, m) for m in legal[:5]),
            text=text,
            fen=pos.fen(),
            nearest=tuple(self.move_text(pos, m) for m in legal[:5]),
        )

    def kind_named(self, name: str) -> str | None:
        """The kind a coordinate text's letter or name means (any case): a piece's
        ``notation`` in the file, its letter, or its name."""
        return self._kinds_by_name.get(name.lower())

    def kinds_meant(self, name: str) -> frozenset[str]:
        """Every kind a promotion's letter may mean: :meth:`kind_named`'s, and every
        other piece with that notation (any case)."""
        named = self.kind_named(name)
        noted = self._kinds_by_notation.get(name.lower(), set())
        return frozenset(noted | ({named} if named is not None else set()))

    # -- positions as text --------------------------------------------------------------------
    def write_fen(self, pos: Position, en_passant: EnPassant = "standard") -> str:
        """The ZRF-flavoured text of ``pos`` (its ``(last from to)`` stands for any en
        passant right, so ``en_passant`` changes nothing)."""
        names = self.geometry.names
        groups = []
        for sq, piece in enumerate(pos.board):
            if piece is None or piece is WALL or piece.color is None:
                continue
            words = [self.spec.players[piece.color], self.types[piece.kind].name, names[sq]]
            groups.append(f"({' '.join([*words, *sorted(piece.attributes)])})")
        for (player, kind), count in sorted(pos.hands.items()):
            if count:
                groups.append(f"(hand {self.spec.players[player]} {self.types[kind].name} {count})")
        index = self.turn_index(pos)
        groups.append(f"(turn {index})")
        state = state_of(pos)
        if state.last_to >= 0:
            frm = names[state.last_from] if state.last_from >= 0 else "-"
            groups.append(f"(last {frm} {names[state.last_to]})")
        return " ".join(groups)

    def read_fen(self, pos: Position, text: str) -> None:
        """A position in the text :meth:`write_fen` writes; the empty text is the
        game's ``board-setup``."""
        if not text.strip():
            self._copy_into(pos, self._setup_position())
            return
        groups = _groups(text)
        players = self._world.players
        self._blank(pos)
        index = 0
        last = (-1, -1)
        for group in groups:
            head = group[0] if group else ""
            if head == "turn" and len(group) == 2 and group[1].isdigit():
                index = int(group[1])
                if not 0 <= index < max(1, len(self.spec.turns)):
                    raise FenError(
                        f"turn {index}: the turn order has {len(self.spec.turns)} entries"
                    )
            elif head == "last" and len(group) == 3:
                last = (self._square(group[1], allow_none=True), self._square(group[2]))
            elif head == "hand" and len(group) == 4 and group[3].isdigit():
                owner = self._player(group[1], players)
                pos.hands[owner, self._kind(group[2])] = int(group[3])
            elif len(group) >= 3:
                owner = self._player(group[0], players)
                kind = self._kind(group[1])
                sq = self._square(group[2])
                attrs = frozenset(group[3:])
                unknown = attrs - self.zrf_type(kind).attribute_names
                if unknown:
                    raise FenError(f"{group[1]} has no attribute {shown(sorted(unknown)[0])}")
                pos.board[sq] = self.piece(kind, owner, (), attrs)
            else:
                raise FenError(f"cannot read ({' '.join(group)}) in a {self.title} position")
        self._find_royals(pos)
        self._start_turn(pos, index, last)

    def _find_royals(self, pos: Position) -> None:
        """Note the squares of each player's royal pieces (``Position.royals``), which
        moves then keep up to date and the check test reads."""
        royals: list[list[int]] = [[] for _ in self.player_range]
        for sq, piece in enumerate(pos.board):
            if piece is not None and piece.royal and piece.color is not None:
                royals[piece.color].append(sq)
        pos.royals = tuple(tuple(r) for r in royals)

    def _copy_into(self, pos: Position, source: Position) -> None:
        pos.board[:] = source.board
        pos.hands = dict(source.hands)
        pos.turn = source.turn
        pos.rules_state = source.rules_state
        pos.royals = source.royals

    def _player(self, name: str, players: dict[str, int]) -> int:
        if name not in players:
            known = ", ".join(players)
            raise FenError(f"no player {shown(name)} in {self.title} (players: {known})")
        return players[name]

    def _kind(self, name: str) -> str:
        if name not in self.kinds:
            raise FenError(f"no piece {shown(name)} in {self.title}")
        return self.kinds[name]

    def _square(self, name: str, *, allow_none: bool = False) -> int:
        if allow_none and name == "-":
            return -1
        sq = self.geometry.index_of(name)
        if sq is None:
            raise FenError(f"no position {shown(name)} in {self.title}")
        return sq


class _ChecksFromOnePosition:
    """The check tests of the moves from one position, in a game of one-step turns.

    Every move from a position hands the turn to the same entry of the turn
    order, and most leave the board as it was but on the few squares a piece
    leaves, enters or is taken from.  So the enemy pieces that could reach a
    royal square are found on the whole board once; for a move that only
    relocates and removes pieces, and none royal, only the squares it writes
    are looked at again, and where no enemy piece could then hit, the move is
    not even made.  Other moves take the general path (``_exposes``).
    """

    def __init__(self, game: ZrfVariant, pos: Position, royal: frozenset[str]) -> None:
        self.game = game
        self.pos = pos
        self.victim = pos.turn
        self.royal = royal
        #: the turn-order entry that moves next, whatever the move (None: not known)
        self.turn = game.turn_after(pos)
        self.targets = game.royal_squares(pos, pos.turn, royal)
        #: the squares of the enemy pieces that could hit a target, as the board stands
        self.hitters: list[int] = []
        #: whether the moves may take the fast path: a turn to look at and a target
        turn = self.turn
        self.plain = turn is not None and bool(self.targets)
        #: whose pieces move next, and where each of them may reach
        self.owner = turn.pieces_of if turn is not None else -1
        self.reaches = game._reaches_of(self.owner, turn.move_type) if turn is not None else []
        if self.plain:
            board = pos.board
            squares = game.squares_of(board, self.owner)
            self.hitters = _reaching(board, squares, self.reaches, self.targets)

    def exposes(self, move: Move) -> bool:
        """Whether ``move`` leaves a royal piece of the mover's capturable."""
        pos, turn, targets = self.pos, self.turn, self.targets
        after = _plain_writes(pos.board, move.actions, self.royal) if self.plain else None
        if turn is None or after is None or not targets.isdisjoint(after):
            return self.game._exposes(pos, move, self.victim, self.royal)
        squares = [sq for sq in self.hitters if sq not in after] if self.hitters else []
        owner = self.owner
        entering = [sq for sq, p in after.items() if p is not None and p.color == owner]
        if entering:
            squares += _reaching(after, entering, self.reaches, targets)
        if not squares:
            return False
        pos.push(move)
        try:
            return self.game.hit_by(pos, turn, targets, squares)
        finally:
            pos.pop()


def _reaching(
    board: Mapping[int, Piece | None] | list[Piece | None],
    squares: Iterable[int],
    reaches: list[_Reaches],
    targets: frozenset[int],
) -> list[int]:
    """Those of ``squares`` (each holding a piece of the owner of ``reaches``) whose
    piece's moves could reach a target on some board (:meth:`ZrfVariant._reach`):
    a function, as the check test of every move asks it."""
    out: list[int] = []
    for sq in squares:
        piece = board[sq]
        assert piece is not None
        where = reaches[sq][piece]
        if where is None or not targets.isdisjoint(where):
            out.append(sq)
    return out


def _plain_writes(
    board: list[Piece | None], actions: Iterable[Action], royal: frozenset[str]
) -> dict[int, Piece | None] | None:
    """The squares a move of relocations, removals and placements of pieces of no
    ``royal`` kind (and reserves) writes, with what stands on each after it; None
    for a move with other actions.  A placed piece is looked at as any piece on a
    written square is (an exported file's halfmove clock places one on most moves)."""
    after: dict[int, Piece | None] = {}
    for act in actions:
        if type(act) is Relocate:
            after[act.to] = after[act.frm] if act.frm in after else board[act.frm]
            after[act.frm] = None
        elif type(act) is Remove:
            after[act.sq] = None
        elif type(act) is Place and act.piece.kind not in royal:
            after[act.sq] = act.piece
        elif type(act) is not Hand:
            return None
    return after


class _TurnSearch:
    """The whole turns that begin with one partial step: a search of the states a
    turn goes through (docs/zrf.md, "Turns of several steps").

    A step that would bring the board back to a state the turn has already been
    in is not taken, so a hopper that can jump to and fro ends its turn; where
    every way on is such a step, the turn may end.  Turns that end in the same
    state (and so take the same pieces) are one turn, the first found.  The
    search counts the steps it tries and stops with one line past
    ``MAX_TURN_NODES``, in bounded time and memory.
    """

    def __init__(self, game: ZrfVariant, pos: Position, player: int, owner: int) -> None:
        self.game = game
        self.pos = pos
        self.player = player
        self.owner = owner
        #: the states the turn has been in, on the way to the step being tried (under
        #: "pass partial", every state it has reached)
        self.path: set[tuple[Any, ...]] = set()
        self.tried = 0
        self.ends: set[tuple[Any, ...]] = set()
        self.turns: list[ZrfMove] = []

    def turns_from(self, step: ZrfMove) -> None:
        """Search the turns that begin with ``step`` (adding to :attr:`turns`)."""
        start = _turn_state(self.pos, -1 if step.frm is None else step.frm)
        fresh = start not in self.path
        self.path.add(start)
        try:
            self._go(step, ())
        finally:
            if fresh and not self.game.passes_partial:
                self.path.discard(start)

    def _go(self, step: ZrfMove, before: tuple[ZrfMove, ...]) -> bool:
        """Take the partial ``step`` and every way on from it; False if the step
        leads back to a state the turn has been in (so it is not taken)."""
        pos = self.pos
        pos.push(step.chained_copy())
        try:
            here = self._enter()
            if here is None:
                return False
            chain = (*before, step)
            try:
                went_on = False
                for nxt in self.game.continuations(pos, step, self.player, self.owner):
                    if nxt.emitted.partial is None:
                        went_on = self._finish(chain, nxt) or went_on
                    else:
                        went_on = self._go(nxt, chain) or went_on
                if not went_on or self.game.passes_partial:
                    self._end(chain)
            finally:
                if not self.game.passes_partial:
                    # the path's states alone: another way may pass through this one;
                    # under "pass partial" every state reached is an end already, so
                    # no way through it again can end anywhere new
                    self.path.discard(here)
            return True
        finally:
            pos.pop()

    def _finish(self, chain: tuple[ZrfMove, ...], last: ZrfMove) -> bool:
        """A last step after ``chain``; False if it returns to a state of the turn."""
        pos = self.pos
        pos.push(last.chained_copy())
        try:
            self.tried += 1
            if _turn_state(pos) in self.path:
                return False
            self._end((*chain, last))
            return True
        finally:
            pos.pop()

    def _enter(self) -> tuple[Any, ...] | None:
        """The state just reached, added to the path; None if the turn was in it."""
        self.tried += 1
        if self.tried > MAX_TURN_NODES:
            raise ZrfError(
                f"a turn that branches into more than {MAX_TURN_NODES:,} steps from one "
                "position: too many to search",
                self.game.spec.source,
            )
        here = _turn_state(self.pos)
        if here in self.path:
            return None
        self.path.add(here)
        return here

    def _end(self, chain: tuple[ZrfMove, ...]) -> None:
        """A whole turn, unless one found before ends in the same state (the same
        pieces where they stand, the same reserves)."""
        end = _turn_state(self.pos)
        if end in self.ends:
            return
        self.ends.add(end)
        self.turns.append(whole_turn(chain))
        if len(self.turns) > MAX_TURNS:
            raise ZrfError(f"more than {MAX_TURNS} turns from one position", self.game.spec.source)


@mypyc_attr(native_class=False)  # overrides list's indexing
class _ReadLog(list[Piece | None]):
    """A board that notes the squares read from it (a program reads the board by
    index only).  Compiled programs see it too: a run types its board as a
    ``Sequence``, which compiled code indexes through the type (``Run.board``)."""

    def __init__(self, board: Sequence[Piece | None]) -> None:
        super().__init__(board)
        self.read: list[int] = []

    def __getitem__(self, sq: Any) -> Any:
        # as read: the memo makes every index a square (a slice, every square)
        self.read.append(sq)
        return list.__getitem__(self, sq)

    def __iter__(self) -> Any:
        self.read.extend(range(len(self)))
        return super().__iter__()


@mypyc_attr(native_class=False)  # a dict with __missing__
class _Reaches(dict[Piece, frozenset[int] | None]):
    """Where the moves of each piece met on one square reach (None: anywhere),
    found the first time the piece is looked up there: a table read at C speed
    by the check test, once per enemy piece."""

    def __init__(self, game: ZrfVariant, owner: int, move_type: str | None, sq: int) -> None:
        super().__init__()
        self.game = game
        self.owner = owner
        self.move_type = move_type
        self.sq = sq

    def __missing__(self, piece: Piece) -> frozenset[int] | None:
        where = self[piece] = self.game._reach(self.owner, self.move_type, piece.kind, self.sq)
        return where


def _nothing_read(board: Sequence[Piece | None]) -> tuple[()]:
    """What a run that read no square read."""
    return ()


Answer = TypeVar("Answer")


@mypyc_attr(allow_interpreted_subclasses=True)  # the tests' memo that never recalls
class _ScanMemo(Generic[Answer]):
    """What a piece's programs answered (in a check test: does a move remove a
    piece on the targets?; in generation: the piece's moves), kept with the
    squares the run read and what stood there.

    A program's run depends on nothing but the board squares it reads, the
    piece, its square, the turn and the last move (the key), and the answers of
    the attack tests it asks (``attacked?``: they read the whole position), so
    while those squares hold the same pieces and those tests answer alike the
    answer is the same: a check test, or a generation, then compares a few
    squares instead of running the piece's programs.
    """

    #: answers kept per key, newest first, and keys kept in all, and the weight of
    #: all kept since the memo was last emptied (an answer weighs one, and one
    #: more per move it holds); past either bound all are forgotten: at most
    #: 120,000 answers, some 80 MB, or as many moves.  chess.zrf's perft(4) keeps
    #: 70 answers under 32 keys in the check test, 453 moves under 70 keys in
    #: generation
    PER_KEY = 4
    MOST_KEYS = 30_000
    MOST_WEIGHT = 120_000
    #: a run that read more squares than this and half the board is not kept: a
    #: piece that surveys the board (Cyvasse's) would find its squares changed
    #: after almost every move, and logging its reads costs more than it saves
    FEW_SQUARES = 24

    def __init__(self) -> None:
        #: key -> (the last move it read (None: it read none), a getter of the
        #: squares it read, what stood on them, the attack tests it asked with
        #: their answers, the answer), newest first
        self._kept: dict[
            tuple[Any, ...],
            list[
                tuple[
                    ZrfState | None,
                    Callable[[Sequence[Piece | None]], Any],
                    Any,
                    tuple[tuple[AttackQuery, bool], ...],
                    Answer,
                ]
            ],
        ] = {}

        #: the keys whose runs read too many squares to be kept
        self._wide: set[tuple[Any, ...]] = set()
        self._weight = 0

    def logs(self, key: tuple[Any, ...]) -> bool:
        """Whether a run for ``key`` should be logged to be kept: not where its last
        logged run read too much of the board."""
        return key not in self._wide

    def recall(
        self,
        key: tuple[Any, ...],
        last: ZrfState,
        board: Sequence[Piece | None],
        ask: Callable[[AttackQuery], bool] | None = None,
    ) -> Answer | None:
        """The answer kept for ``key`` whose squares hold what they held (and, for a
        run that read the last move, whose last move was ``last``; for a run that
        asked attack tests, where ``ask`` answers each as it was answered), or None."""
        for read_last, read, pieces, asked, answer in self._kept.get(key, ()):
            if (
                (read_last is None or read_last == last)
                and read(board) == pieces
                and (not asked or (ask is not None and all(ask(q) == a for q, a in asked)))
            ):
                return answer
        return None

    def keep(
        self,
        key: tuple[Any, ...],
        last: ZrfState | None,
        read: list[int],
        board: Sequence[Piece | None],
        answer: Answer,
        weight: int = 1,
        asked: tuple[tuple[AttackQuery, bool], ...] = (),
        *,
        surveys: bool = True,
    ) -> None:
        """Keep ``answer`` for ``key``, with the squares ``read`` and what stands there
        (``last``: the last move, for a run that read it; ``asked``: the attack tests
        it asked, with their answers); ``weight``: what it counts towards
        :data:`MOST_WEIGHT`.  A run that read too much is not kept, and with
        ``surveys`` its key is not logged again; without it (a check test that found
        its capture at the end of a long walk: an exported Racing Kings file's King
        walks the board only where it finds a check) later runs are."""
        # what stood on the squares read, fetched at C speed (itemgetter) when recalled;
        # pieces are interned, so == between the tuples is an identity test
        size = len(board)
        if not all(type(sq) is int for sq in read):
            read = list(range(size))  # a slice was read: every square, to be safe
        squares = tuple(dict.fromkeys(sq % size for sq in read))
        if len(squares) > max(self.FEW_SQUARES, size // 2):
            if surveys:
                self._wide.add(key)  # such runs are not logged again (:meth:`logs`)
            return
        getter: Callable[[Sequence[Piece | None]], Any] = (
            operator.itemgetter(*squares) if squares else _nothing_read
        )
        if len(self._kept) >= self.MOST_KEYS or self._weight + weight > self.MOST_WEIGHT:
            self._kept.clear()
            self._wide.clear()
            self._weight = 0
        self._weight += weight
        entries = self._kept.setdefault(key, [])
        entries.insert(0, (last, getter, getter(board), asked, answer))
        del entries[self.PER_KEY :]


def _turn_state(pos: Position, active: int | None = None) -> tuple[Any, ...]:
    """What a turn may not come back to: the pieces, the reserves and the square
    of the piece that goes on (``active``; by default the last step's
    destination).  A turn begins with its first step's piece active, so a
    piece that jumps away and back is where the turn began."""
    if active is None:
        active = state_of(pos).last_to
    hands = tuple(sorted((k, n) for k, n in pos.hands.items() if n))
    return tuple(pos.board), hands, active


class _TurnView:
    """The turn-order entry in force: who moves, whose pieces, which move type."""

    __slots__ = ("move_type", "pieces_of", "player")

    def __init__(self, player: int, pieces_of: int, move_type: str | None) -> None:
        self.player = player
        self.pieces_of = pieces_of
        self.move_type = move_type


#: the values the engine knows of the options that change what is legal
OPTION_VALUES = {
    "pass turn": frozenset({"true", "false", "forced"}),
    "pass partial": frozenset({"true", "false"}),
    "maximal captures": frozenset({"true", "false", "2"}),
    "recycle captures": frozenset({"true", "false"}),
}
#: the most steps the search of one position's turns may try, and the most turns
#: one position may offer: a turn that fans out past them stops with one line
#: instead of running for minutes.  The corpus's most: 1,985 steps tried (Ragnarok's
#: Jotunheimr (hard), in random play of every game of several steps), 458 in the
#: replay of its saved games.
MAX_TURN_NODES = 50_000
MAX_TURNS = 100_000


def _reverse(table: tuple[int, ...]) -> tuple[int, ...]:
    """The step that undoes ``table``: for every link p -> q, q -> p."""
    out = [-1] * len(table)
    for src, dst in enumerate(table):
        if dst >= 0:
            out[dst] = src
    return tuple(out)


def _kind_keys(pieces: Sequence[PieceSpec], letters: dict[str, str]) -> dict[str, str]:
    """ZRF piece name -> a kind key the core can intern (upper case, unique): its
    letter when the game has letters, else its name."""
    keys: dict[str, str] = {}
    taken: set[str] = set()
    for piece in pieces:
        key = letters.get(piece.name, piece.name.upper())
        n = 2
        while key in taken:
            key = f"{piece.name.upper()}#{n}"
            n += 1
        taken.add(key)
        keys[piece.name] = key
    return keys


def _groups(text: str) -> list[list[str]]:
    """The parenthesised groups of a position text, each a list of words."""
    groups: list[list[str]] = []
    current: list[str] | None = None
    for token in _TOKEN.findall(text):
        if token == "(":
            if current is not None:
                raise FenError("a '(' inside a group")
            current = []
        elif token == ")":
            if current is None:
                raise FenError("a ')' with no '(' open")
            groups.append(current)
            current = None
        elif current is None:
            raise FenError(f"{shown(token)} outside the (…) groups of a position")
        else:
            current.append(token)
    if current is not None:
        raise FenError("a '(' never closed")
    return groups


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


__all__ = ["ZrfMove", "ZrfMoveKind", "ZrfPieceType", "ZrfVariant"]
