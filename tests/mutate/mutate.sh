#!/bin/sh
# Plant small bugs in the core one at a time and see whether the unit
# tests catch each: sh tests/mutate/mutate.sh [MUTANTS] (default
# tests/mutate/mutants, which says its format).  For each bug: edit the
# line, rebuild the sanitized unit tests, run them (stopping at the first
# that fails) and report "caught by test_X" or "SURVIVED", with the
# seconds it took.  Closes with the score and the survivors; fails under
# MUTATE_MIN percent (90).
#
# Everything happens in a copy of the tree in a temporary directory,
# removed on any exit (a trap): the tree itself is never edited, so an
# interrupted run leaves nothing planted, and each bug is undone in the
# copy before the next is planted.  MUTATE_ONLY=PATTERN plants only the
# bugs whose line matches it (grep -E); MUTATE_TESTS="test_a test_b" runs
# only those programs (default: all of tests/unit/test_*.c), MUTATE_SKIP="..."
# all but those; MUTATE_TIMEOUT bounds one program's run in seconds
# (600); MUTATE_JOBS is make's -j (2).
#
# Order: the core areas' programs first and the slow ones last, except
# that the program that caught the last bug planted in the same file (or, for
# a new file, the last bug at all) runs first: bugs in one file are
# mostly caught by one program, so a caught bug costs one link and one
# run.  The sysmark binary is relinked only before the first program
# that runs it.  The order changes which program is named, never whether
# a bug is caught.
#
# A failure counts as a catch only when the program fails again at once,
# so that a test that flakes under load is not taken for one that caught
# a bug.  A program that fails on the unmodified tree but passes when run
# again flakes: it is kept (left out, the bugs only it catches would
# count as survivors), but a failure of it counts only when it fails
# three times in a row; one that fails three times on the unmodified
# tree stops the run.  A program that fails under a bug and then passes
# is named on stderr and treated the same way from then on.
set -u

