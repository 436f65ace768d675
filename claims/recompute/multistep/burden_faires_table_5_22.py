"""Burden & Faires, Numerical Analysis, sec. 5.11, Example 2 and Table 5.22 (OCR of the text, GitHub file id
55659148052): the Implicit Trapezoidal method with Newton iteration (Algorithm 5.8, TOL = 1e-6, M = 10) on the
stiff problem y' = 5 e^{5t} (y - t)^2 + 1, y(0) = -1, 0 <= t <= 1 (solution t - e^{-5t}), h = 0.2 and h = 0.25.
Recomputed with mpmath at 50 digits: (i) Algorithm 5.8 exactly as printed, (ii) both real roots of each step's
quadratic, (iii) the root reached by continuation from the explicit value known = w + h/2 f(t, w)."""
from lib import *
from mpmath import exp, sqrt

f = lambda t, y: 5 * exp(5 * t) * (y - t) ** 2 + 1
fy = lambda t, y: 10 * exp(5 * t) * (y - t)
Y = lambda t: t - exp(-5 * t)

printed = {'0.2': ["-0.1414969", "0.2748614", "0.5539828", "0.7830720", "0.9937726"],
           '0.25': ["0.0054557", "0.4267572", "0.7291528", "0.9940199"]}
for hs, N in (('0.2', 5), ('0.25', 4)):
    h = mpf(hs)
    # (i) Algorithm 5.8
    w, its = algorithm_5_8(f, fy, mpf(-1), h, N, mpf('1e-6'), most=10)
    print(f"h = {hs}: Algorithm 5.8 (Newton iterations per step {its})")
    compare("  trapezoid", w[1:], printed[hs], 7)
    # (ii)/(iii) the exact roots of each step's equation u = known + h/2 f(t+h, u), a quadratic in u
    v = [mpf(-1)]
    for i in range(N):
        t = i * h; t1 = t + h
        known = v[-1] + h / 2 * f(t, v[-1])
        a = h / 2 * 5 * exp(5 * t1)            # u = known + a (u - t1)^2 + h/2  ->  a s^2 - s + (known + h/2 - t1) = 0, s = u - t1
        c = known + h / 2 - t1
        disc = 1 - 4 * a * c
        s1 = (1 - sqrt(disc)) / (2 * a); s2 = (1 + sqrt(disc)) / (2 * a)
        near = s1 + t1                          # the root that tends to known as a -> 0 (s1 = c + O(a))
        print(f"  step {i + 1}: roots {mp.nstr(s1 + t1, 15)}, {mp.nstr(s2 + t1, 15)}; branch from known={mp.nstr(known, 8)} "
              f"-> {mp.nstr(near, 15)}; Alg 5.8 gave {mp.nstr(w[i + 1], 15)}")
        v.append(near)
    compare("  exact trapezoid (branch root)", v[1:], printed[hs], 7)
    print("  |y(t_i) - w_i|:", [mp.nstr(abs(Y((i + 1) * h) - v[i + 1]), 5) for i in range(N)])

print("== error column |y(t_i) - w_i| at more digits (the exact trapezoid values)")
for hs, N, pr in (('0.2', 5, ["2.6383e-2", "1.0197e-2", "3.7700e-3", "1.3876e-3", "5.1050e-4"]),
                  ('0.25', 4, ["4.1961e-2", "8.8422e-3", "2.6706e-3", "7.5790e-4"])):
    h = mpf(hs); v = [mpf(-1)]
    for i in range(N):
        t = i * h; t1 = t + h
        known = v[-1] + h / 2 * f(t, v[-1]); a = h / 2 * 5 * exp(5 * t1); c = known + h / 2 - t1
        v.append((1 - sqrt(1 - 4 * a * c)) / (2 * a) + t1)
    for i in range(N):
        e = abs(Y((i + 1) * h) - v[i + 1])
        print(f"  h={hs} t={mp.nstr((i + 1) * h, 3)}: |y - w| = {mp.nstr(e, 12)}   printed {pr[i]}")
