"""``trebuchet zrf export catapults-of-troy``: the exported file plays Catapults of
Troy as the native game does (docs/rules/catapults-of-troy.md, CT-1 … CT-13).

The native coordinates name a special move by a suffix (``e4e9/l`` a launch,
``e4e9/d`` the Catapult leaving its rider, ``d7f7/s`` a shot) that a Zillions
move does not carry, so moves are matched by what they do: each native move and
the exported file's move that leaves the same board (Water on the unbridged
river squares, a carrier by its load) must pair off one for one.  Perft(3) from
the start, 8173, is test_export.py's (PLAYED_ALIKE).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.helpers import ROOT
from tests.zrf.test_export import exported, listed_moves, random_positions
from trebuchet.cli import main
from trebuchet.converters.record import GameRecord, MoveNode
from trebuchet.converters.zrf.export_catapults_of_troy import setup_name
from trebuchet.converters.zrf.model import parse_zrf
from trebuchet.converters.zrf.writer import atom, limitations, variant_to_zrf
from trebuchet.converters.zsg import write_zsg
from trebuchet.variants.move import Move
from trebuchet.variants.perft import perft
from trebuchet.variants.pieces import WALL
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant
from trebuchet.variants.variant import Variant
from trebuchet.variants.zrf.game import ZrfVariant

Board = tuple[tuple[str, int] | None, ...]


@pytest.fixture(scope="module")
def troy() -> Variant:
    return get_variant("catapults-of-troy")


def native_board(variant: Variant, pos: Position) -> Board:
    """The board as the exported file names its pieces (the river's owner is 2)."""
    return tuple(
        None if p is None else (setup_name(variant, p), 2 if p is WALL else p.color or 0)
        for p in pos.board
    )


def zrf_board(game: ZrfVariant, pos: Position) -> Board:
    names = {kind: name for name, kind in game.kinds.items()}
    return tuple(None if p is None else (names[p.kind], p.color or 0) for p in pos.board)


def outcomes(pos: Position, board: object) -> Counter[Board]:
    """How many legal moves of ``pos`` leave each board (``board(pos)`` reads it)."""
    found: Counter[Board] = Counter()
    for move in pos.legal_moves():
        pos.push(move)
        found[board(pos)] += 1  # type: ignore[operator]
        pos.pop()
    return found


def paired(variant: Variant, native: Position, game: ZrfVariant, zpos: Position) -> bool:
    """Whether the two positions' legal moves pair off by the board each leaves."""
    ours = outcomes(native, lambda p: native_board(variant, p))
    theirs = outcomes(zpos, lambda p: zrf_board(game, p))
    return ours == theirs


def twin(variant: Variant, native: Position, move: Move, game: ZrfVariant, zpos: Position) -> Move:
    """The exported file's move that does what the native ``move`` does."""
    native.push(move)
    wanted = native_board(variant, native)
    native.pop()
    found = []
    for candidate in zpos.legal_moves():
        zpos.push(candidate)
        if zrf_board(game, zpos) == wanted:
            found.append(candidate)
        zpos.pop()
    assert found, variant.move_text(native, move)
    return found[0]


def test_random_positions_play_the_same(troy: Variant) -> None:
    """20 positions of random play (up to 60 plies), each exported with --fen:
    perft(2) equal, and the legal moves pair off by the board each leaves."""
    for pos in random_positions(troy, 20, seed=29):
        game = exported(troy, pos)
        zpos = game.start_position()
        assert perft(zpos, 2) == perft(pos, 2), pos.fen()
        assert paired(troy, pos, game, zpos), pos.fen()


#: positions where the rulings decide (docs/rules/catapults-of-troy.md)
RULINGS = {
    # worked example "Archer D7": shots over open water, a launch promoting (CT-4, CT-5)
    "archer-d7": "4k3/8/8/2C(P)5/3A1c(r)2/********/3a1b2/8/8/8/K7 w - - 0 1",
    # CT-7, CT-10: the King on a bridge, an enemy Builder on its bank: taking the
    # bridge up would drown it, so the King is in check and must step off
    "bridge-check": "4k3/8/8/8/4e3/***K****/8/8/8/8/8 w - - 0 1",
    # CT-9: a Ram's battering check along the rank cannot be blocked
    "ram-check": "8/8/8/8/8/********/8/4k3/8/8/m3K3 w - - 0 1",
    # CT-6, CT-8: a loaded Horse on a bridge, riding and boarding its Catapult
    "horse-release": "4k3/8/8/8/8/**H(A)*****/8/3C4/8/8/4K3 w - - 0 1",
    # CT-12: a Builder riding the Catapult on its bank builds and takes up bridges
    "riding-builder": "4k3/8/8/8/8/**b*****/8/3C(E)4/8/8/4K3 w - - 0 1",
}


@pytest.mark.parametrize("fen", list(RULINGS.values()), ids=list(RULINGS))
def test_the_rulings_hold_in_the_exported_file(troy: Variant, fen: str) -> None:
    native = troy.position(fen)
    game = exported(troy, native)
    zpos = game.start_position()
    assert paired(troy, native, game, zpos)
    assert perft(zpos, 2) == perft(native, 2)


def test_the_bridge_under_the_king_gives_check(troy: Variant) -> None:
    """CT-10: the White King on d6 is in check from the Builder on e7; every legal
    move takes it off the bridge."""
    native = troy.position(RULINGS["bridge-check"])
    zpos = exported(troy, native).start_position()
    assert zpos.variant.in_check(zpos)
    moves = zpos.legal_moves()
    assert moves and all(m.frm == troy.square("d6") for m in moves)


def test_the_mate_in_2_ends_in_mate(troy: Variant) -> None:
    """The page's mate-in-2 (examples/catapults-of-troy/mate-in-2.txt), played move
    for move in the exported file, ends in Black's win there too."""
    native = troy.position("4k3/8/2c(p)5/8/8/********/7m/4p1h1/5p2/8/4K3 b - - 0 1")
    game = exported(troy, native)
    zpos = game.start_position()
    for text in ("h5h1", "e1d2", "c9c1a/l"):
        move = native.parse_move(text)
        zpos.push(twin(troy, native, move, game, zpos))
        native.push(move)
    ended, native_end = game.outcome(zpos), troy.outcome(native)
    assert ended is not None and native_end is not None
    assert ended.result == native_end.result == "0-1"
    assert zpos.legal_moves() == []


EXAMPLES = sorted((ROOT / "examples" / "catapults-of-troy").glob("*.pgn"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_an_example_game_replays_as_a_saved_game(
    troy: Variant, example: Path, tmp_path: Path
) -> None:
    """Each bundled example, move for move (every position's moves paired off),
    written as a saved game against the file exported from its start, and replayed
    there by ``trebuchet check`` to the same number of plies."""
    runner = CliRunner()
    texts, fen = listed_moves(example)
    native = troy.position(fen) if fen else troy.start_position()
    rules = tmp_path / "game.zrf"
    made = runner.invoke(
        main, ["zrf", "export", troy.name, "-o", str(rules), *(["--fen", fen] if fen else [])]
    )
    assert made.exit_code == 0 and not made.output, made.output
    game = exported(troy, native)
    zpos = game.start_position()
    nodes = []
    for text in texts:
        assert paired(troy, native, game, zpos), native.fen()
        move = native.parse_move(text)
        zmove = twin(troy, native, move, game, zpos)
        nodes.append(MoveNode(text, move=zmove))
        zpos.push(zmove)
        native.push(move)
    saved = tmp_path / "game.zsg"
    saved.write_bytes(write_zsg(GameRecord(moves=nodes, game=game), "game.zrf").encode("latin-1"))
    checked = runner.invoke(main, ["check", str(saved)])
    assert checked.exit_code == 0, checked.output
    assert f"{len(texts)} plies" in checked.output, checked.output


def test_the_file_has_the_board_pieces_and_setup(troy: Variant) -> None:
    """Every square is a position (the river too: Water stands on it, owned by the
    River, which has no turn); the kinds, then the Horse holding its Archer, a
    Catapult per rider and Water; the start as the native one; the King lost
    alone or riding."""
    game = parse_zrf(variant_to_zrf(troy), "troy.zrf").game()
    assert game.players == ["White", "Black", "River"]
    assert set(game.position_names()) == set(troy.geometry.names)
    riders = [
        "King", "Bridge-Builder", "Ram", "Rook", "Bishop", "Troy-Horse", "Loaded-Troy-Horse",
        "Archer", "Pawn",
    ]
    assert [p.name for p in game.pieces] == [
        *(atom(t.name) for t in troy.types.values()),
        "Loaded-Troy-Horse",
        *(f"Catapult-{rider}" for rider in riders),
        "Water",
    ]
    setup = game.setup.by_position()
    assert {sq for sq, (owner, piece) in setup.items() if piece == "Water"} == {
        f"{f}6" for f in "abcdefgh"
    }
    assert setup["g1"] == ("White", "Loaded-Troy-Horse") and setup["b11"] == ("Black", "Catapult")
    assert len(setup) == 8 + 2 * 14
    losses = [c.condition.render() for c in game.conditions if c.kind == "loss"]
    assert losses == ["(checkmated King Catapult-King)"]


def test_a_run_into_its_own_king_is_check_but_no_move(troy: Variant, tmp_path: Path) -> None:
    """White's Ram on a1 would batter b1 and, beyond it, its own King on e1: the
    native game counts that run as check (CT-10) and so forbids Black's King b1;
    the file writes the run as a move Zillions' check rule refuses (it leaves an
    enemy Rook beside the King), so it forbids b1 too.  Nothing is left out."""
    fen = "8/8/8/8/8/********/8/8/8/8/M1k1K3 b - - 0 1"
    native = troy.position(fen)
    game = exported(troy, native)
    assert paired(troy, native, game, game.start_position())
    assert {troy.move_text(native, m) for m in native.legal_moves()} == {"c1b2", "c1c2"}
    # the run itself (a1 over the c1 pawn into the own King on e1) is no move in either
    white = troy.position("k7/8/8/8/8/********/8/8/8/8/M1p1K3 w - - 0 1")
    played = exported(troy, white)
    assert paired(troy, white, played, played.start_position())
    assert all(m.to != white.variant.square("h1") for m in white.legal_moves())
    assert limitations(troy) == []
    out = tmp_path / "troy.zrf"
    result = CliRunner().invoke(main, ["zrf", "export", troy.name, "-o", str(out)])
    assert result.exit_code == 0 and not result.output
    assert "Not expressed" not in out.read_text(encoding="latin-1")
