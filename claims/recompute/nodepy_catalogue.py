"""Independent recomputation of the NodePy catalogue values in claims/nodepy_catalogue.toml (fractions, numpy/mpmath)."""
from fractions import Fraction as F
from math import comb, factorial
import numpy as np, mpmath as mp

def order_and_C(alpha, beta):
    """alpha, beta oldest first; Lambert's C_q, normalized by alpha_k = 1."""
    k = len(alpha) - 1; a = [F(x)/F(alpha[-1]) for x in alpha]; b = [F(x)/F(alpha[-1]) for x in beta]
    C = []
    for q in range(0, 2*k + 3):
        if q == 0: c = sum(a)
        else: c = sum(F(j)**q*a[j] for j in range(k+1))/factorial(q) - sum(F(j)**(q-1)*b[j] for j in range(k+1))/factorial(q-1)
        C.append(c)
    p = next(q for q in range(len(C)) if C[q] != 0) - 1
    return p, C[p+1]

def roots_ok(alpha):
    r = np.roots([float(x) for x in alpha[::-1]])
    return sorted(abs(r))

# AB3 from the definition: integrate the Lagrange polynomial through f_{n-2}, f_{n-1}, f_n over [n, n+1]
import sympy as sp
s = sp.symbols('s')
def adams_beta(nodes, lo, hi):
    out = []
    for j in nodes:
        L = 1
        for m in nodes:
            if m != j: L *= (s - m)/sp.Integer(j - m)
        out.append(sp.integrate(L, (s, lo, hi)))
    return out
print("AB3 beta (f_{n-2}, f_{n-1}, f_n):", adams_beta([-2, -1, 0], 0, 1))
print("AB3 order, C:", order_and_C([0, 0, -1, 1], [F(5,12), F(-4,3), F(23,12), 0]))
am3 = adams_beta([-2, -1, 0, 1], 0, 1); print("AM3 beta:", am3)
print("AM3 order, C:", order_and_C([0, 0, -1, 1], [F(str(x)) for x in am3]))
# eBDF5 (NodePy loadLMM)
al = [F(x, 137) for x in (-12, 75, -200, 300, -300, 137)]; be = [F(x, 137) for x in (60, -300, 600, -600, 300, 0)]
print("eBDF5 order, C:", order_and_C(al, be), "|rho roots|:", roots_ok(al))
# Nystrom(6): y_{n+1} = y_{n-1} + h * int_{-1}^{1} of the interpolant through f_{n-5..n}
nb = adams_beta([-5, -4, -3, -2, -1, 0], -1, 1); print("Nystrom6 beta:", nb)
aN = [0, 0, 0, 0, -1, 0, 1]; bN = [F(str(x)) for x in nb] + [0]
print("Nystrom6 order, C:", order_and_C(aN, bN), "|rho roots|", roots_ok(aN))
# elm_ssp2(k): alpha_0 = -1/(k-1)^2, alpha_{k-1} = -((k-1)^2 - 1)/(k-1)^2, beta_{k-1} = k/(k-1)
for k in (3, 10):
    a = [F(0)]*(k+1); b = [F(0)]*(k+1); a[-1] = F(1); a[0] = F(-1, (k-1)**2); a[k-1] = F(-(k-1)**2 + 1, (k-1)**2); b[k-1] = F(k, k-1)
    print(f"elm_ssp2({k})", [str(x) for x in a], [str(x) for x in b], order_and_C(a, b), "|rho roots|max", max(roots_ok(a)))
# Sand's circle-contractive method, s = 4: k = 17, Jn = [17, 16, 14, 12, 8, 0]
sS = 4; k = 2**sS + 1; Jn = [k, k-1] + [k-1-2**i for i in range(1, sS+1)]
a = [F(0)]*(k+1); b = [F(0)]*(k+1)
for j in Jn:
    tau = [F(1, j - i) for i in Jn if i != j]
    prod = F(1)
    for t_ in tau: prod *= t_
    b[j] = prod**2; a[j] = 2*b[j]*sum(tau)
print("Jn", Jn); print("sand alpha", [str(x) for x in a]); print("sand beta", [str(x) for x in b])
print("sand_cc(4) order, C:", order_and_C(a, b), "sum alpha", sum(a), "|rho roots| max", max(roots_ok(a)))
# BDF5 A(alpha) angle from the boundary locus (numerically), BDF3, BDF4
def bdf(k):
    # sum_{j=1}^k (1/j) nabla^j y_{n+1} = h f_{n+1}; coefficients oldest first
    a = [F(0)]*(k+1)
    for j in range(1, k+1):
        for i in range(j+1):
            a[k-i] += F((-1)**i*comb(j, i), j)
    return a, [0]*k + [1]
mp.mp.dps = 30
for k in (3, 4, 5):
    a, b = bdf(k)
    def z(th):
        w = mp.expj(th); return sum(mp.mpf(a[j].numerator)/a[j].denominator*w**j for j in range(k+1))/w**k
    best = 90
    for i in range(1, 200001):
        th = mp.pi*i/200000; zz = z(th)
        if mp.re(zz) < 0:
            ang = mp.degrees(mp.atan(abs(mp.im(zz))/abs(mp.re(zz))))
            best = min(best, ang)
    print(f"BDF{k} alpha ~ {mp.nstr(best, 8)} deg (grid of 200000)")
# RK4 imaginary interval: |R(iy)|^2 - 1 = y^6 (y^2 - 8)/576
y = sp.symbols('y', real=True)
R = 1 + sp.I*y + (sp.I*y)**2/2 + (sp.I*y)**3/6 + (sp.I*y)**4/24
print("RK4 |R(iy)|^2 - 1 =", sp.factor(sp.expand(R*sp.conjugate(R)) - 1), " 2 sqrt 2 =", mp.nstr(2*mp.sqrt(2), 20))
R3 = 1 + sp.I*y + (sp.I*y)**2/2 + (sp.I*y)**3/6
print("RK3 |R(iy)|^2 - 1 =", sp.factor(sp.expand(R3*sp.conjugate(R3)) - 1))
