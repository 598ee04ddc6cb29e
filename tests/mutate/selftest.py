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
bound.
"""

import os
import subprocess
import sys
import tempfile
import threading

# No __pycache__ left in the tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

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


CHILD = r'''#include <sys/wait.h>
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
        if (p == 0)
                _exit(child_only(2) == 6 ? 0 : 1);
        waitpid(p, &st, 0);
        return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}
'''


def check_gcov_exit(tmp):
    """A child's _exit() writes its counts: child_only's line is run."""
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


def main():
    found = operators.mutants("t.c", SOURCE)
    check_sites(found)
    with tempfile.TemporaryDirectory() as tmp:
        check_compiles(found, tmp)
    with tempfile.TemporaryDirectory() as tmp:
        check_gcov_exit(tmp)
    check_draw(found)
    with tempfile.TemporaryDirectory() as tmp:
        check_quiet(tmp)
    print("selftest: %d mutants as expected" % len(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
