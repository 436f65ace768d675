"""The exact order-condition check of every named tableau against NodePy's ``order()`` (the anchor).

For each named tableau (and embedded pair) verify decides the order exactly: Phi(t) = 1/gamma(t) for the
rooted trees level by level, up to the first level where a condition fails (at most ``--nodes`` nodes, default 7:
order conditions up to order 6), in the tableau's number field (QQ, QQ(sqrt(3)), QQ(sqrt(15)), QQ(sqrt(6)),
QQ(sqrt(2)), QQ(gamma) for SDIRK-3).  NodePy's
``RungeKuttaMethod.order()`` (float mode, tolerance 1e-10, the tableau given as floats) finds the order by
checking its trees in floating point.  Both are timed on the same tableaus (verify's time includes placing the
coefficients in the field, shown apart); the orders must agree.  Prints one line per tableau and the total
ratio verify / NodePy.

    python benchmarks/order_conditions_speed.py [--nodes 7] [--repeat 3]
"""
from __future__ import annotations

import argparse
import platform
import time

import sympy

from verify.checks.order.conditions import _conditions
from verify.engines import number_field, rooted_trees
from verify.engines.methods.runge_kutta import TABLEAUS


def field(tableau):
    return number_field.field_of([*(a for row in tableau.A for a in row), *tableau.b])


def ours(tableau, nodes):
    rooted_trees.trees.cache_clear()
    s = tableau.stages
    K, values = field(tableau)
    A, b = [values[i * s:(i + 1) * s] for i in range(s)], values[s * s:]
    return _conditions(K, A, b, nodes).order


def theirs(method):
    return method.order(tol=1e-10)


def best_of(repeat, function, *args):
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = function(*args)
        times.append(time.perf_counter() - start)
    return min(times), value


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    import numpy as np
    import nodepy.runge_kutta_method as rk

    print(f"python {platform.python_version()}, sympy {sympy.__version__}; trees up to {args.nodes} nodes "
          f"({sum(len(rooted_trees.trees(n)) for n in range(1, args.nodes + 1))} conditions); best of {args.repeat}")
    print(f"{'tableau':20} {'field':>14} {'order':>5} {'verify (s)':>11} {'of it field':>12} {'NodePy (s)':>11} {'ratio':>7}")
    total_ours = total_theirs = total_field = 0.0
    for name, tableau in TABLEAUS.items():
        to_float = lambda v: float(sympy.N(v, 30))  # noqa: E731
        method = rk.RungeKuttaMethod(np.array([[to_float(a) for a in row] for row in tableau.A]), np.array([to_float(v) for v in tableau.b]))
        t_field, (K, _) = best_of(args.repeat, field, tableau)
        shown = "QQ" if K.is_QQ else "QQ<" + ("gamma" if "CRootOf" in str(K) else str(K.ext.as_expr())) + ">"
        t_ours, p_ours = best_of(args.repeat, ours, tableau, args.nodes)
        t_theirs, p_theirs = best_of(args.repeat, theirs, method)
        if p_ours != min(p_theirs, args.nodes):
            raise SystemExit(f"{name}: verify finds order {p_ours}, NodePy {p_theirs}")
        total_ours, total_theirs = total_ours + t_ours, total_theirs + t_theirs
        total_field += t_field
        print(f"{name:20} {shown:>14} {p_ours:>5} {t_ours:11.4f} {t_field:12.4f} {t_theirs:11.4f} {t_ours / t_theirs:7.2f}")
    print(f"{'all':20} {'':>14} {'':>5} {total_ours:11.4f} {total_field:12.4f} {total_theirs:11.4f} {total_ours / total_theirs:7.2f}"
          "   (ratio: verify exact / NodePy float)")


if __name__ == "__main__":
    main()
