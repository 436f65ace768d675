"""Schaum's Tables 19-9 and 19-10 (Milne's method: predictor eq. 19.7, Simpson's corrector eq. 19.8 applied once, f of
each corrected value used in the next step) recomputed as chained runs with fractions.Fraction, independently of verify.
Table 19-10 (y' = y) from exact RK4 starting values; Table 19-9 (y' = y^2 + 1) from the printed starting values.
Run: python3 claims/recompute/new_user_trial_2/recompute_milne_pece.py"""
from fractions import Fraction as F

H = F(1, 10)


def rk4(f, y):
    k1 = f(y); k2 = f(y + H / 2 * k1); k3 = f(y + H / 2 * k2); k4 = f(y + H * k3)
    return y + H / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def milne(f, ys, steps):
    predictors = []
    for n in range(3, steps):
        fs = [f(v) for v in ys]
        p = ys[n - 3] + F(4, 3) * H * (2 * fs[n] - fs[n - 1] + 2 * fs[n - 2])
        predictors.append(p)
        ys.append(ys[n - 1] + H / 3 * (fs[n - 1] + 4 * fs[n] + f(p)))
    return ys, predictors


def show(values):
    return ", ".join(f"{v.numerator * 10**10 // v.denominator / 10**10:.10f}" for v in values)


exp_ys = [F(1)]
for _ in range(3):
    exp_ys.append(rk4(lambda y: y, exp_ys[-1]))
ys, ps = milne(lambda y: y, exp_ys, 10)
print("Table 19-10 y:", show(ys[1:]))
print("Table 19-10 py:", show(ps))
tan_ys, tan_ps = milne(lambda y: y * y + 1, [F(0), F("0.1003346"), F("0.2027099"), F("0.3093360")], 10)
print("Table 19-9 y:", show(tan_ys[1:]))
print("Table 19-9 py:", show(tan_ps))
