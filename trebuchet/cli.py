"""The ``trebuchet`` command line: one click group, its commands loaded when used.

Nothing here knows a rule.  Each command lives in the module of its subject
(:mod:`.game_cli`, :mod:`.records_cli`, :mod:`.analysis_cli`, :mod:`.view_cli`,
:mod:`.zrf_cli`), which this group imports only when the command runs, so that
``trebuchet check`` of a PGN file loads neither the Zillions engine nor the
SVG writer nor the analysis (docs/speed.md, "Start-up").  Errors a user can
cause arrive as TrebuchetError and are printed as one line with exit status 1,
never as a traceback.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from trebuchet.collector import collect_less_often, spare_the_exit
from trebuchet.files import StandardOutputError, guarded_stdout
from trebuchet.variants.errors import TrebuchetError

#: each command, and where it is defined ("module:attribute"), in the order of --help
COMMANDS: dict[str, str] = {
    "variants": "trebuchet.game_cli:variants_command",
    "moves": "trebuchet.game_cli:moves_command",
    "play": "trebuchet.game_cli:play_command",
    "perft": "trebuchet.game_cli:perft_command",
    "show": "trebuchet.game_cli:show_command",
    "check": "trebuchet.records_cli:check_command",
    "convert": "trebuchet.records_cli:convert_command",
    "view": "trebuchet.view_cli:view_command",
    "mobility": "trebuchet.analysis_cli:mobility_command",
    "reach": "trebuchet.analysis_cli:reach_command",
    "stats": "trebuchet.analysis_cli:stats_command",
    "evaluate": "trebuchet.evaluate_cli:evaluate_command",
    "zrf": "trebuchet.zrf_cli:zrf_group",
}


class TrebuchetGroup(click.Group):
    """A click group that turns TrebuchetError into one line on stderr and exit 1,
    standard output's failures among them (a full disk, a closed descriptor:
    :class:`~trebuchet.files.GuardedOutput`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        """The command ``name``, its module imported now (the lazy part)."""
        where = COMMANDS.get(name)
        if where is None:
            return None
        module, _, attribute = where.partition(":")
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command)
        return command

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """The ``trebuchet`` script's call: the command, then its objects left to
        the exit uncollected (:func:`~trebuchet.collector.spare_the_exit`); click's
        test runner calls :meth:`main` and leaves the collector alone."""
        try:
            return super().__call__(*args, **kwargs)
        finally:
            spare_the_exit()

    def main(self, *args: Any, **kwargs: Any) -> Any:
        collect_less_often()
        with guarded_stdout():
            return super().main(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a failure to write shows here, not at exit
            return result
        except StandardOutputError as exc:
            if not exc.quiet:
                click.echo(f"trebuchet: error: {exc}", err=True)
            sys.exit(1)
        except TrebuchetError as exc:
            click.echo(f"trebuchet: error: {exc}", err=True)
            sys.exit(1)


@click.group(cls=TrebuchetGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="trebuchet")
def main() -> None:
    """Read, write, replay and analyse chess-variant game files.

    \b
    Examples:
      trebuchet variants
      trebuchet moves chess --fen "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"
      trebuchet play chess e2e4 e7e5 g1f3
      trebuchet perft chess 4 --divide
      trebuchet show catapults-of-troy
      trebuchet check examples/*/*.pgn
      trebuchet view examples/chess960/long-castling.pgn -o long-castling.html

    Exit status: 0 done; 1 an error in the input or the output, said in one line
    on standard error; 2 a usage error (click's usage, hint and error lines).
    """
