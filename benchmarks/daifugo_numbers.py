"""Numbers-table throughput: numbers per second of the numba kernel for growing n_max.

Run: ``.venv/bin/python benchmarks/daifugo_numbers.py [n_max ...]`` (CPU seconds, one core).
"""

from __future__ import annotations

import sys
import time

from asobi.daifugo.tables import numbers_frame


def main(bounds: list[int]) -> None:
    numbers_frame(2, 100)  # compile (cached on disk after the first run)
    print("n_max\tcpu_seconds\tnumbers_per_second")
    for n_max in bounds:
        start = time.process_time()
        numbers_frame(2, n_max)
        seconds = time.process_time() - start
        print(f"{n_max}\t{seconds:.2f}\t{(n_max - 1) / seconds:.0f}", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10**4, 10**5, 10**6, 3 * 10**6])
