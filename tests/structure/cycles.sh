#!/bin/sh
# No two objects call each other, directly or round a loop:
#
#   sh tests/structure/cycles.sh [-e] [DIR]
#
# Reads the symbols of every object under DIR (default build/obj, what
# `make` leaves; build/san after the sanitized build) with nm, from the
# top directory (where each object's source is), and draws
# the graph "object A calls a function defined in object B": an edge for
# each undefined symbol (U) of A that B defines as code (T, W).  Prints
# every strongly connected component of more than one object, with the
# calls that hold it together, and exits 1 if there is any; 0 and one
# summary line if there is none, 2 if it cannot read the objects.
# With -e it prints the edges instead ("FROM TO SYMBOL", one a line,
# names relative to DIR without .o), for tests/structure/layers.sh.
#
# Objects are sorted and nm sorts symbols, so the output is the same on
# every run.  Only external functions count: a static helper is private
# to its file and data (tables, strings) is not a call.
set -u

edges=0
if [ "${1:-}" = -e ]; then
	edges=1
	shift
fi
dir=${1:-build/obj}
dir=${dir%/}
if [ ! -d "$dir" ]; then
	echo "cycles.sh: no $dir: build first (make)" >&2
	exit 2
fi
# An object whose source (NAME.c from the current directory) is gone is
# left over from a file since renamed or removed: left out.
list=$(find "$dir" -name '*.o' | LC_ALL=C sort | while IFS= read -r o; do
	s=${o#"$dir"/}
	[ ! -f "${s%.o}.c" ] || printf '%s\n' "$o"
done)
if [ -z "$list" ]; then
	echo "cycles.sh: no objects under $dir whose source is here:" \
	    "build first (make), and run from the top directory" >&2
	exit 2
fi

# nm -A -P: "PATH: SYMBOL TYPE [VALUE SIZE]", one symbol a line.
printf '%s\n' "$list" | LC_ALL=C xargs nm -A -P |
LC_ALL=C awk -v dir="$dir/" -v edges="$edges" '
function name(path) {
	path = substr(path, 1, length(path) - 1)	# the colon
	if (index(path, dir) == 1)
		path = substr(path, length(dir) + 1)
	sub(/\.o$/, "", path)
	return path
}
function node(n) {
	if (!(n in id)) {
		id[n] = ++nnodes
		nm[nnodes] = n
	}
	return id[n]
}
{
	o = node(name($1))
	if ($3 == "T" || $3 == "W") {
		if (!($2 in def))
			def[$2] = o
	} else if ($3 == "U") {
		nuse++
		usefrom[nuse] = o
		usesym[nuse] = $2
	}
}
END {
	for (u = 1; u <= nuse; u++) {
		if (!(usesym[u] in def))
			continue			# libc, curses, ...
		a = usefrom[u]
		b = def[usesym[u]]
		if (a == b)
			continue
		if (!((a, b) in via)) {
			nadj[a]++
			adj[a, nadj[a]] = b
			via[a, b] = usesym[u]
			ncalls++
		} else
			via[a, b] = via[a, b] ", " usesym[u]
		if (edges)
			print nm[a], nm[b], usesym[u]
	}
	if (edges)
		exit 0
	# What each object reaches, by a walk from it: V (V + E) steps.
	for (s = 1; s <= nnodes; s++) {
		split("", seen)
		top = 0
		stack[++top] = s
		while (top > 0) {
			v = stack[top--]
			for (k = 1; k <= nadj[v]; k++) {
				w = adj[v, k]
				if (!(w in seen)) {
					seen[w] = 1
					reach[s, w] = 1
					stack[++top] = w
				}
			}
		}
	}
	# A and B share a component when each reaches the other.
	loops = 0
	for (s = 1; s <= nnodes; s++) {
		if ((s in comp) || !((s, s) in reach))
			continue
		loops++
		members = ""
		for (t = s; t <= nnodes; t++)
			if ((s, t) in reach && (t, s) in reach) {
				comp[t] = loops
				members = members " " nm[t]
			}
		printf "cycle %d:%s\n", loops, members
		for (a = s; a <= nnodes; a++)
			for (k = 1; k <= nadj[a]; k++) {
				b = adj[a, k]
				if ((a in comp) && comp[a] == loops &&
				    (b in comp) && comp[b] == loops)
					printf "  %s -> %s: %s\n", nm[a], nm[b],
					    via[a, b]
			}
	}
	printf "cycles: %d objects, %d calls between them, %d cycle%s\n",
	    nnodes, ncalls + 0, loops, loops == 1 ? "" : "s"
	exit loops > 0
}'
