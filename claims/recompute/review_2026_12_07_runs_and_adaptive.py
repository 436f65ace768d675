"""Independent recomputation of claims/review_2026_12_07_runs_and_adaptive.toml (no import of verify).

The worked examples were transcribed and first recomputed by two adversarial reviews of 2026-12-07 (run tables;
adaptive steps); their recomputation code is adapted here: fractions.Fraction for every rational run, mpmath at 60
digits where exp, sin or cos appear and for Burden & Faires' Algorithm 5.3 (delta = 0.84 (TOL/R)^(1/4) is
irrational).  Tableaus typed again from the papers: Kutta's third-order method, Heun, RK4, Fehlberg 4(5) as printed
in Burden & Faires sec. 5.5, Dormand & Prince (1980) Table 2, Bogacki & Shampine (1989) as in Moler, NCM sec. 7.5.

The script reads the claim file, recomputes the compared quantities of every claim, prints them, decides each claim
under the file's reading of `digits` and `rounding` (exact comparison without `digits`; with it, one common rule for
all values of a claim, round-half-even or round-half-up before truncation, unless `rounding` names one, or "any")
and exits non-zero when a claim's recorded expectation (`expected`, default "verified") disagrees.

Run: python3 claims/recompute/review_2026_12_07_runs_and_adaptive.py
"""
import sys
import tomllib
from fractions import Fraction as F
from pathlib import Path

import mpmath as mp

mp.mp.dps = 60
CLAIM_FILE = Path(__file__).resolve().parents[1] / "review_2026_12_07_runs_and_adaptive.toml"


# ---------------------------------------------------------------------------------------------- printing rules
def printed(x, d: int, rule: str) -> F:
    """x printed to d decimals under rule ('half-even', 'half-up' (ties away from 0), 'truncate'), as a Fraction."""
    if isinstance(x, (int, F)):
        s = F(x) * 10**d
        neg, a = s < 0, abs(s)
        q, r = divmod(a.numerator, a.denominator)
        half = F(r, a.denominator) - F(1, 2)
    else:
        s = mp.mpf(x) * 10**d
        neg, a = s < 0, abs(s)
        q = int(mp.floor(a))
        frac = a - q
        # a value this close to a print boundary could not be decided at 60 digits; an exact 0 is a landing on
        # t_end (the last step of Algorithm 5.3 is h = b - t, so t = b there)
        assert frac == 0 or min(frac, 1 - frac, abs(frac - mp.mpf(1) / 2)) > mp.mpf(10) ** -40, ("undecidable", x, d)
        half = 1 if frac > mp.mpf(1) / 2 else -1
    if rule == "half-up" and half >= 0:
        q += 1
    elif rule == "half-even" and (half > 0 or (half == 0 and q % 2)):
        q += 1
    return F(-q if neg else q, 10**d)


def decimal(x: F, d: int) -> str:
    """A printed value (a multiple of 10^-d) as its decimal string."""
    q = x * 10**d
    assert q.denominator == 1
    digits = str(abs(q.numerator)).rjust(d + 1, "0")
    return ("-" if q < 0 else "") + (f"{digits[:-d]}.{digits[-d:]}" if d else digits)


def show(x, d=12) -> str:
    if isinstance(x, (int, F)):
        x = F(x)
        if x.denominator == 1:
            return str(x.numerator)
        text = mp.nstr(mp.mpf(x.numerator) / x.denominator, d)
        return f"{x} = {text}" if len(str(x)) < 40 else f"~{text}"
    return mp.nstr(x, d)


RULES = ("half-even", "half-up", "truncate")


