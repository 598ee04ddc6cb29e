#!/bin/sh
# sysmark report in a real browser: Debian's chromium, headless, with a
# private profile, every launch under a time limit.  The pages are built
# from fixture runs (one run with a memory sweep, three runs compared, a
# scaling series, a parameter scan, a users run, a fleet directory), checked by
# tests/check/htmlcheck.py (nesting, unique ids, charts titled and described,
# nothing to fetch) and their SVG by xmllint, then opened with the
# network disabled: every request goes to a proxy this script runs on
# 127.0.0.1, which records it.  A control page with a remote image and a
# console.error() must show up in both records, which proves the two
# checks see; the reports must leave no request and no console message.
# The DOM chromium dumps is read back (chart titles, one path per series,
# table rows, every chart's labels inside it), a screenshot of each page is checked for its size, for
# ink and for its background (one in the dark scheme; tests/check/pngcheck.py),
# one page is printed to PDF on A4.  Screenshots
# are kept in $SYSMARK_E2E_SHOTS when set.  Skipped, saying so, only when
# no chromium is installed (sh .ci/deps test installs it).
set -u

top=$(pwd)
bin=$top/build/san/sysmark
[ -x "$bin" ] || bin=$top/sysmark
D=$top/tests/data
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "report.sh: skipped: no chromium (sh .ci/deps test installs it)"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysmark-report.XXXXXX")
proxy_pid=
cleanup() {
	[ -z "$proxy_pid" ] || kill "$proxy_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

fail() {
	echo "report.sh: $*" >&2
	exit 1
}

# ---- The pages, parsed and validated ----

page() {	# NAME RUN...
	n=$1
	shift
	"$bin" report -t "sysmark report: $n" -o "$tmp/$n.html" "$@" \
	    2>"$tmp/$n.err" || fail "report $n: $(cat "$tmp/$n.err")"
	python3 "$top/tests/check/htmlcheck.py" "$tmp/$n.html" >"$tmp/$n.check" ||
	    fail "$(cat "$tmp/$n.check")"
}
page one "$D/memcurve.csv"
page three "$D/report_a.csv" "$D/report_b.csv" "$D/fleet-20261201/beta.csv"
page scale "$D/report_scale.csv"
# Copies 1 and 2 on 2 CPUs, busy: the CPU mark at the axis's end.
page scale2 "$D/report_scale2.csv"
page busy "$D/report_scale.csv" "$D/report_scale2.csv"
page users "$D/report_users.csv"
page scan "$D/report_scan.csv" "$D/report_scan_b.csv"
page scan1 "$D/report_scan.csv"
page fleet "$D/fleet-20261201"
# A history: 40 synthetic runs, pipe 8% slower from run 26.
PYTHONHASHSEED=0 python3 "$top/tests/perf/history_runs.py" "$tmp/runs" \
    --runs 40 --tests syscall,pipe --step pipe@25:-8 >/dev/null ||
    fail "cannot write the history's runs"
XDG_CACHE_HOME=$tmp/cache "$bin" report --history -t "sysmark history" \
    -o "$tmp/history.html" "$tmp/runs" 2>"$tmp/history.err" ||
    fail "report --history: $(cat "$tmp/history.err")"
python3 "$top/tests/check/htmlcheck.py" "$tmp/history.html" >"$tmp/history.check" ||
    fail "$(cat "$tmp/history.check")"
"$bin" report -f svg -c memhier -o "$tmp/m.svg" "$D/memcurve.csv" \
    2>/dev/null || fail "report -f svg failed"
python3 "$top/tests/check/htmlcheck.py" "$tmp/m.svg" --svg >/dev/null ||
    fail "m.svg: $(python3 "$top/tests/check/htmlcheck.py" "$tmp/m.svg" --svg)"
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout "$tmp/m.svg" || fail "m.svg is not well-formed XML"
	# Every chart inline in a page is well-formed XML on its own.
	python3 -c '
import re, sys
for i, m in enumerate(re.finditer(r"<svg class=\"chart\".*?</svg>",
                                  open(sys.argv[1]).read(), re.S)):
    open("%s.%d.svg" % (sys.argv[1], i), "w").write(m.group(0))
' "$tmp/three.html"
	xmllint --noout "$tmp"/three.html.*.svg ||
	    fail "a chart of three.html is not well-formed XML"
fi

# ---- The browser, with every request sent to a recording proxy ----

cat >"$tmp/proxy.py" <<'PY'
import socket, sys, time
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 0))
s.listen(16)
s.settimeout(0.5)
with open(sys.argv[1], "w") as f:
    f.write("%d\n" % s.getsockname()[1])
