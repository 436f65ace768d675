"""Independent recomputation of claims/review_2026_12_07_tables.toml, written before verify was run on its claims
(by the adversarial review of 2026-12-07): fractions.Fraction for the rational runs, mpmath at 60 digits where exp
appears.  Run: python3 claims/recompute/review_2026_12_07_tables.py"""
from fractions import Fraction as F

import mpmath as mp

mp.mp.dps = 60


def rounded(x: F, places: int) -> str:
    """x to ``places`` decimals, round-half-even (no tie occurs below)."""
    scaled = x * 10**places
    q, r = divmod(scaled.numerator, scaled.denominator)
    if 2 * r > scaled.denominator or (2 * r == scaled.denominator and q % 2):
        q += 1
    sign = "-" if q < 0 else ""
    digits = str(abs(q)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def rk_step(f, A, b, c, t, y, h):
    k = []
    for i in range(len(b)):
        stage = y + h * sum((A[i][j] * k[j] for j in range(i)), F(0))
        k.append(f(t + c[i] * h, stage))
    return y + h * sum((b[i] * k[i] for i in range(len(b))), F(0)), k


print("gomez-metodos-numericos.webnode.es, Ralston (k2 at 3/4 h): y' = y t^2 - 1.1 y, y(0) = 1")
f = lambda t, y: y * t * t - F(11, 10) * y  # noqa: E731
A, b, c = [[0, 0], [F(3, 4), 0]], [F(1, 3), F(2, 3)], [0, F(3, 4)]
for h, n in ((F(1, 4), 4), (F(1, 20), 6)):
    t, y = F(0), F(1)
    for _ in range(n):
        y, k = rk_step(f, A, b, c, t, y, h)
        t += h
        print(f"  h = {h}, t = {t}: y = {rounded(y, 8)}, k1 = {rounded(k[0], 7)}, k2 = {rounded(k[1], 7)}")

print("NTNU TMA4135 exercise 8, problem 1b: Ralston's third-order method on y' = t e^(-y), y(0) = 0, h = 0.48")
h = mp.mpf("0.48")
g = lambda t, y: t * mp.exp(-y)  # noqa: E731
k1 = g(0, 0)
k2 = g(h / 2, h * k1 / 2)
k3 = g(3 * h / 4, 3 * h * k2 / 4)
print(f"  k2 = {mp.nstr(k2, 20)}, k3 = {mp.nstr(k3, 20)}, y1 = {mp.nstr(h * (2 * k1 / 9 + k2 / 3 + 4 * k3 / 9), 20)}")

print("quesba.com: AB4 on y' = y - t^2 from y(0) = 1 and the given y(0.2), y(0.4), y(0.6), through t = 1.2")
h, ys = F(1, 5), [F(1), F("1.2186"), F("1.4682"), F("1.7379")]
rate = lambda n: ys[n] - (n * h) ** 2  # noqa: E731
for n in range(3, 6):
    ys.append(ys[n] + h / 24 * (55 * rate(n) - 59 * rate(n - 1) + 37 * rate(n - 2) - 9 * rate(n - 3)))
for n, y in enumerate(ys):
    print(f"  t = {n * h}: y = {y} = {rounded(y, 7)}")

print("codingace.net Implicit ODE Solver: backward Euler on y' = -2y, y(0) = 1, h = 0.1 (y_{n+1} = y_n/(1 + 2h))")
y = F(1)
for n in range(1, 5):
    y = y / (1 + 2 * F(1, 10))
    print(f"  t = {F(n, 10)}: y = {y} = {rounded(y, 6)}")  # 5/6, 25/36, 125/216 = 0.578703703..., 625/1296
