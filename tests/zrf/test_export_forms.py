"""Zillions must load what ``zrf export`` writes: every form an exported file uses
is one a real rules file of the corpus uses, or a name the export itself
declares (its positions too); the file is Latin-1 with CRLF line ends, its
images named as Zillions names its own (``images\\Chess\\wpawn.bmp``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.helpers import shared
from trebuchet.cli import main
from trebuchet.converters.zrf.model import parse_zrf
from trebuchet.converters.zrf.parser import parse_text
from trebuchet.converters.zrf.writer import variant_to_zrf
from trebuchet.variants.registry import get_variant, variant_names
from trebuchet.variants.zrf.tree import Atom, Form, Node, Str

#: chess from a position with some castling rights gone, Black to move
CHESS_POSITION = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 0 1"
#: the forms that only name what the file declares: their heads are those names
DECLARING = ("players", "directions", "define", "name")


def heads(nodes: list[Node] | tuple[Node, ...]) -> Iterator[str]:
    """The head symbol of every list form, at any depth (a number is no symbol:
    ``(50 0)`` is a grid's step)."""
    for node in nodes:
        if isinstance(node, Form):
            first = node.items[0] if node.items else None
            if isinstance(first, Atom) and not re.fullmatch(r"-?[0-9]+", first.text):
                yield first.text
            yield from heads(node.items)


def declared(nodes: list[Node] | tuple[Node, ...]) -> set[str]:
    """The names a file declares: players, directions, macros, pieces, zones."""
    found: set[str] = set()
    for node in nodes:
        if not isinstance(node, Form):
            continue
        head = node.items[0] if node.items else None
        if isinstance(head, Atom) and head.text in DECLARING:
            for item in node.items[1:]:
                first = item.items[0] if isinstance(item, Form) and item.items else item
                if isinstance(first, Atom):
                    found.add(first.text)
        found |= declared(node.items)
    return found


@pytest.fixture(scope="module")
def corpus() -> list[Node]:
    """The nodes of the corpus's rules files (real files made for Zillions)."""
    nodes: list[Node] = []
    for path in sorted(shared("zillions", "corpus").rglob("*")):
        if path.suffix.lower() in (".zrf", ".inc"):
            nodes.extend(parse_text(path.read_bytes().decode("latin-1"), str(path)))
    return nodes


@pytest.fixture(scope="module")
def corpus_heads(corpus: list[Node]) -> set[str]:
    return set(heads(corpus))


def exports() -> Iterator[tuple[str, str]]:
    """(name, text) of every exported file: each game, each with each option, and chess
    from a position."""
    for name in variant_names():
        variant = get_variant(name)
        yield name, variant_to_zrf(variant)
        for option in sorted(variant.option_help):
            yield f"{name} -O {option}", variant_to_zrf(get_variant(name, (option,)))
    chess = get_variant("chess")
    yield "chess --fen", variant_to_zrf(chess, chess.position(CHESS_POSITION))


EXPORTS = dict(exports())


@pytest.mark.parametrize("name", list(EXPORTS))
def test_every_form_is_one_real_files_use(name: str, corpus_heads: set[str]) -> None:
    nodes = parse_text(EXPORTS[name], name)
    # a link names positions of the file's own grids (Sittuyin's hand squares)
    own = declared(nodes) | set(parse_zrf(EXPORTS[name], name).game().position_names())
    unknown = sorted({h for h in heads(nodes) if h not in corpus_heads and h not in own})
    assert not unknown, f"{name}: forms no corpus file uses: {unknown}"


def strings(nodes: list[Node] | tuple[Node, ...]) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, Str):
            yield node.text
        elif isinstance(node, Form):
            yield from strings(node.items)


@pytest.mark.parametrize("name", list(EXPORTS))
def test_images_are_bitmaps_named_as_zillions_names_its_own(
    name: str, corpus: list[Node]
) -> None:
    """Zillions' own pictures (``images\\Chess\\…``) by the names real files give
    them; the game's other pieces under ``images\\trebuchet\\``."""
    images = [s for s in strings(parse_text(EXPORTS[name], name)) if s.endswith(".bmp")]
    assert images and all(
        re.fullmatch(r"images\\(Chess|trebuchet)(\\[A-Za-z0-9_.-]+)+\.bmp", s) for s in images
    ), images
    stock = {s for s in images if s.startswith("images\\Chess\\")}
    assert stock <= set(strings(corpus)), stock - set(strings(corpus))


def test_the_written_file_is_latin1_with_crlf(tmp_path: Path) -> None:
    """Every game's file: bytes Latin-1 decodes, each line ended by CR LF."""
    for name in variant_names():
        out = tmp_path / f"{name}.zrf"
        result = CliRunner().invoke(main, ["zrf", "export", name, "-o", str(out)])
        assert result.exit_code == 0, result.output
        data = out.read_bytes()
        assert data.decode("latin-1").encode("latin-1") == data
        assert data.count(b"\n") == data.count(b"\r\n") > 0
