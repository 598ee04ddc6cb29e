#!/bin/sh
# tests/run.sh stops when told to: SIGTERM while it runs a test ends it at
# once (status 143, "tests: stopped"), and with it the test it ran and what
# that test started, rather than waiting for the test or going on to the
# next.  The test here is a script that starts a sleep and waits.
set -u
. tests/e2e/cli.subr

work=$tmp/work
mkdir -p "$work"
cat >"$work/sleeper" <<'EOS'
#!/bin/sh
sleep 300 &
echo "$$ $!" >pids.tmp
mv pids.tmp pids
wait
EOS
chmod +x "$work/sleeper"
# A second test that must never start.
printf '#!/bin/sh\ntouch started\n' >"$work/second"
chmod +x "$work/second"

(cd "$work" && exec sh "$top/tests/run.sh" ./sleeper ./second) \
    >"$out" 2>"$err" &
runner=$!
i=0
until [ -s "$work/pids" ]; do
	i=$((i + 1))
	[ "$i" -lt 300 ] || { kill "$runner"; fail "the test never started"; }
	sleep 0.1
done
read -r sleeper sleep <"$work/pids"
kill -TERM "$runner"
i=0
while kill -0 "$runner" 2>/dev/null; do
	i=$((i + 1))
	if [ "$i" -ge 100 ]; then
		kill -KILL "$runner" "$sleeper" "$sleep" 2>/dev/null
		fail "tests/run.sh still running 10 s after SIGTERM"
	fi
	sleep 0.1
done
wait "$runner"
rc=$?
[ "$rc" = 143 ] || fail "status $rc, not 143"
grep -q "tests: stopped" "$err" || fail "no word that it stopped"
i=0
while kill -0 "$sleeper" 2>/dev/null || kill -0 "$sleep" 2>/dev/null; do
	i=$((i + 1))
	if [ "$i" -ge 50 ]; then
		kill -KILL "$sleeper" "$sleep" 2>/dev/null
		fail "the test it ran, or what that started, outlived it"
	fi
	sleep 0.1
done
[ ! -e "$work/started" ] || fail "the next test started after SIGTERM"
echo "$0: ok"
