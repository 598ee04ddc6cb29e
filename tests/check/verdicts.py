#!/usr/bin/env python3
# Every judging path gives one sign and one verdict, for every kind of
# run: from a real run file of each kind (tests/data/kinds: the catalog
# higher- and lower-is-better, a command in seconds and in /s, a suite
# row with its direction, imports of hyperfine, Google Benchmark,
# lmbench3, UnixBench and BYTE, a fleet's host file), series of 12 runs
# are made whose test steps by 15% at run 12, once the worse way and once
# the better (which way is worse is said here, from what the test is,
# never asked of sysmark); some kinds again with their recorded direction
# taken out, as files written before sysmark recorded it.  Then:
#   compare (text and -f json) of runs 0-11 against 12-23, --fail-on worse,
#   history (text, -f json, -f bmf by the direction its measure names,
#   -f otava by the direction -f otava-config gives its column) of the
#   24, and history --fail-on
#   change of runs 0-12, 0-13, 0-14 and 0-15, as the step's runs came
#   (worse when it trips at any),
# must all say worse for the worse step and better for the better one.
# The console's compare and History screens print compare_table() and
# history_verdict()/history_worse(), the very functions the text forms
# print (tests/e2e/console_verdicts.sh drives them too).  Any path that
# gives the other sign or verdict, or finds no step (the step is 15% in
# noise under 1%: any search must find it), is named and the exit status
# is 1.
#
#   verdicts.py SYSMARK DATA_DIR TMP_DIR [KIND...]
#   verdicts.py --series DATA_DIR OUT KIND WAY SEED [STEP]  (one series)
# SPDX-License-Identifier: MIT

import csv
import datetime
import io
import json
import os
import random
import re
import subprocess
import sys

import yaml

# kind: (template, test, lower is better, also as an old file)
KINDS = {
    "catalog-higher": ("cat_higher.csv", "syscall", False, False),
    "catalog-lower": ("cat_lower.csv", "lat_syscall", True, False),
    "command-seconds": ("cmd_seconds.csv", "true", True, True),
    "command-rate": ("cmd_rate.csv", "rate", False, True),
    "suite-ms": ("suite_ms.csv", "ms", True, True),
    "hyperfine": ("hyperfine.csv", "sleep", True, True),
    "gbench": ("gbench.csv", "BM_memset-64", True, True),
    "lmbench3": ("lmbench3.csv", "lat_pipe", True, False),
    "unixbench": ("unixbench.csv", "pipe", False, False),
    "byte": ("byte.csv", "execl", False, False),
    "fleet-host": ("fleet_host.csv", "pipe", False, False),
}
# What history says when its search finds no step at all: a failure, as
# a verdict turned round is.  (A chance correlation of 24 runs used to
# blind the search to this step: doc/history.md, step 11.)
MISSED = ("no step", "1 series, no step")
RUNS = 24
STEP_AT = 12
GATE_RUNS = 4	# the gate asked as each of the step's first runs came
STEP = 0.15


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.reader(f))


def scale_row(row, factor):
    """A sample row with its figure (and per-copy figures) scaled."""
    row = list(row)
    if len(row) > 11 and row[10] != "ok":
        return row
    v = float(row[2]) * factor
    row[2] = "%.9g" % v
    if len(row) > 12 and row[12] != "":
        parts = re.split(r"([;| ])", row[12])
        row[12] = "".join("%.9g" % (float(p) * factor)
                          if re.match(r"^[-+0-9.eE]+$", p) else p
                          for p in parts)
    return row


def means(rows):
    """Each test's mean figure in rows."""
    v = {}
    for r in rows:
        if r and r[0] == "sample" and (len(r) < 12 or r[10] == "ok"):
            v.setdefault(r[1], []).append(float(r[2]))
    return {t: sum(x) / len(x) for t, x in v.items()}


