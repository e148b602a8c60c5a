"""Shared fixtures: running the Snakemake workflow on a tiny config in a temp folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
SNAKEMAKE = Path(sys.executable).with_name("snakemake")


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
        "--snakefile", str(REPO / "Snakefile"),
        "--directory", str(workdir),
        "--configfile", str(config_path),
        "--cores", str(cores),
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