def decide(claim: dict, computed: dict) -> tuple[str, str]:
    """The verdict the claim should get, and why."""
    pairs = []
    for key, value in claim.get("expect", {}).items():
        pairs.append((key, computed[key], value))
    for table in ("trace", "expect_at_nodes"):
        for key, values in claim.get(table, {}).items():
            got = computed[key]
            if len(got) != len(values):
                return "refuted", f"{key}: {len(values)} values claimed, {len(got)} computed"
            pairs += [(f"{key}[{i}]", g, v) for i, (g, v) in enumerate(zip(got, values))]
    d, rule = claim.get("digits"), claim.get("rounding")
    if d is None:
        bad = [key for key, got, claimed in pairs if F(got) != F(claimed)]
        return ("refuted", f"differs exactly: {', '.join(bad)}") if bad else ("verified", "equal exactly")
    if rule == "any":
        bad = [key for key, got, claimed in pairs if all(printed(got, d, r) != F(claimed) for r in RULES)]
        # (each value may follow its own rule)
        return ("refuted", f"no rule prints {', '.join(bad)}") if bad else ("verified", "each value printed by some rule")
    for r in ([rule] if rule else RULES):
        if all(printed(got, d, r) == F(claimed) for _, got, claimed in pairs):
            return "verified", f"every value printed by {r}"
    r = rule or "half-even"
    bad = [f"{key} (prints {decimal(printed(got, d, r), d)} under {r})" for key, got, claimed in pairs if printed(got, d, r) != F(claimed)]
    return "refuted", ("no rule prints every value; " if not rule else "") + ", ".join(bad[:3])


# ---------------------------------------------------------------------------------------------- one-step methods
def rk_run(f, A, b, c, t, y, h, n):
    """n explicit RK steps on a system (y a list); returns per step (t, y, stage slopes k)."""
    out = []
    for _ in range(n):
        ks = []
        for i in range(len(b)):
            yi = [y[j] + h * sum((A[i][l] * ks[l][j] for l in range(i)), F(0)) for j in range(len(y))]
            ks.append(f(t + c[i] * h, yi))
        y = [y[j] + h * sum((b[i] * ks[i][j] for i in range(len(b))), F(0)) for j in range(len(y))]
        t = t + h
        out.append((t, y, ks))
    return out


KUTTA3 = ([[0, 0, 0], [F(1, 2), 0, 0], [-1, 2, 0]], [F(1, 6), F(2, 3), F(1, 6)], [0, F(1, 2), 1])
RK4 = ([[0, 0, 0, 0], [F(1, 2), 0, 0, 0], [0, F(1, 2), 0, 0], [0, 0, 1, 0]], [F(1, 6), F(1, 3), F(1, 3), F(1, 6)],
       [0, F(1, 2), F(1, 2), 1])
HEUN = ([[0, 0], [1, 0]], [F(1, 2), F(1, 2)], [0, 1])
EULER = ([[0]], [1], [0])

# embedded pairs: b propagated, bh embedded (Burden & Faires keep Fehlberg's 4th order; Dormand-Prince its 5th)
FEHLBERG = dict(
    c=[0, F(1, 4), F(3, 8), F(12, 13), 1, F(1, 2)],
    A=[[], [F(1, 4)], [F(3, 32), F(9, 32)], [F(1932, 2197), F(-7200, 2197), F(7296, 2197)],
       [F(439, 216), -8, F(3680, 513), F(-845, 4104)], [F(-8, 27), 2, F(-3544, 2565), F(1859, 4104), F(-11, 40)]],
    b=[F(25, 216), 0, F(1408, 2565), F(2197, 4104), F(-1, 5), 0],
    bh=[F(16, 135), 0, F(6656, 12825), F(28561, 56430), F(-9, 50), F(2, 55)])
DOPRI = dict(
    c=[0, F(1, 5), F(3, 10), F(4, 5), F(8, 9), 1, 1],
    A=[[], [F(1, 5)], [F(3, 40), F(9, 40)], [F(44, 45), F(-56, 15), F(32, 9)],
       [F(19372, 6561), F(-25360, 2187), F(64448, 6561), F(-212, 729)],
       [F(9017, 3168), F(-355, 33), F(46732, 5247), F(49, 176), F(-5103, 18656)],
       [F(35, 384), 0, F(500, 1113), F(125, 192), F(-2187, 6784), F(11, 84)]],
    b=[F(35, 384), 0, F(500, 1113), F(125, 192), F(-2187, 6784), F(11, 84), 0],
    bh=[F(5179, 57600), 0, F(7571, 16695), F(393, 640), F(-92097, 339200), F(187, 2100), F(1, 40)])
