#!/usr/bin/env python3
"""Independent recomputation of the one-variable inequalities in textbook_inequalities.toml.

Uses only mpmath (50 significant digits) and fractions; nothing from verify.

For a TRUE statement  lhs OP rhs  on a bounded domain the margin g is
    g = rhs - lhs   for OP in {"<=", "<"}
    g = lhs - rhs   for OP in {">=", ">"}
and the statement holds where g >= 0 (g > 0 for a strict OP).  g is evaluated
  * on a uniform grid of 20,001 points (the open ends of an open domain left out),
  * at the domain's closed ends,
  * at the critical points of g found by mpmath.findroot on g' (numerical derivative)
    from 41 starting points spread over the domain (those that converge inside it),
and the least value and where it is reached are printed.  Points where g is exactly 0
("ties", e.g. x = 0 where both sides are 1) are listed separately: they are checked at
an exact rational point where both sides are known in closed form.

For a FALSE variant one rational point is printed where the claimed relation fails,
with the margin there (g < 0, or g <= 0 for a strict OP); it is re-evaluated at the
exact rational point with 50 digits.

Prints one line per statement and "ALL OK" at the end only if every true statement
holds at every evaluated point and every false one fails at its printed point.
"""
from fractions import Fraction as F

import mpmath as mp

mp.mp.dps = 50
pi, e = mp.pi, mp.e
exp, log, sin, cos, sqrt = mp.exp, mp.log, mp.sin, mp.cos, mp.sqrt


def q(fr):
    """A Fraction as an exact-as-possible mpf (50 digits)."""
    fr = F(fr)
    return mp.mpf(fr.numerator) / fr.denominator


# (id, lhs, op, rhs, (a, b), closed_ends, exact ties [(x, reason)])
TRUE = [
    ("ineq/bf-lemma-5.7-m10",
     lambda x: (1 + x) ** 10, "<=", lambda x: exp(10 * x), (F(-1), F(3)), True,
     [(F(0), "1 = 1 (tangent: both sides 1 + 10x + O(x^2))")]),
    ("ineq/bf-example-5.2-2-M",
     lambda t: abs(2 - exp(t) / 2), "<=", lambda t: exp(2) / 2 - 2, (F(0), F(2)), True,
     [(F(2), "|2 - e^2/2| = e^2/2 - 2 (end of the interval)")]),
    ("ineq/bf-table-5.2-bound-at-most-1.082645",
     lambda t: q(F(1, 10)) * (exp(2) / 2 - 2) * (exp(t) - 1), "<=", lambda t: q(F(1082645, 10 ** 6)),
     (F(0), F(2)), True, []),
    ("ineq/euler-local-error-y'=-y",
     lambda h: abs(exp(-h) - (1 - h)), "<=", lambda h: h ** 2 / 2, (F(0), F(1)), True,
     [(F(0), "0 = 0 (contact of order 3: h^2/2 - (e^-h - 1 + h) = h^3/6 - ...)")]),
    ("ineq/math551-one-plus-x-le-exp",
     lambda x: 1 + x, "<=", lambda x: exp(x), (F(-3), F(3)), True,
     [(F(0), "1 = 1 (tangent)")]),
    ("ineq/mathlib-exp-lt-inv-one-sub",
     lambda x: exp(x), "<", lambda x: 1 / (1 - x), (F(0), F(1)), False,
     []),  # ties only at the left-out end 0; pole at the left-out end 1
    ("ineq/mathlib-abs-exp-sub-one-sub-id-le",
     lambda x: abs(exp(x) - 1 - x), "<=", lambda x: x ** 2, (F(-1), F(1)), True,
     [(F(0), "0 = 0 (contact of order 2)")]),
    ("ineq/jordan-scaled",
     lambda u: u, "<=", lambda u: sin(pi * u / 2), (F(0), F(1)), True,
     [(F(0), "0 = sin 0"), (F(1), "1 = sin(pi/2)")]),
    ("ineq/sin-ge-x-minus-cube-over-6",
     lambda x: x - x ** 3 / 6, "<=", lambda x: sin(x), (F(0), F(3)), True,
     [(F(0), "0 = 0 (contact of order 5: sin x - x + x^3/6 = x^5/120 - ...)")]),
    ("ineq/mathlib-cos-le-one-sub-mul-cos-sq-scaled",
     lambda u: cos(pi * u), "<=", lambda u: 1 - 2 * u ** 2, (F(-1), F(1)), True,
     [(F(0), "1 = 1 (contact of order 2)"), (F(-1), "-1 = -1"), (F(1), "-1 = -1")]),
    ("ineq/mathlib-cos-le-one-div-sqrt",
     lambda x: cos(x), "<=", lambda x: 1 / sqrt(x ** 2 + 1), (F(-47, 10), F(47, 10)), True,
     [(F(0), "1 = 1 (contact of order 4: margin x^4/3 + ...)")]),
    ("ineq/log1p-ge-x-over-1-plus-x",
     lambda x: log(1 + x), ">=", lambda x: x / (1 + x), (F(-1, 2), F(3)), True,
     [(F(0), "0 = 0 (contact of order 2)")]),
]

