"""What every analysis needs: naming a piece, choosing terrain, building test boards.

Analysis works on *piece forms*: a kind plus the cargo it carries (a Troy Horse
with its Archer moves differently from an empty one), always as White, so that
"forward" means up the board.  Terrain is read off the variant's start position:
its missing squares (the Catapults of Troy river) are the holes, and ``open``
terrain fills every hole (all bridges built).

:func:`betza_variant` builds a throw-away variant on any board from Betza
strings, so an inventor can measure a piece before writing a variant module,
and so tests can compare against Fairy-Stockfish's move sets.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from trebuchet.variants.betza import parse_betza
from trebuchet.variants.errors import TrebuchetError
from trebuchet.variants.game import Game
from trebuchet.variants.pieces import WALL, WHITE, BetzaPiece, Piece, PieceType, Player
from trebuchet.variants.position import Position
from trebuchet.variants.variant import Variant

TERRAINS = ("start", "open")
"""``start``: holes as in the start position; ``open``: every hole filled (all bridges)."""


class AnalysisError(TrebuchetError):
    """An analysis request that cannot be met (unknown piece, bad density, bad square)."""


@dataclass(frozen=True)
class PieceForm:
    """A piece kind as analysed: its letter, what it carries, and a readable name."""

    kind: str
    cargo: tuple[str, ...]
    name: str

    @property
    def label(self) -> str:
        """The FEN spelling: ``N``, ``H(A)``."""
        return self.kind + (f"({''.join(self.cargo)})" if self.cargo else "")

    def piece(self, variant: Game, color: Player = WHITE) -> Piece:
        return variant.piece(self.kind, color, self.cargo)

    def ptype(self, variant: Game) -> PieceType:
        return variant.types[self.kind]


def piece_forms(variant: Game) -> list[PieceForm]:
    """Every kind empty-handed, then each loaded form that stands in the start position."""
    forms = [PieceForm(t.letter, (), t.name) for t in variant.types.values()]
    seen = {f.label for f in forms}
    for _, piece in variant.start_position().pieces(WHITE):
        form = _form(variant, piece.kind, piece.cargo)
        if form.label not in seen:
            seen.add(form.label)
            forms.append(form)
    return forms


def _form(variant: Game, kind: str, cargo: tuple[str, ...]) -> PieceForm:
    name = variant.types[kind].name
    if cargo:
        carried = ", ".join(variant.types[k].name for k in cargo)
        name = f"{name} carrying {carried}"
    return PieceForm(kind, cargo, name)


_SPEC = re.compile(r"^([A-Za-z])(?:\(([A-Za-z]*)\))?$")


def _folded(text: str) -> str:
    return re.sub(r"[\s_-]+", "", text).lower()


def find_piece(variant: Game, spec: str) -> PieceForm:
    """The form named ``spec``: a FEN letter (``N``, ``h(a)``) or a kind's name."""
    text = spec.strip()
    match = _SPEC.match(text)
    if match is not None and match.group(1).upper() in variant.types:
        kind = match.group(1).upper()
        cargo = tuple(c.upper() for c in match.group(2) or "")
        unknown = [c for c in cargo if c not in variant.types]
        if unknown:
            raise AnalysisError(f"{variant.name} has no piece {unknown[0]!r} to carry")
        return _form(variant, kind, tuple(variant.piece(kind, WHITE, cargo).cargo))
    for form in piece_forms(variant):
        if _folded(form.name) == _folded(text):
            return form
    known = ", ".join(f"{t.letter} {t.name}" for t in variant.types.values())
    raise AnalysisError(f"{variant.name} has no piece {spec!r} (known: {known})")


def holes(variant: Game) -> frozenset[int]:
    """Squares missing in the start position (unbridged river squares, holes)."""
    return frozenset(sq for sq, p in enumerate(variant.start_position().board) if p is WALL)


def walls_for(variant: Game, terrain: str) -> frozenset[int]:
    """The missing squares under ``terrain`` (one of :data:`TERRAINS`)."""
    if terrain not in TERRAINS:
        raise AnalysisError(f"unknown terrain {terrain!r} (known: {', '.join(TERRAINS)})")
    return holes(variant) if terrain == "start" else frozenset()


def zone_squares(variant: Game, name: str) -> frozenset[int]:
    """The squares of the zone ``name``: the first player's (whose pieces analysis
    measures), else those of the first player that has one.  AnalysisError lists
    the zones there are."""
    for player in variant.player_range:
        squares = variant.zones(player).get(name)
        if squares is not None:
            return squares
    known = sorted({zone for player in variant.player_range for zone in variant.zones(player)})
    if not known:
        raise AnalysisError(
            f"{variant.name} has no zones (zones are declared by Zillions rules files)"
        )
    raise AnalysisError(f"{variant.name} has no zone {name!r} (its zones: {', '.join(known)})")


def empty_position(variant: Game, walls: Iterable[int], turn: Player = WHITE) -> Position:
    """A position with nothing on the board but the given holes."""
    pos = Position(variant)
    for sq in walls:
        pos.board[sq] = WALL
    pos.turn = turn
    return pos


def parse_board_size(text: str) -> tuple[int, int]:
    """``10x8`` -> (10, 8): files then ranks."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if match is None:
        raise AnalysisError(f"board size {text!r}: expected FILESxRANKS such as 10x8")
    files, ranks = int(match.group(1)), int(match.group(2))
    if not (1 <= files <= 26 and 1 <= ranks <= 99):
        raise AnalysisError(f"board size {text!r}: files must be 1-26 and ranks 1-99")
    return files, ranks


def betza_variant(pieces: Mapping[str, str], files: int, ranks: int) -> Game:
    """A variant with an empty start position whose kinds are ``letter -> Betza`` pieces.

    The kinds have no initial (Betza ``i``) squares, as Fairy-Stockfish treats
    custom pieces.  Built once per argument set.
    """
    return _betza_variant(tuple(pieces.items()), files, ranks)


@lru_cache(maxsize=512)
def _betza_variant(pieces: tuple[tuple[str, str], ...], files: int, ranks: int) -> Game:
    for _, betza in pieces:
        parse_betza(betza)  # a BetzaError names the bad part before any class is built

    def piece_types(self: Game) -> list[PieceType]:
        return [BetzaPiece(letter, betza, betza) for letter, betza in pieces]

    attributes = {
        "name": f"betza-{files}x{ranks}",
        "title": f"Betza pieces on {files}x{ranks}",
        "files": files,
        "ranks": ranks,
        "start_fen": "/".join([str(files)] * ranks) + " w - - 0 1",
        "pawn_kinds": frozenset(),
        "piece_types": piece_types,
    }
    cls = type("BetzaBoard", (Variant,), attributes)
    variant: Game = cls()
    return variant


def adhoc_letters(count: int) -> str:
    """Letters for ad-hoc Betza pieces given on the command line."""
    pool = "XYZUVTSJLOGDAQ"
    if count > len(pool):
        raise AnalysisError(f"at most {len(pool)} Betza pieces at a time")
    return pool[:count]
