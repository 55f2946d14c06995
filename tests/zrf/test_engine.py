"""The Zillions engine against references: perft tables, python-chess and
Fairy-Stockfish move lists, and the real saved games of the corpus.

Every saved game of ``../shared/data/zillions/corpus`` whose rules are ZRF code
(all but the six that hand their moves to an Axiom engine) must replay line by
line, each line one legal move of its rules file with its complete text; and
for every turn, moves that break a rule (mutants of the played one) must be
refused with one line naming the move.  The games that do not replay yet are
listed in ``NOT_YET`` with the reason, as strict expected failures: the day one
starts to replay, the test says so.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Container, Iterator
from pathlib import Path
from typing import Any

import chess
import pyffish
import pytest
from click.testing import CliRunner

import trebuchet
from tests.helpers import CHESS_ZRF, DATA, SLOW, requires_shared, shared
from trebuchet.cli import main
from trebuchet.converters.errors import RecordError
from trebuchet.converters.formats import format_named, read_records
from trebuchet.converters.load import find_rules_file, load_variant
from trebuchet.converters.record import GameRecord
from trebuchet.converters.replay import replay
from trebuchet.converters.zsg import write_zsg
from trebuchet.converters.zsg.grammar import MoveLine, read_zsg
from trebuchet.converters.zsg.turns import match_turn, replay_turns
from trebuchet.converters.zsg.zillions import zrf_game
from trebuchet.variants.errors import TrebuchetError
from trebuchet.variants.move import Move
from trebuchet.variants.perft import perft
from trebuchet.variants.position import Position
from trebuchet.variants.zrf.game import ZrfMove, ZrfVariant

CORPUS = DATA / "zillions" / "corpus"

#: saved games whose rules file delegates its moves to an Axiom engine (a DLL):
#: there is no ZRF move code to run
AXIOM = {
    "Afrika/Problem-1.zsg",
    "Afrika/Problem-2.zsg",
    "Gabata/Selus-Problem.zsg",
    "Ordo/Crazy.zsg",
    "QXO/Morris.zsg",
    "TchukaRuma/TchukaRuma.zsg",
}

#: the 25 games that need only single-step turns (issue "Zillions engine, part 1")
PART_ONE = {
    "Duke/DarkRiders.zsg",
    "Duke/Duke.zsg",
    "Duke/DynasticDispute.zsg",
    "Focus/Focus.zsg",
    "Gonu/Gonu.zsg",
    "Gwangsanghui/Gwangsanghui.zsg",
    "HiQue/hi-que.zsg",
    "HornChess/horn-chess.zsg",
    "Nine-Tile_Cyvasse/Cyvasse.zsg",
    "Sokoban/Level_01.zsg",
    "Spock/spock.zsg",
    "Chessence/Chessence.zsg",
    "ChinesePassiveChess/PassiveChess.zsg",
    "CirceAndAndernach/CirceAndAndernach.zsg",
    "DobutsuShogi/Dobutsu.zsg",
    "KnightCourt/KnightCourt.zsg",
    "LeganChess/legan-chess.zsg",
    "LittleShogiPack/IkusaShogi.zsg",
    "LittleShogiPack/LeShogi.zsg",
    "LittleShogiPack/RocketShogi.zsg",
    "LittleShogiPack/SimpleShogi.zsg",
    "LittleShogiPack/TreasureShogi.zsg",
    "RenShogi/RenShogi.zsg",
    "ResurrectionChess/Soulbringer.zsg",
    "WojiaoQi/wojiaoqi.zsg",
}

#: saved games that do not replay yet, and why (each is a strict expected failure)
NOT_YET: dict[str, str] = {}


def _saved_games(slow: Container[str] = ()) -> list[object]:
    """The corpus's saved games but the axioms, as parameters; those in ``slow``
    left to the slow tier."""
    if not CORPUS.is_dir():
        return [pytest.param("absent", marks=pytest.mark.skip(reason="needs ../shared"))]
    games: list[object] = []
    for path in sorted(CORPUS.rglob("*.zsg")):
        name = path.relative_to(CORPUS).as_posix()
        if name in AXIOM:
            continue
        marks = [pytest.mark.xfail(strict=True, reason=NOT_YET[name])] if name in NOT_YET else []
        if name in slow:
            marks.append(SLOW)
        games.append(pytest.param(name, marks=marks, id=name))
    return games


def _start(name: str) -> tuple[list[MoveLine], Position, str]:
    path = CORPUS / name
    text = path.read_text(encoding="latin-1")
    rules = find_rules_file(path, read_zsg(text, str(path)).rules_file)
    assert rules is not None, f"{name}: its rules file is not beside it"
    saved, pos = zrf_game(text, str(path), rules)
    return saved.moves, pos, str(path)


def _turns(name: str) -> Iterator[tuple[Position, list[MoveLine], Move, str]]:
    """Each turn of a saved game: the position before it, its lines, the move."""
    lines, pos, source = _start(name)
    for used, move in replay_turns(pos, lines, source):
        yield pos, list(used), move, source


# -- the whole corpus ------------------------------------------------------------------


def test_the_corpus_list_is_the_issue_s() -> None:
    """56 saved games have ZRF move code: 62 in the corpus, six Axiom ones."""
    if not CORPUS.is_dir():
        pytest.skip("needs ../shared/data/zillions/corpus")
    names = {p.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("*.zsg")}
    assert len(names) == 62 and names >= AXIOM and names >= PART_ONE
    assert len(names - AXIOM) == 56 and set(NOT_YET) <= names - AXIOM - PART_ONE


@pytest.mark.parametrize("name", _saved_games())
def test_saved_game_replays_with_every_line_accepted(name: str) -> None:
    lines, pos, source = _start(name)
    played = sum(len(used) for used, _move in replay_turns(pos, lines, source))
    assert played == len(lines)


#: the one Pass of the corpus where the rules allow none: Black, stalemated under a
#: ``stalemated`` loss condition, passes (docs/zrf.md, "A player with no move")
UNRULED_PASSES = {"Chessence/Chessence.zsg": [81]}


@pytest.mark.parametrize("name", _saved_games())
def test_saved_game_ends_where_its_rules_end_it(name: str) -> None:
    """Zillions stops a game as soon as a goal holds, so in a saved game no
    position before the last has an outcome (but the one listed Pass), and a game
    whose last position has one was won by the player who moved last (the
    players of this corpus never made a losing last move; a random player's
    last move aside)."""
    lines, pos, source = _start(name)
    ended_at: list[int] = []
    for _used, _move in replay_turns(pos, lines, source):
        if pos.outcome() is not None:
            ended_at.append(len(pos.move_stack))
    assert ended_at == UNRULED_PASSES.get(name, [])
    outcome = pos.outcome()
    variant = pos.variant
    assert isinstance(variant, ZrfVariant)
    mover = pos.last_turn()
    if outcome is not None and mover not in variant.spec.random_players:
        assert outcome.winner == mover, outcome


@pytest.mark.parametrize("name", sorted(AXIOM))
@requires_shared("zillions", "corpus")
def test_axiom_games_are_refused_in_one_line(name: str) -> None:
    with pytest.raises(TrebuchetError) as caught:
        _start(name)
    message = str(caught.value)
    assert "Axiom" in message or "engine" in message, message
    assert "\n" not in message


# -- the negative side: mutants of every turn -------------------------------------------


def _line(number: int, body: str, line: int) -> MoveLine:
    return MoveLine(number, f"{number}. {body}", line)


def _refused(pos: Position, bodies: list[str], first: MoveLine, source: str) -> bool:
    """Whether the lines ``bodies`` (one turn) are refused in one line naming the move."""
    lines = [_line(first.number, body, first.line + i) for i, body in enumerate(bodies)]
    try:
        match_turn(pos, lines, 0, source)
    except RecordError as exc:
        message = str(exc)
        return f"move {first.number}" in message and "\n" not in message
    return False


def _step_mutants(pos: Position, move: ZrfMove) -> Iterator[tuple[str, str]]:
    """Texts of the first step of ``move`` changed so that it breaks a rule."""
    variant = pos.variant
    assert isinstance(variant, ZrfVariant)
    geo = variant.geometry
    words = move.turn_steps[0].text.split()
    names = {kind: name for name, kind in variant.kinds.items()}
    if move.frm is not None and len(words) >= 4 and words[2] in ("-", "x"):
        squares = [sq for sq in range(len(pos.board)) if geo.index_of(geo.name(sq)) == sq]
        empty = [sq for sq in squares if pos.board[sq] is None and sq != move.frm]
        if empty:
            yield "empty origin", " ".join([words[0], geo.name(empty[0]), *words[2:]])
        theirs = [
            sq
            for sq in squares
            if (p := pos.board[sq]) is not None and p.color is not None and p.color != pos.turn
        ]
        if theirs:
            piece = pos.board[theirs[0]]
            assert piece is not None
            yield "other player's piece", " ".join(
                [names.get(piece.kind, piece.kind), geo.name(theirs[0]), *words[2:]]
            )
        piece = pos.board[move.frm]
        assert piece is not None
        reached = {
            m.to for m in variant.piece_moves(pos, move.frm, piece, piece.color or 0, None)
        }
        beyond = [sq for sq in squares if sq not in reached and sq != move.frm]
        if beyond:
            yield "unreachable destination", " ".join([*words[:3], geo.name(beyond[0])])


def _mutants(
    pos: Position, move: Move, legal: set[tuple[str, ...]]
) -> Iterator[tuple[str, list[str], Position]]:
    """Each mutant of the played ``move``: its kind, its lines, the position it is
    tried in (``legal``: the turns of ``pos``)."""
    variant = pos.variant
    assert isinstance(variant, ZrfVariant)
    if isinstance(move, ZrfMove):
        for kind, text in _step_mutants(pos, move):
            yield kind, [text], pos
        if move.frm is None and move.drop is not None:
            empty = pos.copy()
            empty.hands[(pos.turn, move.drop)] = 0
            yield "drop from an empty reserve", [move.turn_steps[0].text], empty
        steps = move.turn_steps
        if len(steps) > 1 and variant.spec.options.get("pass partial", "false") != "true":
            yield "turn cut short", [steps[0].text], pos
    turn = variant._turn(pos)
    pseudo = variant.turn_moves(pos, turn.player, turn.pieces_of, turn.move_type)
    checked = [m for m in pseudo if isinstance(m, ZrfMove) and tuple(_texts(m)) not in legal]
    for m in checked[:3]:
        yield "leaves the royal piece capturable", _texts(m), pos
    unranked = variant.turn_moves(pos, turn.player, turn.pieces_of, turn.move_type, ranked=False)
    ranked = {m.text for m in pseudo if isinstance(m, ZrfMove)}
    outranked = [m for m in unranked if isinstance(m, ZrfMove) and m.text not in ranked]
    # a turn of a type the ranked turns have lost on captures, else on priority
    kept_types = {_first_type(m) for m in pseudo if isinstance(m, ZrfMove)}
    for m in outranked[:3]:
        kind = "fewer captures" if _first_type(m) in kept_types else "lower priority"
        yield kind, _texts(m), pos


def _first_type(move: ZrfMove) -> str:
    """The move type of a turn's first step (the one priorities rank)."""
    return move.turn_steps[0].emitted.move_type


