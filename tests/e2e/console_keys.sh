#!/bin/sh
# A key means one thing on every screen, and the paging keys work on a
# VT100.  On TERM=vt100 at 80x24: the keys that go to a screen (n o v H F
# U) go to the same screen from every screen (H is the history, never
# the hosts; F the hosts), and the help lists them once, under
# "Everywhere", never in a screen's own keys; Home, End, PgDn and PgUp,
# which vt100's terminfo entry does not name (tmux sends the VT220
# sequences), move the help as < > J K do.  Waits for the screen, never
# for a clock.
set -u
. tests/e2e/lib.subr

e2e_start TERM=vt100 NO_COLOR=1
e2e_wait "choose the tests"

# From the select screen, then from each screen reached.
e2e_keys H
e2e_wait "^sysmark -- history"
e2e_keys F
e2e_wait "^inventory file:"
e2e_keys Escape
e2e_wait "^sysmark -- hosts"
e2e_keys H
e2e_wait "^sysmark -- history"
e2e_keys o
e2e_wait "^sysmark -- compare"
e2e_keys H
e2e_wait "^sysmark -- history"
e2e_keys v
e2e_wait "no run yet"
e2e_keys U
e2e_wait "^sysmark -- simulated users"
e2e_keys H
e2e_wait "^sysmark -- history"
e2e_keys n
e2e_wait "choose the tests"
e2e_keys F
e2e_wait "^inventory file:"
e2e_keys Escape
e2e_wait "^sysmark -- hosts"
e2e_keys n
e2e_wait "choose the tests"

# The help, paged to its end by PgDn: every key listed; those that go
# to a screen only under "Everywhere".
e2e_keys '?'
e2e_wait "^Everywhere"
e2e_screen >"$e2e_tmp/help"
e2e_end=$(($(date +%s) + 30))
while :; do
	e2e_was=$(e2e_screen)
	e2e_keys NPage
	e2e_n=0
	while [ "$(e2e_screen)" = "$e2e_was" ] && [ "$e2e_n" -lt 20 ]; do
		sleep 0.05
		e2e_n=$((e2e_n + 1))
	done
	[ "$(e2e_screen)" != "$e2e_was" ] || break
	e2e_screen >>"$e2e_tmp/help"
	[ "$(date +%s)" -le "$e2e_end" ] || e2e_fail "PgDn never reached the end"
done
grep -q "^Units" "$e2e_tmp/help" || e2e_fail "PgDn did not page the help"
for s in Select Run Results Compare History Hosts Users; do
	grep -q "^$s\$" "$e2e_tmp/help" || e2e_fail "no $s section in the help"
done
# Lines of a section: "  KEYS" in the first 15 columns.  Those of the
# screens' sections must not hold a key that goes to a screen.
awk '/^Everywhere$/ { every = 1; next } /^Typing an answer$/ { every = 0 }
    /^[A-Z]/ { next }
    !every && /^  [^ ]/ {
	n = split(substr($0, 3, 13), k, " ")
	for (i = 1; i <= n; i++)
		if (k[i] ~ /^[novHFU]$/)
			print "screen key " k[i] ": " $0
    }' "$e2e_tmp/help" >"$e2e_tmp/twice"
[ ! -s "$e2e_tmp/twice" ] || e2e_fail "$(cat "$e2e_tmp/twice")"
grep -q "^  n o v  *the select screen" "$e2e_tmp/help" ||
    e2e_fail "the help does not list n o v under Everywhere"
grep -q "^  H F U  *history" "$e2e_tmp/help" ||
    e2e_fail "the help does not list H F U under Everywhere"

# At the end: Home goes back to the top, End to the end, PgUp back up.
e2e_keys Home
e2e_wait "^Everywhere"
e2e_keys End
e2e_wait "^Units"
e2e_screen | grep -q "^Everywhere" && e2e_fail "End left the top in view"
e2e_keys PPage
e2e_end=$(($(date +%s) + 15))
while e2e_screen | grep -q "^Units"; do
	[ "$(date +%s)" -le "$e2e_end" ] || e2e_fail "PgUp did not page up"
	sleep 0.1
done
e2e_keys Home
e2e_wait "^Everywhere"
e2e_keys q
e2e_wait "choose the tests"
e2e_keys q
e2e_check_restored 0
