from fractions import Fraction as F
import mpmath as mp
mp.mp.dps=40
def step(x,y,h):
    y1=x*x+y*y; y2=2*x+2*y*y1; y3=2+2*y1*y1+2*y*y2
    return y+h*y1+h*h/2*y2+h**3/6*y3
x=F(1); y=F('2.3'); h=F(1,10)
for i in range(2):
    y=step(x,y,h); x+=h; print(x, mp.nstr(mp.mpf(y.numerator)/y.denominator,20))
# page's rounded-intermediate route
y1=3.1209; print('page route', 3.1209+0.1*10.95+0.01*70.5477/2+0.001*682.1496/6)
