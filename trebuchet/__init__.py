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

import sys
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from trebuchet.analysis.board import (
    AnalysisError,
    PieceForm,
    find_piece,
    piece_forms,
    zone_squares,
)
from trebuchet.analysis.mobility import Mobility, MobilityRow, empty_board, report
from trebuchet.analysis.reachability import Reachability, reachability
from trebuchet.analysis.svg import board_svg
from trebuchet.converters.formats import FORMATS, detect_format, format_named, read_records
from trebuchet.converters.load import load_variant
from trebuchet.converters.record import (
    Format,
    GameRecord,
    MoveNode,
    RecordError,
    ReplayError,
)
from trebuchet.converters.replay import replay
from trebuchet.variants import variant as _core
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

#: True when the rules core was loaded from the compiled build (``make fast``,
#: docs/speed.md); False for the pure-Python package, the default install
COMPILED: bool = not (_core.__file__ or "").endswith(".py")


def _stale_modules() -> list[str]:
    """Compiled modules of ours whose source was changed after they were built."""
    stale = []
    for name, module in list(sys.modules.items()):
        built = getattr(module, "__file__", None) or ""
        if not name.startswith("trebuchet.") or not built.endswith(".so"):
            continue
        source = Path(built).with_name(Path(built).name.split(".")[0] + ".py")
        if source.exists() and source.stat().st_mtime > Path(built).stat().st_mtime:
            stale.append(name)
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
    return read_records(path, format_named(format) if format else None)


def write_games(records: Iterable[GameRecord], out: IO[str], format: str) -> None:
    """Write replayed ``records`` to the text stream ``out`` in ``format``."""
    format_named(format).write(records, out)


def mobility(variant: Game, piece: str, *, zone: str | None = None) -> Mobility:
    """Empty-board mobility of the kind called ``piece`` (letter or name) on every square,
    or on the squares of a Zillions game's ``zone`` (its ``board-zone``, leaving out
    hands kept as positions)."""
    found = empty_board(variant, find_piece(variant, piece))
    return found if zone is None else found.within(zone_squares(variant, zone))


def reach(variant: Game, piece: str) -> Reachability:
    """The reachability graph of the kind called ``piece``: distances, colour classes."""
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
