"""John S. Butler, "Numerical Analysis for Differential Equations" (Jupyter Book, TU Dublin),
Chapter 04 - Multistep Methods, 402_Adams Bashforth Population Equations, section 3 "Non-Linear Population
Equation with an oscilation": 2-step Adams-Bashforth on y' = 0.2 y - 0.01 y^2 + sin(2 pi t), y(2000) = 6,
N = 20 steps on 2000 <= t <= 2020 (so h = 1, as the code's N = 20 and the printed times 2000.0, 2001.0, ... show;
the text's "h = 0.1, 200 steps" does not match the code), w_1 = 6.11 given.  The printed table (6 decimals) is the
notebook's published output (GitHub john-s-butler-dit/NumericalAnalysisBook, commit 541d8d6e).
Recomputed with mpmath at 50 digits."""
from lib import *
from mpmath import sin, pi

f = lambda t, y: y / 5 - y ** 2 / 100 + sin(2 * pi * t)
printed = ["6.110000", "6.963018", "7.900330", "8.880317", "9.883555", "10.889620", "11.877816", "12.828881",
           "13.726473", "14.558187", "15.315964", "15.995957", "16.597982", "17.124739", "17.580977", "17.972719",
           "18.306611", "18.589435", "18.827758", "19.027711"]
y = adams_bashforth(f, mpf(2000), mpf(1), [mpf(6), mpf('6.11')], 2, 20)
ok = compare("AB2", y[1:], printed, 6)
print("all reproduced:", ok)
print("note: sin(2 pi t) = 0 exactly at every node t = 2000, 2001, ...; the run equals AB2 on the logistic equation")
