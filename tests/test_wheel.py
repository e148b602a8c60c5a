"""`pip install .` outside a checkout: a built wheel runs every game's command line.

The wheel is built from this checkout and installed into a temporary venv whose only other
packages are this environment's dependencies (a `.pth` line to them, so nothing is
downloaded and the checkout's editable install is not seen); the commands run from an empty
folder, so nothing can be found through the checkout.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

COMMANDS = [
    ["--help"],
    ["fivelines", "1", "2", "3"],
    ["chopsticks", "best", "1,1 1,1"],
    ["chopsticks", "variants"],
    ["contraposition", "show", "--side", "2"],
    ["daifugo", "layouts", "88"],
    ["daifugo", "cards", "40009"],
    ["shiritori", "solve", "ロクロクビ"],
]


@pytest.fixture(scope="module")
def wheel_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(root), str(REPO)],
        capture_output=True,
        text=True,
    )
    if built.returncode != 0:
        pytest.skip(f"cannot build the wheel here: {built.stderr.strip().splitlines()[-1:]}")
    (wheel,) = root.glob("asobi-*.whl")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", site, str(wheel)],
        check=True,
    )
    (Path(site) / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def _asobi(python: Path, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(python), "-m", "asobi", *args], capture_output=True, text=True, cwd=cwd, timeout=600
    )


def test_the_wheel_is_what_runs(wheel_python: Path, tmp_path: Path):
    where = subprocess.run(
        [str(wheel_python), "-c", "import asobi; print(asobi.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    ).stdout
    assert str(REPO) not in where and "venv" in where


def test_package_data_ships_in_the_wheel(wheel_python: Path, tmp_path: Path):
    code = (
        "from asobi.core.config import DEFAULT_SCHEMA, package_data, validate_config;"
        "validate_config({});"
        "assert package_data('yokai', 'yokai_names_2024-07-02.tsv').is_file();"
        "assert package_data('yokai', 'SHA256SUMS').is_file();"
        "from asobi.shiritori.marks import read_marks; assert len(read_marks()) == 1303;"
        "assert package_data('chopsticks', 'article_lines.yaml').is_file()"
    )
    result = subprocess.run(
        [str(wheel_python), "-c", code], capture_output=True, text=True, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a) for a in COMMANDS])
def test_every_command_runs_outside_a_checkout(wheel_python: Path, tmp_path: Path, args):
    result = _asobi(wheel_python, args, tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip()
