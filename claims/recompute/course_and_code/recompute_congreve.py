# Largest tau with |R_s(tau*lam)| <= 1 for lam in {-3, -1+2i, -1-2i}, R_s = Taylor polynomial of exp of degree s
import sympy as sp
t = sp.symbols('tau', positive=True)
for s in range(1, 5):
    R = lambda z: sum(z**k/sp.factorial(k) for k in range(s+1))
    # complex eigenvalue: |R(tau(-1+2i))|^2 - 1
    w = sp.expand(R(t*(-1+2*sp.I)))
    g = sp.expand(sp.re(w)**2 + sp.im(w)**2 - 1)
    gq = sp.factor(g)
    # real eigenvalue -3: |R(-3 tau)| <= 1
    r = R(-3*t)
    roots_c = sorted([sp.nsimplify(x) if x.is_rational else x for x in sp.Poly(sp.cancel(g/t), t).real_roots() if x > 0], key=lambda x: float(x))
    roots_r = sorted([x for x in sp.Poly(sp.expand((r-1)*(r+1)), t).real_roots() if x > 0], key=lambda x: float(x))
    print("s =", s, " |R|^2-1 complex:", gq)
    print("   positive roots complex:", [sp.N(x, 20) for x in roots_c])
    print("   positive roots real(-3):", [sp.N(x, 20) for x in roots_r])
