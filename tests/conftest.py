"""Shared fixtures: running the Snakemake workflow on a tiny config in a temp folder, and one
small real run of the workflow that the workflow, publishing and Slurm tests share.

The suite runs in parallel (pytest-xdist, ``--dist loadfile``, see pyproject.toml and the
scheduling notes at the end); the shared run (:func:`tiny_run`) is built once per session
for all workers, under a file lock.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
SNAKEMAKE = Path(sys.executable).with_name("snakemake")
SCHEMA = REPO / "workflow/schemas/config.schema.yaml"

TINY_FIVELINES = {"grundy_max": 40, "total_max": 10, "proof_max_width": 4, "proof_max_rows": 2}


def every_game_off(**enabled: dict[str, Any]) -> dict[str, Any]:
    """A config with every block of the schema switched off (whatever games it knows), but
    the blocks given here, which are switched on with the given keys."""
    schema = yaml.safe_load(SCHEMA.read_text("utf-8"))
    config: dict[str, Any] = {
        name: {"enabled": False}
        for name, entry in schema["properties"].items()
        if entry.get("type") == "object"  # a game's block; not the plan's scalars
    }
    for name, block in enabled.items():
        config[name] = {"enabled": True, **block}
    return config


# The shared run: five lines on tiny bounds (sharded z3 proofs, their gather, the claims, the
# merged claims and summary) and the publishing steps (data package, dataset card, report
# page; no screenshot). 13 Snakemake jobs, about 20 s on 2 busy cores. Every other game is
# off: each has its own tiny run in its own tests.
TINY_RUN: dict[str, Any] = every_game_off(fivelines=TINY_FIVELINES, report={"screenshot": False})


def run_snakemake(
    workdir: Path,
    config: dict[str, Any],
    targets: list[str] | None = None,
    *,
    dry_run: bool = False,
    cores: int = 1,
) -> subprocess.CompletedProcess[str]:
    """Run the repo's Snakefile in ``workdir`` with ``config`` (written as a YAML file)."""
    workdir.mkdir(parents=True, exist_ok=True)
    config_path = workdir / "test-config.yaml"
    config_path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    command = [
        str(SNAKEMAKE),
        "--snakefile",
        str(REPO / "Snakefile"),
        "--directory",
        str(workdir),
        "--configfile",
        str(config_path),
        "--cores",
        str(cores),
        *(["--dry-run"] if dry_run else []),
        *(targets or []),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=workdir)


@pytest.fixture
def snakemake_run(tmp_path: Path):
    """Call as ``snakemake_run(config, targets, dry_run=...)``; returns (result, workdir)."""

    def _run(config: dict[str, Any], targets: list[str] | None = None, **kwargs: Any):
        result = run_snakemake(tmp_path, config, targets, **kwargs)
        return result, tmp_path

    return _run


# --- one run shared by the whole session ---------------------------------------------------


def session_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this session that every xdist worker sees (the parent of the workers'
    own base folders, as pytest-xdist documents); without xdist, the session's base folder."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (other processes wait for it)."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def shared_once(folder: Path, name: str, build) -> dict[str, Any]:
    """Call ``build(folder / name)`` once per session, whichever worker asks first; the
    others wait for it and get what it returned (a JSON-able dict)."""
    done = folder / f"{name}.json"
    with file_lock(folder / f"{name}.lock"):
        if not done.exists():
            done.write_text(json.dumps(build(folder / name)), encoding="utf-8")
    return json.loads(done.read_text("utf-8"))


@pytest.fixture(scope="session")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of one real run of :data:`TINY_RUN` (its default target, ``all``): built
    once for the session and shared by every worker. Read only: a test that changes files
    copies them first."""

    def build(workdir: Path) -> dict[str, Any]:
        result = run_snakemake(workdir, TINY_RUN, cores=2)
        return {"returncode": result.returncode, "stderr": result.stderr[-3000:]}

    outcome = shared_once(session_folder(tmp_path_factory), "tiny-run", build)
    assert outcome["returncode"] == 0, outcome["stderr"]
    return session_folder(tmp_path_factory) / "tiny-run"


# --- scheduling under pytest-xdist ---------------------------------------------------------

# The suite runs with --dist loadfile (pyproject.toml): each test file goes to one worker as a
# whole, so module-scoped fixtures (the Slurm cluster and its run, the wheel, solved tables)
# are built once. (--dist loadgroup with xdist_group marks would be finer, but pytest-xdist
# 3.8 ignores the marks under pytest 9.2: pytest-xdist issue 1386.)
#
# The files go out in collection order (--no-loadscope-reorder), and here the slowest files
# are put first, slowest first (longest-first scheduling: no long file is left for the end,
# when the other worker would have nothing more to do). The Slurm module is first: its
# cluster jobs run while the other worker runs the short tests. The order comes from the CPU
# seconds of each file in a `make test` of a fresh clone (numba compiling its kernels on
# first use included), measured 2026-12-06 (test_bundles placed by its 2026-12-08 CPU).
SLOWEST_FILES = (
    "tests/test_slurm.py",
    "tests/test_contraposition_pipeline.py",
    "tests/test_shiritori_certificates.py",
    "tests/test_daifugo_workflow.py",
    "tests/test_bundles.py",
    "tests/test_wheel.py",
    "tests/test_shiritori_deep.py",
    "tests/test_shiritori_jobs.py",
    "tests/test_contraposition_mcts.py",
    "tests/test_daifugo_kernels.py",
    "tests/test_daifugo_odds.py",
    "tests/test_shiritori_workflow.py",
    "tests/test_recovery.py",
    "tests/test_chopsticks_cli.py",
    "tests/test_readme.py",
    "tests/test_daifugo_claims.py",
    "tests/test_report_workflow.py",
    "tests/test_publishing.py",
)


def file_rank(item: pytest.Item) -> int:
    """The place of the item's file in :data:`SLOWEST_FILES`, or after all of them."""
    path = item.nodeid.split("::", 1)[0]
    return SLOWEST_FILES.index(path) if path in SLOWEST_FILES else len(SLOWEST_FILES)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slowest files first (every worker collects and sorts the same way, as xdist
    requires); the other files, and the tests within each file, keep their order."""
    items.sort(key=file_rank)