def _texts(move: ZrfMove) -> list[str]:
    return [step.text for step in move.turn_steps]


def _mutant_games(slow: Container[str] = ()) -> list[object]:
    """The saved games the engine replays (none still expected to fail)."""
    return [g for g in _saved_games(slow) if getattr(g, "id", None) not in NOT_YET]


#: the saved games whose mutants take half a minute or more: left to the slow tier
SLOW_MUTANTS = {"Nine-Tile_Cyvasse/Cyvasse.zsg", "MancalaKnights/MancalaKnights.zsg"}


@pytest.mark.parametrize("name", _mutant_games(SLOW_MUTANTS))
def test_every_mutant_of_every_turn_is_refused(name: str) -> None:
    """Every mutant's lines are no legal turn; the first of each kind in the game
    is also fed to replay, which must refuse it in one line naming the move."""
    counts: Counter[str] = Counter()
    missed: list[str] = []
    for pos, lines, move, source in _turns(name):
        legal = _turn_texts(pos)
        for kind, bodies, where in _mutants(pos, move, legal):
            known = legal if where is pos else _turn_texts(where)
            if tuple(bodies) in known or _names_a_legal_turn(where, bodies):
                continue  # the mutant happens to be a legal turn too: no mutant
            counts[kind] += 1
            if counts[kind] == 1 and not _refused(where, bodies, lines[0], source):
                missed.append(f"{kind}: {lines[0].number}. {' ; '.join(bodies)}")
    assert not missed, missed[:5]
    assert counts or not _start(name)[0], "no mutant made"


