#!/bin/sh
# No screen of the console is named outside its own file
# (tests/structure/screens.sh): the check is first shown to fail on
# planted files (the loop stepping a screen, a job calling one, a header
# declaring one, a call split from its parenthesis) and to pass over a
# screen's own calls and its struct, then run on the tree.  Reads files
# only; no clock, no network.
set -u
. tests/e2e/check.subr

mkdir -p "$tmp/bad/ui"
printf '%s\n' 'static void loop(struct ui *ui) {' \
    '	scr_hosts_step(ui);' '	ui_jobs[0]->step(ui);' \
    '	return (void)&scr_hosts;' '}' >"$tmp/bad/ui/ui.c"
printf '%s\n' 'void f(struct ui *ui) { scr_run_finished (ui); }' \
    >"$tmp/bad/ui/ui_live.c"
printf '%s\n' 'void	 scr_compare_show_table(struct ui *, struct table *);' \
    >"$tmp/bad/ui/ui.h"
printf '%s\n' 'static void scr_run_top(struct ui *ui) { }' \
    'void g(struct ui *ui) { scr_run_top(ui); struct scr_run *s; }' \
    >"$tmp/bad/ui/scr_run.c"

cd "$tmp/bad" || fail "cd $tmp/bad"
sh "$top/tests/structure/screens.sh" ui/ui.c ui/ui_live.c ui/ui.h \
    ui/scr_run.c >"$tmp/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "screens.sh on the planted files: status $rc, not 1"
for want in 'ui/ui.c:2: scr_hosts_step( outside ui/scr_hosts.c' \
    'ui/ui_live.c:1: scr_run_finished( outside ui/scr_run.c' \
    'ui/ui.h:1: scr_compare_show_table( outside ui/scr_compare.c'; do
	grep -qF "$want" "$tmp/out" || fail "screens.sh missed: $want"
done
grep -q 'scr_run_top\|ui/ui.c:4' "$tmp/out" &&
    fail "screens.sh counted a screen's own call or its struct"
grep -q '^screens: 3 call(s) of a screen outside its file$' "$tmp/out" ||
    fail "screens.sh counted otherwise"

cd "$top" || fail "cd $top"
sh tests/structure/screens.sh >"$tmp/out" 2>&1 ||
    fail "a screen named outside its file (tests/structure/screens.sh)"
exit 0
