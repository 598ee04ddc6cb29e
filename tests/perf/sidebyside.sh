#!/bin/sh
# SPDX-License-Identifier: MIT
#
# sysmark beside the suites it follows, as doc/validation.md's side-by-side
# table is made: each test interleaved with its reference (sysmark,
# reference, reference, sysmark, ...), one ratio per pair, then the median
# ratio, the pairs, their spread and the load average while they ran.
#
#   sh tests/perf/sidebyside.sh [-u UNIXBENCH] [-l LMBENCH_BIN] [-p PAIRS]
#                          [-d SECONDS] [-s SYSMARK] [-w SECONDS] [-c CPUS]
#                          [TEST...]
#
#   -u UNIXBENCH    a UnixBench tree you built (its pgms/ holds spawn ...)
#   -l LMBENCH_BIN  the directory of lmbench3 programs you built
#                   (bin/<arch>/, holding lat_pipe ...)
#   -p PAIRS        interleaved pairs per test (default 5)
#   -d SECONDS      length of a UnixBench-style sample, both sides, in
#                   whole seconds (3)
#   -s SYSMARK      the sysmark binary (default ./sysmark)
#   -w SECONDS      give up on one program's run after this long (600)
#   -c CPUS         run both sides under taskset -c CPUS ("0": one CPU),
#                   so that placement is the same for both and not the
#                   scheduler's choice of the moment (default: unpinned)
#   TEST            sysmark ids to compare (default: every one whose
#                   reference was given)
#
# This script holds no reference code: it runs the programs you point it
# at.  For dc it builds tests/perf/reloop.c, sysmark's own, because
# UnixBench's looper stops at GNU dc's exit status 1 (see that file): the
# table then gives dc twice, against UnixBench's way (every run shares
# dc.dat, so all but the first read nothing) and against dc.dat read
# afresh by every run, the work sysmark's dc does.  Ratios are sysmark's figure over the
# reference's in sysmark's units (lmbench3's MB of 10^6 bytes are turned
# into 2^20); for a latency a ratio below 1 means sysmark measured less.
# On a shared machine, read the spread and the load beside each ratio.

set -u

UB='' LM='' PAIRS=5 DUR=3 SM=./sysmark WAIT=600 CPUS=''
while getopts u:l:p:d:s:w:c: opt; do
	case $opt in
	u) UB=$OPTARG ;;
	l) LM=$OPTARG ;;
	p) PAIRS=$OPTARG ;;
	d) DUR=$OPTARG ;;
	s) SM=$OPTARG ;;
	w) WAIT=$OPTARG ;;
	c) CPUS=$OPTARG ;;
	*) sed -n '/^#   sh tests/,/reference was given)/p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case $PAIRS in ''|*[!0-9]*|0) echo "sidebyside: -p $PAIRS: a whole number of pairs" >&2; exit 2 ;; esac
