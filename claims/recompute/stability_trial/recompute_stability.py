"""Independent recomputation of the stability and order claims of a new user's trial (claims/rungekutta_jl_tableaus.toml, claims/rust_radau5_decimal_sqrt6.toml, claims/ndf_and_adams_tables.toml, claims/hairer_wanner_pade.toml).

Own rooted-tree code (Butcher's elementary weights), sympy for exact R(z) and roots,
mpmath for decimals; NodePy (installed, not written here) as a second opinion where noted.
Run: python3 claims/recompute/stability_trial/recompute_stability.py
"""
import itertools
from fractions import Fraction as F

import mpmath
import sympy as sp

z, x, y = sp.symbols("z x y")
mpmath.mp.dps = 40


# ---------------------------------------------------------------- rooted trees
def trees(n):
    """Rooted trees with n nodes as sorted tuples of children (canonical)."""
    if n == 1:
        return [()]
    out = set()
    # partitions of n-1 into child subtrees
    def parts(m, maxsize):
        if m == 0:
            yield []
            return
        for s in range(min(m, maxsize), 0, -1):
            for rest in parts(m - s, s):
                yield [s] + rest
    for p in parts(n - 1, n - 1):
        for combo in itertools.product(*[trees(s) for s in p]):
            out.add(tuple(sorted(combo)))
    return sorted(out)


def order_of(t):
    return 1 + sum(order_of(c) for c in t)


def gamma(t):
    g = order_of(t)
    for c in t:
        g *= gamma(c)
    return g


def sigma(t):
    from collections import Counter
    s = 1
    for c, k in Counter(t).items():
        s *= sp.factorial(k) * sigma(c) ** k
    return s


def stage_weights(t, A):
    """Vector g with g_i = prod over children of (A g_child)_i; Phi(t) = b . g."""
    s = A.shape[0]
    g = sp.Matrix([1] * s)
    for c in t:
        gc = A * stage_weights(c, A)
        g = sp.Matrix([g[i] * gc[i] for i in range(s)])
    return g


def rk_order(A, b, pmax=8):
    A, b = sp.Matrix(A), sp.Matrix(b)
    for p in range(1, pmax + 1):
        for t in trees(p):
            phi = sp.simplify((b.T * stage_weights(t, A))[0])
            if sp.simplify(phi - sp.Rational(1, gamma(t))) != 0:
                return p - 1, t, sp.simplify(phi - sp.Rational(1, gamma(t)))
    return pmax, None, None


def principal_error_norm(A, b, p):
    A, b = sp.Matrix(A), sp.Matrix(b)
    es = []
    for t in trees(p + 1):
        phi = (b.T * stage_weights(t, A))[0]
        es.append(sp.simplify((phi - sp.Rational(1, gamma(t))) / sigma(t)))
    return sp.sqrt(sp.simplify(sum(e ** 2 for e in es)))


def R_of(A, b):
    A, b = sp.Matrix(A), sp.Matrix(b)
    s = A.shape[0]
    return sp.cancel(1 + z * (b.T * (sp.eye(s) - z * A).inv() * sp.ones(s, 1))[0])


def show(title, value):
    print(f"{title}: {value}")


R = sp.Rational
print("== RungeKutta.jl erk.jl RK42 (as printed: a43 = 1, c4 = 1) and Butcher p.102 (a43 = 2)")
A42 = [[0, 0, 0, 0], [R(1, 4), 0, 0, 0], [0, R(1, 2), 0, 0], [1, -2, 1, 0]]
b42 = [R(1, 6), 0, R(2, 3), R(1, 6)]
show("row sums", [sum(r) for r in A42])
show("order (c = A 1)", rk_order(A42, b42)[:2])
show("R(z)", sp.expand(R_of(A42, b42)))
A42b = [[0, 0, 0, 0], [R(1, 4), 0, 0, 0], [0, R(1, 2), 0, 0], [1, -2, 2, 0]]
show("corrected order", rk_order(A42b, b42)[:2])
show("corrected principal error norm", principal_error_norm(A42b, b42, 4))

print("== RK438 (3/8 rule)")
A38 = [[0, 0, 0, 0], [R(1, 3), 0, 0, 0], [R(-1, 3), 1, 0, 0], [1, -1, 1, 0]]
b38 = [R(1, 8), R(3, 8), R(3, 8), R(1, 8)]
show("order", rk_order(A38, b38)[:2])
pen = principal_error_norm(A38, b38, 4)
show("principal error norm", (pen, sp.N(pen, 20)))
show("R(z)", sp.expand(R_of(A38, b38)))
A4 = [[0, 0, 0, 0], [R(1, 2), 0, 0, 0], [0, R(1, 2), 0, 0], [0, 0, 1, 0]]
b4 = [R(1, 6), R(1, 3), R(1, 3), R(1, 6)]
show("classical RK4 principal error norm", sp.N(principal_error_norm(A4, b4, 4), 20))

