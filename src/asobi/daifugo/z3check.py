"""An independent z3 model of "a valid composite play of N with at most k cards exists".

The model does not reuse the enumerator's layouts. Every laid number is a *slot* of up to
``L`` card tokens (0 = a joker standing for 0, 1…13 the cards); its value is the decimal
concatenation, built with linear arithmetic (×10 or ×100 per token, the first token never
0). The slots are: the number ``N`` itself, and for each of at most Ω(N) terms a base and up
to ``max_tower_depth`` exponent levels (present levels form a prefix, each at least 2, so
exponents 0 and 1 never occur; the tower value is read from the right through a table of
``a^b`` on the small exponent range). A used term's base must be a prime dividing ``N``
(trial division here) and, for every such prime, the exponents of its terms add up to its
multiplicity in ``N``: given prime bases this is exactly "the product of the terms is N".
Card counts per value are sums over all slots; the jokers needed (zeros plus copies beyond
``suits``) are at most ``jokers``; the total is at most ``k``. 1729 has no composite play.

>>> from asobi.daifugo.daifugo import Rules
>>> found = find_layout(88, 5, Rules())
>>> found.expression_text, sorted(found.multiset)
('2^3*11', [2, 3, 8, 8, 11])
>>> find_layout(88, 4, Rules()) is None
True
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import z3

from asobi.core.errors import DataError
from asobi.core.runlog import progress
from asobi.daifugo.daifugo import RAMANUJAN, Rules
from asobi.daifugo.layouts import Term, composite_layouts, expression_text
from asobi.daifugo.numbers import factorise, is_prime

log = logging.getLogger("asobi.daifugo")

UNUSED = 14


@dataclass(frozen=True)
class Z3Layout:
    """A composite play found by z3: its terms and the card tokens of every slot."""

    n: int
    terms: tuple[Term, ...]
    multiset: tuple[int, ...]

    @property
    def expression_text(self) -> str:
        """Terms sorted like the enumerator's expressions."""
        return expression_text(
            tuple(sorted(self.terms, key=lambda t: (t.prime, t.exponent, t.tower)))
        )

    @property
    def n_cards(self) -> int:
        """Cards discarded, the number's own cards included."""
        return len(self.multiset)


class _Slot:
    """Up to ``width`` tokens read as one decimal number; an unused token is 14 (no card)."""

    def __init__(self, name: str, width: int, rules: Rules, solver: z3.Solver) -> None:
        ctx = solver.ctx
        self.tokens = [z3.Int(f"{name}_t{j}", ctx) for j in range(width)]
        value: z3.ArithRef = z3.IntVal(0, ctx)
        low = 0 if rules.joker_zero else 1
        for j, token in enumerate(self.tokens):
            solver.add(token >= (1 if j == 0 else low), token <= UNUSED)
            if j > 0:
                solver.add(z3.Implies(self.tokens[j - 1] == UNUSED, token == UNUSED))
            shifted = z3.If(token >= 10, value * 100, value * 10)
            value = z3.If(token < UNUSED, shifted + token, value)
        self.value = value
        self.present = self.tokens[0] < UNUSED

    def count(self, symbol: int) -> list[z3.ArithRef]:
        return [z3.If(t == symbol, 1, 0) for t in self.tokens]


def _model(
    n: int, rules: Rules, exponent: bool
) -> tuple[z3.Solver, list, list[_Slot], z3.ArithRef]:
    # a fresh context per number keeps the answers independent of earlier calls
    ctx = z3.Context()
    solver = z3.Tactic("qflia", ctx).solver()
    factors = factorise(n)
    n_terms = sum(factors.values())
    emax = max(factors.values())
    # a tower of d levels is at least 2^2^…^2 (d twos): deeper towers cannot fit emax
    depth = 0
    while exponent and depth < rules.max_tower_depth and _tower_of_twos(depth + 1) <= emax:
        depth += 1
    base_width = len(str(max(factors)))
    own = _Slot("own", len(str(n)), rules, solver)
    solver.add(own.present, own.value == n)
    if n == RAMANUJAN:
        solver.add(z3.BoolVal(False, ctx))
    slots = [own]
    terms = []
    pow_table = [
        (a, b, a**b)
        for a in range(1, emax + 1)
        for b in range(1, emax + 1)
        if a == 1 or b == 1 or a**b <= emax
    ]
    for t in range(n_terms):
        used = z3.Bool(f"used{t}", ctx)
        base = _Slot(f"b{t}", base_width, rules, solver)
        levels = [_Slot(f"e{t}_{i}", len(str(emax)), rules, solver) for i in range(depth)]
        slots += [base, *levels]
        solver.add(used == base.present)
        solver.add(z3.Implies(used, z3.Or([base.value == p for p in factors])))
        for i, level in enumerate(levels):
            solver.add(z3.Implies(level.present, used))
            if i > 0:
                solver.add(z3.Implies(level.present, levels[i - 1].present))
            solver.add(z3.Implies(level.present, z3.And(level.value >= 2, level.value <= emax)))
        # tower value from the top level down; an absent level counts as 1
        upper: z3.ArithRef = z3.IntVal(1, ctx)
        for i in reversed(range(depth)):
            lower = z3.Int(f"y{t}_{i}", ctx)
            solver.add(lower >= 1, lower <= emax)
            here = z3.If(levels[i].present, levels[i].value, 1)
            solver.add(z3.Or([z3.And(here == a, upper == b, lower == c) for a, b, c in pow_table]))
            upper = lower
        terms.append((used, base, levels, upper))
    for q, multiplicity in factors.items():
        solver.add(
            z3.Sum([z3.If(z3.And(u, b.value == q), e, 0) for u, b, _, e in terms]) == multiplicity
        )
    for t in range(n_terms - 1):
        u0, b0, _, e0 = terms[t]
        u1, b1, _, e1 = terms[t + 1]
        solver.add(z3.Implies(u1, u0))
        solver.add(
            z3.Implies(u1, z3.Or(b0.value < b1.value, z3.And(b0.value == b1.value, e0 <= e1)))
        )
    counts = [z3.Sum([c for s in slots for c in s.count(v)]) for v in range(14)]
    needed = counts[0] + z3.Sum([z3.If(c > rules.suits, c - rules.suits, 0) for c in counts[1:]])
    solver.add(needed <= rules.jokers)
    total = z3.Sum(counts)
    return solver, terms, slots, total


