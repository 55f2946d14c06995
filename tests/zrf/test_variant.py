"""ZRF games as trebuchet variants (board, piece names, setup), over the real corpus.

Measured when written (95 corpus rules files + dagaz-shatranj, separators
skipped): 121 games and variants convert, 285 are refused, each with a reason —
mostly 1-player puzzles and 3+ player games, boards without one flat grid
(hexagonal or isometric steps, several grids, extra positions) and games with
more than 26 piece kinds.
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.helpers import DATA, SLOW, requires_shared
from trebuchet.cli import main
from trebuchet.converters.zrf.model import GameDef, read_zrf
from trebuchet.converters.zrf.to_variant import piece_letters, variant_from_zrf
from trebuchet.variants.fen import board_field
from trebuchet.variants.game import Game
from trebuchet.variants.geometry import FILE_LETTERS
from trebuchet.variants.zrf.errors import ZrfError

CORPUS = DATA / "zillions" / "corpus"
TRANSPORT = CORPUS / "TransportChess" / "TransportChess.zrf"
FIDE_BOARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


@functools.cache
def _games() -> tuple[tuple[Path, GameDef], ...]:
    """Every game of every rules file under ``../shared/data``, read once for the
    module's tests (the corpus takes some 15 s to read)."""
    out: list[tuple[Path, GameDef]] = []
    for path in sorted(DATA.rglob("*.zrf"), key=str):
        try:
            zrf = read_zrf(path)
        except ZrfError:
            continue  # malformed files are test_zrf_corpus's business
        out.extend((path, g) for g in zrf.games if not g.separator)
    return tuple(out)


# Converting the whole corpus takes about a minute, once per test process: the tests
# that read every converted game are in the slow tier (CI runs it).
@pytest.fixture(scope="module")
def converted() -> dict[tuple[Path, str, int], Game | ZrfError]:
    """Every playable game of every file, as a variant or the ZrfError refusing it."""
    out: dict[tuple[Path, str, int], Game | ZrfError] = {}
    for path, game in _games():
        try:
            out[(path, game.title, game.line)] = variant_from_zrf(game)
        except ZrfError as exc:
            out[(path, game.title, game.line)] = exc
    return out


def _conventional(game: GameDef) -> bool:
    """True when the ZRF grid is labelled like trebuchet squares: files a.. left to
    right, ranks 1.. bottom to top (so its position names are our square names)."""
    if not game.board.grids or len(game.board.grids[0].dimensions) < 2:
        return False
    (files, (dx, _)), (ranks, (_, dy)) = game.board.grids[0].dimensions[:2]
    return (
        list(files) == list(FILE_LETTERS[: len(files)])
        and dx > 0
        and list(ranks) == [str(n) for n in range(len(ranks), 0, -1)]
        and dy > 0
    )


@SLOW
@requires_shared("zillions", "corpus")
def test_whole_corpus_converts_or_is_refused_with_a_reason(
    converted: dict[tuple[Path, str, int], Game | ZrfError],
) -> None:
    assert converted, f"no .zrf found under {DATA}"
    refused = [r for r in converted.values() if isinstance(r, ZrfError)]
    ok = len(converted) - len(refused)
    reasons = Counter(r.reason.split(": ", 1)[-1] for r in refused)
    assert all(r.reason and "\n" not in str(r) for r in refused)
    print(f"{ok} converted, {len(refused)} refused: {reasons.most_common(8)}")
    if CORPUS.is_dir():
        assert ok >= 121


@SLOW
@requires_shared("zillions", "corpus")
def test_start_position_round_trips(
    converted: dict[tuple[Path, str, int], Game | ZrfError],
) -> None:
    """A Zillions game's position text reads back to the same position."""
    for variant in converted.values():
        if isinstance(variant, ZrfError):
            continue
        start = variant.start_position()
        assert variant.position(start.fen()).fen() == start.fen()
        assert variant.position(start.fen()).board == start.board


@SLOW
@requires_shared("zillions", "corpus")
def test_setup_pieces_land_on_the_squares_the_zrf_names(
    converted: dict[tuple[Path, str, int], Game | ZrfError],
) -> None:
    """Where the ZRF labels its grid like trebuchet (a1 bottom-left), every setup
    placement stands on the square of the same name, in its side's colour."""
    checked = 0
    for path, game in _games():
        variant = converted[(path, game.title, game.line)]
        if isinstance(variant, ZrfError) or not _conventional(game):
            continue
        if len(game.pieces) > 26:
            continue  # such games keep the pieces' names, no letters
        board = variant.start_position().board
        letters = piece_letters(game)
        for position, (player, piece) in game.setup.by_position().items():
            here = board[variant.square(position)]
            assert here is not None and here.kind == letters[piece], f"{path.name} {position}"
            assert here.color == game.players.index(player)
        checked += 1
    assert checked >= 50 or not CORPUS.is_dir()


@pytest.mark.skipif(not TRANSPORT.is_file(), reason="corpus not present")
def test_transport_madness_sets_up_fide_chess() -> None:
    """Transport Madness's board-setup is the FIDE array (Pawn a2…h2, King e1, …)."""
    variant = variant_from_zrf(read_zrf(TRANSPORT), "Transport Madness")
    assert (variant.files, variant.ranks) == (8, 8)
    assert board_field(variant.start_position()) == FIDE_BOARD
    assert variant.types["N"].name == "Knight" and variant.types["K"].royal
    assert not variant.types["Q"].royal


@SLOW
def test_killed_positions_are_missing_squares(
    converted: dict[tuple[Path, str, int], Game | ZrfError],
) -> None:
    for path, game in _games():
        variant = converted[(path, game.title, game.line)]
        if isinstance(variant, ZrfError) or not game.board.kill_positions:
            continue
        grid = {name for name, _, _ in game.board.grids[0].cells()} if game.board.grids else set()
        if variant.files * variant.ranks != len(grid):
            continue  # the first grid is not the drawn one (hexagonal steps …)
        walls = board_field(variant.start_position()).count("*")
        assert walls == len(set(game.board.kill_positions) & grid), path.name


@SLOW
@requires_shared("zillions", "corpus")
def test_refusals_name_what_the_file_declares(
    converted: dict[tuple[Path, str, int], Game | ZrfError],
) -> None:
    """Every game of the corpus the engine refuses is refused for what its file
    declares, named in the one line: its moves made by an Axiom engine DLL, or an
    option value the engine does not know (Forks' ``"pass turn" 2``).  A refusal
    of anything else is a construct the engine has stopped playing."""
    known = ("its moves are made by an Axiom engine DLL", 'option "pass turn" \'2\'')
    refused = [r for r in converted.values() if isinstance(r, ZrfError)]
    assert refused
    for error in refused:
        assert any(what in error.reason for what in known), error.reason
        assert error.line > 0 and "\n" not in str(error), str(error)


@requires_shared("zillions", "corpus")
def test_cli_board_draws_the_trebuchet_diagram_or_falls_back() -> None:
    if not TRANSPORT.is_file():
        pytest.skip("corpus not present")
    runner = CliRunner()
    out = runner.invoke(main, ["zrf", "board", str(TRANSPORT), "-v", "Transport Madness"])
    assert out.exit_code == 0, out.output
    assert FIDE_BOARD in out.output and "K = King" in out.output
    chu = next(CORPUS.glob("ChuShogi/*.zrf"))  # its board has positions off the grid
    out = runner.invoke(main, ["zrf", "board", str(chu)])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines()[0].endswith(": 12x12")
