"""Where a piece can get to: the move graph of a piece kind on the empty board.

Nodes are the squares present under the chosen terrain; an edge ``a -> b`` means
one move of the piece, alone on the board, takes it from ``a`` to ``b`` (moves
that leave it where it stood — a shot, a bridge built — are no edges).  With
``captures`` the graph also has the edges of captures of a lone enemy, which
is what matters for pawns (a pawn changes file only by capturing).

Everything is read from the graph, never from a list of known pieces:
colour-binding is the graph falling apart into weakly connected classes, one-way
moves show as strongly connected components finer than those classes.
Distances are computed with breadth-first search over bit masks, which is fast
enough for every kind of a 12 x 12 game in well under a second.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from trebuchet.analysis.board import AnalysisError, PieceForm, empty_position, walls_for
from trebuchet.analysis.mobility import betza_counted
from trebuchet.analysis.moves import (
    capture_squares,
    check_board_work,
    destination,
    generate,
    present_squares,
)
from trebuchet.analysis.output import visible_text
from trebuchet.analysis.paths import lone_enemy_captures
from trebuchet.converters.json_text import json_text
from trebuchet.variants.errors import shown
from trebuchet.variants.game import Game
from trebuchet.variants.pieces import BLACK, WALL

if TYPE_CHECKING:
    import networkx as nx


def _networkx() -> Any:
    """networkx, imported on first use: it costs about 80 ms of start-up, which only
    the graph functions need (``import trebuchet`` and the CLI should not pay it)."""
    import networkx  # here, not at the top: see the docstring

    return networkx


def move_graph(
    variant: Game, form: PieceForm, terrain: str = "start", *, captures: bool = False
) -> nx.DiGraph:
    """The DiGraph of ``form``'s moves on the empty board (see the module docstring)."""
    pos = empty_position(variant, walls_for(variant, terrain))
    walls = frozenset(sq for sq, p in enumerate(pos.board) if p is WALL)
    names = variant.geometry.names
    graph = _networkx().DiGraph(variant=variant.name, piece=form.label, terrain=terrain)
    squares = present_squares(pos)
    for sq in squares:
        graph.add_node(sq, name=names[sq])
    piece = form.piece(variant)
    enemy = variant.piece(form.kind, BLACK)
    check_board_work(len(squares), piece, f"reachability of {form.label}")
    for sq in squares:
        pos.board[sq] = piece
        ends = {destination(m, sq) for m in generate(pos, sq, piece)}
        pos.board[sq] = None
        if captures:
            if betza_counted(variant, form):
                ends |= lone_enemy_captures(variant, form.kind, sq, walls)
            else:
                ends |= set(capture_squares(pos, sq, piece, enemy))
        graph.add_edges_from((sq, t) for t in ends if t != sq and t in graph)
    return graph


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def distance_maps(graph: nx.DiGraph) -> dict[int, dict[int, int]]:
    """For every square, the squares it reaches and in how many moves (itself at 0)."""
    adjacency = {n: sum(1 << t for t in graph.successors(n)) for n in graph.nodes}
    maps: dict[int, dict[int, int]] = {}
    for source in graph.nodes:
        seen = 1 << source
        frontier = [source]
        dist = {source: 0}
        step = 0
        while frontier:
            step += 1
            reach = 0
            for node in frontier:
                reach |= adjacency[node]
            new = reach & ~seen
            seen |= new
            frontier = _bits(new)
            for node in frontier:
                dist[node] = step
        maps[source] = dist
    return maps


@dataclass
class Reachability:
    """What the move graph says about a piece form on a board."""

    variant: str
    form: PieceForm
    terrain: str
    graph: nx.DiGraph
    distances: dict[int, dict[int, int]]
    classes: list[list[int]] = field(default_factory=list)
    components: list[list[int]] = field(default_factory=list)

    @property
    def squares(self) -> int:
        return int(self.graph.number_of_nodes())

    @property
    def binding(self) -> str:
        """``none``; ``bound`` (the board splits into classes it never leaves);
        ``one-way`` (one class, but some squares cannot be got back to)."""
        if len(self.classes) > 1:
            return "bound"
        return "one-way" if len(self.components) > 1 else "none"

    def eccentricity(self) -> dict[int, int]:
        """Per square, the most moves needed to reach any square it can reach."""
        return {sq: max(d.values()) for sq, d in self.distances.items()}

    @property
    def diameter(self) -> int:
        """The longest shortest path between two squares with a path between them."""
        return max(self.eccentricity().values(), default=0)

    @property
    def average_distance(self) -> float:
        """Mean moves over ordered pairs of distinct squares with a path between them."""
        values = [n for d in self.distances.values() for t, n in d.items() if n]
        return statistics.fmean(values) if values else 0.0

    @property
    def reachable_fraction(self) -> float:
        """Share of ordered pairs of distinct squares joined by some path."""
        n = self.squares
        pairs = sum(len(d) - 1 for d in self.distances.values())
        return pairs / (n * (n - 1)) if n > 1 else 1.0

    def never_leaves(self) -> list[int]:
        """Squares with no move out (a pawn on its last rank)."""
        return sorted(n for n in self.graph.nodes if self.graph.out_degree(n) == 0)

    def never_reaches(self) -> list[int]:
        """Squares no move leads to (a pawn's first rank)."""
        return sorted(n for n in self.graph.nodes if self.graph.in_degree(n) == 0)

    def summary(self, names: tuple[str, ...]) -> dict[str, Any]:
        """Figures for tables and JSON, squares by name."""
        return {
            "variant": self.variant,
            "piece": self.form.label,
            "name": self.form.name,
            "terrain": self.terrain,
            "squares": self.squares,
            "binding": self.binding,
            "classes": len(self.classes),
            "class_sizes": sorted((len(c) for c in self.classes), reverse=True),
            "strong_components": len(self.components),
            "diameter": self.diameter,
            "average_distance": round(self.average_distance, 4),
            "reachable_fraction": round(self.reachable_fraction, 4),
            "never_leaves": [names[s] for s in self.never_leaves()],
            "never_reaches": [names[s] for s in self.never_reaches()],
        }