BS23 = dict(c=[0, F(1, 2), F(3, 4), 1], A=[[], [F(1, 2)], [0, F(3, 4)], [F(2, 9), F(1, 3), F(4, 9)]],
            b=[F(2, 9), F(1, 3), F(4, 9), 0], bh=[F(7, 24), F(1, 4), F(1, 3), F(1, 8)])
for _tab in (FEHLBERG, DOPRI, BS23):
    assert sum(_tab["b"]) == 1 and sum(_tab["bh"]) == 1
    assert all(sum(row) == _tab["c"][i] for i, row in enumerate(_tab["A"]))


def pair_step(tab, f, t, y, h):
    k = []
    for i, ci in enumerate(tab["c"]):
        k.append(f(t + ci * h, y + h * sum((a * kj for a, kj in zip(tab["A"][i], k)), F(0))))
    yn = y + h * sum((bi * ki for bi, ki in zip(tab["b"], k)), F(0))
    yh = y + h * sum((bi * ki for bi, ki in zip(tab["bh"], k)), F(0))
    return yn, yh, k


# ---------------------------------------------------------------------------------------------- Burden & Faires Algorithm 5.3
def bf_rkf(f, a, b, alpha, TOL, hmax, hmin):
    """Algorithm 5.3 (9th ed.), in mpmath: rows (i, attempt number, t, w, h) of the accepted steps, and failed."""
    mpf = mp.mpf
    conv = lambda x: mpf(x.numerator) / x.denominator if isinstance(x, F) else mpf(x)  # noqa: E731
    c, A = [conv(x) for x in FEHLBERG["c"]], [[conv(x) for x in row] for row in FEHLBERG["A"]]
    b4, b5 = [conv(x) for x in FEHLBERG["b"]], [conv(x) for x in FEHLBERG["bh"]]
    t, w, h = conv(a), conv(alpha), conv(hmax)
    TOL, hmax, hmin, b = conv(TOL), conv(hmax), conv(hmin), conv(b)
    rows, attempts = [], 0
    while True:
        attempts += 1
        K = []
        for i in range(6):
            K.append(h * f(t + c[i] * h, w + sum((A[i][j] * K[j] for j in range(i)), mpf(0))))
        w4 = w + sum(b4[i] * K[i] for i in range(6))
        w5 = w + sum(b5[i] * K[i] for i in range(6))
        R = abs(w5 - w4) / h
        assert abs(R - TOL) > mpf(10) ** -40  # no accept/reject decision is near a tie
        if R <= TOL:
            t, w = t + h, w4
            rows.append((len(rows) + 1, attempts, t, w, h))
        delta = mpf("0.84") * (TOL / R) ** (mpf(1) / 4)
        h = h / 10 if delta <= mpf("0.1") else (4 * h if delta >= 4 else delta * h)
        h = min(h, hmax)
        if t >= b:
            return rows, False
        if t + h > b:
            h = b - t
        elif h < hmin:
            return rows, True


E, SIN, COS = mp.exp, mp.sin, mp.cos
BF55 = {  # exercise: (f, a, b, alpha, TOL, hmax, hmin) as in Burden & Faires sec. 5.5, Exercises 1 and 3
    "1a": (lambda t, y: t * E(3 * t) - 2 * y, 0, 1, 0, F(1, 10**4), F(1, 4), F(1, 20)),
    "1b": (lambda t, y: 1 + (t - y) ** 2, 2, 3, 1, F(1, 10**4), F(1, 4), F(1, 20)),
    "1c": (lambda t, y: 1 + y / t, 1, 2, 2, F(1, 10**4), F(1, 4), F(1, 20)),
    "1d": (lambda t, y: COS(2 * t) + SIN(3 * t), 0, 1, 1, F(1, 10**4), F(1, 4), F(1, 20)),
    "3a": (lambda t, y: y / t - (y / t) ** 2, 1, 4, 1, F(1, 10**6), F(1, 2), F(1, 20)),
    "3b": (lambda t, y: 1 + y / t + (y / t) ** 2, 1, 3, 0, F(1, 10**6), F(1, 2), F(1, 20)),
    "3c": (lambda t, y: -(y + 1) * (y + 3), 0, 3, -2, F(1, 10**6), F(1, 2), F(1, 20)),
    "3d": (lambda t, y: (t + 2 * t**3) * y**3 - t * y, 0, 2, F(1, 3), F(1, 10**6), F(1, 2), F(1, 20)),
}
_bf_cache = {}


