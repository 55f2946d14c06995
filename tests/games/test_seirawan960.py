"""Seirawan960 against Fairy-Stockfish (pyffish's ``seirawan`` with ``chess960``):
seeded random games from several Chess960 starts compared at every ply, perft,
the corpus's pychess game, and one test per ruling S9-1 … S9-4."""

from __future__ import annotations

import random
from pathlib import Path

import pyffish  # a declared test dependency: its absence is a failure, not a skip
import pytest
from click.testing import CliRunner

from tests.helpers import legal_texts, play, position, replay_against_pyffish, shared
from trebuchet.cli import main
from trebuchet.converters.pgn import read_file
from trebuchet.converters.record import GameRecord, RecordError, resolve_variant_name
from trebuchet.converters.replay import coordinate, replay
from trebuchet.variants.chess960 import back_rank
from trebuchet.variants.errors import IllegalMoveError
from trebuchet.variants.move import MoveKind
from trebuchet.variants.perft import perft
from trebuchet.variants.position import Position
from trebuchet.variants.registry import get_variant
from trebuchet.variants.seirawan import gated_square
from trebuchet.variants.seirawan960 import start_fen

FSF = "seirawan"
GAME = ("pgn", "fairy-stockfish", "pychess-variants_YHEWvfWF.pgn")
#: the corpus game's start, as pychess writes it (the holdings' and the letters' order)
PYCHESS = "rnqkbnrb/pppppppp/8/8/8/8/PPPPPPPP/RNQKBNRB[HEhe] w HECBFQKhecbfqk - 0 1"
#: starts whose castlings differ: 0 the king on g1 between rooks on f1 and h1 (it
#: castles h-side without moving), 7 the king on f1 between rooks on e1 and g1 (h-side
#: they change places), 266 the king on c1 beside its b1 rook, 518 the FIDE array
NUMBERS = (0, 7, 266, 518, 701, 113)
#: castling with the back rank cleared, every kind of it one move away
OPEN = {
    "swap": "q3rkr1/pppppppp/8/8/8/8/PPPPPPPP/Q3RKR1[EHeh] w KQAkqa - 0 1",
    "king-stays": "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R[EHeh] w KQkq - 0 1",
}


def fsf_fen(pos: Position) -> str:
    """Our FEN with the en passant square only where a capture there is possible, as
    Fairy-Stockfish writes it."""
    fields = pos.fen().split()
    if fields[3] != "-" and not pos.variant.ep_capture_possible(pos):
        fields[3] = "-"
    return " ".join(fields)


def same_fens(pos: Position, theirs: str) -> tuple[str, str]:
    """S9-3: Fairy-Stockfish writes Shredder-FEN in Chess960, we write X-FEN; each reads
    the other's FEN to the position it wrote its own from."""
    read_ours = pyffish.get_fen(FSF, fsf_fen(pos), [], True)
    read_theirs = fsf_fen(pos.variant.position(theirs))
    return f"{read_ours} | {read_theirs}", f"{theirs} | {fsf_fen(pos)}"


def fuller_gating_san(pos: Position, ours: str, theirs: str) -> bool:
    """SC-6: where two pieces may gate the same kind on the same square (knights on
    b1 and d1 to c3), Fairy-Stockfish writes ``Nc3/H`` for both; we tell them apart
    (``Nbc3/H``), and refuse Fairy-Stockfish's text as ambiguous."""
    with pytest.raises(IllegalMoveError, match=r"^ambiguous move"):
        pos.variant.notation.read(pos, theirs)
    return ours[0] + ours[2:] == theirs and "/" in ours


@pytest.mark.parametrize("number", NUMBERS)
def test_random_games_agree_with_pyffish(number: int) -> None:
    """Legal moves (UCI), FEN both ways and the SAN of the move played (read back
    too), with chess960 set; castling and gating moves are preferred, so that the
    gates on castling are compared too."""
    rng = random.Random(number)
    seen = {"castle": 0, "castle-gate": 0, "gate": 0}

    def prefer(pos: Position, names: list[str]) -> list[str]:
        moves = {pos.move_text(m): m for m in pos.legal_moves()}
        castles = [t for t in names if moves[t].tag == MoveKind.CASTLE]
        gating = [t for t in names if gated_square(moves[t]) is not None]
        seen["castle"] += bool(castles)
        seen["castle-gate"] += any(gated_square(moves[t]) is not None for t in castles)
        seen["gate"] += bool(gating)
        if castles and rng.random() < 0.7:
            return castles
        # first-rank moves that gate nothing clear the way to castling, hands full
        home = [t for t in names if t[1] in "18" and len(t) == 4]
        if home and rng.random() < 0.5:
            return home
        return gating if gating and rng.random() < 0.2 else names

    plies = replay_against_pyffish(
        "seirawan960",
        FSF,
        start_fen(number),
        rng,
        games=4,
        plies=60,
        prefer=prefer,
        fsf_fen=same_fens,
        chess960=True,
        san_differs=fuller_gating_san,
    )
    assert plies > 150
    assert seen["castle"] > 0 and seen["gate"] > 0, seen
    # 7's h-side castling is open at once, and gates nothing: the pieces swap
    assert seen["castle-gate"] > 0 or number == 7, seen


