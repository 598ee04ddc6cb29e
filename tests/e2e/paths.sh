#!/bin/sh
# Every repository path named in a comment, a doc or the manual exists
# (tests/structure/paths.sh).  The check is first shown to fail on planted
# files naming paths that are not there (a C comment, a script's comment,
# a doc, a pattern matching nothing) and to pass over a path named only in
# code, then run on the tree.  Reads files only; no clock, no network.
set -u
. tests/e2e/check.subr

mkdir -p "$tmp/bad/src/core/plan" "$tmp/bad/doc" "$tmp/bad/tests"
: >"$tmp/bad/src/core/plan/plan.c"
printf '%s\n' '/*' ' * Moved: core/plan.c, now core/plan/plan.c.' ' */' \
    'static const char *p = "core/gone.c";	/* code, not a comment */' \
    'int x; // tests/none.sh' >"$tmp/bad/src/a.c"
printf '%s\n' '#!/bin/sh' 'cat doc/gone.md # doc/none.md' \
    '# src/core/plan/*.c and src/core/fleet/fleet_*.c' >"$tmp/bad/tests/b.sh"
printf '%s\n' 'See [the plan](src/core/plan/plan.c) and src/cmd_NAME.c.' \
    >"$tmp/bad/doc/c.md"

cd "$tmp/bad" || fail "cd $tmp/bad"
sh "$top/tests/structure/paths.sh" src/a.c tests/b.sh doc/c.md \
    >"$tmp/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "paths.sh on the planted files: status $rc, not 1"
for want in 'src/a.c:2: core/plan.c ' 'src/a.c:5: tests/none.sh ' \
    'tests/b.sh:2: doc/none.md ' 'tests/b.sh:3: src/core/fleet/fleet_\*.c ' \
    'doc/c.md:1: src/cmd_NAME.c '; do
	grep -q "^$want" "$tmp/out" || fail "paths.sh missed $want"
done
grep -q 'gone' "$tmp/out" && fail "paths.sh read a path in code"
grep -q '^paths: 5 of 8 named paths do not exist$' "$tmp/out" ||
    fail "paths.sh counted otherwise"

cd "$top" || fail "cd $top"
sh tests/structure/paths.sh >"$tmp/out" 2>&1 ||
    fail "paths named that do not exist (tests/structure/paths.sh)"
exit 0