def bf(ex):
    if ex not in _bf_cache:
        _bf_cache[ex] = bf_rkf(*BF55[ex])
    return _bf_cache[ex]


def bf_row(ex, i, max_attempts=None):
    """What a run cut after `max_attempts` attempts (or run to the end) reports, with row i as its last row."""
    rows, failed = bf(ex)
    _, att, t, w, h = rows[i - 1]
    if max_attempts is None:
        assert i == len(rows) and not failed
        return dict(failed=0, accepted_steps=len(rows), step_t=t, y=w, step_h=h)
    assert att == max_attempts, (ex, i, att)  # the cut falls on the attempt that accepted row i
    return dict(failed=1, accepted_steps=i, step_t=t, y=w, step_h=h)


def bf_all(ex):
    rows, failed = bf(ex)
    assert not failed
    attempts = rows[-1][1]
    return dict(step_t=[r[2] for r in rows], y=[r[3] for r in rows], step_h=[r[4] for r in rows], failed=0,
                rejections=attempts - len(rows))


# ---------------------------------------------------------------------------------------------- the examples
h10 = F(1, 10)
atoz_half = rk_run(lambda t, y: [(t - y[0]) / 2], *KUTTA3, F(0), [F(1)], h10, 2)
atoz_decay_rk3 = rk_run(lambda t, y: [-y[0]], *KUTTA3, F(0), [F(1)], h10, 2)
atoz_decay_heun = rk_run(lambda t, y: [-y[0]], *HEUN, F(0), [F(1)], h10, 2)

iitm = [s[1][0] for s in rk_run(lambda t, y: [t + y[0] + t * y[0]], *EULER, F(0), [F(1)], F(1, 100), 10)]

zill_h005 = [s[1][0] for s in rk_run(lambda t, y: [2 * (t + 1) * y[0]], *EULER, F(0), [F(1)], F(1, 20), 9)]
zill_actual_h005 = [E((1 + mp.mpf(i) / 20) ** 2 - 1) for i in range(1, 10)]
zill_actual_h01 = [E((1 + mp.mpf(i) / 10) ** 2 - 1) for i in range(1, 6)]

rune = rk_run(lambda t, y: [y[0] + y[1], -y[0] + y[1]], *EULER, F(0), [F(1), F(0)], h10, 2)

boyce_f = lambda t, y: 3 + t - y  # noqa: E731
boyce_rk4 = [s[1][0] for s in rk_run(lambda t, y: [boyce_f(t, y[0])], *RK4, F(0), [F(1)], h10, 3)]


def boyce_abm4(ys, upto):
    """AB4 predicts, AM (order 4, three steps) corrects once; ys = y0..y3; returns predictors and ys to index upto."""
    ys, preds = list(ys), {}
    while len(ys) <= upto:
        n = len(ys) - 1
        fs = [boyce_f(h10 * i, ys[i]) for i in range(n + 1)]
        p = ys[n] + h10 / 24 * (55 * fs[n] - 59 * fs[n - 1] + 37 * fs[n - 2] - 9 * fs[n - 3])
        preds[n + 1] = p
        ys.append(ys[n] + h10 / 24 * (9 * boyce_f(h10 * (n + 1), p) + 19 * fs[n] - 5 * fs[n - 1] + fs[n - 2]))
    return preds, ys


def boyce_am(ys, upto):
    """The implicit Adams-Moulton formula of order 4 (three steps), solved exactly: y' is affine in y."""
    ys = list(ys)
    while len(ys) <= upto:
        n = len(ys) - 1
        fs = [boyce_f(h10 * i, ys[i]) for i in range(n + 1)]
        rest = ys[n] + h10 / 24 * (9 * (3 + h10 * (n + 1)) + 19 * fs[n] - 5 * fs[n - 1] + fs[n - 2])
        ys.append(rest / (1 + 9 * h10 / 24))  # y = rest + (9h/24)(3 + t - y)
    return ys


