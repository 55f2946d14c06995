"""``--scheduler ADDRESS`` (issue 31): the games on a Dask distributed cluster give
the report of ``--jobs 1``.

The test starts its own cluster on 127.0.0.1 — a ``dask scheduler`` and two
``dask worker`` processes of this Python — waits at most :data:`START` seconds
for the workers, and always stops the three processes, whatever the test did.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import distributed
import pytest

from tests.cli.test_jobs import archive
from tests.helpers import ROOT, run, shared
from trebuchet.converters import pieces

#: seconds the cluster may take to start (two workers importing distributed)
START = 120


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """The address of a scheduler on 127.0.0.1 with two one-thread workers."""
    shared("pgn", "pychess", "world_matches.pgn")  # its tests' games: no cluster without them
    address = f"tcp://127.0.0.1:{_free_port()}"
    dask = [sys.executable, "-m", "dask"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    port = address.rsplit(":", 1)[1]
    processes = [subprocess.Popen([*dask, "scheduler", "--host", "127.0.0.1", "--port", port,
                                   "--no-dashboard"], **quiet)]  # type: ignore[call-overload]
    try:
        for _ in range(2):
            processes.append(subprocess.Popen(  # type: ignore[call-overload]
                [*dask, "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard",
                 "--death-timeout", str(START)], **quiet))
        with distributed.Client(address, timeout=START) as client:
            client.wait_for_workers(2, timeout=START)
        yield address
    finally:
        for process in reversed(processes):  # the workers, then their scheduler
            process.terminate()
        for process in reversed(processes):
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def test_a_local_cluster_gives_the_report_of_one_process(
    cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A PGN archive in pieces of 16 kB and files of the other formats, whole."""
    monkeypatch.setattr(pieces, "PIECE_BYTES", 16384)
    files = [str(archive(tmp_path, 1, 150))]
    files += sorted(str(p) for p in (ROOT / "examples").glob("chess960/*.*")
                    if p.suffix in (".gc", ".json", ".txt"))
    one = run("check", *files, "--jsonl")
    assert one[0] == 1 and len(one[1].splitlines()) > 150
    assert run("check", *files, "--jsonl", "--scheduler", cluster) == one


def test_convert_on_a_local_cluster_writes_what_one_process_writes(
    cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pieces, "PIECE_BYTES", 16384)
    source = str(archive(tmp_path, 1, 150))
    one = run("convert", source, "--to", "pgn", "--keep-going")
    assert one[0] == 1 and one[1].count("[Event ") > 100
    assert run("convert", source, "--to", "pgn", "--keep-going", "--scheduler", cluster) == one


def test_without_the_extra_the_scheduler_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    example = str(ROOT / "examples" / "chess960" / "long-castling.pgn")
    code, out, err = run("check", example, "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 1 and out == ""
    assert err == (
        "trebuchet: error: --scheduler needs the Dask distributed package: "
        "pip install 'trebuchet[dask]'\n"
    )


def test_an_address_that_is_none_is_refused_in_one_line() -> None:
    example = str(ROOT / "examples" / "chess960" / "long-castling.pgn")
    code, out, err = run("check", example, "--scheduler", "nonsense")
    assert (code, out) == (1, "")
    assert err == ("trebuchet: error: --scheduler wants a scheduler's address, such as "
                   "tcp://host:8786, not 'nonsense'\n")
