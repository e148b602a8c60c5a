"""Contraposition: random playouts per second of the numba kernels against a plain C baseline.

Run: ``.venv/bin/python benchmarks/contraposition_playouts.py [--playouts N] [--repeat R]``
(one core; default 200 000 playouts per (side, protocol), 3 runs, about 10 s).

A playout is the work MCTS does once per playout budget unit: fill the board at random
(:func:`asobi.contraposition.mcts.random_playout`) and score it
(:func:`asobi.contraposition.kernels.evaluate`). Both implementations start from the empty
board, place White's opening stone on a random cell (not the centre under the basic
protocol) and fill the rest. ``numba`` is a numba loop around the two production kernels
(their compile is cached on disk after the first run; a warm-up run comes first);
``C`` is ``contraposition_playouts_baseline.c`` (beside this file) compiled with
``cc -O2`` (``$CC`` if set) into a temporary folder, timed in the same run (its time
includes starting the process, about a millisecond).

Checks, before any timing (the script exits non-zero if one fails): the C scorer equals
``evaluate`` on 2 000 random full boards per side (winner, deciding size, both Ludii scores),
and the two playouts' counters agree within 5 standard errors (White's wins, White's stones,
games decided at size 1): the random numbers differ, the rule must not.

Prints a TSV table per (side, protocol) of the fewest seconds of the runs: ``seconds`` (wall,
perf_counter), ``cpu_seconds`` (CPU of the process; of the child for C),
``playouts_per_second`` (over CPU seconds: steadier on a busy machine) and ``ratio_to_C``
(numba's rate over C's). Nothing is asserted about the times.
"""

from __future__ import annotations

import argparse
import math
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

import numba
import numba as nb
import numpy as np
from _c_baseline import compile_c, find_compiler, timed

from asobi.contraposition.board import cell_count, centre
from asobi.contraposition.kernels import evaluate, neighbour_table
from asobi.contraposition.mcts import random_playout

SOURCE = Path(__file__).resolve().with_name("contraposition_playouts_baseline.c")
SIDES = (4, 5)
PROTOCOLS = {"basic": 0, "12?": 1}
CHECK_BOARDS = 2000


def compile_baseline(compiler: str, folder: Path) -> Path:
    """Compile the C baseline beside this script into ``folder``; the path of the program."""
    return compile_c(compiler, SOURCE, folder)


