"""Zillions saved games (``.zsg``), the file format: read any of them, replayed by
the rules file they name (:mod:`.zillions`) or as a game of trebuchet's own
(:mod:`.native`); write a game of either.  The grammar of their lines is
:mod:`.grammar`, a move's lines :mod:`.lines`, the matching of lines to turns
:mod:`.turns`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from trebuchet.converters.load import find_rules_file, rules_file_name
from trebuchet.converters.record import (
    Frame,
    GameRecord,
    Progress,
    RecordError,
    resolve_variant_name,
    shown,
)
from trebuchet.variants.zrf.errors import ZrfError

# The grammar, the engine and the native replay are imported by the functions
# that use them: a command that reads a PGN file lists this format without
# loading the Zillions engine (a third of its start-up; docs/speed.md).


def write_zsg(record: GameRecord, rules_file: str = "") -> str:
    """A ZSG of a replayed record of one of our variants (CRLF line endings).

    Every node of the main line must carry its move (run
    :func:`trebuchet.converters.replay.replay` first).  A game that does not start from
    the variant's own position writes the difference as setup lines.
    """
    from trebuchet.converters.zsg.grammar import HEADER  # see the imports above
    from trebuchet.converters.zsg.lines import move_text, setup_lines
    from trebuchet.converters.zsg.zillions import write_zrf_game
    from trebuchet.variants.zrf.game import ZrfVariant

    variant = record.variant()
    if isinstance(variant, ZrfVariant):
        return write_zrf_game(record, variant, rules_file)
    pos = variant.position(record.fen)
    rules = rules_file or f"{variant.name}.zrf"
    out = [f"{HEADER}0.02 HH", f"RulesFile={rules}", f"VariantName={variant.title}"]
    out.extend(setup_lines(variant, pos))
    # Zillions numbers turns, White first; a game that starts with Black to
    # move opens with White's Pass, which the reader takes as just that.
    ply = 0
    if pos.turn != 0:
        out.append("1. Pass")
        ply = 1
    for node in record.moves:
        if node.move is None:
            raise RecordError("write_zsg needs a replayed record", source=record.source)
        out.append(f"{ply // 2 + 1}. {move_text(pos, node.move)}")
        pos.push(node.move)
        ply += 1
    return "\r\n".join(out) + "\r\n"


def read_record(
    text: str, source: str = "", rules: str | Path | None = None, game: str | None = None
) -> GameRecord:
    """A saved game, replayed: by the rules file it names (found beside it; ``rules``
    overrides), else as a game of one of trebuchet's own variants.

    This is the entry point for ``trebuchet check`` and ``convert``: the header
    is read first; with no rules file, its title is resolved like a PGN
    ``Variant`` tag and every line is matched (:func:`zsg_to_record`).
    ``game`` picks the game of the rules file (a title or a number) instead of
    the one its ``VariantName`` names.
    """
    from trebuchet.converters.zsg.grammar import read_zsg  # see the imports above
    from trebuchet.converters.zsg.native import zsg_to_record
    from trebuchet.converters.zsg.zillions import zrf_record
    from trebuchet.variants.registry import get_variant

    header = read_zsg(text, source)
    found = Path(rules) if rules is not None else (
        find_rules_file(source, header.rules_file) if source else None
    )
    if found is not None:
        return zrf_record(text, source, found, game)
    name = resolve_variant_name(header.variant_name)
    if name is None and header.rules_file.lower().endswith(".zrf"):
        beside = Path(source).parent if source else Path(".")
        raise RecordError(
            f"rules file {shown(rules_file_name(header.rules_file))} not found beside the game "
            f"(in {beside}), and VariantName={shown(header.variant_name)} is none of "
            "trebuchet's variants; give the rules file with --rules FILE",
            source=source,
            line=2,
        )
    if name is None:
        raise RecordError(
            f"VariantName={shown(header.variant_name)} is none of trebuchet's variants",
            source=source,
            line=3,
        )
    return zsg_to_record(text, get_variant(name), source)


def read_records(
    path: str,
    progress: Progress | None = None,
    rules: str | None = None,
    game: str | None = None,
) -> Iterator[GameRecord | RecordError]:
    """The one game of a saved-game file, for ``trebuchet convert`` and ``check``
    (``rules``: a rules file to check it against instead of the one it names;
    ``game``: the game of the rules file, instead of its ``VariantName``)."""
    from trebuchet.converters.zrf.lexer import decode  # see the imports above
    from trebuchet.converters.zsg.grammar import read

    try:
        data = read(path)
        if progress is not None:
            progress(len(data))
        if rules is not None and not Path(rules).is_file():
            raise RecordError(f"no rules file {shown(rules)}", source=path)
        yield read_record(decode(data), path, rules, game)
    except RecordError as exc:
        yield exc
    except ZrfError as exc:
        # an error of the rules file names the rules file, one of the game its line
        yield RecordError(exc.reason, source=exc.source or path, line=exc.line)


#: Zillions keeps one game per file
FRAME = Frame(exactly=1, kind=".zsg")
