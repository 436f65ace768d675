import mpmath as mp
mp.mp.dps=50
f=lambda t,y:2*t*y*y
def irk(A,b,c,n,h):
    t=mp.mpf(0); y=mp.mpf(1); s=len(b)
    for i in range(n):
        k0=[f(t,y)]*s
        G=lambda *k: [k[i]-f(t+c[i]*h, y+h*sum(A[i][j]*k[j] for j in range(s))) for i in range(s)]
        k=mp.findroot(G,k0)
        k=[k[i] for i in range(s)]
        y=y+h*sum(b[i]*k[i] for i in range(s)); t+=h
    return y
h=mp.mpf(1)/10
g=1-1/mp.sqrt(2)
S2=([[g,0],[1-g,g]],[1-g,g],[g,1])
g3=mp.findroot(lambda x:x**3-3*x**2+mp.mpf(3)/2*x-mp.mpf(1)/6,0.4358)
b1=-(6*g3**2-16*g3+1)/4; b2=(6*g3**2-20*g3+5)/4
S3=([[g3,0,0],[(1-g3)/2,g3,0],[b1,b2,g3]],[b1,b2,g3],[g3,(1+g3)/2,1])
L=([[0,0,0],[mp.mpf(5)/24,mp.mpf(1)/3,-mp.mpf(1)/24],[mp.mpf(1)/6,mp.mpf(2)/3,mp.mpf(1)/6]],[mp.mpf(1)/6,mp.mpf(2)/3,mp.mpf(1)/6],[0,mp.mpf(1)/2,1])
s6=mp.sqrt(6)
R5=([[(88-7*s6)/360,(296-169*s6)/1800,(-2+3*s6)/225],[(296+169*s6)/1800,(88+7*s6)/360,(-2-3*s6)/225],[(16-s6)/36,(16+s6)/36,mp.mpf(1)/9]],[(16-s6)/36,(16+s6)/36,mp.mpf(1)/9],[(4-s6)/10,(4+s6)/10,1])
for name,(A,b,c) in [('sdirk2',S2),('sdirk3',S3),('lobatto4',L),('radau5',R5)]:
    print(name, mp.nstr(irk(A,b,c,5,h),25))
print('exact 0.5', mp.mpf(4)/3)
