"""What every twin shares: the right-hand side compiled to mpmath, evaluation counts, and option reading.

Nothing here calls the exact path's arithmetic: expressions are compiled by the
cross-check's own walker (verify.engines.crosscheck.compile_mp).
"""
from __future__ import annotations

import mpmath
import sympy

from verify.engines.crosscheck import compile_mp, to_mp

NEWTON_ITERATIONS = 20  # default budget of the Newton iteration per step
NEWTON_TOLERANCE = sympy.Rational(1, 10**40)  # default: max-norm of the equation residual

class MpSystem:
    """A model's right-hand side, constraints and Jacobian compiled to mpmath, counting evaluations per block as the exact path does."""

    def __init__(self, rhs: list, states: list, blocks: dict, time: sympy.Symbol, constraints=()):
        variables = [time] + list(states)
        self.functions = [compile_mp(e, variables) for e in rhs]
        self.constraint_functions = [compile_mp(g, variables) for g in constraints]
        self._jacobian_source = (list(rhs) + list(constraints), list(states), variables)
        self._jacobian_functions = None
        self.blocks = blocks  # block name -> component indices
        self.counts: dict[str, int] = {}

    @property
    def jacobian_functions(self):
        """d(rhs, constraints)/d(states) compiled, on first use (an explicit method never asks)."""
        if self._jacobian_functions is None:
            expressions, states, variables = self._jacobian_source
            self._jacobian_functions = [[compile_mp(sympy.diff(e, s), variables) for s in states] for e in expressions]
        return self._jacobian_functions

    def jacobian(self, t, y):
        self.count("jacobian")
        return mpmath.matrix([[fn([t, *y]) for fn in row] for row in self.jacobian_functions])

    def g(self, t, y):
        return [fn([t, *y]) for fn in self.constraint_functions]

    def f(self, t, y, block=None):
        if block is None:
            self.count("rhs")
            for name in self.blocks:
                self.count(name)
            return [fn([t, *y]) for fn in self.functions]
        self.count(block)
        return [self.functions[i]([t, *y]) for i in self.blocks[block]]

    def count(self, name):
        """One more evaluation of ``name`` (also called by a twin for an evaluation its exact path makes, e.g. an implicit stage)."""
        self.counts[name] = self.counts.get(name, 0) + 1

    def f_uncounted(self, t, y):
        return [fn([t, *y]) for fn in self.functions]

    def jacobian_uncounted(self, t, y):
        return mpmath.matrix([[fn([t, *y]) for fn in row] for row in self.jacobian_functions[:len(self.functions)]])


def record(trace, name, value):
    trace.setdefault(name, []).append(value)


def per_state(options, name, names, default=None):
    value = options.get(name, default)
    if isinstance(value, dict):
        return [to_mp(value[s]) for s in names]
    return [to_mp(value)] * len(names)


def newton_settings(options) -> tuple:
    """(budget, tolerance) of a finite-budget Newton iteration: the claim's options or the defaults."""
    return int(options.get("newton_iterations", NEWTON_ITERATIONS)), to_mp(options.get("newton_tolerance", NEWTON_TOLERANCE))
