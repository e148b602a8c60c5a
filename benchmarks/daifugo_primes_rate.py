"""Prime daifugō: primes per second of the sieve and digit split against a plain C baseline.

Run: ``.venv/bin/python benchmarks/daifugo_primes_rate.py [LO:HI ...] [--repeat N]`` (one
core each; without ranges: [2, 10^7), [2, 10^8) and [10^8, 10^9), about 40 s).

Compiles ``daifugo_primes_baseline.c`` (beside this file) with ``cc -O2`` (``$CC`` if set)
into a temporary folder, warms numba up (its compiled code is cached on disk after the first
run), then for each range ``[LO, HI)`` (bounds as ``100000000``, ``10**8`` or ``1e8``) times,
one after another, ``--repeat`` runs (default 3) of each of:

- ``C``: the C baseline, a segmented odd-only sieve classifying each prime (its time includes
  starting the process and printing the counters, about a millisecond);
- ``tally_range``: :func:`asobi.daifugo.tally.tally_range`, the counting path;
- ``primes_frame``: :func:`asobi.daifugo.tables.primes_frame`, the catalogue step (it stores
  every prime; skipped on ranges of more than 10^8 numbers), then its two numba parts alone:
  the sieve ``primes_between`` and the digit split ``prime_cards_kernel``.

The C counters (per digit count: primes, playable, needing a joker, smallest Eden prime,
histogram of fewest cards) must equal ``tally_range``'s exactly, and the catalogue's primes and
playable primes per digit count must equal them too; otherwise the script exits non-zero.
Prints a TSV table of the fewest seconds of the runs: ``seconds`` is wall time
(perf_counter), ``cpu_seconds`` the CPU time of the process (of the child process for C),
``primes_per_second`` the primes of the range over ``seconds``, ``ratio_to_C`` that rate over
C's (1: as fast as C) and ``cpu_ratio_to_C`` the same in CPU time (steadier on a busy
machine). Without a C compiler the C rows and the comparison are left out. Nothing is
asserted about the times.
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

import numba
import numpy as np
from _c_baseline import compile_c, find_compiler, timed

from asobi.daifugo.daifugo import Rules
from asobi.daifugo.kernels import prime_cards_kernel
from asobi.daifugo.numbers import primes_between
from asobi.daifugo.tables import MAX_DIGITS, TallyCounts, primes_frame
from asobi.daifugo.tally import tally_range

SOURCE = Path(__file__).resolve().with_name("daifugo_primes_baseline.c")
DEFAULT_RANGES = [(2, 10**7), (2, 10**8), (10**8, 10**9)]
#: The catalogue step holds every prime of its range in memory: skipped above this many numbers.
FRAME_MAX_NUMBERS = 10**8

#: Per digit count: (primes, playable, need_joker, smallest_eden, histogram row), for the digit
#: counts that hold primes.
Table = dict[int, tuple[int, ...]]


def compile_baseline(compiler: str, folder: Path) -> Path:
    """Compile the C baseline beside this script into ``folder``; the path of the program."""
    return compile_c(compiler, SOURCE, folder)


def run_baseline(program: Path, lo: int, hi: int, rules: Rules) -> Table:
    """The C baseline's counters on ``[lo, hi)``."""
    arguments = [lo, hi, rules.suits, rules.jokers, int(rules.joker_zero)]
    output = subprocess.run(
        [str(program), *map(str, arguments)], check=True, capture_output=True, text=True
    ).stdout
    table: Table = {}
    for line in output.splitlines():
        digits, *values = (int(field) for field in line.split("\t"))
        table[digits] = tuple(values)
    return table


def tally_table(counts: TallyCounts) -> Table:
    """The counters of :func:`tally_range` in the C baseline's form."""
    return {
        digits: (
            int(counts.primes[digits]),
            int(counts.playable[digits]),
            int(counts.need_joker[digits]),
            int(counts.smallest_eden[digits]),
            *(int(c) for c in counts.histogram[digits]),
        )
        for digits in range(1, MAX_DIGITS + 1)
        if counts.primes[digits] > 0
    }


def parse_range(text: str) -> tuple[int, int]:
    """``LO:HI`` with bounds as ``100000000``, ``10**8`` or ``1e8``."""

    def bound(part: str) -> int:
        part = part.strip()
        if "**" in part:
            base, exponent = part.split("**")
            return int(base) ** int(exponent)
        if "e" in part.lower():
            mantissa, exponent = part.lower().split("e")
            return int(mantissa) * 10 ** int(exponent)
        return int(part)

    lo, hi = text.split(":")
    return bound(lo), bound(hi)


