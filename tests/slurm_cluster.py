"""A single-node Slurm cluster on loopback, started by the tests in a temporary folder.

Debian's ``slurm-wlm`` and ``munge`` are installed with apt-get when absent
(:func:`install_slurm`); :class:`SlurmCluster` then writes a munge key and a ``slurm.conf``
for ``localhost`` (2 CPUs, the machine's memory, one partition, a long ``MinJobAge`` so that
``squeue`` still shows finished jobs, no accounting database) and starts ``munged``,
``slurmctld`` and ``slurmd`` as child processes. Everything (ports, sockets, state, spool,
logs) is private to the folder, the daemons listen on 127.0.0.1 only, and :meth:`stop` ends
them by their PIDs, with every process that still carries this cluster's ``SLURM_CONF``
(and the daemons get SIGTERM from the kernel if the test process dies first).
Clients reach the cluster through :attr:`SlurmCluster.env` (``SLURM_CONF`` points at it).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from debian_packages import apt_install

DEBIAN_PACKAGES = ["slurm-wlm", "munge"]
DAEMONS = ["munged", "mungekey", "slurmctld", "slurmd"]
CLIENTS = ["sbatch", "squeue", "scancel", "sinfo", "srun"]
SEARCH_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])
PARTITION = "asobi"
NODE = "localhost"
CPUS = 2
PR_SET_PDEATHSIG = 1  # prctl(2)
SQUEUE_FORMAT = "%i|%j|%k|%T|%V|%S|%e"  # id, name, comment, state, submit/start/end time


@dataclass(frozen=True)
class SlurmJob:
    """One line of ``squeue --states=all``: id, name, comment, state and its times."""

    job_id: str
    name: str
    comment: str
    state: str
    submitted: str  # ISO times as squeue prints them (no zone: the machine's)
    started: str
    ended: str


def find_programs() -> dict[str, str] | None:
    """Absolute paths of the Slurm and munge programs, or None if one is missing."""
    found = {name: shutil.which(name, path=SEARCH_PATH) for name in DAEMONS + CLIENTS}
    if any(path is None for path in found.values()):
        return None
    return {name: str(path) for name, path in found.items()}


def install_slurm() -> str | None:
    """Install slurm-wlm and munge with apt-get; return None on success, else why not.

    The packages' init scripts do not start anything here (the tests start the daemons
    themselves, with their own configuration).
    """
    failure = apt_install(DEBIAN_PACKAGES)
    if failure is not None:
        return failure
    if find_programs() is None:
        return "slurm-wlm and munge were installed but a program is missing from PATH"
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def machine_memory_mb() -> int:
    """Total memory of this machine in MB, as slurmd counts it (MemTotal)."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            return int(line.split()[1]) // 1024
    raise RuntimeError("no MemTotal in /proc/meminfo")


