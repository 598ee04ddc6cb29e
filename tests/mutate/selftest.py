#!/usr/bin/env python3
"""The mutation operators on a file whose every site is known.

    python3 tests/mutate/selftest.py      (tests/e2e/mutate_sample.sh)

Checks that each operator finds its sites and only those (nothing in a
comment, a string, an #include or a declaration's `*`), that every
mutant keeps the file's line count, that each mutant of the file still
compiles where it should, that a seed draws the same sample twice
and another seed another, that the coverage build's wrap of _exit()
(gcov_exit.c) counts a line only a forked child runs, and that nothing
starts while a quiet window's file exists, its wait counted in no
bound, and that a mutant no unit program runs goes to the e2e scripts
that run its line, and is caught when one of them fails; --resume
takes back a stopped run's results; a mutant triaged as equivalent is
found by its line's text, a declaration's aligning tabs and all.
"""

import os
import subprocess
import sys
import tempfile
import threading

# No __pycache__ left in the tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import coverage  # noqa: E402
import mutbuild  # noqa: E402
import operators  # noqa: E402
import sample  # noqa: E402

SOURCE = r'''#include <stdio.h>
#define LIMIT 8
/* a < b && c || d + 1 in a comment */
static int
f(int a, int b, const char *s)
{
	char	*p = NULL;

	if (a < b && b != 3)
		return a * b + 2;
	puts("x < y || 5 - 1");
	(void)printf("%d\n",
	    a - b);
	return p != NULL;
}
'''

# Site -> the replacements expected there: ror twice on <, once on
# != (two of them), lcr once, aor on * + -, crp +1/-1 on 8, 3, 2 (and
# none in the string or comment), sdl on the two calls, rvr on both
# returns.
EXPECTED = {
    "ror": ["< -> <=", "< -> >=", "!= -> ==", "!= -> =="],
    "lcr": ["&& -> ||"],
    "aor": ["* -> /", "+ -> -", "- -> +"],
    "crp": ["8 -> 9", "8 -> 7", "3 -> 4", "3 -> 2", "2 -> 3", "2 -> 1"],
    "sdl": ["puts(...) removed", "printf(...) removed"],
    "rvr": ["return a * b + 2 -> return 0", "return p != NULL -> return 0"],
}


def fail(msg):
    print("selftest: FAILED: " + msg)
    sys.exit(1)


def check_sites(found):
    for op, whats in EXPECTED.items():
        got = sorted(m.what for m in found if m.op == op)
        if got != sorted(whats):
            fail("%s: expected %s, found %s" % (op, sorted(whats), got))
    if len(found) != sum(len(w) for w in EXPECTED.values()):
        fail("%d mutants, expected %d" %
             (len(found), sum(len(w) for w in EXPECTED.values())))


def check_compiles(found, tmp):
    lines = SOURCE.count("\n")
    for m in found:
        text = m.apply(SOURCE)
        if text.count("\n") != lines:
            fail("%s changes the line count" % m.describe())
        path = os.path.join(tmp, "m.c")
        with open(path, "w") as fh:
            fh.write(text)
        p = subprocess.run(["cc", "-std=c11", "-fsyntax-only", path],
                           capture_output=True, text=True)
        if p.returncode != 0:
            fail("%s does not compile:\n%s" % (m.describe(), p.stderr))


def check_draw(found):
    one = [m.ident() for m in sample.draw(found, 6, 42)]
    two = [m.ident() for m in sample.draw(found, 6, 42)]
    other = [m.ident() for m in sample.draw(found, 6, 43)]
    if one != two:
        fail("seed 42 drew two different samples")
    if one == other:
        fail("seeds 42 and 43 drew the same sample")
    ops = sorted(m.op for m in sample.draw(found, 6, 42))
    if ops != sorted(sample.ORDER):
        fail("6 drawn from 6 operators: expected one each, got %s" % ops)


