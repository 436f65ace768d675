from fractions import Fraction as F
import mpmath as mp
mp.mp.dps=50
def f(u): x,y=u; return (x-4*y,-x+y)
xs=[F(1),F('1.12883'),F('1.32042'),F('1.60021')]
ys=[F(0),F('-0.110527'),F('-0.250847'),F('-0.429696')]
h=F(1,10)
fs=[f((a,b)) for a,b in zip(xs,ys)]
pred=[xs[3]+h/24*(55*fs[3][i]-59*fs[2][i]+37*fs[1][i]-9*fs[0][i]) if i==0 else ys[3]+h/24*(55*fs[3][i]-59*fs[2][i]+37*fs[1][i]-9*fs[0][i]) for i in range(2)]
fp=f(pred)
corr=[ (xs[3] if i==0 else ys[3]) + h/24*(9*fp[i]+19*fs[3][i]-5*fs[2][i]+fs[1][i]) for i in range(2)]
print('pred',[mp.nstr(mp.mpf(p.numerator)/p.denominator,15) for p in pred])
print('corr',[mp.nstr(mp.mpf(p.numerator)/p.denominator,15) for p in corr], corr)
# with exact-rounded correct starting values
xs2=[F(1),F('1.12735'),F('1.32042'),F('1.60021')]
ys2=[F(0),F('-0.111255'),F('-0.250847'),F('-0.429696')]
fs=[f((a,b)) for a,b in zip(xs2,ys2)]
pred=[(xs2[3],ys2[3])[i]+h/24*(55*fs[3][i]-59*fs[2][i]+37*fs[1][i]-9*fs[0][i]) for i in range(2)]
fp=f(pred)
corr=[(xs2[3],ys2[3])[i]+h/24*(9*fp[i]+19*fs[3][i]-5*fs[2][i]+fs[1][i]) for i in range(2)]
print('with correct start: pred',[float(p) for p in pred],'corr',[float(c) for c in corr])
