#!/bin/sh
# The results and compare screens: rows that differ only in
# copies read differently (test id and copies where titles do not fit,
# the full title of the highlighted row below); the reference is chosen
# in a filtered list and kept by name through a save and a new run; a
# latency that got better draws a longer bar, with a legend; sideways
# scrolling keeps the test column and stops at the last column; any saved
# run opens whole, a memory-latency sweep with its curve.
set -u
. tests/e2e/lib.subr

e2e_baseline
# A latency far slower than any machine now: this run is better there.
cat >>"$e2e_tmp/baselines/oldbox.csv" <<'CSV'
sample,lat_syscall,50,1,1,1,us,,,,ok,,
sample,lat_syscall,52,1,1,2,us,,,,ok,,
CSV
sed 's/oldbox/newbox/' "$e2e_tmp/baselines/oldbox.csv" \
    >"$e2e_tmp/baselines/newbox.csv"
printf 'meta,source,"made up for the picker test",,,,,,,,,,\n' \
    >>"$e2e_tmp/baselines/oldbox.csv"
mkdir -p "$e2e_tmp/results"
cp tests/data/memcurve.csv "$e2e_tmp/results/memcurve.csv"

e2e_start
e2e_wait "choose the tests"
e2e_keys x / C-u "System Call Overhead" Enter Space
e2e_keys / C-u "null syscall" Enter
e2e_wait "^lat_syscall (us): "
e2e_keys Space c C-u 1,2 Enter d C-u 0.2 Enter m C-u 2 Enter
e2e_wait "Copies 1,2   Duration 0.2 s   Samples 2   Tests 2 of"
e2e_keys Enter
e2e_wait "sysmark -- results" 60

# 1 and 2 copies: two rows that read differently; the highlighted row's
# full title under the table.
e2e_wait "^syscall  "
e2e_wait "^syscall x2  "
# Down a line at a time, each move seen, to the row (its place depends
# on how the table above folds).
e2e_seek "^syscall x2: System Call Overhead (2 copies)" j

# The picker: names with their source, filtered by typing.
e2e_keys b
e2e_wait "choose the reference"
e2e_wait "baseline  oldbox  *tests 2/2  made up for the picker test"
e2e_wait "baseline  newbox "
e2e_keys picker
e2e_wait "^1 of "
e2e_keys Enter
e2e_wait "^Ratio to oldbox"
e2e_wait "^bars: longer is better"
# Better latency: the bar runs past the reference mark.
e2e_seek "^lat_syscall .*|#" j
e2e_shot results-ratio
# Kept by name through a save and a new run.
e2e_keys s Enter
e2e_wait "^saved "
e2e_wait "^Ratio to oldbox"
e2e_rerun n Enter
e2e_wait "^Ratio to oldbox"

# Compare three side by side: wide; l keeps the test column and stops
# once the last column shows.
e2e_keys o
e2e_wait "compare: pick runs"
e2e_keys Space j Space j Space j Space Enter
e2e_wait "compare: 4 side by side"
e2e_wait "^+ better  - worse  ~ no clear change"
e2e_keys l l l l l l l l l l l l l l l l
e2e_wait "^TEST .*RATIO$"
e2e_wait "^syscall x2 .*[0-9]"

# Open the saved sweep whole: its table, every statistic, its curve.
e2e_keys Enter '<'
e2e_wait "saved run  *memcurve"
e2e_line=$(e2e_screen | grep -n "saved run  *memcurve" | cut -d: -f1)
# The list starts on the third line, the cursor on its first row.
for _ in $(seq 4 "$e2e_line"); do
	e2e_keys j
done
e2e_keys v
e2e_wait "^sysmark -- memcurve, as saved"
e2e_wait "^Every test: (2 samples)"
e2e_wait "^Memory latency, 512B  *1.0  ns  *0.0%  0.0%"
e2e_seek "^Every statistic" J
e2e_keys '>'
e2e_wait "^Levels read off the plateaus: L1 1 ns"
e2e_wait "ends at 32K"
e2e_shot view-memcurve
e2e_keys v
e2e_wait "^sysmark -- results: "
e2e_keys q y
e2e_check_restored 0