boyce_pred_printed, _ = boyce_abm4([F(1), F("1.19516"), F("1.38127"), F("1.55918")], 4)
boyce_pred_rk4, boyce_abm_rk4 = boyce_abm4([F(1)] + boyce_rk4, 5)
boyce_am_three = boyce_am([F(1)] + boyce_rk4, 5)       # the book: y1, y2, y3 by RK4
boyce_am_two = boyce_am([F(1)] + boyce_rk4[:2], 5)     # y1, y2 by RK4, y3 by the formula

bs_y, bs_yh, bs_k = pair_step(BS23, lambda t, y: y - t * t + 1, F(0), F(1, 2), F(1, 4))
bs_s4 = (lambda t, y: y - t * t + 1)(F(1, 4), bs_y)
assert bs_k[3] == bs_s4  # FSAL: the fourth stage is f(t_{n+1}, y_{n+1})
moler_e = F(1, 4) / 72 * (-5 * bs_k[0] + 6 * bs_k[1] + 8 * bs_k[2] - 9 * bs_s4)
moler_y = F(1, 2) + F(1, 4) * (2 * bs_k[0] + 3 * bs_k[1] + 4 * bs_k[2]) / 9

fe_y, fe_yh, fe_k = pair_step(FEHLBERG, lambda t, y: y - t * t + 1, F(0), F(1, 2), F(1, 4))


def bf_R_times_h(k, d4):
    h = F(1, 4)
    return abs(h * (k[0] / 360 - F(128, 4275) * k[2] - F(2197, d4) * k[3] + k[4] / 50 + F(2, 55) * k[5]))


dp_y, dp_yh, _ = pair_step(DOPRI, lambda t, y: 5 * t**4, F(0), F(0), F(1))
fq_y, fq_yh, _ = pair_step(FEHLBERG, lambda t, y: 5 * t**4, F(0), F(0), F(1))

