"""The memos of the check test and of move generation (``_ScanMemo``) are fast
paths: pinned to the general path.

A Zillions game's check test runs every enemy piece's programs; the memo keeps
each piece's answer with the squares it read.  Generation keeps each piece's
moves the same way.  Here random games of real rules files are played twice,
with a memo and with it switched off, and every position's legal moves, check
and outcome must agree.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.helpers import CHESS_ZRF, DATA, SLOW, shared
from trebuchet.converters.zrf.model import parse_zrf, read_zrf
from trebuchet.converters.zrf.to_variant import variant_class, variant_from_zrf
from trebuchet.converters.zrf.writer import variant_to_zrf
from trebuchet.variants.pieces import Piece
from trebuchet.variants.registry import get_variant
from trebuchet.variants.zrf import game as zrf_game
from trebuchet.variants.zrf.game import ZrfVariant
from trebuchet.variants.zrf.program import Run

CORPUS = DATA / "zillions" / "corpus"
#: games with checks of several kinds: pawns that take en passant (last move
#: read), pieces that teleport (Circe's rebirths), drops (Ren Shogi), bombs
GAMES = [
    CHESS_ZRF,
    CORPUS / "CirceAndAndernach" / "CirceAndAndernach.zrf",
    CORPUS / "RenShogi" / "RenShogi.zrf",
    CORPUS / "BombChess" / "Bombs.zrf",
    CORPUS / "KnightCourt" / "KnightCourt.zrf",
    CORPUS / "TransportChess" / "TransportChess.zrf",
]


class _Forgetful(zrf_game._ScanMemo):
    """A memo that never recalls: every check test runs every program."""

    def recall(self, *args: object) -> None:
        return None


def _fresh(path: Path) -> ZrfVariant:
    game = variant_class(read_zrf(path).game(None), str(path))()
    assert isinstance(game, ZrfVariant)
    return game


def _trace(game: ZrfVariant, seed: int, plies: int) -> list[tuple[object, ...]]:
    chooser = random.Random(seed)
    pos = game.start_position()
    seen: list[tuple[object, ...]] = []
    for _ in range(plies):
        moves = sorted(game.move_text(pos, m) for m in game.legal_moves(pos))
        outcome = game.outcome(pos)
        seen.append((pos.fen(), tuple(moves), game.in_check(pos), outcome))
        if not moves or outcome is not None:
            break
        pos.push_text(chooser.choice(moves))
    return seen


#: besides those, games whose turns take several steps (their first steps come
#: from the move memo, the turns going on from them do not)
MOVE_GAMES = [
    *GAMES,
    CORPUS / "CheckersCollection" / "CheckersCollection.zrf",
    CORPUS / "GlinskiCheskers" / "glinski-cheskers.zrf",
    CORPUS / "Duke" / "Duke.zrf",
    CORPUS / "DobutsuShogi" / "Dobutsu.zrf",
]
#: the slow tier's: Glinski's cheskers' replay takes 15-25 s
HEAVY = [CORPUS / "GlinskiCheskers" / "glinski-cheskers.zrf"]
#: (the game's memo, a rules file): the check test's memo, generation's memo
CASES = [
    *(pytest.param("_scan_memo", p, id=f"check-{p.stem}") for p in GAMES),
    *(
        pytest.param("_move_memo", p, id=f"moves-{p.stem}", marks=[SLOW] if p in HEAVY else [])
        for p in MOVE_GAMES
    ),
]


@pytest.mark.parametrize(("memo", "path"), CASES)
def test_the_memo_changes_no_legal_move(memo: str, path: Path) -> None:
    remembering, forgetting = _fresh(shared(path)), _fresh(path)
    setattr(forgetting, memo, _Forgetful())
    for seed in range(3):
        assert _trace(remembering, seed, 60) == _trace(forgetting, seed, 60)
    assert getattr(remembering, memo)._kept  # the memo was used, not passed by


def test_a_run_that_read_most_of_the_board_is_not_kept_nor_logged_again() -> None:
    memo: zrf_game._ScanMemo[bool] = zrf_game._ScanMemo()
    board: list[Piece | None] = [None] * 100
    last = zrf_game.ZrfState(0)
    memo.keep(("few",), None, [1, 2, 3, 2], board, True)
    memo.keep(("most",), None, list(range(60)), board, True)
    assert memo.recall(("few",), last, board) is True
    assert memo.logs(("few",))
    assert memo.recall(("most",), last, board) is None
    assert not memo.logs(("most",))


def test_the_memo_forgets_everything_past_its_weight() -> None:
    memo: zrf_game._ScanMemo[bool] = zrf_game._ScanMemo()
    board: list[Piece | None] = [None] * 100
    last = zrf_game.ZrfState(0)
    memo.keep(("first",), None, [1], board, True, memo.MOST_WEIGHT)
    assert memo.recall(("first",), last, board) is True
    memo.keep(("second",), None, [2], board, False, 1)  # one more than the memo holds
    assert memo.recall(("first",), last, board) is None
    assert memo.recall(("second",), last, board) is False


def test_a_wide_run_that_hit_is_not_kept_but_its_key_is_logged_again() -> None:
    """A check test that found its capture at the end of a long walk (an exported
    Racing Kings King walking the board to the enemy King) says nothing of the runs
    that find none: they are still logged and kept."""
    memo: zrf_game._ScanMemo[bool] = zrf_game._ScanMemo()
    board: list[Piece | None] = [None] * 100
    last = zrf_game.ZrfState(0)
    memo.keep(("walk",), None, list(range(60)), board, True, surveys=False)
    assert memo.recall(("walk",), last, board) is None
    assert memo.logs(("walk",))
    memo.keep(("walk",), None, [1, 2], board, False)
    assert memo.recall(("walk",), last, board) is False


def test_the_memo_changes_no_legal_move_of_exported_racing_kings() -> None:
    """The exported Racing Kings file, whose Kings walk the board where they find a
    check, plays the same games with the check test's memo and without."""
    text = variant_to_zrf(get_variant("racing-kings"))
    remembering, forgetting = (variant_from_zrf(parse_zrf(text, "rk.zrf")) for _ in range(2))
    forgetting._scan_memo = _Forgetful()
    assert _trace(remembering, 1, 20) == _trace(forgetting, 1, 20)
