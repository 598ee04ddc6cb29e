#!/bin/sh
# Plant small bugs in the core one at a time and see whether the unit
# tests catch each: sh tests/mutate.sh [MUTANTS] (default
# tests/mutate/mutants, which says its format).  For each bug: edit the
# line, rebuild the sanitized unit tests, run them (the fastest first,
# stopping at the first that fails) and report "caught by test_X" or
# "SURVIVED".  Closes with the score; fails under MUTATE_MIN percent (90).
#
# Everything happens in a copy of the tree in a temporary directory,
# removed on any exit: the tree itself is never edited, so an interrupted
# run leaves nothing planted.  MUTATE_ONLY=PATTERN plants only the bugs
# whose line matches it (grep -E); MUTATE_TESTS="test_a test_b" runs
# only those programs (default: all of tests/test_*.c), MUTATE_SKIP="..."
# all but those (a test known to flake would count bugs as caught that
# it never saw); MUTATE_TIMEOUT
# bounds one program's run in seconds (600).
set -u

list=${1:-tests/mutate/mutants}
case "$list" in /*) ;; *) list=$(pwd)/$list ;; esac
min=${MUTATE_MIN:-90}
limit=${MUTATE_TIMEOUT:-600}
jobs=${MUTATE_JOBS:-2}
if [ ! -f "$list" ] || [ ! -f Makefile ] || [ ! -d src/core ]; then
	echo "usage: sh tests/mutate.sh [MUTANTS], from the top of the tree" >&2
	exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-mutate.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
tree=$work/tree
log=$work/log

# The copy: sources and the sanitized objects already built (reused).
mkdir -p "$tree"
tar cf - --exclude=./.git --exclude=./build/fuzz --exclude=./build/obj \
    --exclude=./sysmark --exclude=./sysmark-exec . | (cd "$tree" && tar xf -)
cd "$tree" || exit 2

# The test programs, the fastest first (a slow one only if all else pass).
if [ -n "${MUTATE_TESTS:-}" ]; then
	tests=$MUTATE_TESTS
else
	slow="test_hygiene test_bench test_runner"
	tests=""
	for f in tests/test_*.c; do
		t=$(basename "$f" .c)
		case " $slow ${MUTATE_SKIP:-} " in
		*" $t "*) ;;
		*) tests="$tests $t" ;;
		esac
	done
	for t in $slow; do
		case " ${MUTATE_SKIP:-} " in *" $t "*) ;; *) tests="$tests $t" ;; esac
	done
fi

# Build what every test runs (the CLI tests run build/san/sysmark); 0 when
# it built.
mutate_build() {
	make -j"$jobs" build/san/sysmark build/san/sysmark-exec >"$log" 2>&1
}

# Build and run the tests until one fails; print its name, or nothing.  A
# test is linked only when it is about to run, so a bug the first tests
# catch costs one link.
mutate_run() {
	for t in $tests; do
		if ! make "build/san/$t" >"$log" 2>&1; then
			echo "$t (does not build)"
			return
		fi
		if ! timeout "$limit" "build/san/$t" >"$log" 2>&1; then
			echo "$t"
			return
		fi
	done
}

echo "mutate: building the unmodified tree and running its tests"
if ! mutate_build; then
	tail -n 20 "$log"
	echo "mutate: the unmodified tree does not build" >&2
	exit 2
fi
# A test that fails on the unmodified tree but passes when run again
# flakes: it would count bugs as caught that it never saw, so it is left
# out (and named); one that fails three times stops the run.
while t=$(mutate_run) && [ -n "$t" ]; do
	ok=0
	case "$t" in
	*" "*) ;;
	*) for k in 1 2; do
		timeout "$limit" "build/san/$t" >/dev/null 2>&1 &&
		    { ok=1; break; }
	done ;;
	esac
	if [ "$ok" = 0 ]; then
		tail -n 30 "$log"
		echo "mutate: $t fails on the unmodified tree" >&2
		exit 2
	fi
	echo "mutate: $t flakes on the unmodified tree; left out"
	tests=$(echo " $tests " | sed "s/ $t / /")
done

total=0
caught=0
survived=""
tab=$(printf '\t')
while IFS="$tab" read -r file addr edit what; do
	case "$file" in ''|'#'*) continue ;; esac
	[ -n "${MUTATE_ONLY:-}" ] &&
	    ! printf '%s %s\n' "$file" "$what" | grep -Eq "$MUTATE_ONLY" &&
	    continue
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
	total=$((total + 1))
	if ! mutate_build; then
		result="does not build (not counted)"
		total=$((total - 1))
	else
		t=$(mutate_run)
		case "$t" in
		*"does not build"*)
			result="does not build (not counted)"
			total=$((total - 1)) ;;
		?*)
			result="caught by $t"
			caught=$((caught + 1)) ;;
		*)
			result="SURVIVED"
			survived="$survived
  $file:$line: $what" ;;
		esac
	fi
	printf '%-28s %s: %s\n' "$file:$line" "$what" "$result"
	# Restore, newer than the objects built from the bug.
	cp "$work/orig" "$file"
	touch "$file"
done <"$list"

[ "$total" -gt 0 ] || { echo "mutate: no bug planted" >&2; exit 2; }
pct=$((100 * caught / total))
echo "mutate: $caught of $total planted bugs caught ($pct%)"
[ -z "$survived" ] || echo "survivors:$survived"
[ "$pct" -ge "$min" ]