def _names_a_legal_turn(pos: Position, bodies: list[str]) -> bool:
    """Whether the lines write a legal turn of ``pos``, their commuting effects in
    any order (as replay reads them)."""
    variant = pos.variant
    assert isinstance(variant, ZrfVariant)
    return any(
        isinstance(m, ZrfMove) and variant.written.turn_alike(m, bodies) for m in pos.legal_moves()
    )


def _turn_texts(pos: Position) -> set[tuple[str, ...]]:
    """The legal turns of ``pos``, each as the lines a saved game writes for it."""
    return {tuple(_texts(m)) for m in pos.legal_moves() if isinstance(m, ZrfMove)}


# -- FIDE chess written in ZRF ------------------------------------------------------------


@pytest.fixture(scope="module")
def chess_zrf() -> ZrfVariant:
    variant = load_variant(str(CHESS_ZRF))
    assert isinstance(variant, ZrfVariant)
    return variant


def test_chess_zrf_perft_from_the_start(chess_zrf: ZrfVariant) -> None:
    """The published perft of chess: 20, 400, 8902 (197281 at depth 4: bench/zrf.py)."""
    pos = chess_zrf.start_position()
    assert [perft(pos, depth) for depth in (1, 2, 3)] == [20, 400, 8902]


def _uci(pos: Position, move: Move) -> str:
    """A ZRF chess move as UCI: its first part's squares, and the kind a promotion
    makes (chess.zrf's kinds are the pieces' letters)."""
    geo = pos.variant.geometry
    assert isinstance(move, ZrfMove) and move.frm is not None
    promotion = (move.emitted.promotion or "").lower()
    return geo.name(move.frm) + geo.name(move.to) + promotion


