#!/bin/sh
# The console end to end, as a user meets it at 80x24: choose two tests,
# 2 copies, 0.2 s samples; run and watch samples and the spread appear;
# save; see the ratio to a baseline; reopen the saved run beside that
# baseline on the compare screen; run again, resize the terminal during
# the run, abort it; quit; check the terminal and the processes.
set -u
. tests/e2e/lib.subr

e2e_baseline
e2e_start
e2e_wait "Idle check\|not idle"
e2e_choose 6
e2e_shot select
e2e_colors yes
e2e_keys Enter
e2e_wait "sysmark -- running"
e2e_wait "^Samples  #1 "
e2e_wait "^Mean .* 95% CI +/- .* CV "
e2e_wait "^Range    min .* max "
e2e_wait "outliers (marked !): "
e2e_shot run
e2e_wait "^sysmark -- results: "
e2e_wait "^syscall x2 "
e2e_wait "^context1 x2 "
e2e_shot results

# Save under the default name, then see it refuse to overwrite silently.
e2e_keys s
e2e_wait "save as: .*/results/.*\.csv$"
e2e_keys Enter
e2e_wait "^saved .*\.csv"
ls "$e2e_tmp"/results/*.csv >/dev/null 2>&1 || e2e_fail "no file saved"
# Its own file is saved again; another file is never replaced silently.
: >"$e2e_tmp/other.csv"
e2e_keys s C-u "$e2e_tmp/other.csv" Enter
e2e_wait "exists: replace it? (y/n)"
e2e_keys n
e2e_wait "not done"

# The ratio to the baseline, with its bars.
e2e_keys b
e2e_wait "choose the reference"
e2e_keys oldbox Enter
e2e_wait "Ratio to oldbox"
e2e_wait "RATIO"
e2e_wait "[0-9]\.[0-9][0-9]\( [-+~!]\(<[0-9]*%\)\{0,1\}\)\{0,1\}  *#[# ]*|"
e2e_shot results-ratio

# Compare: the saved run next to the baseline.
e2e_keys o
e2e_wait "pick runs and baselines"
e2e_wait "saved run  *$(hostname)-\|saved run  *"
e2e_wait "baseline   oldbox"
e2e_keys Space j Space Enter
e2e_wait "compare: the second against the first, ranked by change"
e2e_wait "^From: "
e2e_wait "^TEST  *OLD  *NEW  *CHANGE"
e2e_wait "^To: oldbox"
e2e_wait "^syscall x2  *[0-9.]*  *[0-9.]*  *[-+][0-9.]*%"
e2e_shot compare

# A longer run, resized while it goes on, then aborted.
e2e_keys Enter n
e2e_wait "choose the tests"
e2e_keys d C-u 0.5 Enter m C-u 20 Enter Enter
e2e_wait "sysmark -- running"
$e2e_tmux resize-window -t e2e -x 100 -y 30
e2e_end=$(($(date +%s) + 15))
until e2e_screen | LC_ALL=C awk '/^Run  / && length > 90 { f = 1 }
    END { exit !f }'; do
	[ "$(date +%s)" -le "$e2e_end" ] || e2e_fail "not redrawn at 100x30"
	sleep 0.1
done
$e2e_tmux resize-window -t e2e -x 60 -y 20
e2e_wait "needs at least 80x24; this terminal is 60x20"
# Smaller still, the message is broken between words, whole: at 40x12
# and at 16x8 every word of it is on the screen, none cut.
for size in "40 12" "16 8"; do
	set -- $size
	$e2e_tmux resize-window -t e2e -x "$1" -y "$2"
	e2e_end=$(($(date +%s) + 15))
	until e2e_screen | tr '\n' ' ' | tr -s ' ' | grep -q -F \
	    "sysmark needs at least 80x24; this terminal is $1x$2. Enlarge it (a running test goes on), or press q to quit."; do
		[ "$(date +%s)" -le "$e2e_end" ] ||
		    e2e_fail "the message is not whole at $1x$2"
		sleep 0.1
	done
done
$e2e_tmux resize-window -t e2e -x 80 -y 24
e2e_wait "Finished so far"
e2e_keys A
e2e_wait "Abort the whole run?"
e2e_keys y
e2e_wait "results (aborted)"
# Saved as it went and when it was stopped: quit asks nothing.
e2e_keys q
e2e_check_restored 0