list=${1:-tests/mutate/mutants}
case "$list" in /*) ;; *) list=$(pwd)/$list ;; esac
min=${MUTATE_MIN:-90}
limit=${MUTATE_TIMEOUT:-600}
jobs=${MUTATE_JOBS:-2}
if [ ! -f "$list" ] || [ ! -f Makefile ] || [ ! -d src/core ]; then
	echo "usage: sh tests/mutate/mutate.sh [MUTANTS], from the top of the tree" >&2
	exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-mutate.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM HUP
tree=$work/tree
log=$work/log
hints=$work/hints
: >"$hints"

# The copy: sources and the sanitized objects already built (reused).
mkdir -p "$tree"
tar cf - --exclude=./.git --exclude=./build/fuzz --exclude=./build/obj \
    --exclude=./sysmark --exclude=./sysmark-exec . | (cd "$tree" && tar xf -)
cd "$tree" || exit 2

# The test programs: first those of the areas the list plants bugs in,
# then the others, the slow ones last (only if all else pass).
if [ -n "${MUTATE_TESTS:-}" ]; then
	tests=$MUTATE_TESTS
else
	first="test_stats test_signif test_compare test_csvstore"
	first="$first test_import"
	slow="test_hygiene test_bench test_runner"
	tests=""
	for t in $first; do
		case " ${MUTATE_SKIP:-} " in *" $t "*) ;; *) tests="$tests $t" ;; esac
	done
	for f in tests/unit/test_*.c; do
		t=$(basename "$f" .c)
		case " $first $slow ${MUTATE_SKIP:-} " in
		*" $t "*) ;;
		*) tests="$tests $t" ;;
		esac
	done
	for t in $slow; do
		case " ${MUTATE_SKIP:-} " in *" $t "*) ;; *) tests="$tests $t" ;; esac
	done
fi
# Those that run the sysmark binary (testutil.h's tu_run).
needs_bin=""
for t in $tests; do
	grep -qE 'tu_run\(|tu_bin\(\)|build/san/sysmark"' "tests/unit/$t.c" &&
	    needs_bin="$needs_bin $t"
done
# Programs known to flake, one a line (a file: mutate_run runs in a
# subshell).
flaky=$work/flaky
: >"$flaky"

# 0 if word $1 is in the list $2.
mutate_in() {
	case " $2 " in *" $1 "*) return 0 ;; esac
	return 1
}

# Build what the CLI tests run; 0 when it built.
mutate_build() {
	make -j"$jobs" build/san/sysmark build/san/sysmark-exec >"$log" 2>&1
}

# Run program $1 (already built); 0 if it passed.
mutate_test() {
	timeout "$limit" "build/san/$1" >"$log" 2>&1
}

# Whether a failure of $1 counts: it must fail again (twice again for
# one known to flake).  One that passes now flaked: it is named and
# marked, and the next program runs.
mutate_fails() {
	! mutate_test "$1" || { mutate_flaked "$1"; return 1; }
	grep -qx "$1" "$flaky" || return 0
	! mutate_test "$1" || { mutate_flaked "$1"; return 1; }
}

mutate_flaked() {
	echo "mutate: $1 flaked (failed, then passed); not counted" >&2
	grep -qx "$1" "$flaky" || echo "$1" >>"$flaky"
}

# Build and run the programs, $1 first if given, until one fails; print
# its name, or nothing.  A program is linked only when it is about to
# run, so a bug the first program catches costs one link.
mutate_run() {
	order="$1 $(echo " $tests " | sed "s/ $1 / /")"
	built=0
	for t in $order; do
		if [ "$built" = 0 ] && mutate_in "$t" "$needs_bin"; then
			if ! mutate_build; then
				echo "sysmark (does not build)"
				return
			fi
			built=1
		fi
		if ! make -j"$jobs" "build/san/$t" >"$log" 2>&1; then
			echo "$t (does not build)"
			return
		fi
		if ! mutate_test "$t" && mutate_fails "$t"; then
			echo "$t"
			return
		fi
	done
}

# Every line of the list must match one line and change it: checked
# first, so that a list gone stale (the code moved on) fails in seconds,
# not after the tests ran.
tab=$(printf '\t')
stale=0
while IFS="$tab" read -r file addr edit what; do
	case "$file" in ''|'#'*) continue ;; esac
	hits=$(sed -n "${addr}p" "$file" 2>/dev/null | wc -l)
	if [ "$hits" -eq 1 ]; then
		sed "${addr}${edit}" "$file" | cmp -s - "$file" || continue
	fi
	echo "mutate: $file $addr $edit: matches $hits lines or changes" \
	    "nothing; fix the list" >&2
	stale=1
done <"$list"
[ "$stale" = 0 ] || exit 2

echo "mutate: building the unmodified tree and running its tests"
if ! mutate_build; then
	tail -n 20 "$log"
	echo "mutate: the unmodified tree does not build" >&2
	exit 2
fi
for t in $tests; do
	if ! make -j"$jobs" "build/san/$t" >"$log" 2>&1; then
		tail -n 20 "$log"
		echo "mutate: $t does not build on the unmodified tree" >&2
		exit 2
	fi
	mutate_test "$t" </dev/null && continue
	cp "$log" "$work/first"
	if mutate_test "$t" || mutate_test "$t"; then
		echo "mutate: $t flakes on the unmodified tree; kept, its" \
		    "failures count when it fails 3 times in a row"
		echo "$t" >>"$flaky"
		continue
	fi
	tail -n 30 "$work/first"
	echo "mutate: $t fails on the unmodified tree" >&2
	exit 2
done

total=0
caught=0
last=""
survived=""
while IFS="$tab" read -r file addr edit what; do
	case "$file" in ''|'#'*) continue ;; esac
	[ -n "${MUTATE_ONLY:-}" ] &&
	    ! printf '%s %s\n' "$file" "$what" | grep -Eq "$MUTATE_ONLY" &&
	    continue
	start=$(date +%s)
	cp "$file" "$work/orig"
	hits=$(sed -n "${addr}p" "$file" | wc -l)
	line=$(sed -n "${addr}=" "$file" | head -n 1)
	sed -i "${addr}${edit}" "$file"
	if [ "$hits" -ne 1 ] || cmp -s "$file" "$work/orig"; then
		cp "$work/orig" "$file"
		echo "mutate: $file $addr $edit: matches $hits lines or" \
		    "changes nothing; fix the list" >&2
		exit 2
	fi
	hint=$(sed -n "s|^$file ||p" "$hints" | tail -n 1)
	t=$(mutate_run "${hint:-$last}" </dev/null)
	case "$t" in
	*"does not build"*)
		result="does not build (not counted)" ;;
	?*)
		total=$((total + 1))
		result="caught by $t"
		grep -qx "$t" "$flaky" && result="$result (it flakes: 3 runs of 3)"
		caught=$((caught + 1))
		last=$t
		echo "$file $t" >>"$hints" ;;
	*)
		total=$((total + 1))
		result="SURVIVED"
		survived="$survived
  $file:$line: $what" ;;
	esac
	printf '%-28s %s: %s (%ss)\n' "$file:$line" "$what" "$result" \
	    $(($(date +%s) - start))
	# Undo the bug, newer than the objects built from it.
	cp "$work/orig" "$file"
	touch "$file"
done <"$list"

[ "$total" -gt 0 ] || { echo "mutate: no bug planted" >&2; exit 2; }
pct=$((100 * caught / total))
echo "mutate: $caught of $total planted bugs caught ($pct%)"
[ -z "$survived" ] || echo "survivors:$survived"
[ "$pct" -ge "$min" ]
