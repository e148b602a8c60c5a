"""z3 proofs of the lemmas behind the article's XOR theorem, for fixed bit widths.

Row lengths are bit-vectors of ``width`` bits; sums are computed on ``width + 2`` bits
(zero-extended) so that they cannot overflow. Each lemma is proved by asking z3 for a
counterexample to it: ``unsat`` means proved for every row length below ``2**width``.

* ``move_breaks_zero`` (a): a move b → c, d (c + d < b) never keeps XOR 0, i.e.
  c XOR d ≠ b. (The article: if the parity condition held after the move, then a ≤ b + c.)
* ``zero_reachable`` (b): with ``rows`` rows and nim-sum s ≠ 0, some row a has
  a XOR s < a, so the move a → (a XOR s, 0) is legal and leaves XOR 0.
* ``row_grundy`` (c): the Grundy value of a row of a sticks is a: every move leaves
  c XOR d < a, and every x < a is reached by some move (a quantified formula).

>>> prove("move_breaks_zero", width=8).status
'proved'
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from functools import reduce

import z3

from asobi.core.errors import InputError

LEMMAS = ("move_breaks_zero", "zero_reachable", "row_grundy")


@dataclass(frozen=True)
class ProofResult:
    """One z3 run: ``status`` is ``proved``, ``counterexample`` or ``unknown``."""

    lemma: str
    width: int
    rows: int | None
    status: str
    z3_rlimit: int
    seconds: float
    counterexample: str | None


def _wide(value: z3.BitVecRef) -> z3.BitVecRef:
    return z3.ZeroExt(2, value)


def _negated_lemma(lemma: str, width: int, rows: int | None) -> tuple[list[z3.BoolRef], list]:
    """Constraints whose satisfying assignments are counterexamples to the lemma."""
    if lemma == "move_breaks_zero":
        b, c, d = z3.BitVecs("b c d", width)
        return [z3.ULT(_wide(c) + _wide(d), _wide(b)), c ^ d == b], [b, c, d]
    if lemma == "zero_reachable":
        if rows is None or rows < 1:
            raise InputError("lemma zero_reachable needs a number of rows ≥ 1")
        lengths = [z3.BitVec(f"a{i}", width) for i in range(rows)]
        nim_sum = reduce(lambda x, y: x ^ y, lengths)
        zero = z3.BitVecVal(0, width)
        move_exists = []
        for i, a in enumerate(lengths):
            kept = a ^ nim_sum  # the move a -> (kept, 0)
            after = reduce(lambda x, y: x ^ y, [*lengths[:i], kept, *lengths[i + 1 :]])
            move_exists.append(z3.And(z3.ULT(_wide(kept), _wide(a)), after == zero))
        return [nim_sum != zero, z3.Not(z3.Or(move_exists))], lengths
    if lemma == "row_grundy":
        a, c, d, x = z3.BitVecs("a c d x", width)
        c2, d2 = z3.BitVecs("c2 d2", width)
        move = z3.ULT(_wide(c) + _wide(d), _wide(a))
        too_big = z3.And(move, z3.Not(z3.ULT(c ^ d, a)))
        unreachable = z3.And(
            z3.ULT(x, a),
            z3.ForAll(
                [c2, d2], z3.Not(z3.And(z3.ULT(_wide(c2) + _wide(d2), _wide(a)), c2 ^ d2 == x))
            ),
        )
        return [z3.Or(too_big, unreachable)], [a, c, d, x]
    raise InputError(f"unknown lemma {lemma!r}; known: {', '.join(LEMMAS)}")


def prove(
    lemma: str, width: int, rows: int | None = None, timeout_ms: int = 600_000
) -> ProofResult:
    """Prove ``lemma`` for row lengths of ``width`` bits (and ``rows`` rows for lemma b)."""
    if not 1 <= width <= 256:
        raise InputError(f"width must be in 1..256, got {width}")
    constraints, variables = _negated_lemma(lemma, width, rows)
    status, rlimit, seconds, counterexample = find_counterexample(
        constraints, variables, timeout_ms
    )
    return ProofResult(lemma, width, rows, status, rlimit, seconds, counterexample)


def find_counterexample(
    constraints: list[z3.BoolRef], variables: list, timeout_ms: int = 600_000
) -> tuple[str, int, float, str | None]:
    """Ask z3 for an assignment satisfying the negated lemma ``constraints``.

    Returns ``(status, rlimit, seconds, counterexample)``. ``rlimit`` is z3's own work
    counter (the ``rlimit count`` statistic): the check runs in a fresh ``z3.Context``, so
    the count is the same on every run with the same z3 version, unlike ``seconds``
    (kept for the log, not for the tables). The counterexample is a JSON object of the
    ``variables``' values when z3 finds one.
    """
    context = z3.Context()
    variables = [v.translate(context) for v in variables]
    solver = z3.Solver(ctx=context)
    solver.set("timeout", timeout_ms)
    solver.add(*[c.translate(context) for c in constraints])
    start = time.perf_counter()
    answer = solver.check()
    seconds = time.perf_counter() - start
    rlimit = int(solver.statistics().get_key_value("rlimit count"))
    counterexample = None
    if answer == z3.unsat:
        status = "proved"
    elif answer == z3.sat:
        status = "counterexample"
        model = solver.model()
        counterexample = json.dumps(
            {str(v): model.eval(v, model_completion=True).as_long() for v in variables}
        )
    else:
        status = "unknown"
    return status, rlimit, round(seconds, 4), counterexample
