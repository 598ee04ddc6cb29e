#!/bin/sh
# `e` on the compare and results screens: with no table shown
# it says what to do first; with two saved runs compared it writes their
# HTML report under results/ and says where; on the results screen it
# writes the report of the run opened there.  Each page written is the
# one sysmark report makes: checked by tests/check/htmlcheck.py and for its
# charts' titles.
set -u
. tests/e2e/lib.subr

e2e_baseline
mkdir -p "$e2e_tmp/results"
cp tests/data/report_a.csv tests/data/report_b.csv tests/data/memcurve.csv \
    "$e2e_tmp/results/"

# The report a status line named: well-formed, with this chart title.
e2e_report_has() {
	e2e_wait "^report written to "
	e2e_path=$(e2e_screen |
	    sed -n 's/^report written to \(.*\.html\).*/\1/p')
	[ -f "$e2e_path" ] || e2e_fail "no report at \"$e2e_path\""
	case $e2e_path in
	"$e2e_tmp/results/report-"*) ;;
	*) e2e_fail "report not under results/: $e2e_path" ;;
	esac
	python3 tests/check/htmlcheck.py "$e2e_path" >"$e2e_tmp/check" ||
	    e2e_fail "$(cat "$e2e_tmp/check")"
	grep -q "<title id=\"[^\"]*\">$1</title>" "$e2e_path" ||
	    e2e_fail "$e2e_path has no chart \"$1\""
	rm -f "$e2e_path"
}

e2e_start
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "compare: pick runs"
e2e_wait "e:report"
e2e_keys e
e2e_wait "^pick runs with Space and compare them with Enter first"
e2e_cursor_to report_a
e2e_keys Space
e2e_cursor_to report_b
e2e_keys Space Enter
e2e_wait "compare: the second against the first"
e2e_keys e
e2e_report_has "Ratios: report_b against report_a"
e2e_shot compare-report

# The results screen of a saved run.
e2e_keys Enter
e2e_cursor_to memcurve
e2e_keys v
e2e_wait "^sysmark -- memcurve, as saved"
e2e_wait "e:report"
e2e_keys e
e2e_report_has "Memory hierarchy: load latency against size"
e2e_keys q y
e2e_check_restored 0
