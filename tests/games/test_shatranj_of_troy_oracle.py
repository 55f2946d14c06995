"""Shatranj of Troy against Fairy-Stockfish, on positions without cargo.

Fairy-Stockfish cannot express the Trojan Horse's cargo (ST-4): a Horse that
carries nothing is a knight, so the config ``troy9`` in
``shared/data/oracles/trebuchet_approx.ini`` (this game's board, pieces, pawns,
promotion and drops, with ``t`` a plain knight) agrees with ours exactly on
every position whose Horses are empty.  Those are the only positions compared;
positions with cargo are excluded, and only them.  The other rulings are all
expressible: ST-5 pawn drops barred from the last rank (``immobilityIllegal``),
doubled pawns and drops in the zone allowed, a captured Ferz/Wazir kept as it
is (``dropLoop``); ST-6 promotion optional on 7-8 and forced on 9 (Ferz or
Wazir); ST-7 stalemate a draw.  The ``bare-king`` option is not compared.
"""

from __future__ import annotations

import csv
import json
import random
from collections.abc import Iterator

import pyffish  # a declared test dependency: its absence is a failure, not a skip
import pytest

from tests.helpers import DATA, SLOW, legal_texts, position, requires_shared
from trebuchet.variants.perft import divide, perft
from trebuchet.variants.position import Position

pytestmark = requires_shared("oracles")


ORACLES = DATA / "oracles"
VARIANT = "shatranj-of-troy"
FSF = "troy9"
#: the ST-2 start with empty Horses (the oracle's start position)
EMPTY_HORSES = "4k4/4t4/ppppppppp/9/9/9/PPPPPPPPP/4T4/4K4[] w - - 0 1"
#: the ST-2 cargo put in the hands instead: drops from the first move on
CARGO_IN_HAND = "4k4/4t4/ppppppppp/9/9/9/PPPPPPPPP/4T4/4K4[FWECNRfwecnr] w - - 0 1"


@pytest.fixture(scope="module", autouse=True)
def _load_config() -> None:
    pyffish.load_variant_config((ORACLES / "trebuchet_approx.ini").read_text())


def _has_cargo(pos: Position) -> bool:
    """Whether any Horse, on the board or in a hand, carries cargo (FSF cannot say)."""
    return any(p.cargo for _, p in pos.pieces()) or any("(" in k for _, k in pos.hands)


def _games() -> Iterator[dict[str, object]]:
    with (ORACLES / "troy9_random_games.jsonl").open() as f:
        for line in f:
            yield json.loads(line)


def test_stored_oracle_games_agree_ply_by_ply() -> None:
    """Every ply of the 10 pre-generated troy9 games (1200 positions, drops and
    promotions included): our legal moves from the oracle's FEN equal its list."""
    compared = 0
    for game in _games():
        plies = game["plies"]
        assert isinstance(plies, list)
        for ply in plies:
            pos = position(VARIANT, ply["fen"])
            assert not _has_cargo(pos)
            assert legal_texts(pos) == set(ply["legal"]), ply["fen"]
            compared += 1
    assert compared == 1200


def _live_starts() -> list[str]:
    """Two openings, plus the middle-game positions (plies 40 and 80, with hands
    and promoted pieces) of each stored oracle game."""
    starts = [EMPTY_HORSES, CARGO_IN_HAND]
    for game in _games():
        plies = game["plies"]
        assert isinstance(plies, list)
        starts += [plies[40]["fen"], plies[80]["fen"]]
    return starts


@SLOW  # 15-65 s: pyffish lists every ply's moves again
def test_live_random_games_agree_with_pyffish() -> None:
    """220 random games of up to 14 plies, played by our engine: at every ply
    pyffish, given the same start and move list, lists the same legal moves; at
    every 7th ply it also reads our FEN and agrees."""
    rng = random.Random(4)
    games = plies = 0
    for start in _live_starts():
        for _ in range(10):
            pos = position(VARIANT, start)
            played: list[str] = []
            for ply in range(14):
                ours = sorted(legal_texts(pos))
                assert ours == sorted(pyffish.legal_moves(FSF, start, played)), (start, played)
                if ply % 7 == 6:
                    assert ours == sorted(pyffish.legal_moves(FSF, pos.fen(), [])), pos.fen()
                if not ours:
                    break
                text = rng.choice(ours)
                pos.push_text(text)
                played.append(text)
                plies += 1
            games += 1
    assert games == 220 and plies > 2500


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_of_the_cargo_free_start_matches_the_oracle_table(depth: int) -> None:
    """approx_configs_perft.tsv: troy9 perft of the empty-Horse start (17, 289, 4947)."""
    with (ORACLES / "approx_configs_perft.tsv").open() as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["variant"] == FSF]
    row = next(r for r in rows if int(r["depth"]) == depth)
    assert row["fen"] == EMPTY_HORSES
    assert perft(position(VARIANT, EMPTY_HORSES), depth) == int(row["nodes"])


def test_divide_of_a_drop_position_matches_pyffish_move_by_move() -> None:
    """Perft 2 split by first move, from a position with both hands full, against
    pyffish's perft-by-legal-moves from each child."""
    pos = position(VARIANT, CARGO_IN_HAND)
    ours = divide(pos, 2)
    theirs = {m: len(pyffish.legal_moves(FSF, CARGO_IN_HAND, [m])) for m in ours}
    assert set(ours) == set(pyffish.legal_moves(FSF, CARGO_IN_HAND, []))
    assert ours == theirs
