#!/bin/sh
# The select screen warns when the cpufreq governor is not performance,
# read from a fixture sysfs tree (SYSMARK_SYSFS): the whole
# warning with its command on an idle machine, its start beside the
# title on a busy one; with performance, no warning.
set -u
. tests/e2e/lib.subr

fix=$e2e_tmp/sysfs
n=$(getconf _NPROCESSORS_CONF)
i=0
while [ "$i" -lt "$n" ]; do
	mkdir -p "$fix/devices/system/cpu/cpu$i/cpufreq"
	echo powersave >"$fix/devices/system/cpu/cpu$i/cpufreq/scaling_governor"
	echo 1800000 >"$fix/devices/system/cpu/cpu$i/cpufreq/scaling_cur_freq"
	i=$((i + 1))
done

e2e_start "SYSMARK_SYSFS=$fix"
e2e_wait "choose the tests"
# The idle line or the title line, whichever the load leaves it.
e2e_wait "Governor powersave, not performance"
e2e_shot select-governor
e2e_keys q
e2e_check_restored 0

i=0
while [ "$i" -lt "$n" ]; do
	echo performance >"$fix/devices/system/cpu/cpu$i/cpufreq/scaling_governor"
	i=$((i + 1))
done
e2e_keys clear Enter
e2e_launch "SYSMARK_SYSFS=$fix"
e2e_wait "choose the tests"
e2e_screen | grep -q "Governor" && e2e_fail "a performance governor warned"
e2e_keys q
e2e_check_restored 0