def _games_to_mate_or_stalemate(count: int, seed: int) -> list[list[str]]:
    """``count`` random games of python-chess that end in checkmate or stalemate
    before any other rule ends them (chess.zrf has no 50-move, repetition or
    material rule).  A move that mates or stalemates is played when there is one,
    else castling, en passant or a promotion, else any; games ended otherwise are
    left out."""
    rng = random.Random(seed)
    games: list[list[str]] = []
    while len(games) < count:
        board = chess.Board()
        while board.outcome(claim_draw=False) is None:
            moves = list(board.legal_moves)
            ending = [m for m in moves if _ends(board, m)]
            special = [
                m for m in moves if board.is_castling(m) or board.is_en_passant(m) or m.promotion
            ]
            board.push(rng.choice(ending or special or moves))
        outcome = board.outcome(claim_draw=False)
        assert outcome is not None
        if outcome.termination in (chess.Termination.CHECKMATE, chess.Termination.STALEMATE):
            games.append([m.uci() for m in board.move_stack])
    return games


def _ends(board: chess.Board, move: chess.Move) -> bool:
    board.push(move)
    try:
        return board.is_checkmate() or board.is_stalemate()
    finally:
        board.pop()


def _python_chess_outcome(board: chess.Board) -> tuple[str, int | None] | None:
    """python-chess's ``outcome(claim_draw=False)`` as (termination, winner 0/1)."""
    outcome = board.outcome(claim_draw=False)
    if outcome is None:
        return None
    winner = None if outcome.winner is None else (0 if outcome.winner else 1)
    return outcome.termination.name.lower(), winner


def test_chess_zrf_agrees_with_python_chess_to_the_end_of_50_games(chess_zrf: ZrfVariant) -> None:
    """50 random games played to checkmate or stalemate: at every ply the legal
    moves (as UCI) are python-chess's, and so is the outcome, ``None`` while the
    game goes on.  No pass is ever offered: chess.zrf allows none."""
    games = _games_to_mate_or_stalemate(50, 20261201)
    endings: Counter[str] = Counter()
    for moves in games:
        board = chess.Board()
        pos = chess_zrf.start_position()
        for text in [*moves, None]:
            ours = {_uci(pos, m): m for m in pos.legal_moves()}
            assert set(ours) == {m.uci() for m in board.legal_moves}, board.fen()
            outcome = pos.outcome()
            mine = None if outcome is None else (outcome.termination, outcome.winner)
            assert mine == _python_chess_outcome(board), board.fen()
            if text is None:
                assert outcome is not None
                endings[outcome.termination] += 1
                break
            board.push_uci(text)
            pos.push(ours[text])
    assert endings["checkmate"] > 0 and endings["stalemate"] > 0, endings


