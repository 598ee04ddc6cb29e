#!/usr/bin/env python3
"""How many bugs nobody listed would the unit tests catch?

    python3 tests/mutate/sample.py [-n 100] [--seed N] [--list]
        [--only IDENT]... [--limit SECONDS] [--work DIR] [--out FILE]
        [--resume] [--no-e2e] [--e2e-budget SECONDS]

Every mutant the operators of operators.py make over src/ and ui/ is
listed, and a random sample of n (100) is drawn from them with a seed
that is printed (--seed replays a sample on the same tree).  The draw
takes as many of each operator (ror, lcr, aor, crp, sdl, rvr) as it
can: drawn from all mutants alike, constants would be four in ten of
the sample, most of them buffer sizes.  Each mutant is planted in a copy
of the tree, built with the sanitizers as `make test` builds, and the
unit programs that run its line (coverage.py says which) are run
against it, the fastest first, until one fails.  Each ends as one of

  killed          a program failed, and failed again when rerun
  timed out       a program ran past its bound (5 times its own time
                  in the coverage run plus 60 s, at most --limit)
  survived        every program that runs the line passed, or none runs
                  it ("no program runs it"), or --budget ran out first;
                  one that no unit program runs goes to the e2e scripts
                  of make test whose own coverage run ran its line (the
                  console, the fleet's ssh sessions and agent, most of
                  src/cmd: only they reach them), the fastest first, each
                  bounded as a program is, --e2e-budget (900 s) for
                  all of them; it survives if none fails
  didn't compile  the compiler refused it (-Werror): not counted
  equivalent      listed in tests/mutate/equivalent, with why: it
                  cannot change what the program does; not counted

and the score is killed and timed out over the others counted.  The
load is printed at the start and the end: run it with nice -n 19 on a
shared machine; it builds one mutant at a time (make -j2 only for the
copies' first builds).  --list prints the sample and stops; --only runs
the mutants named (as the listing names them) instead of a sample.
--resume goes on with a run that was stopped: the mutants its --out
holds keep the results they have there, the rest of the sample (in the
same order, from the same --seed, on the same tree) is judged.

While the file --quiet names exists (/tmp/sysmark-quiet: the host is
kept quiet for a measurement), nothing starts, no mutant, build or
program: it waits, checking every 10 s, and says so once per window.  A
program already running finishes.  No bound, budget or time printed
counts the wait.
"""

import argparse
import datetime
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

# No __pycache__ left in the tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import coverage  # noqa: E402
import operators  # noqa: E402
import mutbuild  # noqa: E402
from mutbuild import Tree, copy_tree, run, sources  # noqa: E402

ORDER = ["ror", "lcr", "aor", "crp", "sdl", "rvr"]


def log(msg):
    print(msg, flush=True)


def load():
    return "%.1f %.1f %.1f" % os.getloadavg()


def args_parse(argv):
    p = argparse.ArgumentParser(
        prog="sample.py", description="mutation score of a random sample")
    p.add_argument("-n", type=int, default=100, help="mutants (100)")
    p.add_argument("--seed", type=int, help="replay the sample of SEED")
    p.add_argument("--list", action="store_true",
                   help="print the sample and stop")
    p.add_argument("--only", action="append", default=[],
                   help="run the mutant 'IDENT WHAT' as --list names it "
                   "(FILE:LINE:COL:OP OLD -> NEW), or every mutant of "
                   "the site IDENT")
    p.add_argument("--limit", type=int, default=600,
                   help="seconds at most for one program's run (600)")
    p.add_argument("--budget", type=int, default=0,
                   help="seconds of runs at most for one mutant: a program "
                   "whose time does not fit in what is left is not run, "
                   "and a mutant none of the run ones caught counts as "
                   "survived (0: no bound)")
    p.add_argument("--work", help="the copies' directory (kept)")
    p.add_argument("--out", help="write one line per mutant here (TSV)")
    p.add_argument("--resume", action="store_true",
                   help="go on with the sample of --seed whose mutants "
                   "--out holds already: those are counted as judged "
                   "there, the others judged and added")
    p.add_argument("--programs", help="only these unit programs "
                   "(test_a,test_b; default all)")
    p.add_argument("--equivalent", default="tests/mutate/equivalent",
                   help="the triaged equivalent mutants")
    p.add_argument("--no-e2e", dest="e2e", action="store_false",
                   help="leave a mutant no unit program runs survived, "
                   "untried by the e2e scripts")
    p.add_argument("--scripts", help="only these e2e scripts "
                   "(a.sh,b.sh; default all but those E2E_SKIP names)")
    p.add_argument("--e2e-budget", type=int, default=900,
                   help="seconds of e2e scripts at most for one mutant "
                   "(900): a script whose time does not fit is not run")
    p.add_argument("--quiet", default="/tmp/sysmark-quiet",
                   help="start nothing while this file exists "
                   "(/tmp/sysmark-quiet; '' for no such wait)")
    a = p.parse_args(argv)
    if a.n < 1 or a.limit < 1:
        p.error("-n and --limit must be positive")
    if a.resume and (a.seed is None or not a.out):
        p.error("--resume goes on with a --seed whose --out it names")
    return a


