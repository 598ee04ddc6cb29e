#!/bin/sh
# What the console costs a serial line and the machine, measured against
# its budget: the console in a private 80x24 tmux whose
# pane output is logged (pipe-pane), one syscall sample of -d seconds
# (default 10) at the default refresh.  It prints
#   - the bytes of the first screen (the select screen, until it is idle),
#   - bytes per second while the test runs (a window inside the sample),
#   - write(2) calls per screen update (with strace, when installed),
#   - the parent's CPU over that window (utime + stime, in % of one CPU),
#   - its peak memory (VmHWM),
# with the load average.  Usage: sh tests/perf/console_serial.sh [SECONDS]
# Run from the top of the tree after `make`.  Not a test: figures depend
# on the machine; the budget is 100 bytes/s, a first screen under 1500
# bytes, 0.5% of one CPU and 8 MB.
set -u

dur=${1:-10}
top=$(pwd)
bin=$top/sysmark
[ -x "$bin" ] || { echo "$0: build ./sysmark first (make)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-serial.XXXXXX")
sock=sysmark-serial-$$
tm="tmux -L $sock -f /dev/null"
trap '$tm kill-server 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM

screen() { $tm capture-pane -p -t s; }
wait_for() {	# PATTERN SECONDS
	end=$(($(date +%s) + $2))
	until screen | grep -q -e "$1"; do
		[ "$(date +%s)" -le "$end" ] || {
			echo "$0: timed out waiting for /$1/" >&2
			screen >&2
			exit 1
		}
		sleep 0.1
	done
}
bytes() { wc -c <"$tmp/pane" | tr -d ' '; }
ticks() {	# utime + stime of a pid
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# The pane's output is logged from before sysmark starts.
$tm new-session -d -x 80 -y 24 -s s "sleep 1; exec env \
SYSMARK_RESULTS=$tmp/results $bin console" || exit 1
$tm pipe-pane -o -t s "cat >>$tmp/pane"
wait_for "Estimated time" 15
sleep 1
first=$(bytes)
pid=$($tm list-panes -t s -F '#{pane_pid}')	# sysmark itself

$tm send-keys -t s x / C-u syscall Enter Space d C-u "$dur" Enter \
    n C-u 1 Enter Enter
# After the warm-up sample (sample 0), when the runner takes one.
wait_for "sample 1 of 1" $((2 * dur + 15))
# A window inside the sample, clear of its start and its end.
win=$((dur - 4))
[ "$win" -ge 2 ] || { echo "$0: SECONDS must be 6 or more" >&2; exit 2; }
sleep 1.5
b0=$(bytes)
t0=$(ticks "$pid")
if command -v strace >/dev/null 2>&1; then
	timeout "$win" strace -q -s 256 -p "$pid" -e trace=write \
	    -o "$tmp/strace" 2>/dev/null
else
	sleep "$win"
fi
b1=$(bytes)
t1=$(ticks "$pid")
hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status")
hz=$(getconf CLK_TCK)
wait_for "results" $((dur + 30))

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "first screen: $first bytes"
echo "while a test runs: $(( (b1 - b0) / win )) bytes/s" \
    "($((b1 - b0)) bytes in $win s, default 2 updates/s)"
if [ -f "$tmp/strace" ]; then
	w=$(grep -c '^write(1,' "$tmp/strace")
	echo "writes: $w in $win s, $(awk -v w="$w" -v s="$win" \
	    'BEGIN { printf "%.1f", w / (s * 2) }') per update"
else
	echo "writes: strace is not installed"
fi
awk -v t=$((t1 - t0)) -v hz="$hz" -v s="$win" 'BEGIN {
	printf "parent CPU: %d ticks in %d s, %.2f%% of one CPU\n", t, s,
	    100 * t / hz / s }'
echo "peak memory: $hwm kB"
