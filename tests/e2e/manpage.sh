#!/bin/sh
# The manual keeps up with the usages: every option that a command's usage
# names (`sysmark CMD --help`: its synopsis and its option lines) must be
# documented in that command's subsection of sysmark(1) (".Ss CMD") as an
# item of its own (".It Fl t ..."), not merely mentioned, and the global options (`sysmark --help`'s first line) in the
# SYNOPSIS or DESCRIPTION.  The commands are those `sysmark --help` lists,
# so a new command without a subsection fails too.  The EXIT STATUS list
# holds exactly the statuses of enum sm_exit (src/core/base/base.h), the
# one list of them.  And the page renders without a single groff warning.
set -u
. tests/e2e/cli.subr

man=${SYSMARK_MAN:-$top/src/sysmark.1}
[ -f "$man" ] || fail "no manual at $man"
missing=0

# The option names in a usage on stdin: the synopsis's words that are
# options, and the leading field of each option line ("  -t ID,...  ...").
manpage_opts() {
	awk '
	function take(s,    n, w, i) {
		gsub(/[][|,]/, " ", s)
		n = split(s, w, " ")
		for (i = 1; i <= n; i++)
			if (w[i] ~ /^--?[A-Za-z][A-Za-z0-9-]*$/)
				print w[i]
	}
	NF == 0 { body = 1; next }
	!body { take($0); next }
	/^  -/ { s = substr($0, 3); sub(/   *.*/, "", s); take(s) }
	' | sort -u
}

# The lines of the manual from the line matching $1 (an ERE) to the
# next section or subsection.
manpage_part() {
	awk -v start="$1" '
	on && /^\.S[sh] / { exit }
	$0 ~ start { on = 1; next }
	on
	' "$man"
}

# Is option $1 (-t, --order) an Fl in the part on stdin?  With $2 = It,
# on an item's line only.
manpage_has() {
	if [ -n "${2:-}" ]; then
		grep -Eq "^\\.$2 (.* )?Fl ${1#-}( |\$)"
	else
		grep -Eq "(^\\.| )Fl ${1#-}( |\$)"
	fi
}

"$bin" --help >"$out" 2>"$err" || fail "sysmark --help failed"
cmds=$(sed -n 's/^\(usage:\)\{0,1\} *sysmark \[*\([a-z][a-z]*\).*/\2/p' \
    "$out" | sort -u)
[ -n "$cmds" ] || fail "no command found in sysmark --help"
echo "$cmds" | grep -qx run || fail "run is not among the commands: $cmds"

head -n 1 "$out" | manpage_opts >"$tmp/global"
[ -s "$tmp/global" ] || fail "no global option in sysmark --help"
manpage_part '^\.Sh SYNOPSIS' >"$tmp/part"
manpage_part '^\.Sh DESCRIPTION' >>"$tmp/part"
while read -r o; do
	manpage_has "$o" <"$tmp/part" || {
		echo "$0: sysmark $o is not in the manual's SYNOPSIS or" \
		    "DESCRIPTION" >&2
		missing=$((missing + 1))
	}
done <"$tmp/global"

nopts=0
for c in $cmds; do
	"$bin" "$c" --help >"$out" 2>"$err" ||
	    fail "sysmark $c --help failed"
	manpage_opts <"$out" >"$tmp/opts"
	manpage_part "^\\.Ss $c\$" >"$tmp/part"
	if [ ! -s "$tmp/part" ]; then
		echo "$0: sysmark $c has no subsection (.Ss $c) in the" \
		    "manual" >&2
		missing=$((missing + 1))
		continue
	fi
	while read -r o; do
		nopts=$((nopts + 1))
		manpage_has "$o" It <"$tmp/part" || {
			echo "$0: sysmark $c $o is in its usage but not in" \
			    "the manual's .Ss $c" >&2
			missing=$((missing + 1))
		}
	done <"$tmp/opts"
done
# The run command alone has more than 20: finding few means the usages
# were not read, which must not pass as "all documented".
[ "$nopts" -ge 40 ] || fail "only $nopts options found in the usages"
[ "$missing" -eq 0 ] || fail "$missing options missing from $man"

# The exit statuses: the enum's values and the manual's items, the same.
base=${SYSMARK_BASE_H:-$top/src/core/base/base.h}
sed -n '/^enum sm_exit {/,/^};/s/^[[:space:]]*SM_EXIT_[A-Z_]* = \([0-9]*\).*/\1/p' \
    "$base" | sort -n >"$tmp/enum"
[ "$(wc -l <"$tmp/enum")" -ge 5 ] || fail "no enum sm_exit read from $base"
manpage_part '^\.Sh EXIT STATUS' | sed -n 's/^\.It \([0-9][0-9]*\)$/\1/p' |
    sort -n >"$tmp/man"
cmp -s "$tmp/enum" "$tmp/man" || {
	echo "$0: enum sm_exit has $(tr '\n' ' ' <"$tmp/enum")but the" \
	    "manual's EXIT STATUS $(tr '\n' ' ' <"$tmp/man")" >&2
	fail "the exit statuses disagree"
}

# groff's warnings (-ww) on stderr; its status is 0 even with them.
command -v groff >/dev/null 2>&1 || fail "groff is needed (sh .ci/deps test)"
groff -ww -z -mandoc "$man" >"$out" 2>"$err"
[ ! -s "$err" ] || fail "the manual renders with warnings"
exit 0
