#!/bin/sh
# A message longer than the status line is wrapped onto the lines above
# it, never cut at 80 columns (a busy machine's warning, an error naming
# a long path).  At 80x24 TERM=vt100: the Hosts screen (F) asked for an
# inventory that is not there, under a path of over 100 characters, says
# the whole path and why.  So is the select screen's description of the
# highlighted test, wrapped under the list, and it names no option of the
# command line.  No network, no clock.
set -u
. tests/e2e/lib.subr

inv=$e2e_tmp/an-inventory-folder-nobody-made/with/more/folders/below/it/hosts.ini
e2e_start TERM=vt100 NO_COLOR=1
e2e_wait "choose the tests"
e2e_keys / C-u fsread30 Enter
e2e_wait "^  \[ \] fsread30 "
e2e_end=$(($(date +%s) + 15))
while :; do
	# Joined, less the position written beside the first line.
	got=$(e2e_screen | tail -n 6 | sed 's/more above//; s/more below//;
	    s/test [0-9]*\/[0-9]*//' | tr -d ' \n')
	case $got in
	*"fsread30(KBps):FileReadagain:BYTE's30ssample(itslength:therun's)"*)
		break ;;
	esac
	[ "$(date +%s)" -le "$e2e_end" ] || e2e_fail "the description is cut"
	sleep 0.1
done
e2e_screen | grep -q -E '[ (]-[a-zA-Z]( |\))' && e2e_fail "an option named"
e2e_keys F
e2e_wait "^inventory file:"
e2e_keys "$inv" Enter
e2e_wait "No such file or directory"
# The last lines, joined (a line break at a blank drops the blank).
want=$(printf '%s: No such file or directory' "$inv" | tr -d ' ')
got=$(e2e_screen | tail -n 4 | tr -d ' \n')
case $got in
*"$want"*) ;;
*) e2e_fail "the message is cut: $got" ;;
esac
e2e_keys q
e2e_check_restored 0
