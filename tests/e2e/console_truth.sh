#!/bin/sh
# The console tells the truth: an answer's shown value is
# replaced by typing, cursor keys edit it, a second find starts fresh,
# UTF-8 can be typed and a name saves the run labelled with it (moved
# there, the file saved as it ended removed); help
# lists the editing keys and the units; the position counts tests as
# "Tests N of M" does; a busy machine's warning is wrapped whole; a test
# with only its warm-up is not SKIPPED; the compare screen's legend is a
# key (shown) away.
set -u
. tests/e2e/lib.subr

# Every new screen is 80x24: make the idle check fail, visibly.
e2e_busy() {
	while :; do :; done
}
e2e_busy & e2e_b1=$!
e2e_busy & e2e_b2=$!
trap 'kill $e2e_b1 $e2e_b2 2>/dev/null; e2e_cleanup' EXIT

# sysmark list defines its units, from the one table the help shows.
$e2e_bin list | grep -q "^lps: loops a second" || e2e_fail "list: no lps"
$e2e_bin list | grep -q "^us: microseconds one operation took" ||
    e2e_fail "list: no us"

mkdir -p "$e2e_tmp/results"
cp tests/data/gate-a1.csv "$e2e_tmp/results/"
e2e_start LC_ALL=C.UTF-8
e2e_wait "choose the tests"

# The idle warning, wrapped: its consequence is on the screen.
e2e_wait "this machine is not idle"
e2e_screen | tr '\n' ' ' | grep -q "figures will be low *and noisy" ||
    e2e_fail "the idle warning is cut"

# Typing replaces the value shown: d shows 10, 0.5 gives 0.5.
e2e_keys x / C-u syscall Enter Space
e2e_keys d
e2e_wait "^seconds per sample: 10"
e2e_keys 0.5 Enter
e2e_wait "Duration 0.5 s "
# Cursor keys keep the value to edit it: 0.5 -> 0.25 -> 20.25; then
# Backspace and Delete: 20.27 -> 0.27; Ctrl-U clears.
e2e_keys d Left 2 Home 2 Enter
e2e_wait "Duration 20.25 s "
e2e_keys d BSpace 7 Home DC Enter
e2e_wait "Duration 0.27 s "
e2e_keys d C-u 0.3 Enter
e2e_wait "Duration 0.3 s "

# A second find starts fresh, not "syscallcontext1".
e2e_keys / context1 Enter
e2e_wait "^context1 (lps): "
e2e_keys /
e2e_wait "^find (id, title or description): context1"
e2e_keys syscall Enter
e2e_wait "^\(lat_\)\{0,1\}syscall ([lpsu]*): "

# The position counts tests, as "Tests N of M" does.
e2e_total=$(e2e_screen | sed -n 's/.*Tests [0-9]* of \([0-9]*\).*/\1/p')
e2e_wait "test [0-9]*/$e2e_total$"
e2e_keys '<'
e2e_wait "group 1/[0-9]*$"

# Help: the editing keys and the units.
e2e_keys '?'
e2e_wait "^Typing an answer"
e2e_keys J
e2e_wait "^  Ctrl-U  *clear the whole answer"
e2e_wait "^  Left Right  *move in the answer"
e2e_keys '>'
e2e_wait "^Units"
e2e_wait "^  lps  *loops a second"
e2e_wait "^  KBps  *kilobytes (1024 bytes) a second"
e2e_keys q

# A run in interleaved rounds: in round 1, once the first test's sample
# is in, the second (its warm-up only so far) is listed so for a whole
# 3 s sample, never as SKIPPED.
e2e_keys / C-u context1 Enter Space d C-u 3 Enter m C-u 2 Enter
e2e_wait "Duration 3 s   Samples 2   Tests 2 of"
e2e_keys Enter
e2e_wait "sysmark -- running"
e2e_wait "^round 1 of 2: " 60
e2e_wait "  warm-up only  *(3 secs, 0 samples)" 30
e2e_end=$(($(date +%s) + 120))
until e2e_screen | grep -q "sysmark -- results"; do
	e2e_screen | grep -q "SKIPPED" && e2e_fail "a test shown SKIPPED"
	[ "$(date +%s)" -le "$e2e_end" ] || e2e_fail "the run did not end"
	sleep 0.1
done
e2e_screen | grep -q "SKIPPED" && e2e_fail "a test shown SKIPPED"

# Save it under a UTF-8 name: the file and its label carry it.
e2e_keys s
e2e_wait "^save as: "
e2e_keys "résumé" Enter
e2e_wait "saved .*/résumé.csv"
grep -q "^meta,label,résumé," "$e2e_tmp/results/résumé.csv" ||
    e2e_fail "the label is not saved as UTF-8"
# Moved there, not copied: the file saved as the run ended is gone, so
# History and the pick lists count the run once.
e2e_n=$(ls "$e2e_tmp/results" | grep -c '\.csv$')
[ "$e2e_n" -eq 2 ] || e2e_fail "$e2e_n run files after saving under a" \
    "name, not 2: $(ls "$e2e_tmp/results" | tr '\n' ' ')"

# The compare screen: the legend a key away, and that key on the screen.
e2e_keys o
e2e_wait "compare: pick runs"
e2e_wait "saved run  résumé"
e2e_wait "saved run  before"
e2e_keys Space j Space Enter
e2e_wait "L: legend of the marks"
e2e_keys L
e2e_wait "compare: the legend of the table"
e2e_wait "^P: that test's p-value\|P: that test's p-value"
e2e_keys L
e2e_wait "L: legend of the marks"
e2e_keys q y
e2e_check_restored 0
