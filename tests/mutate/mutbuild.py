"""A copy of the tree that tests/mutate/sample.py plants mutants in.

The copy holds the sources and the objects of the tree it came from;
make brings it up to date once.  From then on each mutant costs one
compile (the file it changes, with the Makefile's own flags), one link
per unit program that runs (from test objects compiled once), and one of
the sysmark binary when a program that runs it is about to.  The file
and its object are put back, with their times, after each mutant, so the
copy never holds two mutants and make never sees anything stale.
"""

import os
import re
import shlex
import shutil
import signal
import subprocess
import tempfile
import time

# The variables of the Makefile a compile or a link needs, read from
# make itself so that the mutants are built as `make test` builds.
FLAGS = ("WARN", "SAN", "DEFS", "LIBS", "DEPFLAGS", "CFLAGS", "CC")


class Quiet:
    """The host's quiet windows: while the file path exists (the lead
    measures the host's drift and must have it quiet), no build and no
    test of ours may start.  wait() holds until it is gone, checking
    every few seconds, says so once per window, and adds what it waited
    to waited, so that a bound or a budget can leave it out."""

    def __init__(self, path="/tmp/sysmark-quiet", every=10, log=print):
        self.path = path
        self.every = every
        self.log = log
        self.waited = 0.0

    def wait(self):
        """Hold while the file exists; the seconds held."""
        if not self.path or not os.path.exists(self.path):
            return 0.0
        t0 = time.monotonic()
        self.log("quiet: %s exists, so nothing starts until it is gone "
                 "(checked every %g s)" % (self.path, self.every))
        while os.path.exists(self.path):
            time.sleep(self.every)
        held = time.monotonic() - t0
        self.waited += held
        self.log("quiet: %s gone after %.0f s; going on (load %.1f)" %
                 (self.path, held, os.getloadavg()[0]))
        return held


# The one every run() holds at; sample.py sets its path and its log
# (on this object: coverage.py holds it too).
quiet = Quiet()


def run(argv, cwd, limit=None, env=None):
    """Run argv once no quiet window holds it; (status, output,
    seconds), status None past limit.  The limit and the seconds start
    when argv does: a quiet window's wait counts in neither."""
    quiet.wait()
    start = time.monotonic()
    # Into a file, not a pipe: a process argv leaves behind (a daemon an
    # e2e script started) must not hold run() up; make test's run.sh,
    # too, waits for the test alone.
    with tempfile.TemporaryFile() as log:
        p = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL,
                             stdout=log, stderr=subprocess.STDOUT, env=env,
                             start_new_session=True)
        try:
            status = p.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            _stop_group(p)
            status = None
        took = time.monotonic() - start
        log.seek(0)
        out = log.read()
    return status, out.decode("utf-8", "replace"), took


def _stop_group(p):
    """Stop p and what it started in its group: SIGTERM first, so that
    an e2e script's trap stops its tmux and sshd, then SIGKILL."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(p.pid, sig)
        except ProcessLookupError:
            pass
        try:
            p.wait(timeout=5)
            return
        except subprocess.TimeoutExpired:
            continue


def copy_tree(src, dst, with_build=True):
    """The sources of src, and its sanitized objects, copied to dst.  A
    copy made before is brought up to date: its sources are replaced
    (a file since removed must not stay to be mutated or linked), its
    objects kept for make to judge by their times."""
    os.makedirs(dst, exist_ok=True)
    for d in ("src", "ui", "tests"):
        shutil.rmtree(os.path.join(dst, d), ignore_errors=True)
    skip = ["--exclude=./.git", "--exclude=./build/fuzz",
            "--exclude=./build/obj", "--exclude=./sysmark",
            "--exclude=./results"]
    if not with_build:
        skip.append("--exclude=./build")
    quiet.wait()
    tar = subprocess.Popen(["tar", "cf", "-"] + skip + ["."], cwd=src,
                           stdout=subprocess.PIPE)
    subprocess.run(["tar", "xf", "-"], cwd=dst, stdin=tar.stdout,
                   check=True)
    if tar.wait() != 0:
        raise RuntimeError("could not copy " + src)
    os.makedirs(os.path.join(dst, "results"), exist_ok=True)


def make_vars(tree, overrides=()):
    """The Makefile's FLAGS, as make expands them."""
    rule = "mutate-flags: ; $(info %s)" % "|".join(
        "$(%s)" % v for v in FLAGS)
    status, out, _ = run(["make", "-s", "--no-print-directory",
                          "--eval=" + rule] + list(overrides) +
                         ["mutate-flags"], tree)
    if status != 0:
        raise RuntimeError("make could not say its flags:\n" + out)
    values = out.splitlines()[-1].split("|")
    return {k: shlex.split(v) for k, v in zip(FLAGS, values)}