def series(template, test, factor_of, out, old, seed):
    """RUNS run files from template in out, a day apart: each sample of
    a test its template's mean with a little noise (the template's own
    spread left behind), run i's test times factor_of(i)."""
    rows = read_rows(template)
    mean = means(rows)
    os.makedirs(out, exist_ok=True)
    paths = []
    for i in range(RUNS):
        rng = random.Random(seed * 1000 + i)
        level = 1.0	# runs differ by their samples alone, as the model has it
        when = datetime.datetime(2026, 1, 1, 3) + datetime.timedelta(days=i)
        body = []
        dated = False
        for r in rows:
            if r and r[0] == "meta" and r[1] == "date":
                r = list(r)
                r[2] = when.strftime("%Y-%m-%dT%H:%M:%S+0000")
                dated = True
            if r and r[0] == "meta" and old and r[1].startswith("dir:"):
                continue
            if r and r[0] == "sample" and r[1] != test:
                continue	# one test a file: no host's pooled figures
            if r and r[0] == "sample" and r[1] in mean:
                f = level * (1 + rng.gauss(0, 0.004)) * mean[r[1]]
                if r[1] == test:
                    f *= factor_of(i)
                r = scale_row(r, f / float(r[2]))
            body.append(r)
        if not dated:
            date = ["meta", "date", when.strftime("%Y-%m-%dT%H:%M:%S+0000")]
            date += [""] * (len(rows[0]) - 3)
            body.insert(2, date)
        path = os.path.join(out, "run-%02d.csv" % i)
        with open(path, "w", newline="") as f:
            csv.writer(f, lineterminator="\n").writerows(body)
        paths.append(path)
    return paths


class Paths:
    """Each judging path's verdict on the test: 'worse' or 'better'."""

    def __init__(self, bin, tmp, test):
        self.bin = bin
        self.test = test
        self.env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "c"),
                        SYSMARK_RESULTS=tmp)

    def run(self, *args):
        p = subprocess.run([self.bin] + list(args), capture_output=True,
                           text=True, env=self.env, timeout=120)
        return p.returncode, p.stdout, p.stderr

    def glob(self):
        return "".join("[%s]" % c if c in "*?[]" else c for c in self.test)

    def compare_text(self, a, b):
        rc, out, _ = self.run("compare", "-p", "none", "-t", self.glob(),
                              *a, "--", *b)
        for line in out.splitlines():
            m = re.search(r"^\S.*\s(worse|better)(\s\s|$)", line)
            if m:
                return m.group(1)
        return "none (status %d)" % rc

    def compare_json(self, a, b):
        _, out, _ = self.run("compare", "-p", "none", "-t", self.glob(),
                             "-f", "json", *a, "--", *b)
        try:
            lines = json.loads(out)["comparisons"][0]["lines"]
        except (ValueError, KeyError, IndexError):
            return "no document"
        v = [x["verdict"] for x in lines if x["id"] == self.test]
        return v[0] if v else "no line"

    def compare_gate(self, a, b):
        rc, _, err = self.run("compare", "-p", "none", "-t", self.glob(),
                              "--fail-on", "worse", *a, "--", *b)
        return {5: "worse", 0: "better"}.get(rc, "status %d" % rc)

    def history_text(self, d):
        _, out, _ = self.run("history", "-t", self.glob(), d)
        # A cell wrapped onto the next lines joined again.
        for line in re.sub(r"\n +", " ", out).splitlines():
            m = re.search(r"\] (worse|better)(\s|$)", line)
            if m and line.split()[0] == self.test:
                return m.group(1)
        return "no step"

    def history_json(self, d, lower):
        _, out, _ = self.run("history", "-f", "json", "-t", self.glob(), d)
        try:
            s = [x for x in json.loads(out)["series"]
                 if x["id"] == self.test]
        except (ValueError, KeyError):
            return "no document"
        if len(s) != 1 or not s[0]["change_points"]:
            return "%d series, no step" % len(s)
        if s[0]["better"] != ("lower" if lower else "higher"):
            return "says %s is better" % s[0]["better"]
        cp = s[0]["change_points"][-1]
        if cp["index"] != STEP_AT:
            return "a step at %d" % cp["index"]
        return "worse" if cp["worse"] else "better"

    def history_bmf(self, d, lower, first):
        """The newest figure against the first, judged by the way the
        BMF measure says is better (its name: "s (lower is better)")."""
        _, out, _ = self.run("history", "-f", "bmf", "-t", self.glob(), d)
        try:
            m = [v for k, v in json.loads(out).items()
                 if k.split()[0] == self.test]
            (measure, metric), = m[0].items()
            value = metric["value"]
        except (ValueError, IndexError, KeyError, AttributeError):
            return "no metric"
        said = re.search(r"\((lower|higher) is better\)$", measure)
        if said is None:
            return "a measure with no direction (%s)" % measure
        up = value > first
        return "worse" if up == (said.group(1) == "lower") else "better"

    def history_otava(self, d):
        """Otava's CSV judged as Otava would, by the direction that
        -f otava-config gives its column: the newest figure against the
        first."""
        _, out, _ = self.run("history", "-f", "otava", "-t", self.glob(), d)
        _, conf, _ = self.run("history", "-f", "otava-config", "-t",
                              self.glob(), d)
        try:
            rows = list(csv.reader(io.StringIO(out)))
            col = [i for i, c in enumerate(rows[0])
                   if c.split()[0] == self.test][0]
            metrics = yaml.safe_load(conf)["tests"]["sysmark"]["metrics"]
            direction = metrics[rows[0][col]]["direction"]
            first, last = float(rows[1][col]), float(rows[-1][col])
        except (ValueError, IndexError, KeyError, TypeError,
                yaml.YAMLError):
            return "no column"
        return "worse" if direction * (last - first) < 0 else "better"

    def history_gate(self, dirs):
        """The gate over the series as each run of the step came: it
        trips at the run that makes the step found, whichever that is
        (one run alone may not be), so "worse" if it trips at any."""
        said = "better"
        for d in dirs:
            rc, _, _ = self.run("history", "--fail-on", "change", "-t",
                                self.glob(), d)
            if rc not in (0, 5):
                return "status %d" % rc
            said = "worse" if rc == 5 else said
        return said


