"""Analysis commands: ``mobility``, ``reach`` and ``stats``.

Registered on the main group by :mod:`trebuchet.cli`.  Nothing here knows a
rule or a formula: each command reads its options, calls :mod:`trebuchet.analysis`, and
prints a table (or JSON / CSV) or writes pictures and graph files.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Any

import click

from trebuchet.analysis.board import (
    TERRAINS,
    AnalysisError,
    PieceForm,
    adhoc_letters,
    betza_variant,
    find_piece,
    piece_forms,
    walls_for,
    zone_squares,
)
from trebuchet.analysis.mobility import DEFAULT_DENSITY, MobilityRow, report
from trebuchet.analysis.output import csv_text, table
from trebuchet.analysis.reachability import (
    Reachability,
    distances_from,
    reachability,
    to_dot,
    to_graphml,
    to_json,
)
from trebuchet.analysis.stats import CorpusStats, checked_profile
from trebuchet.analysis.svg import heatmap_svg
from trebuchet.arguments import (
    default_variant_flag,
    game_flag,
    option_flag,
    output_flag,
    workers_flags,
)
from trebuchet.converters.checking import Reading
from trebuchet.converters.json_text import json_text
from trebuchet.converters.load import load_variant
from trebuchet.files import make_folder, write_text
from trebuchet.progress import Progress
from trebuchet.spread import Batch, Workers
from trebuchet.variants.game import Game

_TERRAIN = click.option(
    "--terrain",
    type=click.Choice(TERRAINS),
    default="start",
    show_default=True,
    help="start: holes as in the start position (river unbridged); open: every hole filled.",
)


#: --csv's help: what it does to cells a spreadsheet would run
CSV_HELP = (
    "Print CSV. A cell that a spreadsheet would take for a formula (one starting "
    "with =, +, -, @, a tab or a carriage return, such as a name from a rules "
    "file) is written with a leading ' so that it stays text."
)

def _file_stem(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_") or "piece"


def _forms(variant: Game, pieces: tuple[str, ...]) -> list[PieceForm]:
    if not pieces:
        return piece_forms(variant)
    return [find_piece(variant, p) for p in pieces]


def _betza_board(variant: Game, betzas: tuple[str, ...]) -> Game:
    """A throw-away variant with the Betza pieces on ``variant``'s board."""
    letters = adhoc_letters(len(betzas))
    return betza_variant(dict(zip(letters, betzas, strict=True)), variant.files, variant.ranks)


_MOBILITY_HEADERS = (
    "piece",
    "name",
    "avg",
    "min",
    "max",
    "fwd",
    "side",
    "back",
    "capt",
    "crowd",
    "crowd capt",
)


def _mobility_cells(row: MobilityRow) -> list[Any]:
    empty = row.empty
    split = empty.split()
    crowd: list[Any] = ["-", "-"]
    if row.crowded is not None:
        mark = "" if row.crowded.method == "exact" else "~"
        crowd = [f"{mark}{row.crowded.average:.3f}", f"{mark}{row.crowded.average_captures:.3f}"]
    return [
        row.form.label,
        row.form.name,
        empty.average,
        empty.minimum,
        empty.maximum,
        split["forward"],
        split["sideways"],
        split["backward"],
        empty.average_captures,
        *crowd,
    ]


def _mobility_json(
    rows: list[MobilityRow], names: tuple[str, ...], zone: str | None
) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        entry: dict[str, Any] = {
            "piece": row.form.label,
            "name": row.form.name,
            "terrain": row.empty.terrain,
            "zone": zone,
            "average": row.empty.average,
            "minimum": row.empty.minimum,
            "maximum": row.empty.maximum,
            "split": row.empty.split(),
            "average_captures": row.empty.average_captures,
            "per_square": {names[sq]: m.__dict__ for sq, m in row.empty.squares.items()},
        }
        if row.crowded is not None:
            entry["crowded"] = {
                "density": row.crowded.density,
                "enemy_share": row.crowded.enemy_share,
                "method": row.crowded.method,
                "average": row.crowded.average,
                "average_captures": row.crowded.average_captures,
            }
        out.append(entry)
    return out