def enumerate_all(tree):
    """Every mutant of every file, in file order."""
    files, _ = sources(tree)
    found = []
    for f in files:
        with open(os.path.join(tree, f)) as fh:
            found += operators.mutants(f, fh.read())
    return found


def draw(found, n, seed):
    """n mutants, as evenly over the operators as they allow."""
    rng = random.Random(seed)
    groups = {op: [m for m in found if m.op == op] for op in ORDER}
    quota = {op: 0 for op in ORDER}
    left = n
    while left > 0 and any(quota[op] < len(groups[op]) for op in ORDER):
        for op in ORDER:
            if left > 0 and quota[op] < len(groups[op]):
                quota[op] += 1
                left -= 1
    picked = []
    for op in ORDER:
        picked += rng.sample(groups[op], quota[op])
    picked.sort(key=lambda m: (m.path, m.start, m.op, m.new))
    return picked


def read_equivalent(path):
    """(file, what, line text) -> why, from the triage list."""
    eq = {}
    if not os.path.exists(path):
        return eq
    with open(path) as fh:
        for raw in fh:
            if raw.startswith("#") or not raw.strip():
                continue
            f = raw.rstrip("\n").split("\t")
            if len(f) != 4:
                raise SystemExit("%s: not 4 fields: %s" % (path, raw))
            eq[(f[0], f[1], blanks(f[2]))] = f[3]
    return eq


def blanks(text):
    """text with each run of blanks one space, none at its ends: a line
    of the tree (whose declarations align with tabs) as the triage list,
    whose fields tabs separate, can write it."""
    return " ".join(text.split())


def line_text(text, m):
    start = text.rfind("\n", 0, m.start) + 1
    end = text.find("\n", m.start)
    return blanks(text[start:end])


class Programs:
    """The unit programs: their time in the coverage run (where each
    passed on the unmodified tree), which run the sysmark binary, and
    how long each may take under a mutant."""

    noun = "programs"

    def __init__(self, tree, names, limit, budget=0):
        self.tree = tree
        self.limit = limit
        self.budget = budget
        self.secs = {}
        self.flaky = set()
        self.bin = set()
        self.built = set()
        for name in names:
            with open(os.path.join(tree.path, "tests/unit", name + ".c")) as f:
                if re.search(r'tu_run\(|tu_bin\(\)|build/san/sysmark"',
                             f.read()):
                    self.bin.add(name)

    def bound(self, name):
        return min(self.limit, int(5 * self.secs[name]) + 60)

    def argv(self, name):
        return coverage.unit_argv(name)

    def check(self, name):
        """Keep name only if it passes on the unmodified sanitized copy
        (it failed in the coverage copy)."""
        if self.tree.link_bin()[0] == 0 and self.link(name):
            status, out, t = run(self.argv(name), self.tree.path,
                                 self.limit)
            if status == 0:
                self.secs[name] = t
                log("%s passes on the sanitized copy: kept" % name)
                return
        del self.secs[name]
        log("%s fails on the unmodified tree; left out" % name)

    def link(self, name):
        """Link name against the planted tree (its object compiled once)."""
        if name not in self.built:
            self.tree.test_object(name)
            self.built.add(name)
        return self.tree.link_test(name)[0] == 0


class Scripts(Programs):
    """The e2e scripts of make test, tried on a mutant that no unit
    program runs (the console, the fleet's ssh sessions and agent, most
    of src/cmd): those whose coverage run ran its line, the fastest
    first, as programs are.  Each runs the sysmark binary (and its
    helper) built with the mutant; none is linked of its own."""

    noun = "e2e scripts"

    def __init__(self, tree, names, limit, budget):
        self.tree = tree
        self.limit = limit
        self.budget = budget
        self.secs = {}
        self.flaky = set()
        self.bin = set(names)
        self.built = set(names)

    def argv(self, name):
        return coverage.e2e_argv(name)

    def link(self, name):
        return True


# The e2e scripts of make test that the fallback never runs, with why.
E2E_SKIP = {
    "fuzz.sh": "builds the fuzz targets with clang: not the planted build",
    "deps_lock.sh": "holds the host's dpkg lock; runs .ci/deps, no sysmark",
    "mutate_sample.sh": "the sampler's own self-test, no sysmark",
    "layers.sh": "reads the objects' symbols; runs no sysmark",
    "paths.sh": "reads the tree's files; runs no sysmark",
    "screens.sh": "reads the tree's files; runs no sysmark",
}


