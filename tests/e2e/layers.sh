#!/bin/sh
# The build's objects call each other in no loop (tests/structure/cycles.sh) and
# only one way through the layers (tests/structure/layers.sh).  Both checks are
# first shown to fail on a few tiny objects built to break them, then run
# on the objects of the build: build/san (what `make test` builds) or
# else build/obj (`make`).  Reads symbols with nm; no clock, no network.
set -u
. tests/e2e/check.subr

# obj DIR/NAME 'C SOURCE': one object of the planted tree.
obj() {
	mkdir -p "$tmp/bad/$(dirname "$1")"
	printf '%s\n' "$2" >"$tmp/bad/$1.c"
	cc -c -o "$tmp/bad/$1.o" "$tmp/bad/$1.c" || fail "cc $1.c"
}

# A loop of three (a -> b -> c -> a) and a pair outside it (d -> a).
obj src/core/a 'void b_f(void); void a_f(void) { b_f(); }'
obj src/core/b 'void c_f(void); void b_f(void) { c_f(); }'
obj src/core/c 'void a_f(void); void c_f(void) { a_f(); }'
obj src/core/d 'void a_f(void); void d_f(void) { a_f(); }'
# The core calling the console; a workload calling the core, even what
# bench.h declares (bench_hi, implemented in the core), as the harness's
# services once were.
obj src/core/e 'void ui_f(void); void e_f(void) { ui_f(); }'
obj ui/f 'void ui_f(void) { }'
obj src/bench/g 'void d_f(void); void bench_ok(void); void bench_hi(void);
void g_f(void) { d_f(); bench_ok(); bench_hi(); }'
# The harness, in src/bench: what a workload and the core may call.
obj src/bench/k 'void bench_ok(void) { }'
printf 'void bench_ok(void);\nvoid bench_hi(void);\n' \
    >"$tmp/bad/src/bench/bench.h"
# A core header that includes the command line's.
printf '#include "../cmd.h"\n' >"$tmp/bad/src/core/h.h"
# Folders of the core, lowest first as core.h includes them: lo calling
# hi is against the order, whatever it calls (bench_hi is declared in
# bench.h, but lives in hi); lo calling the harness below it is not.
printf '#include "lo/lo.h"\n#include "hi/hi.h"\n' >"$tmp/bad/src/core/core.h"
obj src/core/lo/m 'void n_f(void); void bench_ok(void); void bench_hi(void);
void m_f(void) { n_f(); bench_ok(); bench_hi(); }'
obj src/core/hi/n 'void n_f(void) { } void bench_hi(void) { }'
# Left over from a file since removed: not counted.
cp "$tmp/bad/src/core/a.o" "$tmp/bad/src/core/gone.o"

# check SCRIPT: tests/SCRIPT on the planted tree must find a breach (1).
check() {
	sh "$top/tests/structure/$1" . >"$tmp/out" 2>&1
	rc=$?
	[ "$rc" -eq 1 ] || fail "$1 on the planted tree: status $rc, not 1"
}

# says PATTERN WHAT: a line of what it printed matches, or WHAT failed.
says() {
	grep -q -e "$1" "$tmp/out" || fail "$2"
}

# The checks read the sources from the top of the tree they check.
cd "$tmp/bad" || fail "cd $tmp/bad"
check cycles.sh
says '^cycle 1: src/core/a src/core/b src/core/c$' "no loop a b c named"
says '^  src/core/c -> src/core/a: a_f$' "no call closing the loop named"
grep -q 'cycle 2' "$tmp/out" && fail "cycles.sh found a second loop"
grep -q 'src/core/d' "$tmp/out" && fail "cycles.sh put d in the loop"
grep -q 'gone' "$tmp/out" && fail "cycles.sh read an object with no source"

check layers.sh
says '^src/core/e calls ui_f (ui/f): ' "the core calling the console missed"
says '^src/bench/g calls d_f (src/core/d): ' \
    "a workload calling the core missed"
says '^src/bench/g calls bench_hi (src/core/hi/n): a workload calls nothing of the core$' \
    "a workload calling a bench.h function the core implements missed"
says '^src/core/h.h:1: includes "../cmd.h" ' \
    "the core including the command line missed"
says '^src/core/lo/m calls n_f (src/core/hi/n): a folder of the core calls only the folders below it' \
    "a folder calling one above it missed"
says '^src/core/lo/m calls bench_hi (src/core/hi/n): ' \
    "a folder calling one above it through a bench.h name missed"
says '^layers: 6 against the direction$' "other breaches counted"
grep -q 'bench_ok' "$tmp/out" && fail "layers.sh refused a call to the harness"

# The build's own objects.
cd "$top" || fail "cd $top"
dir=build/san
[ -f "$dir/src/main.o" ] || dir=build/obj
[ -f "$dir/src/main.o" ] || fail "no objects: build first (make)"
sh "$top/tests/structure/cycles.sh" "$dir" >"$tmp/out" 2>&1 ||
    fail "objects that call each other in a loop (tests/structure/cycles.sh $dir)"
grep -q '^cycles: [0-9]* objects, [0-9]* calls between them, 0 cycles$' \
    "$tmp/out" || fail "cycles.sh said something else"
sh "$top/tests/structure/layers.sh" "$dir" >"$tmp/out" 2>&1 ||
    fail "calls or includes against the layers (tests/structure/layers.sh $dir)"
exit 0
