#!/bin/sh
# `sysmark users` against a hostile mix: a fact too long to
# save refused before the run; background processes a step starts,
# in its group or escaped with setsid, ended after each sample and
# counted; a think time longer than a sample refused or waited for;
# a command too long for exec refused at load; a UTF-8 BOM skipped.
set -u
. tests/e2e/cli.subr

# users MIX ARGS...: run sysmark users on MIX; $rc, $out, $err.
users() {
	SYSMARK_RESULTS=$tmp/results "$bin" users "$@" >"$out" 2>"$err"
	rc=$?
}

# 2. A source row of 300 KB: refused before anything runs, nothing on
# stdout, the fact and the limit named.
{
	echo 'kind,what,iterations,think'
	printf 'source,"%0300000d",,\n' 0
	echo 'command,true,1,0'
} >"$tmp/big-source.csv"
users "$tmp/big-source.csv" -u 1 -d 0.1 -n 1 -q
[ "$rc" -eq 2 ] || fail "2: status $rc, not 2"
grep -q 'fact "mix.source" cannot be saved: 300[0-9]* bytes, over the 262144' \
    "$err" || fail "2: no reason"
grep -q 'sample' "$out" "$err" && fail "2: the run started"
[ ! -d "$tmp/results" ] || [ -z "$(ls "$tmp/results")" ] ||
    fail "2: something saved"

# 3. Background processes of a command step: left in the user's group,
# in a group of their own (sh -c), in a session of their own (setsid).
# Each sleep carries a length of our own, so that ps finds only ours.
secs=$((100000 + $$ % 100000))
left() {
	ps -eo args= | grep -c "^sleep $secs\$"
}
for cmd in "sleep $secs &" "sh -c 'sleep $secs &'" "setsid sleep $secs &"
do
	printf 'kind,what,iterations,think\ncommand,"%s",1,0\n' \
	    "$(printf '%s' "$cmd" | sed 's/"/""/g')" >"$tmp/bg.csv"
	users "$tmp/bg.csv" -u 2 -d 0.1 -n 2 -q
	[ "$rc" -eq 0 ] || fail "3: $cmd: status $rc"
	n=$(left)
	if [ "$n" -ne 0 ]; then
		ps -eo pid=,args= | awk -v a="sleep $secs" '$2 " " $3 == a \
		    { print $1 }' | xargs kill
		fail "3: $cmd: $n sleeps left"
	fi
	grep -q 'Left running: sysmark ended [1-9][0-9]* processes' "$out" ||
	    fail "3: $cmd: the run does not say what it ended"
done
# A run of tests with partners and children leaves nothing to end.
SYSMARK_RESULTS=$tmp/results "$bin" run -t pipe,context1,spawn,shell1 \
    -c 2 -d 0.1 -n 1 -q >"$out" 2>"$err" || fail "3: run failed"
grep -q 'Left running' "$out" && fail "3: an ordinary run ended processes"

# 11. A think time longer than the sample's grace (5 s past -d): each
# sample waits for the step and its think, and none times out.
printf 'kind,what,iterations,think\ncommand,true,1,6\n' >"$tmp/think.csv"
users "$tmp/think.csv" -u 1 -d 0.1 -n 1
[ "$rc" -eq 0 ] || fail "11: status $rc"
grep -q '^  users: Simulated users, all steps, 1 copy' "$err" ||
    fail "11: the plan does not name the users test"
grep -q 'timed out' "$err" "$out" && fail "11: a sample timed out"
grep -q '^Simulated users.*steps/m' "$out" || fail "11: no figure"

# 13. A command exec cannot take (over 128 KB in one argument) is refused
# at load with the reason; one byte under the limit runs.  A 1 MB one too.
cmd_of() {	# cmd_of BYTES: "true xxx..." of that length, quoted for CSV
	printf '"true %0*d"' $(($1 - 5)) 0
}
for bytes in 131072 1048576; do
	printf 'kind,what,iterations,think\ncommand,%s,1,0\n' \
	    "$(cmd_of $bytes)" >"$tmp/long.csv"
	users "$tmp/long.csv" -u 1 -d 0.1 -n 1 -q
	[ "$rc" -eq 2 ] || fail "13: $bytes bytes: status $rc"
	grep -q "long.csv:2: the command is $bytes bytes; exec takes at most 131071" \
	    "$err" || fail "13: $bytes bytes: no reason"
done
printf 'kind,what,iterations,think\ncommand,%s,1,0\n' "$(cmd_of 131071)" \
    >"$tmp/long.csv"
users "$tmp/long.csv" -u 1 -d 0.1 -n 1 -q
[ "$rc" -eq 0 ] || fail "13: 131071 bytes: status $rc"

# 14. A mix starting with a UTF-8 BOM, as sysmark(1) promises, is read.
printf '\357\273\277kind,what,iterations,think\ncommand,true,1,0\n' \
    >"$tmp/bom.csv"
users "$tmp/bom.csv" -u 1 -d 0.1 -n 1 -q
[ "$rc" -eq 0 ] || fail "14: status $rc"
grep -q '^Simulated users.*steps/m' "$out" || fail "14: no figure"
exit 0