def e2e_scripts():
    return sorted(f for f in os.listdir("tests/e2e")
                  if f.endswith(".sh") and f not in E2E_SKIP)


def try_program(tree, progs, name, state):
    """Run one program against the planted mutant: 'killed',
    'timed out', 'passed' or 'unbuilt'."""
    if name in progs.bin and not state["bin"]:
        if tree.link_bin()[0] != 0:
            return "unbuilt"
        state["bin"] = True
    if not progs.link(name):
        return "unbuilt"
    tries = 3 if name in progs.flaky else 2
    for _ in range(tries):
        status, _, _ = run(progs.argv(name), tree.path, progs.bound(name))
        if status is None:
            return "timed out"
        if status == 0:
            return "passed"
    return "killed"


def judge(tree, progs, cov, m, e2e=None):
    """(result, program) for one planted mutant.  One that no unit
    program runs goes to the e2e scripts that run its line (e2e: their
    Scripts and coverage), as make test would run them."""
    state = {"bin": False}
    names = [p for p in cov.programs(m.path, m.line) if p in progs.secs]
    if not names and e2e is not None:
        scripts, e2e_cov = e2e
        r, d = judge_with(tree, scripts, [
            p for p in e2e_cov.programs(m.path, m.line)
            if p in scripts.secs], state)
        if r != "survived":
            return r, d
        return r, "no program runs it; " + (
            "nor any e2e script" if d.startswith("no ") else d)
    return judge_with(tree, progs, names, state)


def judge_with(tree, progs, names, state):
    """Run names (programs or scripts) against the planted mutant, the
    fastest first, until one catches it."""
    if not names:
        return "survived", "no program runs it"
    names.sort(key=lambda p: progs.secs[p])
    spent = 0.0
    for i, name in enumerate(names):
        # A program is started only if its time in the coverage run fits
        # in what is left of the budget.
        if progs.budget and spent + progs.secs[name] > progs.budget:
            return "survived", "budget: %d of %d %s ran" % (
                i, len(names), progs.noun)
        t0, held = time.monotonic(), mutbuild.quiet.waited
        r = try_program(tree, progs, name, state)
        spent += time.monotonic() - t0 - (mutbuild.quiet.waited - held)
        if r in ("killed", "timed out"):
            return r, name
        if r == "unbuilt":
            return "didn't compile", "link of " + name
    return "survived", "%d %s ran it" % (len(names), progs.noun)


def one(tree, progs, cov, eq, m, text, e2e=None):
    """Plant m, judge it, put the tree back: (result, detail)."""
    why = eq.get((m.path, m.op + " " + m.what, line_text(text, m)))
    if why is not None:
        return "equivalent", why
    status, out = tree.plant(m, text)
    try:
        if status != 0:
            first = next((ln for ln in out.splitlines() if "error" in ln),
                         "")
            return "didn't compile", first.strip()[:100]
        if tree.same_object(m.path):
            return "equivalent", "the compiler built the same object"
        return judge(tree, progs, cov, m, e2e)
    finally:
        tree.restore()


def run_order(chosen, seed, a):
    """The sample in an order drawn from the seed too, so that a run
    stopped early has planted a random part of it, not the files of the
    first folders."""
    if a.only:
        return chosen
    order = list(chosen)
    random.Random(seed + 1).shuffle(order)
    return order


def pick(a, found, seed):
    if not a.only:
        return draw(found, a.n, seed)
    # An ident names a site, where ror and crp make two mutants: the
    # listing's whole line (IDENT WHAT) names one, an ident alone all.
    picked = []
    for name in a.only:
        mine = [m for m in found if name in (m.describe(), m.ident())]
        if not mine:
            raise SystemExit("no such mutant: " + name)
        picked += [m for m in mine if m not in picked]
    return picked


def prepare(src, work, names, a):
    """The copy planted in, its programs timed, and the coverage."""
    tree_dir = os.path.join(work, "tree")
    copy_tree(src, tree_dir)
    tree = Tree(tree_dir, log)
    tree.make(["build/san/sysmark", "build/san/sysmark-exec"])
    progs = Programs(tree, names, a.limit, a.budget)
    cov_dir = os.path.join(work, "cov")
    copy_tree(src, cov_dir, with_build=False)
    cov = coverage.cached(cov_dir, names, a.limit, log)
    progs.secs = dict(cov.secs)
    progs.flaky = set(cov.flaky)
    for name in sorted(cov.failed):
        progs.check(name)
    e2e = None
    if a.e2e:
        scripts = e2e_scripts()
        if a.scripts:
            scripts = [s for s in scripts if s in a.scripts.split(",")]
        e2e_cov = coverage.cached(cov_dir, scripts, a.limit, log, e2e=True)
        runner = Scripts(tree, scripts, a.limit, a.e2e_budget)
        runner.secs = dict(e2e_cov.secs)
        runner.flaky = set(e2e_cov.flaky)
        for name in sorted(e2e_cov.failed):
            runner.check(name)
        e2e = (runner, e2e_cov)
    return tree, progs, cov, e2e


