"""The mpmath twin of verify.engines.methods.multirate: frozen-slow and midpoint-sampled multirate Euler.

The slow block takes one Euler step of size H, the fast block m Euler steps of size H/m with the slow
variables frozen (or sampled on the slow Euler line at the micro-step midpoints).
"""
from __future__ import annotations

import mpmath

from verify.engines.crosscheck import to_mp


def advance(system, t, y, options, names, trace, midpoint):
    """One macro step H; ``midpoint`` samples the slow block at the micro-step midpoints instead of freezing it."""
    H = to_mp(options["H"])
    m = int(options["m"])
    h = H / m
    slow, fast = system.blocks["slow"], system.blocks["fast"]
    f = system.f(t, y, "slow")
    x_new = {i: y[i] + H * f[k] for k, i in enumerate(slow)}
    for i in slow:
        trace.setdefault(names[i], []).append(x_new[i])
    z = list(y)
    for j in range(m):
        if midpoint:
            s = (j + mpmath.mpf(1) / 2) * h
            sample = list(z)
            for k, i in enumerate(slow):
                sample[i] = y[i] + s * f[k]
            g = system.f(t + s, sample, "fast")
        else:
            g = system.f(t + j * h, z, "fast")
        for k, i in enumerate(fast):
            z[i] = z[i] + h * g[k]
            trace.setdefault(names[i], []).append(z[i])
    result = list(z)
    for i in slow:
        result[i] = x_new[i]
    return t + H, result