def test_fools_mate_in_chess_zrf_ends_the_game() -> None:
    """The issue's example: after f2f3 e7e5 g2g4 d8h4 White is mated, has no move
    (no Pass), and every command says so."""
    rules = str(CHESS_ZRF)
    code, out = _cli("play", rules, "f2f3", "e7e5", "g2g4", "d8h4")
    assert code == 0 and out.splitlines()[-1] == "0-1 checkmate (won by Black)", out
    fen = out.splitlines()[0]
    result = CliRunner().invoke(main, ["moves", rules, "--fen", fen])
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr.strip() == "no legal moves: White is checkmated: 0-1 (won by Black)"


# -- Dobutsu Shogi against Fairy-Stockfish ------------------------------------------------

#: Dobutsu.zrf's names for the animals, as Fairy-Stockfish's letters
_ANIMALS = {"Za": "c", "Hu": "h", "Sang": "e", "Jang": "g", "King": "l"}


def _fsf_move(pos: Position, move: ZrfMove) -> str:
    geo = pos.variant.geometry
    assert move.frm is not None
    frm, to = geo.name(move.frm), geo.name(move.to)
    if frm[0] in "rg":  # the hand columns at either side of the board
        return _ANIMALS[move.text.split()[0]].upper() + "@" + to
    moved = pos.board[move.frm]
    pos.push(move)
    landed = pos.board[move.to]
    pos.pop()
    promoted = moved is not None and landed is not None and landed.kind != moved.kind
    return frm + to + ("+" if promoted else "")


def _fsf_outcome(
    pyffish: Any, start: str, played: list[str], turn: int
) -> tuple[int | None, bool] | None:
    """pyffish's verdict on the game after ``played``: None while it goes on, else
    (the winner, 0 or 1, None for a draw; whether it ended by a rule other than
    having no move).  Its values are for the side to move."""
    ended, value = pyffish.is_immediate_game_end("dobutsu", start, played)
    if not ended:
        if pyffish.legal_moves("dobutsu", start, played):
            return None
        value = pyffish.game_result("dobutsu", start, played)
    if value == 0:
        return None, ended
    return (turn if value > 0 else 1 - turn), ended


def test_dobutsu_agrees_with_fairy_stockfish_on_random_games() -> None:
    """Dobutsu.zrf's original game against pyffish's ``dobutsu``, 50 random games
    played until either says the game is over: at every ply the legal moves agree,
    and so does the outcome (the Lion taken, or the try made: the same ply and
    the same winner).

    One rule differs and is excluded by name: Dobutsu.zrf lets the Lion enter the
    last row only on a square the opponent does not attack (its ``king-leap``
    verifies ``not-attacked?``), while Fairy-Stockfish generates the move and
    scores the try only if it is safe.  Every move of theirs missing from ours
    must be exactly such a Lion move: onto the last row, where their own next
    moves can take it."""
    variant = load_variant(str(shared("zillions", "corpus", "DobutsuShogi", "Dobutsu.zrf")))
    assert isinstance(variant, ZrfVariant)
    start = pyffish.start_fen("dobutsu")
    rng = random.Random(7)
    compared = excused = 0
    endings: Counter[str] = Counter()
    for _ in range(50):
        pos = variant.start_position()
        played: list[str] = []
        while True:
            outcome = pos.outcome()
            theirs_end = _fsf_outcome(pyffish, start, played, pos.turn)
            ours_end = None if outcome is None else outcome.winner
            assert (outcome is None) == (theirs_end is None), played
            if outcome is not None and theirs_end is not None:
                assert ours_end == theirs_end[0], played
                endings[outcome.termination] += 1
                break
            ours: dict[str, Move] = {}
            for m in pos.legal_moves():
                assert isinstance(m, ZrfMove)
                ours.setdefault(_fsf_move(pos, m), m)
            theirs = set(pyffish.legal_moves("dobutsu", start, played))
            last_row = "4" if pos.turn == 0 else "1"
            for text in sorted(theirs - set(ours)):
                lion = pos.board[variant.geometry.square(text[:2])] if "@" not in text else None
                replies = pyffish.legal_moves("dobutsu", start, [*played, text])
                assert lion is not None and lion.kind == variant.kinds["King"], text
                assert text[3] == last_row and any(r[2:4] == text[2:4] for r in replies), text
                excused += 1
                theirs.discard(text)
            assert set(ours) == theirs, played
            compared += 1
            text = rng.choice(sorted(ours))
            pos.push(ours[text])
            played.append(text)
    assert compared > 500 and excused > 0
    # both ways the game is won: the Lion taken, the try made
    assert endings["pieces_remaining"] > 0 and endings["absolute_config"] > 0, endings


# -- draughts: turns of several steps -----------------------------------------------------