def summary(results, seed, load0):
    counts = {}
    for m, r, _ in results:
        counts[r] = counts.get(r, 0) + 1
    caught = counts.get("killed", 0) + counts.get("timed out", 0)
    counted = caught + counts.get("survived", 0)
    log("\nsample: seed %s, %d mutants, load %s at the start, %s at the "
        "end" % (seed, len(results), load0, load()))
    if mutbuild.quiet.waited:
        log("  held %.0f s in all by quiet windows (counted in no time)" %
            mutbuild.quiet.waited)
    log("  " + ", ".join("%s %d" % (k, v) for k, v in sorted(counts.items())))
    if counted:
        log("score: %d of %d caught (%.0f%%)" %
            (caught, counted, 100.0 * caught / counted))
    for op in ORDER:
        mine = [r for m, r, _ in results if m.op == op]
        k = sum(r in ("killed", "timed out") for r in mine)
        c = sum(r in ("killed", "timed out", "survived") for r in mine)
        if c:
            log("  %s: %d of %d" % (op, k, c))
    log("survivors:")
    for m, r, d in results:
        if r == "survived":
            log("  %s (%s)" % (m.describe(), d))


def judged(path, chosen):
    """ident -> (result, detail) of the sample's mutants that --out
    holds from a run stopped before the end."""
    idents = {m.ident(): m.what for m in chosen}
    done = {}
    with open(path) as fh:
        for raw in fh:
            f = raw.rstrip("\n").split("\t")
            if len(f) != 4 or idents.get(f[0]) != f[1]:
                raise SystemExit("%s: not a mutant of this sample: %s" %
                                 (path, raw.strip()))
            done[f[0]] = (f[2], f[3])
    log("resumed: %d of %d judged before (%s)" % (len(done), len(chosen),
                                                  path))
    return done


def main(argv):
    a = args_parse(argv)
    mutbuild.quiet.path, mutbuild.quiet.log = a.quiet, log
    src = os.getcwd()
    if not os.path.isfile("Makefile") or not os.path.isdir("src/core"):
        raise SystemExit("sample.py: run from the top of the tree")
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(
        1, 2 ** 31)
    found = enumerate_all(src)
    chosen = pick(a, found, seed)
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True).stdout.strip()
    log("sample.py: %s UTC, tree %s, seed %d, %d of %d mutants (%s)" % (
        datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M"), head or "?",
        seed, len(chosen), len(found), ", ".join(
            "%s %d" % (op, sum(m.op == op for m in found)) for op in ORDER)))
    if a.list:
        for m in chosen:
            log(m.describe())
        return 0
    load0 = load()
    log("load %s" % load0)
    work = a.work or tempfile.mkdtemp(prefix="sysmark-sample.")
    names = sorted(f[:-2] for f in os.listdir("tests/unit")
                   if f.startswith("test_") and f.endswith(".c"))
    if a.programs:
        names = [p for p in names if p in a.programs.split(",")]
    eq = read_equivalent(a.equivalent)
    done = judged(a.out, chosen) if a.resume else {}
    out = open(a.out, "a" if a.resume else "w") if a.out else None
    try:
        tree, progs, cov, e2e = prepare(src, work, names, a)
        results = []
        for i, m in enumerate(run_order(chosen, seed, a), 1):
            if m.ident() in done:
                results.append((m,) + done[m.ident()])
                continue
            with open(os.path.join(tree.path, m.path)) as fh:
                text = fh.read()
            mutbuild.quiet.wait()
            t0, held = time.monotonic(), mutbuild.quiet.waited
            r, d = one(tree, progs, cov, eq, m, text, e2e)
            results.append((m, r, d))
            log("%3d %s: %s (%s; %.0f s, load %.1f)" % (
                i, m.describe(), r, d,
                time.monotonic() - t0 - (mutbuild.quiet.waited - held),
                os.getloadavg()[0]))
            if out:
                out.write("\t".join([m.ident(), m.what, r, d]) + "\n")
                out.flush()
        summary(results, seed, load0)
    finally:
        if not a.work:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