print("== Ralston3, Heun3")
Ar3 = [[0, 0, 0], [R(1, 2), 0, 0], [0, R(3, 4), 0]]
br3 = [R(2, 9), R(1, 3), R(4, 9)]
show("Ralston3 order", rk_order(Ar3, br3)[:2])
show("Ralston3 principal error norm", sp.N(principal_error_norm(Ar3, br3, 3), 20))
show("Ralston3 R(z)", sp.expand(R_of(Ar3, br3)))
re = sp.real_roots(sp.Poly(z**3 / 6 + z**2 / 2 + z + 2, z))
show("3-stage order-3 real stability end (R = -1)", [sp.N(r, 20) for r in re])

print("== SSPRK3 (Shu-Osher) discs |z + r| <= r inside |R| <= 1")
Ass = [[0, 0, 0], [1, 0, 0], [R(1, 4), R(1, 4), 0]]
bss = [R(1, 6), R(1, 6), R(2, 3)]
Rss = sp.expand(R_of(Ass, bss))
show("SSPRK3 R(z)", Rss)
Rxy = sp.expand(Rss.subs(z, x + sp.I * y))
mod2 = sp.expand(sp.re(Rxy) ** 2 + sp.im(Rxy) ** 2)


def disc_ok(r, n=20000):
    # sample the boundary circle |z + r| = r (max of |R| on the disc is on its boundary)
    worst = -1
    for k in range(n + 1):
        th = mpmath.pi * k / n
        zz = -r + r * mpmath.e ** (1j * th)
        v = abs(1 + zz + zz**2 / 2 + zz**3 / 6)
        worst = max(worst, v)
    return worst


for r in [1, F(5, 4), F(5, 4) + F(1, 100), F(13, 10)]:
    show(f"  max |R| on |z + {r}| = {r}", disc_ok(mpmath.mpf(r.numerator) / r.denominator if isinstance(r, F) else r))
# largest r: bisection on the boundary max
lo, hi = mpmath.mpf(1), mpmath.mpf(2)
for _ in range(40):
    mid = (lo + hi) / 2
    if disc_ok(mid, 4000) <= 1 + mpmath.mpf(10) ** -30:
        lo = mid
    else:
        hi = mid
show("  largest r (sampled bisection)", lo)

print("== Heun / SSPRK2: disc |z + 1| <= 1 ; RK4 disc")
for r in [1, F(11, 10)]:
    rr = mpmath.mpf(r.numerator) / r.denominator if isinstance(r, F) else mpmath.mpf(r)
    worst = max(abs(1 + zz + zz**2 / 2) for zz in (-rr + rr * mpmath.e ** (1j * mpmath.pi * k / 4000) for k in range(4001)))
    show(f"  Heun max |R| on circle r = {r}", worst)

print("== Qin-Zhang DIRK, Kraaijevanger-Spijker DIRK")
Aqz = [[R(1, 4), 0], [R(1, 2), R(1, 4)]]
bqz = [R(1, 2), R(1, 2)]
show("QZ order", rk_order(Aqz, bqz)[:2])
Rqz = sp.factor(R_of(Aqz, bqz))
show("QZ R(z)", Rqz)
show("QZ R == ((1+z/4)/(1-z/4))^2", sp.simplify(Rqz - ((1 + z / 4) / (1 - z / 4)) ** 2) == 0)
show("QZ R(-oo)", sp.limit(Rqz, z, -sp.oo))
Aks = [[R(1, 2), 0], [R(-1, 2), 2]]
bks = [R(-1, 2), R(3, 2)]
show("KS order", rk_order(Aks, bks)[:2])
Rks = sp.factor(R_of(Aks, bks))
show("KS R(z)", Rks)
P, Q = sp.fraction(sp.cancel(Rks))
Ey = sp.expand(sp.Abs(Q.subs(z, sp.I * y)) ** 2 - sp.Abs(P.subs(z, sp.I * y)) ** 2)
Ey = sp.expand(sp.re(sp.expand(Q.subs(z, sp.I * y))) ** 2 + sp.im(sp.expand(Q.subs(z, sp.I * y))) ** 2
               - sp.re(sp.expand(P.subs(z, sp.I * y))) ** 2 - sp.im(sp.expand(P.subs(z, sp.I * y))) ** 2)
show("KS poles", sp.solve(Q, z))
show("KS E(y) = |Q(iy)|^2 - |P(iy)|^2", sp.factor(Ey))
show("KS R(-oo)", sp.limit(Rks, z, -sp.oo))

print("== differential-equations 0.2.0 radau5.rs with SQRT6 = 2.449489743")
s6 = R(2449489743, 10**9)
Arad = [[(88 - 7 * s6) / 360, (296 - 169 * s6) / 1800, (-2 + 3 * s6) / 225],
        [(296 + 169 * s6) / 1800, (88 + 7 * s6) / 360, (-2 - 3 * s6) / 225],
        [(16 - s6) / 36, (16 + s6) / 36, R(1, 9)]]
