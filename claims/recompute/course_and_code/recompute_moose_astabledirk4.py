"""Independent recomputation for the MOOSE AStableDirk4 claims (claims/course_and_code_examples.toml, moose/astabledirk4-*).

Tableau from idaholab/moose framework/src/timeintegrators/AStableDirk4.C (Crouzeix 1975): gamma = 1/2 + sqrt(3)/3 cos(pi/18),
c = (gamma, 1/2, 1 - gamma), A = [[gamma, 0, 0], [1/2 - gamma, gamma, 0], [2 gamma, 1 - 4 gamma, gamma]],
b = (1/(24 (1/2 - gamma)^2), 1 - 1/(12 (1/2 - gamma)^2), 1/(24 (1/2 - gamma)^2)).  The documentation page
(framework/doc/content/source/timeintegrators/AStableDirk4.md) prints b1 as 1/(24 (1/2 - gamma)), without the square.

mpmath at 60 digits, the order conditions written out by hand (Butcher's eight conditions up to order 4), the weights as
printed, |R(iy)| on a grid, the poles of R (1/gamma, triple) and R(-infinity) = 1 - b^T A^-1 1.  Not verify's code.

    python3 claims/recompute/course_and_code/recompute_moose_astabledirk4.py
"""
import mpmath

mpmath.mp.dps = 60
g = mpmath.mpf(1) / 2 + mpmath.sqrt(3) / 3 * mpmath.cos(mpmath.pi / 18)
A = mpmath.matrix([[g, 0, 0], [mpmath.mpf(1) / 2 - g, g, 0], [2 * g, 1 - 4 * g, g]])
d = (mpmath.mpf(1) / 2 - g) ** 2
b = [1 / (24 * d), 1 - 1 / (12 * d), 1 / (24 * d)]
c = [sum(A[i, j] for j in range(3)) for i in range(3)]
print("gamma =", mpmath.nstr(g, 20), " c =", [mpmath.nstr(v, 20) for v in c])
dot = lambda u, v: mpmath.fsum(x * y for x, y in zip(u, v))  # noqa: E731
Ac = [dot([A[i, j] for j in range(3)], c) for i in range(3)]
Ac2 = [dot([A[i, j] for j in range(3)], [x * x for x in c]) for i in range(3)]
AAc = [dot([A[i, j] for j in range(3)], Ac) for i in range(3)]
conditions = {
    "b.1 = 1": dot(b, [1, 1, 1]) - 1,
    "b.c = 1/2": dot(b, c) - mpmath.mpf(1) / 2,
    "b.c^2 = 1/3": dot(b, [x * x for x in c]) - mpmath.mpf(1) / 3,
    "b.Ac = 1/6": dot(b, Ac) - mpmath.mpf(1) / 6,
    "b.c^3 = 1/4": dot(b, [x ** 3 for x in c]) - mpmath.mpf(1) / 4,
    "b.(c*Ac) = 1/8": dot(b, [x * y for x, y in zip(c, Ac)]) - mpmath.mpf(1) / 8,
    "b.Ac^2 = 1/12": dot(b, Ac2) - mpmath.mpf(1) / 12,
    "b.AAc = 1/24": dot(b, AAc) - mpmath.mpf(1) / 24,
    "b.c^4 = 1/5 (order 5)": dot(b, [x ** 4 for x in c]) - mpmath.mpf(1) / 5,
}
for name, residual in conditions.items():
    print(f"  {name:24s} residual {mpmath.nstr(residual, 5)}")
printed = [1 / (24 * (mpmath.mpf(1) / 2 - g)), b[1], b[2]]
print("weights as the documentation prints them sum to", mpmath.nstr(sum(printed), 20), "(order 0: b.1 = 1 fails)")


def R(z):
    e = mpmath.matrix([1, 1, 1])
    k = mpmath.lu_solve(mpmath.eye(3) - z * A, e)
    return 1 + z * dot(b, [k[i] for i in range(3)])


worst = max(abs(R(1j * y)) for y in [mpmath.mpf(k) / 8 for k in range(-400, 401)] + [mpmath.mpf(10) ** k for k in range(1, 8)])
print("max |R(iy)| over the grid and y = 10..10^7:", mpmath.nstr(worst, 20), "(<= 1: A-stable on the axis; poles at 1/gamma > 0)")
Ainv1 = mpmath.lu_solve(A, mpmath.matrix([1, 1, 1]))
print("R(-infinity) = 1 - b^T A^-1 1 =", mpmath.nstr(1 - dot(b, [Ainv1[i] for i in range(3)]), 20), "(not 0: not L-stable)")