def test_a_run_that_asked_an_attack_test_is_recalled_only_where_it_answers_alike() -> None:
    """``attacked?`` reads the whole position: the moves are kept with the tests
    asked and their answers, and recalled where each test answers as it did."""
    memo: zrf_game._ScanMemo[bool] = zrf_game._ScanMemo()
    board: list[Piece | None] = [None] * 100
    last = zrf_game.ZrfState(0)
    query = (4, None, True, get_variant("chess").piece("K", 0))
    memo.keep(("asked",), None, [4], board, True, 1, ((query, True),))
    assert memo.recall(("asked",), last, board, lambda q: True) is True
    assert memo.recall(("asked",), last, board, lambda q: False) is None
    assert memo.recall(("asked",), last, board) is None  # nothing to ask it with


def test_the_memo_changes_no_move_of_an_exported_three_check(tmp_path: Path) -> None:
    """Every block of the exported three-check asks ``attacked?`` of its own King's
    square (converters/zrf/export_three_check.py): random games with the move memo
    and without it agree."""
    path = tmp_path / "three-check.zrf"
    path.write_text(variant_to_zrf(get_variant("three-check")), encoding="latin-1")
    remembering, forgetting = _fresh(path), _fresh(path)
    forgetting._move_memo = _Forgetful()
    assert _trace(remembering, 0, 60) == _trace(forgetting, 0, 60)
    assert remembering._move_memo._kept


def test_a_logged_run_notes_the_squares_its_programs_read() -> None:
    """The memos keep a run's answer with the squares it read, so a read the log
    misses would let them recall a wrong answer.  In the start position a Rook on
    a1 is stopped by its own Pawn on a2 and Knight on b1, which it must look at;
    a Knight on b1 looks at a3, c3 and d2.  Programs are
    compiled in the compiled build: they must read the board through the log."""
    game = _fresh(CHESS_ZRF)
    pos = game.start_position()
    names = game.spec.board.names
    for origin, seen in [("a1", {"a2", "b1"}), ("b1", {"a3", "c3", "d2"})]:
        sq = names.index(origin)
        piece = pos.board[sq]
        assert piece is not None
        run = Run(game, pos, game._links[piece.color], piece.color, piece.color, "", [])
        read = game._run_logged(run, None, sq, piece, True)
        assert read is not None
        assert seen <= {names[s] for s in read}
        assert run.board is pos.board  # the log is taken off again
