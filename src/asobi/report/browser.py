"""Headless Chromium: take a screenshot of the report page opened from disk.

The browser runs with a fresh profile folder and with every background network feature
off, so a screenshot needs no network and leaves nothing behind.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from asobi.core.errors import InputError

BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
HEADLESS_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


def find_browser() -> str | None:
    """Path of a Chromium binary on ``PATH`` (``ASOBI_CHROMIUM`` overrides), or ``None``."""
    override = os.environ.get("ASOBI_CHROMIUM")
    if override:
        return shutil.which(override)
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def screenshot(
    page: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    width: int = 1280,
    height: int = 2000,
    timeout: float = 120.0,
) -> Path:
    """Render ``page`` (a local HTML file) in headless Chromium and save a PNG to ``out``."""
    page_path = Path(page).resolve()
    if not page_path.is_file():
        raise InputError(f"page to screenshot not found: {page}")
    browser = find_browser()
    if browser is None:
        raise InputError("no Chromium found (install the Debian package 'chromium')")
    target = Path(out).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="asobi-chromium-") as profile:
        command = [
            browser,
            *HEADLESS_FLAGS,
            f"--user-data-dir={profile}",
            f"--window-size={width},{height}",
            f"--screenshot={target}",
            page_path.as_uri(),
        ]
        result = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout, check=False
        )
    if result.returncode != 0 or not target.is_file() or target.stat().st_size == 0:
        tail = (result.stderr or result.stdout).strip().splitlines()[-3:]
        raise InputError(
            f"chromium could not screenshot {page}: exit {result.returncode}; " + " | ".join(tail)
        )
    return target
