# Independent recomputation for claims_external.toml (mpmath at 60 digits, Fractions where exact)
from fractions import Fraction as F
import mpmath as mp
mp.mp.dps = 60

def f(y):
    return mp.matrix([y[0]*y[1], y[1]*y[2], y[2]-y[0]])
def J(y):
    return mp.matrix([[y[1], y[0], 0], [0, y[2], y[1]], [-1, 0, 1]])

y0 = mp.matrix([mp.mpf(1)/10, mp.mpf(2)/10, mp.mpf(4)/10])
I3 = mp.eye(3)

# implicit midpoint: Y = y0 + (h/2) f(Y), y1 = y0 + h f(Y) = 2Y - y0.
# Continuation in h from 0 to 1 (the root that tends to y0 as h -> 0), Newton at each h.
def midpoint_stage(h, guess):
    Y = guess
    for _ in range(100):
        G = Y - y0 - (h/2)*f(Y)
        JG = I3 - (h/2)*J(Y)
        d = mp.lu_solve(JG, G)
        Y = Y - d
        if mp.norm(d) < mp.mpf(10)**-55: break
    return Y
Y = y0
for i in range(1, 1001):
    Y = midpoint_stage(mp.mpf(i)/1000, Y)
y1 = 2*Y - y0
print("implicit midpoint y1 (continuation):", [mp.nstr(v, 20) for v in y1])
# Newton straight from y0 at h = 1 (as the C++ code would start)
Yd = midpoint_stage(mp.mpf(1), y0)
print("implicit midpoint y1 (Newton from y0):", [mp.nstr(v, 20) for v in 2*Yd - y0])

# linear-implicit midpoint: y1 = y0 + h (I - h/2 J(y0))^{-1} f(y0), exactly in Fractions
def fr_solve(A, b):
    n = len(b); M = [row[:] + [b[i]] for i, row in enumerate(A)]
    for c in range(n):
        p = next(r for r in range(c, n) if M[r][c] != 0); M[c], M[p] = M[p], M[c]
        for r in range(n):
            if r != c and M[r][c] != 0:
                fac = M[r][c]/M[c][c]; M[r] = [a - fac*b for a, b in zip(M[r], M[c])]
    return [M[i][n]/M[i][i] for i in range(n)]
Y0 = [F(1,10), F(2,10), F(4,10)]
fy = [Y0[0]*Y0[1], Y0[1]*Y0[2], Y0[2]-Y0[0]]
Jy = [[Y0[1], Y0[0], F(0)], [F(0), Y0[2], Y0[1]], [F(-1), F(0), F(1)]]
h = F(1)
A = [[(1 if i == j else 0) - h/2*Jy[i][j] for j in range(3)] for i in range(3)]
k = fr_solve(A, fy)
y1l = [Y0[i] + h*k[i] for i in range(3)]
print("linear-implicit midpoint y1 exact:", y1l, [float(v) for v in y1l])
print("  to 20 digits:", [mp.nstr(mp.mpf(v.numerator)/v.denominator, 20) for v in y1l])
