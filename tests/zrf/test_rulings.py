"""The Zillions rulings that the corpus's saved games settle (docs/zrf.md).

Each ruling below was read off real saved games that did not replay before it;
the whole-corpus replay in tests/zrf/test_engine.py holds them all.  These
tests pin each one on its own: a small rules file written here where the
ruling is about the language, and the saved game's own numbers where it is
about what Zillions writes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.helpers import shared
from trebuchet.cli import main
from trebuchet.converters.errors import RecordError
from trebuchet.converters.load import load_variant
from trebuchet.converters.zrf.model import parse_zrf
from trebuchet.converters.zsg import read_record
from trebuchet.converters.zsg.turns import replay_turns
from trebuchet.converters.zsg.zillions import zrf_game
from trebuchet.variants.zrf.game import ZrfMove, ZrfVariant
from trebuchet.variants.zrf.written import attribute_numbers, written_key


def _rules(title: str, ranks: str, rest: str, *, option: str = "", board: str = "") -> str:
    """A small rules file on a grid of files a-c and the given ranks, White and
    Black moving in turn: ``rest`` holds its pieces and setup."""
    return f"""
(game
  (title "{title}")
  (players White Black)
  (turn-order White Black)
  {option}
  (board
    (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("{ranks}" (0 10)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
    {board})
  {rest}
  (win-condition (White Black) (pieces-remaining 0))
)
"""


#: a 3x2 board whose one program sets a position flag west of a1 (off the
#: board) before it moves, and an ``(unlink (a1 n))`` that takes away a1's
#: link north only
FLAGS_ZRF = _rules(
    "Flags",
    "2/1",
    """(piece (name Man) (image White "x.bmp" Black "x.bmp")
    (moves ((set-position-flag seen true w) e add)
           (n add)))
  (board-setup (White (Man a1)) (Black (Man c2)))""",
    board="(unlink (a1 n))",
)


def _flags_game(tmp_path: Path) -> ZrfVariant:
    path = tmp_path / "flags.zrf"
    path.write_text(FLAGS_ZRF)
    variant = load_variant(str(path), (), None)
    assert isinstance(variant, ZrfVariant)
    return variant


def test_a_flag_set_off_the_board_does_not_stop_the_move(tmp_path: Path) -> None:
    """Gufuu Shogi marks the squares a Kaze faces, off the board too; Zillions lets
    the move go on (its saved game has a King move our engine had refused)."""
    variant = _flags_game(tmp_path)
    pos = variant.start_position()
    assert "Man a1 - b1" in {variant.move_text(pos, m) for m in pos.legal_moves()}


def test_unlink_of_a_position_and_a_direction_takes_that_link_only(tmp_path: Path) -> None:
    links = parse_zrf(FLAGS_ZRF).games[0].board.link_map()
    assert "n" not in links["a1"] and links["a1"]["e"] == "b1"
    assert links["b1"]["n"] == "b2"
    variant = _flags_game(tmp_path)
    pos = variant.start_position()
    assert "Man a1 - a2" not in {variant.move_text(pos, m) for m in pos.legal_moves()}


def test_unlink_pairs_of_positions_still_take_the_link_between_them() -> None:
    text = FLAGS_ZRF.replace("(unlink (a1 n))", "(unlink (a1 b1))")
    links = parse_zrf(text).games[0].board.link_map()
    assert "e" not in links["a1"] and links["a1"]["n"] == "a2"


def test_sahkku_home_rows_are_unlinked_as_its_saved_game_shows() -> None:
    """Sahkku's King sweeps down a file capturing enemy men; its saved game never
    takes one on a home row (1 or 17), because (unlink (d2 dn) …) cuts the way."""
    rules = shared("zillions", "corpus", "Sahkku", "Sahkku.zrf")
    links = parse_zrf(rules.read_text("latin-1"), str(rules)).games[0].board.link_map()
    assert links["d3"]["dn"] == "d2" and "dn" not in links["d2"]
    assert links["d15"]["dn"] == "d16" and "dn" not in links["d16"]


@pytest.mark.parametrize(
    ("ours", "theirs", "alike"),
    [
        # Gufuu Shogi move 1: the engine runs the captures IIIb, IVb, IIIc
        (
            "NKaze IVc - 1b North NKaze 1b x IIIb x IVb x IIIc",
            "NKaze IVc - 1b North NKaze 1b x IVb x IIIc x IIIb",
            True,
        ),
        # Chase move 22: two creations on different positions
        (
            "p3 B4 - E5 p6 D6 - C6 Red p2 E4 Red p1 D6 x E5",
            "p3 B4 - E5 p6 D6 - C6 Red p1 D6 Red p2 E4 x E5",
            True,
        ),
        # a capture of the square a part lands on does not commute with the part
        ("p3 B4 - E5 x E5", "x E5 p3 B4 - E5", False),
        # a change written without "on" stays with the part before it
        ("p3 B4 - E5 = p6 x C6", "x C6 p3 B4 - E5 = p6", True),
        ("p3 B4 - E5 = p6 p1 D6 - C6", "p3 B4 - E5 p1 D6 - C6 = p6", False),
        # the same effects with one more or one fewer are another move
        ("x IIIb x IVb", "x IVb", False),
    ],
)
def test_commuting_effects_name_the_same_step(ours: str, theirs: str, alike: bool) -> None:
    players = frozenset({"North", "South", "Red"})
    pieces = frozenset({"NKaze", "p1", "p2", "p3", "p6"})
    assert (written_key(ours, players, pieces) == written_key(theirs, players, pieces)) is alike


def _replayed_lines(name: str) -> list[str]:
    path = shared("zillions", "corpus", name)
    record = read_record(path.read_text("latin-1"), str(path))
    moves = [node.move for node in record.moves]
    return [step.text for move in moves if isinstance(move, ZrfMove) for step in move.turn_steps]


def test_a_replayed_game_keeps_the_order_its_file_writes() -> None:
    """Gufuu Shogi's reordered line is read as the engine's move and written back
    in the file's own order, so that a converted game is the same file."""
    lines = _replayed_lines("GufuuShogi/GufuuShogi.zsg")
    assert "NKaze IVc - 1b North NKaze 1b x IVb x IIIc x IIIb" in lines


def _gufuu_changed(tmp_path: Path, line: str, changed: str) -> tuple[str, Path]:
    source = shared("zillions", "corpus", "GufuuShogi", "GufuuShogi.zsg")
    text = source.read_text("latin-1").replace(line, changed)
    assert text != source.read_text("latin-1")
    saved = tmp_path / "GufuuShogi.zsg"
    saved.write_text(text, "latin-1")
    (tmp_path / "GufuuShogi.zrf").write_bytes(source.with_suffix(".zrf").read_bytes())
    return text, saved


def test_effects_on_other_positions_may_come_first(tmp_path: Path) -> None:
    """Taking IIb before the Arashi moves from Ib to 2b changes the board alike."""
    text, saved = _gufuu_changed(
        tmp_path, "2. EArashi Ib - 2b x IIb x IIa x Ia", "2. x IIb EArashi Ib - 2b x IIa x Ia"
    )
    lines = [
        s.text
        for n in read_record(text, str(saved)).moves
        if isinstance(n.move, ZrfMove)
        for s in n.move.turn_steps
    ]
    assert "x IIb EArashi Ib - 2b x IIa x Ia" in lines


def test_a_change_put_before_the_move_onto_its_square_is_refused(tmp_path: Path) -> None:
    """The King lands on 2b and becomes a WKing there: changing 2b first is
    another move (of the piece that stood there), and no legal one."""
    moved = "SKing 1c x 2b North NArashi IIb North EArashi Ib North SArashi Ia North WArashi IIa"
    text, saved = _gufuu_changed(tmp_path, f"2. {moved} = WKing on 2b", f"2. = WKing on 2b {moved}")
    with pytest.raises(RecordError, match=r"move 2 '= WKing on 2b SKing 1c x 2b"):
        read_record(text, str(saved))


@pytest.mark.parametrize(
    ("folder", "rules", "title", "numbers"),
    [
        # numbers as the saved games write them (@ position N value)
        ("YoninShogi", "YoninShogi.zrf", None, {"South": 3, "West": 2, "North": 1, "East": 0}),
        ("KoShogi", "KoShogi.zrf", "Empty", {"enemy-pass?": 4}),
        ("Elementals", "Elementals.zrf", None, {"frozen-e?": 3}),
        ("Bolotoudou", "bolotoudou.zrf", None, {"is-capturing?": 0}),
    ],
)
def test_attributes_are_numbered_for_the_whole_game(
    folder: str, rules: str, title: str | None, numbers: dict[str, int]
) -> None:
    variant = load_variant(str(shared("zillions", "corpus", folder, rules)), (), title)
    assert isinstance(variant, ZrfVariant)
    found = attribute_numbers(variant.spec)
    assert {name: found[name] for name in numbers} == numbers
    assert sorted(found.values()) == list(range(len(found)))


def test_a_change_on_several_positions_is_written_once() -> None:
    """Ko Shogi move 8 changes two pieces to EV and two to HV in one step."""
    lines = _replayed_lines("KoShogi/KoShogi.zsg")
    assert "CL 17H - 17F = EV on 1F 19J = HV on 19N 1P = MA on 17F" in lines


def test_a_piece_dropped_and_captured_in_one_step_goes_back_to_its_reserve() -> None:
    """Bolotoudou's Lock is dropped on the man it takes and taken with it; under
    "recycle captures" White drops a Lock again on move 4, with only one."""
    path = shared("zillions", "corpus", "Bolotoudou", "bolotoudou.zsg")
    saved, pos = zrf_game(path.read_text("latin-1"), str(path), path.with_suffix(".zrf"))
    variant = pos.variant
    assert isinstance(variant, ZrfVariant)
    lock = variant.kinds["Lock"]
    held = []
    for used, _ in replay_turns(pos, saved.moves, str(path)):
        if used[0].body().startswith("White Lock"):
            held.append(pos.hands.get((0, lock), 0))
    assert held[:2] == [1, 1]


#: White's Man on b1 takes a1 from afar, turns b2 into a King, steps aside, or
#: takes south of b1 (off the board) and then moves onto b2
MOST_ZRF = _rules(
    "Most",
    "2/1",
    """(piece (name Man) (image White "x.bmp" Black "x.bmp")
    (moves ((capture w) e add)
           ((change-type King n) e add)
           (e add)
           ((capture s) n add)))
  (piece (name King) (image White "x.bmp" Black "x.bmp") (moves))
  (board-setup (White (Man b1)) (Black (Man a1 b2)))""",
    option='(option "maximal captures" true)',
)


def test_maximal_captures_counts_changed_enemy_pieces_and_edge_captures_take_nothing(
    tmp_path: Path,
) -> None:
    """Northern Kings demotes each king it jumps, and Zillions lets that turn stand
    beside one that removes a piece; Ragnarok's Surtr burns the squares around
    him at the edge too, so a capture off the board takes nothing and the move
    goes on.  The step that takes nothing is not kept."""
    path = tmp_path / "most.zrf"
    path.write_text(MOST_ZRF)
    variant = load_variant(str(path), (), None)
    pos = variant.start_position()
    assert sorted(variant.move_text(pos, m) for m in pos.legal_moves()) == [
        "Man b1 - c1 = King on b2",
        "Man b1 - c1 x a1",
        "Man b1 x b2",
    ]


#: two programs of one piece that take the same three men in other orders, and a
#: piece whose name holds "_" (as Chu Shogi's Lion_part-move)
THREE_ZRF = _rules(
    "Three",
    "3/2/1",
    """(piece (name Lion_a) (image White "x.bmp" Black "x.bmp")
    (moves ((capture n) (capture e) (capture w) s add)
           ((capture e) (capture n) (capture w) s add)
           ((change-type Lion_a n) add)))
  (board-setup (White (Lion_a b2)) (Black (Lion_a b3 c2 a2)))""",
)


def _three(tmp_path: Path) -> tuple[ZrfVariant, Path]:
    rules = tmp_path / "three.zrf"
    rules.write_text(THREE_ZRF)
    variant = load_variant(str(rules), (), None)
    assert isinstance(variant, ZrfVariant)
    return variant, rules


def test_a_reordered_text_of_moves_alike_is_read_everywhere(tmp_path: Path) -> None:
    """The two programs write their captures in other orders and do the same: a
    saved game in a third order is one move to replay, ``check`` and the reader
    of PGN words alike."""
    variant, rules = _three(tmp_path)
    pos = variant.start_position()
    theirs = "Lion_a b2 - b1 x a2 x b3 x c2"
    assert all(variant.move_text(pos, m) != theirs for m in pos.legal_moves())
    read = variant.parse_move(pos, theirs)
    assert variant.move_text(pos, read) == theirs
    word = "Lion_a_b2_-_b1_x_a2_x_b3_x_c2"
    assert variant.notation.read(pos, word).actions == read.actions
    saved = tmp_path / "three.zsg"
    saved.write_text(
        f"Zillions Save Game File Version 0.02 HH\nRulesFile={rules.name}\n"
        f"VariantName=Three\n1. {theirs}\n"
    )
    code, out = _cli_check(saved)
    assert code == 0 and "OK" in out


def test_a_change_only_step_is_a_pgn_word_that_reads_back(tmp_path: Path) -> None:
    variant, _ = _three(tmp_path)
    pos = variant.start_position()
    (change,) = [m for m in pos.legal_moves() if variant.move_text(pos, m).startswith("=")]
    word = variant.notation.write(pos, change)
    assert word == "_=_Lion_a_on_b3"
    assert variant.notation.read(pos, word) == change


def _cli_check(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", str(path)])
    return result.exit_code, result.stdout
