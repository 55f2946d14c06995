"""Forms real rules files use that the engine refused before (issue "Zillions
engine, part 3", item 7): each plays now, or is refused in one line naming it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.helpers import SLOW, shared
from trebuchet.cli import main
from trebuchet.converters.load import load_variant
from trebuchet.variants.errors import TrebuchetError
from trebuchet.variants.move import Move
from trebuchet.variants.perft import perft
from trebuchet.variants.position import Position
from trebuchet.variants.zrf.game import ZrfVariant

SMALL = """
(game
  (title "Small")
  (players White Black)
  (turn-order {turns})
  (board
    (grid (start-rectangle 0 0 10 10)
      (dimensions ("A/B/C" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
    {board})
  (piece (name Man) (image White "m.bmp" Black "m.bmp")
    (drops (move-type placing) ((verify empty?) add))
    (moves (move-type moving) (n (verify empty?) add)))
  (board-setup {setup})
  (loss-condition (White Black) stalemated)
)
"""


def small(tmp_path: Path, *, turns: str = "White Black", board: str = "", setup: str) -> Path:
    path = tmp_path / "small.zrf"
    path.write_text(SMALL.format(turns=turns, board=board, setup=setup))
    return path


def test_a_setup_name_in_another_case_is_that_position(tmp_path: Path) -> None:
    """The board's files are A, B, C; the setup writes a1 and c3."""
    rules = small(tmp_path, setup="(White (Man a1)) (Black (Man c3))")
    pos = load_variant(str(rules)).start_position()
    assert "(White Man A1)" in pos.fen() and "(Black Man C3)" in pos.fen()


def test_a_setup_on_a_position_the_board_lacks_places_nothing(tmp_path: Path) -> None:
    """d1 is no position and B2 is killed: the setup places nothing there, and
    ``zrf info`` says so."""
    rules = small(
        tmp_path,
        board="(kill-positions B2)",
        setup="(White (Man A1) (Man d1) (Man B2)) (Black (Man C3))",
    )
    pos = load_variant(str(rules)).start_position()
    assert sum(1 for _ in pos.pieces()) == 2
    result = CliRunner().invoke(main, ["zrf", "info", str(rules)])
    assert result.exit_code == 0
    assert "setup on no position (places nothing): Man d1, Man B2" in result.output


def test_a_move_type_of_drops_alone_names_a_turn(tmp_path: Path) -> None:
    """``(turn-order (White placing) …)`` where only ``drops`` declare ``placing``."""
    rules = small(
        tmp_path,
        turns="(White placing) (Black placing) repeat (White moving) (Black moving)",
        setup="(White (Man off 1)) (Black (Man off 1))",
    )
    variant = load_variant(str(rules))
    pos = variant.start_position()
    assert {variant.move_text(pos, m) for m in pos.legal_moves()} == {
        f"White Man {sq}" for sq in ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3")
    }


@SLOW  # 20-30 s: the board's 161,051 cells are linked one by one
def test_a_five_dimensional_maze_of_161051_cells_loads(tmp_path: Path) -> None:
    """A real maze has 11^5 cells, past the old cap of 20,000; its runner steps on
    along three of its five axes, so from a corner 3, 9, 27 moves."""
    labels = ["/".join("abcdefghijk"), "/".join(str(i) for i in range(11)),
              "/".join("pqrstuvwxyz"), "/".join("PQRSTUVWXYZ"), "/".join("ABCDEFGHIJK")]
    vectors = ["(10 0)", "(0 10)", "(1 1)", "(2 3)", "(3 2)"]
    dimensions = " ".join(f'("{lab}" {vec})' for lab, vec in zip(labels, vectors, strict=True))
    directions = " ".join(
        f"({name} {' '.join('1' if i == axis else '0' for i in range(5))})"
        for axis, name in enumerate("acegi")
    )
    (tmp_path / "maze.zrf").write_text(
        f"""(game (title "Maze") (players You) (turn-order You)
 (board (grid (start-rectangle 0 0 10 10) (dimensions {dimensions}) (directions {directions})))
 (piece (name Me) (image You "m.bmp")
   (moves (a (verify empty?) add) (c (verify empty?) add) (e (verify empty?) add)))
 (board-setup (You (Me a0pPA)))
 (win-condition (You) (absolute-config Me (k10zZK))))"""
    )
    variant = load_variant(str(tmp_path / "maze.zrf"))
    assert sum(1 for name in variant.spec.board.names if name) == 161_051
    pos = variant.start_position()
    assert [perft(pos, depth) for depth in (1, 2, 3)] == [3, 9, 27]


def test_a_board_past_the_link_cap_is_refused_in_one_line(tmp_path: Path) -> None:
    """200,000 cells with 40 directions would build 8 million links."""
    labels = ["/".join(f"x{i}" for i in range(400)), "/".join(f"y{i}" for i in range(500))]
    directions = " ".join(f"(d{i} {i % 7 - 3} {i // 7 - 3})" for i in range(40))
    (tmp_path / "wide.zrf").write_text(
        f"""(game (title "Wide") (players You) (turn-order You)
 (board (grid (start-rectangle 0 0 10 10)
   (dimensions ("{labels[0]}" (10 0)) ("{labels[1]}" (0 10))) (directions {directions})))
 (piece (name Me) (image You "m.bmp") (moves (d1 add))))"""
    )
    with pytest.raises(TrebuchetError) as caught:
        load_variant(str(tmp_path / "wide.zrf"))
    assert "at most 4,000,000 are built" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_luzhanqi_names_a_flags_position_bare() -> None:
    """Luzhanqi's "Deliver the Flag" goal: ``(absolute-config FieldMarshalFlag b1)``."""
    rules = shared("zillions", "corpus", "Luzhanqi", "Luzhanqi.zrf")
    variant = load_variant(str(rules), game="Luzhanqi DF (Deliver the Flag)")
    assert isinstance(variant, ZrfVariant)
    assert len(variant.start_position().legal_moves()) > 0


def test_shisimas_three_in_a_row_ends_random_games() -> None:
    """Shisima wins by ``relative-config``: random games of it end so, or by the
    repetition its file makes a loss, and never with both players on."""
    rules = shared("zillions", "corpus", "Shisima", "shisima.zrf")
    variant = load_variant(str(rules))
    rng = random.Random(5)
    endings = set()
    for _ in range(30):
        pos = variant.start_position()
        for _ply in range(200):
            outcome = pos.outcome()
            if outcome is not None:
                endings.add(outcome.termination)
                break
            pos.push(rng.choice(pos.legal_moves()))
    assert "relative_config" in endings, endings


def test_glinski_chess_plays_its_checkmated_goal_with_turns_of_several_steps() -> None:
    """glinski-cheskers.zrf's Glinski Chess has a ``checkmated`` goal and
    ``add-partial`` moves: refused before, played now."""
    rules = shared("zillions", "corpus", "GlinskiCheskers", "glinski-cheskers.zrf")
    pos = load_variant(str(rules), game="Glinski Chess").start_position()
    assert perft(pos, 2) > perft(pos, 1) > 0


#: on a row a-e: a Man takes by jumping over an enemy beside it, and becomes a
#: King on the far rank; a Copier steps north leaving itself behind or not
REVIEWED = """
(define jump ($1 (verify enemy?) capture $1 (verify empty?)
  (if (in-zone? far) (add King) else add)))
(game
  (title "Reviewed")
  (players White Black)
  (turn-order White Black)
  (option "maximal captures" 2)
  (board
    (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c/d/e" (10 0)) ("2/1" (0 10)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
    (zone (name far) (players White) (positions a2 b2 c2 d2 e2))
    (zone (name far) (players Black) (positions a1 b1 c1 d1 e1)))
  (piece (name Man) (image White "m.bmp" Black "m.bmp") (moves (jump e) (jump w)))
  (piece (name King) (image White "k.bmp" Black "k.bmp") (moves (jump e) (jump w)))
  (piece (name Copier) (image White "c.bmp" Black "c.bmp")
    (moves (n (verify empty?) add) (n (verify empty?) add-copy)))
  (board-setup (White (Man c1) (Copier a2)) (Black (Man b1) (King d1)))
  (loss-condition (White Black) (pieces-remaining 0))
)
"""


def test_maximal_captures_2_counts_the_kinds_pieces_are_crowned_into(tmp_path: Path) -> None:
    """Kings are the kinds a program promotes into (``(add King)``), though this
    setup places one: taking the King outranks taking the Man, each one piece."""
    (tmp_path / "reviewed.zrf").write_text(REVIEWED)
    variant = load_variant(str(tmp_path / "reviewed.zrf"))
    pos = variant.start_position()
    jumps = {variant.move_text(pos, m) for m in pos.legal_moves() if m.is_capture()}
    assert jumps == {"Man c1 - e1 x d1"}


def test_add_and_add_copy_to_one_square_are_two_moves(tmp_path: Path) -> None:
    """They write alike, but one leaves the Copier behind: moves are told apart by
    what they do, not by their text."""
    (tmp_path / "reviewed.zrf").write_text(
        REVIEWED.replace('(option "maximal captures" 2)', "")
        .replace("(Man c1) (Copier a2)", "(Copier a1)")
    )
    variant = load_variant(str(tmp_path / "reviewed.zrf"))
    pos = variant.start_position()
    copies = [m for m in pos.legal_moves() if variant.move_text(pos, m).startswith("Copier")]
    assert len(copies) == 2
    assert {sum(1 for _ in _after(pos, m).pieces(0)) for m in copies} == {1, 2}


def _after(pos: Position, move: Move) -> Position:
    after = pos.copy()
    after.push(move)
    return after
