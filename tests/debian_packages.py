"""Installing the Debian packages some tests need (Slurm, Chromium) with apt-get, one install
at a time.

Under pytest-xdist two workers may want packages at once; two apt-get runs would race for
dpkg's and the package lists' locks, and the loser would skip its tests. So every install
here holds one lock file for the machine, and apt-get also waits for dpkg's lock (another
program may hold it) instead of failing at once.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

LOCK = Path(tempfile.gettempdir()) / "asobi-tests-apt-get.lock"
WAIT_FOR_DPKG = ["-o", "DPkg::Lock::Timeout=600"]  # seconds


def apt_install(packages: list[str]) -> str | None:
    """``apt-get install`` the packages; return None on success, else why it failed.

    The lists are refreshed (``apt-get update``) and the install tried again once when the
    first try fails (stale or missing package lists, as on a fresh machine).
    """
    what = " ".join(packages)
    if shutil.which("apt-get") is None:
        return f"apt-get is not available to install Debian's {what}"
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        return f"not root: cannot apt-get install {what}"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", *WAIT_FOR_DPKG, "install", "-y", "-q", "--no-install-recommends"]
    with LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = subprocess.run(
            [*install, *packages], capture_output=True, text=True, env=env, check=False
        )
        if result.returncode != 0:
            update = ["apt-get", *WAIT_FOR_DPKG, "update", "-q"]
            subprocess.run(update, capture_output=True, env=env, check=False)
            result = subprocess.run(
                [*install, *packages], capture_output=True, text=True, env=env, check=False
            )
    if result.returncode != 0:
        return f"apt-get install {what} failed: " + result.stderr.strip()[-300:]
    return None