def run_baseline(
    program: Path, side: int, onetwo: bool, playouts: int, seed: int
) -> tuple[int, ...]:
    """The C playouts' counters: (playouts, white wins, white stones, decided at size 1)."""
    output = subprocess.run(
        [str(program), "playouts", str(side), str(int(onetwo)), str(playouts), str(seed)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return tuple(int(v) for v in output.split())


def evaluate_baseline(program: Path, side: int, boards: np.ndarray) -> list[tuple[int, ...]]:
    """The C scorer's (winner, deciding size, white score, black score) of each board."""
    text = "\n".join("".join(str(int(v)) for v in board) for board in boards) + "\n"
    output = subprocess.run(
        [str(program), "evaluate", str(side)],
        input=text,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [tuple(int(v) for v in line.split()) for line in output.splitlines()]


@nb.njit(cache=True)
def numba_playouts(
    n: int, onetwo: bool, forbid: int, nbr: np.ndarray, playouts: int, seed: int
) -> tuple[int, int, int, int]:
    """``playouts`` random playouts from the empty board with the production kernels; the
    counters of :func:`run_baseline`."""
    np.random.seed(seed)
    board = np.zeros(n, dtype=np.int8)
    empties = np.empty(n, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    seen = np.empty(n, dtype=np.int8)
    counts = np.zeros((2, n + 1), dtype=np.int64)
    white_wins = white_stones = at_one = 0
    for _ in range(playouts):
        board[:] = 0
        opening = np.random.randint(n)
        while opening == forbid:
            opening = np.random.randint(n)
        board[opening] = 1
        random_playout(board, 2, 0, onetwo, empties)
        winner, deciding, _, _ = evaluate(board, nbr, stack, seen, counts)
        white_wins += winner == 1
        at_one += deciding == 1
        for cell in range(n):
            white_stones += board[cell] == 1
    return playouts, white_wins, white_stones, at_one


def run_numba(side: int, onetwo: bool, playouts: int, seed: int) -> tuple[int, ...]:
    forbid = -1 if onetwo else centre(side)
    return numba_playouts(cell_count(side), onetwo, forbid, neighbour_table(side), playouts, seed)


def random_full_boards(side: int, count: int, seed: int) -> np.ndarray:
    """``count`` random full boards of ``side`` (any number of white stones)."""
    return np.random.default_rng(seed).integers(1, 3, size=(count, cell_count(side)), dtype=np.int8)


def numba_scores(side: int, boards: np.ndarray) -> list[tuple[int, ...]]:
    n = cell_count(side)
    nbr = neighbour_table(side)
    stack, seen = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int8)
    counts = np.zeros((2, n + 1), dtype=np.int64)
    return [tuple(int(v) for v in evaluate(b, nbr, stack, seen, counts)) for b in boards]


def counters_agree(a: tuple[int, ...], b: tuple[int, ...], cells: int) -> list[str]:
    """The counters (after the playout count) whose means differ by more than 5 standard
    errors (binomial for the shares, the sample bound ``cells/2`` for the stone count)."""
    bad = []
    n_a, n_b = a[0], b[0]
    for index, name in [(1, "white wins"), (3, "decided at size 1")]:
        p = (a[index] + b[index]) / (n_a + n_b)
        error = math.sqrt(max(p * (1 - p), 1e-12) * (1 / n_a + 1 / n_b))
        if abs(a[index] / n_a - b[index] / n_b) > 5 * error:
            bad.append(name)
    spread = cells / 2 * math.sqrt(1 / n_a + 1 / n_b)
    if abs(a[2] / n_a - b[2] / n_b) > 5 * spread:
        bad.append("white stones")
    return bad


def fail(message: str) -> None:
    print(f"contraposition_playouts: {message}", file=sys.stderr)
    raise SystemExit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=200_000, help="per (side, protocol)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default: 3)")
    args = parser.parse_args()
    compiler = find_compiler()
    run_numba(3, False, 10, 1)  # compile (or load from the disk cache)
    with tempfile.TemporaryDirectory() as folder:
        program = None
        if compiler is None:
            print("# no C compiler (cc, or $CC) found: the C baseline is left out")
        else:
            program = compile_baseline(compiler, Path(folder))
            version = subprocess.run([compiler, "--version"], capture_output=True, text=True)
            print(f"# C: {version.stdout.splitlines()[0]} -O2")
            for side in SIDES:
                boards = random_full_boards(side, CHECK_BOARDS, side)
                if evaluate_baseline(program, side, boards) != numba_scores(side, boards):
                    fail(f"the C scorer and evaluate differ on side {side}")
        print(
            f"# numba {numba.__version__}, numpy {np.__version__}, {platform.machine()}, "
            f"{args.playouts} playouts, fewest of {args.repeat} runs"
        )
        print(
            "side\tprotocol\timplementation\tseconds\tcpu_seconds\tplayouts_per_second"
            "\twhite_win_share\tratio_to_C"
        )
        for side in SIDES:
            for label, onetwo in PROTOCOLS.items():
                measure(side, label, bool(onetwo), program, args.playouts, args.repeat)


def measure(
    side: int, label: str, onetwo: bool, program: Path | None, playouts: int, repeat: int
) -> None:
    """Time both implementations on one (side, protocol), check their counters, print rows."""
    rows = []
    numba_counts, seconds, cpu = timed(lambda: run_numba(side, onetwo, playouts, 7), repeat)
    rows.append(("numba", seconds, cpu, numba_counts))
    if program is not None:
        c_counts, c_seconds, c_cpu = timed(
            lambda: run_baseline(program, side, onetwo, playouts, 7), repeat
        )
        bad = counters_agree(numba_counts, c_counts, cell_count(side))
        if bad:
            fail(f"side {side} {label}: C and numba differ in {', '.join(bad)}")
        rows.insert(0, ("C", c_seconds, c_cpu, c_counts))
    c_rate = playouts / rows[0][2] if program is not None else None
    for name, wall, cpu_seconds, counts in rows:
        rate = playouts / cpu_seconds
        ratio = f"{rate / c_rate:.2f}" if c_rate else ""
        print(
            f"{side}\t{label}\t{name}\t{wall:.3f}\t{cpu_seconds:.3f}\t{rate:.0f}"
            f"\t{counts[1] / counts[0]:.4f}\t{ratio}"
        )


if __name__ == "__main__":
    main()
