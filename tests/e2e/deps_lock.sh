#!/bin/sh
# .ci/deps waits for another apt: while a process holds dpkg's lock and
# the package lists' lock (as apt itself takes them, with fcntl), `.ci/deps
# install dc` says it waits and succeeds once they are let go, never
# failing at once; with SYSMARK_APT_WAIT shorter than the hold it gives up
# within that bound, with apt's reason.  DEPS_LOCK_SECONDS sets the hold
# (6; 60 to show a minute's wait).  Needs root and Debian's apt; dc is
# installed already, so nothing on the machine changes.
set -u
. tests/e2e/cli.subr

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null ||
    ! command -v dc >/dev/null; then
	echo "$0: skipped (needs root, apt-get and dc)"
	exit 0
fi
hold=${DEPS_LOCK_SECONDS:-6}
holder=""
trap '[ -z "$holder" ] || kill "$holder" 2>/dev/null; rm -rf "$tmp"' EXIT

# Hold both locks for $1 seconds in the background; returns once held.
hold_locks() {
	python3 -c '
import fcntl, sys, time
fs = [open(p, "a") for p in sys.argv[2:]]
for f in fs:
    fcntl.lockf(f, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(float(sys.argv[1]))
' "$1" /var/lib/dpkg/lock-frontend /var/lib/apt/lists/lock \
	    >"$tmp/held" 2>&1 &
	holder=$!
	i=0
	until grep -q held "$tmp/held"; do
		i=$((i + 1))
		[ "$i" -lt 600 ] || fail "the locks were not taken in 60 s"
		sleep 0.1
	done
}

hold_locks "$hold"
t0=$(date +%s)
sh .ci/deps install dc >"$out" 2>"$err" || fail ".ci/deps failed under a held lock"
t1=$(date +%s)
grep -q "waiting for another apt to let go of its lock" "$err" ||
    fail "no word of the wait"
[ $((t1 - t0)) -ge $((hold - 2)) ] || fail "done in $((t1 - t0)) s, before the lock was let go"
wait "$holder"
holder=""

# A bound shorter than the hold: it gives up, with apt's reason, in time.
hold_locks 30
t0=$(date +%s)
SYSMARK_APT_WAIT=3 sh .ci/deps install dc >"$out" 2>"$err" &&
    fail "succeeded while the lock was held"
t1=$(date +%s)
grep -q "Could not get lock" "$err" || fail "apt's reason not passed on"
[ $((t1 - t0)) -lt 25 ] || fail "waited $((t1 - t0)) s past a bound of 3"
kill "$holder"
wait "$holder" 2>/dev/null
holder=""
echo "$0: ok"