@pytest.mark.parametrize(
    ("game", "counts"),
    [
        # Aart Bik, "Perft for Checkers" (aartbik.com/MISC/checkers.html; talkchess
        # topic 27814, 2009): 7, 49, 302, 1469, 7361, 36768 (the last two in bench/zrf.py)
        ("Checkers (English draughts)", [7, 49, 302, 1469]),
        # Rein Halbersma, "Perft for all recognized draughts variants" (damforum.nl
        # topic 2822, 2010), Brazilian: 7, 49, 302, 1469, 7473
        ("Brazilian Checkers", [7, 49, 302, 1469, 7473]),
    ],
)
def test_draughts_perft_counts_whole_turns(game: str, counts: list[int]) -> None:
    rules = shared("zillions", "corpus", "CheckersCollection", "CheckersCollection.zrf")
    pos = load_variant(str(rules), game=game).start_position()
    assert [perft(pos, depth) for depth in range(1, len(counts) + 1)] == counts


# -- round trips --------------------------------------------------------------------------


#: the saved games whose round trip takes tens of seconds: left to the slow tier
SLOW_ROUND_TRIPS = {
    "Nine-Tile_Cyvasse/Cyvasse.zsg",
    "Chessence/Chessence.zsg",
    "MancalaKnights/MancalaKnights.zsg",
}


@pytest.mark.parametrize("name", _mutant_games(SLOW_ROUND_TRIPS))
def test_saved_game_round_trips_through_json_and_pgn(name: str, tmp_path: Path) -> None:
    """The saved game is written back with the file's own move lines (numbers and
    Pass lines too; Zillions' ``partial K`` counter aside, which trebuchet does not
    write), and ``.zsg`` → JSON → ``.zsg`` and ``.zsg`` → PGN → ``.zsg`` give the
    same lines.
    The files are copied with their rules, so that JSON and PGN find the rules
    file beside them as a user's would."""
    source = CORPUS / name
    for part in source.parent.iterdir():  # the game, its rules and their includes
        if part.suffix.lower() in (".zsg", ".zrf", ".inc"):
            (tmp_path / part.name).write_bytes(part.read_bytes())
    record = next(iter(read_records(str(tmp_path / source.name))))
    original = _lines_of(record)
    assert not isinstance(record, RecordError), record
    if name not in WRITTEN_OTHERWISE:
        assert _move_lines(original) == _move_lines(source.read_text("latin-1").splitlines())
    for middle in ("json", "pgn"):
        there = tmp_path / f"game.{middle}"
        with there.open("w", encoding="utf-8") as out:
            format_named(middle).write([record], out)  # type: ignore[list-item]
        back = next(iter(read_records(str(there))))
        assert not isinstance(back, RecordError), back
        replay(back)
        assert _lines_of(back) == original, middle


#: saved games whose move lines trebuchet writes otherwise than the file, and why
#: (every other replayed game is written back line for line, ``partial K`` aside)
WRITTEN_OTHERWISE = {
    # Zillions ends three turns that could go on without a Pass line (their steps
    # carry "partial 3" where the others carry 2); trebuchet writes the Pass
    "PyonPyonShogi/PyonPyonShogi.zsg": "three turns stopped without a Pass line",
}


def _move_lines(lines: list[str]) -> list[str]:
    """The numbered lines, spaced alike and without Zillions' ``partial K``."""
    out = []
    for line in lines:
        words = line.split()
        if words and words[0][:-1].isdigit() and words[0].endswith("."):
            if words[1:2] == ["partial"]:
                del words[1:3]
            out.append(" ".join(words))
    return out


def _lines_of(record: GameRecord | RecordError) -> list[str]:
    """The step lines a record's game writes as a saved game (its header aside)."""
    assert not isinstance(record, RecordError), record
    return write_zsg(record).splitlines()[3:]