# claim id -> (what the claim must say about the run: method, h, steps, start_steps; the computed values)
RK3_OPTS = dict(method="rk", h="0.1")
COMPUTE = {
    "atozmath/kutta3-e1-y": (dict(RK3_OPTS, steps=2), lambda: {"y": [s[1][0] for s in atoz_half]}),
    "atozmath/kutta3-e1-y2-changed-digit": (dict(RK3_OPTS, steps=2), lambda: {"y": atoz_half[1][1][0]}),
    "atozmath/kutta3-e1-k3-first-step-tie": (dict(RK3_OPTS, steps=1), lambda: {"h*k3": h10 * atoz_half[0][2][2][0]}),
    "atozmath/kutta3-e1-k-second-step": (dict(RK3_OPTS, steps=2),
                                         lambda: {f"h*k{i + 1}": h10 * atoz_half[1][2][i][0] for i in range(3)}),
    "atozmath/kutta3-e3-y": (dict(RK3_OPTS, steps=2), lambda: {"y": [s[1][0] for s in atoz_decay_rk3]}),
    "atozmath/heun-e3-y": (dict(method="heun", h="0.1", steps=2), lambda: {"y": [s[1][0] for s in atoz_decay_heun]}),
    "iitm/euler-ex2-table": (dict(method="euler", h="0.01", steps=10), lambda: {"y": iitm}),
    "iitm/euler-ex2-y-at-0.1": (dict(method="euler", h="0.01", steps=10), lambda: {"y": iitm[9]}),
    "iitm/euler-ex2-y7-as-rounded": (dict(method="euler", h="0.01", steps=7), lambda: {"y": iitm[6]}),
    "euler-2xy/h005-y-first-eight": (dict(method="euler", h="0.05", steps=8), lambda: {"y": zill_h005[:8]}),
    "euler-2xy/h005-y-at-1.45-as-printed": (dict(method="euler", h="0.05", steps=9), lambda: {"y": zill_h005[8]}),
    "euler-2xy/h005-y-at-1.45-corrected": (dict(method="euler", h="0.05", steps=9), lambda: {"y": zill_h005[8]}),
    "euler-2xy/actual-column-h005": (dict(method="euler", h="0.05", steps=9),
                                     lambda: {"solution(y)": zill_actual_h005}),
    "euler-2xy/actual-column-h01": (dict(method="euler", h="0.1", steps=5), lambda: {"solution(y)": zill_actual_h01}),
    "runestone/euler-system-ex295": (dict(method="euler", h="0.1", steps=2),
                                     lambda: {"x": [s[1][0] for s in rune], "y": [s[1][1] for s in rune]}),
    "boyce84/rk4-starting-values": (dict(method="rk4", h="0.1", steps=3), lambda: {"y": boyce_rk4}),
    "boyce84/ab4-predictor-from-printed-starts": (dict(method="abm-4", h="0.1", steps=4),
                                                  lambda: {"predictor": boyce_pred_printed[4]}),
    "boyce84/abm4-y-at-0.4": (dict(method="abm-4", h="0.1", steps=4), lambda: {"y": boyce_abm_rk4[4]}),
    "boyce84/abm4-y-at-0.5": (dict(method="abm-4", h="0.1", steps=5), lambda: {"y": boyce_abm_rk4[5]}),
    "boyce84/abm4-answer-line-y-at-0.4": (dict(method="abm-4", h="0.1", steps=4), lambda: {"y": boyce_abm_rk4[4]}),
    "boyce84/am4-y-at-0.4-truncated": (dict(method="adams-moulton-3", h="0.1", steps=4, start_steps=3),
                                       lambda: {"y": boyce_am_three[4]}),
    "boyce84/am4-y-at-0.5": (dict(method="adams-moulton-3", h="0.1", steps=5, start_steps=3),
                             lambda: {"y": boyce_am_three[5]}),
    "boyce84/am4-two-starting-values": (dict(method="adams-moulton-3", h="0.1", steps=4, start_steps=None),
                                        lambda: {"y": boyce_am_two[4]}),
    "bf-rkf/ex1a-row-3": (dict(method="rkf-burden-faires", max_attempts=5, ex="1a"), lambda: bf_row("1a", 3, 5)),
    "bf-rkf/ex1a-last-row": (dict(method="rkf-burden-faires", ex="1a"), lambda: bf_row("1a", 7)),
    "bf-rkf/ex1b-all-rows": (dict(method="rkf-burden-faires", ex="1b"), lambda: bf_all("1b")),
    "bf-rkf/ex1b-changed-digit": (dict(method="rkf-burden-faires", max_attempts=2, ex="1b"), lambda: bf_row("1b", 2, 2)),
    "bf-rkf/ex1c-all-rows": (dict(method="rkf-burden-faires", ex="1c"), lambda: bf_all("1c")),
    "bf-rkf/ex1d-all-rows": (dict(method="rkf-burden-faires", ex="1d"), lambda: bf_all("1d")),
    "bf-rkf/ex3a-last-row": (dict(method="rkf-burden-faires", ex="3a"), lambda: bf_row("3a", 11)),
    "bf-rkf/ex3b-last-row": (dict(method="rkf-burden-faires", ex="3b"), lambda: bf_row("3b", 21)),
    "bf-rkf/ex3c-row-9": (dict(method="rkf-burden-faires", max_attempts=12, ex="3c"), lambda: bf_row("3c", 9, 12)),
    "bf-rkf/ex3c-last-row": (dict(method="rkf-burden-faires", ex="3c"), lambda: bf_row("3c", 23)),
    "bf-rkf/ex3c-changed-last-h": (dict(method="rkf-burden-faires", ex="3c"), lambda: bf_row("3c", 23)),
    "bf-rkf/ex3d-last-row": (dict(method="rkf-burden-faires", ex="3d"), lambda: bf_row("3d", 8)),
    "bf-rkf/algorithm-5.3-R-formula": (dict(method="fehlberg-45", h="1/4"), lambda: {
        "error_estimate - abs(h*(k1/360 - 128*k3/4275 - 2197*k4/75240 + k5/50 + 2*k6/55))":
            abs(fe_y - fe_yh) - bf_R_times_h(fe_k, 75240)}),
    "bf-rkf/algorithm-5.3-R-formula-transposed-digits": (dict(method="fehlberg-45", h="1/4"), lambda: {
        "error_estimate - abs(h*(k1/360 - 128*k3/4275 - 2197*k4/75420 + k5/50 + 2*k6/55))":
            abs(fe_y - fe_yh) - bf_R_times_h(fe_k, 75420)}),
    "moler/bs23-formulas": (dict(method="bogacki-shampine-32", h="1/4"), lambda: {
        "y - (y0 + h*(2*k1 + 3*k2 + 4*k3)/9)": bs_y - moler_y,
        "error_estimate - abs(h*(-5*k1 + 6*k2 + 8*k3 - 9*k4)/72)": abs(bs_y - bs_yh) - abs(moler_e),
        "y": bs_y, "error_estimate": abs(bs_y - bs_yh)}),
    "moler/bs23-error-over-24": (dict(method="bogacki-shampine-32", h="1/4"),
                                 lambda: {"error_estimate": abs(bs_y - bs_yh)}),
    "dormand-prince/quartic-one-step": (dict(method="dormand-prince-54", h=1), lambda: {
        "y": dp_y, "embedded": dp_yh, "error_estimate": abs(dp_y - dp_yh)}),
    "dormand-prince/quartic-fourth-order-row-propagated": (dict(method="dormand-prince-54", h=1),
                                                           lambda: {"y": dp_y}),
    "fehlberg/quartic-one-step": (dict(method="fehlberg-45", h=1), lambda: {
        "y": fq_y, "embedded": fq_yh, "error_estimate": abs(fq_y - fq_yh)}),
}


