#!/bin/sh
# No screen is named outside its own file, as doc/HACKING.md's "How it
# is built" says of the console:
#
#   sh tests/structure/screens.sh [FILE...]
#
# A screen is one file, ui/scr_NAME.c, whose functions are scr_NAME_*;
# the loop, the jobs and the other screens reach it only through its
# struct ui_screen (its ops: enter, key, on_event, show_table...), which
# ui.c alone lists.  So any `scr_NAME_WORD(` (a call, or a declaration
# in a header) in another file is a breach.  Reads the C files and
# headers under ui/, src/ and tests/unit/ (or the FILEs given); prints
# "FILE:LINE: scr_NAME_WORD( outside ui/scr_NAME.c" for each breach and
# exits 1 if there is any, else 0 and one summary line.  Run from the
# top directory.
set -u

if [ "$#" -eq 0 ]; then
	set -- $(find ui src tests/unit -name '*.[ch]' | LC_ALL=C sort)
fi
LC_ALL=C awk '
FNR == 1 {
	own = FILENAME
	sub(/^.*\//, "", own)
	sub(/\.c$/, "", own)
	files++
}
{
	line = $0
	while (match(line, /scr_[a-z0-9]+_[a-z0-9_]*[ \t]*\(/)) {
		call = substr(line, RSTART, RLENGTH)
		line = substr(line, RSTART + RLENGTH)
		scr = call
		sub(/^scr_/, "", scr)
		sub(/_.*$/, "", scr)
		if ("scr_" scr == own)
			continue
		sub(/[ \t]*\($/, "(", call)
		printf "%s:%d: %s outside ui/scr_%s.c\n", FILENAME, FNR,
		    call, scr
		bad++
	}
}
END {
	if (bad > 0) {
		printf "screens: %d call(s) of a screen outside its file\n", \
		    bad
		exit 1
	}
	printf "screens: %d files, no screen named outside its own\n", files
}' "$@"
