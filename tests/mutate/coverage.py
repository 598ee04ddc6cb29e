"""Which unit programs run which lines, for tests/mutate/sample.py.

A mutant on a line no program runs cannot be caught by any of them, and
one on a line only test_stats runs is caught by test_stats or by none:
so sample.py runs, for each mutant, only the programs that ran its line.
The lines come from a build with gcov (-O0 --coverage, no sanitizers,
in a copy of its own), each program run once alone with its .gcda files
cleared before it, the sysmark binary it starts counted with it.

A line gcov does not count (a declaration, a line inside a longer
statement, a #define, a table) takes the counted line before it in the
same function; one outside any function (a constant or a table at file
scope) is taken as run by every program that ran any line of its file.
"""

import bisect
import glob
import hashlib
import json
import os
import subprocess

from mutbuild import make_vars, quiet, run


class Coverage:
    """tests[program][file] = set of lines run; lines[file] the lines
    gcov counts; funcs[file] its functions' (start, end) lines."""

    def __init__(self):
        self.tests = {}
        self.lines = {}
        self.funcs = {}
        self.secs = {}
        self.flaky = set()
        self.failed = set()

    def dump(self, key):
        return {"key": key,
                "tests": {p: {f: sorted(ls) for f, ls in fs.items()}
                          for p, fs in self.tests.items()},
                "lines": {f: sorted(ls) for f, ls in self.lines.items()},
                "funcs": self.funcs, "secs": self.secs,
                "flaky": sorted(self.flaky), "failed": sorted(self.failed)}

    @classmethod
    def load(cls, doc):
        cov = cls()
        cov.tests = {p: {f: set(ls) for f, ls in fs.items()}
                     for p, fs in doc["tests"].items()}
        cov.lines = {f: set(ls) for f, ls in doc["lines"].items()}
        cov.funcs = {f: [tuple(x) for x in v]
                     for f, v in doc["funcs"].items()}
        cov.secs = doc["secs"]
        cov.flaky = set(doc["flaky"])
        cov.failed = set(doc["failed"])
        return cov

    def add(self, program, doc):
        """Fold one gcov JSON document in, for program."""
        for f in doc.get("files", []):
            name = f["file"]
            counted = self.lines.setdefault(name, set())
            ran = self.tests.setdefault(program, {}).setdefault(name, set())
            for ln in f.get("lines", []):
                counted.add(ln["line_number"])
                if ln["count"] > 0:
                    ran.add(ln["line_number"])
            self.funcs[name] = sorted(
                (fn["start_line"], fn["end_line"])
                for fn in f.get("functions", []))

    def _line_for(self, path, line):
        """The counted line that stands for line, or None at file scope."""
        counted = sorted(self.lines.get(path, ()))
        if line in self.lines.get(path, ()):
            return line
        inside = [s for s, e in self.funcs.get(path, []) if s <= line <= e]
        if not inside:
            return None
        i = bisect.bisect_right(counted, line) - 1
        return counted[i] if i >= 0 and counted[i] >= inside[-1] else None

    def programs(self, path, line):
        """The programs that ran the line (or, at file scope, the file)."""
        at = self._line_for(path, line)
        out = []
        for prog, files in self.tests.items():
            ran = files.get(path, set())
            if (at is None and ran) or (at is not None and at in ran):
                out.append(prog)
        return out


def _clear(tree):
    for p in glob.glob(os.path.join(tree, "**/*.gcda"), recursive=True):
        os.unlink(p)


def _gcov(tree, cov, program):
    found = glob.glob(os.path.join(tree, "**/*.gcda"), recursive=True)
    found = [p for p in found if "/tests/" not in p
             and not os.path.basename(p).startswith("test_")]
    for i in range(0, len(found), 50):
        quiet.wait()
        p = subprocess.run(["gcov", "--json-format", "--stdout"] +
                           found[i:i + 50], cwd=tree, capture_output=True,
                           text=True)
        # One document a line; gcov's warnings go to stderr, kept apart.
        for text in p.stdout.splitlines():
            if text.startswith("{"):
                cov.add(program, json.JSONDecoder().raw_decode(text)[0])


