#!/bin/sh
# A reason is never cut before its cause: under a
# TMPDIR of 250 bytes on a file system out of inodes, fstime fails, in
# the runner (the sample's directory) and in the copy (its file); both
# reasons, on stderr and in the saved run, end with the cause, the long
# path shortened in its middle.  Needs root, for the tmpfs.
set -u
top=$(pwd)
bin=${SYSMARK_BIN:-$top/build/san/sysmark}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-e2e.XXXXXX")
long=$tmp/$(printf '%0240d' 0 | tr 0 d)
trap 'umount "$long" 2>/dev/null; rm -rf "$tmp"' EXIT
out=$tmp/out

fail() {
	echo "$0: $*" >&2
	cat "$out" >&2
	exit 1
}

mkdir "$long"
# 4 inodes: the root, the run's directory, s0, c0; the copy's file fails.
# 3: c0 itself fails, in the runner.
for inodes in 3 4; do
	mount -t tmpfs -o size=64k,nr_inodes=$inodes none "$long" ||
	    fail "cannot mount a tmpfs (root is needed)"
	TMPDIR=$long SYSMARK_RESULTS=$tmp "$bin" run -t fstime -d 0.2 -n 1 \
	    -q -o "$tmp/run.csv" -F >"$out" 2>&1
	umount "$long"
	reason=$(grep '^sample,fstime,' "$tmp/run.csv" | head -n 1 |
	    cut -d, -f12)
	case $reason in
	*...*"No space left on device") ;;
	*) fail "$inodes inodes: the reason is \"$reason\"" ;;
	esac
	tr -d '\n ' <"$out" | grep -q 'sample0failed:.*\.\.\..*Nospaceleftondevice' ||
	    fail "$inodes inodes: stderr lost the cause"
done
exit 0
