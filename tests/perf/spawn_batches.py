#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Forks a second through sysmark-exec's looper (the helper spawn forks
from), asked for in batches as sysmark's sampler asks: either batches
that double until one lasts 2 ms, as src/core/measure/sampler.c grows
them, or (-m S) until one lasts S seconds.  Beside UnixBench's spawn,
the two tell the helper's fork path from the cost of the round trip a
batch makes (a write to the helper, its reply), which a 2 ms batch pays
every few forks.

  spawn_batches.py HELPER SECONDS [-m MIN_BATCH_SECONDS]
"""
import os
import subprocess
import sys
import time

MIN_BATCH = 0.002   # the sampler's SAMPLER_MIN_BATCH_NS, in seconds


def main():
    if len(sys.argv) not in (3, 5) or (len(sys.argv) == 5 and
                                       sys.argv[3] != "-m"):
        sys.exit(__doc__.strip().splitlines()[-1])
    helper, secs = sys.argv[1], float(sys.argv[2])
    least = float(sys.argv[4]) if len(sys.argv) == 5 else MIN_BATCH
    r, w = os.pipe()
    # The reply comes on the helper's fd 3, as the runner gives it.
    p = subprocess.Popen(["sh", "-c", 'exec "$0" serve - - 3>&%d' % w,
                          helper], stdin=subprocess.PIPE, pass_fds=(w,),
                         stdout=subprocess.DEVNULL)
    os.close(w)
    n, forks, t0 = 1, 0, time.monotonic()
    prev = t0
    while True:
        p.stdin.write(b"%d\n" % n)
        p.stdin.flush()
        # The reply: the status, then the batch's time by the helper.
        if os.read(r, 64).split()[:1] != [b"0"]:
            sys.exit("spawn_batches: the helper failed")
        forks += n
        now = time.monotonic()
        if now - t0 >= secs:
            break
        if now - prev < least:
            n *= 2
        prev = now
    p.stdin.close()
    p.wait(timeout=10)
    print("%.6g" % (forks / (now - t0)))


main()