#: the most steps the distances from every square may take (squares x moves):
#: FIDE chess's Queen 93,000, Titan Chess's 12 x 12 board some 600,000, a 141 x
#: 141 board of Rooks 110,000,000,000 (refused: it ran for minutes)
MAX_DISTANCE_WORK = 200_000_000


def reachability(
    variant: Game, form: PieceForm, terrain: str = "start", *, captures: bool = False
) -> Reachability:
    """Build the graph of ``form`` and read its distances and components."""
    graph = move_graph(variant, form, terrain, captures=captures)
    pairs = graph.number_of_nodes() * graph.number_of_edges()
    if pairs > MAX_DISTANCE_WORK:
        raise AnalysisError(
            f"reachability of {form.label}: distances from each of {graph.number_of_nodes()} "
            f"squares along {graph.number_of_edges()} moves are more than "
            f"{MAX_DISTANCE_WORK:,} steps; too much to measure"
        )
    order: Callable[[set[int]], list[int]] = sorted
    networkx = _networkx()
    classes = sorted((order(c) for c in networkx.weakly_connected_components(graph)), key=min)
    components = sorted((order(c) for c in networkx.strongly_connected_components(graph)), key=min)
    return Reachability(
        variant.name, form, terrain, graph, distance_maps(graph), classes, components
    )


def distances_from(result: Reachability, variant: Game, square: str) -> dict[int, int]:
    """The distance map from the square named ``square``."""
    geo = variant.geometry
    sq = geo.index_of(square)
    if sq is None:
        raise AnalysisError(
            f"no square {shown(square)} on a {geo.files}x{geo.ranks} board"
        )
    if sq not in result.distances:
        raise AnalysisError(f"{square} is not a square of the board under this terrain")
    return result.distances[sq]


# -- export ---------------------------------------------------------------------


def _named(graph: nx.DiGraph) -> nx.DiGraph:
    """The same graph with square names as node ids (what other tools want to read),
    names and the graph's texts made :func:`visible_text` so that XML can hold them."""
    names = {n: visible_text(graph.nodes[n]["name"]) for n in graph.nodes}
    named = _networkx().relabel_nodes(graph, names)
    for node in named.nodes:
        named.nodes[node].pop("name", None)
    for key, value in list(named.graph.items()):
        if isinstance(value, str):
            named.graph[key] = visible_text(value)
    return named


def to_graphml(graph: nx.DiGraph) -> str:
    return "\n".join(_networkx().generate_graphml(_named(graph))) + "\n"


def to_dot(graph: nx.DiGraph) -> str:
    """Graphviz DOT, written by hand (no pydot needed); every name a quoted ID."""
    title = f"{graph.graph.get('variant', '')} {graph.graph.get('piece', '')}".strip()
    names = {n: dot_id(graph.nodes[n]["name"]) for n in graph.nodes}
    lines = [f"digraph {dot_id(title)} {{"]
    lines += [f"  {names[node]};" for node in sorted(graph.nodes)]
    lines += [f"  {names[a]} -> {names[b]};" for a, b in sorted(graph.edges)]
    lines.append("}")
    return "\n".join(lines) + "\n"


def dot_id(text: str) -> str:
    r"""``text`` as a DOT quoted ID: ``"`` and ``\`` escaped, so that a name
    ending in ``\`` cannot swallow the quote after it, and the characters DOT
    cannot hold written visibly (:func:`visible_text`).

    >>> print(dot_id('a"b\\'))
    "a\"b\\"
    """
    escaped = visible_text(text).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def to_json(result: Reachability, names: tuple[str, ...], source: int | None = None) -> str:
    """The summary, the edges, the classes and (with ``source``) a distance map."""
    data = result.summary(names)
    data["classes_squares"] = [[names[s] for s in c] for c in result.classes]
    data["edges"] = [[names[a], names[b]] for a, b in sorted(result.graph.edges)]
    if source is not None:
        data["from"] = names[source]
        data["distances"] = {names[t]: d for t, d in sorted(result.distances[source].items())}
    return json_text(data, indent=1) + "\n"
