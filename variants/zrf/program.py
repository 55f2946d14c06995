"""ZRF move programs compiled to closures, and the generator state they run in.

Each ``moves``/``drops`` block of a piece is compiled once per game into a tuple
of *operations*: small functions of a :class:`Run` (the generator state Zillions
defines) that return False when the block must stop — a failed ``verify``, a
step off the board.  Conditions compile to functions returning a bool.  No
Python source is ever built from the rules file: the file's words only select
which prepared closures are combined, with which constant arguments.

The semantics (docs/zrf.md has the long form, with sources):

* every test reads the board as it was before the move; the block's own
  changes are only recorded;
* ``add`` emits a copy of the move built so far, and the block goes on (the
  position effects start afresh after it);
* ``cascade`` ends the current part of the move and starts another, whose
  piece is whatever stood on the current square before the move; ``from``
  re-selects the piece of the current part; ``to`` fixes the part's
  destination while the current position walks on;
* position effects (``capture``, ``create``, ``change-type``,
  ``change-owner``, ``flip``, ``set-attribute``) act, in the order they ran,
  on the board after every part has moved.

A construct the engine does not implement is refused when the game is loaded,
with one line naming it and its file and line (:class:`ZrfError`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol

from trebuchet.variants.errors import shown
from trebuchet.variants.pieces import Piece
from trebuchet.variants.zrf.errors import ZrfError
from trebuchet.variants.zrf.reach import (
    STAY,
    Back,
    Branch,
    Hit,
    Jump,
    Loop,
    MarkHere,
    Shape,
    Slide,
    Step,
)
from trebuchet.variants.zrf.tree import Atom, Form, Node, Str

if TYPE_CHECKING:
    from trebuchet.variants.position import Position

#: Operations one block run may execute before it is taken for a runaway loop.
STEP_LIMIT = 200_000

Op = Callable[["Run"], bool]
"""One instruction: run it, False when the block must stop."""
Cond = Callable[["Run"], bool]
"""A condition, read on the board before the move."""
Loc = Callable[["Run"], int]
#: an attack test as asked of the game: the square, the move type (None: any),
#: True for ``attacked?`` (False: ``defended?``), the piece judged standing there
AttackQuery = tuple[int, str | None, bool, Piece]
"""Where a predicate or an effect looks: a position index, -1 when off the board."""


# -- the generator state ------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """One piece's movement within a move: ``piece`` from ``frm`` (None: dropped)
    to ``to``; ``piece`` is what arrives (a promotion already applied)."""

    piece: Piece
    frm: int | None
    to: int
    captures: bool
    """Whether ``to`` held a piece before the move (ZSG writes ``x``)."""


class ZrfState(NamedTuple):
    """What a Zillions position holds besides its pieces and reserves (the
    position's ``rules_state``): where the game is in its turn order, and the
    previous move's first part, which ``last-from?`` and ``last-to?`` read and
    a turn of several steps goes on from.  A named tuple: it is made at every
    move, and is part of every position's key."""

    turn: int
    """The index of the turn-order entry that moves."""
    last_from: int = -1
    """Where the last move's first part came from (-1: none, or a drop)."""
    last_to: int = -1
    """Where it went (-1: no move yet)."""


def state_of(pos: Position) -> ZrfState:
    """The Zillions state of ``pos`` (a position read, but not yet set up, is at the
    start of the turn order)."""
    state = pos.rules_state
    return state if isinstance(state, ZrfState) else ZrfState(0)


@dataclass(frozen=True, slots=True)
class Capture:
    """``capture``: the piece on ``sq`` is taken off the board."""

    sq: int


@dataclass(frozen=True, slots=True)
class Create:
    """``create``: ``piece`` is put on ``sq`` (whatever stood there goes)."""

    sq: int
    piece: Piece


@dataclass(frozen=True, slots=True)
class ChangeType:
    """``change-type``: the piece on ``sq`` becomes one of ``kind`` (a kind key)."""

    sq: int
    kind: str


@dataclass(frozen=True, slots=True)
class ChangeOwner:
    """``change-owner``: the piece on ``sq`` passes to ``player``."""

    sq: int
    player: int


@dataclass(frozen=True, slots=True)
class Flip:
    """``flip``: the piece on ``sq`` passes to the next player."""

    sq: int


@dataclass(frozen=True, slots=True)
class SetAttribute:
    """``set-attribute``: the attribute ``name`` of the piece on ``sq`` is ``value``."""

    sq: int
    name: str
    value: bool


Effect = Capture | Create | ChangeType | ChangeOwner | Flip | SetAttribute
"""A position effect: what a program does to a position besides moving pieces.
Effects act, in the order they ran, on the board after every part has moved."""


@dataclass(frozen=True)
class Emitted:
    """A move as the program built it, before the game turns it into actions."""

    parts: tuple[Part, ...]
    effects: tuple[Effect, ...]
    move_type: str
    partial: str | None = None
    """For a step of ``add-partial``: the move type the piece continues with
    (empty: any type); None for a move that ends the turn."""
    copy: bool = False
    """``add-copy``: the piece also stays where it was."""
    promotion: str | None = None
    """The kind named by ``(add T …)``: the last part's piece arrives as a T."""
    origin: int = -1
    """The position of the piece whose block made the move: its first part may
    move another piece (``from``), as a Chess960 castling whose King stays moves
    only its Rook."""


class World:
    """What compiled programs need to know about the game: names and tables.

    Built by the game; the closures read it through the run, never copy it, so
    one compiled program serves every player (its directions turn with the
    player's ``symmetry``).
    """

    def __init__(
        self,
        *,
        source: str,
        positions: dict[str, int],
        directions: Sequence[str],
        players: dict[str, int],
        kinds: dict[str, str],
        attributes: frozenset[str],
        zones: frozenset[str],
        move_types: frozenset[str],
    ) -> None:
        self.source = source
        self.positions = positions
        self.directions = frozenset(directions)
        self.players = players
        #: ZRF piece name -> the kind key of its PieceType
        self.kinds = kinds
        self.attributes = attributes
        self.zones = zones
        self.move_types = move_types


class Engine(Protocol):
    """The game-side services a run calls: pieces, zones, attack tests.

    Implemented by :class:`~trebuchet.variants.zrf.game.ZrfVariant`, which does not
    name it as a base: the game inherits from the compiled ``Variant``, and in the
    compiled build a class of this module would be a second compiled base (or,
    made an ordinary class, one compiled code checks by its exact type).  A
    protocol is a plain object to compiled code; the closures' calls stay plain
    attribute lookups.
    """

    def make_piece(
        self, kind: str, owner: int, attributes: frozenset[str] | None = None
    ) -> Piece: ...

    def in_zone(self, zone: str, player: int, sq: int) -> bool: ...

    def attacked(self, run: Run, sq: int, move_type: str | None, by_enemy: bool) -> bool: ...


class Run:
    """The state of one block being run: Zillions' generator state.

    ``board`` is the position's board, only read.  ``cur`` is the current
    position, ``mark`` the one saved position; ``frm``/``piece`` are the origin
    and piece of the current part (``frm`` None for a drop), ``to`` its fixed
    destination or -1; ``parts`` the finished parts; ``effects`` the position
    effects in the order they ran; ``flags`` and ``pflags`` the block's flags.
    """

    __slots__ = (
        "asked",
        "attack_scan",
        "attacks",
        "board",
        "continued",
        "cur",
        "effects",
        "engine",
        "flags",
        "frm",
        "hit",
        "links",
        "mark",
        "move_type",
        "origin",
        "out",
        "owner",
        "parts",
        "pflags",
        "piece",
        "player",
        "pos",
        "read_last",
        "steps",
        "targets",
        "to",
    )

    def __init__(
        self,
        engine: Engine,
        pos: Position,
        links: dict[str, tuple[int, ...]],
        player: int,
        owner: int,
        move_type: str,
        out: list[Emitted],
        *,
        attack_scan: bool = False,
        targets: frozenset[int] | None = None,
        continued: list[Emitted] | None = None,
    ) -> None:
        self.engine = engine
        self.pos = pos
        #: typed as a sequence, not a list, so that compiled code reads it through
        #: its type's indexing: the memos swap in a list that logs each square read
        #: (``game._ReadLog``), and compiled code indexes a known ``list`` directly,
        #: past such an override (docs/speed.md)
        self.board: Sequence[Piece | None] = pos.board
        #: the attack tests (``attacked?``, ``defended?``) the run asked the game,
        #: which read the position past :attr:`board`, in order, with their answers:
        #: a run's result is kept with them, and recalled where they answer alike
        self.asked: list[tuple[AttackQuery, bool]] = []
        #: set when a test read the last move (``last-from``, ``last-to``)
        self.read_last = False
        self.links = links
        self.player = player
        self.owner = owner
        self.move_type = move_type
        self.out = out
        self.attack_scan = attack_scan or targets is not None
        #: the answers of the attack tests asked so far on this run's position (it
        #: does not change while the run lives), by :data:`AttackQuery`
        self.attacks: dict[AttackQuery, bool] = {}
        #: in a scan for captures: the squares looked for; emitting then only checks
        #: whether the move would remove a piece there (``hit``) and builds nothing
        self.targets = targets
        self.hit = False
        #: in a scan for captures: where the partial steps that hit nothing go, so
        #: that the turns going on from them can be scanned too (None: not kept)
        self.continued = continued
        self.cur = -1
        self.mark = -1
        self.origin = -1
        self.frm: int | None = None
        self.piece: Piece | None = None
        self.to = -1
        self.parts: list[Part] = []
        self.effects: list[Effect] = []
        self.flags: dict[str, bool] = {}
        self.pflags: dict[tuple[str, int], bool] = {}
        self.steps = 0

    def start(self, sq: int, piece: Piece, dropping: bool, move_type: str) -> None:
        """Begin a block at ``sq``: the piece there moves (or, dropping, arrives)."""
        self.move_type = move_type
        self.cur = self.mark = self.origin = sq
        self.frm = None if dropping else sq
        self.piece = piece
        self.to = -1
        # fresh only when used: most blocks leave them empty (emitted moves copy them)
        if self.parts:
            self.parts = []
        if self.effects:
            self.effects = []
        if self.flags:
            self.flags = {}
        if self.pflags:
            self.pflags = {}
        self.steps = 0

    # -- reading the board before the move --------------------------------------
    def at(self, sq: int) -> Piece | None:
        return self.board[sq] if sq >= 0 else None

    def is_friend(self, piece: Piece | None) -> bool:
        return piece is not None and piece.color == self.owner

    def is_enemy(self, piece: Piece | None) -> bool:
        return piece is not None and piece.color is not None and piece.color != self.owner

    # -- building the move --------------------------------------------------------
    def close_part(self) -> None:
        """End the current part at ``to`` (or the current position)."""
        piece = self.piece
        if piece is None:
            return
        to = self.to if self.to >= 0 else self.cur
        if self.frm is not None and to == self.frm:
            return
        # Zillions marks a capture by what stood there before the whole move
        self.parts.append(Part(piece, self.frm, to, self.board[to] is not None))

    def emit(
        self,
        promotions: Sequence[str] = (),
        *,
        partial: str | None = None,
        copy: bool = False,
    ) -> None:
        """Emit the move built so far (one per promotion kind, if any), and go on.

        The position effects recorded so far go with the move and are then
        forgotten: an ``add`` in a loop starts the next move's effects afresh
        (Focus's saved game, move 15: a stack returned to the reserve on an
        earlier square of the drop loop is not part of the later move), while
        the parts and the position go on.
        """
        out = self.out
        if self.targets is not None:
            self.hit = self.hit or self._hits_target()
            if partial is None or self.hit or self.continued is None:
                self.effects = []
                return
            out = self.continued
        saved = list(self.parts)
        self.close_part()
        parts = self.parts
        self.parts = saved
        effects = tuple(self.effects)
        self.effects = []
        if not promotions:
            out.append(
                Emitted(tuple(parts), effects, self.move_type, partial, copy, origin=self.origin)
            )
            return
        last = parts[-1] if parts else None
        for kind in promotions:
            if last is None:
                # a promotion of a piece that does not move: a change of type in place
                extra: tuple[Effect, ...] = (ChangeType(self.cur, kind),)
                out.append(
                    Emitted((), effects + extra, self.move_type, partial, copy, origin=self.origin)
                )
                continue
            owner = last.piece.color
            assert owner is not None
            promoted = self.engine.make_piece(kind, owner)
            moved = Part(promoted, last.frm, last.to, last.captures)
            out.append(
                Emitted(
                    (*parts[:-1], moved),
                    effects,
                    self.move_type,
                    partial,
                    copy,
                    kind,
                    origin=self.origin,
                )
            )

    def _hits_target(self) -> bool:
        """Whether the move built so far removes a piece on one of ``targets``: a
        part lands there (and none carries that piece away first), or a capture or
        a creation falls there."""
        targets = self.targets
        assert targets is not None
        leaving = {p.frm for p in self.parts}
        if self.frm is not None:
            leaving.add(self.frm)
        to = self.to if self.to >= 0 else self.cur
        if self.piece is not None and to != self.frm and to in targets and to not in leaving:
            return True
        for part in self.parts:
            if part.to in targets and part.to not in leaving:
                return True
        return any(type(e) in (Capture, Create) and e.sq in targets for e in self.effects)

    def count(self, line: int, source: str) -> None:
        """One more loop turn; a runaway loop stops the run with an error."""
        self.steps += 1
        if self.steps > STEP_LIMIT:
            raise ZrfError(
                f"a move program ran more than {STEP_LIMIT} steps (a while loop that never ends?)",
                source,
                line,
            )


def run_ops(ops: Sequence[Op], run: Run) -> bool:
    """Execute a sequence; False as soon as one operation stops the block."""
    for op in ops:  # noqa: SIM110 - a plain loop: all() with a generator is slower here
        if not op(run):
            return False
    return True


# -- compiling ---------------------------------------------------------------------

_INSTRUCTION_ATOMS = frozenset(
    {"add", "cascade", "from", "to", "mark", "back", "capture", "flip", "change-owner"}
)
#: constructs the engine does not run yet, refused by name
NOT_YET: frozenset[str] = frozenset()


class Compiler:
    """Turns one game's move programs into operations, refusing what it cannot run."""

    def __init__(self, world: World) -> None:
        self.world = world
        #: the line of the first add-partial compiled (0: none), for rules that
        #: cannot go with turns of several steps
        self.partial_line = 0
        #: what each instruction node compiled to, by identity: macro expansion
        #: shares one subtree among all its uses, and compiling each use again
        #: made Focus's programs 90,000 closures (4 s, 600 MB) where the shared
        #: tree needs a few thousand (the node is kept, so its id stays its own)
        self._compiled: dict[int, tuple[Node, list[Op]]] = {}
        #: the kind keys pieces are promoted into by ``(add T…)`` and its kin
        self.promoted: set[str] = set()
        #: how each operation moves the current position, for :func:`.reach.reach`
        #: (an operation without one may go anywhere)
        self.shapes: dict[Op, Shape] = dict(_ATOM_SHAPES)
        #: where each location points, as the shape of an effect there
        self.places: dict[Loc, Hit] = {_here: Hit()}

    def shaped(self, op: Op, shape: Shape) -> Op:
        """``op``, its shape noted."""
        self.shapes[op] = shape
        return op

    def promotion(self, nodes: Sequence[Node]) -> tuple[str, ...]:
        """The kinds an ``add`` form promotes the moving piece into (remembered)."""
        kinds = tuple(self.kind(n) for n in nodes)
        self.promoted.update(kinds)
        return kinds

    # -- errors -----------------------------------------------------------------
    def refuse(self, what: str, node: Node, why: str = "") -> ZrfError:
        reason = f"{what} is not supported by trebuchet's ZRF engine"
        return ZrfError(reason + (f" ({why})" if why else ""), self.world.source, node.line)

    # -- blocks -----------------------------------------------------------------
    def block(self, body: Sequence[Node]) -> tuple[Op, ...]:
        """A sequence of instructions."""
        ops: list[Op] = []
        for node in body:
            ops.extend(self.instruction(node))
        return tuple(ops)

    def instruction(self, node: Node) -> list[Op]:
        known = self._compiled.get(id(node))
        if known is not None:
            return known[1]
        ops = self._instruction(node)
        self._compiled[id(node)] = (node, ops)
        return ops

    def _instruction(self, node: Node) -> list[Op]:
        if isinstance(node, Str):
            raise self.refuse(f"string {shown(node.text)} as an instruction", node)
        if isinstance(node, Atom):
            return [self.atom(node)]
        head = node.head
        if not head:
            return list(self.block(node.items))  # a parenthesised group: its items in turn
        handler = _FORMS.get(head)
        if handler is not None:
            return [handler(self, node)]
        if head in self.world.directions or head in self.world.positions:
            return list(self.block(node.items))  # a macro body spliced as a group
        if head in NOT_YET:
            raise self.refuse(f"({head} …)", node, "a construct of multi-part turns")
        raise self.refuse(f"({head} …)", node)

    def atom(self, node: Atom) -> Op:
        word = node.text
        world = self.world
        if word in world.directions:
            return self.shaped(_step(word), Step(word))
        if word in world.positions:
            index = world.positions[word]
            return self.shaped(_jump(index), Jump(index))
        simple = _ATOMS.get(word)
        if simple is not None:
            return simple
        if word in _ADD_FORMS:
            return _FORMS[word](self, Form((node,), node.line))
        if word in NOT_YET:
            raise self.refuse(word, node, "a construct of multi-part turns")
        raise self.refuse(f"instruction {shown(word)}", node)

    # -- locations ------------------------------------------------------------
    def loc(self, node: Node | None) -> Loc:
        """Where a predicate or an effect applies: here, a direction away, or a position."""
        if node is None:
            return _here
        if (
            isinstance(node, Form)
            and node.head == "opposite"
            and len(node.args) == 1
            and isinstance(node.args[0], Atom)
            and node.args[0].text in self.world.directions
        ):
            backward = OPPOSITE_PREFIX + node.args[0].text
            return self._place(_toward(backward), Hit(backward))
        if isinstance(node, Atom):
            if node.text in self.world.directions:
                return self._place(_toward(node.text), Hit(node.text))
            if node.text in self.world.positions:
                index = self.world.positions[node.text]
                return self._place(lambda run: index, Hit(at=index))
        where = f"location {shown(_text(node))}"
        raise self.refuse(where, node, "expected a direction or a position")

    def _place(self, where: Loc, shape: Hit) -> Loc:
        self.places[where] = shape
        return where

    # -- conditions -----------------------------------------------------------
    def cond(self, node: Node) -> Cond:
        if isinstance(node, Atom):
            return self.cond_word(node.text, None, node)
        if isinstance(node, Form) and node.head:
            head = node.head
            if head in ("and", "or"):
                return _joined(tuple(self.cond(n) for n in node.args), head == "and")
            if head == "not":
                if len(node.args) != 1:
                    raise self.refuse("(not …) with other than one condition", node)
                inner = self.cond(node.args[0])
                return lambda run: not inner(run)
            return self.cond_word(head, node.args, node)
        raise self.refuse(f"condition {shown(_text(node))}", node)

    def cond_word(self, word: str, args: Sequence[Node] | None, node: Node) -> Cond:
        """A predicate by name, with its arguments (None: written bare).

        An attribute's own name comes first: Luzhanqi.zrf declares an attribute
        ``not-locked?``, which is not the negation of a ``locked?``.
        """
        if word in self.world.attributes:
            where = self.loc(args[0] if args else None)
            return _has_attribute(word, where)
        if word.startswith("not-") and word[4:]:
            inner = self.cond_word(word[4:], args, node)
            return lambda run: not inner(run)
        if word in ("true", "false") and not args:
            value = word == "true"
            return lambda run: value
        build = _PREDICATES.get(word)
        if build is not None:
            return build(self, list(args or ()), node)
        raise self.refuse(f"condition {shown(word)}", node)

    # -- names ----------------------------------------------------------------
    def kind(self, node: Node) -> str:
        if isinstance(node, Atom) and node.text in self.world.kinds:
            return self.world.kinds[node.text]
        raise self.refuse(f"piece {shown(_text(node))}", node, "no (piece …) of that name")

    def name(self, node: Node) -> str:
        if isinstance(node, Form):
            raise self.refuse(f"{shown(_text(node))} where a name belongs", node)
        return node.text


def _text(node: Node) -> str:
    return node.render() if isinstance(node, Form) else node.text


# -- operations ----------------------------------------------------------------------


def _step(direction: str) -> Op:
    def step(run: Run) -> bool:
        target = run.links[direction][run.cur]
        if target < 0:
            return False
        run.cur = target
        return True

    return step


def _jump(index: int) -> Op:
    def jump(run: Run) -> bool:
        run.cur = index
        return True

    return jump


def _here(run: Run) -> int:
    return run.cur


def _toward(direction: str) -> Loc:
    def toward(run: Run) -> int:
        return run.links[direction][run.cur]

    return toward


def _add(run: Run) -> bool:
    run.emit()
    return not run.hit  # a scan stops at the first move that hits


def _cascade(run: Run) -> bool:
    run.close_part()
    run.frm = run.cur
    run.piece = run.board[run.cur]
    run.to = -1
    return True


def _from(run: Run) -> bool:
    run.frm = run.cur
    run.piece = run.board[run.cur]
    return True


def _to(run: Run) -> bool:
    run.to = run.cur
    return True


def _mark(run: Run) -> bool:
    run.mark = run.cur
    return True


def _back(run: Run) -> bool:
    run.cur = run.mark
    return True


Make = Callable[[Run, int], "Effect | None"]
"""Builds the effect an instruction has on a position (None: it has none)."""


def _effect_at(where: Loc, make: Make, *, off_board_goes_on: bool = False) -> Op:
    """An instruction with an effect on the position ``where`` gives.  Off the board
    it stops the block, but for a capture: a capture of a position that is not
    there takes nothing, and the move goes on (Ragnarok's Surtr burns around
    him, at the edge too)."""

    def effect(run: Run) -> bool:
        sq = where(run)
        if sq < 0:
            return off_board_goes_on
        made = make(run, sq)
        if made is not None:
            run.effects.append(made)
        return True

    return effect


def _capture_at(where: Loc) -> Op:
    return _effect_at(where, lambda run, sq: Capture(sq), off_board_goes_on=True)


def _flip_at(where: Loc) -> Op:
    return _effect_at(where, lambda run, sq: Flip(sq))


def _change_owner_at(where: Loc) -> Op:
    """The piece passes to the owner of the pieces the turn moves (docs/zrf.md)."""
    return _effect_at(where, lambda run, sq: ChangeOwner(sq, run.owner))


_ATOMS: dict[str, Op] = {
    "add": _add,
    "cascade": _cascade,
    "from": _from,
    "to": _to,
    "mark": _mark,
    "back": _back,
    "capture": _capture_at(_here),
    "flip": _flip_at(_here),
    "change-owner": _change_owner_at(_here),
}
_ATOM_SHAPES: dict[Op, Shape] = {
    **{op: STAY for op in _ATOMS.values()},
    _mark: MarkHere(),
    _back: Back(),
    _ATOMS["capture"]: Hit(),
}


# -- instruction forms -------------------------------------------------------------


def _verify(c: Compiler, node: Form) -> Op:
    if len(node.args) != 1:
        raise c.refuse("(verify …) with other than one condition", node)
    return c.shaped(c.cond(node.args[0]), STAY)


def _if(c: Compiler, node: Form) -> Op:
    if not node.args:
        raise c.refuse("(if) without a condition", node)
    test = c.cond(node.args[0])
    rest = list(node.args[1:])
    split = next((i for i, n in enumerate(rest) if isinstance(n, Atom) and n.text == "else"), None)
    then = c.block(rest if split is None else rest[:split])
    other = c.block(rest[split + 1 :]) if split is not None else ()

    def branch(run: Run) -> bool:
        return run_ops(then if test(run) else other, run)

    return c.shaped(branch, Branch(then, other))


def _while(c: Compiler, node: Form) -> Op:
    if not node.args:
        raise c.refuse("(while) without a condition", node)
    slide = _slide(c, node)
    if slide is not None:
        return slide
    test = c.cond(node.args[0])
    body = c.block(node.args[1:])
    source, line = c.world.source, node.line

    def loop(run: Run) -> bool:
        while test(run):
            run.count(line, source)
            if not run_ops(body, run):
                return False
        return True

    return c.shaped(loop, Loop(body))


def _slide(c: Compiler, node: Form) -> Op | None:
    """``(while empty? add DIR)``, a rider's slide and the commonest loop of all,
    as one operation doing what the three would, with no closure call per
    square; None for any other loop."""
    words = [a.text for a in node.args if isinstance(a, Atom)]
    names = c.world.directions
    if (
        len(words) != 3
        or len(node.args) != 3
        or words[:2] != ["empty?", "add"]
        or words[2] not in names
        or any(w in names or w in c.world.positions for w in words[:2])
    ):
        return None
    direction = words[2]
    source, line = c.world.source, node.line

    def slide(run: Run) -> bool:
        links = run.links[direction]
        while True:
            cur = run.cur
            if cur < 0 or run.board[cur] is not None:  # empty? is false: the loop ends
                return True
            run.count(line, source)
            run.emit()  # add
            if run.hit:
                return False  # a scan stops at the first move that hits
            target = links[cur]  # the direction's step
            if target < 0:
                return False
            run.cur = target

    return c.shaped(slide, Slide(direction))


def _add_form(c: Compiler, node: Form) -> Op:
    kinds = c.promotion(node.args)

    def add(run: Run) -> bool:
        run.emit(kinds)
        return True

    return c.shaped(add, STAY)


def _add_partial(c: Compiler, node: Form) -> Op:
    """``(add-partial [T…] [move-type])``: a step after which the same piece goes on
    with moves of the move type (of any type when none is named).  A last word
    that is a move type names it, even when a piece has that name too (Chu
    Shogi's ``Lion_part-move``), and so does a last word that names nothing:
    the checkers of CheckersCollection.zrf crown a man with
    ``(add-partial King notype)``, a type no piece has, so the turn ends."""
    return _partial_add(c, node, copy=False)


def _add_copy_partial(c: Compiler, node: Form) -> Op:
    """``(add-copy-partial [T…] [move-type])``: add-partial, leaving the piece on its
    origin too."""
    return _partial_add(c, node, copy=True)


def _partial_add(c: Compiler, node: Form, *, copy: bool) -> Op:
    c.partial_line = c.partial_line or node.line
    args = list(node.args)
    continuation = ""
    last = args[-1] if args else None
    if isinstance(last, Atom) and (
        last.text in c.world.move_types or last.text not in c.world.kinds
    ):
        continuation = last.text
        args.pop()
    kinds = c.promotion(args)

    def add(run: Run) -> bool:
        run.emit(kinds, partial=continuation, copy=copy)
        return True

    return c.shaped(add, STAY)


def _add_copy(c: Compiler, node: Form) -> Op:
    """``(add-copy [T…])``: add, the piece staying on its origin too."""
    kinds = c.promotion(node.args)

    def add(run: Run) -> bool:
        run.emit(kinds, copy=True)
        return True

    return c.shaped(add, STAY)


def _capture(c: Compiler, node: Form) -> Op:
    where = c.loc(node.args[0] if node.args else None)
    return c.shaped(_capture_at(where), c.places[where])


def _flip(c: Compiler, node: Form) -> Op:
    return c.shaped(_flip_at(c.loc(node.args[0] if node.args else None)), STAY)


def _change_owner(c: Compiler, node: Form) -> Op:
    return c.shaped(_change_owner_at(c.loc(node.args[0] if node.args else None)), STAY)


def _change_type(c: Compiler, node: Form) -> Op:
    if not node.args:
        raise c.refuse("(change-type) without a piece", node)
    kind = c.kind(node.args[0])
    where = c.loc(node.args[1] if len(node.args) > 1 else None)
    return c.shaped(_effect_at(where, lambda run, sq: ChangeType(sq, kind)), STAY)


def _create(c: Compiler, node: Form) -> Op:
    """``(create [Player] [Piece] [pos|dir])``: defaults are the owner of the pieces
    moved this turn, the moving piece's kind, the current position.  The owner,
    not the player: Daldosa's dice player ``?D`` moves for Black, and the saved
    game writes its marks as Black's (``Black D1 Y Black Mark z1``)."""
    player: int | None = None
    kind: str | None = None
    where: Loc = _here
    for arg in node.args:
        word = arg.text if isinstance(arg, Atom) else ""
        if word in c.world.players and player is None and kind is None:
            player = c.world.players[word]
        elif word in c.world.kinds and kind is None:
            kind = c.world.kinds[word]
        else:
            where = c.loc(arg)

    def created(run: Run, sq: int) -> Effect | None:
        owner = run.owner if player is None else player
        made = kind if kind is not None else (run.piece.kind if run.piece is not None else None)
        if made is None:
            return None
        return Create(sq, run.engine.make_piece(made, owner))

    return c.shaped(_effect_at(where, created), c.places[where])


def _set_attribute(c: Compiler, node: Form) -> Op:
    if len(node.args) != 2:
        raise c.refuse("(set-attribute …) without a name and a value", node)
    name = c.name(node.args[0])
    value = c.cond(node.args[1])
    return c.shaped(_effect_at(_here, lambda run, sq: SetAttribute(sq, name, value(run))), STAY)


def _set_flag(c: Compiler, node: Form) -> Op:
    if len(node.args) != 2:
        raise c.refuse("(set-flag …) without a name and a value", node)
    name = c.name(node.args[0])
    value = c.cond(node.args[1])

    def set_flag(run: Run) -> bool:
        run.flags[name] = value(run)
        return True

    return c.shaped(set_flag, STAY)


def _set_position_flag(c: Compiler, node: Form) -> Op:
    if len(node.args) not in (2, 3):
        raise c.refuse("(set-position-flag …) without a name and a value", node)
    name = c.name(node.args[0])
    value = c.cond(node.args[1])
    where = c.loc(node.args[2] if len(node.args) == 3 else None)

    def set_flag(run: Run) -> bool:
        # a flag for a position that is not there is set nowhere, and the move
        # goes on (Gufuu Shogi marks the squares a Kaze faces, off the board too)
        sq = where(run)
        if sq >= 0:
            run.pflags[name, sq] = value(run)
        return True

    return c.shaped(set_flag, STAY)


def _opposite(c: Compiler, node: Form) -> Op:
    if len(node.args) != 1 or not isinstance(node.args[0], Atom):
        raise c.refuse("(opposite …) without one direction", node)
    direction = node.args[0].text
    if direction not in c.world.directions:
        raise c.refuse(f"direction {shown(direction)}", node)
    backward = OPPOSITE_PREFIX + direction
    return c.shaped(_step(backward), Step(backward))


#: the name under which a direction's opposite is kept in the link tables
OPPOSITE_PREFIX = "\x00opposite "


def _go(c: Compiler, node: Form) -> Op:
    if len(node.args) != 1 or not isinstance(node.args[0], Atom):
        raise c.refuse("(go …) without one place", node)
    place = node.args[0].text

    def go_from(run: Run) -> bool:
        if run.frm is None:
            return False
        run.cur = run.frm
        return True

    def go_to(run: Run) -> bool:
        if run.to >= 0:
            run.cur = run.to
        return True

    def go_last(index: int) -> Op:
        def go(run: Run) -> bool:
            last = _last(run, index)
            if last < 0:
                return False
            run.cur = last
            return True

        return go

    chosen = {
        "from": go_from,
        "to": go_to,
        "mark": _back,  # (go mark) is back
        "last-from": go_last(0),
        "last-to": go_last(1),
    }.get(place)
    if chosen is None:
        raise c.refuse(f"(go {place})", node)
    return chosen


def _move_type(c: Compiler, node: Form) -> Op:
    raise c.refuse("(move-type …) inside a move block", node, "it belongs between blocks")


_FORMS: dict[str, Callable[[Compiler, Form], Op]] = {
    "verify": _verify,
    "if": _if,
    "while": _while,
    "add": _add_form,
    "add-partial": _add_partial,
    "add-copy": _add_copy,
    "add-copy-partial": _add_copy_partial,
    "capture": _capture,
    "flip": _flip,
    "change-owner": _change_owner,
    "change-type": _change_type,
    "create": _create,
    "set-attribute": _set_attribute,
    "set-flag": _set_flag,
    "set-position-flag": _set_position_flag,
    "opposite": _opposite,
    "go": _go,
    "move-type": _move_type,
}
#: the adds that may be written bare, as atoms, too
_ADD_FORMS = frozenset({"add-partial", "add-copy", "add-copy-partial"})


# -- predicates ----------------------------------------------------------------------


def _last(run: Run, index: int) -> int:
    """The origin (0) or destination (1) of the previous move, -1 if none."""
    run.read_last = True
    state = state_of(run.pos)
    return state.last_to if index else state.last_from


def _one_loc(c: Compiler, args: list[Node], node: Node, word: str) -> Loc:
    if len(args) > 1:
        raise c.refuse(f"({word} …) with {len(args)} arguments", node)
    return c.loc(args[0] if args else None)


def _square_test(
    test: Callable[[Run, Piece | None], bool],
) -> Callable[[Compiler, list[Node], Node], Cond]:
    """A predicate on the piece at one location (here, a direction away, a position);
    false on a square that is not there."""

    def build(c: Compiler, args: list[Node], node: Node) -> Cond:
        where = _one_loc(c, args, node, "predicate")
        if where is _here:  # the commonest place, read without a call

            def cond_here(run: Run) -> bool:
                sq = run.cur
                return sq >= 0 and test(run, run.board[sq])

            return cond_here

        def cond(run: Run) -> bool:
            sq = where(run)
            return sq >= 0 and test(run, run.board[sq])

        return cond

    return build


def _empty(run: Run, piece: Piece | None) -> bool:
    return piece is None


def _friend(run: Run, piece: Piece | None) -> bool:
    return run.is_friend(piece)


def _enemy(run: Run, piece: Piece | None) -> bool:
    return run.is_enemy(piece)


def _neutral(run: Run, piece: Piece | None) -> bool:
    return piece is not None and piece.color is None


def _piece_test(c: Compiler, args: list[Node], node: Node) -> Cond:
    if not args:
        raise c.refuse("(piece?) without a piece", node)
    kind = c.kind(args[0])
    where = _one_loc(c, args[1:], node, "piece?")
    if where is _here:  # the commonest place, read without a call

        def cond_here(run: Run) -> bool:
            sq = run.cur
            piece = run.board[sq] if sq >= 0 else None
            return piece is not None and piece.kind == kind

        return cond_here

    def cond(run: Run) -> bool:
        sq = where(run)
        piece = run.board[sq] if sq >= 0 else None
        return piece is not None and piece.kind == kind

    return cond


def _joined(parts: tuple[Cond, ...], every: bool) -> Cond:
    """``(and …)`` (``every``) or ``(or …)`` of compiled conditions, stopping at the
    first that decides.  A loop, not ``all()`` over a generator: conditions are the
    engine's innermost calls (Chessence's check test asks millions)."""
    if len(parts) == 2:
        first, second = parts
        if every:
            return lambda run: first(run) and second(run)
        return lambda run: first(run) or second(run)

    def all_of(run: Run) -> bool:
        for part in parts:  # noqa: SIM110 (a generator is the cost saved here)
            if not part(run):
                return False
        return True

    def any_of(run: Run) -> bool:
        for part in parts:  # noqa: SIM110 (a generator is the cost saved here)
            if part(run):
                return True
        return False

    return all_of if every else any_of


def _on_board(c: Compiler, args: list[Node], node: Node) -> Cond:
    where = _one_loc(c, args, node, "on-board?")
    return lambda run: where(run) >= 0


def _in_zone(c: Compiler, args: list[Node], node: Node) -> Cond:
    if not args:
        raise c.refuse("(in-zone?) without a zone", node)
    zone = c.name(args[0])
    if zone not in c.world.zones:
        raise c.refuse(f"zone {shown(zone)}", node, "no (zone …) of that name")
    where = _one_loc(c, args[1:], node, "in-zone?")

    def cond(run: Run) -> bool:
        sq = where(run)
        return sq >= 0 and run.engine.in_zone(zone, run.owner, sq)

    return cond


def _last_test(index: int) -> Callable[[Compiler, list[Node], Node], Cond]:
    def build(c: Compiler, args: list[Node], node: Node) -> Cond:
        where = _one_loc(c, args, node, "last-from?")

        def cond(run: Run) -> bool:
            sq = where(run)
            return sq >= 0 and sq == _last(run, index)

        return cond

    return build


def _flag(c: Compiler, args: list[Node], node: Node) -> Cond:
    if len(args) != 1:
        raise c.refuse("(flag? …) without one name", node)
    name = c.name(args[0])
    return lambda run: run.flags.get(name, False)


def _position_flag(c: Compiler, args: list[Node], node: Node) -> Cond:
    if not args:
        raise c.refuse("(position-flag? …) without a name", node)
    name = c.name(args[0])
    where = _one_loc(c, args[1:], node, "position-flag?")

    def cond(run: Run) -> bool:
        sq = where(run)
        return sq >= 0 and run.pflags.get((name, sq), False)

    return cond


def _attack_test(by_enemy: bool) -> Callable[[Compiler, list[Node], Node], Cond]:
    """``(attacked? [move-type] [pos|dir])`` and ``defended?``."""

    def build(c: Compiler, args: list[Node], node: Node) -> Cond:
        move_type: str | None = None
        rest = list(args)
        first = rest[0] if rest else None
        if isinstance(first, Atom) and first.text in c.world.move_types:
            move_type = first.text
            rest.pop(0)
        where = _one_loc(c, rest, node, "attacked?")

        def cond(run: Run) -> bool:
            sq = where(run)
            return sq >= 0 and run.engine.attacked(run, sq, move_type, by_enemy)

        return cond

    return build


def _position_is(c: Compiler, args: list[Node], node: Node) -> Cond:
    if len(args) != 1:
        raise c.refuse("(position? …) without one position", node)
    name = c.name(args[0])
    if name not in c.world.positions:
        raise c.refuse(f"position {shown(name)}", node)
    index = c.world.positions[name]
    return lambda run: run.cur == index


def _marked(c: Compiler, args: list[Node], node: Node) -> Cond:
    where = _one_loc(c, args, node, "marked?")
    return lambda run: where(run) == run.mark


def _has_attribute(name: str, where: Loc) -> Cond:
    def cond(run: Run) -> bool:
        sq = where(run)
        piece = run.board[sq] if sq >= 0 else None
        return piece is not None and name in piece.attributes

    return cond


_PREDICATES: dict[str, Callable[[Compiler, list[Node], Node], Cond]] = {
    "empty?": _square_test(_empty),
    "friend?": _square_test(_friend),
    "enemy?": _square_test(_enemy),
    "neutral?": _square_test(_neutral),
    "piece?": _piece_test,
    "on-board?": _on_board,
    "in-zone?": _in_zone,
    "last-from?": _last_test(0),
    "last-to?": _last_test(1),
    "flag?": _flag,
    "position-flag?": _position_flag,
    "attacked?": _attack_test(True),
    "defended?": _attack_test(False),
    "position?": _position_is,
    "marked?": _marked,
}
