"""Burden & Faires, Numerical Analysis (10th ed.), Answers to Selected Exercises, Exercise Set 5.6 (page 314) and
Exercise Set 5.11 (page 354), as transcribed in a GitHub OCR of the answer key (file id 55815528320 in the search
index); problem statements from the OCR of the text (ids 55684999038, Exercise Set 5.6, and 55659148052, Exercise
Set 5.11).  Independent recomputation with mpmath at 50 digits."""
from lib import *
from mpmath import exp, sin, cos, sqrt, log


def compare_adams_bashforth(f, exact, printed):
    """AB2..AB5 with the step h of the exercise (set below) from exact starting values over five steps, each against its printed column (7 decimals)."""
    for k in (2, 3, 4, 5):
        y = adams_bashforth(f, 0, h, [exact(i * h) for i in range(k)], k, 5)
        compare(f"AB{k}", y[1:], printed[k], 7)


print("== Ex 5.6.1(a): y' = t e^{3t} - 2y, y(0)=0, h=0.2, exact starting values, AB2..AB5")
f1a = lambda t, y: t * exp(3 * t) - 2 * y
Y1a = lambda t: t * exp(3 * t) / 5 - exp(3 * t) / 25 + exp(-2 * t) / 25
h = mpf('0.2')
printed_1a = {2: ["0.0268128", "0.1200522", "0.4153551", "1.1462844", "2.8241683"],
              3: ["0.0268128", "0.1507778", "0.4613866", "1.2512447", "3.0360680"],
              4: ["0.0268128", "0.1507778", "0.4960196", "1.2961260", "3.1461400"],
              5: ["0.0268128", "0.1507778", "0.4960196", "1.3308570", "3.1854002"]}
compare_adams_bashforth(f1a, Y1a, printed_1a)

print("== Ex 5.6.1(d): y' = cos 2t + sin 3t, y(0)=1, h=0.2, exact starting values, AB2..AB5")
f1d = lambda t, y: cos(2 * t) + sin(3 * t)
Y1d = lambda t: sin(2 * t) / 2 - cos(3 * t) / 3 + mpf(4) / 3
printed_1d = {2: ["1.2529306", "1.5986417", "1.9386951", "2.1766821", "2.2369407"],
              3: ["1.2529306", "1.5712255", "1.8827238", "2.0844122", "2.1115540"],
              4: ["1.2529306", "1.5712255", "1.8750869", "2.0698063", "2.0998117"],
              5: ["1.2529306", "1.5712255", "1.8750869", "2.0789180", "2.1180642"]}
compare_adams_bashforth(f1d, Y1d, printed_1d)
compare("exact y(t)", [Y1d(i * h) for i in range(1, 6)], ["1.2529306", "1.5712255", "1.8750869", "2.0789180", "2.1179795"], 7)

print("== Ex 5.6.4 (Adams-Moulton, exact starting values) on 1(a) and 1(d); B&F's m-step AM = order m+1")
printed_4_1a = {2: ["0.0268128", "0.1533627", "0.5030068", "1.3463142", "3.2512866"],
                3: ["0.0268128", "0.1507778", "0.4979042", "1.3357923", "3.2298092"],
                4: ["0.0268128", "0.1507778", "0.4960196", "1.3322919", "3.2227484"]}
printed_4_1d = {2: ["1.2529306", "1.5700866", "1.8738414", "2.0787117", "2.1196912"],
                3: ["1.2529306", "1.5712255", "1.8757546", "2.0803067", "2.1199024"],
                4: ["1.2529306", "1.5712255", "1.8750869", "2.0789471", "2.1178679"]}
for k in (2, 3, 4):
    y = adams_moulton(f1a, 0, h, [Y1a(i * h) for i in range(k)], k, 5)
    compare(f"1a AM{k}-step", y[1:], printed_4_1a[k], 7)
for k in (2, 3, 4):
    y = adams_moulton(f1d, 0, h, [Y1d(i * h) for i in range(k)], k, 5)
    compare(f"1d AM{k}-step", y[1:], printed_4_1d[k], 7)

print("== Ex 5.6.5: Algorithm 5.4 (RK4 start, AB4 predictor, AM3 corrector once) on 1(a) and 1(d)")
for name, f, y0, printed in (("1a", f1a, mpf(0), ["0.0269059", "0.1510468", "0.4966479", "1.3408657", "3.2450881"]),
                             ("1d", f1d, mpf(1), ["1.2529350", "1.5712383", "1.8751097", "2.0796618", "2.1192575"])):
    ys = [y0]
    for i in range(3):
        ys.append(rk4(f, i * h, ys[-1], h))
    y, preds = abm(f, 0, h, ys, 4, 5)
    compare(f"{name} ABM4", y[1:], printed, 7)
    print(f"    predictors: {[mp.nstr(p, 12) for p in preds]}")