def sources(tree):
    """The files mutants go in, and those linked into the unit programs
    (the core, the workloads, the console), relative to tree."""
    found = []
    for top in ("src", "ui"):
        for d, _, files in os.walk(os.path.join(tree, top)):
            found += [os.path.relpath(os.path.join(d, f), tree)
                      for f in files if f.endswith(".c")]
    found.sort()
    core = [f for f in found if not re.match(r"src/(main\.c|cmd/|helper/)",
                                             f)]
    return found, core


class Tree:
    """The copy, built; plant() and restore() one mutant at a time."""

    def __init__(self, path, log, opt=("-O1", "-g")):
        self.path = path
        self.log = log
        self.opt = list(opt)
        self.v = make_vars(path)
        self.files, self.core = sources(path)
        self.cli = [f for f in self.files if re.match(r"src/(main|cmd/)", f)]
        self.saved = None
        self.bin_stale = False

    def obj(self, src):
        return os.path.join("build/san", src[:-2] + ".o")

    def make(self, targets):
        status, out, _ = run(["make", "-j2"] + targets, self.path)
        if status != 0:
            raise RuntimeError("make %s failed:\n%s" %
                               (" ".join(targets), out[-3000:]))

    def compile(self, src):
        """Compile one file as the Makefile's build/san rule does."""
        o = self.obj(src)
        os.makedirs(os.path.join(self.path, os.path.dirname(o)),
                    exist_ok=True)
        argv = (self.v["CC"] + self.v["WARN"] + self.opt + self.v["SAN"] +
                self.v["DEFS"] + self.v["DEPFLAGS"] + ["-c", "-o", o, src])
        return run(argv, self.path)

    def compile_helper(self):
        status, out, t = run(["make", "sysmark-exec"], self.path)
        if status == 0:
            shutil.copy2(os.path.join(self.path, "sysmark-exec"),
                         os.path.join(self.path, "build/san/sysmark-exec"))
        return status, out, t

    def test_object(self, name):
        """Compile tests/unit/NAME.c once, to build/mutate/NAME.o."""
        o = "build/mutate/%s.o" % name
        os.makedirs(os.path.join(self.path, "build/mutate"), exist_ok=True)
        argv = (self.v["CC"] + self.v["WARN"] + self.opt + self.v["SAN"] +
                self.v["DEFS"] + ["-c", "-o", o, "tests/unit/%s.c" % name])
        status, out, _ = run(argv, self.path)
        if status != 0:
            raise RuntimeError("%s does not build:\n%s" % (name, out[-3000:]))

    def link_test(self, name):
        objs = [self.obj(f) for f in self.core]
        argv = (self.v["CC"] + self.v["SAN"] +
                ["-o", "build/san/" + name, "build/mutate/%s.o" % name] +
                objs + ["-lcmocka"] + self.v["LIBS"])
        return run(argv, self.path)

    def link_bin(self):
        objs = [self.obj(f) for f in self.files
                if not f.startswith("src/helper/")]
        argv = (self.v["CC"] + self.v["SAN"] + ["-o", "build/san/sysmark"] +
                objs + self.v["LIBS"])
        return run(argv, self.path)

    def _files_of(self, src):
        """What planting in src changes: the source and what is built
        from it."""
        if src.startswith("src/helper/"):
            return [src, "sysmark-exec", "build/san/sysmark-exec"]
        o = self.obj(src)
        return [src, o, o[:-2] + ".d"]

    def plant(self, mutant, text):
        """Write the mutant and build what it changes; (status, output)."""
        self.saved = {}
        for f in self._files_of(mutant.path):
            p = os.path.join(self.path, f)
            st = os.stat(p)
            with open(p, "rb") as fh:
                self.saved[p] = (fh.read(), st.st_atime_ns, st.st_mtime_ns)
        with open(os.path.join(self.path, mutant.path), "w") as fh:
            fh.write(mutant.apply(text))
        if mutant.path.startswith("src/helper/"):
            status, out, _ = self.compile_helper()
        else:
            status, out, _ = self.compile(mutant.path)
        self.bin_stale = True
        return status, out

    def same_object(self, src):
        """Whether the mutant built to the same code and data as the
        original (its debug information aside): then it is equivalent
        by the compiler's own word (Papadakis et al., "Trivial Compiler
        Equivalence", ICSE 2015)."""
        if src.startswith("src/helper/"):
            return False
        o = os.path.join(self.path, self.obj(src))
        stripped = []
        for i, data in enumerate((self.saved[o][0], None)):
            tmp = "%s.cmp%d" % (o, i)
            if data is not None:
                with open(tmp, "wb") as fh:
                    fh.write(data)
            else:
                shutil.copyfile(o, tmp)
            run(["objcopy", "--strip-debug", tmp], self.path)
            with open(tmp, "rb") as fh:
                stripped.append(fh.read())
            os.unlink(tmp)
        return stripped[0] == stripped[1]

    def restore(self):
        """Put back the files plant() changed, bytes and times."""
        for p, (data, atime, mtime) in (self.saved or {}).items():
            with open(p, "wb") as fh:
                fh.write(data)
            os.utime(p, ns=(atime, mtime))
        self.saved = None