def _write_mobility_svgs(folder: str, variant: Game, rows: list[MobilityRow]) -> list[str]:
    target = make_folder(folder)
    holes = walls_for(variant, rows[0].empty.terrain) if rows else frozenset()
    written = []
    for row in rows:
        stem = f"{_file_stem(variant.name)}-{_file_stem(row.form.label)}"
        pictures = {
            f"{stem}-mobility.svg": (row.empty.per_square(), "empty board"),
        }
        if row.crowded is not None:
            pictures[f"{stem}-crowded.svg"] = (
                row.crowded.moves,
                f"density {row.crowded.density:.2f}",
            )
        for name, (values, what) in pictures.items():
            title = f"{variant.name}: {row.form.name} ({row.form.label}), moves, {what}"
            path = target / name
            write_text(
                path,
                heatmap_svg(variant.geometry, values, title=title, holes=holes, unit="moves"),
            )
            written.append(str(path))
    return written


@click.command("mobility")
@click.argument("variant_name", metavar="VARIANT")
@option_flag
@game_flag
@click.option(
    "--piece",
    "-p",
    "pieces",
    multiple=True,
    metavar="P",
    help="A piece by FEN letter or name (H(A) for a loaded carrier); repeatable.",
)
@click.option(
    "--betza",
    "betzas",
    multiple=True,
    metavar="STRING",
    help="Measure a Betza piece on this variant's board instead; repeatable.",
)
@click.option(
    "--density",
    type=float,
    default=DEFAULT_DENSITY,
    show_default=True,
    help="Chance that each other square is occupied, for the crowded columns.",
)
@click.option(
    "--samples",
    type=click.IntRange(1, 100000),
    default=40,
    show_default=True,
    help="Random boards per square for pieces without a Betza string ('~' figures).",
)
@click.option("--no-crowded", is_flag=True, help="Leave out the crowded-board columns.")
@_TERRAIN
@click.option(
    "--zone",
    metavar="NAME",
    help="With a .zrf VARIANT: average over the squares of the file's zone NAME only "
    "(a game that keeps its hands as positions: --zone board-zone).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (per-square figures included).")
@click.option("--csv", "as_csv", is_flag=True, help=CSV_HELP)
@output_flag("Write a heat map (SVG) per piece into the folder DIR.", metavar="DIR")
@click.option("--svg", "svg_dir", metavar="DIR", hidden=True, help="Old name of --output.")
def mobility_command(
    variant_name: str,
    options: tuple[str, ...],
    game: str | None,
    pieces: tuple[str, ...],
    betzas: tuple[str, ...],
    density: float,
    samples: int,
    no_crowded: bool,
    terrain: str,
    zone: str | None,
    as_json: bool,
    as_csv: bool,
    output: str | None,
    svg_dir: str | None,
) -> None:
    """Mobility of each piece kind: Betza's empty-board average, minimum, maximum,
    the forward / sideways / backward split, captures, and the expected moves on a
    board crowded with density D ('~': sampled, for pieces without a Betza string).

    \b
    Examples:
      trebuchet mobility chess
      trebuchet mobility catapults-of-troy --terrain open --piece Rook
      trebuchet mobility titan-chess --betza NN --betza mRcpR --csv
      trebuchet mobility shatranj-of-troy -o heatmaps/
      trebuchet mobility chess.zrf --zone promotion-zone --no-crowded   # the last rank
    """
    variant = load_variant(variant_name, options, game)
    only = zone_squares(variant, zone) if zone is not None else None
    walls_variant = variant
    if betzas:
        if pieces:
            raise AnalysisError("give --piece or --betza, not both")
        variant = _betza_board(variant, betzas)
    forms = _forms(variant, pieces)
    rows = []
    with Progress(len(forms), "measuring") as bar:
        for form in forms:
            bar.show(form.label)
            rows += report(
                variant,
                [form],
                terrain=terrain,
                density=None if no_crowded else density,
                samples=samples,
                walls_from=walls_variant,
                only=only,
            )
            bar.advance()
    folder = output or svg_dir
    if folder is not None:
        for path in _write_mobility_svgs(folder, walls_variant if betzas else variant, rows):
            click.echo(f"wrote {path}", err=True)
    cells = [_mobility_cells(r) for r in rows]
    if as_json:
        click.echo(json_text(_mobility_json(rows, variant.geometry.names, zone), indent=1))
    elif as_csv:
        click.echo(csv_text(_MOBILITY_HEADERS, cells), nl=False)
    else:
        where = f"{terrain} terrain" + (f", zone {zone}" if zone is not None else "")
        click.echo(f"{walls_variant.name}: empty-board mobility ({where})")
        click.echo(table(_MOBILITY_HEADERS, cells))