class SlurmCluster:
    """munged, slurmctld and slurmd for one node ``localhost`` with partition ``asobi``.

    Use as a context manager: the daemons are stopped on leaving it, whatever happened.
    """

    def __init__(self, root: Path, programs: dict[str, str], *, min_job_age: int = 3600):
        self.root = root
        self.programs = programs
        self.min_job_age = min_job_age
        self.conf = root / "slurm.conf"
        self.logs = root / "log"
        self.bin = root / "bin"
        self.daemons: dict[str, subprocess.Popen[bytes]] = {}
        self.env = {
            **os.environ,
            "SLURM_CONF": str(self.conf),
            "PATH": os.pathsep.join([str(self.bin), os.environ.get("PATH", "")]),
        }
        self.start_seconds = 0.0

    # --- configuration -------------------------------------------------------------------
    def slurm_conf(self) -> str:
        root = self.root
        return "\n".join(
            [
                "ClusterName=asobitest",
                f"SlurmctldHost={NODE}(127.0.0.1)",
                f"SlurmctldPort={free_port()}",
                f"SlurmdPort={free_port()}",
                # bind to the node's address (127.0.0.1), never to every interface
                "CommunicationParameters=NoCtldInAddrAny,NoInAddrAny",
                "SlurmUser=root",
                "SlurmdUser=root",
                "AuthType=auth/munge",
                "CredType=cred/munge",
                f"AuthInfo=socket={root}/munge/munge.socket",
                f"StateSaveLocation={root}/state",
                f"SlurmdSpoolDir={root}/spool",
                f"SlurmctldPidFile={root}/slurmctld.pid",
                f"SlurmdPidFile={root}/slurmd.pid",
                f"SlurmctldLogFile={self.logs}/slurmctld.log",
                f"SlurmdLogFile={self.logs}/slurmd.log",
                "SlurmctldDebug=info",
                "SlurmdDebug=info",
                "MailProg=/bin/true",
                # no cgroups in a container: track processes through /proc, no task binding
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "MpiDefault=none",
                # no accounting database: job status comes from slurmctld (squeue)
                "AccountingStorageType=accounting_storage/none",
                "JobAcctGatherType=jobacct_gather/none",
                "JobCompType=jobcomp/none",
                f"MinJobAge={self.min_job_age}",
                "SchedulerType=sched/backfill",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_Core_Memory",
                # the node is what this file says, even on a machine with other core counts
                "SlurmdParameters=config_overrides",
                "ReturnToService=2",
                "KillWait=5",
                f"NodeName={NODE} NodeAddr=127.0.0.1 CPUs={CPUS} "
                f"RealMemory={machine_memory_mb()} State=UNKNOWN",
                f"PartitionName={PARTITION} Nodes={NODE} Default=YES MaxTime=INFINITE State=UP",
                "",
            ]
        )

    # --- life cycle ----------------------------------------------------------------------
    def __enter__(self) -> SlurmCluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def start(self, timeout: float = 90) -> None:
        began = time.monotonic()
        for folder in ("munge", "state", "spool", "log"):
            (self.root / folder).mkdir(parents=True, exist_ok=True)
        munge = self.root / "munge"
        munge.chmod(0o755)  # the socket's folder: clients (jobs) must reach the socket
        key = munge / "munge.key"
        subprocess.run(
            [self.programs["mungekey"], "--create", "--bits", "1024", "--keyfile", str(key)],
            check=True,
            capture_output=True,
        )
        self.conf.write_text(self.slurm_conf(), encoding="utf-8")
        self.write_srun_shim()
        self._spawn(
            "munged",
            "--foreground",
            "--force",  # runs as root with a socket under /tmp
            f"--socket={munge}/munge.socket",
            f"--key-file={key}",
            f"--pid-file={munge}/munged.pid",
            f"--seed-file={munge}/munged.seed",
            f"--log-file={self.logs}/munged.log",
        )
        self._wait_for(lambda: (munge / "munge.socket").exists(), "munged's socket", timeout)
        self._spawn("slurmctld", "-D", "-f", str(self.conf))
        self._wait_for(
            lambda: self._query(["sinfo", "--noheader"]) is not None, "slurmctld", timeout
        )
        self._spawn("slurmd", "-D", "-N", NODE, "-f", str(self.conf))
        self._wait_for(self.node_is_idle, "slurmd (node idle)", timeout)
        self.start_seconds = time.monotonic() - began

    def write_srun_shim(self) -> None:
        """Put an ``srun`` on the clients' PATH that finds this cluster's slurm.conf.

        Inside a job, snakemake-executor-plugin-slurm-jobstep (0.6.1) removes every
        ``SLURM_*`` variable but a few job ids before it calls ``srun``, ``SLURM_CONF``
        included, so that ``srun`` looks for /etc/slurm/slurm.conf. Real clusters keep their
        configuration there (or serve it, "configless"); this one lives in a temporary
        folder, so the shim sets ``SLURM_CONF`` again and runs the real ``srun``.
        """
        self.bin.mkdir(exist_ok=True)
        shim = self.bin / "srun"
        shim.write_text(
            f'#!/bin/sh\nSLURM_CONF={self.conf} exec {self.programs["srun"]} "$@"\n',
            encoding="utf-8",
        )
        shim.chmod(0o755)

    def _spawn(self, name: str, *args: str) -> None:
        out = (self.logs / f"{name}.out").open("wb")
        self.daemons[name] = subprocess.Popen(
            [self.programs[name], *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=self.env,
            cwd=self.root,
            start_new_session=True,  # its own process group: stopped as one
            preexec_fn=_die_with_parent,
        )
        out.close()

    def _wait_for(self, ready, what: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            for name, process in self.daemons.items():
                if process.poll() is not None:
                    raise RuntimeError(f"{name} exited ({process.returncode}):\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{what} not ready after {timeout} s:\n{self.log_tail()}")
            time.sleep(0.2)

    def node_is_idle(self) -> bool:
        state = self._query(["sinfo", "--noheader", "--nodes", NODE, "--format=%t"])
        return state is not None and state.strip() == "idle"

    def stop(self) -> None:
        """Cancel every job, then end the daemons and any leftover job process by PID."""
        if "slurmctld" in self.daemons and self.daemons["slurmctld"].poll() is None:
            self._query(["scancel", f"--partition={PARTITION}"])
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline and self.jobs_in(("RUNNING", "COMPLETING")):
                time.sleep(0.5)
        for name in ("slurmd", "slurmctld", "munged"):
            process = self.daemons.get(name)
            if process is not None:
                _end_group(process)
        for pid in self.stray_pids():
            _kill(pid, signal.SIGKILL)

    def stray_pids(self) -> list[int]:
        """Processes (job steps, their children) that still carry this cluster's SLURM_CONF."""
        marker = f"SLURM_CONF={self.conf}".encode()
        own = os.getpid()
        strays = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or int(entry.name) == own:
                continue
            try:
                environ = (entry / "environ").read_bytes()
            except OSError:
                continue
            if marker in environ.split(b"\0"):
                strays.append(int(entry.name))
        return strays

    def listening_addresses(self) -> dict[str, set[str]]:
        """For each daemon, the ``address:port`` of every TCP socket it listens on."""
        listening: dict[str, str] = {}  # socket inode -> address:port
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            if not Path(table).exists():
                continue
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "0A":  # LISTEN
                    listening[fields[9]] = _address(fields[1])
        found: dict[str, set[str]] = {}
        for name, process in self.daemons.items():
            inodes = set()
            for fd in Path(f"/proc/{process.pid}/fd").iterdir():
                target = os.readlink(fd) if fd.is_symlink() else ""
                if target.startswith("socket:["):
                    inodes.add(target[len("socket:[") : -1])
            found[name] = {listening[inode] for inode in inodes if inode in listening}
        return found

    # --- clients -------------------------------------------------------------------------
    def _query(self, command: list[str], timeout: float = 60) -> str | None:
        """A client command's output, or None if it failed or took over ``timeout`` s."""
        try:
            result = subprocess.run(
                [self.programs[command[0]], *command[1:]],
                capture_output=True,
                text=True,
                env=self.env,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return None
        return result.stdout if result.returncode == 0 else None

    def squeue(self, attempts: int = 5) -> list[SlurmJob]:
        """Every job slurmctld knows, finished ones included (they stay MinJobAge seconds).
        A loaded machine can make slurmctld slow to answer: ask up to ``attempts`` times."""
        command = ["squeue", "--states=all", "--noheader", f"--format={SQUEUE_FORMAT}"]
        for _ in range(attempts):
            text = self._query(command)
            if text is not None:
                return [SlurmJob(*line.split("|", 6)) for line in text.splitlines() if line]
        raise RuntimeError(f"squeue failed {attempts} times:\n{self.log_tail()}")

    def jobs_in(self, states: tuple[str, ...]) -> list[SlurmJob]:
        try:
            return [job for job in self.squeue() if job.state in states]
        except RuntimeError:
            return []

    def scancel(self, job_id: str) -> None:
        self._query(["scancel", job_id])

    def log_tail(self, lines: int = 15) -> str:
        parts = []
        for path in sorted(self.logs.glob("*")):
            text = path.read_text(errors="replace").splitlines()[-lines:]
            parts.append(f"--- {path.name}\n" + "\n".join(text))
        return "\n".join(parts)


def _die_with_parent() -> None:
    """In the child before exec: get SIGTERM when the test process dies, even by SIGKILL."""
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _address(hex_address: str) -> str:
    """``0100007F:1F90`` (/proc/net/tcp) -> ``127.0.0.1:8080``; IPv6 in hex digits."""
    host, port = hex_address.split(":")
    if len(host) == 8:
        host = socket.inet_ntoa(bytes.fromhex(host)[::-1])
    return f"{host}:{int(port, 16)}"


def _end_group(process: subprocess.Popen[bytes], wait: float = 10) -> None:
    """SIGTERM the process group of ``process`` (started as a session leader), then SIGKILL."""
    if process.poll() is None:
        _kill(-process.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=wait)
    _kill(-process.pid, signal.SIGKILL)  # helpers it forked into its group
    if process.poll() is None:
        process.wait(timeout=wait)


def _kill(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, sig)
