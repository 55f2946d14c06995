"""The optional compiled build (docs/speed.md): with TREBUCHET_COMPILE=1 in the
environment, the rules core and the PGN path are compiled with mypyc; without
it this file adds nothing and the package installs as pure Python."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "build_support"))

ext_modules = []
if os.environ.get("TREBUCHET_COMPILE") == "1":
    from compiled import extensions

    ext_modules = extensions(ROOT)

setup(ext_modules=ext_modules)