CHILD = r'''#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
static int
child_only(int x)
{
        return x * 3;
}
int
main(void)
{
        int st;
        pid_t p = fork();
        if (p == 0) {
                /* a full disk, as test_csvstore makes one */
                struct rlimit rl = { 0, RLIM_INFINITY };
                setrlimit(RLIMIT_FSIZE, &rl);
                /* no descriptor to open, as a test that makes poll fail */
                getrlimit(RLIMIT_NOFILE, &rl);
                rl.rlim_cur = 0;
                setrlimit(RLIMIT_NOFILE, &rl);
                _exit(child_only(2) == 6 ? 0 : 1);
        }
        waitpid(p, &st, 0);
        return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}
'''


def check_gcov_exit(tmp):
    """A child's _exit() writes its counts, under a file size limit and
    a descriptor limit of 0 too: child_only's line is run."""
    src = os.path.join(tmp, "child.c")
    with open(src, "w") as f:
        f.write(CHILD)
    wrap = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "gcov_exit.c")
    cmds = [["cc", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-O0",
             "--coverage", "-o", "child", "child.c", "-Wl,--wrap=_exit",
             wrap], ["./child"], ["gcov", "child-child.c"]]
    for cmd in cmds:
        p = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
        if p.returncode != 0:
            fail("%s: %s" % (" ".join(cmd), p.stderr[-400:]))
    with open(os.path.join(tmp, "child.c.gcov")) as f:
        counted = [ln for ln in f if "return x * 3;" in ln]
    if not counted or counted[0].split(":")[0].strip() in ("#####", "-"):
        fail("a line only the child runs is not counted: %s" % counted)


def check_quiet(tmp):
    """run() holds while the file exists, says so once, and its limit
    and its seconds start after the wait."""
    path = os.path.join(tmp, "quiet")
    open(path, "w").close()
    said = []
    q = mutbuild.Quiet(path, every=0.05, log=said.append)
    keep, mutbuild.quiet = mutbuild.quiet, q
    gone = threading.Timer(1.2, os.unlink, [path])
    gone.start()
    try:
        status, _, secs = mutbuild.run(["sleep", "0.1"], tmp, limit=1.0)
    finally:
        gone.join()
        mutbuild.quiet = keep
    if status != 0:
        fail("the wait was counted in the limit (status %s)" % status)
    if q.waited < 1.1 or secs >= 1.0:
        fail("held %.2f s, ran %.2f s: the wait not kept apart" %
             (q.waited, secs))
    if len(said) != 2 or "exists" not in said[0] or "gone" not in said[1]:
        fail("the wait not said once: %s" % said)
    if q.wait() != 0.0 or len(said) != 2:
        fail("held or spoke with no quiet file")


class FakeTree:
    """What judge() asks of the planted copy, with nothing to link."""

    def __init__(self, path):
        self.path = path

    def link_bin(self):
        return 0, "", 0.0


class FakeMutant:
    path = "src/a.c"
    line = 3


def check_e2e(tmp):
    """A line no unit program runs is tried by the e2e scripts whose
    coverage ran it, and only by those."""
    os.makedirs(os.path.join(tmp, "tests/e2e"))
    for name, status in (("pass.sh", 0), ("fail.sh", 1), ("other.sh", 1)):
        with open(os.path.join(tmp, "tests/e2e", name), "w") as f:
            f.write("exit %d\n" % status)
    units, scripts = coverage.Coverage(), coverage.Coverage()
    units.tests = {"test_b": {"src/b.c": {3}}}
    units.lines = {"src/a.c": {3}, "src/b.c": {3}}
    units.funcs = {"src/a.c": [(1, 5)]}
    scripts.lines, scripts.funcs = units.lines, units.funcs
    scripts.tests = {"pass.sh": {"src/a.c": {3}}, "other.sh": {}}
    tree = FakeTree(tmp)
    progs = sample.Programs.__new__(sample.Programs)
    progs.secs, progs.flaky, progs.bin = {"test_b": 1.0}, set(), set()
    runner = sample.Scripts(tree, ["pass.sh", "fail.sh", "other.sh"], 60, 0)
    runner.secs = {"pass.sh": 1.0, "fail.sh": 2.0, "other.sh": 0.5}
    got = sample.judge(tree, progs, units, FakeMutant, (runner, scripts))
    if got != ("survived", "no program runs it; 1 e2e scripts ran it"):
        fail("a line only pass.sh runs: %s" % (got,))
    scripts.tests["fail.sh"] = {"src/a.c": {3}}
    got = sample.judge(tree, progs, units, FakeMutant, (runner, scripts))
    if got != ("killed", "fail.sh"):
        fail("a line fail.sh runs too: %s" % (got,))
    got = sample.judge(tree, progs, units, FakeMutant, None)
    if got != ("survived", "no program runs it"):
        fail("no e2e fallback asked for: %s" % (got,))


