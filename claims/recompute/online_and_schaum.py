"""Independent recomputation (fractions.Fraction / mpmath) of every printed value in the claim files.
Written before verify was run on the claims."""
from fractions import Fraction as F
import mpmath as mp
mp.mp.dps = 60

def rnd(x, d, mode="half-up"):
    x = mp.mpf(x) if not isinstance(x, F) else x
    if isinstance(x, F):
        s = 1 if x >= 0 else -1; a = abs(x) * 10**d
        q, r = divmod(a.numerator, a.denominator)
        if mode == "trunc": n = q
        elif 2*r > a.denominator or (2*r == a.denominator and (mode == "half-up" or q % 2)): n = q+1
        else: n = q
        return s*F(n, 10**d)
    return mp.nstr(x, 30)

print("=== A. Paul's Online Notes, Euler's Method, Example 1: y' = 2 - e^{-4t} - 2y, y(0)=1, h=0.1")
f = lambda t, y: 2 - mp.e**(-4*t) - 2*y
t, y = mp.mpf(0), mp.mpf(1); h = mp.mpf('0.1')
for n in range(5):
    fn = f(t, y); y = y + h*fn; t = t + h
    ex = 1 + mp.e**(-4*t)/2 - mp.e**(-2*t)/2
    print(f"n={n} f_n={mp.nstr(fn,15)} y_{n+1}={mp.nstr(y,15)} exact={mp.nstr(ex,15)} pct={mp.nstr(abs(ex-y)/ex*100,8)}")

print("=== B. Euler y' = 3 + t - y, y(0) = 1, h = 0.1 (exact)")
t, y = F(0), F(1)
for n in range(4):
    y = y + F(1,10)*(3 + t - y); t += F(1,10); print(t, y, float(y))

print("=== C. backward Euler y' = (t^2 - y^2) sin y, y(0) = -1, h = 0.025")
g = lambda t, y: (t**2 - y**2)*mp.sin(y)
t, y = mp.mpf(0), mp.mpf(-1); h = mp.mpf('0.025')
for n in range(16):
    tn = t + h
    yn = mp.findroot(lambda u: u - y - h*g(tn, u), y)
    t, y = tn, yn
    if (n+1) % 4 == 0: print(mp.nstr(t,3), mp.nstr(y, 15))

print("=== F. implicit trapezoid y' = -2y, h = 0.1, 10 steps: (9/11)^10")
v = F(9,11)**10; print(v, mp.nstr(mp.mpf(v.numerator)/v.denominator, 20), "exact e^-2 =", mp.nstr(mp.e**-2, 15))

print("=== G. RK4 one step y' = -2xy, y(0) = 3, h = 0.25 (exact)")
fx = lambda x, y: -2*x*y
h = F(1,4); x, y = F(0), F(3)
k1 = fx(x, y); k2 = fx(x+h/2, y+h*k1/2); k3 = fx(x+h/2, y+h*k2/2); k4 = fx(x+h, y+h*k3)
y1 = y + h*(k1+2*k2+2*k3+k4)/6
print("slopes", k1, k2, k3, k4, " h*k:", h*k1, h*k2, h*k3, h*k4, float(h*k3), float(h*k4))
print("y1 =", y1, float(y1), " double-h version:", float(y + h*h*(k1+2*k2+2*k3+k4)/6), " exact 3e^-1/16 =", mp.nstr(3*mp.e**(-mp.mpf(1)/16), 12))

print("=== E. Schaum Table 20-7: ABM4 on y' = z, z' = y + x, h = 0.1, start from printed Table 20-3 values")
h = F(1,10)
def fs(x, Y): return (Y[1], Y[0] + x)
xs = [F(n,10) for n in range(11)]
Ys = [(F(0), F(1)), (F('0.1003333'), F('1.0100083')), (F('0.2026717'), F('1.0401335')), (F('0.3090401'), F('1.0906769'))]
def abm(Ys, nsteps):
    Ys = list(Ys); out = []
    for n in range(3, 3+nsteps):
        fn = [fs(xs[m], Ys[m]) for m in range(n-3, n+1)]
        P = tuple(Ys[n][i] + h/24*(55*fn[3][i] - 59*fn[2][i] + 37*fn[1][i] - 9*fn[0][i]) for i in range(2))
        fp = fs(xs[n+1], P)
        C = tuple(Ys[n][i] + h/24*(9*fp[i] + 19*fn[3][i] - 5*fn[2][i] + fn[1][i]) for i in range(2))
        Ys.append(C); out.append((P, C))
    return out
for (P, C), x in zip(abm(Ys, 7), xs[4:]):
    print(x, [str(rnd(v,7)) for v in P], [str(rnd(v,7)) for v in C], [float(v) for v in C])
# exact RK4 start
def rk4(x, Y, h):
    k1 = fs(x, Y); k2 = fs(x+h/2, tuple(Y[i]+h*k1[i]/2 for i in range(2)))
    k3 = fs(x+h/2, tuple(Y[i]+h*k2[i]/2 for i in range(2))); k4 = fs(x+h, tuple(Y[i]+h*k3[i] for i in range(2)))
    return tuple(Y[i] + h*(k1[i]+2*k2[i]+2*k3[i]+k4[i])/6 for i in range(2))
Ye = [(F(0), F(1))]
for n in range(3): Ye.append(rk4(xs[n], Ye[-1], h))
print("exact RK4 start", [[str(rnd(v,7)) for v in Y] for Y in Ye])
for (P, C), x in zip(abm(Ye, 7), xs[4:]):
    print("exact-start", x, [str(rnd(v,7)) for v in P], [str(rnd(v,7)) for v in C], [mp.nstr(mp.mpf(v.numerator)/v.denominator, 12) for v in C])
for x in xs[1:]:
    print("true", x, mp.nstr(mp.e**x - mp.e**(-x) - x, 12), mp.nstr(mp.e**x + mp.e**(-x) - 1, 12))

print("=== E'. plain AB4 (no corrector) on the same system from the exact RK4 start")
Y = list(Ye)
for n in range(3, 10):
    fn = [fs(xs[m], Y[m]) for m in range(n-3, n+1)]
    Y.append(tuple(Y[n][i] + h/24*(55*fn[3][i] - 59*fn[2][i] + 37*fn[1][i] - 9*fn[0][i]) for i in range(2)))
print("AB4 y10 =", mp.nstr(mp.mpf(Y[10][0].numerator)/Y[10][0].denominator, 15))