def _distance_grid(variant: Game, dist: dict[int, int], holes: frozenset[int]) -> str:
    geo = variant.geometry
    lines = []
    for rank in range(geo.ranks - 1, -1, -1):
        cells = []
        for sq in geo.squares_of_rank(rank):
            cells.append("*" if sq in holes else str(dist[sq]) if sq in dist else ".")
        lines.append(f"{rank + 1:>2} " + "".join(c.rjust(3) for c in cells))
    lines.append("   " + "".join(geo.names[f][0].rjust(3) for f in range(geo.files)))
    return "\n".join(lines)


def _reach_lines(result: Reachability, names: tuple[str, ...]) -> list[str]:
    s = result.summary(names)
    return [
        f"{s['variant']}: {s['name']} ({s['piece']}), {s['terrain']} terrain, "
        f"{s['squares']} squares",
        f"binding: {s['binding']}; {s['classes']} classes of sizes "
        f"{' '.join(map(str, s['class_sizes']))}; {s['strong_components']} strong components",
        f"diameter {s['diameter']}, average distance {s['average_distance']}, "
        f"reachable pairs {s['reachable_fraction']:.1%}",
        f"never leaves: {' '.join(s['never_leaves']) or '-'}",
        f"never reached: {' '.join(s['never_reaches']) or '-'}",
    ]


#: what ``reach -o FILE`` writes, by the file's extension
_REACH_OUTPUTS = {".svg": "svg", ".graphml": "graphml", ".dot": "dot", ".gv": "dot"}


def _reach_outputs(outputs: tuple[str, ...], **named: str | None) -> dict[str, list[str]]:
    """The files to write, by kind: each ``-o FILE`` by its extension, then the old
    ``--svg`` / ``--graphml`` / ``--dot`` names."""
    wanted: dict[str, list[str]] = {}
    for path in outputs:
        kind = _REACH_OUTPUTS.get(os.path.splitext(path)[1].lower())
        if kind is None:
            raise AnalysisError(
                f"-o {path}: name a .svg (heat map), .graphml or .dot (move graph) file"
            )
        wanted.setdefault(kind, []).append(path)
    for kind, old in named.items():
        if old is not None:
            wanted.setdefault(kind, []).append(old)
    return wanted


@click.command("reach")
@click.argument("variant_name", metavar="VARIANT")
@click.argument("piece", metavar="PIECE")
@option_flag
@game_flag
@click.option("--from", "source", metavar="SQUARE", help="Print the distance map from SQUARE.")
@click.option("--captures", is_flag=True, help="Count captures of a lone enemy as edges too.")
@_TERRAIN
@click.option("--json", "as_json", is_flag=True, help="Print JSON (edges, classes, distances).")
@click.option(
    "--output",
    "-o",
    "outputs",
    multiple=True,
    metavar="FILE",
    help="Write FILE, by its extension: .svg a heat map (distances from --from, else "
    "each square's eccentricity), .graphml or .dot the move graph; repeatable.",
)
@click.option("--graphml", metavar="F", hidden=True, help="Old form of -o F.graphml.")
@click.option("--dot", metavar="F", hidden=True, help="Old form of -o F.dot.")
@click.option("--svg", "svg_path", metavar="F", hidden=True, help="Old form of -o F.svg.")
def reach_command(
    variant_name: str,
    piece: str,
    options: tuple[str, ...],
    game: str | None,
    source: str | None,
    captures: bool,
    terrain: str,
    as_json: bool,
    outputs: tuple[str, ...],
    graphml: str | None,
    dot: str | None,
    svg_path: str | None,
) -> None:
    """Reachability of a piece on the empty board: colour-binding classes, distances,
    diameter; the move graph as GraphML, DOT or JSON; a distance heat map.

    \b
    Examples:
      trebuchet reach chess N --from g1
      trebuchet reach shatranj-of-troy Camel --json
      trebuchet reach catapults-of-troy R --from a1 -o rook.svg -o rook.graphml
    """
    variant = load_variant(variant_name, options, game)
    form = find_piece(variant, piece)
    result = reachability(variant, form, terrain, captures=captures)
    names = variant.geometry.names
    holes = walls_for(variant, terrain)
    dist = distances_from(result, variant, source) if source else None
    origin = variant.geometry.square(source) if source else None
    wanted = _reach_outputs(outputs, svg=svg_path, graphml=graphml, dot=dot)
    for path in wanted.get("graphml", []):
        write_text(path, to_graphml(result.graph))
    for path in wanted.get("dot", []):
        write_text(path, to_dot(result.graph))
    if wanted.get("svg"):
        if dist is not None:
            values = {sq: float(d) for sq, d in dist.items()}
            title = f"{variant.name}: {form.name} ({form.label}), moves from {names[origin or 0]}"
        else:
            values = {sq: float(e) for sq, e in result.eccentricity().items()}
            title = f"{variant.name}: {form.name} ({form.label}), eccentricity"
        svg = heatmap_svg(
            variant.geometry, values, title=title, holes=holes, mark=origin, missing="–",
            unit="moves",
        )
        for path in wanted["svg"]:
            write_text(path, svg)
    if as_json:
        click.echo(to_json(result, names, origin), nl=False)
        return
    for line in _reach_lines(result, names):
        click.echo(line)
    if dist is not None:
        click.echo(f"moves from {names[origin or 0]} ('.' never reached):")
        click.echo(_distance_grid(variant, dist, holes))


