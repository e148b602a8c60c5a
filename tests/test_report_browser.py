"""The report page rendered by headless Chromium, opened from disk.

Chromium (Debian package ``chromium``) and a Japanese font (``fonts-ipafont-gothic``) are
installed with apt-get when absent; the test is skipped, with the reason, only when that is
impossible (no apt-get, not root, or the install fails).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from debian_packages import apt_install
from matplotlib import image
from synthetic_results import write_synthetic_results

from asobi.cli import main
from asobi.report.browser import find_browser
from asobi.report.datapackage import write_package
from asobi.report.figures import OUTCOME_COLOURS
from asobi.report.report import build_report

DEBIAN_PACKAGES = ["chromium", "fonts-ipafont-gothic"]


@pytest.fixture(scope="module")
def chromium() -> str:
    if find_browser() is None:
        failure = apt_install(DEBIAN_PACKAGES)
        if failure is not None:
            pytest.skip(failure)
    browser = find_browser()
    if browser is None:
        pytest.skip("chromium was installed but no binary is on PATH")
    return browser


def test_report_page_renders_in_headless_chromium(chromium: str, tmp_path: Path) -> None:
    results = write_synthetic_results(tmp_path / "results")
    page = build_report(results, results / "report/index.html", write_package(results))
    shot = results / "report/screenshot.png"
    assert main(["report", "screenshot", str(page), str(shot), "--height", "3000"]) == 0
    pixels = image.imread(shot)[:, :, :3]
    assert pixels.shape[:2] == (3000, 1280)
    assert pixels.std() > 0.05  # not a blank page
    # The chopsticks matrix (a figure file next to the page) was loaded and drawn: its
    # orange 'first' cells are on the screenshot.
    orange = np.array([int(OUTCOME_COLOURS["first"][i : i + 2], 16) for i in (1, 3, 5)]) / 255
    close = np.abs(pixels - orange).max(axis=2) < 0.04
    assert close.sum() > 500


def test_screenshot_of_missing_page_is_one_line_exit_2(tmp_path: Path, capsys) -> None:
    assert main(["report", "screenshot", str(tmp_path / "none.html"), str(tmp_path / "x.png")]) == 2
    assert "does not exist" in capsys.readouterr().err