def first_figure(path, test):
    return means(read_rows(path))[test]


def template_test(path, test):
    """A template's test must have a figure: a fixture's mistake, else."""
    if test not in means(read_rows(path)):
        raise SystemExit("%s: no figure of %s" % (path, test))


def make(data, out, kind, old, way, seed, step=STEP):
    """The series of kind in out whose step at STEP_AT goes way: its
    run files."""
    template, test, lower, _ = KINDS[kind]
    template_test(os.path.join(data, template), test)
    up = (way == "worse") == lower
    factor = 1 + step if up else 1 / (1 + step)
    return series(os.path.join(data, template), test,
                  lambda i: factor if i >= STEP_AT else 1.0, out, old, seed)


def check(bin, data, tmp, kind, old, way, seed):
    template, test, lower, _ = KINDS[kind]
    name = "%s%s-%s-%d" % (kind, "-old" if old else "", way, seed)
    out = os.path.join(tmp, name)
    paths = make(data, out, kind, old, way, seed)
    gates = []
    for end in range(STEP_AT + 1, STEP_AT + 1 + GATE_RUNS):
        gates.append(os.path.join(out, "gate-%d" % end))
        os.makedirs(gates[-1])
        for p in paths[:end]:
            os.link(p, os.path.join(gates[-1], os.path.basename(p)))
    p = Paths(bin, tmp, test)
    a, b = paths[:STEP_AT], paths[STEP_AT:]
    got = {
        "compare": p.compare_text(a, b),
        "compare -f json": p.compare_json(a, b),
        "compare --fail-on worse": p.compare_gate(a, b),
        "history": p.history_text(out),
        "history -f json": p.history_json(out, lower),
        "history -f bmf": p.history_bmf(out, lower,
                                        first_figure(paths[0], test)),
        "history -f otava, -f otava-config": p.history_otava(out),
        "history --fail-on change": p.history_gate(gates),
    }
    # The gate has nothing to trip on where the search found no step.
    searched = ("history", "history -f json")
    all_missed = all(got[k] in MISSED for k in searched)
    if all_missed and got["history --fail-on change"] == "better":
        got["history --fail-on change"] = "no step"
    bad = {k: v for k, v in got.items() if v != way}
    for k, v in sorted(bad.items()):
        print("%s: %s %s, not %s" % (name, k, "found " + v if v in MISSED
                                     else "says " + v, way))
    return not bad


def main():
    if sys.argv[1] == "--series":
        # verdicts.py --series DATA_DIR OUT KIND WAY SEED [STEP]: one
        # series, for the console's screens (tests/e2e/console_verdicts.sh).
        data, out, kind, way, seed = sys.argv[2:7]
        step = float(sys.argv[7]) if len(sys.argv) > 7 else STEP
        make(data, out, kind, False, way, int(seed), step)
        print(KINDS[kind][1])
        return 0
    bin, data, tmp = sys.argv[1:4]
    kinds = sys.argv[4:] or list(KINDS)
    ok = True
    seed = 1
    for kind in kinds:
        for old in (False, True) if KINDS[kind][3] else (False,):
            for way in ("worse", "better"):
                ok &= check(bin, data, tmp, kind, old, way, seed)
                seed += 1
    n = sum(2 * (2 if KINDS[k][3] else 1) for k in kinds)
    print("verdicts: %d series, %s" % (n, "all paths agree" if ok else
                                       "paths disagree"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