print("== Ex 5.6.9: y' = e^y, y(0)=1, h=0.01, three-step Adams-Moulton, exact starting values (fixed point)")
fe = lambda t, y: exp(y)
Ye = lambda t: 1 - log(1 - exp(1) * t)
he = mpf('0.01')
y = adams_moulton(fe, 0, he, [Ye(i * he) for i in range(3)], 3, 20)
compare("AM3 i=10, 20", [y[10], y[20]], ["1.317218", "1.784511"], 6)
print("    exact y(0.1), y(0.2):", mp.nstr(Ye(mpf('0.1')), 12), mp.nstr(Ye(mpf('0.2')), 12))
# B&F's functional iteration with stopping |w^(k) - w^(k-1)| <= 1e-6, started from w_i, as the exercise says
w = [Ye(i * he) for i in range(3)]
iters = []
for n in range(2, 20):
    known = w[n] + he * (19 * fe(0, w[n]) - 5 * fe(0, w[n - 1]) + fe(0, w[n - 2])) / 24
    u = w[n]; k = 0
    while True:
        v = known + he * 9 * exp(u) / 24; k += 1
        if abs(v - u) <= mpf('1e-6'):
            break
        u = v
    iters.append(k); w.append(v)
compare("functional iteration (tol 1e-6) i=10, 20", [w[10], w[20]], ["1.317218", "1.784511"], 6)
print("    iterations per step:", iters)

print("== Ex 5.11.5(c): ABM4 (Algorithm 5.4) on y' = -20y + 20 sin t + cos t, y(0)=1, h=0.25")
fc = lambda t, y: -20 * y + 20 * sin(t) + cos(t)
hc = mpf('0.25')
ys = [mpf(1)]
for i in range(3):
    ys.append(rk4(fc, i * hc, ys[-1], hc))
y, preds = abm(fc, 0, hc, ys, 4, 8)
print("   t=0.5 (RK4 start):", mp.nstr(y[2], 15), " t=1.0:", mp.nstr(y[4], 15), " t=1.5:", mp.nstr(y[6], 15), " t=2.0:", mp.nstr(y[8], 15))
compare("t=0.5", [y[2]], ["188.3082"], 4)
compare("t=1.0", [y[4]], ["38932.03"], 2)
compare("t=1.5, 2.0", [y[6], y[8]], ["9073607", "2115741299"], 0)

print("== Ex 5.11.7(c): Trapezoidal on y' = -20y + 20 sin t + cos t, h=0.25")
y = adams_moulton(fc, 0, hc, [mpf(1)], 1, 8)
compare("trapezoid t=0.5,1,1.5,2", [y[2], y[4], y[6], y[8]], ["0.66291133", "0.87506346", "1.00366141", "0.91053267"], 8)

print("== Ex 5.11.7(d): Trapezoidal on y' = 50/y - 50y, y(0)=sqrt(2), h=0.1")
fd = lambda t, y: 50 / y - 50 * y
fdy = lambda t, y: -50 / y ** 2 - 50
hd = mpf('0.1')
# (i) Algorithm 5.8 as printed: k1 = w + h/2 f(t,w); w0 = k1; Newton until |w - w0| < TOL = 1e-5
w, ks = algorithm_5_8(fd, fdy, sqrt(2), hd, 10, mpf('1e-5'))
compare("Alg 5.8 Newton from w + h/2 f", [w[2], w[5], w[7], w[10]], ["-1.07568307", "-0.97868360", "-0.99046408", "-1.00284456"], 8)
print("    Newton iterations:", ks)
# (ii) the branch that tends to the explicit value as h -> 0 (the positive root at every step)
v = [sqrt(2)]
for i in range(10):
    known = v[-1] + hd / 2 * fd(0, v[-1])
    roots = [r for r in (findroot(lambda u: u - known - hd / 2 * fd(0, u), g) for g in (mpf(2), mpf(-2)))]
    pos = max(roots)
    v.append(pos)
print("    positive-root trapezoid (t=0.1..1.0):", [mp.nstr(x, 10) for x in v[1:]])
print("    first step, both roots of 3.5 u^2 + (sqrt2 ... ) u - 2.5 = 0:", [mp.nstr(r, 12) for r in roots])
