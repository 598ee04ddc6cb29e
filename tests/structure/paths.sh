#!/bin/sh
# Every repository path the tree names exists:
#
#   sh tests/structure/paths.sh [FILE...]
#
# Reads the sources, scripts, docs and the manual (default: every file git
# tracks under src/, ui/, tests/ and doc/, with README.md and Makefile,
# leaving out test data and fuzz corpora) for words that look like a path
# in the repository: one that begins with a top folder (src/, ui/, tests/,
# doc/, baselines/, mixes/, .ci/) or with a folder of src/ (core/, cmd/,
# bench/, helper/), as comments name them.  Each must name a file or
# folder, taken from the top, from src/ or from src/core/ (a comment in
# the core says core/base/util.c or base/util.c... only the first two
# forms are read: a word must start with one of the folders above).
# A word with a placeholder in capitals (cmd_NAME.c, HOST-YYYYMMDD.csv)
# or a * is a pattern that must match at least one file.  Words under
# results/ (a user's saved runs, never committed) are not checked.
# Prints "FILE:LINE: PATH does not exist" for each and exits 1 if there
# is any; 0 and one summary line if not.  Run from the top directory.
set -u

if [ $# -eq 0 ]; then
	set -- $(git ls-files src ui tests doc README.md Makefile .ci |
	    grep -v -e '^tests/data/' -e '^tests/fuzz/corpus/' \
	    -e '^tests/fuzz/regress/' -e '\.png$')
fi

# "FILE:LINE:WORD" for each word in a comment that looks like a
# repository path.  Comments are C's /* */ and // (strings skipped), a
# script's or the Makefile's from a # at the start or after a blank; docs
# and the manual are read whole.
awk '
function words(text,    w) {
	while (match(text, /(^|[^A-Za-z0-9_.\/$~-])(\.ci|src|ui|tests|doc|baselines|mixes|core|cmd|bench|helper)\/[A-Za-z0-9_.*\/-]*[A-Za-z0-9_*\/]/)) {
		w = substr(text, RSTART, RLENGTH)
		text = substr(text, RSTART + RLENGTH)
		sub(/^[^A-Za-z.]/, "", w)
		print FILENAME ":" FNR ":" w
	}
}
function c_comments(s,    out, i, t) {
	out = ""
	while (s != "") {
		if (inc) {
			i = index(s, "*/")
			if (!i)
				return out s
			out = out substr(s, 1, i - 1)
			s = substr(s, i + 2)
			inc = 0
			continue
		}
		if (!match(s, /\/\*|\/\/|"([^"\\]|\\.)*"|\047([^\047\\]|\\.)*\047/))
			return out
		t = substr(s, RSTART, 2)
		if (t == "/*") {
			inc = 1
			s = substr(s, RSTART + 2)
		} else if (t == "//")
			return out substr(s, RSTART + 2)
		else
			s = substr(s, RSTART + RLENGTH)
	}
	return out
}
# The comment of a script line: from a # at the start or after a blank,
# outside quotes.
function sh_comment(s,    i, c, q, prev) {
	q = ""
	prev = " "
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (q != "") {
			if (c == q)
				q = ""
			else if (c == "\\" && q == "\"")
				i++
		} else if (c == "\"" || c == "\047")
			q = c
		else if (c == "#" && prev ~ /[ \t]/)
			return substr(s, i)
		prev = c
	}
	return ""
}
FNR == 1 { inc = 0 }
FILENAME ~ /\.(md|1|txt)$/ { words($0); next }
FILENAME ~ /\.[ch]$/ { words(c_comments($0)); next }
index($0, "#") { words(sh_comment($0)) }
' "$@" |
awk -F: '
# exists P: a file or folder at P, or, for a pattern, one that matches.
function exists(p,    pat, cmd, r) {
	if (p in seen)
		return seen[p]
	pat = p
	gsub(/[A-Z][A-Z0-9]+/, "*", pat)
	gsub(/\*+/, "*", pat)
	cmd = "for f in " pat "; do [ -e \"$f\" ] && exit 0; done; exit 1"
	r = (system(cmd) == 0)
	seen[p] = r
	return r
}
{
	file = $1
	line = $2
	word = $0
	sub(/^[^:]*:[0-9]*:/, "", word)
	sub(/\.+$/, "", word)
	# A URL or an outside tree (github.com/x/src/..., /work/ref/...) is
	# not ours: its path began before the folder matched.
	checked++
	if (word ~ /^(core|cmd|bench|helper)\//)
		ok = exists("src/" word)
	else
		ok = exists(word) || exists("src/" word)
	if (!ok) {
		print file ":" line ": " word " does not exist"
		bad++
	}
}
END {
	if (bad) {
		print "paths: " bad " of " checked " named paths do not exist"
		exit 1
	}
	print "paths: " checked " named paths, all there"
}'