# (id, lhs, op, rhs, failing rational point, note)
FALSE = [
    ("ineq/bf-lemma-5.7-m10-below-minus-1",
     lambda x: (1 + x) ** 10, "<=", lambda x: exp(10 * x), F(-2), "domain closed(-2, 3): hypothesis x >= -1 dropped"),
    ("ineq/bf-example-5.2-2-M-truncated",
     lambda t: abs(2 - exp(t) / 2), "<=", lambda t: q(F(16945, 10000)), F(2), "M = 0.5e^2 - 2 truncated to 1.6945"),
    ("ineq/bf-table-5.2-bound-at-most-printed",
     lambda t: q(F(1, 10)) * (exp(2) / 2 - 2) * (exp(t) - 1), "<=", lambda t: q(F(108264, 10 ** 5)), F(2),
     "printed 1.08264 taken as an upper bound"),
    ("ineq/euler-local-error-negative-h",
     lambda h: abs(exp(-h) - (1 - h)), "<=", lambda h: h ** 2 / 2, F(-1, 10), "domain closed(-1/10, 1)"),
    ("ineq/one-plus-x-le-2.71-pow-x",
     lambda x: 1 + x, "<=", lambda x: mp.power(q(F(271, 100)), x), F(1, 1000), "e replaced by 2.71 (fails only for 0 < x < 0.0061)"),
    ("ineq/exp-lt-inv-one-sub-across-zero",
     lambda x: exp(x), "<", lambda x: 1 / (1 - x), F(0), "strict on interval(-1, 1): equality at x = 0"),
    ("ineq/abs-exp-sub-one-sub-id-le-0.7",
     lambda x: abs(exp(x) - 1 - x), "<=", lambda x: q(F(7, 10)) * x ** 2, F(1), "constant 1 (or 3/4) replaced by 7/10"),
    ("ineq/jordan-scaled-past-1",
     lambda u: u, "<=", lambda u: sin(pi * u / 2), F(21, 20), "domain closed(0, 21/20)"),
    ("ineq/sin-ge-x-minus-cube-over-6-negative",
     lambda x: x - x ** 3 / 6, "<=", lambda x: sin(x), F(-1), "domain closed(-1, 3): hypothesis x >= 0 dropped"),
    ("ineq/cos-le-one-sub-mul-cos-sq-scaled-past-1",
     lambda u: cos(pi * u), "<=", lambda u: 1 - 2 * u ** 2, F(101, 100), "domain closed(-101/100, 101/100)"),
    ("ineq/cos-le-one-div-sqrt-past-3pi-over-2",
     lambda x: cos(x), "<=", lambda x: 1 / sqrt(x ** 2 + 1), F(5), "domain closed(-5, 5)"),
    ("ineq/log1p-ge-x-over-1-plus-half-x-negative",
     lambda x: log(1 + x), ">=", lambda x: x / (1 + x / 2), F(-1, 2), "x/(1+x/2) (true for x >= 0) on closed(-1/2, 3)"),
]


def margin(lhs, op, rhs, x):
    return rhs(x) - lhs(x) if op in ("<=", "<") else lhs(x) - rhs(x)


def fmt(v, n=6):
    return mp.nstr(v, n)


def check_true(name, lhs, op, rhs, ab, closed, ties, n=20001):
    a, b = q(ab[0]), q(ab[1])
    g = lambda x: margin(lhs, op, rhs, x)
    pts = []
    for k in range(n):
        if not closed and k in (0, n - 1):
            continue
        pts.append(a + (b - a) * k / (n - 1))
    # critical points of g inside (a, b)
    dg = lambda x: mp.diff(g, x)
    for k in range(1, 42):
        x0 = a + (b - a) * k / 42
        try:
            c = mp.findroot(dg, x0, tol=mp.mpf(10) ** -30, maxsteps=60)
        except (ValueError, ZeroDivisionError):
            continue
        if isinstance(c, mp.mpc):
            if abs(c.imag) > mp.mpf(10) ** -40:
                continue
            c = c.real
        # a critical point at a tie or at an end of the domain is that point itself
        # (checked exactly above/below); evaluating g within 1e-20 of it only
        # measures cancellation at 50 digits, so such roots are dropped
        near = [a, b] + [q(xt) for xt, _ in ties]
        if a < c < b and all(abs(c - p) > mp.mpf(10) ** -20 for p in near) \
                and abs(dg(c)) < mp.mpf(10) ** -20:
            pts.append(c)
    vals = [(g(x), x) for x in pts]
    gmin, xmin = min(vals, key=lambda t: t[0])
    strict = op in ("<", ">")
    ok = all((v > 0) if strict else (v >= 0) for v, _ in vals)
    # exact ties: both sides equal at these rational points (within 1e-45)
    tie_txt = []
    for xt, why in ties:
        vt = g(q(xt))
        tie_ok = abs(vt) < mp.mpf(10) ** -45
        ok = ok and tie_ok and not strict
        tie_txt.append(f"x={xt} ({why})" + ("" if tie_ok else " NOT A TIE"))
    # least margin away from ties (distance >= (b-a)/1000 from every tie point)
    away = [(v, x) for v, x in vals
            if all(abs(x - q(xt)) >= (b - a) / 1000 for xt, _ in ties)]
    amin, axmin = min(away, key=lambda t: t[0])
    status = "ok  " if ok else "FAIL"
    tie_part = "; ties: " + ", ".join(tie_txt) if tie_txt else "; no tie"
    print(f"{status} TRUE  {name}: {op} on {'closed' if closed else 'open'}[{ab[0]}, {ab[1]}]; "
          f"least margin {fmt(gmin)} at x = {fmt(xmin, 8)}; least margin away from ties {fmt(amin)} "
          f"at x = {fmt(axmin, 8)}{tie_part}")
    return ok


def check_false(name, lhs, op, rhs, xf, note):
    g = margin(lhs, op, rhs, q(xf))
    strict = op in ("<", ">")
    fails = (g <= 0) if strict else (g < 0)
    status = "ok  " if fails else "FAIL"
    print(f"{status} FALSE {name}: fails at x = {xf} with margin {fmt(g, 12)} ({note})")
    return fails


def main():
    ok = True
    for row in TRUE:
        ok = check_true(*row) and ok
    for row in FALSE:
        ok = check_false(*row) and ok
    print("ALL OK" if ok else "NOT OK")


if __name__ == "__main__":
    main()
