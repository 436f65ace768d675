"""Rooted trees and the Runge-Kutta order conditions Phi(t) = 1/gamma(t), exactly.

A Runge-Kutta method (A, b, c = A 1) has order p when, for every rooted tree t with at most p nodes, its
elementary weight Phi(t) equals 1/gamma(t), gamma the density (Butcher, Numerical Methods for Ordinary
Differential Equations, 3rd ed. 2016, sec. 30-31 (trees, density, symmetry) and Theorem 315A; Hairer, Norsett
& Wanner I, sec. II.2).  With the stage weights of t = [t_1 ... t_m] defined by
phi_i(t) = prod_k (A phi(t_k))_i (phi(tau) = 1, so A phi(tau) = c), Phi(t) = sum_i b_i phi_i(t).  The
coefficient of the elementary differential F(t) h^|t| / sigma(t) in the local error is
e(t) = (Phi(t) - 1/gamma(t)) / sigma(t), the convention of NodePy's ``error_coefficient``; the principal
error norm is the 2-norm of the e(t) with |t| = p + 1.

A tree is the sorted tuple of its subtrees (the single node tau is ``()``), so equal trees are equal tuples.
"""
from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

import mpmath

Tree = tuple

MAX_NODES = 11  # 1842 trees of 11 nodes, 3574 up to 11: enough for order 10


def nodes(tree: Tree) -> int:
    return 1 + sum(nodes(child) for child in tree)


def _key(tree: Tree) -> tuple:
    return nodes(tree), tree


@lru_cache(maxsize=None)
def trees(n: int) -> tuple:
    """All rooted trees with n nodes, each once (1, 1, 2, 4, 9, 20, 48, 115, 286, 719 for n = 1..10; OEIS A000081)."""
    if not 1 <= n <= MAX_NODES:
        raise ValueError(f"trees with 1 to {MAX_NODES} nodes, not {n}")
    if n == 1:
        return ((),)
    return tuple(sorted(_forests(n - 1, None), key=_key))


def _forests(total: int, bound) -> list:
    """The multisets of trees with ``total`` nodes in all, as tuples in non-increasing order, none above ``bound``."""
    if total == 0:
        return [()]
    found = []
    for size in range(min(total, bound[0] if bound else total), 0, -1):
        for tree in trees(size):
            if bound is not None and _key(tree) > bound:
                continue
            found += [(tree,) + rest for rest in _forests(total - size, _key(tree))]
    return found


@lru_cache(maxsize=None)
def density(tree: Tree) -> int:
    """gamma(t) = |t| prod gamma(t_k) (Butcher 2016, sec. 301)."""
    return nodes(tree) * math.prod(density(child) for child in tree)


@lru_cache(maxsize=None)
def symmetry(tree: Tree) -> int:
    """sigma(t) = prod over distinct subtrees s of multiplicity m: m! sigma(s)^m (Butcher 2016, sec. 301)."""
    return math.prod(math.factorial(m) * symmetry(child) ** m for child, m in Counter(tree).items())


def bracket(tree: Tree) -> str:
    """Butcher's notation: tau, [tau], [tau^2], [[tau]], [tau [tau]], ..."""
    if not tree:
        return "τ"
    return "[" + " ".join(bracket(child) + (f"^{m}" if m > 1 else "") for child, m in _grouped(tree)) + "]"


def condition(tree: Tree, weights: str = "b") -> str:
    """The order condition of a tree as people write it: b·c^2 = 1/3, b·Ac = 1/6, b·(c Ac) = 1/8 (``weights``:
    bhat for an embedded pair's second row)."""
    if not tree:
        return f"{weights}·1 = 1"
    factors = _factors(tree)
    body = factors[0] if len(factors) == 1 else "(" + " ".join(factors) + ")"
    return f"{weights}·{body} = 1/{density(tree)}"


def _grouped(tree: Tree) -> list:
    counts = Counter(tree)
    return sorted(counts.items(), key=lambda item: _key(item[0]))


def _factors(tree: Tree) -> list:
    """The stage weight of a tree as factors: c^k for its leaves, A(...) for each larger subtree."""
    factors = []
    for child, m in _grouped(tree):
        if not child:
            factors.append("c" + (f"^{m}" if m > 1 else ""))
            continue
        inner = _factors(child)
        one = "A" + (inner[0] if len(inner) == 1 else "(" + " ".join(inner) + ")")
        factors.append(one if m == 1 else f"({one})^{m}")
    return factors


def weights_by_level(A: list, b: list, field, up_to: int):
    """{tree: Phi(t)} for the trees of 1, 2, ... ``up_to`` nodes, one level at a time (a caller may stop early);
    the stage weights are shared between levels."""
    s = len(b)
    one = [field.one] * s
    stage: dict = {(): one}

    def stage_weights(tree):
        if tree not in stage:
            vector = list(one)
            for child in tree:
                inner = stage_weights(child)
                product = [sum((A[i][j] * inner[j] for j in range(s)), field.zero) for i in range(s)]
                vector = [vector[i] * product[i] for i in range(s)]
            stage[tree] = vector
        return stage[tree]

    for n in range(1, up_to + 1):
        yield {tree: sum((b[i] * stage_weights(tree)[i] for i in range(s)), field.zero) for tree in trees(n)}


def mp_residuals(A: list, b: list, c: list, up_to: int) -> dict:
    """The twin: {tree: Phi(t) - 1/gamma(t)} at mpmath's working precision, with c standing for A 1 on the
    leaves (as NodePy writes the weights), from the twin's own coefficients."""
    s = len(b)

    @lru_cache(maxsize=None)
    def phi(tree):
        vector = [mpmath.mpf(1)] * s
        for child in tree:
            if child:
                inner = phi(child)
                vector = [vector[i] * mpmath.fsum(A[i][j] * inner[j] for j in range(s)) for i in range(s)]
            else:
                vector = [vector[i] * c[i] for i in range(s)]
        return tuple(vector)

    return {tree: mpmath.fsum(b[i] * phi(tree)[i] for i in range(s)) - mpmath.mpf(1) / density(tree)
            for n in range(1, up_to + 1) for tree in trees(n)}
