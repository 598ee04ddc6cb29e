#!/usr/bin/env python3
# sysmark's change-point search beside Apache Otava's, on the same
# synthetic series with known steps (doc/history.md).
#
#   changepoint_vs_otava.py --eval BUILD/changepoint_eval --otava DIR
#       [--series 1000] [--flat 200] [--seed 1] [--rho R] [--dips P]
#       [--only sysmark] [--issue] [--strays P] [--real FILE...]
#
# DIR is a checkout of github.com/apache/otava kept OUTSIDE this
# repository; its module is imported from there, run with Debian's
# python3-numpy and python3-scipy, and never copied here.
#
# Each series has 10-200 runs and 1-3 steps of 1-20% (at least 5 runs
# apart), noise of 1-10% per run (half between runs, half within a run,
# whose 6 samples give it its own interval: what sysmark sees); --flat
# more series have no step.  A change found within +-2 runs of a true one
# counts (each true step matched once).
#
# Runs taken minutes apart on one host are not independent: --rho R
# makes the between-run noise an AR(1) series (neighbours correlated R,
# its variance unchanged), and --dips P makes each run, with
# probability P, 5-20% low (the host's slow minutes).  --only sysmark
# leaves Otava out (the --otava DIR is then not read).
#
# --issue draws the series the stray-run target is set on instead:
# 20-80 runs, 1-3 steps of 2-20%, noise of 1-6%.  --strays P then
# scores every method twice, on the series as drawn and on the same
# series with each run but the newest, with probability P, made a stray
# (25-60% low: a noisy neighbour's minute; the newest is left alone, as
# no method can tell a newest stray from a step).  --real FILE... takes
# the noise's shape from real run files: each test's samples as
# deviations from their run's mean, scaled to unit spread, drawn instead
# of a normal deviate (their tails are a real host's, not Gauss's).
#
# The eval program is built from the core's optimised objects:
#   make sysmark && mkdir -p build/perf && cc -std=c11 -O2 \
#     -D_POSIX_C_SOURCE=200809L -o build/perf/changepoint_eval \
#     tests/perf/changepoint_eval.c $(ls build/obj/src/core/*/*.o \
#     build/obj/src/bench/*.o) -lformw -lncursesw -lcsv -ljansson -lm
# SPDX-License-Identifier: MIT

import argparse
import csv
import random
import subprocess
import sys


# What a series is drawn from: runs, noise and step sizes (fractions).
WIDE = {"runs": (10, 200), "noise": (0.01, 0.10), "size": (0.01, 0.20)}
ISSUE = {"runs": (20, 80), "noise": (0.01, 0.06), "size": (0.02, 0.20)}


def real_deviates(paths):
    """Each real run's samples of a test as deviations from their mean,
    scaled to unit spread over them all."""
    groups = {}
    for path in paths:
        with open(path) as f:
            for row in csv.reader(f):
                if len(row) > 6 and row[0] == "sample":
                    try:
                        groups.setdefault((path, row[1], row[4]),
                                          []).append(float(row[2]))
                    except ValueError:
                        pass
    devs = []
    for xs in groups.values():
        if len(xs) >= 3:
            m = sum(xs) / len(xs)
            devs.extend(x / m - 1 for x in xs)
    sd = (sum(d * d for d in devs) / len(devs)) ** 0.5
    return [d / sd for d in devs]


def deviate(rng, real):
    return rng.choice(real) if real else rng.gauss(0, 1)


