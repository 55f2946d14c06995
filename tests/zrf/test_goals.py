"""How a Zillions game ends: every kind of goal, on small rules files of our own.

Each test writes a rules file whose goal is the one under test and a position
where it holds (or just fails to), and asks the game's outcome and moves.  The
semantics are docs/zrf.md's, "How a game ends".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.helpers import legal_texts
from trebuchet.cli import main
from trebuchet.converters.load import load_variant
from trebuchet.variants.errors import TrebuchetError
from trebuchet.variants.position import Position
from trebuchet.variants.zrf.game import ZrfVariant

#: four kinds on a 3x3 board (files a-c, ranks 1-3): a King that steps to any
#: neighbour, a Rook that slides orthogonally, a Man that steps orthogonally to an
#: empty square only, a Stone that never moves
MACROS = """
(define step ($1 (verify not-friend?) add))
(define slide ($1 (while empty? add $1) (verify enemy?) add))
(define walk ($1 (verify empty?) add))
"""
PIECES = """
(piece (name King) (image White "k.bmp" Black "k.bmp")
  (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))
(piece (name Rook) (image White "r.bmp" Black "r.bmp")
  (moves (slide n) (slide e) (slide s) (slide w)))
(piece (name Man) (image White "m.bmp" Black "m.bmp")
  (moves (walk n) (walk e) (walk s) (walk w)
  )
  (drops ((verify empty?) add)))
(piece (name Stone) (image White "s.bmp" Black "s.bmp"))
"""


def game(
    tmp_path: Path, goals: str, *, options: str = "", setup: str = "", players: str = ""
) -> ZrfVariant:
    """A game of White and Black (and ``players`` who have no turn) on the 3x3 board
    with ``goals`` and ``options``."""
    text = f"""{MACROS}