def fail(message: str) -> None:
    print(f"daifugo_primes_rate: {message}", file=sys.stderr)
    raise SystemExit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "ranges", nargs="*", type=parse_range, metavar="LO:HI", help="ranges [LO, HI) to time"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default: 3)")
    args = parser.parse_args()
    rules = Rules()
    compiler = find_compiler()
    with tempfile.TemporaryDirectory() as folder:
        program = None
        if compiler is None:
            print("# no C compiler (cc, or $CC) found: the C baseline is left out")
        else:
            try:
                program = compile_baseline(compiler, Path(folder))
            except subprocess.CalledProcessError as error:
                fail(f"{compiler} -O2 failed on {SOURCE.name}: {error.stderr.strip()}")
            version = subprocess.run(
                [compiler, "--version"], capture_output=True, text=True
            ).stdout.splitlines()
            print(f"# C: {version[0] if version else compiler} -O2")
        print(
            f"# numba {numba.__version__}, numpy {np.__version__}, {platform.machine()}, "
            f"fewest of {args.repeat} runs"
        )
        # compile numba's code (or load it from the disk cache), and check the parts agree
        warm = tally_table(tally_range(2, 10**5, rules))
        primes_frame(2, 10**5, rules)
        prime_cards_kernel(primes_between(2, 100), rules.suits, rules.jokers, rules.joker_zero)
        if program is not None and run_baseline(program, 2, 10**5, rules) != warm:
            fail("C and tally_range counters differ on [2, 10^5)")
        print(
            "range\timplementation\tseconds\tcpu_seconds\tprimes_per_second"
            "\tratio_to_C\tcpu_ratio_to_C"
        )
        for lo, hi in args.ranges or DEFAULT_RANGES:
            measure(lo, hi, rules, program, args.repeat)


def measure(lo: int, hi: int, rules: Rules, program: Path | None, repeat: int) -> None:
    """Time every implementation on ``[lo, hi)``, check their counts and print the rows."""
    label = f"[{lo}, {hi})"
    rows: list[tuple[str, float, float]] = []
    if program is not None:
        baseline, seconds, cpu = timed(lambda: run_baseline(program, lo, hi, rules), repeat)
        rows.append(("C", seconds, cpu))
    counts, seconds, cpu = timed(lambda: tally_range(lo, hi, rules), repeat)
    rows.append(("tally_range", seconds, cpu))
    expected = tally_table(counts)
    n_primes = sum(row[0] for row in expected.values())
    if program is not None and baseline != expected:
        differ = sorted(
            d for d in baseline.keys() | expected.keys() if baseline.get(d) != expected.get(d)
        )
        fail(f"C and tally_range counters differ on {label}, digit counts {differ}")
    if hi - lo <= FRAME_MAX_NUMBERS:
        # primes_frame takes an inclusive upper bound
        frame, seconds, cpu = timed(lambda: primes_frame(lo, hi - 1, rules), repeat)
        by_digits = frame.groupby("digits")["playable"].agg(["size", "sum"])
        catalogue = {int(d): (int(r["size"]), int(r["sum"])) for d, r in by_digits.iterrows()}
        if catalogue != {d: row[:2] for d, row in expected.items()}:
            fail(f"primes_frame and tally_range count different primes or playable on {label}")
        del frame, by_digits
        rows.append(("primes_frame", seconds, cpu))
        primes, seconds, cpu = timed(lambda: primes_between(lo, hi), repeat)
        rows.append(("primes_frame: primes_between", seconds, cpu))
        _, seconds, cpu = timed(
            lambda: prime_cards_kernel(primes, rules.suits, rules.jokers, rules.joker_zero),
            repeat,
        )
        rows.append(("primes_frame: prime_cards_kernel", seconds, cpu))
    c_seconds, c_cpu = rows[0][1:] if program is not None else (None, None)
    for name, seconds, cpu in rows:
        ratio = f"{c_seconds / seconds:.2f}" if c_seconds else "-"
        cpu_ratio = f"{c_cpu / cpu:.2f}" if c_cpu and cpu > 0 else "-"
        print(
            f"{label}\t{name}\t{seconds:.3f}\t{cpu:.3f}\t{n_primes / seconds:.0f}"
            f"\t{ratio}\t{cpu_ratio}",
            flush=True,
        )


if __name__ == "__main__":
    main()
