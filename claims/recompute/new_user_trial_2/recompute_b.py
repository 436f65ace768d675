"""Independent recomputation, part B (mpmath 50 digits / fractions.Fraction)."""
from fractions import Fraction as F
import mpmath as mp
mp.mp.dps = 50
def r(v, d): return mp.nstr(mp.mpf(v.numerator)/v.denominator if isinstance(v, F) else v, d)

print("== 3. Nowakowski/Moreau Test_Rk4: y' = yz + cos x - sin(2x)/2, z' = y^2 + z^2 - (1 + sin x), h = 2/25")
def f(x, y, z): return (y*z + mp.cos(x) - mp.sin(2*x)/2, y*y + z*z - (1 + mp.sin(x)))
h = mp.mpf(2)/25; x = mp.mpf(0); y = mp.mpf(0); z = mp.mpf(0)
for k in range(25):
    k1 = f(x, y, z); k2 = f(x+h/2, y+h/2*k1[0], z+h/2*k1[1]); k3 = f(x+h/2, y+h/2*k2[0], z+h/2*k2[1]); k4 = f(x+h, y+h*k3[0], z+h*k3[1])
    y += h/6*(k1[0]+2*k2[0]+2*k3[0]+k4[0]); z += h/6*(k1[1]+2*k2[1]+2*k3[1]+k4[1]); x += h
    print(mp.nstr(x, 4), mp.nstr(y, 12), mp.nstr(z, 12))

print("== 4. Nowakowski/Moreau Adams-Bashforth: y' = -y + x/(1+x)^2, y(0) = 1, h = 0.05")
def g(x, y): return -y + x/(1+x)**2
h = F(1, 20)
def rk4(x, y):
    k1 = g(x, y); k2 = g(x+h/2, y+h/2*k1); k3 = g(x+h/2, y+h/2*k2); k4 = g(x+h, y+h*k3)
    return y + h/6*(k1+2*k2+2*k3+k4)
ys = [F(1)]
for i in range(3): ys.append(rk4(i*h, ys[-1]))
print("RK4 start", [r(v, 12) for v in ys], "errors", [r(abs(v - 1/(1+i*h)), 3) for i, v in enumerate(ys)])
for K, coef in ((3, [F(23,12), F(-16,12), F(5,12)]), (4, [F(55,24), F(-59,24), F(37,24), F(-9,24)])):
    yy = ys[:K]
    while len(yy) < 21:
        n = len(yy) - 1
        yy.append(yy[n] + h*sum(c*g((n-j)*h, yy[n-j]) for j, c in enumerate(coef)))
    print(f"AB{K}:", [r(v, 8) for v in yy[:8]], "y(1) =", r(yy[20], 10))
