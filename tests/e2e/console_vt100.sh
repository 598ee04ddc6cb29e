#!/bin/sh
# The console on a VT100 without color (TERM=vt100, NO_COLOR set): the
# same screens still say everything with attributes alone.  Then the two
# ways out that are not q: Ctrl-C during a run and SIGTERM; both must
# give the terminal back and leave no child behind.
set -u
. tests/e2e/lib.subr

e2e_baseline
e2e_start TERM=vt100 NO_COLOR=1
e2e_choose 3
e2e_keys '?'
e2e_wait "^Everywhere"
e2e_wait "Esc  *not needed anywhere"
e2e_wait "^Select"
e2e_keys q
e2e_wait "choose the tests"
e2e_keys Enter
e2e_wait "sysmark -- running"
e2e_wait "^Samples  #1 "
e2e_wait "sysmark -- results: not saved"
e2e_wait "^System Call Overhead"
e2e_wait "^Pipe-based Context"
e2e_keys b
e2e_wait "Ratio to oldbox"
e2e_colors no

# Ctrl-C in the middle of a run.
e2e_keys n d C-u 1 Enter Enter
e2e_wait "^Samples  #1 "
e2e_keys C-c
e2e_check_restored 130

# SIGTERM in the middle of a run.
e2e_keys clear Enter
e2e_start_again() {
	e2e_keys "env SYSMARK_E2E=$e2e_tag TERM=vt100 NO_COLOR=1 \
SYSMARK_RESULTS=$e2e_tmp/results $e2e_bin console -r 1; \
echo sysmark-exit=\$?" Enter
}
e2e_start_again
e2e_wait "choose the tests"
e2e_keys x / C-u syscall Enter Space d C-u 1 Enter Enter
e2e_wait "sysmark -- running  (elapsed .*, 1.0 updates/s)"
pid=$(grep -l -a "SYSMARK_E2E=$e2e_tag" /proc/[0-9]*/environ 2>/dev/null |
    sed 's,/proc/\([0-9]*\)/environ,\1,' | sort -n | head -n 1)
[ -n "$pid" ] || e2e_fail "cannot find the sysmark process"
kill -TERM "$pid"
e2e_check_restored 130