def check_only(found):
    """--only names one mutant by the listing's line, a site's all by
    its ident (ror and crp make two at a site)."""
    class A:
        only = []
    lt = [m for m in found if m.op == "ror" and m.what == "< -> >="][0]
    A.only = [lt.describe()]
    if [m.what for m in sample.pick(A, found, 1)] != ["< -> >="]:
        fail("--only '%s' did not pick that one mutant" % lt.describe())
    A.only = [lt.ident()]
    if sorted(m.what for m in sample.pick(A, found, 1)) != [
            "< -> <=", "< -> >="]:
        fail("--only %s did not pick both mutants of the site" %
             lt.ident())


def check_resume(found, tmp):
    """--resume takes back what a stopped run wrote, and nothing that is
    not a mutant of its sample."""
    chosen = sample.draw(found, 6, 42)
    path = os.path.join(tmp, "out.tsv")
    with open(path, "w") as fh:
        fh.write("\t".join([chosen[0].ident(), chosen[0].what, "killed",
                            "test_a"]) + "\n")
    if sample.judged(path, chosen) != {chosen[0].ident():
                                       ("killed", "test_a")}:
        fail("--resume did not take back the judged mutant")
    with open(path, "a") as fh:
        fh.write("t.c:1:1:ror < -> <=\tsurvived\tnone\n")
    try:
        sample.judged(path, chosen)
    except SystemExit:
        return
    fail("--resume took a line of another sample")


def check_equivalent(tmp):
    """A triaged mutant is found by its line's text, that line's tabs
    (a declaration's alignment) written as one space in the list."""
    text = SOURCE.replace("#define LIMIT 8", "#define\tLIMIT\t\t8")
    m = next(x for x in operators.mutants("t.c", text) if x.what == "8 -> 9")
    path = os.path.join(tmp, "equivalent")
    with open(path, "w") as fh:
        fh.write("# a comment\n\nt.c\tcrp 8 -> 9\t#define LIMIT 8\tunused\n")
    eq = sample.read_equivalent(path)
    if eq.get((m.path, m.op + " " + m.what,
               sample.line_text(text, m))) != "unused":
        fail("a triaged mutant on a line aligned with tabs is not found: "
             "%s" % eq)


def main():
    found = operators.mutants("t.c", SOURCE)
    check_sites(found)
    with tempfile.TemporaryDirectory() as tmp:
        check_compiles(found, tmp)
    with tempfile.TemporaryDirectory() as tmp:
        check_gcov_exit(tmp)
    check_draw(found)
    check_only(found)
    with tempfile.TemporaryDirectory() as tmp:
        check_quiet(tmp)
    with tempfile.TemporaryDirectory() as tmp:
        check_e2e(tmp)
    with tempfile.TemporaryDirectory() as tmp:
        check_resume(found, tmp)
    with tempfile.TemporaryDirectory() as tmp:
        check_equivalent(tmp)
    print("selftest: %d mutants as expected" % len(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