def _fsf_perft(fen: str, depth: int, moves: list[str] | None = None) -> int:
    played = moves or []
    legal = pyffish.legal_moves(FSF, fen, played, True)
    if depth == 1:
        return len(legal)
    return sum(_fsf_perft(fen, depth - 1, [*played, m]) for m in legal)


@pytest.mark.parametrize(
    "fen",
    [start_fen(0), start_fen(7), PYCHESS, *OPEN.values()],
    ids=["960-0", "960-7", "pychess-game", *OPEN],
)
def test_perft_equals_pyffish(fen: str) -> None:
    """perft 1 … 3 (1 … 2 where the back rank is open), counted by pyffish's legal
    moves in the test: no published table covers Seirawan960."""
    depth = 2 if fen in OPEN.values() else 3
    pos = position("seirawan960", fen)
    for d in range(1, depth + 1):
        assert perft(pos, d) == _fsf_perft(fen, d), d
    assert pos.fen() == position("seirawan960", fen).fen()  # perft leaves it as it was


def test_corpus_game_replays_as_pyffish_plays_it() -> None:
    """The pychess game: every ply's legal moves and the SAN pychess wrote, as
    Fairy-Stockfish has them; `trebuchet check` says OK."""
    path = shared(*GAME)
    (record,) = list(read_file(str(path)))
    assert isinstance(record, GameRecord)
    assert resolve_variant_name(record.tags["Variant"]) == "seirawan960"
    end = replay(record)
    start = record.tags["FEN"]
    pos = position("seirawan960", start)
    played: list[str] = []
    for node in record.moves:
        assert node.move is not None
        assert legal_texts(pos) == set(pyffish.legal_moves(FSF, start, played, True)), played
        fen = pyffish.get_fen(FSF, start, played, True)
        text = coordinate(pos, node.move)
        assert pos.notation(node.move) == pyffish.get_san(FSF, fen, text, True) == node.text
        pos.push(node.move)
        played.append(text)
    assert "d1g1e" in played  # 10. O-O/Ed1: castling h-side, an Elephant gated on d1
    assert len(played) == 39 and end.fen() == pos.fen()
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0, result.output
    line, summary = result.output.strip().splitlines()
    assert ": OK 1-0 (seirawan960, 39 plies)" in line
    assert summary.startswith("1 file: 1 game OK, 0 illegal")


@pytest.mark.parametrize(
    ("played", "wrong"),
    [("10. O-O/Ed1", "10. O-O/Hd1"), ("15. Hxg5+", "15. Hxg9+"), ("3. f4", "3. O-O")],
    ids=["spent-hawk", "no-such-square", "castling-blocked"],
)
def test_an_illegal_move_is_refused_in_one_line(played: str, wrong: str, tmp_path: Path) -> None:
    """White's Hawk is already in play by move 10; g9 is off the board; at move 3
    the h-side is not clear."""
    text = shared(*GAME).read_text(encoding="utf-8")
    assert played in text
    bad = tmp_path / "bad.pgn"
    bad.write_text(text.replace(played, wrong), encoding="utf-8")
    (record,) = list(read_file(str(bad)))
    assert isinstance(record, GameRecord)
    with pytest.raises(RecordError) as error:
        replay(record)
    message = str(error.value)
    assert "\n" not in message and repr(wrong.split()[1]) in message
    result = CliRunner().invoke(main, ["check", str(bad)])
    assert result.exit_code == 1
    line, summary = result.output.strip().splitlines()
    assert repr(wrong.split()[1]) in line and "1 illegal" in summary


def test_s9_1_start_positions() -> None:
    variant = get_variant("seirawan960")
    assert variant.position().fen() == start_fen(518) == position("seirawan").fen()
    pos = position("seirawan960", PYCHESS)
    assert pos.fen() == "rnqkbnrb/pppppppp/8/8/8/8/PPPPPPPP/RNQKBNRB[EHeh] w KQBCEFHkqbcefh - 0 1"
    number = next(n for n in range(960) if back_rank(n) == "RNQKBNRB")
    assert pos.fen() == position("seirawan960", start_fen(number)).fen()
    for tag in ("Seirawan960", "seirawan960", "S-Chess960", "Seirawan 960"):
        assert resolve_variant_name(tag) == "seirawan960"
    assert resolve_variant_name("Seirawan") == "seirawan"


