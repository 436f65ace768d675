"""Independent recomputation, part C (fractions.Fraction; mpmath for roots)."""
from fractions import Fraction as F
import mpmath as mp
mp.mp.dps = 50
def r(v, d=12): return mp.nstr(mp.mpf(v.numerator)/v.denominator if isinstance(v, F) else v, d)

print("== 4b. Nowakowski AB3 full table, 6 decimals")
def g(x, y): return -y + x/(1+x)**2
h = F(1, 20)
def rk4(f, x, y, h):
    k1 = f(x, y); k2 = f(x+h/2, y+h/2*k1); k3 = f(x+h/2, y+h/2*k2); k4 = f(x+h, y+h*k3)
    return y + h/6*(k1+2*k2+2*k3+k4), (k1, k2, k3, k4)
ys = [F(1)]
for i in range(2): ys.append(rk4(g, i*h, ys[-1], h)[0])
while len(ys) < 21:
    n = len(ys) - 1
    ys.append(ys[n] + h*(F(23,12)*g(n*h, ys[n]) - F(16,12)*g((n-1)*h, ys[n-1]) + F(5,12)*g((n-2)*h, ys[n-2])))
printed = "0.952381 0.909091 0.869525 0.833265 0.799910 0.769125 0.740623 0.714160 0.689525 0.666533 0.645026 0.624865 0.605926 0.588103 0.571298 0.555428 0.540416 0.526194 0.512703 0.499886".split()
for i in range(1, 21):
    v = ys[i]; s = mp.nstr(mp.mpf(v.numerator)/v.denominator, 12)
    print(i, s, printed[i-1], "OK" if abs(mp.mpf(v.numerator)/v.denominator - mp.mpf(printed[i-1])) <= mp.mpf('5e-7') else "MISMATCH")

print("== 5. atozmath PredCorrector adams E2: y' = y - x^3, y(0) = 1, h = 0.1")
f = lambda x, y: y - x**3
h = F(1, 10); ys = [F(1)]
for i in range(3): ys.append(rk4(f, i*h, ys[-1], h)[0])
print("exact RK4 y1..y3", [r(v) for v in ys[1:]], "printed 1.1051 1.221 1.3477")
hist = [F(1), F('1.1051'), F('1.221'), F('1.3477')]
fs = [f(i*h, v) for i, v in enumerate(hist)]
p = hist[3] + h/24*(55*fs[3] - 59*fs[2] + 37*fs[1] - 9*fs[0])
print("AB4 pred from printed history", r(p), "printed 1.4849")
c = hist[3] + h/24*(9*f(4*h, p) + 19*fs[3] - 5*fs[2] + fs[1])
print("AM3 once-corrected from printed history", r(c))
pm = hist[0] + F(4,3)*h*(2*fs[3] - fs[2] + 2*fs[1])
print("Milne pred from printed history", r(pm), "printed 1.4849 (milnes E2)")
cm = hist[2] + h/3*(fs[2] + 4*fs[3] + f(4*h, pm))
print("Milne once-corrected", r(cm))

print("== 6. atozmath adams E3: y' = x - y^2, y(0) = 1, h = 0.2")
f = lambda x, y: x - y*y
h = F(1, 5); ys = [F(1)]
for i in range(3):
    y, ks = rk4(f, i*h, ys[-1], h); ys.append(y)
    print(f" exact RK4 step {i+1}: hk =", [r(h*k, 8) for k in ks], "y =", r(y))
print(" printed 0.8512 0.7798 0.7621")
hist = [F(1), F('0.8512'), F('0.7798'), F('0.7621')]
fs = [f(i*h, v) for i, v in enumerate(hist)]
print(" f from printed:", [r(v, 10) for v in fs])
p = hist[3] + h/24*(55*fs[3] - 59*fs[2] + 37*fs[1] - 9*fs[0])
print("AB4 pred from printed history", r(p), "printed 0.7865")
pm = hist[0] + F(4,3)*h*(2*fs[3] - fs[2] + 2*fs[1])
print("Milne pred from printed history", r(pm), "printed 0.786 (milnes E3)")

print("== 7. GATE BT 2022 Q37: implicit Euler, y' = 2x^2 - y^2, y(1) = 1, h = 0.5")
# u = 1 + 0.5 (2*1.5^2 - u^2) -> u^2 + 2u - 6.5 = 0
for s in (1, -1):
    u = -1 + s*mp.sqrt(mp.mpf('7.5')); print(" root", mp.nstr(u, 20), "residual", mp.nstr(u - 1 - mp.mpf('0.5')*(2*mp.mpf('2.25') - u*u), 5))
print(" 5 sqrt(0.3) =", mp.nstr(5*mp.sqrt(mp.mpf('0.3')), 20), " sqrt(7.5) =", mp.nstr(mp.sqrt(mp.mpf('7.5')), 20))
# continuation: u(lam) root of u = 1 + lam h (2 (1+lam h)^2 - u^2), branch from 1
lam_root = lambda lam: (-1 + mp.sqrt(1 + 4*(lam*mp.mpf('0.5'))*(1 + lam*mp.mpf('0.5')*2*(1+lam*mp.mpf('0.5'))**2)))/(2*lam*mp.mpf('0.5'))
print(" branch from y0 at lam=1e-9, 0.5, 1:", [mp.nstr(lam_root(mp.mpf(l)), 12) for l in ('1e-9', '0.5', '1')])

print("== 8. codingace implicit Euler y' = -2y, h = 0.1: y_n = (1/1.2)^n")
for n in range(1, 5):
    v = F(5, 6)**n; print(n, r(v), "inc", r(v - F(5,6)**(n-1)))
print("== 9. mathhelpforum 90181 BE y' = 1 - y, y0 = 2, h = 0.1:", r(F(21, 11)))

print("== 10. techqa 4509006: implicit Euler y' = -x/y^2, y(0)=1, h=0.1: u^3 - u^2 + 1/100 = 0, root near 1")
u = mp.findroot(lambda u: u**3 - u**2 + mp.mpf(1)/100, 1)
print(" u =", mp.nstr(u, 20))
# Newton from Euler guess y0 + h f(0,1) = 1: one iteration
G = lambda u: u - 1 + mp.mpf(1)/100/u**2
dG = lambda u: 1 - mp.mpf(2)/100/u**3
u1 = 1 - G(1)/dG(1); print(" one Newton iteration from 1:", mp.nstr(u1, 15))