def place_steps(rng, n):
    k = rng.randint(1, 3)
    for _ in range(50):
        at = sorted(rng.sample(range(5, n - 1), min(k, n - 6)))
        if all(b - a >= 5 for a, b in zip(at, at[1:])):
            return at
    return [n // 2]


def make_series(rng, flat, rho=0.0, dips=0.0, kind=WIDE, real=None):
    n = rng.randint(*kind["runs"])
    noise = rng.uniform(*kind["noise"])
    steps = [] if flat else place_steps(rng, n)
    sizes = [rng.choice([-1, 1]) * rng.uniform(*kind["size"])
             for _ in steps]
    sb = sw = noise / 2 ** 0.5
    runs, rows = [], []
    drift = rng.gauss(0, 1) if rho else 0.0
    for i in range(n):
        level = 100.0
        for at, size in zip(steps, sizes):
            if i >= at:
                level *= 1 + size
        drift = rho * drift + (1 - rho * rho) ** 0.5 * deviate(rng, real)
        run = level * (1 + sb * drift)
        if dips and rng.random() < dips:
            run *= 1 - rng.uniform(0.05, 0.20)
        runs.append(run)
        rows.append([1 + deviate(rng, real) * sw * 6 ** 0.5
                     for _ in range(6)])
    s = {"steps": steps, "sizes": sizes, "noise": noise, "runs": runs,
         "rows": rows}
    summarise(s, [1.0] * n)
    return s


def summarise(s, factor):
    """Each run's mean and relative variance, its figure times factor."""
    s["values"], s["relvar"] = [], []
    for run, row, f in zip(s["runs"], s["rows"], factor):
        samples = [run * f * x for x in row]
        m = sum(samples) / 6
        var = sum((x - m) ** 2 for x in samples) / 5
        s["values"].append(m)
        s["relvar"].append(var / 6 / (m * m))


def with_strays(rng, series, p):
    """The same series, each run but the newest a stray with chance p."""
    out = []
    for s in series:
        n = len(s["runs"])
        factor = [1 - rng.uniform(0.25, 0.60) if i < n - 1 and
                  rng.random() < p else 1.0 for i in range(n)]
        t = dict(s)
        summarise(t, factor)
        t["strays"] = sum(f != 1.0 for f in factor)
        out.append(t)
    return out


def run_sysmark(path, series):
    text = []
    for i, s in enumerate(series):
        text.append("S %d %d\n" % (i, len(s["values"])))
        text.extend("%.17g %.17g\n" % vr
                    for vr in zip(s["values"], s["relvar"]))
    out = subprocess.run([path], input="".join(text), capture_output=True,
                         text=True, check=True).stdout
    found = [[] for _ in series]
    for line in out.splitlines():
        f = [int(x) for x in line.split()]
        found[f[0]] = f[1:]
    return found


def run_otava(path, series, pvalue):
    sys.path.insert(0, path)
    from otava.analysis import compute_change_points
    found = []
    for s in series:
        cps, _ = compute_change_points(s["values"], max_pvalue=pvalue)
        found.append([c.index for c in cps])
    return found


def score(series, found):
    tp = nfound = ntrue = flat_series = flat_calls = flat_total = 0
    for s, f in zip(series, found):
        nfound += len(f)
        if not s["steps"]:
            flat_total += 1
            flat_series += bool(f)
            flat_calls += len(f)
            continue
        ntrue += len(s["steps"])
        left = list(f)
        for t in s["steps"]:
            hit = [x for x in left if abs(x - t) <= 2]
            if hit:
                left.remove(min(hit, key=lambda x: abs(x - t)))
                tp += 1
    return {"precision": tp / nfound if nfound else 1.0,
            "recall": tp / ntrue if ntrue else 1.0, "found": nfound,
            "true": ntrue, "tp": tp, "flat_series": flat_series,
            "flat_calls": flat_calls, "flat_total": flat_total}


def by_size(series, found, lo, hi):
    sub = [(s, f) for s, f in zip(series, found) if s["steps"] and
           all(lo <= abs(z) < hi for z in s["sizes"])]
    return score([s for s, _ in sub], [f for _, f in sub])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--eval", required=True)
    p.add_argument("--otava", required=True)
    p.add_argument("--series", type=int, default=1000)
    p.add_argument("--flat", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rho", type=float, default=0.0)
    p.add_argument("--dips", type=float, default=0.0)
    p.add_argument("--only", choices=["sysmark"])
    p.add_argument("--issue", action="store_true")
    p.add_argument("--strays", type=float, default=0.0)
    p.add_argument("--real", nargs="+")
    a = p.parse_args()
    rng = random.Random(a.seed)
    kind = ISSUE if a.issue else WIDE
    real = real_deviates(a.real) if a.real else None
    series = [make_series(rng, False, a.rho, a.dips, kind, real)
              for _ in range(a.series)]
    series += [make_series(rng, True, a.rho, a.dips, kind, real)
               for _ in range(a.flat)]
    sets = [("", series)]
    if a.strays:
        sets.append((", strays", with_strays(rng, series, a.strays)))
        print("stray runs: %d in %d runs" % (
            sum(s["strays"] for s in sets[1][1]),
            sum(len(s["runs"]) for s in series)))
    res = {}
    for tag, ss in sets:
        res["sysmark" + tag] = (ss, run_sysmark(a.eval, ss))
        if not a.only:
            res["otava p=0.001 (default)" + tag] = (
                ss, run_otava(a.otava, ss, 0.001))
            res["otava p=0.05" + tag] = (ss, run_otava(a.otava, ss, 0.05))
    print("| method | precision | recall | found | true | flat series "
          "with a call | false calls on flat |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, (series, found) in res.items():
        r = score(series, found)
        print("| %s | %.3f | %.3f | %d | %d | %d of %d | %d |" % (
            name, r["precision"], r["recall"], r["found"], r["true"],
            r["flat_series"], r["flat_total"], r["flat_calls"]))
    print()
    print("| method | recall, steps 1-5% | 5-10% | 10-20% |")
    print("| --- | ---: | ---: | ---: |")
    for name, (series, found) in res.items():
        print("| %s | %s |" % (name, " | ".join(
            "%.3f" % by_size(series, found, lo, hi)["recall"]
            for lo, hi in ((0, .05), (.05, .10), (.10, .21)))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