end = time.time() + float(sys.argv[3])
with open(sys.argv[2], "a") as log:
    while time.time() < end:
        try:
            c, _ = s.accept()
        except socket.timeout:
            continue
        c.settimeout(2.0)
        try:
            # A connection opened ahead of need (a preconnect) may close
            # with nothing sent: that is no request.
            line = c.recv(4096).split(b"\r\n")[0].decode("latin-1")
            if line:
                log.write(line + "\n")
                log.flush()
            c.sendall(b"HTTP/1.0 502 Bad Gateway\r\n\r\n")
        except OSError:
            pass
        c.close()
PY
python3 "$tmp/proxy.py" "$tmp/port" "$tmp/requests" 300 &
proxy_pid=$!
end=$(($(date +%s) + 10))
until [ -s "$tmp/port" ]; do
	[ "$(date +%s)" -le "$end" ] || fail "the recording proxy did not start"
	sleep 0.1
done
port=$(cat "$tmp/port")

run=0
browse() {	# PAGE OUT ARGS...: chromium on file://PAGE, stdout to OUT
	p=$1
	out=$2
	shift 2
	run=$((run + 1))
	: >"$tmp/requests"
	timeout -k 5 90 "$browser" --headless=new --disable-gpu --no-sandbox \
	    --user-data-dir="$tmp/profile.$run" \
	    --proxy-server="127.0.0.1:$port" \
	    --disable-background-networking --disable-component-update \
	    --no-first-run --disable-sync --disable-default-apps \
	    --disable-domain-reliability --disable-breakpad \
	    --disable-client-side-phishing-detection \
	    --disable-features=OptimizationHints,Translate,MediaRouter \
	    --hide-scrollbars --enable-logging=stderr --v=0 "$@" \
	    "file://$p" >"$out" 2>"$tmp/log.$run" ||
	    fail "chromium on $p: status $? ($(tail -n 3 "$tmp/log.$run"))"
	# The browser's own services (time, updates and their downloads,
	# accounts) are not the page's: those hosts are Google's, and no
	# report names them (htmlcheck.py has made sure it names none).
	grep -v -E '^[A-Z]+ (http://)?[a-z0-9.-]*'\
'(google|googleapis|gstatic|gvt1|googleusercontent)\.com[:/]' \
	    "$tmp/requests" >"$tmp/page-requests.$run"
	grep 'CONSOLE' "$tmp/log.$run" >"$tmp/console.$run"
}

# The control: a remote image and a console message must both be seen.
printf '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<img src="http://sysmark-control.invalid/x.png" alt="x">
<script>console.error("control")</script></body></html>\n' >"$tmp/control.html"
browse "$tmp/control.html" "$tmp/control.dom" --dump-dom
grep -q 'sysmark-control.invalid/x.png' "$tmp/page-requests.$run" ||
    fail "the proxy did not see the control page's request"
grep -q '"control"' "$tmp/console.$run" ||
    fail "the console log did not show the control page's message"

dom() {		# NAME CHECKS...
	n=$1
	shift
	browse "$tmp/$n.html" "$tmp/$n.dom" --dump-dom
	[ ! -s "$tmp/page-requests.$run" ] ||
	    fail "$n.html made requests: $(cat "$tmp/page-requests.$run")"
	[ ! -s "$tmp/console.$run" ] ||
	    fail "$n.html logged: $(cat "$tmp/console.$run")"
	python3 "$top/tests/check/domcheck.py" "$tmp/$n.dom" "$@" >"$tmp/$n.read" ||
	    fail "$(cat "$tmp/$n.read")"
}
dom one --title "Memory hierarchy: load latency against size" \
    --series memhier 1 --rows "System -- synthetic" 20 \
    --title "Memory latency, 64KB, 1 copy: every sample"