# -- the command line on Zillions games --------------------------------------------------


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@requires_shared("zillions", "corpus", "DobutsuShogi")
def test_mobility_and_reach_of_a_zrf_game() -> None:
    """Dobutsu's animals on an empty board, from its centre square b2: the Lion
    (King) steps to all 8 neighbours, the Giraffe (Jang) to the 4 orthogonal, the
    Elephant (Sang) to the 4 diagonal ones.  The hand columns (files r and g)
    are squares of the board in Dobutsu.zrf; the Lion is never captured into
    them, so its reachability graph never reaches them."""
    rules = str(CORPUS / "DobutsuShogi" / "Dobutsu.zrf")
    code, out = _cli("mobility", rules, "--json")
    assert code == 0, out
    rows = {row["name"]: row["per_square"]["b2"]["moves"] for row in json.loads(out)}
    assert (rows["King"], rows["Jang"], rows["Sang"]) == (8, 4, 4)
    code, out = _cli("reach", rules, "King")
    assert code == 0, out
    never = next(line for line in out.splitlines() if line.startswith("never reached:"))
    assert {"r1", "g1", "r4", "g4"} <= set(never.split()[2:]), never
    assert not {"a1", "b2", "c4"} & set(never.split()[2:]), never


@requires_shared("zillions", "corpus", "DobutsuShogi")
def test_mobility_over_a_zone_leaves_the_hand_columns_out() -> None:
    """``--zone board-zone`` averages over Dobutsu's 3x4 board alone.  The Chick (Za)
    steps one square forward, and takes there: from the 9 squares below the last
    rank, 9/12 = 0.75 moves and captures.  A capture moves the piece taken to its
    taker's hand column, and counts as one although nothing leaves the board."""
    rules = str(CORPUS / "DobutsuShogi" / "Dobutsu.zrf")
    code, out = _cli("mobility", rules, "--zone", "board-zone", "--json", "--no-crowded")
    assert code == 0, out
    rows = {row["name"]: row for row in json.loads(out)}
    chick = rows["Za"]
    assert chick["zone"] == "board-zone"
    assert (chick["average"], chick["average_captures"]) == (0.75, 0.75)
    assert len(chick["per_square"]) == 12 and not {"r1", "g4"} & set(chick["per_square"])
    assert rows["King"]["average"] == rows["King"]["average_captures"] == 58 / 12
    chick_api = trebuchet.mobility(load_variant(rules), "Za", zone="board-zone")
    assert (chick_api.average, len(chick_api.squares)) == (0.75, 12)
    # without a zone, the 5 files by 4 ranks; the dummy positions START and END,
    # markers of the file's programs, are no squares
    assert len(trebuchet.mobility(load_variant(rules), "Za").squares) == 20
    code, out = _cli("mobility", rules, "--zone", "hand")
    assert code == 1
    assert "has no zone 'hand' (its zones: board-zone, promotion-zone)" in out


@requires_shared("zillions", "corpus", "Kamisado")
def test_an_enemy_marker_changed_in_place_is_no_capture() -> None:
    """Kamisado has no captures: each move changes the other side's "next dragon"
    marker where it stands, which is no piece taken (a piece is taken into a hand
    only when it leaves the square the mover lands on)."""
    variant = load_variant(str(CORPUS / "Kamisado" / "kamisado.zrf"))
    pos = variant.start_position()
    rng = random.Random(3)
    changes = 0
    for _ in range(12):
        moves = pos.legal_moves()
        if not moves:
            break
        assert not any(m.is_capture() for m in moves), pos.fen()
        changes += sum(bool(m.captured) for m in moves if isinstance(m, ZrfMove))
        pos.push(rng.choice(moves))
    assert changes > 0  # the markers were changed all along


def test_only_a_zillions_game_has_zones() -> None:
    code, out = _cli("mobility", "chess", "--zone", "board-zone")
    assert code == 1 and "chess has no zones (zones are declared by Zillions rules files)" in out


@requires_shared("zillions", "corpus", "DobutsuShogi")
def test_svg_of_a_zrf_game_is_drawn_from_its_own_grid(tmp_path: Path) -> None:
    """Dobutsu's grid is five files (a hand column each side) by four ranks."""
    out = tmp_path / "board.svg"
    code, text = _cli("show", str(CORPUS / "DobutsuShogi" / "Dobutsu.zrf"), "--svg", str(out))
    assert code == 0, text
    svg = out.read_text()
    for name in ("r", "a", "b", "c", "g"):
        assert f">{name}</text>" in svg
    assert ">5</text>" not in svg and ">4</text>" in svg


@requires_shared("zillions", "corpus", "DobutsuShogi")
def test_check_refuses_a_changed_saved_game_in_one_line(tmp_path: Path) -> None:
    """Move 3 of Dobutsu.zsg made illegal (the King cannot step two squares)."""
    source = CORPUS / "DobutsuShogi"
    for name in ("Dobutsu.zsg", "Dobutsu.zrf"):
        (tmp_path / name).write_bytes((source / name).read_bytes())
    game = tmp_path / "Dobutsu.zsg"
    game.write_text(game.read_text("latin-1").replace("3. King b2 - b1", "3. King b2 - b4"))
    code, out = _cli("check", str(game))
    assert code == 1
    refused = [line for line in out.splitlines() if "move 3" in line]
    assert len(refused) == 1 and "King b2 - b4" in refused[0], out


