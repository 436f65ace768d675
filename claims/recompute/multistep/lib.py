"""Shared helpers for the independent recomputations (mpmath, 50 digits).  Every multistep formula is written out
by hand here: nothing is imported from verify."""
from mpmath import mp, mpf, findroot
from decimal import Decimal, ROUND_HALF_EVEN, ROUND_HALF_UP, ROUND_DOWN

mp.dps = 50

AB = {2: ([3, -1], 2), 3: ([23, -16, 5], 12), 4: ([55, -59, 37, -9], 24),
      5: ([1901, -2774, 2616, -1274, 251], 720)}          # newest f first
AM = {1: ([1, 1], 2), 2: ([5, 8, -1], 12), 3: ([9, 19, -5, 1], 24),
      4: ([251, 646, -264, 106, -19], 720)}                # f_{n+1} first, then f_n, f_{n-1}, ...


def rk4(f, t, y, h):
    k1 = f(t, y); k2 = f(t + h / 2, y + h * k1 / 2); k3 = f(t + h / 2, y + h * k2 / 2); k4 = f(t + h, y + h * k3)
    return y + h * (k1 + 2 * k2 + 2 * k3 + k4) / 6


def adams_bashforth(f, t0, h, ys, k, n_total):
    """ys: the k starting values y_0..y_{k-1}; returns y_0..y_{n_total}."""
    y = list(ys)
    c, d = AB[k]
    for n in range(k - 1, n_total):
        s = sum(c[j] * f(t0 + (n - j) * h, y[n - j]) for j in range(k))
        y.append(y[n] + h * s / d)
    return y


def adams_moulton(f, t0, h, ys, k, n_total, guess=None):
    """k-step Adams-Moulton (order k+1), implicit equation solved by findroot from the previous value."""
    y = list(ys)
    c, d = AM[k]
    for n in range(k - 1, n_total):
        known = y[n] + h * sum(c[j + 1] * f(t0 + (n - j) * h, y[n - j]) for j in range(k)) / d
        g = lambda u: u - known - h * c[0] * f(t0 + (n + 1) * h, u) / d
        y.append(findroot(g, y[n] if guess is None else guess(y, n)))
    return y


def abm(f, t0, h, ys, k, n_total):
    """PECE: AB-k predicts, AM-(k-1) corrects once.  Returns (y, predictors)."""
    y = list(ys); preds = []
    cb, db = AB[k]; cm, dm = AM[k - 1]
    for n in range(k - 1, n_total):
        p = y[n] + h * sum(cb[j] * f(t0 + (n - j) * h, y[n - j]) for j in range(k)) / db
        c = y[n] + h * (cm[0] * f(t0 + (n + 1) * h, p) + sum(cm[j + 1] * f(t0 + (n - j) * h, y[n - j]) for j in range(k - 1))) / dm
        preds.append(p); y.append(c)
    return y, preds


def fmt(x, digits, mode=ROUND_HALF_EVEN):
    q = Decimal(1).scaleb(-digits)
    return str(Decimal(mp.nstr(x, 60, strip_zeros=False)).quantize(q, rounding=mode))


def prints(x, digits):
    """How the value prints to `digits` decimals under half-even, half-up and truncation."""
    return {m: fmt(x, digits, r) for m, r in (("half-even", ROUND_HALF_EVEN), ("half-up", ROUND_HALF_UP),
                                               ("truncate", ROUND_DOWN))}


def compare(label, values, printed, digits):
    """Print each computed value next to the source's print; report which rules reproduce it."""
    ok_all = True
    for x, p in zip(values, printed):
        pr = prints(x, digits)
        rules = [m for m, s in pr.items() if s == p]
        ok_all &= bool(rules)
        print(f"  {label}: computed {mp.nstr(x, 15)}  printed {p}  -> {', '.join(rules) if rules else 'NOT REPRODUCED'}")
    return ok_all


def algorithm_5_8(f, fy, w0, h, steps, tol, most=None):
    """Burden & Faires' Algorithm 5.8 (the trapezoidal rule with Newton iteration) as printed: k1 = w + h/2 f(t, w),
    Newton from w0 = k1 until |w - w0| < tol (at most ``most`` iterations when given).  (values w_0..w_N, iterations)."""
    w, iterations = [w0], []
    for i in range(steps):
        t = i * h
        k1 = w[-1] + h / 2 * f(t, w[-1]); guess = k1; j = 1
        while True:
            new = guess - (guess - h / 2 * f(t + h, guess) - k1) / (1 - h / 2 * fy(t + h, guess))
            if abs(new - guess) < tol:
                break
            j += 1; guess = new
            assert most is None or j <= most
        iterations.append(j); w.append(new)
    return w, iterations
