#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Welch's t-test on the times of two hyperfine --export-json files (the
first command's of each): prints t, the Welch-Satterthwaite degrees of
freedom and the two-sided p.  Written from the published formulas (Welch
1947; the t distribution's tail through the regularized incomplete beta
function, evaluated by its continued fraction, Lentz's method), no
library's code; tests/perf/commands_aa.sh counts its p < 0.05.

  welch.py A.json B.json
"""
import json
import math
import sys


def betacf(a, b, x):
    """The continued fraction of the incomplete beta function."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-14:
            break
    return h


def ibeta(a, b, x):
    """I_x(a, b), the regularized incomplete beta function."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lbt = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) +
           a * math.log(x) + b * math.log(1 - x))
    if x < (a + 1) / (a + b + 2):
        return math.exp(lbt) * betacf(a, b, x) / a
    return 1.0 - math.exp(lbt) * betacf(b, a, 1 - x) / b


def welch(x, y):
    nx, ny = len(x), len(y)
    mx, my = sum(x) / nx, sum(y) / ny
    vx = sum((v - mx) ** 2 for v in x) / (nx - 1)
    vy = sum((v - my) ** 2 for v in y) / (ny - 1)
    se2 = vx / nx + vy / ny
    t = (mx - my) / math.sqrt(se2)
    df = se2 ** 2 / ((vx / nx) ** 2 / (nx - 1) + (vy / ny) ** 2 / (ny - 1))
    return t, df, ibeta(df / 2, 0.5, df / (df + t * t))


def times(path):
    return json.load(open(path))["results"][0]["times"]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: welch.py A.json B.json")
    t, df, p = welch(times(sys.argv[1]), times(sys.argv[2]))
    print("t %.4f df %.1f p %.4g" % (t, df, p))


main()