dom three --title "Ratios: report_b against report_a" \
    --title "Ratios: beta against report_a" --series ratio-1 0 \
    --rows "System -- beta.example" 2 --text "Comparison" \
    --title "System Call Overhead, 1 copy: every sample"
dom scale --title "Scaling: System Call Overhead" \
    --series scaling-syscall 2 --text "2 CPUs"
dom users --title "Simulated users: response time against users" \
    --series users 3
# A parameter scan (-P n): the mean against the value, a curve a run;
# each sample's tip gives its CPU time and peak RSS.
dom scan --title "Scan: gz against {n}" --series scan-gz 2 \
    --text "user 0.050 s, sys 0.012 s, peak RSS 4.3 MB"
dom scan1 --title "Scan: gz against {n}" --series scan-gz 1 \
    --rows "Scans: each command" 5 --text "RSS MB"
dom fleet --text "alpha" --text "beta" --series ratio-1 0 \
    --title "Ratios: beta against alpha"
dom history --title "pipe on synthbox: 40 runs" \
    --title "syscall on synthbox: 40 runs" --series history-1 1 \
    --rows "History: 40 runs, 2 series" 2 --rows "Change points" 1 \
    --text "worse at 2026-01-07 09:00"
grep -q 'class="mark" d="M[0-9.]* [0-9.]*V' "$tmp/history.dom" ||
    fail "history.html: no change point marked"
grep -q 'class="err s0"' "$tmp/history.dom" ||
    fail "history.html: no run's interval drawn"
# Each level's figure to 4 digits as the axis writes it (a figure of
# 7 digits once ran across the points), drawn after the points.
python3 - "$tmp/history.dom" <<'EOF' || fail "history.html: the levels' labels"
import re, sys
dom = open(sys.argv[1]).read()
chart = dom[dom.index('id="history-1"'):]
labels = re.findall(r'<text class="mk" x="[0-9.]+" y="[0-9.]+">([^<]*)<', chart)
assert labels, "no level labelled"
assert all(re.fullmatch(r"[0-9.]{1,5}[kMG]?", l) and
           len(l.replace(".", "").rstrip("kMG")) <= 4 for l in labels), labels
first = chart.index('<text class="mk" x=')
assert chart.rfind('class="err s0"', 0, first) >= 0
assert chart.find('class="err s0"', first) < 0, "a point drawn over a label"
EOF

# Every chart's labels lie inside the chart, as chromium lays them out
# (a label past the edge is cut off): a copy of each page, without its
# Content-Security-Policy, gets a probe that writes each chart's box and
# each of its texts' boxes into the DOM, which domcheck.py reads back.
for n in one three scale scale2 busy users scan scan1 fleet history; do
	python3 - "$tmp/$n.html" "$tmp/$n.probe.html" <<'EOF' ||
import re, sys
page = open(sys.argv[1]).read()
page, n = re.subn(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "",
                  page)
assert n == 1, "no policy to lift"
probe = """<script>
function rect(e) {
  var r = e.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom].join(" ");
}
document.querySelectorAll("svg.chart").forEach(function (s) {
  s.setAttribute("data-frame", rect(s));
  s.querySelectorAll("text").forEach(function (t) {
    t.setAttribute("data-box", rect(t));
  });
});
document.body.setAttribute("data-laid-out", "1");
</script>
"""
open(sys.argv[2], "w").write(page.replace("</body>", probe + "</body>"))
EOF
	    fail "$n.html: cannot make the layout probe's copy"
	browse "$tmp/$n.probe.html" "$tmp/$n.probe.dom" --dump-dom
	python3 "$top/tests/check/domcheck.py" "$tmp/$n.probe.dom" \
	    --labels-inside >"$tmp/$n.read" || fail "$(cat "$tmp/$n.read")"
done

# A count's axis has whole-number ticks (copies 1 and 2: no 1.2, 1.4);
# a run measured on a busy machine is marked on every chart it is in,
# and no chart of idle runs is.
python3 - "$tmp/scale2.html" "$tmp/busy.html" "$tmp/three.html" \
    "$tmp/users.html" <<'EOF' || fail "ticks or busy marks"
