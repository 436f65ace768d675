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
    return _weights_by_level(A, b, None, field, up_to, lambda tree: (tree,))


def _weights_by_level(A: list, b: list, c, field, up_to: int, markings):
    """{marked tree: Phi} for ``markings(tree)`` of every tree of 1, 2, ... ``up_to`` nodes: stage weights
    phi_i = prod over children of (A 1)_i for a state leaf, c_i for a time leaf, (A phi(child))_i for a larger child."""
    s = len(b)
    rows = [sum(A[i], field.zero) for i in range(s)]
    stage: dict = {}

    def stage_weights(marked):
        if marked not in stage:
            vector = [field.one] * s
            for child in marked:
                if child == TIME:
                    factor = c
                elif not child:
                    factor = rows
                else:
                    inner = stage_weights(child)
                    factor = [sum((A[i][j] * inner[j] for j in range(s)), field.zero) for i in range(s)]
                vector = [vector[i] * factor[i] for i in range(s)]
            stage[marked] = vector
        return stage[marked]

    for n in range(1, up_to + 1):
        yield {marked: sum((b[i] * stage_weights(marked)[i] for i in range(s)), field.zero)
               for tree in trees(n) for marked in markings(tree)}


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


# --- trees with time leaves: the order on y' = f(t, y) of a tableau whose c is not A 1 ------------------------------

TIME = "t"  # a leaf that stands for t (its stage weight c_i), beside a state leaf () (its stage weight (A 1)_i)


@lru_cache(maxsize=None)
def coloured(tree: Tree) -> tuple:
    """Every way of marking the leaves of ``tree`` (not its root) as state leaves () or time leaves TIME, each marked
    tree once (children sorted by repr, so equal markings are equal tuples).

    A tableau applied to y' = f(t, y) with stage times t + c_i h is the partitioned method on z = (y, t), z' = (f, 1),
    whose t part has the stage values t + c_i h: its order conditions are over the bicoloured trees (Hairer, Norsett &
    Wanner I, sec. II.15), and as t' = 1 has no derivatives, a t vertex is a leaf.  So a tree of the state splits into
    one condition per marking of its leaves, Phi = 1/gamma(tree) for each, a state leaf under stage i weighing
    (A 1)_i and a time leaf c_i; with c = A 1 they are the tree's one condition."""
    options = [((), TIME) if not child else coloured(child) for child in tree]
    marked = {()} if not tree else set()
    stack = [((), 0)]
    while stack:  # the product of the children's options, each choice sorted into one canonical tuple
        chosen, k = stack.pop()
        if k == len(options):
            if tree:
                marked.add(tuple(sorted(chosen, key=repr)))
            continue
        stack.extend((chosen + (option,), k + 1) for option in options[k])
    return tuple(sorted(marked, key=repr))


def shape(marked) -> Tree:
    """The tree a marked tree is a marking of (its time leaves made state leaves)."""
    return tuple(sorted(((() if child == TIME else shape(child)) for child in marked), key=_key))


def coloured_weights_by_level(A: list, b: list, c: list, field, up_to: int):
    """{marked tree: Phi} for the marked trees (``coloured``) of 1, 2, ... ``up_to`` nodes, one level at a time: a
    state leaf under stage i weighs (A 1)_i, a time leaf c_i, a larger child (A phi(child))_i."""
    return _weights_by_level(A, b, c, field, up_to, coloured)


def coloured_condition(marked, weights: str = "b") -> str:
    """A marked tree's condition as people write it, c for a time leaf and A1 for a state leaf: b·(c A1) = 1/3."""
    if not marked:
        return f"{weights}·1 = 1"
    factors = _coloured_factors(marked)
    body = factors[0] if len(factors) == 1 else "(" + " ".join(factors) + ")"
    return f"{weights}·{body} = 1/{density(shape(marked))}"


def _coloured_factors(marked) -> list:
    counts = Counter(marked)
    factors = []
    for child, m in sorted(counts.items(), key=lambda item: repr(item[0])):
        if child == TIME or not child:
            name = "c" if child == TIME else "A1"
            factors.append(name + (f"^{m}" if m > 1 else "") if name == "c" else (f"(A1)^{m}" if m > 1 else "A1"))
            continue
        inner = _coloured_factors(child)
        one = "A" + (inner[0] if len(inner) == 1 else "(" + " ".join(inner) + ")")
        factors.append(one if m == 1 else f"({one})^{m}")
    return factors


def mp_coloured_residuals(A: list, b: list, c: list, up_to: int) -> dict:
    """The twin of coloured_weights_by_level: {marked tree: Phi - 1/gamma} at mpmath's working precision from the twin's
    own coefficients, each tree's leaves marked by every bit pattern of their number (not by coloured's product of
    options), the marked tree built leaf by leaf as the pattern says."""
    s = len(b)
    rows = [mpmath.fsum(row) for row in A]
    residuals = {}
    for n in range(1, up_to + 1):
        for tree in trees(n):
            count = _leaves(tree)
            for pattern in range(2 ** count):
                bits = iter((pattern >> k) & 1 for k in range(count))
                marked, vector = _marked_weights(tree, bits, A, rows, c, s)
                residuals[marked] = mpmath.fsum(b[i] * vector[i] for i in range(s)) - mpmath.mpf(1) / density(tree)
    return residuals


def _leaves(tree: Tree) -> int:
    """The leaves of ``tree`` other than its root."""
    return sum(1 if not child else _leaves(child) for child in tree)


def _marked_weights(tree: Tree, bits, A, rows, c, s) -> tuple:
    """(the marked tree, its stage weights) of ``tree`` with its leaves marked in turn by ``bits`` (1: time)."""
    vector, children = [mpmath.mpf(1)] * s, []
    for child in tree:
        if not child:
            time = next(bits)
            children.append(TIME if time else ())
            factor = c if time else rows
        else:
            marked, inner = _marked_weights(child, bits, A, rows, c, s)
            children.append(marked)
            factor = [mpmath.fsum(A[i][j] * inner[j] for j in range(s)) for i in range(s)]
        vector = [vector[i] * factor[i] for i in range(s)]
    return tuple(sorted(children, key=repr)), vector
