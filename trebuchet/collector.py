"""How often Python's cycle collector runs in trebuchet's processes.

Python collects its youngest objects every 700 container objects made (and
not yet freed); each such collection walks all of them.  Reading and
replaying a game makes tens of thousands that live on until the game is done
(move nodes and their lists, the moves on the position's stack), so at the
default a collection runs every few plies: 333 of them in ``trebuchet check``
of world_matches.pgn (580 games), 0.33-0.44 s of its 3.5 s, and hardly any
garbage found (trebuchet makes few reference cycles; refcounting frees the
rest).  A threshold of 10,000 runs 21 collections costing 0.03 s
(docs/speed.md, "Reading a game").
"""

from __future__ import annotations

import gc

#: container objects made (net) between two collections of the youngest generation
YOUNG_THRESHOLD = 10_000


def collect_less_often() -> None:
    """Collect the youngest generation every :data:`YOUNG_THRESHOLD` objects at most
    (a caller that asked for rarer collections keeps its setting)."""
    young, middle, old = gc.get_threshold()
    if young:  # 0: the collector was turned off, and stays so
        gc.set_threshold(max(young, YOUNG_THRESHOLD), middle, old)


def spare_the_exit() -> None:
    """Leave the objects alive now out of the collection the interpreter makes as
    it exits.

    That last collection walks every container still alive (the variant's square
    tables, the notation's plans, the modules) to find garbage among them, and
    there is next to none: 55-85 ms of CPU after ``trebuchet check`` of
    world_matches.pgn, 10 ms once they are frozen (``gc.freeze``).  Nothing else
    changes at the exit: standard output and error are flushed and closed, the
    ``atexit`` functions run, the objects are freed as modules are cleared.  Only
    for the process's own entry point: a caller that goes on (a test) keeps its
    collector as it was.
    """
    gc.freeze()
