import mpmath as mp
mp.mp.dps=60
f=lambda t,y: 2*t*y*y
h=mp.mpf(1)/20
def trap(n):
    t=mp.mpf(0); y=mp.mpf(1)
    for i in range(n):
        t1=t+h; c=y+h*t*y*y; y=(1-mp.sqrt(1-4*h*t1*c))/(2*h*t1); t=t1
    return y
def imid(n):
    t=mp.mpf(0); y=mp.mpf(1)
    for i in range(n):
        a=h*(t+h/2); Y=(1-mp.sqrt(1-4*a*y))/(2*a); y=2*Y-y; t+=h
    return y
def irk(A,b,c,n,hh=h):
    t=mp.mpf(0); y=mp.mpf(1); s=len(b)
    for i in range(n):
        k=[f(t,y)]*s
        def G(*k):
            return [k[i]-f(t+c[i]*hh, y+hh*sum(A[i][j]*k[j] for j in range(s))) for i in range(s)]
        k=mp.findroot(G,k)
        k=[k[i] for i in range(s)] if s>1 else [k]
        y=y+hh*sum(b[i]*k[i] for i in range(s)); t+=hh
    return y
print('trap 1,10', mp.nstr(trap(1),25), mp.nstr(trap(10),25))
print('imid 1,10', mp.nstr(imid(1),25), mp.nstr(imid(10),25))
s3=mp.sqrt(3)
G=[[mp.mpf(1)/4, mp.mpf(1)/4-s3/6],[mp.mpf(1)/4+s3/6, mp.mpf(1)/4]]; gb=[mp.mpf(1)/2]*2; gc=[mp.mpf(1)/2-s3/6, mp.mpf(1)/2+s3/6]
R=[[mp.mpf(5)/12, -mp.mpf(1)/12],[mp.mpf(3)/4, mp.mpf(1)/4]]; rb=[mp.mpf(3)/4, mp.mpf(1)/4]; rc=[mp.mpf(1)/3, 1]
print('gauss4 1,10', mp.nstr(irk(G,gb,gc,1),25), mp.nstr(irk(G,gb,gc,10),25))
print('radau3 1,10', mp.nstr(irk(R,rb,rc,1),25), mp.nstr(irk(R,rb,rc,10),25))
print('exact 0.05, 0.5', 1/(1-mp.mpf('0.05')**2), 1/(1-mp.mpf('0.25')))
