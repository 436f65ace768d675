import mpmath as mp
mp.mp.dps=60
h=mp.mpf(1)/20; y=mp.mpf(1); t=mp.mpf(0)
for n in range(1,25):
    t1=t+h; d=1-8*h*t1*y
    if d<0: print(n,'no real root, disc',d); break
    yp=2*y/(1+mp.sqrt(d)); other=(1+mp.sqrt(d))/(4*h*t1)
    print(n, mp.nstr(t1,3), mp.nstr(yp,20), 'other root', mp.nstr(other,12), 'exact', mp.nstr(1/(1-t1**2),12))
    y=yp; t=t1
