"""trebuchet: read, write, replay and analyse chess-variant game files.

The public API is this package's root: variants and positions, moves and their
actions, game records in every format, replay with its errors, mobility and
reachability.  Submodules are the implementation; what is re-exported here is
what stays stable.

>>> import trebuchet
>>> pos = trebuchet.get_variant("chess").start_position()
>>> pos.push_text("e4")
Move(12, 28, (Relocate(frm=12, to=28),))
>>> pos.fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'

A Zillions rules file is a game too, behind the same interface (:class:`Game`):

>>> zrf = trebuchet.load_variant("examples/zillions/chess.zrf")
>>> start = zrf.start_position()
>>> len(zrf.legal_moves(start)), zrf.move_text(start, start.parse_move("e2e4"))
(20, 'Pawn e2 - e4')

Records in and out (:func:`read_games`, :func:`replay`, :func:`write_games`), and
the pictures: a board as SVG, a game as one viewer page.

>>> record = next(iter(trebuchet.read_games("examples/zillions/fools-mate.zsg")))
>>> final = trebuchet.replay(record)
>>> final.outcome()
Outcome(termination='checkmate', winner=1)
>>> trebuchet.board_svg(final, "Fool's mate").startswith("<svg")
True
>>> "<html" in trebuchet.game_html(record)
True
"""

from __future__ import annotations

import importlib
import importlib.util
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the names are; at run time each is imported when first used
    from trebuchet.analysis.board import (
        AnalysisError,
        PieceForm,
        find_piece,
        piece_forms,
    )
    from trebuchet.analysis.mobility import Mobility, MobilityRow, empty_board, report
    from trebuchet.analysis.reachability import Reachability
    from trebuchet.analysis.svg import board_svg
    from trebuchet.converters.formats import FORMATS, detect_format
    from trebuchet.converters.load import load_variant
    from trebuchet.converters.record import (
        Format,
        GameRecord,
        MoveNode,
        RecordError,
        ReplayError,
    )
    from trebuchet.converters.replay import replay
    from trebuchet.variants.errors import (
        AmbiguousMoveError,
        BetzaError,
        FenError,
        IllegalMoveError,
        MoveError,
        OptionError,
        SquareError,
        TrebuchetError,
        UnknownVariantError,
    )
    from trebuchet.variants.game import Game, Outcome
    from trebuchet.variants.move import (
        Action,
        Change,
        Hand,
        Move,
        MoveKind,
        Place,
        Relocate,
        Remove,
        Terrain,
    )
    from trebuchet.variants.notation import Notation
    from trebuchet.variants.perft import divide, perft
    from trebuchet.variants.pieces import BLACK, WHITE, Piece, PieceType, Player
    from trebuchet.variants.position import Position
    from trebuchet.variants.registry import get_variant, variant_names
    from trebuchet.variants.variant import Promotion, Variant
    from trebuchet.view import game_html

