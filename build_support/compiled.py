"""What the compiled build compiles, and how (docs/speed.md).

mypyc names a module after its place under a package root, so the modules are
compiled through a tree of links laid out as the package installs
(``trebuchet/variants -> variants``), as ``make lint`` checks them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

#: the compiled modules, as paths in the checkout
COMPILED = [
    "variants/betza.py",
    "variants/catapults_of_troy.py",
    "variants/chess.py",
    "variants/duggans_fantasy_chess.py",
    "variants/fen.py",
    "variants/game.py",
    "variants/geometry.py",
    "variants/mangonel_chess.py",
    "variants/move.py",
    "variants/notation.py",
    "variants/perft.py",
    "variants/piece.py",
    "variants/pieces.py",
    "variants/position.py",
    "variants/san.py",
    "variants/shatranj_of_troy.py",
    "variants/titan_chess.py",
    "variants/variant.py",
    "variants/zrf/coordinates.py",
    "variants/zrf/game.py",
    "variants/zrf/goals.py",
    "variants/zrf/program.py",
    "variants/zrf/reach.py",
    "variants/zrf/tree.py",
    "converters/pgn.py",
    "converters/replay.py",
]

#: the folders that install under another name
PACKAGE_DIRS = {"variants": "trebuchet/variants", "converters": "trebuchet/converters",
                "analysis": "trebuchet/analysis"}


def link_tree(root: Path) -> Path:
    """build/compile/trebuchet/… linked to the checkout's folders; returns its root."""
    tree = root / "build" / "compile"
    package = tree / "trebuchet"
    package.mkdir(parents=True, exist_ok=True)
    for entry in (root / "trebuchet").iterdir():
        link = package / entry.name
        if not link.is_symlink() and not link.exists():
            link.symlink_to(entry)
    for folder, installed in PACKAGE_DIRS.items():
        link = tree / installed
        if not link.is_symlink():
            link.symlink_to(root / folder)
    return tree


def extensions(root: Path) -> list[Any]:
    from mypyc.build import mypycify

    tree = link_tree(root)
    paths = []
    for path in COMPILED:
        folder, name = path.split("/", 1)
        paths.append(str(tree / PACKAGE_DIRS[folder] / name))
    return mypycify(
        paths,
        opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
        group_name="trebuchet.core",
        target_dir=str(root / "build" / "mypyc"),
    )
