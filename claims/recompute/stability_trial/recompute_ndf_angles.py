"""NDF A(alpha) angles by bisection on rays (numpy roots), independent of verify; KS/QZ/RK42 orders by NodePy."""
import numpy as np
from fractions import Fraction as Fr

def ndf(k, kappa):
    # rho(zeta) = zeta^{k+1} [sum 1/m (1-1/zeta)^m - kappa*g_k (1-1/zeta)^{k+1}], sigma = zeta^{k+1}
    g = sum(Fr(1, j) for j in range(1, k + 1))
    P = np.polynomial.polynomial
    nab = [Fr(-1), Fr(1)]  # (zeta - 1) coefficients low->high, times zeta^{-1}
    rho = [Fr(0)] * (k + 2)
    def polypow(p, m):
        out = [Fr(1)]
        for _ in range(m):
            new = [Fr(0)] * (len(out) + 1)
            for i, a in enumerate(out):
                new[i] += a * p[0]; new[i + 1] += a * p[1]
            out = new
        return out
    for m in range(1, k + 2):
        c = Fr(1, m) if m <= k else -kappa * g
        pm = polypow(nab, m)  # (zeta-1)^m ; times zeta^{k+1-m}
        for i, a in enumerate(pm):
            rho[i + k + 1 - m] += c * a
    sigma = [Fr(0)] * (k + 1) + [Fr(1)]
    return rho, sigma

def stable(rho, sigma, zval):
    p = np.array([float(r) for r in rho], dtype=complex) - zval * np.array([float(s) for s in sigma])
    roots = np.roots(p[::-1])
    return np.max(np.abs(roots)) <= 1 + 1e-12

def alpha_deg(rho, sigma):
    # largest alpha: for each angle phi from the negative axis, the ray z = -r e^{i phi} must be stable for all r
    def ray_ok(phi):
        for r in np.concatenate([np.logspace(-4, 4, 3000)]):
            if not stable(rho, sigma, -r * np.exp(1j * phi)):
                return False
        return True
    lo, hi = 0.0, np.pi / 2
    if ray_ok(hi - 1e-9):
        return 90.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if ray_ok(mid): lo = mid
        else: hi = mid
    return np.degrees(lo)

for k, kap in [(1, Fr(-37, 200)), (2, Fr(-1, 9)), (3, Fr(-823, 10000)), (4, Fr(-83, 2000)), (5, Fr(0))]:
    rho, sigma = ndf(k, kap)
    # normalized error constant with beta_{k+1} = 1: C_{p+1}/sigma(1) where C_q = sum a_j j^q/q! - sum b_j j^{q-1}/(q-1)!
    from math import factorial
    lead = rho[-1]
    a = [r / lead for r in rho]; b = [s / lead for s in sigma]
    def C(q):
        return sum(aj * Fr(j) ** q / factorial(q) for j, aj in enumerate(a)) - (sum(bj * Fr(j) ** (q - 1) / factorial(q - 1) for j, bj in enumerate(b)) if q >= 1 else 0)
    p = next(q for q in range(0, 12) if C(q) != 0) - 1
    print(f"NDF{k}: order {p}, C_p+1 = {C(p+1)}, normalized {C(p+1)/sum(b)} (= -(kappa g + 1/(k+1)) = {-(kap*sum(Fr(1,j) for j in range(1,k+1)) + Fr(1,k+1))}), alpha ~ {alpha_deg(rho, sigma):.4f} deg")
