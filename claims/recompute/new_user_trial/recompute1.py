from fractions import Fraction as F
import mpmath as mp
mp.mp.dps = 50
def rk4(f, t, y, h, n):
    out=[]
    for i in range(n):
        k1=f(t,y); k2=f(t+h/2,y+h/2*k1); k3=f(t+h/2,y+h/2*k2); k4=f(t+h,y+h*k3)
        y = y + h*(k1+2*k2+2*k3+k4)/6; t=t+h; out.append(y)
    return out
# 1 codesansar
f=lambda x,y:(y*y-x*x)/(y*y+x*x)
ys=rk4(f,F(0),F(1),F(1,5),3)
for y in ys: print('cs', mp.nstr(mp.mpf(y.numerator)/y.denominator,20))
# 6 chegg y'=x^2-y
g=lambda x,y:x*x-y
ys=rk4(g,F(0),F(1),F(1,20),2)
for y in ys: print('chegg', y, mp.nstr(mp.mpf(y.numerator)/y.denominator,20))
# chegg k2, k3
h=F(1,20); k1=g(0,F(1)); k2=g(h/2,1+h/2*k1); k3=g(h/2,1+h/2*k2); k4=g(h,1+h*k3)
print('chegg k', k1,k2,k3,k4, float(k2), float(k3), float(k4))
# 2 Boyce system
def sysf(t,u):
    x,y=u; return (x-4*y, -x+y)
def rk4s(f,t,u,h,n):
    for i in range(n):
        k1=f(t,u); k2=f(t+h/2,tuple(a+h/2*b for a,b in zip(u,k1))); k3=f(t+h/2,tuple(a+h/2*b for a,b in zip(u,k2))); k4=f(t+h,tuple(a+h*b for a,b in zip(u,k3)))
        u=tuple(a+h*(b1+2*b2+2*b3+b4)/6 for a,b1,b2,b3,b4 in zip(u,k1,k2,k3,k4)); t+=h
    return u
u=rk4s(sysf,F(0),(F(1),F(0)),F(1,5),1); print('boyce rk4', u, [float(v) for v in u])
ex=lambda t:((mp.e**(-t)+mp.e**(3*t))/2,(mp.e**(-t)-mp.e**(3*t))/4)
for t in ['0.1','0.2','0.3','0.4']:
    print('exact',t,[mp.nstr(v,12) for v in ex(mp.mpf(t))])