def corpus_stats(files: Sequence[str], reading: Reading, workers: Workers) -> CorpusStats:
    """Every game of ``files`` read and replayed as ``reading`` says, where ``workers``
    says, and profiled, pooled per variant: the figures ``stats`` prints, one function
    so that its tests check what the command computes."""
    result = CorpusStats(files=len(files))
    batch = Batch(tuple(files), None, reading, workers)
    result.add(done.value for done in batch.results(checked_profile))
    return result


_STATS_HEADERS = ("variant", "games", "what", "n", "mean", "median", "q1", "q3", "min", "max")


@click.command("stats")
@click.argument(
    "files", nargs=-1, required=True, type=click.Path(dir_okay=False), metavar="FILES..."
)
@option_flag
@workers_flags
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--csv", "as_csv", is_flag=True, help=CSV_HELP)
@default_variant_flag
def stats_command(
    files: tuple[str, ...],
    options: tuple[str, ...],
    jobs: int,
    scheduler: str | None,
    as_json: bool,
    as_csv: bool,
    default_variant: str,
) -> None:
    """Legal moves per side and per piece kind over the games of FILES (any format
    trebuchet reads), pooled per variant: mean, median and quartiles of every
    ply's figures.  A game played under an option ruling is replayed under it
    with --option (or its own Options tag).

    \b
    Examples:
      trebuchet stats examples/*/*.pgn --jobs 2
      trebuchet stats examples/shatranj-of-troy/opening.txt -O bare-king --csv

    --jobs N replays on N processes (a big PGN file shared out in pieces),
    --scheduler ADDRESS on a Dask cluster; the figures are the same either way.
    """
    result = corpus_stats(
        files, Reading(options, default_variant=default_variant), Workers(jobs, scheduler)
    )
    if not result.variants:
        # nothing to tabulate: a lone reason is the error; several are warned of first
        if len(result.errors) == 1:
            raise AnalysisError(result.errors[0])
        for error in result.errors:
            click.echo(f"trebuchet: warning: {error}", err=True)
        raise AnalysisError("no game could be read from the files given")
    for error in result.errors:
        click.echo(f"trebuchet: warning: {error}", err=True)
    if as_json:
        click.echo(json_text(result.as_dict(), indent=1))
        return
    rows = []
    for name, vs in sorted(result.variants.items()):
        for what, s in vs.rows():
            rows.append(
                [name, vs.games, what, s.count, s.mean, s.median, s.q1, s.q3, s.minimum, s.maximum]
            )
    if as_csv:
        click.echo(csv_text(_STATS_HEADERS, rows), nl=False)
    else:
        click.echo(table(_STATS_HEADERS, rows))


#: the analysis commands, added to the ``trebuchet`` group by trebuchet.cli
COMMANDS = (mobility_command, reach_command, stats_command)
