"""Turns of several steps (``add-partial``) that could go round in circles.

A hopper that may jump to and fro over the same pieces would make an endless
turn; docs/zrf.md, "Turns of several steps", rules that a turn comes back to no
state it has been in, and that turns ending in the same state count once.
These small rules files pin it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.helpers import SLOW, legal_texts
from trebuchet.converters.load import load_variant
from trebuchet.converters.zsg import read_record
from trebuchet.variants.errors import TrebuchetError
from trebuchet.variants.perft import perft
from trebuchet.variants.zrf.game import MAX_TURN_NODES, ZrfVariant

#: a Hopper jumps over the piece beside it (any direction of four) onto the empty
#: square beyond, and may jump again; Stones never move
HOPPERS = """
(define hop ($1 (verify not-empty?) $1 (verify empty?) (add-partial)))
(game
  (title "Hoppers")
  (players White Black)
  (turn-order White Black)
  {options}
  (board
    (grid (start-rectangle 0 0 10 10)
      (dimensions ("{files}" (10 0)) ("{ranks}" (0 10)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
  (piece (name Hopper) (image White "h.bmp" Black "h.bmp")
    (moves (hop e) (hop w) (hop n) (hop s)))
  (piece (name Stone) (image White "s.bmp" Black "s.bmp"))
  (board-setup {setup})
  (loss-condition (White Black) stalemated)
)
"""

#: a row: the Hopper on a1 may go over b1 to c1, over d1 to e1, and back
ROW = "(White (Hopper a1)) (Black (Stone b1) (Stone d1))"
#: a 3x3 ring of Stones around b2: from a1, over b1 to c1 or over a2 to a3, and
#: on round the ring either way
RING = "(White (Hopper a1)) (Black (Stone b1) (Stone a2) (Stone c2) (Stone b3))"


def hoppers(
    tmp_path: Path,
    setup: str,
    *,
    options: str = "",
    files: str = "a/b/c/d/e/f/g",
    ranks: str = "3/2/1",
) -> ZrfVariant:
    path = tmp_path / "hoppers.zrf"
    path.write_text(HOPPERS.format(options=options, setup=setup, files=files, ranks=ranks))
    variant = load_variant(str(path))
    assert isinstance(variant, ZrfVariant)
    return variant


PASS_PARTIAL = '(option "pass partial" true)'


def test_a_hopper_that_can_jump_to_and_fro_ends_its_turn(tmp_path: Path) -> None:
    """a1 over b1 to c1, then over d1 to e1; from e1 only back to c1, a state the
    turn has been in, so the turn ends on e1; from c1, back over b1 to a1 is
    where the turn began, not taken either.  Without "pass partial" a piece that
    may go on must, so the one turn goes a1-c1-e1."""
    pos = hoppers(tmp_path, ROW).start_position()
    assert legal_texts(pos) == {"Hopper a1 - c1 ; Hopper c1 - e1"}
    assert perft(pos, 1) == 1


def test_with_pass_partial_the_turn_may_stop_after_any_step(tmp_path: Path) -> None:
    pos = hoppers(tmp_path, ROW, options=PASS_PARTIAL).start_position()
    assert legal_texts(pos) == {"Hopper a1 - c1", "Hopper a1 - c1 ; Hopper c1 - e1"}


def test_turns_ending_in_the_same_state_count_once(tmp_path: Path) -> None:
    """Round the ring: a1-c1-c3 and a1-a3-c3 end alike, as do the ways on to a3 and
    to c1.  With "pass partial" the ends are c1, a3 and c3, each once, though six
    ways lead there; without it a turn goes on while it can: round to a3 or to c1."""
    free = hoppers(tmp_path, RING, options=PASS_PARTIAL).start_position()
    ends = {text.split()[-1] for text in legal_texts(free)}
    assert ends == {"c1", "a3", "c3"} and len(legal_texts(free)) == 3
    bound = hoppers(tmp_path, RING).start_position()
    assert {text.split()[-1] for text in legal_texts(bound)} == {"a3", "c1"}
    assert len(legal_texts(bound)) == 2


def test_a_saved_game_may_take_another_way_to_a_counted_turn(tmp_path: Path) -> None:
    """The legal moves list each end by the first way found; a saved game that went
    round the other way replays all the same, and keeps its own lines."""
    hoppers(tmp_path, RING, options=PASS_PARTIAL)
    pos = load_variant(str(tmp_path / "hoppers.zrf")).start_position()
    listed = {text for text in legal_texts(pos) if text.endswith("c3")}
    assert listed == {"Hopper a1 - c1 ; Hopper c1 - c3"}
    game = tmp_path / "game.zsg"
    game.write_text(
        "Zillions Save Game File Version 0.02 CC\nRulesFile=hoppers.zrf\n"
        "VariantName=Hoppers\n1. partial 2 Hopper a1 - a3\n1. Hopper a3 - c3\n1. Pass\n"
    )
    record = read_record(game.read_text(), str(game))
    assert [node.text for node in record.moves] == ["Hopper a1 - a3 ; Hopper a3 - c3"]


@SLOW  # 10-16 s: the search runs to its bound
def test_a_turn_that_fans_out_too_far_is_refused_in_one_line(tmp_path: Path) -> None:
    """A Hopper on a lattice of Stones, where it must jump on while it can: the ways
    round are too many to search, and the search stops after its bound of
    steps tried, in one line, in a few seconds."""
    files = "/".join("abcdefghijklm")
    ranks = "/".join(str(r) for r in range(13, 0, -1))
    # the Hopper moves on the squares of even file and rank, a Stone between each
    # two: a 7x7 grid of squares, with more ways round it than can be counted
    stones = " ".join(
        f"(Stone {f}{r + 1})"
        for x, f in enumerate("abcdefghijklm")
        for r in range(13)
        if (x % 2) != (r % 2)
    )
    setup = f"(White (Hopper a1)) (Black {stones})"
    variant = hoppers(tmp_path, setup, files=files, ranks=ranks)
    started = time.process_time()  # the search's work, however busy the machine
    with pytest.raises(TrebuchetError) as caught:
        variant.start_position().legal_moves()
    message = str(caught.value)
    assert f"more than {MAX_TURN_NODES:,} steps" in message and "\n" not in message
    assert time.process_time() - started < 60


def test_perft_of_a_game_that_could_cycle_ends(tmp_path: Path) -> None:
    """Such a turn used to be refused as "a turn of more than 200 steps"; the ring
    game now counts like any other: White's 2 turns, then Black (with no piece
    that moves) is stalemated and has lost."""
    pos = hoppers(tmp_path, RING).start_position()
    assert [perft(pos, depth) for depth in (1, 2, 3)] == [2, 0, 0]


#: a Checker takes by jumping over an enemy onto the empty square beyond, and may
#: jump again; Kings step anywhere, Men step orthogonally onto empty squares
JUMPERS = """
(define jump ($1 (verify enemy?) capture $1 (verify empty?) (add-partial)))
(define step ($1 (verify not-friend?) add))
(define walk ($1 (verify empty?) add))
(game
  (title "Jumpers")
  (players White Black)
  (turn-order White Black)
  (board
    (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)
                  (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1))))
  (piece (name King) (image White "k.bmp" Black "k.bmp")
    (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))
  (piece (name Man) (image White "m.bmp" Black "m.bmp")
    (moves (walk n) (walk e) (walk s) (walk w)))
  (piece (name Checker) (image White "c.bmp" Black "c.bmp")
    (moves (jump n) (jump e) (jump s) (jump w)))
  (board-setup (White (King b3) (Man a2) (Man d1)) (Black (Checker a1) (King d4)))
  (loss-condition (White Black) (checkmated King))
)
"""


def test_check_looks_at_the_opponents_whole_turns(tmp_path: Path) -> None:
    """Black's Checker takes White's King only with its second jump (a1 over a2 to
    a3, then over b3 to c3): White is in check, a quiet move elsewhere is illegal,
    and a King move out of the line is legal.  (The engine refused a checkmated
    goal in a game of several steps before.)"""
    path = tmp_path / "jumpers.zrf"
    path.write_text(JUMPERS)
    variant = load_variant(str(path))
    assert isinstance(variant, ZrfVariant)
    pos = variant.start_position()
    assert variant.in_check(pos)
    legal = legal_texts(pos)
    assert "Man d1 - c1" not in legal and "King b3 - b4" in legal
    assert "Man a2 - b2" in legal  # the first jump is gone with its victim
    # the threat itself, were it Black's turn: the second jump takes the King
    black = variant.position(pos.fen().replace("(turn 0)", "(turn 1)"))
    assert "Checker a1 - a3 x a2 ; Checker a3 - c3 x b3" in legal_texts(black)
