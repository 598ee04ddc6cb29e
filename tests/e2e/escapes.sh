#!/bin/sh
# What a file or a host sent never reaches the terminal raw: a run file
# whose meta values and test id hold ESC sequences
# (clear the screen, retitle the window, red text) and a fleet.csv whose
# reason holds one are shown by show, compare, fleet show and the
# console with each control character as \x1b, in a real terminal
# (tmux): had a sequence gone through, the screen would be cleared or
# the pane retitled, and the text that follows it would be missing.
set -u
. tests/e2e/lib.subr

esc=$(printf '\033')
res=$e2e_tmp/results
mkdir -p "$res" "$e2e_tmp/fleet"

# hostile FILE: a run of two tests, one with an ESC in its id.
hostile() {
	{
		echo 'record,name,value,version,copies,sample,unit,duration,elapsed,iterations,status,reason,per_copy,repeat,busy'
		echo 'meta,format,2,,,,,,,,,,,,'
		echo "meta,hostname,evil${esc}]2;pwned${esc}\\\\${esc}[2Jbox,,,,,,,,,,,,"
		echo "meta,date,2026-01-01T10:00:00,,,,,,,,,,,,"
		echo "meta,note,hi${esc}[31mred,,,,,,,,,,,,"
		echo "meta,status,complete,,,,,,,,,,,,"
		for i in 1 2 3; do
			echo "sample,syscall,10$i,1,1,$i,lps,1,1,1000,ok,,10$i,1,"
			echo "sample,x${esc}[2Jtest,10$i,1,1,$i,lps,1,1,1000,ok,,10$i,1,"
		done
	} >"$1"
}
hostile "$res/evil.csv"
hostile "$e2e_tmp/fleet/alpha.csv"
sed 's/2026-01-01T10/2026-01-01T11/' "$res/evil.csv" >"$res/evil2.csv"
cp "$res/evil2.csv" "$e2e_tmp/fleet/beta.csv"
{
	echo '"host","target","status","ssh_exit","agent_exit","start","end","seconds","agent_seconds","samples","file","reason"'
	echo '"alpha","alpha:22","ok","0","0","2026-01-01T10:00:00","2026-01-01T10:01:00","60.00","59.00","6","alpha.csv",""'
	echo "\"beta\",\"beta:22\",\"ok\",\"0\",\"0\",\"2026-01-01T10:00:00\",\"2026-01-01T10:01:00\",\"60.00\",\"59.00\",\"6\",\"beta.csv\",\"host said ${esc}]2;pwned${esc}\\\\${esc}[2Jcleared\""
} >"$e2e_tmp/fleet/fleet.csv"

$e2e_tmux new-session -d -x 80 -y 24 -s e2e "PS1='$ ' sh" ||
    e2e_fail "tmux cannot start"
e2e_title=$($e2e_tmux display-message -p -t e2e '#{pane_title}')

# shell CMD: run a sysmark command in the terminal, wait for it to end.
shell() {
	e2e_keys "clear; env SYSMARK_RESULTS=$res $e2e_bin $*; echo done=\$?" \
	    Enter
	e2e_wait "^done="
}

# The title is still the shell's: no OSC went through.
untitled() {
	[ "$($e2e_tmux display-message -p -t e2e '#{pane_title}')" = \
	    "$e2e_title" ] || e2e_fail "$1: the pane was retitled"
}

shell show "$res/evil.csv"
e2e_wait '^System -- evil\\x1b\]2;pwned\\x1b\\\\x1b\[2Jbox$'
e2e_wait '^Note: hi\\x1b\[31mred$'
e2e_wait '^x\\x1b\[2Jtest  *102\.0'
e2e_wait '^done=0'
untitled show
e2e_shot escapes-show

shell compare -p none "$res/evil.csv" "$res/evil2.csv" "| head -n 14"
e2e_wait '^\* evil\\x1b\]2;pwned\\x1b\\\\x1b\[2Jbox$'
e2e_wait '^x\\x1b\[2Jtest  *102\.0  *102\.0'
untitled compare
e2e_shot escapes-compare

shell fleet show "$e2e_tmp/fleet" "| head -n 16"
e2e_wait '^beta .*host said'
e2e_screen | tr -d '\n ' | grep -q 'hostsaid\\x1b\]2;pwned\\x1b\\\\x1b\[2Jcleared' ||
    e2e_fail "fleet show: the reason is not shown made visible"
e2e_wait '^x\\x1b\[2Jtest'
untitled "fleet show"
e2e_shot escapes-fleet-show

# The console: the saved run opened whole, and compared.
e2e_keys clear Enter
e2e_launch
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "compare: pick runs"
e2e_cursor_to evil
e2e_keys v
e2e_wait "^sysmark -- evil, as saved"
e2e_wait '^System -- evil\\x1b\]2;pwned\\x1b\\\\x1b\[2Jbox'
e2e_wait '^x\\x1b\[2Jtest  *102\.0'
untitled console
e2e_shot escapes-console
e2e_keys q y
e2e_check_restored 0
exit 0
