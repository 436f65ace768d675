# MOOSE LStableDirk2 (Alexander's SDIRK2, alpha = 1 - sqrt(2)/2) on the Frank-Schneid-Ueberhuber problem PNL:
# y1' = lam*y1 + y2^2, y2' = -y2, lam = -1000, y1(0) = -1/(lam+2) = 1/998, y2(0) = 1, dt = 1/8, 8 steps.
# Independent: generic Newton on each stage (2x2) in mpmath at 60 digits, stage form Y_i = y + h sum a_ij f(Y_j).
import mpmath as mp
mp.mp.dps = 60
lam = mp.mpf(-1000)
al = 1 - mp.sqrt(2)/2
A = [[al, 0], [1 - al, al]]; b = [1 - al, al]
h = mp.mpf(1)/8


def sdirk2_steps(f, J, y):
    """The eight SDIRK-2 steps from y, each printed; the values after each step."""
    out = []
    for n in range(8):
        K = []
        for i in range(2):
            base = y + h*sum((A[i][j]*K[j] for j in range(i)), mp.matrix([0, 0]))
            Y = base.copy()
            for _ in range(60):
                G = Y - base - h*A[i][i]*f(Y)
                d = mp.lu_solve(mp.eye(2) - h*A[i][i]*J(Y), G)
                Y -= d
                if mp.norm(d) < mp.mpf(10)**-58: break
            K.append(f(Y))
        y = y + h*(b[0]*K[0] + b[1]*K[1])
        out.append(y.copy())
        print((n+1)/8, mp.nstr(y[0], 22), mp.nstr(y[1], 22))
    return out


y = mp.matrix([mp.mpf(1)/998, mp.mpf(1)])
print("y1(0) =", mp.nstr(y[0], 20))
out = sdirk2_steps(lambda y: mp.matrix([lam*y[0] + y[1]**2, -y[1]]), lambda y: mp.matrix([[lam, 2*y[1]], [0, -1]]), y)
# exact-solution errors at t = 1
print("err_y1(1) =", mp.nstr(abs(out[-1][0] - mp.exp(-2)/998), 20), " err_y2(1) =", mp.nstr(abs(out[-1][1] - mp.exp(-1)), 20))
# y2 is linear: y2_n = R(-1/8)^n with R(z) = (1 + (1-2al) z)/(1 - al z)^2
R = (1 + (1 - 2*al)*(-h))/(1 + al*h)**2
print("R(-1/8) =", mp.nstr(R, 25), " R^8 =", mp.nstr(R**8, 25))

# Linear variant (Y2_EXPONENT = 1, gold/linear_stiff_out.csv): y1' = lam*y1 + y2, y1(0) = -1/(lam+1) = 1/999
print("--- linear PL variant")
out = sdirk2_steps(lambda y: mp.matrix([lam*y[0] + y[1], -y[1]]), lambda y: mp.matrix([[lam, 1], [0, -1]]),
                   mp.matrix([mp.mpf(1)/999, mp.mpf(1)]))
print("err_y1(1) =", mp.nstr(abs(out[-1][0] - mp.exp(-1)/999), 20))