def test_s9_2_castling_gates_only_on_a_square_it_leaves_empty() -> None:
    # the king stays on c1 castling a-side: a gate on b1 (the rook's square), none on c1
    pos = position("seirawan960", OPEN["king-stays"])
    castles = {pos.move_text(m) for m in pos.legal_moves() if m.tag == MoveKind.CASTLE}
    assert castles == {"c1b1", "b1c1e", "b1c1h", "c1h1", "c1h1e", "c1h1h", "h1c1e", "h1c1h"}
    assert legal_texts(pos) == set(pyffish.legal_moves(FSF, OPEN["king-stays"], [], True))
    assert pos.notation(pos.parse_move("b1c1e")) == "O-O-O/Eb1"
    assert pos.notation(pos.parse_move("c1h1h")) == "O-O/Hc1"
    assert pos.variant.notation.read(pos, "O-O/Eh1") == pos.parse_move("h1c1e")
    # h-side the king and the rook change places: no gate on either square
    swap = position("seirawan960", OPEN["swap"])
    castles = {swap.move_text(m) for m in swap.legal_moves() if m.tag == MoveKind.CASTLE}
    assert castles == {"f1g1", "f1e1", "f1e1e", "f1e1h", "e1f1e", "e1f1h"}
    assert legal_texts(swap) == set(pyffish.legal_moves(FSF, OPEN["swap"], [], True))
    play(swap, "f1g1")
    assert swap.fen() == "q3rkr1/pppppppp/8/8/8/8/PPPPPPPP/Q3RRK1[EHeh] b AEkqa - 1 1"


def test_sc_2_a_gate_on_the_rooks_square_does_not_make_castling_legal() -> None:
    # castling a-side the king lands on c1, which the a1 rook sees once b1 is empty:
    # a Hawk gated on b1 would block it, but the plain castling is illegal (SC-2)
    fen = "4k3/8/8/8/8/8/8/rR2K3[H] w Q - 0 1"
    pos = position("seirawan960", fen)
    assert not [m for m in pos.legal_moves() if m.tag == MoveKind.CASTLE]
    assert legal_texts(pos) == set(pyffish.legal_moves(FSF, fen, [], True))


def test_s9_3_fen_castling_field_read_and_written() -> None:
    pos = position("seirawan960", PYCHESS)
    # Fairy-Stockfish's Chess960 FEN: the rooks and the king by file, then the gates
    theirs = pyffish.get_fen(FSF, PYCHESS, [], True)
    assert theirs.split()[2] == "GABCDEFHgabcdefh"
    assert position("seirawan960", theirs).fen() == pos.fen()
    # a hand still full: file letters are gates; without the king's, no castling
    gates_only = position("seirawan960", PYCHESS.replace("HECBFQKhecbfqk", "GABCEFHgabcefh"))
    assert not gates_only.castling and len(gates_only.gates) == 14
    # an empty hand: a file letter is a castling rook (Shredder-FEN)
    spent = position("seirawan960", "4k3/8/8/8/8/8/8/R2K2RB[] w GA - 0 1")
    assert spent.fen() == "4k3/8/8/8/8/8/8/R2K2RB[] w KQ - 0 1"
    assert {"d1a1", "d1g1"} <= legal_texts(spent)
    # after castling, the gates left; Fairy-Stockfish reads what we write
    after = play(position("seirawan960", OPEN["king-stays"]), "c1h1e")
    assert after.fen() == "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RE2RK1[Heh] b Bkq - 1 1"
    assert pyffish.get_fen(FSF, after.fen(), [], True) == pyffish.get_fen(
        FSF, OPEN["king-stays"], ["c1h1e"], True
    )
    # an inner rook's right (h1's rook is not the castling one): every gate by file
    inner = "4k3/8/8/8/8/8/8/R2K1R1R[H] w DFA - 0 1"
    pos = position("seirawan960", inner)
    assert pos.fen() == "4k3/8/8/8/8/8/8/R2K1R1R[H] w ADF - 0 1"
    assert pyffish.get_fen(FSF, pos.fen(), [], True) == pyffish.get_fen(FSF, inner, [], True)
    assert legal_texts(pos) == set(pyffish.legal_moves(FSF, inner, [], True))
    assert position("seirawan960", inner.replace("[H] w DFA", "[] w FQ")).fen().split()[2] == "FQ"
