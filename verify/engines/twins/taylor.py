"""The mpmath twin of Taylor's method (verify.engines.methods.taylor): the Taylor coefficients of the solution through
(t_i, y_i) by automatic differentiation on truncated power series, not by differentiating the right-hand side.

With y(t_i + s) = sum_k c_k s^k, c_0 = y_i and c_(k+1) = [f(t_i + s, y(t_i + s))]_k / (k + 1), where [.]_k is the
k-th coefficient of the right-hand side evaluated on the series known so far (Moore's recurrences for +, *, /, powers,
exp, log, sin and cos: Griewank & Walther, Evaluating Derivatives, 2nd ed., ch. 13); the step of order K is
sum_(k <= K) c_k h^k, which is y_i + h T^(K) since c_k = y^(k)/k! = f^(k-1)/k!.
"""
from __future__ import annotations

import mpmath
import sympy

from verify.engines.crosscheck import to_mp
from verify.engines.twins.base import record
from verify.engines.methods.taylor import METHODS  # the names and orders (configuration, not arithmetic)
from verify.errors import CrossCheckUnavailable


class Series:
    """A power series truncated after ``len(c) - 1`` terms, coefficients mpmath numbers."""

    __slots__ = ("c",)

    def __init__(self, c):
        self.c = c

    @staticmethod
    def constant(value, n):
        return Series([value] + [mpmath.mpf(0)] * (n - 1))

    def _lift(self, other):
        return other if isinstance(other, Series) else Series.constant(other, len(self.c))

    def __add__(self, other):
        other = self._lift(other)
        return Series([a + b for a, b in zip(self.c, other.c)])

    __radd__ = __add__

    def __neg__(self):
        return Series([-a for a in self.c])

    def __sub__(self, other):
        return self + (-self._lift(other))

    def __rsub__(self, other):
        return self._lift(other) + (-self)

    def __mul__(self, other):
        other = self._lift(other)
        n = len(self.c)
        return Series([mpmath.fsum(self.c[j] * other.c[k - j] for j in range(k + 1)) for k in range(n)])

    __rmul__ = __mul__

    def __truediv__(self, other):
        other = self._lift(other)
        if other.c[0] == 0:
            raise ZeroDivisionError("division by a series with zero constant term")
        out = []
        for k in range(len(self.c)):
            out.append((self.c[k] - mpmath.fsum(other.c[j] * out[k - j] for j in range(1, k + 1))) / other.c[0])
        return Series(out)

    def __rtruediv__(self, other):
        return self._lift(other) / self

    def power(self, r):
        """self^r for a rational r (integer powers by products; others by k a_0 b_k = sum ((r + 1) j - k) a_j b_(k-j))."""
        if r == int(r) and r >= 0:
            result = Series.constant(mpmath.mpf(1), len(self.c))
            for _ in range(int(r)):
                result = result * self
            return result
        if r == int(r):
            return 1 / self.power(-r)
        a = self.c
        if a[0] <= 0:
            raise CrossCheckUnavailable("a fractional power of a series at a non-positive value")
        r = mpmath.mpf(r.p) / r.q
        out = [a[0] ** r]
        for k in range(1, len(a)):
            out.append(mpmath.fsum(((r + 1) * j - k) * a[j] * out[k - j] for j in range(1, k + 1)) / (k * a[0]))
        return Series(out)

    def exp(self):
        a = self.c
        out = [mpmath.exp(a[0])]
        for k in range(1, len(a)):
            out.append(mpmath.fsum(j * a[j] * out[k - j] for j in range(1, k + 1)) / k)
        return Series(out)

    def log(self):
        a = self.c
        if a[0] <= 0:
            raise CrossCheckUnavailable("the logarithm of a series at a non-positive value")
        out = [mpmath.log(a[0])]
        for k in range(1, len(a)):
            out.append((a[k] - mpmath.fsum(j * out[j] * a[k - j] for j in range(1, k)) / k) / a[0])
        return Series(out)

    def sin_cos(self):
        a = self.c
        s, c = [mpmath.sin(a[0])], [mpmath.cos(a[0])]
        for k in range(1, len(a)):
            s.append(mpmath.fsum(j * a[j] * c[k - j] for j in range(1, k + 1)) / k)
            c.append(-mpmath.fsum(j * a[j] * s[k - j] for j in range(1, k + 1)) / k)
        return Series(s), Series(c)


def evaluate(expression, env: dict, n: int) -> Series:
    """``expression`` (sympy, the model's right-hand side) on series: ``env`` maps t and the states to Series."""
    e = expression
    if e.is_Rational:
        return Series.constant(mpmath.mpf(e.p) / e.q, n)
    if e is sympy.pi:
        return Series.constant(+mpmath.pi, n)
    if e is sympy.E:
        return Series.constant(mpmath.e + 0, n)
    if e.is_Symbol:
        if e not in env:
            raise CrossCheckUnavailable(f"{e} has no value in the cross-check")
        return env[e]
    if e.is_Add:
        total = Series.constant(mpmath.mpf(0), n)
        for a in e.args:
            total = total + evaluate(a, env, n)
        return total
    if e.is_Mul:
        product = Series.constant(mpmath.mpf(1), n)
        for a in e.args:
            product = product * evaluate(a, env, n)
        return product
    if e.is_Pow and e.exp.is_Rational:
        return evaluate(e.base, env, n).power(e.exp)
    if isinstance(e, sympy.exp):
        return evaluate(e.args[0], env, n).exp()
    if isinstance(e, sympy.log) and len(e.args) == 1:
        return evaluate(e.args[0], env, n).log()
    if isinstance(e, (sympy.sin, sympy.cos, sympy.tan)):
        s, c = evaluate(e.args[0], env, n).sin_cos()
        return s if isinstance(e, sympy.sin) else c if isinstance(e, sympy.cos) else s / c
    raise CrossCheckUnavailable(f"{type(e).__name__} is not differentiated on series by the Taylor twin")


def advance(system, t, y, options, names, trace, order: int):
    """One step of Taylor's method of ``order`` from (t, y), on mpmath."""
    h = to_mp(options["h"])
    n = order + 1
    coefficients = [[value] for value in y]
    if order == 1:  # Euler: f itself, which may have abs, min or max (no series needed)
        for c, rate in zip(coefficients, system.f_uncounted(t, y)):
            c.append(rate)
    time = Series([t, mpmath.mpf(1)] + [mpmath.mpf(0)] * (n - 2))  # t_i + s (n >= 2)
    for k in range(order if order > 1 else 0):  # c_(k+1) from the k-th coefficient of f on the series known to order k
        env = {system.time: time}
        env.update({s: Series(c + [mpmath.mpf(0)] * (n - len(c))) for s, c in zip(system.states, coefficients)})
        rates = [evaluate(e, env, n) for e in system.rhs]
        for c, rate in zip(coefficients, rates):
            c.append(rate.c[k] / (k + 1))
    system.count_rhs()
    if order > 1:
        system.count("derivatives")
    new = [mpmath.fsum(c * h**k for k, c in enumerate(cs)) for cs in coefficients]
    for name, value in zip(names, new):
        record(trace, name, value)
    return t + h, new


def names() -> tuple:
    return tuple(METHODS)