@requires_shared("zillions", "corpus", "DobutsuShogi")
def test_check_rules_names_the_rules_file_a_saved_game_lacks(tmp_path: Path) -> None:
    """A saved game alone in its folder names its missing rules file; with
    ``--rules`` it is checked against the file given."""
    source = CORPUS / "DobutsuShogi"
    game = tmp_path / "Dobutsu.zsg"
    game.write_bytes((source / "Dobutsu.zsg").read_bytes())
    code, out = _cli("check", str(game))
    assert code == 1 and "rules file 'Dobutsu.zrf' not found beside the game" in out, out
    assert "--rules FILE" in out
    code, out = _cli("check", str(game), "--rules", str(source / "Dobutsu.zrf"))
    assert code == 0 and "1 game OK" in out, out
    code, out = _cli("check", str(game), "--rules", str(tmp_path / "missing.zrf"))
    assert code == 1 and "no rules file" in out, out


@requires_shared("zillions", "corpus", "DobutsuShogi")
def test_show_names_the_players_as_the_rules_file_does() -> None:
    """Dobutsu.zrf's players are Green (first) and Red."""
    code, out = _cli("show", str(CORPUS / "DobutsuShogi" / "Dobutsu.zrf"))
    assert code == 0 and "Green to move" in out, out


@requires_shared("zillions", "corpus", "Duke")
def test_a_random_player_does_not_share_the_result() -> None:
    """Duke.zrf's players are South, North and ?R, a random player that Zillions
    moves to deal tiles; South's loss is North's win, not a draw."""
    lines, pos, source = _start("Duke/Duke.zsg")
    for _used, _move in replay_turns(pos, lines, source):
        pass
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination == "captured"
    assert outcome.winner == pos.variant.spec.players.index("North")
    assert (outcome.result, outcome.players) == ("0-1", 2)


@requires_shared("zillions", "corpus", "Chessence")
def test_check_reads_chessences_pass_after_the_end_and_says_so() -> None:
    """Chessence.zsg's move 41 is Black's Pass with no move left, under a
    ``stalemated`` loss condition and ``"pass turn" false``: the game was over.
    ``check`` reads the Pass as a null move, warns in one line, and reports the
    outcome where the game really ended, White's mate at move 42."""
    code, out = _cli("check", str(CORPUS / "Chessence" / "Chessence.zsg"))
    assert code == 0, out
    report, warning, _summary = out.splitlines()
    assert "OK 1-0 (free-chessence, 83 plies, checkmate, won by White)" in report
    assert "Chessence.zsg:85: move 41: Pass, though the rules allow none" in warning
    assert "Black had no move and the game was over (stalemate, 1-0, won by White)" in warning


@requires_shared("zillions", "corpus", "DobutsuShogi")
def test_convert_takes_rules_and_game_as_check_does(tmp_path: Path) -> None:
    """A saved game away from its rules file converts with ``--rules``; one whose
    VariantName no game of the file has is refused with the titles, and ``--game``
    picks one."""
    source = CORPUS / "DobutsuShogi"
    game = tmp_path / "Dobutsu.zsg"
    game.write_bytes((source / "Dobutsu.zsg").read_bytes())
    rules = str(source / "Dobutsu.zrf")
    code, out = _cli("convert", str(game), "--rules", rules, "--to", "pgn")
    assert code == 0 and '[Variant "Dobutsu Shogi (original)"]' in out, out
    renamed = tmp_path / "renamed.zsg"
    renamed.write_text(game.read_text("latin-1").replace(
        "VariantName=Dobutsu Shogi (original)", "VariantName=Nonesuch"), "latin-1")
    code, out = _cli("check", str(renamed), "--rules", rules)
    assert code == 1 and "no game or variant 'Nonesuch' (have 1: Dobutsu Shogi" in out, out
    code, out = _cli("check", str(renamed), "--rules", rules, "--game", "1")
    assert code == 0 and "1 game OK" in out, out
    code, out = _cli("convert", str(renamed), "--rules", rules, "--game", "1", "--to", "json")
    assert code == 0, out
