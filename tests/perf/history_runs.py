#!/usr/bin/env python3
# Synthetic saved runs for sysmark history, in the real run file format
# (format 3, as src/core/store/csvstore_write.c writes it): N runs a day apart
# on one host, every test of the catalog (or those named), 6 counted
# samples and a warm-up each, a spread between runs and within them, and
# steps injected where asked.  For history's tests and its timing at
# 10,000 runs (tests/perf/history_scale.sh).
#
#   history_runs.py OUT --runs N [--host H] [--seed S] [--noise PCT]
#       [--tests ID,...|--sysmark PATH] [--step ID@RUN:PCT]...
#       [--commit] [--label] [--copies C] [--version ID:V] [--first N]
#       [--stray ID@RUN:PCT]... [--busy RUN]...
#
# --step syscall@20:-5 makes syscall 5% lower from run 20 (0-based) on;
# --stray syscall@10:-50 makes run 10 alone 50% lower (a noisy
# neighbour's minute), the runs after it as they were; --busy 29 marks
# run 29's samples as taken on a busy machine (1.5 others runnable: the
# flag B), its figures as they would be.
# SPDX-License-Identifier: MIT

import argparse
import csv
import datetime
import os
import random
import subprocess
import sys

HEAD = ("record,name,value,version,copies,sample,unit,duration,elapsed,"
        "iterations,status,reason,per_copy,repeat,busy,freq_mhz,temp_c,"
        "session\n")


def catalog(args):
    """(id, unit, version) of each test: named, or from sysmark list."""
    if args.tests:
        return [(t, "lps", 1) for t in args.tests.split(",")]
    out = subprocess.run([args.sysmark, "list", "-f", "csv"], check=True,
                         capture_output=True, text=True).stdout
    tests = []
    for f in list(csv.reader(out.splitlines()))[1:]:
        if len(f) >= 4 and f[1] and f[2]:
            tests.append((f[0], f[2], int(f[3])))
    return tests


def meta(key, value):
    return "meta,%s,%s%s\n" % (key, value, "," * 15)


def run_file(args, tests, steps, i, rng):
    when = (datetime.datetime(2026, 1, 1, 3, 0, 0) +
            datetime.timedelta(hours=6 * i))
    rows = [HEAD, meta("format", 3), meta("hostname", args.host),
            meta("os", "Linux 6.1.0 x86_64"),
            meta("cpu_model", "Synthetic CPU"), meta("cpus", 2),
            meta("date", when.strftime("%Y-%m-%dT%H:%M:%S+0000")),
            meta("sysmark_version", "0.1.0")]
    if args.label:
        rows.append(meta("label", "build-%d" % i))
    if args.commit:
        rows.append(meta("commit", "c%05d" % i))
    busy = "1.5" if i in args.busy else "0"
    for t, unit, ver in tests:
        ver = args.versions.get(t, ver)
        level = 1000.0 * (1 + (hash(t) % 97) / 10.0)
        for sid, at, pct in steps:
            if sid == t and i >= at:
                level *= 1 + pct / 100.0
        for sid, at, pct in args.strays:
            if sid == t and i == at:
                level *= 1 + pct / 100.0
        # Half the noise between runs, half within a run's samples.
        run_level = level * (1 + rng.gauss(0, args.noise / 100.0 / 1.4))
        for s in range(7):
            v = run_level * (1 + rng.gauss(0, args.noise / 100.0 / 1.4 *
                                           2.45))
            v = "%.6g" % max(v, 1e-3)
            rows.append("sample,%s,%s,%d,%d,%d,%s,10,10.0003,%d,ok,,%s,1,"
                        "%s,2400,45.0,1\n" % (t, v, ver, args.copies, s,
                                              unit, int(float(v) * 10), v,
                                              busy))
    return "".join(rows)


def parse_at(specs):
    """ID@RUN:PCT specs as (id, run, pct)."""
    out = []
    for s in specs:
        t, rest = s.split("@")
        at, pct = rest.split(":")
        out.append((t, int(at), float(pct)))
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--runs", type=int, required=True)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--host", default="synthbox")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--noise", type=float, default=1.0)
    p.add_argument("--tests")
    p.add_argument("--sysmark", default="./sysmark")
    p.add_argument("--step", action="append", default=[])
    p.add_argument("--stray", action="append", default=[])
    p.add_argument("--commit", action="store_true")
    p.add_argument("--label", action="store_true")
    p.add_argument("--copies", type=int, default=1)
    p.add_argument("--version", action="append", default=[])
    p.add_argument("--busy", action="append", type=int, default=[])
    args = p.parse_args()
    args.versions = {v.split(":")[0]: int(v.split(":")[1])
                     for v in args.version}
    steps = parse_at(args.step)
    args.strays = parse_at(args.stray)
    tests = catalog(args)
    os.makedirs(args.out, exist_ok=True)
    for i in range(args.first, args.first + args.runs):
        rng = random.Random(args.seed * 1000003 + i)
        name = os.path.join(args.out, "%s-%05d.csv" % (args.host, i))
        with open(name, "w") as f:
            f.write(run_file(args, tests, steps, i, rng))
    return 0


if __name__ == "__main__":
    sys.exit(main())