brad = [(16 - s6) / 36, (16 + s6) / 36, R(1, 9)]
bhat = [brad[0] - R(1, 100), brad[1] - R(1, 100), brad[2] + R(2, 100)]
show("row sums == c", [sp.simplify(sum(r)) for r in Arad] == [(4 - s6) / 10, (4 + s6) / 10, 1])
o = rk_order(Arad, brad)
show("decimal-sqrt6 order", (o[0], o[1], sp.N(o[2], 5)))
oh = rk_order(Arad, bhat)
show("decimal-sqrt6 bhat order", (oh[0], oh[1], sp.N(oh[2], 5)))
s6e = sp.sqrt(6)
Arade = [[(88 - 7 * s6e) / 360, (296 - 169 * s6e) / 1800, (-2 + 3 * s6e) / 225],
         [(296 + 169 * s6e) / 1800, (88 + 7 * s6e) / 360, (-2 - 3 * s6e) / 225],
         [(16 - s6e) / 36, (16 + s6e) / 36, R(1, 9)]]
brade = [(16 - s6e) / 36, (16 + s6e) / 36, R(1, 9)]
bhate = [brade[0] - R(1, 100), brade[1] - R(1, 100), brade[2] + R(2, 100)]
show("exact-sqrt6 bhat order", rk_order(Arade, bhate)[:2])

print("== Lobatto IIIC 3-stage (Hairer-Wanner II Table IV.5.9?)")
Al3 = [[R(1, 6), R(-1, 3), R(1, 6)], [R(1, 6), R(5, 12), R(-1, 12)], [R(1, 6), R(2, 3), R(1, 6)]]
bl3 = [R(1, 6), R(2, 3), R(1, 6)]
show("order", rk_order(Al3, bl3)[:2])
show("R(z)", sp.factor(R_of(Al3, bl3)))

print("== Gauss-Legendre 3 stages: R = Pade(3,3)")
P33 = 1 + z / 2 + z**2 / 10 + z**3 / 120
show("Pade(3,3) - exp(z) series order", sp.series(P33 / P33.subs(z, -z) - sp.exp(z), z, 0, 8))

print("== Adams intervals (Lambert): ends where a root is -1")
def lmm_end(alpha, beta):
    zeta = sp.Symbol("zeta")
    rho = sum(a * zeta**j for j, a in enumerate(alpha))
    sig = sum(bb * zeta**j for j, bb in enumerate(beta))
    return sp.nsimplify(rho.subs(zeta, -1) / sig.subs(zeta, -1))
show("AM2 (k=2) end", lmm_end([0, -1, 1], [R(-1, 12), R(8, 12), R(5, 12)]))
show("AM3 (k=3) end", lmm_end([0, 0, -1, 1], [R(1, 24), R(-5, 24), R(19, 24), R(9, 24)]))
show("AB4 end", lmm_end([0, 0, 0, -1, 1], [R(-9, 24), R(37, 24), R(-59, 24), R(55, 24), 0]))

print("== NDF (Klopfenstein-Shampine) as lmm: sum_{m=1}^k (1/m) nabla^m y_{n+1} - kappa*gamma_k nabla^{k+1} y_{n+1} = h f_{n+1}")
def ndf(k, kappa):
    E = sp.Symbol("E")  # shift: y_{n+1} -> zeta^k+... ; nabla = 1 - 1/zeta in zeta powers
    zeta = sp.Symbol("zeta")
    nab = 1 - 1 / zeta
    gk = sum(R(1, j) for j in range(1, k + 1))
    rho = sum(R(1, m) * nab**m for m in range(1, k + 1)) - kappa * gk * nab ** (k + 1)
    rho = sp.expand(rho * zeta ** (k + 1))
    sig = zeta ** (k + 1)
    alpha = [rho.coeff(zeta, j) for j in range(k + 2)]
    beta = [0] * (k + 1) + [1]
    return alpha, beta
for k, kap in [(1, R(-37, 200)), (2, R(-1, 9)), (3, R(-823, 10000)), (4, R(-83, 2000)), (5, 0)]:
    al, be = ndf(k, kap)
    print(f"  NDF{k} kappa={kap}: alpha={al} beta={be}")

print("== decimal-sqrt6 Radau: A-stability via E(y) and poles")
Rd = sp.cancel(R_of(Arad, brad))
P, Q = sp.fraction(Rd)
y = sp.Symbol("yr", real=True)
Qi, Pi = sp.expand(Q.subs(z, sp.I * y)), sp.expand(P.subs(z, sp.I * y))
Ed = sp.expand(sp.re(Qi) ** 2 + sp.im(Qi) ** 2 - sp.re(Pi) ** 2 - sp.im(Pi) ** 2)
Ed = sp.Poly(Ed, y)
show("E(y) coefficients", Ed.all_coeffs())
a6, a4, a2 = Ed.coeff_monomial(y**6), Ed.coeff_monomial(y**4), Ed.coeff_monomial(y**2)
show("E/y^2 quadratic in y^2 discriminant < 0", a4**2 - 4 * a6 * a2 < 0)
show("poles (numeric)", [sp.N(r, 12) for r in sp.Poly(Q, z).all_roots()])
show("deg P < deg Q", sp.degree(P, z) < sp.degree(Q, z))