# UnixBench's programs take whole seconds (atoi)
case $DUR in ''|*[!0-9]*|0) echo "sidebyside: -d $DUR: whole seconds" >&2; exit 2 ;; esac
case $WAIT in ''|*[!0-9]*|0) echo "sidebyside: -w $WAIT: whole seconds" >&2; exit 2 ;; esac
command -v timeout >/dev/null || { echo "sidebyside: needs timeout(1) (coreutils)" >&2; exit 2; }
[ -x "$SM" ] || { echo "sidebyside: $SM: no sysmark binary (make first, or -s)" >&2; exit 2; }
[ -z "$UB" ] || [ -x "$UB/pgms/spawn" ] || { echo "sidebyside: -u $UB: no pgms/spawn there" >&2; exit 2; }
[ -z "$LM" ] || [ -x "$LM/lat_pipe" ] || { echo "sidebyside: -l $LM: no lat_pipe there" >&2; exit 2; }
[ -n "$UB$LM" ] || { echo "sidebyside: give -u or -l (or both)" >&2; exit 2; }
# Each side's command starts with $PIN: nothing, or taskset with -c's CPUs.
PIN=''
if [ -n "$CPUS" ]; then
	command -v taskset >/dev/null || { echo "sidebyside: -c needs taskset(1) (util-linux)" >&2; exit 2; }
	taskset -c "$CPUS" true 2>/dev/null || { echo "sidebyside: -c $CPUS: taskset cannot pin to that CPU list" >&2; exit 2; }
	PIN="taskset -c $CPUS"
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/sidebyside.XXXXXX") || exit 1
SERVERS=''	# lmbench servers started here, stopped on every exit
stop_servers() {
	for prog in $SERVERS; do
		timeout 10 "$LM/$prog" -S 127.0.0.1 >/dev/null 2>&1
	done
	SERVERS=''
}
trap 'stop_servers; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM
RELOOP=''	# built for dc when a UnixBench tree is given
if [ -n "$UB" ]; then
	if ${CC:-cc} -std=c11 -O2 -o "$TMP/reloop" \
	    "$(dirname "$0")/perf/reloop.c" 2>"$TMP/cc.err"; then
		RELOOP=$TMP/reloop
	else
		echo "sidebyside: could not build tests/perf/reloop.c (dc is left out):" >&2
		cat "$TMP/cc.err" >&2
	fi
fi

# The tests: sysmark id, suite (u: UnixBench, l: lmbench3, n: lmbench3's
# client of a server it starts with -s and stops with -S, r: a program of
# UnixBench's run by reloop in its testdir with dc.dat on stdin), what
# the reference runs.
catalog() {
	cat <<'EOF'
spawn u spawn
syscall u syscall
execl u execl
pipe u pipe
context1 u context1
dhry2reg u dhry2reg
hanoi u hanoi
dc r reloop dc
dc r reloop -i dc.dat dc
lat_pipe l lat_pipe
lat_unix l lat_unix
lat_syscall l lat_syscall null
lat_proc_fork l lat_proc fork
lat_ctx_2p0k l lat_ctx -s 0 2
bw_pipe l bw_pipe
bw_unix l bw_unix
lat_udp n lat_udp
lat_tcp n lat_tcp
lat_connect n lat_connect
bw_tcp n bw_tcp -m 65536
EOF
}

# sysmark's mean over the samples (not the warm-up) of its saved run.
sysmark_figure() {
	# shellcheck disable=SC2086
	timeout "$WAIT" $PIN "$SM" run -t "$1" -d "$DUR" -n 1 -q -o "$TMP/s.csv" -F \
	    >/dev/null 2>&1 ||
		return 1
	awk -F, -v id="$1" '$1 == "sample" && $2 == id && $6 >= 1 &&
	    $11 == "ok" { s += $3; n++ } END { if (n) printf "%.6g\n", s / n }' \
	    "$TMP/s.csv"
}

# The reference's figure in sysmark's unit.
ref_figure() {
	suite=$1; shift
	if [ "$suite" = u ]; then
		# COUNT|n|timebase|unit on stderr: n per DUR / timebase; the
		# looper's program reads UnixBench's own input, as its Run does
		in=/dev/null
		[ "$*" = "looper dc" ] && in=$UB/testdir/dc.dat
		# execl finds itself again through UB_BINDIR, as under Run
		# shellcheck disable=SC2086
		(cd "$UB/testdir" && UB_BINDIR=$UB/pgms timeout "$WAIT" \
		    $PIN "$UB/pgms/$1" "$DUR" \
		    ${2:+"$2"} <"$in" 2>&1 >/dev/null) | awk -F'|' -v d="$DUR" \
		    '$1 == "COUNT" { printf "%.6g\n", $2 * $3 / d }'
		return
	fi
	if [ "$suite" = r ]; then
		shift	# "reloop"
		# shellcheck disable=SC2086
		(cd "$UB/testdir" && timeout "$WAIT" $PIN "$RELOOP" "$DUR" \
		    "$@" <dc.dat 2>/dev/null) |
		    awk '/ a minute$/ { print $(NF - 2) }'
		return
	fi
	prog=$1; shift
	# a client names the server's host last
	[ "$suite" = n ] && set -- "$@" 127.0.0.1
	# shellcheck disable=SC2086
	timeout "$WAIT" $PIN "$LM/$prog" "$@" 2>&1 | awk -v p="$prog" '
	    /MB\/sec/ { for (i = 1; i < NF; i++) if ($(i + 1) == "MB/sec")
		printf "%.6g\n", $i * 1e6 / 1048576; exit }
	    /microseconds/ { for (i = 1; i < NF; i++)
		if ($(i + 1) == "microseconds") { printf "%.6g\n", $i; exit } }
	    p == "lat_ctx" && NF == 2 && $1 ~ /^[0-9]+$/ { printf "%.6g\n", $2 }'
}

