"""Per-position, per-game and corpus statistics agree with replaying games one by one,
and every analysis command runs on every variant."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.helpers import ROOT
from trebuchet.analysis.stats import CorpusStats, game_profile, position_mobility
from trebuchet.analysis_cli import corpus_stats
from trebuchet.cli import main
from trebuchet.converters.checking import Reading
from trebuchet.spread import Workers
from trebuchet.variants.pieces import BLACK, WHITE
from trebuchet.variants.registry import get_variant, variant_names


def _random_game(name: str, seed: int, plies: int = 16) -> list[str]:
    pos = get_variant(name).start_position()
    rng = random.Random(seed)
    texts = []
    for _ in range(plies):
        # PGN cannot hold the coordinate form of a Trojan Horse deploy ("b3c1,C@b3")
        legal = [
            m for m in sorted(pos.legal_moves(), key=pos.move_text) if "," not in pos.move_text(m)
        ]
        if not legal:
            break
        move = rng.choice(legal)
        texts.append(pos.move_text(move))
        pos.push(move)
    return texts


def _write_corpus(folder: Path) -> list[str]:
    """Two random games per variant as PGN, moves in coordinate notation (which the
    replay accepts for every variant)."""
    paths = []
    for name in variant_names():
        for seed in (1, 2):
            title = get_variant(name).title if name != "chess" else ""
            tags = f'[Variant "{title}"]\n' if title else ""
            words = []
            for ply, text in enumerate(_random_game(name, seed)):
                words.append(f"{ply // 2 + 1}. {text}" if ply % 2 == 0 else text)
            path = folder / f"{name}-{seed}.pgn"
            path.write_text(f'[Event "random"]\n{tags}\n{" ".join(words)} *\n', encoding="utf-8")
            paths.append(str(path))
    return paths


def _stats(paths: list[str]) -> CorpusStats:
    """The figures ``trebuchet stats PATHS`` prints, replayed in this process."""
    return corpus_stats(paths, Reading(), Workers())


def test_position_mobility_counts_legal_moves() -> None:
    pos = get_variant("chess").start_position()
    figures = position_mobility(pos)
    assert figures[WHITE].total == figures[BLACK].total == 20
    assert sorted(figures[WHITE].per_kind["N"]) == [2, 2]


def test_corpus_agrees_with_replaying_one_by_one(tmp_path: Path) -> None:
    paths = _write_corpus(tmp_path)
    result = _stats(paths)
    assert not result.errors
    for name in variant_names():
        expected: list[int] = []
        for seed in (1, 2):
            pos = get_variant(name).start_position()
            for text in _random_game(name, seed):
                expected.append(len(pos.legal_moves()))
                pos.push_text(text)
            expected.append(len(pos.legal_moves()))
        stats = result.variants[name]
        assert stats.games == 2
        assert sorted(stats.white + stats.black) == sorted(expected)
        pieces = sum(sum(v) for k, v in stats.per_kind.items())
        assert pieces == sum(expected)


def test_game_profile_ends_with_mate() -> None:
    pos = get_variant("chess").start_position()
    moves = []
    for text in ("f2f3", "e7e5", "g2g4", "d8h4"):
        moves.append(pos.parse_move(text))
        pos.push(moves[-1])
    profile = game_profile(get_variant("chess").start_position(), moves)
    assert [n for _, n in profile.plies] == [20, 20, 19, 30, 0]


@pytest.mark.parametrize("name", variant_names())
def test_every_command_runs_on_every_variant(name: str, tmp_path: Path) -> None:
    runner = CliRunner()
    variant = get_variant(name)
    piece = next(iter(variant.types))
    out = runner.invoke(main, ["mobility", name, "--no-crowded", "--json", "--svg", str(tmp_path)])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.stdout)
    assert {r["piece"] for r in rows} >= set(variant.types)
    assert list(tmp_path.glob("*-mobility.svg"))
    square = variant.geometry.names[0]
    out = runner.invoke(
        main,
        [
            "reach",
            name,
            piece,
            "--from",
            square,
            "--svg",
            str(tmp_path / "d.svg"),
            "--graphml",
            str(tmp_path / "g.graphml"),
            "--dot",
            str(tmp_path / "g.dot"),
        ],
    )
    assert out.exit_code == 0, out.output
    assert (tmp_path / "d.svg").read_text().startswith("<svg")
    out = runner.invoke(main, ["mobility", name, "--piece", "nonesuch"])
    assert out.exit_code == 1 and "has no piece" in out.output


def test_stats_command_prints_a_table(tmp_path: Path) -> None:
    paths = _write_corpus(tmp_path)[:2]
    out = CliRunner().invoke(main, ["stats", *paths, "--csv"])
    assert out.exit_code == 0, out.output
    assert "white to move" in out.stdout


def test_stats_over_the_examples_agree_with_replaying_each_game() -> None:
    """The bundled example games of every variant, as PGN: the corpus figures in
    corpus figures equal the legal-move counts of a plain replay, ply by ply."""
    from trebuchet.converters.pgn import read_file
    from trebuchet.converters.record import GameRecord
    from trebuchet.converters.replay import replay

    paths = sorted(str(p) for p in (ROOT / "examples").glob("*/*.pgn"))
    assert len(paths) >= len(variant_names()) - 1  # FIDE chess has no example game
    result = _stats(paths)
    assert not result.errors
    expected: dict[str, list[int]] = {}
    for path in paths:
        for record in read_file(path):
            assert isinstance(record, GameRecord)
            pos = replay(record)
            counts = expected.setdefault(pos.variant.name, [])
            counts.append(len(pos.legal_moves()))
            while pos.move_stack:
                pos.pop()
                counts.append(len(pos.legal_moves()))
    for name, counts in expected.items():
        stats = result.variants[name]
        assert sorted(stats.white + stats.black) == sorted(counts), name