import re, sys
scale2, busy, three, users = (open(f).read() for f in sys.argv[1:5])
for page, cid in ((scale2, "scaling-syscall"), (users, "users")):
    chart = page[page.index('id="%s"' % cid):]
    chart = chart[:chart.index("</svg>")]
    ticks = re.findall(r'<text x="[0-9.]+" y="([0-9.]+)" text-anchor="middle" '
                       r'class="tk">([^<]*)<', chart)
    xs = [t for y, t in ticks if y == ticks[0][0]]
    assert xs and all(re.fullmatch(r"[0-9]+", t) for t in xs), (cid, xs)
for page, name in ((scale2, "report_scale2"), (busy, "report_scale2")):
    charts = re.findall(r'<svg class="chart".*?</svg>', page, re.S)
    assert len(charts) >= 2, len(charts)
    for c in charts:
        assert re.search(r'class="busy">Busy: %s<' % name, c), c[:80]
assert 'class="busy"' not in three, "an idle run marked busy"
EOF

# The page opens with its headline: compare's verdicts, busy or not, the
# hosts, before the facts; a fact no run recorded has no row; workload
# versions in words; the strip plots' legend draws the mean as the line
# and the interval as the band that the chart draws, not as markers.
python3 - "$tmp/three.dom" "$tmp/one.dom" <<'EOF' || fail "the headline, facts or legend"
import re, sys
three, one = (open(f).read() for f in sys.argv[1:3])
for dom, want in ((three, "beta against report_a: 1 better, 0 worse, "
                   "1 unchanged. The machine was idle in every run. "),
                  (one, "Whether the machine was busy: not recorded. ")):
    m = re.search(r'<p id="headline"><strong>(.*?)</strong>Host: (.*?)\.</p>',
                  dom)
    assert m and m.group(1) == want, (m and m.group(1), want)
    assert dom.index('id="headline"') < dom.index('id="facts"')
assert "Host: boxa, beta.example." in three
assert '<th scope="row">Commit' not in one, "a row with nothing recorded"
assert '<th scope="row">CPU governor' not in three
assert ": the first version of their workload" in one
assert "version 1:" not in one
legend = one[one.index('id="strip-'):]
assert re.search(r'<path class="mean" d="M[0-9.]+ [0-9.]+V[0-9.]+"></path>\s*'
                 r'<text[^>]*class="lg"[^>]*>mean<', legend), "mean's legend"
assert re.search(r'<rect class="band"[^>]*></rect>\s*<text[^>]*>95% interval<',
                 legend), "the interval's legend"
EOF

shot() {	# NAME WIDTH HEIGHT light|dark
	if [ "$4" = dark ]; then
		set -- "$@" --force-dark-mode
	fi
	browse "$tmp/$1.html" /dev/null --screenshot="$tmp/$1-$4.png" \
	    --window-size="$2,$3" ${5:-}
	[ ! -s "$tmp/page-requests.$run" ] ||
	    fail "$1.html made requests: $(cat "$tmp/page-requests.$run")"
	python3 "$top/tests/check/pngcheck.py" "$tmp/$1-$4.png" "$2" "$3" 0.02 \
	    "$4" >"$tmp/$1.ink" || fail "screenshot of $1: $(cat "$tmp/$1.ink")"
	if [ -n "${SYSMARK_E2E_SHOTS:-}" ]; then
		mkdir -p "$SYSMARK_E2E_SHOTS"
		cp "$tmp/$1-$4.png" "$SYSMARK_E2E_SHOTS/report-$1-$4.png"
	fi
}
shot one 700 1000 light
shot three 700 1000 light
shot scale 700 900 dark	# prefers-color-scheme: dark
shot users 390 1000 light	# a phone's width
shot history 700 1000 light

# Printed: A4 pages (595 x 842 points).
browse "$tmp/one.html" /dev/null --print-to-pdf="$tmp/one.pdf" \
    --no-pdf-header-footer
grep -a -q 'MediaBox \[0 0 59[45]' "$tmp/one.pdf" ||
    fail "one.pdf is not on A4"
exit 0
