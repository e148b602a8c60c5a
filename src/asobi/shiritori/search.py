"""What the search stages of yokai shiritori share: the budget exception, the solved
outcome of a start word, and the sizes of the compiled stage's table (checked before it is
allocated, by the CLI and the pipeline as well as by :mod:`asobi.shiritori.compiled`).

It imports no search, so that every stage (:mod:`~asobi.shiritori.solver`,
:mod:`~asobi.shiritori.compiled`, :mod:`~asobi.shiritori.staged`) and every caller can
depend on it without pulling in numba.
"""

from __future__ import annotations

from dataclasses import dataclass

from asobi.core.errors import InputError

#: The value of a lost position in :attr:`Solver.table <asobi.shiritori.solver.Solver>` (any
#: other value is the class that wins there).
LOSS = -1
#: The value of a row of the solver's ``pending`` log that removes the position from the
#: kernels' mirror of the table (:mod:`asobi.shiritori.exactpn`).
REMOVED = -2
#: Table bits of the compiled stage unless the config says otherwise (2**22 entries of
#: 36 bytes, 150 MB per job).
DEFAULT_TABLE_BITS = 22
#: The largest compiled table a config or ``--compiled-table-bits`` may ask for: 2**28
#: entries of 36 bytes, 9.7 GB per job (certificates may snapshot it once more).
MAX_TABLE_BITS = 28
TABLE_ENTRY_BYTES = 36
#: Rows per bucket the compiled table may have: 1 (the default: each position has one slot,
#: always replaced) or a bucket of rows that evicts the one with the least work below it.
TABLE_WAYS = (1, 2, 4, 8)


def table_bytes(bits: int) -> int:
    """Memory of a compiled table of 2**bits entries."""
    return TABLE_ENTRY_BYTES << bits


def available_memory() -> int | None:
    """Bytes of memory available now (``MemAvailable`` of ``/proc/meminfo``; None if unknown)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def check_table_memory(bits: int, available: int | None = None) -> None:
    """Refuse (:class:`InputError`) a compiled table above :data:`MAX_TABLE_BITS` or larger
    than the memory available, before anything is allocated."""
    if not 1 <= bits <= MAX_TABLE_BITS:
        raise InputError(
            f"compiled table bits must be at most {MAX_TABLE_BITS} "
            f"(2**{MAX_TABLE_BITS} entries = {table_bytes(MAX_TABLE_BITS) / 1e9:.1f} GB), "
            f"got {bits}"
        )
    available = available_memory() if available is None else available
    if available is not None and table_bytes(bits) > available:
        raise InputError(
            f"a compiled table of 2**{bits} entries needs {table_bytes(bits) / 1e9:.1f} GB, "
            f"but only {available / 1e9:.1f} GB of memory is available: lower "
            "compiled_table_bits"
        )


class BudgetExceeded(Exception):
    """The node budget of one search ran out before the start word was decided."""


@dataclass(frozen=True)
class StartResult:
    """The solved outcome of one start word (``winner`` is ``yokai``, ``human`` or ``unknown``;
    ``stage``: ``python`` or ``compiled``, the search that decided it)."""

    start: str
    winner: str
    line: tuple[str, ...]
    nodes: int
    stage: str = "python"