def build(tree, programs, log):
    """Build the coverage copy: every object, the binary, the helper
    and the programs, -O0 with gcov; each link wraps _exit() so that a
    forked child's counts are written too (gcov_exit.c)."""
    libs = " ".join(make_vars(tree)["LIBS"])
    wrap = os.path.join(tree, "tests", "mutate", "gcov_exit.c")
    flags = ["SAN=-O0 --coverage", "CFLAGS=-O0 --coverage",
             "LIBS=-Wl,--wrap=_exit %s %s" % (wrap, libs)]
    targets = ["build/san/sysmark", "build/san/sysmark-exec"]
    targets += ["build/san/" + p for p in programs]
    status, out, t = run(["make", "-j2"] + flags + targets, tree)
    log("coverage build: %.0f s" % t)
    if status != 0:
        raise RuntimeError("the coverage build failed:\n" + out[-3000:])


def unit_argv(prog):
    return ["build/san/" + prog]


def e2e_argv(script):
    return ["sh", "tests/e2e/" + script]


def measure(tree, programs, limit, log, argv=unit_argv):
    """Run each program (or e2e script: argv says how) alone in the
    coverage copy; the Coverage, with each one's time.  One that fails
    and then passes flakes, and must fail three times to catch a mutant.
    One that fails three times here is listed in cov.failed, its lines
    counted all the same: gcov itself can make a program fail (a file
    size limit it sets stops gcov's own files), so sample.py tries it on
    the sanitized copy."""
    cov = Coverage()
    for prog in programs:
        for attempt in range(3):
            _clear(tree)
            status, out, t = run(argv(prog), tree, limit)
            if status == 0:
                break
            cov.flaky.add(prog)
        if status != 0:
            cov.failed.add(prog)
            cov.flaky.discard(prog)
        _gcov(tree, cov, prog)
        cov.secs[prog] = t
        log("coverage of %s: %.0f s%s" %
            (prog, t, " (it flaked)" if prog in cov.flaky else
             " (it failed here)" if status != 0 else ""))
    return cov


def _tree_key(tree, programs, tests):
    """A digest of every source, test and build file of the copy: the
    coverage of one tree is measured once."""
    h = hashlib.sha256(" ".join(programs).encode())
    for top in ("src", "ui", "Makefile") + tests:
        paths = [os.path.join(tree, top)]
        if os.path.isdir(paths[0]):
            paths = sorted(os.path.join(d, f)
                           for d, _, fs in os.walk(paths[0]) for f in fs
                           if "__pycache__" not in d)
        for p in paths:
            # Named from the top of the copy: a copy moved keeps its key.
            h.update(os.path.relpath(p, tree).encode())
            with open(p, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()


def cached(tree, programs, limit, log, e2e=False):
    """build() and measure(), or what they gave for this very tree (kept
    beside the copy, in coverage.json).  With e2e, programs are e2e
    scripts (their coverage is kept in e2e-coverage.json): each runs the
    binary and the helper built with gcov, and what they run is counted
    in the files of src/ and ui/ as a program's is."""
    tests, name = (("tests/e2e", "tests/check", "tests/data"),
                   "e2e-coverage.json") if e2e else \
        (("tests/unit",), "coverage.json")
    key = _tree_key(tree, programs, tests)
    path = os.path.join(tree, name)
    if os.path.exists(path):
        with open(path) as fh:
            doc = json.load(fh)
        if doc.get("key") == key:
            log("coverage: measured before on this tree (%s)" % path)
            return Coverage.load(doc)
    build(tree, [] if e2e else programs, log)
    cov = measure(tree, programs, limit, log,
                  e2e_argv if e2e else unit_argv)
    with open(path, "w") as fh:
        json.dump(cov.dump(key), fh)
    return cov
