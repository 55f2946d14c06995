"""The goals of a Zillions game: win, loss, draw and count conditions as tests.

A goal is compiled once per game into a closure ``test(pos, player, stuck)``:
whether it holds for ``player`` in ``pos``, where ``stuck`` says that the player
to move has no legal move.  The semantics, and where the reference is silent
what trebuchet rules, are in docs/zrf.md ("How a game ends"):

* ``checkmated T…`` and ``stalemated`` hold for the player to move when it has
  no legal move: checkmated when one of its pieces of the kinds T could be
  captured by the next player, stalemated when no piece of any kind its
  ``checkmated`` goals name could be (so that a checkmate is never also the
  stalemate of the same file's draw condition);
* ``pieces-remaining N T…`` holds when the player has exactly N pieces (of the
  kinds T), ``total-piece-count N T…`` when all players together have; under
  ``"include off-pieces"`` the pieces in reserve count too;
* ``captured T…`` holds right after a move that took one of the player's T off
  the board;
* ``absolute-config T… (P…)`` holds when each listed position holds one of the
  occupants T (a zone: one of its positions does); ``relative-config`` when
  occupants stand one after another along the given directions, anywhere;
* ``repetition`` holds for the player whose move made the position occur the
  third time;
* ``and``, ``or`` and ``not`` combine goals.

An occupant is a piece name (the player's own), ``(opponent T)``,
``(any-owner T)``, or ``(not O)`` for any of those.  A form the engine does not
know is refused when the game is loaded, in one line naming it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeGuard

from trebuchet.variants.errors import shown
from trebuchet.variants.pieces import WALL, Piece
from trebuchet.variants.position import Position
from trebuchet.variants.zrf.errors import ZrfError
from trebuchet.variants.zrf.tree import Atom, Form, Node

if TYPE_CHECKING:
    from trebuchet.variants.zrf.game import ZrfVariant

Test = Callable[[Position, int, bool], bool]
"""Whether a goal holds for a player in a position (the flag: the player to move
has no legal move)."""

Occupant = Callable[[Piece | None, int], bool]
"""Whether what stands on a square (None: nothing) fits, for a player."""

#: how many times a position must occur for the ``repetition`` goal
REPETITIONS = 3

#: the goals a file may write bare, without parentheses
BARE_GOALS = ("stalemated", "repetition")

#: the name an outcome gives each kind of goal (python-chess's where it has one)
TERMINATIONS = {
    "checkmated": "checkmate",
    "stalemated": "stalemate",
    "pieces-remaining": "pieces_remaining",
    "total-piece-count": "total_piece_count",
    "captured": "captured",
    "absolute-config": "absolute_config",
    "relative-config": "relative_config",
    "repetition": "repetition",
}


class Goal:
    """One condition of a game, compiled: ``holds(pos, player, stuck)``."""

    def __init__(self, game: ZrfVariant, node: Node) -> None:
        compiler = _Compiler(game)
        self.test = compiler.goal(node)
        #: how an outcome names it: the kind of its goals, when they are of one kind
        self.name = compiler.termination()

    def holds(self, pos: Position, player: int, stuck: bool) -> bool:
        return self.test(pos, player, stuck)


class _Compiler:
    """Compiles one goal of ``game``, remembering the kinds of goal it met."""

    def __init__(self, game: ZrfVariant) -> None:
        self.game = game
        self.source = game.spec.source
        self.heads: list[str] = []

    def termination(self) -> str:
        names = {TERMINATIONS[h] for h in self.heads}
        return names.pop() if len(names) == 1 else "goal"

    def goal(self, node: Node) -> Test:
        if isinstance(node, Atom) and node.text in BARE_GOALS:
            head, args = node.text, []  # written bare or in parentheses alike
        elif isinstance(node, Form) and node.head:
            head, args = node.head, list(node.args)
        else:
            raise self.refused(f"goal {shown(_render(node))}", node)
        if head in ("and", "or") and args:
            parts = [self.goal(a) for a in args]
            if head == "and":
                return lambda pos, player, stuck: all(p(pos, player, stuck) for p in parts)
            return lambda pos, player, stuck: any(p(pos, player, stuck) for p in parts)
        if head == "not" and len(args) == 1:
            inner = self.goal(args[0])
            return lambda pos, player, stuck: not inner(pos, player, stuck)
        build = _BUILDERS.get(head)
        if build is None:
            raise self.refused(f"goal ({head} …)", node)
        self.heads.append(head)
        return build(self, args, node)

    # -- the goals ----------------------------------------------------------------
    def checkmated(self, args: list[Node], node: Node) -> Test:
        game = self.game
        kinds = self.kinds(args, node)
        if not kinds:
            raise ZrfError("(checkmated) names no piece", self.source, node.line)

        def test(pos: Position, player: int, stuck: bool) -> bool:
            return stuck and pos.turn == player and game.threatened(pos, player, kinds)

        return test

    def stalemated(self, args: list[Node], node: Node) -> Test:
        game = self.game

        def test(pos: Position, player: int, stuck: bool) -> bool:
            return stuck and pos.turn == player and not game.in_check(pos, player)

        return test

    def pieces_remaining(self, args: list[Node], node: Node) -> Test:
        count, kinds = self.counted(args, node)
        game = self.game

        def test(pos: Position, player: int, stuck: bool) -> bool:
            return game.pieces_remaining(pos, player, kinds, beyond=count) == count

        return test

    def total_piece_count(self, args: list[Node], node: Node) -> Test:
        count, kinds = self.counted(args, node)
        game = self.game

        def test(pos: Position, player: int, stuck: bool) -> bool:
            return game.pieces_remaining(pos, None, kinds, beyond=count) == count

        return test

    def captured(self, args: list[Node], node: Node) -> Test:
        kinds = self.kinds(args, node)
        game = self.game

        def test(pos: Position, player: int, stuck: bool) -> bool:
            taken = game.last_removed(pos)
            return any(p.color == player and (not kinds or p.kind in kinds) for p in taken)

        return test

    def repetition(self, args: list[Node], node: Node) -> Test:
        game = self.game

        def test(pos: Position, player: int, stuck: bool) -> bool:
            # the goal is the repeater's: the player whose move made the repetition
            if pos.last_turn() != player or pos.halfmove < REPETITIONS - 1:
                return False
            return pos.repetitions(game.repetition_key) >= REPETITIONS

        return test

    def absolute_config(self, args: list[Node], node: Node) -> Test:
        """``(absolute-config O… (P…))``: each position P holds one of the occupants
        (a zone: one of its positions does).  Positions may also be written bare
        (Luzhanqi's ``(absolute-config FieldMarshalFlag b1)``)."""
        game = self.game
        occupants: list[Occupant] = []
        places: list[str] = []
        for arg in args:
            if isinstance(arg, Form) and arg.head not in _OCCUPANT_HEADS:
                places.extend(self.word(item) for item in arg.items)
            elif isinstance(arg, Atom) and arg.text not in game.kinds and self.is_place(arg.text):
                places.append(arg.text)
            else:
                occupants.append(self.occupant(arg))
        if not occupants or not places:
            raise ZrfError(
                f"(absolute-config …) needs pieces and positions: {shown(_render(node))}",
                self.source,
                node.line,
            )
        for place in places:
            if not self.is_place(place):
                raise ZrfError(
                    f"absolute-config {shown(place)} is no position or zone", self.source, node.line
                )

        def test(pos: Position, player: int, stuck: bool) -> bool:
            board = pos.board
            return all(
                any(_fits(occupants, board[sq], player) for sq in game.place_squares(place, player))
                for place in places
            )

        return test

    def relative_config(self, args: list[Node], node: Node) -> Test:
        """``(relative-config O D… O D… O)``: occupants one after another, each the
        given directions (several: that many steps) from the one before, starting
        anywhere; directions turn with the player's symmetry."""
        game = self.game
        chain: list[tuple[tuple[str, ...], Occupant]] = []
        steps: list[str] = []
        for arg in args:
            if isinstance(arg, Atom) and arg.text in game.spec.board.links:
                steps.append(arg.text)
                continue
            if chain and not steps:
                raise ZrfError(
                    f"relative-config: two occupants with no direction between them in "
                    f"{shown(_render(node))}",
                    self.source,
                    node.line,
                )
            chain.append((tuple(steps), self.occupant(arg)))
            steps = []
        if not chain or steps:
            raise ZrfError(
                f"relative-config must start and end with a piece: {shown(_render(node))}",
                self.source,
                node.line,
            )
        first, rest = chain[0][1], chain[1:]

        def test(pos: Position, player: int, stuck: bool) -> bool:
            board = pos.board
            links = game.player_links(player)
            for start in game.positions():
                if not first(board[start], player):
                    continue
                sq = start
                for directions, occupant in rest:
                    for d in directions:
                        sq = links[d][sq]
                        if sq < 0:
                            break
                    if sq < 0 or not occupant(board[sq], player):
                        break
                else:
                    return True
            return False

        return test

    # -- pieces, counts and places ------------------------------------------------
    def occupant(self, node: Node) -> Occupant:
        """A piece name (the player's own), ``(opponent T)``, ``(any-owner T)``, or
        ``(not O)``."""
        if isinstance(node, Form) and node.head == "not" and len(node.args) == 1:
            inner = self.occupant(node.args[0])
            return lambda piece, player: not inner(piece, player)
        owner = node.head if isinstance(node, Form) else "own"
        if owner in ("opponent", "any-owner") and isinstance(node, Form) and len(node.args) == 1:
            kind = self.kind(node.args[0], node)
        elif isinstance(node, Atom):
            kind = self.kind(node, node)
        else:
            raise self.refused(f"occupant {shown(_render(node))}", node)

        def fits(piece: Piece | None, player: int) -> bool:
            if not _owned(piece, kind):
                return False
            if owner == "own":
                return piece.color == player
            return owner == "any-owner" or piece.color != player

        return fits

    def kind(self, node: Node, where: Node) -> str:
        name = self.word(node)
        if name not in self.game.kinds:
            raise ZrfError(f"goal names no piece {shown(name)}", self.source, where.line)
        return self.game.kinds[name]

    def kinds(self, args: Sequence[Node], node: Node) -> frozenset[str]:
        return frozenset(self.kind(a, node) for a in args)

    def counted(self, args: list[Node], node: Node) -> tuple[int, frozenset[str]]:
        if not args or not self.word(args[0]).isdigit():
            raise ZrfError(f"({node.head if isinstance(node, Form) else node} …) needs a count",
                           self.source, node.line)
        return int(self.word(args[0])), self.kinds(args[1:], node)

    def is_place(self, name: str) -> bool:
        return self.game.geometry.index_of(name) is not None or name in self.game.zone_names

    def word(self, node: Node) -> str:
        if not isinstance(node, Atom):
            raise ZrfError(f"expected a name, found {_render(node)[:40]}", self.source, node.line)
        return node.text

    def refused(self, what: str, node: Node) -> ZrfError:
        return ZrfError(
            f"{what} is not supported by trebuchet's ZRF engine", self.source, node.line
        )


_Builder = Callable[[_Compiler, list[Node], Node], Test]

_BUILDERS: dict[str, _Builder] = {
    "checkmated": _Compiler.checkmated,
    "stalemated": _Compiler.stalemated,
    "pieces-remaining": _Compiler.pieces_remaining,
    "total-piece-count": _Compiler.total_piece_count,
    "captured": _Compiler.captured,
    "repetition": _Compiler.repetition,
    "absolute-config": _Compiler.absolute_config,
    "relative-config": _Compiler.relative_config,
}

_OCCUPANT_HEADS = ("not", "opponent", "any-owner")


def _owned(piece: Piece | None, kind: str) -> TypeGuard[Piece]:
    """Whether ``piece`` is a piece of ``kind`` (nothing, a missing square: no)."""
    return piece is not None and piece is not WALL and piece.kind == kind


def _fits(occupants: list[Occupant], piece: Piece | None, player: int) -> bool:
    return any(fits(piece, player) for fits in occupants)


def _render(node: Node) -> str:
    return node.render() if isinstance(node, Form) else node.text


def named_kinds(head: str, node: Node) -> list[str]:
    """The piece names of every ``(head T…)`` in a condition (``checkmated``,
    ``captured``): which kinds the check rule guards."""
    if not isinstance(node, Form):
        return []
    if node.head == head:
        return [a.text for a in node.args if isinstance(a, Atom)]
    found: list[str] = []
    for item in node.items:
        found.extend(named_kinds(head, item))
    return found


__all__ = ["BARE_GOALS", "REPETITIONS", "Goal", "Test", "named_kinds"]