def _tower_of_twos(levels: int) -> int:
    value = 1
    for _ in range(levels):
        value = 2**value
    return value


def _tokens(model: z3.ModelRef, slot: _Slot) -> list[int]:
    values = [model.eval(t, model_completion=True).as_long() for t in slot.tokens]
    return [v for v in values if v != UNUSED]


def _value(tokens: list[int]) -> int:
    return int("".join(str(t) for t in tokens)) if tokens else 0


def find_layout(
    n: int, max_cards: int | None, rules: Rules, exponent: bool = True
) -> Z3Layout | None:
    """A composite play of ``n`` with at most ``max_cards`` cards (None: any), or None."""
    return find_layouts(n, [max_cards], rules, exponent)[0]


def find_layouts(
    n: int, bounds: list[int | None], rules: Rules, exponent: bool = True
) -> list[Z3Layout | None]:
    """:func:`find_layout` for several card bounds, building the model once."""
    factors = factorise(n)
    if n < 4 or sum(factors.values()) == 1:
        return [None for _ in bounds]
    solver, terms, slots, total = _model(n, rules, exponent)
    results: list[Z3Layout | None] = []
    for bound in bounds:
        solver.push()
        if bound is not None:
            solver.add(total <= bound)
        results.append(_read_model(n, solver, terms, slots) if solver.check() == z3.sat else None)
        solver.pop()
    return results


def _read_model(n: int, solver: z3.Solver, terms: list, slots: list[_Slot]) -> Z3Layout:
    model = solver.model()
    found_terms = []
    for used, base, levels, _ in terms:
        if not z3.is_true(model.eval(used, model_completion=True)):
            continue
        tower = tuple(_value(_tokens(model, level)) for level in levels)
        tower = tuple(level for level in tower if level)
        found_terms.append(Term(_value(_tokens(model, base)), tower))
    multiset = tuple(sorted(t for slot in slots for t in _tokens(model, slot)))
    layout = Z3Layout(n, tuple(found_terms), multiset)
    product = math.prod(t.prime**t.exponent for t in layout.terms)
    if product != n:  # the model must multiply out; guard against an encoding slip
        raise DataError(f"z3 model for {n} multiplies to {product}")
    return layout


def crosscheck_rows(numbers: Iterable[int], origin: str, rules: Rules) -> list[dict[str, Any]]:
    """Rows of the z3 cross-check: for each composite ``n``, z3 at the enumerator's minimum
    card count (it must find a layout the enumerator lists) and one card below (none)."""
    rows = []
    numbers = [n for n in numbers if n >= 4 and not is_prime(n)]
    for n in progress(numbers, total=len(numbers), desc=f"z3 {origin}", logger=log):
        layouts = composite_layouts(n, rules)
        keys = {(layout.text, layout.multiset) for layout in layouts}
        least = layouts[0].n_cards if layouts else None
        if least is None:
            found, below = find_layouts(n, [None], rules)[0], None
        else:
            found, below = find_layouts(n, [least, least - 1], rules)
        listed = found is not None and (found.expression_text, found.multiset) in keys
        agree = found is None if least is None else (listed and below is None)
        rows.append(
            {
                "n": n,
                "origin": origin,
                "enumerator_min_cards": least,
                "z3_at_min": "sat" if found is not None else "unsat",
                "z3_below_min": "skipped" if least is None else ("sat" if below else "unsat"),
                "z3_expression": found.expression_text if found else None,
                "z3_cards": list(found.multiset) if found else None,
                "z3_layout_listed": listed,
                "agree": agree,
            }
        )
    return rows
