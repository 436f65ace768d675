"""John S. Butler, "Numerical Analysis for Differential Equations" (Jupyter Book, TU Dublin), Chapter 04 - Multistep
Methods: 403 "Adams Moulton Example" (john-s-butler-dit/Numerical-Analysis-Python) and 405 "Adams Predictor
Corrector Example" (john-s-butler-dit/NumericalAnalysisBook).  Both on y' = t - y, y(0) = 1, h = 0.5, with
w_1 = y(0.5) = 2 e^(-1/2) - 1/2 from the exact solution y = 2 e^(-t) + t - 1: 403 runs the 2-step Adams-Moulton
method (w_{n+1} = w_n + h/12 (5 f_{n+1} + 8 f_n - f_{n-1})) and prints w_2..w_4 to 6 decimals; 405 predicts with
2-step Adams-Bashforth and corrects once with the trapezoidal rule and prints predictors and correctors to 6 decimals.
Found and first recomputed by an external review of 2026-12-07; recomputed again here with mpmath at 50 digits."""
from lib import *
from mpmath import exp

f = lambda t, y: t - y
h = mpf(1) / 2
start = [mpf(1), 2 * exp(-h) - h]
y = adams_moulton(f, mpf(0), h, start, 2, 4)
print("403 AM2 reproduced:", compare("AM2", y[1:], ["0.713061", "0.738241", "0.949135", "1.273255"], 6))
y, predictors = abm(f, mpf(0), h, start, 2, 4)
print("405 correctors reproduced:", compare("ABM2", y[1:], ["0.713061", "0.708980", "0.911607", "1.238669"], 6))
print("405 predictors reproduced:", compare("AB2 predictor", predictors, ["0.803265", "0.980510", "1.280147"], 6))
