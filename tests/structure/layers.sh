#!/bin/sh
# The layers point one way, as doc/HACKING.md's "How it is built" says:
#
#   sh tests/structure/layers.sh [DIR]
#
# src/bench (the workloads and the harness beneath them: the ground
# floor) -> src/core -> the command line (src/main.c, src/cmd/) and the
# console (ui/), side by side.  Inside src/core the folders call only
# down, in the order core.h names them (read from its includes): a call
# from a folder to one above it is a breach.  Checked from the sources'
# includes and from the calls between the objects under DIR (default
# build/obj; tests/structure/cycles.sh -e draws them from nm):
#   - nothing in src/ includes curses but through ui/ui.h, and only
#     cmd_console.c includes from ui/;
#   - src/core and src/bench include nothing of the front ends;
#   - a workload includes only its own directory's headers and calls
#     nothing of the core: what it needs (bench_fail() and the like) is
#     the harness's, in src/bench too;
#   - the core calls nothing of the front ends, the console nothing of
#     the command line, and the command line only ui/'s entry points,
#     from cmd_console.c.
# Prints each breach and exits 1 if there is any; 0 and one summary line
# if not; 2 if it cannot read the objects.  Run from the top directory
# (it reads src/ from there).
set -u

dir=${1:-build/obj}
here=$(dirname "$0")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
bad=$tmp/bad

# Includes: "FILE:LINE: what" for each one against the direction.
find src -name '*.[ch]' | LC_ALL=C sort |
    xargs grep -n '^[[:space:]]*#[[:space:]]*include' /dev/null |
awk '
{
	split($0, f, ":")
	file = f[1]
	where = f[1] ":" f[2]
	hdr = $0
	sub(/^[^:]*:[^:]*:[[:space:]]*#[[:space:]]*include[[:space:]]*/, "",
	    hdr)
	sub(/[[:space:]].*/, "", hdr)
	lower = file ~ /^src\/(core|bench)\//
	if (hdr ~ /curses/)
		print where ": includes " hdr " (only ui/ knows curses)"
	else if (hdr ~ /ui\// && file != "src/cmd/cmd_console.c")
		print where ": includes " hdr \
		    " (only cmd_console.c starts the console)"
	else if (lower && hdr ~ /(^"|\/)cmd[a-z_]*\.h"$/)
		print where ": includes " hdr " (the core knows no front end)"
	else if (file ~ /^src\/bench\// && hdr ~ /^"/ && hdr ~ /\//)
		print where ": includes " hdr \
		    " (a workload includes bench.h and the C library only)"
}' >"$bad"

# Calls: "FROM TO SYMBOL" from tests/structure/cycles.sh -e.
sh "$here/cycles.sh" -e "$dir" >"$tmp/calls" || exit 2
# The core's folders, lowest first, as core.h includes them.
order=$(sed -n 's/^#include "\([a-z]*\)\/[a-z]*\.h"$/\1/p' src/core/core.h |
    tr '\n' ' ')
awk -v order=" $order" -v count="$tmp/across" '
function rank(o,    f) {
	if (o !~ /^src\/core\/[^\/]*\/[^\/]*$/)
		return 0
	f = o
	sub(/^src\/core\//, "", f)
	sub(/\/.*/, "", f)
	return index(order, " " f " ")
}
function layer(o) {
	if (o ~ /^src\/bench\//)
		return "bench"
	if (o ~ /^src\/core\//)
		return "core"
	if (o ~ /^ui\//)
		return "ui"
	if (o ~ /^src\/(cmd\/[^\/]*|main)$/)
		return "cli"
	return "other"
}
{
	a = layer($1)
	b = layer($2)
	if (a == "core" && b == "core" && rank($1) > 0 && rank($2) > 0 &&
	    rank($1) < rank($2)) {
		print $1 " calls " $3 " (" $2 "): a folder of the core " \
		    "calls only the folders below it (core.h)"
		next
	}
	if (a == b)
		next
	across++
	if (a == "bench" && b == "core")
		why = "a workload calls nothing of the core"
	else if ((a == "bench" || a == "core") && (b == "cli" || b == "ui"))
		why = "the core knows no front end"
	else if (a == "ui" && b == "cli")
		why = "the console uses the core, not the command line"
	else if (a == "cli" && b == "ui" && $1 != "src/cmd/cmd_console")
		why = "only cmd_console.c starts the console"
	else
		next
	print $1 " calls " $3 " (" $2 "): " why
}
END {
	print across + 0 >count
}' "$tmp/calls" >>"$bad"
if [ -s "$bad" ]; then
	cat "$bad"
	echo "layers: $(wc -l <"$bad" | tr -d ' ') against the direction"
	exit 1
fi
echo "layers: includes and $(cat "$tmp/across") calls across layers, all one way"