#: each public name and the module that defines it: ``import trebuchet`` costs
#: little, and the first use of a name imports what it needs (docs/speed.md)
_EXPORTS: dict[str, str] = {
    "Action": "trebuchet.variants.move",
    "AmbiguousMoveError": "trebuchet.variants.errors",
    "AnalysisError": "trebuchet.analysis.board",
    "BLACK": "trebuchet.variants.pieces",
    "BetzaError": "trebuchet.variants.errors",
    "Change": "trebuchet.variants.move",
    "FORMATS": "trebuchet.converters.formats",
    "FenError": "trebuchet.variants.errors",
    "Format": "trebuchet.converters.record",
    "Game": "trebuchet.variants.game",
    "GameRecord": "trebuchet.converters.record",
    "Hand": "trebuchet.variants.move",
    "IllegalMoveError": "trebuchet.variants.errors",
    "Mobility": "trebuchet.analysis.mobility",
    "MobilityRow": "trebuchet.analysis.mobility",
    "Move": "trebuchet.variants.move",
    "MoveError": "trebuchet.variants.errors",
    "MoveKind": "trebuchet.variants.move",
    "MoveNode": "trebuchet.converters.record",
    "Notation": "trebuchet.variants.notation",
    "OptionError": "trebuchet.variants.errors",
    "Outcome": "trebuchet.variants.game",
    "Piece": "trebuchet.variants.pieces",
    "PieceForm": "trebuchet.analysis.board",
    "PieceType": "trebuchet.variants.pieces",
    "Place": "trebuchet.variants.move",
    "Player": "trebuchet.variants.pieces",
    "Position": "trebuchet.variants.position",
    "Promotion": "trebuchet.variants.variant",
    "Reachability": "trebuchet.analysis.reachability",
    "RecordError": "trebuchet.converters.record",
    "Relocate": "trebuchet.variants.move",
    "Remove": "trebuchet.variants.move",
    "ReplayError": "trebuchet.converters.record",
    "SquareError": "trebuchet.variants.errors",
    "Terrain": "trebuchet.variants.move",
    "TrebuchetError": "trebuchet.variants.errors",
    "UnknownVariantError": "trebuchet.variants.errors",
    "Variant": "trebuchet.variants.variant",
    "WHITE": "trebuchet.variants.pieces",
    "board_svg": "trebuchet.analysis.svg",
    "detect_format": "trebuchet.converters.formats",
    "divide": "trebuchet.variants.perft",
    "empty_board": "trebuchet.analysis.mobility",
    "find_piece": "trebuchet.analysis.board",
    "game_html": "trebuchet.view",
    "get_variant": "trebuchet.variants.registry",
    "load_variant": "trebuchet.converters.load",
    "perft": "trebuchet.variants.perft",
    "piece_forms": "trebuchet.analysis.board",
    "replay": "trebuchet.converters.replay",
    "report": "trebuchet.analysis.mobility",
    "variant_names": "trebuchet.variants.registry",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'trebuchet' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def _core_origin() -> str:
    """Where the rules core loads from, found without importing it."""
    spec = importlib.util.find_spec("trebuchet.variants.variant")
    return (spec.origin if spec is not None else None) or ""


#: True when the rules core was loaded from the compiled build (``make fast``,
#: docs/speed.md); False for the pure-Python package, the default install
COMPILED: bool = not _core_origin().endswith(".py")


def _stale_modules() -> list[str]:
    """Compiled modules of ours whose source was changed after they were built."""
    stale = []
    for built in sorted(Path(_core_origin()).parent.parent.glob("*/*.so")):
        source = built.with_name(built.name.split(".")[0] + ".py")
        if source.exists() and source.stat().st_mtime > built.stat().st_mtime:
            stale.append(f"{built.parent.name}/{source.name}")
    return stale


if COMPILED and (_stale := _stale_modules()):
    warnings.warn(
        f"the compiled build is older than its sources ({', '.join(sorted(_stale))}): "
        "run `make fast` again, or `make pure`",
        RuntimeWarning,
        stacklevel=2,
    )


def read_games(path: str, format: str | None = None) -> Iterator[GameRecord | RecordError]:
    """The games of the file at ``path``, each a :class:`GameRecord` (or the
    :class:`RecordError` of a game that cannot be read), in the format named
    (``pgn``, ``courier``, ``json``, ``moves``, ``zsg``) or detected.

    The records are not replayed yet: :func:`replay` checks one and fills in
    its moves.
    """
    from trebuchet.converters.formats import format_named, read_records  # see _EXPORTS

    return read_records(path, format_named(format) if format else None)


def write_games(records: Iterable[GameRecord], out: IO[str], format: str) -> None:
    """Write replayed ``records`` to the text stream ``out`` in ``format``."""
    from trebuchet.converters.formats import format_named  # see _EXPORTS

    format_named(format).write(records, out)


def mobility(variant: Game, piece: str, *, zone: str | None = None) -> Mobility:
    """Empty-board mobility of the kind called ``piece`` (letter or name) on every square,
    or on the squares of a Zillions game's ``zone`` (its ``board-zone``, leaving out
    hands kept as positions)."""
    from trebuchet.analysis.board import find_piece, zone_squares  # see _EXPORTS
    from trebuchet.analysis.mobility import empty_board

    found = empty_board(variant, find_piece(variant, piece))
    return found if zone is None else found.within(zone_squares(variant, zone))


def reach(variant: Game, piece: str) -> Reachability:
    """The reachability graph of the kind called ``piece``: distances, colour classes."""
    from trebuchet.analysis.board import find_piece  # see _EXPORTS
    from trebuchet.analysis.reachability import reachability

    return reachability(variant, find_piece(variant, piece))


__all__ = [
    "BLACK",
    "COMPILED",
    "FORMATS",
    "WHITE",
    "Action",
    "AmbiguousMoveError",
    "AnalysisError",
    "BetzaError",
    "Change",
    "FenError",
    "Format",
    "Game",
    "GameRecord",
    "Hand",
    "IllegalMoveError",
    "Mobility",
    "MobilityRow",
    "Move",
    "MoveError",
    "MoveKind",
    "MoveNode",
    "Notation",
    "OptionError",
    "Outcome",
    "Piece",
    "PieceForm",
    "PieceType",
    "Place",
    "Player",
    "Position",
    "Promotion",
    "Reachability",
    "RecordError",
    "Relocate",
    "Remove",
    "ReplayError",
    "SquareError",
    "Terrain",
    "TrebuchetError",
    "UnknownVariantError",
    "Variant",
    "board_svg",
    "detect_format",
    "divide",
    "empty_board",
    "find_piece",
    "game_html",
    "get_variant",
    "load_variant",
    "mobility",
    "perft",
    "piece_forms",
    "reach",
    "read_games",
    "replay",
    "report",
    "variant_names",
    "write_games",
]
