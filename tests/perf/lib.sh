# What tests/perf/detect_trials.sh and index_interval.sh share, sourced
# by them after they set $me (their name): option checks, the setting up
# of a private results directory, and sysmark runs stopped within a
# bound and on a signal.  Not a script of its own.

# Print the script's "# Usage:" comment, up to the line "#   $1", and
# exit 2.
perf_usage() {
	sed -n "/^# Usage:/,/^#   $1/s/^# \{0,1\}//p" "$0" >&2
	exit 2
}

# Option $1's value $2 must be a number: digits with at most one point.
perf_number() {
	case $2 in
	'' | . | *[!0-9.]* | *.*.*)
		echo "$me: $1 $2: expected a number" >&2
		exit 2 ;;
	esac
}

# -P $1 and the options that make a profile ($2, their values joined)
# exclude each other; a -P names a file.
perf_profile_opts() {
	if [ -n "$1" ] && [ -n "$2" ]; then
		echo "$me: -P takes a profile made already; the other" \
		    "options make one" >&2
		exit 2
	fi
	if [ -n "$1" ] && [ ! -f "$1" ]; then
		echo "$me: -P $1: not a file" >&2
		exit 2
	fi
}

# Check what the script needs (run from the top after make), then make
# the private directory $work (prefix $1) that SYSMARK_RESULTS names, so
# nothing goes to results/; $bin is sysmark, $noise the host profile's
# place in $work.
perf_setup() {
	top=$(pwd)
	bin=$top/sysmark
	[ -x "$bin" ] && [ -f "$top/tests/perf/lib.sh" ] ||
	    { echo "$me: run from the top after make" >&2; exit 2; }
	for tool in timeout python3; do
		command -v $tool >/dev/null ||
		    { echo "$me: needs $tool" >&2; exit 2; }
	done
	work=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-$1.XXXXXX") || exit 2
	SYSMARK_RESULTS=$work
	export SYSMARK_RESULTS
	noise=$work/noise-$(uname -n).csv
	job_pid=
}

# Run a command, stdout to $2 and stderr to $3, stopped by timeout after
# $1 seconds: in the background, so that a signal reaches the script's
# trap at once, and perf_stop_job stops it.
perf_bounded() {
	secs=$1 out=$2 err=$3
	shift 3
	timeout -k 30 "$secs" "$@" >"$out" 2>"$err" </dev/null &
	job_pid=$!
	wait "$job_pid"
	brc=$?
	job_pid=
	[ $brc -ne 124 ] || echo "$me: timed out after $secs s: $*" >&2
	return $brc
}

# Stop the command perf_bounded runs, if any: timeout passes the TERM on,
# and sysmark saves what it has measured (30 s later timeout kills it).
perf_stop_job() {
	[ -z "$job_pid" ] || { kill "$job_pid" 2>/dev/null; wait "$job_pid"; }
	job_pid=
}

# Make the host profile at $noise: sysmark calibrate with the arguments
# after $1, stopped after $1 seconds; says so first, exits if it fails.
perf_calibrate() {
	secs=$1
	shift
	echo "calibrate $* (at most $secs s) ..."
	if ! perf_bounded "$secs" "$work/calibrate.txt" \
	    "$work/calibrate.err" "$bin" calibrate "$@" || [ ! -f "$noise" ]
	then
		echo "$me: calibrate failed:" >&2
		cat "$work/calibrate.err" >&2
		exit 1
	fi
}
