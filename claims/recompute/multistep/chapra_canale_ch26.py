"""Chapra & Canale, Numerical Methods for Engineers (7th ed.), chapter 26 (multistep methods), the running example
y' = 4 e^{0.8x} - 0.5 y, y(0) = 2, h = 1, with the earlier values taken from the analytical solution:
y(-3) = -4.547302, y(-2) = -2.306160, y(-1) = -0.3929953 (as the book prints them).
The book itself is not in the stored corpus; its printed numbers are quoted from two third-party transcriptions:
  * a GitHub Clojure test file (index id 70762025378, namespace allgo.chapra-ode-test) that cites "Example 26.2 ...
    corrector converged 6.360865, 15.30224", "Example 26.5: Milne's method, 6.204855 at 1, then 14.86031, 33.72426,
    75.43295" and "Example 26.6: the fourth-order Adams method, 6.214424 at 1";
  * a FOSSEE Scilab textbook-companion style file (index id 16348831629) with the book's y10 = 5.607005 (predictor),
    y11 = 6.360865, y20 = 13.44346 (predictor), y21 = 15.30224, exact y1 = 6.194631, y2 = 14.84392.
"Converged" means the corrector iterated to convergence, i.e. the implicit formula solved exactly.
Recomputed with mpmath at 50 digits."""
from lib import *
from mpmath import exp

f = lambda t, y: 4 * exp(mpf('0.8') * t) - y / 2
Y = lambda t: mpf(4) / mpf('1.3') * (exp(mpf('0.8') * t) - exp(-t / 2)) + 2 * exp(-t / 2)
print("analytical values:", [mp.nstr(Y(t), 10) for t in (-3, -2, -1, 1, 2)])
ym3, ym2, ym1, y0 = mpf('-4.547302'), mpf('-2.306160'), mpf('-0.3929953'), mpf(2)

print("== non-self-starting Heun (Examples 26.1-26.3): predictor y_{i+1} = y_{i-1} + 2h f_i, corrector trapezoid to convergence")
p1 = ym1 + 2 * f(0, y0)
c1 = findroot(lambda u: u - y0 - (f(0, y0) + f(1, u)) / 2, p1)
p2 = y0 + 2 * f(1, c1)
c2 = findroot(lambda u: u - c1 - (f(1, c1) + f(2, u)) / 2, p2)
compare("predictor x=1, x=2", [p1, p2], ["5.607005", "13.44346"], 6)
print("    (x=2 predictor at 5 decimals:)"); compare("predictor x=2", [p2], ["13.44346"], 5)
compare("converged corrector x=1", [c1], ["6.360865"], 6)
compare("converged corrector x=2", [c2], ["15.30224"], 5)
print("    the predictor value at x=2 from the printed y1 = 6.360865 instead:", mp.nstr(y0 + 2 * f(1, mpf('6.360865')), 12))

print("== Milne's method (Example 26.5), Simpson corrector converged: y_{i+1} = y_{i-1} + h/3 (f_{i-1} + 4 f_i + f_{i+1})")
y = {-1: ym1, 0: y0}
for n in range(0, 4):
    y[n + 1] = findroot(lambda u: u - y[n - 1] - (f(n - 1, y[n - 1]) + 4 * f(n, y[n]) + f(n + 1, u)) / 3, y[n])
compare("Milne converged x=1..4", [y[1]], ["6.204855"], 6)
compare("Milne converged x=2,3,4", [y[2], y[3], y[4]], ["14.86031", "33.72426", "75.43295"], 5)
pm = ym3 + mpf(4) / 3 * (2 * f(0, y0) - f(-1, ym1) + 2 * f(-2, ym2))
print("    Milne predictor at x=1 (not claimed):", mp.nstr(pm, 10))

print("== fourth-order Adams (Example 26.6), AM3 corrector converged")
ya = findroot(lambda u: u - y0 - (9 * f(1, u) + 19 * f(0, y0) - 5 * f(-1, ym1) + f(-2, ym2)) / 24, y0)
compare("Adams converged x=1", [ya], ["6.214424"], 6)
pa = y0 + (55 * f(0, y0) - 59 * f(-1, ym1) + 37 * f(-2, ym2) - 9 * f(-3, ym3)) / 24
print("    AB4 predictor at x=1 (not claimed):", mp.nstr(pa, 10))