def check_setup(cid: str, claim: dict, spec: dict) -> None:
    """The claim file runs what this script recomputes (method, h, steps, start_steps, max_attempts)."""
    opts = claim.get("options", {})
    assert claim.get("method") == spec["method"], (cid, "method")
    if "h" in spec:
        assert F(str(opts.get("h"))) == F(str(spec["h"])), (cid, "h")
    assert claim.get("steps", 1) == spec.get("steps", claim.get("steps", 1)), (cid, "steps")
    if "start_steps" in spec:
        assert opts.get("start_steps") == spec["start_steps"], (cid, "start_steps")
    if spec["method"] == "rkf-burden-faires":
        assert opts.get("max_attempts") == spec.get("max_attempts"), (cid, "max_attempts")
        _, a, b, alpha, tol, hmax, hmin = BF55[spec["ex"]]
        given = (claim["initial"].get("t", 0), opts["t_end"], claim["initial"]["y"], opts["tolerance"], opts["h_max"],
                 opts["h_min"])
        assert [F(str(v)) for v in given] == [F(a), F(b), F(alpha), tol, hmax, hmin], (cid, "problem data")


def main() -> int:
    data = tomllib.loads(CLAIM_FILE.read_text())
    claims = data["claim"]
    ids = [c["id"] for c in claims]
    assert len(ids) == len(set(ids)), "duplicate ids"
    assert set(ids) == set(COMPUTE), (set(ids) ^ set(COMPUTE))
    disagreements = 0
    tally = {"verified": 0, "refuted": 0}
    for claim in claims:
        cid = claim["id"]
        spec, compute = COMPUTE[cid]
        check_setup(cid, claim, spec)
        computed = compute()
        verdict, why = decide(claim, computed)
        expected = claim.get("expected", "verified")
        tally[verdict] += 1
        ok = verdict == expected
        disagreements += not ok
        print(f"{'ok ' if ok else 'MISMATCH'} {cid}: should be {verdict} ({why}); recorded {expected}")
        for key, value in computed.items():
            if isinstance(value, list):
                print(f"      {key} = [{', '.join(show(v) for v in value)}]")
            else:
                print(f"      {key} = {show(value)}")
    print(f"{len(claims)} claims: {tally['verified']} should be verified, {tally['refuted']} refuted; "
          f"{disagreements} disagree with the file")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
