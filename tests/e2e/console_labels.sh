#!/bin/sh
# Labels in the console: a run saved with `run -l` is listed
# by its label in the compare screen's list and the reference picker,
# its file name after it, and the comparison's header names it so; a
# run without a label (every file from before labels) by its file name.
set -u
. tests/e2e/lib.subr

mkdir -p "$e2e_tmp/results"
cp tests/data/gate-a1.csv tests/data/gate-small.csv "$e2e_tmp/results/"

e2e_start
e2e_wait "choose the tests"
e2e_keys o
e2e_wait "compare: pick runs"
e2e_wait "saved run  before .*testbox  (gate-a1)"
e2e_wait "saved run  gate-small  "
e2e_shot compare-labels
# Both, oldest (the labelled one, listed last) first: its label heads
# the From: side.
e2e_keys j Space k Space Enter
e2e_wait "^From: before"
e2e_wait "^To: gate-small"
e2e_keys q y
e2e_check_restored 0