(game
  (title "Goals")
  (players White Black {players})
  (turn-order White Black)
  {options}
  (board
    (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)
                  (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
    (zone (name corner) (players White Black) (positions a3 c3)))
  {PIECES}
  (board-setup {setup or "(White (King a1)) (Black (King c3))"})
  {goals}
)
"""
    path = tmp_path / "goals.zrf"
    path.write_text(text)
    variant = load_variant(str(path))
    assert isinstance(variant, ZrfVariant)
    return variant


def ended(pos: Position) -> tuple[str, str, str] | None:
    """The outcome as (termination, PGN result, who won), or None."""
    outcome = pos.outcome()
    if outcome is None:
        return None
    return outcome.termination, outcome.result, outcome.verdict(pos.variant.player_name)


# -- a player with no move -------------------------------------------------------------

#: White's Stone is its only piece: White has no move at all
BLOCKED = "(White Stone a1) (Black Man c3) (turn 0)"


def test_stalemated_as_a_loss(tmp_path: Path) -> None:
    pos = game(tmp_path, "(loss-condition (White Black) stalemated)").position(BLOCKED)
    assert ended(pos) == ("stalemate", "0-1", "won by Black")
    assert pos.legal_moves() == []


def test_stalemated_as_a_win(tmp_path: Path) -> None:
    """Losing chess: the player who cannot move wins."""
    pos = game(tmp_path, "(win-condition (White Black) stalemated)").position(BLOCKED)
    assert ended(pos) == ("stalemate", "1-0", "won by White")


def test_a_player_with_no_move_and_no_stalemated_goal_draws(tmp_path: Path) -> None:
    """Zillions' default: no goal says what having no move means, so it is a draw,
    and no Pass is offered ("pass turn" is false)."""
    pos = game(tmp_path, "(loss-condition (White Black) (pieces-remaining 0))").position(BLOCKED)
    assert ended(pos) == ("stalemate", "1/2-1/2", "drawn")
    assert pos.legal_moves() == []


@pytest.mark.parametrize(
    ("value", "blocked", "free"),
    [
        # forced: a pass only where there is no other move, and the game goes on
        ("forced", {"Pass"}, {"Man c3 - b3", "Man c3 - c2"}),
        # true: a pass always, beside the moves
        ("true", {"Pass"}, {"Man c3 - b3", "Man c3 - c2", "Pass"}),
        # false: never; the blocked player's game is over
        ("false", set(), {"Man c3 - b3", "Man c3 - c2"}),
    ],
)
def test_pass_turn_offers_a_pass_as_the_option_says(
    tmp_path: Path, value: str, blocked: set[str], free: set[str]
) -> None:
    variant = game(
        tmp_path,
        "(loss-condition (White Black) stalemated)",
        options=f'(option "pass turn" {value})',
    )
    stuck = variant.position(BLOCKED)
    assert legal_texts(stuck) == blocked
    assert (ended(stuck) is None) == (value != "false")
    assert legal_texts(variant.position("(White Stone a1) (Black Man c3) (turn 1)")) == free


# -- check, checkmate, stalemate -----------------------------------------------------

CHESS_GOALS = """
  (loss-condition (White Black) (checkmated King))
  (draw-condition (White Black) stalemated)
"""
#: White's King on a1 attacked along the a-file, every flight square covered
MATE = "(White King a1) (Black Rook a3) (Black Rook b3) (Black King c1) (turn 0)"
#: White's King on a1 not attacked, but every square it could go to is
STALEMATE = "(White King a1) (Black Rook b3) (Black Rook c2) (Black King c1) (turn 0)"


def test_checkmated_and_stalemated_are_told_apart(tmp_path: Path) -> None:
    """A mate is never the stalemate of the draw condition, whatever the order of
    the goals in the file."""
    for goals in (CHESS_GOALS, "\n".join(reversed(CHESS_GOALS.strip().splitlines()))):
        variant = game(tmp_path, goals)
        assert ended(variant.position(MATE)) == ("checkmate", "0-1", "won by Black")
        assert ended(variant.position(STALEMATE)) == ("stalemate", "1/2-1/2", "drawn")


def test_checkmated_with_pass_turn_forced(tmp_path: Path) -> None:
    """A pass that leaves the King capturable is no legal move either: a mated
    player cannot pass, a stalemated one passes and the game goes on."""
    variant = game(tmp_path, CHESS_GOALS, options='(option "pass turn" forced)')
    mate = variant.position(MATE)
    assert legal_texts(mate) == set() and ended(mate) == ("checkmate", "0-1", "won by Black")
    stalemate = variant.position(STALEMATE)
    assert legal_texts(stalemate) == {"Pass"} and ended(stalemate) is None


def test_checkmated_without_a_stalemated_goal_draws_a_stalemate(tmp_path: Path) -> None:
    variant = game(tmp_path, "(loss-condition (White Black) (checkmated King))")
    assert ended(variant.position(STALEMATE)) == ("stalemate", "1/2-1/2", "drawn")
    assert ended(variant.position(MATE)) == ("checkmate", "0-1", "won by Black")


def test_a_player_no_turn_moves_for_neither_wins_nor_loses(tmp_path: Path) -> None:
    """Qi Guo's Zhou, the River of an exported Catapults of Troy: a player of
    ``(players …)`` in no entry of the turn order; a mate is the other player's win,
    as in a game of two."""
    variant = game(tmp_path, CHESS_GOALS, players="Neutral")
    assert ended(variant.position(MATE)) == ("checkmate", "0-1", "won by Black")


def test_a_move_into_check_is_illegal(tmp_path: Path) -> None:
    variant = game(tmp_path, CHESS_GOALS)
    pos = variant.position("(White King a1) (Black Rook b3) (Black King c3) (turn 0)")
    assert legal_texts(pos) == {"King a1 - a2"}  # b1 and b2 are on the Rook's file


# -- counts -----------------------------------------------------------------------------


def test_pieces_remaining_counts_the_players_own_pieces(tmp_path: Path) -> None:
    variant = game(tmp_path, "(loss-condition (White Black) (pieces-remaining 1 Man))")
    assert ended(variant.position("(White King a1) (White Man b1) (Black King c3) (turn 1)")) == (
        "pieces_remaining",
        "0-1",
        "won by Black",
    )
    two = "(White King a1) (White Man b1) (White Man c1) (Black King c3) (turn 1)"
    assert ended(variant.position(two)) is None


def test_include_off_pieces_counts_the_reserve(tmp_path: Path) -> None:
    """Duke's Dark Riders sets its pieces up from the reserve: with "include
    off-pieces", a player with no piece on the board but some in reserve has not
    lost by ``(pieces-remaining 0)``."""
    goals = "(loss-condition (White Black) (pieces-remaining 0))"
    setup = "(White (Man off 1)) (Black (King c3))"
    plain = game(tmp_path, goals, setup=setup)
    assert ended(plain.start_position()) == ("pieces_remaining", "0-1", "won by Black")
    counted = game(tmp_path, goals, setup=setup, options='(option "include off-pieces" true)')
    start = counted.start_position()
    assert ended(start) is None and {"White Man a2", "White Man b3"} <= legal_texts(start)


def test_total_piece_count_counts_every_players_pieces(tmp_path: Path) -> None:
    variant = game(tmp_path, "(draw-condition (White Black) (total-piece-count 2))")
    assert ended(variant.start_position()) == ("total_piece_count", "1/2-1/2", "drawn")
    three = "(White King a1) (White Man b1) (Black King c3) (turn 0)"
    assert ended(variant.position(three)) is None


def test_count_condition_gives_the_game_to_the_player_with_more_pieces(tmp_path: Path) -> None:
    variant = game(tmp_path, "(count-condition (White Black) stalemated)")
    # White is blocked (its Stone) and has two pieces to Black's one
    pos = variant.position("(White Stone a1) (White Stone a2) (Black Man c3) (turn 0)")
    assert ended(pos) == ("stalemate", "1-0", "won by White")
    even = variant.position(BLOCKED)
    assert ended(even) == ("stalemate", "1/2-1/2", "drawn")


# -- events -------------------------------------------------------------------------------


def test_captured_holds_right_after_the_capture(tmp_path: Path) -> None:
    """``(captured King)`` is the event of the King being taken: it holds in the
    position the capture made, for the player who lost the piece, and a King may
    be left capturable (the check rule exempts a kind whose capture is the loss)."""
    variant = game(tmp_path, "(loss-condition (White Black) (captured King))")
    pos = variant.position("(White Rook a1) (White King c1) (Black King a3) (turn 0)")
    assert ended(pos) is None
    pos.push_text("Rook a1 x a3")
    assert ended(pos) == ("captured", "1-0", "won by White")


def test_repetition_is_the_repeaters(tmp_path: Path) -> None:
    """``(loss-condition … repetition)``: the player whose move makes the position
    occur the third time loses."""
    variant = game(tmp_path, "(loss-condition (White Black) repetition)")
    pos = variant.position("(White King a1) (Black King c3) (turn 0)")
    shuffle = ["King a1 - a2", "King c3 - c2", "King a2 - a1", "King c2 - c3"]
    for text in shuffle * 2:
        assert ended(pos) is None
        pos.push_text(text)
    # the start position, the third time, made by Black's move
    assert ended(pos) == ("repetition", "1-0", "won by White")


# -- configurations ---------------------------------------------------------------------


KING_A3 = "(White King a3)"


@pytest.mark.parametrize(
    ("goal", "fen", "holds"),
    [
        # a position list: every position holds one of the pieces
        ("(absolute-config King Rook (a3 c3))", f"{KING_A3} (White Rook c3) (Black King c1)", True),
        ("(absolute-config King Rook (a3 c3))", f"{KING_A3} (Black King c1)", False),
        # a zone: one of its positions does
        ("(absolute-config King (corner))", "(White King c3) (Black King a1)", True),
        ("(absolute-config King (corner))", "(White King b3) (Black King a1)", False),
        # a position written bare (Luzhanqi)
        ("(absolute-config King c3)", "(White King c3) (Black King a1)", True),
        # an enemy piece is not the player's
        ("(absolute-config King (corner))", "(White King b2) (Black King a3)", False),
        ("(absolute-config (opponent King) (corner))", "(White King b2) (Black King a3)", True),
        ("(absolute-config (any-owner King) (a3))", "(White King b2) (Black King a3)", True),
        ("(absolute-config (not King) (a3))", "(White King b2) (Black King a3)", True),
    ],
)
def test_absolute_config(tmp_path: Path, goal: str, fen: str, holds: bool) -> None:
    variant = game(tmp_path, f"(win-condition (White) {goal})")
    pos = variant.position(f"{fen} (turn 1)")
    assert ended(pos) == (("absolute_config", "1-0", "won by White") if holds else None)


@pytest.mark.parametrize(
    ("fen", "holds"),
    [
        ("(White Man a1) (White Man a2) (White Man a3) (Black King c1)", True),  # a file
        ("(White Man a1) (White Man b1) (White Man c1) (Black King c3)", True),  # a rank
        ("(White Man a1) (White Man b2) (White Man c3) (Black King c1)", True),  # a diagonal
        ("(White Man a1) (White Man a2) (Black Man a3) (Black King c1)", False),  # not all his
        ("(White Man a1) (White Man a2) (White Man b3) (Black King c1)", False),  # bent
    ],
)
def test_relative_config_three_in_a_row(tmp_path: Path, fen: str, holds: bool) -> None:
    """Shisima's goal: three of the player's own, one step apart along a line."""
    goal = """(win-condition (White Black) (or (relative-config Man n Man n Man)
                                              (relative-config Man e Man e Man)
                                              (relative-config Man ne Man ne Man)))"""
    pos = game(tmp_path, goal).position(f"{fen} (turn 1)")
    assert ended(pos) == (("relative_config", "1-0", "won by White") if holds else None)


def test_relative_config_directions_in_a_row_skip_squares(tmp_path: Path) -> None:
    goal = "(win-condition (White) (relative-config Man n n (opponent Man)))"
    variant = game(tmp_path, goal)
    assert ended(variant.position("(White Man a1) (Black Man a3) (turn 1)")) is not None
    assert ended(variant.position("(White Man a1) (Black Man a2) (turn 1)")) is None


def test_and_or_not_combine_goals(tmp_path: Path) -> None:
    goal = "(win-condition (White) (and (pieces-remaining 2) (not (absolute-config King (c3)))))"
    variant = game(tmp_path, goal)
    two = "(White King a1) (White Man b1) (Black King c3) (turn 1)"
    assert ended(variant.position(two)) == ("goal", "1-0", "won by White")
    cornered = "(White King c3) (White Man b1) (Black King a3) (turn 1)"
    assert ended(variant.position(cornered)) is None


# -- refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("goal", "said"),
    [
        ("(loss-condition (White) (fortress King))", "goal (fortress …) is not supported"),
        ("(loss-condition (White) (pieces-remaining 0 Dragon))", "goal names no piece 'Dragon'"),
        ("(loss-condition (White) (absolute-config King (z9)))", "'z9' is no position or zone"),
        ("(loss-condition (White) (relative-config Man Man))", "two occupants with no direction"),
        ("(loss-condition (White) (checkmated))", "(checkmated) names no piece"),
    ],
)
def test_an_unknown_goal_is_refused_in_one_line(tmp_path: Path, goal: str, said: str) -> None:
    with pytest.raises(TrebuchetError) as caught:
        game(tmp_path, goal).start_position()
    assert said in str(caught.value) and "\n" not in str(caught.value)
    assert "goals.zrf:" in str(caught.value)


# -- what the commands say --------------------------------------------------------------


def test_play_moves_and_check_say_how_the_game_ended(tmp_path: Path) -> None:
    variant = game(tmp_path, CHESS_GOALS)
    rules = str(tmp_path / "goals.zrf")
    assert variant.title == "Goals"
    runner = CliRunner()
    moves = runner.invoke(main, ["moves", rules, "--fen", MATE])
    assert moves.exit_code == 0 and moves.stdout == ""
    assert moves.stderr.strip() == "no legal moves: White is checkmated: 0-1 (won by Black)"
    played = runner.invoke(
        main, ["play", rules, "--fen", MATE.replace("(Black Rook a3)", "(Black Rook a2)").replace(
            "(turn 0)", "(turn 1)"), "Rook a2 - a3"]
    )
    assert played.exit_code == 0, played.output
    assert played.stdout.splitlines()[-1] == "0-1 checkmate (won by Black)"