load() {
	cut -d' ' -f1 /proc/loadavg
}

# Start lmbench's server for prog on 127.0.0.1 (its -s forks it and
# returns) and wait, 10 s at most, until it listens.
start_server() {
	prog=$1
	# shellcheck disable=SC2086
	timeout 10 $PIN "$LM/$prog" -s >/dev/null 2>&1 || return 1
	SERVERS="$SERVERS $prog"
	command -v ss >/dev/null || { sleep 1; return 0; }
	i=0
	while [ "$i" -lt 100 ]; do
		ss -Hlnp 2>/dev/null | grep -q "\"$prog\"" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# One test: PAIRS interleaved pairs; a line "id ref median n lo hi lmin lmax".
one() {
	id=$1; suite=$2; shift 2
	: >"$TMP/r"
	: >"$TMP/l"
	if [ "$suite" = n ] && ! start_server "$1"; then
		echo "sidebyside: $1 -s: its server did not start" >&2
	fi
	i=1
	while [ "$i" -le "$PAIRS" ]; do
		load >>"$TMP/l"
		if [ $((i % 2)) -eq 1 ]; then
			a=$(sysmark_figure "$id"); b=$(ref_figure "$suite" "$@")
		else
			b=$(ref_figure "$suite" "$@"); a=$(sysmark_figure "$id")
		fi
		if [ -n "$a" ] && [ -n "$b" ]; then
			awk -v a="$a" -v b="$b" 'BEGIN { if (b > 0)
			    printf "%.4f\n", a / b }' >>"$TMP/r"
		fi
		i=$((i + 1))
	done
	sort -g "$TMP/r" | awk -v id="$id" -v ref="$*" '{ v[NR] = $1 }
	    END { if (NR == 0) { printf "%s|%s|-|0|-|", id, ref; exit }
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%s|%s|%.2f|%d|%.2f-%.2f|", id, ref, m, NR, v[1], v[NR] }'
	sort -g "$TMP/l" | awk '{ v[NR] = $1 } END { printf "%s-%s\n", v[1], v[NR] }'
	[ "$suite" = n ] && stop_servers
	return 0
}

echo "sysmark beside its references: $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -sr), $(nproc) CPUs, $PAIRS pairs, -d $DUR${CPUS:+, both on CPUs $CPUS}"
echo
echo "| test | reference | ratio (median) | pairs | spread | load |"
echo "|---|---|---|---|---|---|"
catalog | while read -r id suite ref; do
	if [ $# -gt 0 ]; then
		want=0
		for t in "$@"; do [ "$t" = "$id" ] && want=1; done
		[ "$want" = 1 ] || continue
	fi
	case $suite in
	u) [ -n "$UB" ] || continue ;;
	r) [ -n "$RELOOP" ] || continue ;;
	*) [ -n "$LM" ] || continue ;;
	esac
	# shellcheck disable=SC2086
	line=$(one "$id" "$suite" $ref </dev/null)
	echo "| $(echo "$line" | sed 's/|/ | /g') |"
done
