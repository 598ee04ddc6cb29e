/*
 * import.c, import_byte.c, import_unixbench.c: the three BYTE 3.11
 * reports of seed 004 (as posted, with collapsed blanks, and one with
 * aligned columns), the UnixBench 6 sample, a two-section UnixBench
 * report (1 and 2 copies), unknown lines, truncated and malformed
 * reports, a report of no copies refused, and the round trip import ->
 * show; import_lmbench3.c: a results file, its short and long uname
 * lines and the sizes it files a latency under; import_json.c: exports
 * made with hyperfine 1.15 and Google Benchmark 1.7.1 (Debian's).
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"
#include "../../src/core/core.h"

struct imported {
	struct run	  run;
	char		**warn;
	size_t		  nwarn;
	int		  rc;
	struct sm_error	  err;
};

static void
imp(const char *path, struct imported *im)
{
	run_init(&im->run);
	im->rc = import_read(path, &im->run, &im->warn, &im->nwarn, &im->err);
}

/* imp() of a report held in memory, named name. */
static void
imp_buf(const char *text, const char *name, struct imported *im)
{
	run_init(&im->run);
	im->rc = import_read_buf(text, strlen(text), name, &im->run,
	    &im->warn, &im->nwarn, &im->err);
}

static void
imp_free(struct imported *im)
{
	for (size_t i = 0; i < im->nwarn; i++)
		free(im->warn[i]);
	free(im->warn);
	run_free(&im->run);
}

static double
fig(const struct run *run, const char *test, int copies)
{
	return runset_figure(run, test, copies);
}

/* An imported report must hold exactly the figures of a baseline file. */
static void
same_as_baseline(const struct run *run, const char *path)
{
	struct run	base;
	struct sm_error	err;

	run_init(&base);
	if (csvstore_load(&base, path, &err) != 0)
		fail_msg("%s", err.msg);
	assert_int_equal(run->nsamples, base.nsamples);
	for (size_t i = 0; i < base.nsamples; i++)
		assert_near(fig(run, base.samples[i].test, 1),
		    base.samples[i].value, 0);
	run_free(&base);
}

static void
test_byte_becoming(void **state)
{
	struct imported	im;

	(void)state;
	imp("tests/data/byte-becoming.txt", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.nwarn, 0);
	assert_int_equal(im.run.nsamples, 27);
	assert_string_equal(run_meta_get(&im.run, "hostname"), "becoming");
	assert_string_equal(run_meta_get(&im.run, "os"),
	    "NetBSD becoming 1.3.3 NetBSD 1.3.3 (BECOMING)");
	assert_string_equal(run_meta_get(&im.run, "date"),
	    "Thu Feb 4 22:03:41 EST 1999");
	assert_string_equal(run_meta_get(&im.run, "users"), "3");
	assert_near(fig(&im.run, "dhry2", 1), 158708.1, 0);
	assert_near(fig(&im.run, "C", 1), 153.1, 0);
	assert_near(fig(&im.run, "dc", 1), 3397.3, 0);
	assert_near(im.run.samples[13].duration, 9, 0);	/* execl */
	assert_string_equal(im.run.samples[20].unit, "lpm");
	same_as_baseline(&im.run, "baselines/netbsd-becoming.csv");
	imp_free(&im);
}

static void
test_byte_public_proven(void **state)
{
	struct imported	im;

	(void)state;
	imp("tests/data/byte-public.txt", &im);
	assert_int_equal(im.rc, 0);
	assert_string_equal(run_meta_get(&im.run, "users"), "1");
	same_as_baseline(&im.run, "baselines/netbsd-public.csv");
	imp_free(&im);
	imp("tests/data/byte-proven.txt", &im);
	assert_int_equal(im.rc, 0);
	assert_string_equal(run_meta_get(&im.run, "hostname"), "proven");
	assert_near(fig(&im.run, "shell8", 1), 43.0, 0);
	same_as_baseline(&im.run, "baselines/netbsd-proven.csv");
	imp_free(&im);
}

/* Columns aligned with runs of blanks read the same as collapsed ones. */
static void
test_byte_aligned(void **state)
{
	struct imported	a, b;

	(void)state;
	imp("tests/data/byte-becoming.txt", &a);
	imp("tests/data/byte-becoming-aligned.txt", &b);
	assert_int_equal(b.rc, 0);
	assert_int_equal(b.nwarn, 0);
	assert_int_equal(a.run.nsamples, b.run.nsamples);
	for (size_t i = 0; i < a.run.nsamples; i++) {
		assert_string_equal(a.run.samples[i].test,
		    b.run.samples[i].test);
		assert_near(a.run.samples[i].value, b.run.samples[i].value, 0);
	}
	imp_free(&a);
	imp_free(&b);
}

static void
test_byte_unknown_line(void **state)
{
	struct imported	im;

	(void)state;
	imp("tests/data/byte-unknown.txt", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.run.nsamples, 27);
	assert_int_equal(im.nwarn, 1);
	assert_string_equal(im.warn[0], "tests/data/byte-unknown.txt:6: "
	    "unknown line skipped: \"(run interrupted by a phone call)\"");
	imp_free(&im);
}

static void
test_unixbench_sample(void **state)
{
	struct imported	im;

	(void)state;
	imp("tests/data/unixbench-6.0.0.txt", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.nwarn, 0);
	assert_int_equal(im.run.nsamples, 4);
	assert_string_equal(run_meta_get(&im.run, "hostname"), "vm");
	assert_string_equal(run_meta_get(&im.run, "os"),
	    "GNU/Linux -- 6.18.44-fc-v782 -- #1 SMP PREEMPT_DYNAMIC @0");
	assert_string_equal(run_meta_get(&im.run, "cpu_model"), "AMD EPYC");
	assert_string_equal(run_meta_get(&im.run, "cpus"), "2");
	assert_string_equal(run_meta_get(&im.run, "users"), "0");
	assert_string_equal(run_meta_get(&im.run, "load_average"),
	    "1.32, 2.28, 1.62");
	assert_string_equal(run_meta_get(&im.run, "date"),
	    "Sun Nov 29 2026 19:11:07 - 19:12:20");
	assert_near(fig(&im.run, "pipe", 1), 361126.1, 0);
	assert_near(fig(&im.run, "spawn", 1), 432.4, 0);
	assert_near(im.run.samples[2].duration, 30, 0);
	imp_free(&im);
}

static void
test_unixbench_two_sections(void **state)
{
	struct imported	im;

	(void)state;
	imp("tests/data/unixbench-2copies.txt", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.nwarn, 0);
	assert_int_equal(im.run.nsamples, 15);
	assert_string_equal(run_meta_get(&im.run, "hostname"), "handmade");
	assert_string_equal(run_meta_get(&im.run, "users"), "2");
	assert_near(fig(&im.run, "dhry2reg", 1), 9336000.0, 0);
	assert_near(fig(&im.run, "whetstone-double", 1), 1100.0, 0);
	assert_near(fig(&im.run, "shell8", 1), 30.0, 0);
	assert_near(fig(&im.run, "dhry2reg", 2), 4668000.0, 0);
	assert_near(fig(&im.run, "syscall", 2), 240000.0, 0);
	assert_true(isnan(fig(&im.run, "execl", 2)));
	imp_free(&im);
}

/* Import a one-result UnixBench report of copies copies: 0 or -1, msg why. */
static int
imp_unixbench(int copies, char *msg, size_t len)
{
	char		text[512];
	struct imported	im;
	int		rc;

	snprintf(text, sizeof text, "   BYTE UNIX Benchmarks (Version 5.1.3)\n"
	    "\nBenchmark Run: Mon Jan 5 2026 10:00:00 - 10:28:00\n"
	    "2 CPUs in system; running %d parallel copies of tests\n\n"
	    "System Call Overhead                          300000.0 lps   "
	    "(10.0 s, 7 samples)\n", copies);
	imp_buf(text, "ub.txt", &im);
	snprintf(msg, len, "%s", im.rc != 0 ? im.err.msg : "");
	rc = im.rc;
	imp_free(&im);
	return rc;
}

/* A report that ran 0 parallel copies is refused, naming its line. */
static void
test_unixbench_copies(void **state)
{
	char	msg[256];

	(void)state;
	assert_int_equal(imp_unixbench(2, msg, sizeof msg), 0);
	assert_int_not_equal(imp_unixbench(0, msg, sizeof msg), 0);
	assert_non_null(strstr(msg, "ub.txt:4: 0 copies: expected 1 to"));
}

/* A BYTE report without INDEX VALUES imports, with a note saying so. */
static void
test_byte_noindex(void **state)
{
	struct imported	im;

	(void)state;
	imp("tests/data/byte-noindex.txt", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.nwarn, 0);
	assert_int_equal(im.run.nsamples, 27);
	assert_non_null(strstr(run_meta_get(&im.run, "note"),
	    "without its INDEX VALUES table"));
	assert_near(fig(&im.run, "execl", 1), 68.5, 0);
	imp_free(&im);
}

/*
 * A BYTE results log: the name before the first '|', the mean in the
 * fourth field, the system and date after a '|'; the rest reported.
 */
static void
test_byte_log(void **state)
{
	struct imported	im;

	(void)state;
	imp("tests/data/byte-log.txt", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.run.nsamples, 3);
	assert_near(fig(&im.run, "dhry2", 1), 48973.2, 0);
	assert_near(fig(&im.run, "execl", 1), 64.1, 0);
	assert_near(fig(&im.run, "shell8", 1), 11.0, 0);
	assert_string_equal(im.run.samples[2].unit, "lpm");
	assert_string_equal(run_meta_get(&im.run, "hostname"),
	    "linux 1.3.4 (486DX2/66)");
	assert_string_equal(run_meta_get(&im.run, "date"),
	    "Tue Jun 27 21:05:33 1995");
	assert_int_equal(im.nwarn, 2);
	assert_string_equal(im.warn[0], "tests/data/byte-log.txt:6: unknown "
	    "test skipped: \"Whirlwind Test|10|6|1.0|lps\"");
	assert_string_equal(im.warn[1], "tests/data/byte-log.txt:7: line "
	    "without '|' skipped: \"a line without a bar\"");
	imp_free(&im);
}

/*
 * lmbench3's raw results: the single figures, the context-switch and
 * bandwidth series and the stride-128 latency curve under sysmark's ids;
 * bandwidths converted from lmbench3's 10^6-byte MB to 2^20; the one
 * line with no sysmark test (4 processes) reported as path:line.
 */
static void
test_lmbench3(void **state)
{
	struct imported	im;
	const double	mb = 1e6 / 1048576.0;

	(void)state;
	imp("tests/data/lmbench3-excerpt.txt", &im);
	assert_int_equal(im.rc, 0);
	assert_string_equal(run_meta_get(&im.run, "hostname"), "vm");
	/* uname -a split as sysmark records its own host */
	assert_string_equal(run_meta_get(&im.run, "os"),
	    "Linux 6.18.44-fc-v782 x86_64");
	assert_string_equal(run_meta_get(&im.run, "os_version"),
	    "#1 SMP PREEMPT_DYNAMIC @0");
	assert_string_equal(run_meta_get(&im.run, "lmbench3.MB"), "64");
	assert_string_equal(run_meta_get(&im.run, "mhz"), "2096");
	assert_non_null(strstr(run_meta_get(&im.run, "note"), "10^6"));
	assert_near(fig(&im.run, "lat_syscall", 1), 1.1413, 0);
	assert_near(fig(&im.run, "lat_sig_catch", 1), 2.3074, 0);
	assert_near(fig(&im.run, "lat_proc_sh", 1), 7129.0, 0);
	assert_near(fig(&im.run, "lat_ctx_2p0k", 1), 9.23, 0);
	assert_near(fig(&im.run, "lat_ctx_8p0k", 1), 13.21, 0);
	assert_near(fig(&im.run, "bw_pipe", 1), 2068.95 * mb, 1e-9);
	assert_near(fig(&im.run, "bw_mem_rd", 1), 86043.20 * mb, 1e-9);
	assert_near(fig(&im.run, "bw_mem_wr", 1), 75317.63 * mb, 1e-9);
	assert_near(fig(&im.run, "bw_mem_bcopy", 1), 41058.94 * mb, 1e-9);
	assert_near(fig(&im.run, "lat_mem_rd@512", 1), 1.177, 0);
	assert_near(fig(&im.run, "lat_mem_rd@64K", 1), 3.014, 0);
	assert_near(fig(&im.run, "lat_mem_rd@4M", 1), 6.616, 0);
	assert_true(isnan(fig(&im.run, "lat_mem_rd_rand@4M", 1)));
	assert_int_equal(im.run.nsamples, 13 + 2 + 2 + 3 + 14);
	assert_int_equal(im.nwarn, 1);
	assert_string_equal(im.warn[0], "tests/data/lmbench3-excerpt.txt:26: "
	    "figure outside a known series skipped: \"4 9.11\"");
	imp_free(&im);
}

/*
 * A bandwidth series keeps its largest size's figure; a larger size
 * whose figure a run could not hold (negative, NaN; found by fuzzing)
 * is reported and the last good figure kept, so that what import
 * accepts can always be saved.
 */
static void
test_lmbench3_bad_larger_size(void **state)
{
	struct imported	im;
	char		why[160];

	(void)state;
	imp("tests/fuzz/regress/import_lmbench3/negative-larger-size.txt",
	    &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.run.nsamples, 1);
	assert_near(fig(&im.run, "bw_mem_rd", 1), 40000.5 * 1e6 / 1048576.0,
	    1e-9);
	assert_int_equal(csvstore_check_sample(&im.run.samples[0], why,
	    sizeof why), 0);
	assert_int_equal(im.nwarn, 2);
	assert_non_null(strstr(im.warn[0], "negative-larger-size.txt:5: "
	    "bw_mem_rd: the figure -78255.8 is not a finite number"));
	assert_non_null(strstr(im.warn[1], "negative-larger-size.txt:6: "));
	imp_free(&im);
}

/* A results file in memory: its run, which must import. */
static struct imported
imp_lm3(const char *text)
{
	struct imported	im;

	imp_buf(text, "lm.lm3", &im);
	if (im.rc != 0)
		fail_msg("%s", im.err.msg);
	return im;
}

/*
 * A uname of four words is too short to split as sysmark records its own
 * host: it is kept whole as the OS, the host its second word.  One of
 * five words or more is split.
 */
static void
test_lm3_short_uname(void **state)
{
	struct imported	im;

	(void)state;
	im = imp_lm3("[lmbench3.0 results for Linux box 6.1.0 x86_64]\n"
	    "Simple syscall: 1.5 microseconds\n");
	assert_string_equal(run_meta_get(&im.run, "os"),
	    "Linux box 6.1.0 x86_64");
	assert_string_equal(run_meta_get(&im.run, "hostname"), "box");
	assert_null(run_meta_get(&im.run, "os_version"));
	imp_free(&im);
	im = imp_lm3("[lmbench3.0 results for Linux box 6.1.0 #1 SMP x86_64 "
	    "GNU/Linux]\nSimple syscall: 1.5 microseconds\n");
	assert_string_equal(run_meta_get(&im.run, "os"), "Linux 6.1.0 x86_64");
	assert_string_equal(run_meta_get(&im.run, "os_version"), "#1 SMP");
	imp_free(&im);
}

/*
 * A memory size is filed under the power of two it is within 1% of:
 * lmbench3 prints sizes in MB to 5 digits, within 1% of the size; 0.0041
 * MB is 4299 bytes (5% off 4K), no size of the sweep, so it is not filed
 * as 4K.
 */
static void
test_lm3_size_tolerance(void **state)
{
	struct imported	im;
	size_t		n = 0;

	(void)state;
	im = imp_lm3("[lmbench3.0 results for Linux box 6.1.0 x86_64]\n"
	    "Memory load latency\n\"stride=128\n0.00410 1.5\n0.00781 1.6\n"
	    "\n");
	for (size_t i = 0; i < im.run.nsamples; i++)
		if (strncmp(im.run.samples[i].test, "lat_mem_rd@", 11) == 0) {
			assert_string_equal(im.run.samples[i].test,
			    "lat_mem_rd@8K");
			n++;
		}
	assert_int_equal(n, 1);
	imp_free(&im);
}

static void
expect_error(const char *path, const char *msg)
{
	struct imported	im;

	imp(path, &im);
	assert_int_equal(im.rc, -1);
	assert_string_equal(im.err.msg, msg);
	assert_int_equal(im.run.nsamples, 0);
	imp_free(&im);
}

static void
test_malformed(void **state)
{
	(void)state;
	expect_error("tests/data/bad-byte-truncated.txt",
	    "tests/data/bad-byte-truncated.txt:15: malformed result for "
	    "\"Execl Throughput Test\" (truncated?): \"Execl Throughput Test "
	    "68.5 lps (9 se\"");
	expect_error("tests/data/bad-byte-samples.txt",
	    "tests/data/bad-byte-samples.txt:14: \"Arithmetic Test (type = "
	    "double)\": a figure of 23062.1 over 10 s and 0 samples cannot "
	    "be a result");
	expect_error("tests/data/bad-ub-truncated.txt",
	    "tests/data/bad-ub-truncated.txt:24: the report ends inside an "
	    "index table, before its score (truncated?)");
	expect_error("tests/data/not-a-report.txt",
	    "tests/data/not-a-report.txt: not a BYTE UNIX Benchmarks or "
	    "UnixBench report (no \"BYTE UNIX Benchmarks (Version ...)\" "
	    "line), BYTE results log (no '|' line) or lmbench3 results file");
	expect_error("tests/data/bad-byte-log.txt",
	    "tests/data/bad-byte-log.txt:1: \"Execl Throughput Test\" has "
	    "no arithmetic mean in its fourth field: \"Execl Throughput "
	    "Test|9|6|fast|lps\"");
	expect_error("tests/data/no-such-report.txt",
	    "tests/data/no-such-report.txt: No such file or directory");
}

/* The numbers of a table row (TEST and INDEX columns) in show's output. */
static void
expect_line(const char *out, const char *title, const char *index)
{
	const char	*p = strstr(out, title);
	char		 line[256];

	assert_non_null(p);
	snprintf(line, sizeof line, "%.*s", (int)strcspn(p, "\n"), p);
	if (strcmp(line + strlen(line) - strlen(index), index) != 0)
		fail_msg("\"%s\" does not end in %s", line, index);
}

/*
 * import -> saved run -> show --baseline: the report's own figures; and
 * its HTML page says that no workload version was recorded.
 */
static void
test_round_trip(void **state)
{
	char		 dir[256], out[300];
	char		*imp_argv[] = { "sysmark", "import", "-q", "-o", out,
	    "tests/data/unixbench-2copies.txt", NULL };
	char		*show_argv[] = { "sysmark", "show", out, "--baseline",
	    "unixbench", NULL };
	char		 html[300], *page;
	char		*report_argv[] = { "sysmark", "report", "-o", html, out,
	    NULL };
	struct tu_out	 o;

	(void)state;
	tu_tmpdir(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/ub.csv", dir);
	snprintf(html, sizeof html, "%s/ub.html", dir);
	setenv("SYSMARK_BASELINES", "baselines", 1);
	tu_run(imp_argv, &o);
	assert_int_equal(o.status, 0);
	tu_out_free(&o);
	tu_run(show_argv, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "9336000.0  lps"));
	assert_non_null(strstr(o.out, "System Benchmarks Index Values "
	    "(1 copy)"));
	assert_non_null(strstr(o.out, "System Benchmarks Partial Index "
	    "(2 parallel copies)"));
	expect_line(o.out, "System Benchmarks Index Score ", "200.0");
	/* Beside BASIS the partial score's title wraps at 80 columns. */
	assert_non_null(strstr(o.out, "\n  (Partial Only)\n"));
	expect_line(strstr(o.out, "Partial Index (2 parallel copies)"),
	    "System Benchmarks Index Score ", "185.7");
	tu_out_free(&o);
	/* Its HTML page: the imported report recorded no workload version. */
	tu_run(report_argv, &o);
	assert_int_equal(o.status, 0);
	tu_out_free(&o);
	assert_non_null(page = tu_slurp(html));
	if (strstr(page, ": the workload's version was not recorded (an "
	    "import, or an older file)") == NULL)
		fail_msg("%s: no word that the versions are unknown", html);
	free(page);
	unlink(html);
	unlink(out);
	rmdir(dir);
}

/* The CLI refuses a bad report with status 2 and the message. */
static void
test_cli_errors(void **state)
{
	char		 dir[256], out[300];
	char		*a[] = { "sysmark", "import", "-o", out,
	    "tests/data/bad-ub-truncated.txt", NULL };
	char		*b[] = { "sysmark", "import", NULL };
	char		*c[] = { "sysmark", "import", "-o", "/nonexistent/x.csv",
	    "tests/data/unixbench-6.0.0.txt", NULL };
	struct tu_out	 o;

	(void)state;
	tu_tmpdir(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/x.csv", dir);
	/* A target that cannot be written is refused before the report. */
	tu_run(c, &o);
	assert_int_equal(o.status, 2);
	assert_non_null(strstr(o.err, "-o: directory /nonexistent: No such "
	    "file or directory"));
	tu_out_free(&o);
	tu_run(a, &o);
	assert_int_equal(o.status, 2);
	assert_string_equal(o.err, "sysmark: tests/data/bad-ub-truncated.txt:"
	    "24: the report ends inside an index table, before its score "
	    "(truncated?)\n");
	assert_int_equal(access(out, F_OK), -1);
	sm_rmtree(dir);
	tu_out_free(&o);
	tu_run(b, &o);
	assert_int_equal(o.status, 2);
	assert_non_null(strstr(o.err, "import: name the report to read"));
	tu_out_free(&o);
}

/* Every time of a hyperfine export a sample, with the run -x test's id. */
static void
test_hyperfine(void **state)
{
	struct imported	 im;
	char		 name[32];
	int		 version;

	(void)state;
	imp("tests/data/hyperfine-1.15.json", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.nwarn, 0);
	assert_int_equal(im.run.nsamples, 10);
	assert_string_equal(im.run.samples[0].test, "true");
	assert_string_equal(im.run.samples[0].unit, "s");
	assert_near(im.run.samples[0].value, 0.040470807000000004, 0);
	assert_int_equal(im.run.samples[4].index, 5);
	assert_string_equal(im.run.samples[5].test, "sleep");
	command_ident("sleep 0.01", name, &version);
	assert_int_equal(im.run.samples[5].version, version);
	assert_string_equal(run_meta_get(&im.run, "command.sleep"),
	    "sleep 0.01");
	assert_string_equal(run_meta_get(&im.run, "suite"),
	    "hyperfine --export-json");
	imp_free(&im);
	/* A scan: each value its own test. */
	imp("tests/data/hyperfine-params.json", &im);
	assert_int_equal(im.rc, 0);
	assert_string_equal(im.run.samples[0].test, "sleep-1");
	assert_string_equal(im.run.samples[3].test, "sleep-2");
	imp_free(&im);
	/* hyperfine -i: a non-zero exit is a failed sample. */
	imp("tests/data/hyperfine-failed.json", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.run.samples[0].status, RUN_FAILED);
	assert_string_equal(im.run.samples[0].reason,
	    "exited with status 1");
	imp_free(&im);
}

/*
 * Two commands of one program are two tests, named as run -x names them
 * (sleep, sleep-2), each with its own command; a program or benchmark
 * named as a catalog test (dc, pipe) is not that test: a time, lower is
 * better.
 */
static void
test_hyperfine_names(void **state)
{
	struct imported		 im;
	const struct run	*one;

	(void)state;
	imp("tests/data/hyperfine-one-program.json", &im);
	one = &im.run;
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.nwarn, 0);
	assert_int_equal(im.run.nsamples, 6);
	assert_string_equal(im.run.samples[1].test, "sleep");
	assert_string_equal(im.run.samples[2].test, "sleep-2");
	assert_string_equal(im.run.samples[4].test, "dc-2");
	assert_string_equal(run_meta_get(&im.run, "command.sleep"),
	    "sleep 0.02");
	assert_string_equal(run_meta_get(&im.run, "command.sleep-2"),
	    "sleep 0.03");
	assert_string_equal(run_meta_get(&im.run, "command.dc-2"),
	    "dc -f prog");
	assert_null(run_meta_get(&im.run, "dir:dc"));
	assert_int_equal(ident_dir(&one, 1, "dc-2"), BENCH_LOWER);
	imp_free(&im);
	/* A Google Benchmark named as a catalog test is not that test. */
	imp_buf("{\"context\": {}, \"benchmarks\": [{\"name\": \"pipe\", "
	    "\"run_type\": \"iteration\", \"iterations\": 1000, "
	    "\"real_time\": 100.0, \"time_unit\": \"ns\"}]}", "gb.json",
	    &im);
	one = &im.run;
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.run.nsamples, 1);
	assert_string_equal(im.run.samples[0].test, "pipe-2");
	assert_int_equal(ident_dir(&one, 1, "pipe-2"), BENCH_LOWER);
	imp_free(&im);
}

/*
 * A hyperfine scan's test id from a name over 31 characters (command
 * and values): its first 22 then a hash, 31 in all, 31 kept whole; the
 * id written never past its 32 bytes, so the command's workload version
 * beside it stays the one run -x gives the command.  A Google Benchmark
 * name the same.
 */
static void
test_json_long_names(void **state)
{
	static const char	 whole[] = "sleep-abcdefghijklmnopqrstuvwxy";
	static const char	 doc[] = "{\"results\": ["
	    "{\"command\": \"sleep 0.01\", \"times\": [0.1], "
	    "\"exit_codes\": [0], \"parameters\": "
	    "{\"n\": \"abcdefghijklmnopqrstuvwxy\"}},"
	    "{\"command\": \"sleep 0.01\", \"times\": [0.2], "
	    "\"exit_codes\": [0], \"parameters\": "
	    "{\"n\": \"abcdefghijklmnopqrstuvwxyz\"}},"
	    "{\"command\": \"sleep 0.01\", \"times\": [0.3], "
	    "\"exit_codes\": [0], \"parameters\": "
	    "{\"n\": \"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH\"}}]}";
	struct imported		 im;
	char			 name[32];
	int			 version;

	(void)state;
	assert_int_equal(strlen(whole), 31);
	command_ident("sleep 0.01", name, &version);
	/* Its low byte is what an id one byte too long would overwrite. */
	assert_int_not_equal(version & 0xff, 0);
	imp_buf(doc, "hf.json", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.nwarn, 0);
	assert_int_equal(im.run.nsamples, 3);
	assert_string_equal(im.run.samples[0].test, whole);
	for (size_t i = 0; i < 3; i++) {
		const struct run_sample	*s = &im.run.samples[i];

		if (s->version != version)
			fail_msg("%s: version %d, run -x's %d", s->test,
			    s->version, version);
		if (i == 0)
			continue;
		assert_int_equal(strlen(s->test), 31);
		assert_memory_equal(s->test, whole, 22);
		assert_int_equal(s->test[22], '-');
		assert_int_equal(strspn(s->test + 23, "0123456789abcdef"), 8);
	}
	assert_string_not_equal(im.run.samples[1].test,
	    im.run.samples[2].test);
	imp_free(&im);
	imp_buf("{\"context\": {}, \"benchmarks\": [{\"name\": "
	    "\"BM_a_benchmark_name_of_forty_characters\", "
	    "\"run_type\": \"iteration\", \"iterations\": 10, "
	    "\"real_time\": 100.0, \"time_unit\": \"ns\"}]}", "gb.json", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.run.nsamples, 1);
	assert_int_equal(strlen(im.run.samples[0].test), 31);
	assert_memory_equal(im.run.samples[0].test, "BM_a_benchmark_name_of",
	    22);
	assert_int_equal(im.run.samples[0].version, 1);
	imp_free(&im);
}

/* Google Benchmark: repetitions are samples, aggregates left out. */
static void
test_gbench(void **state)
{
	struct imported	im;

	(void)state;
	imp("tests/data/gbench-1.7.json", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.nwarn, 0);
	assert_int_equal(im.run.nsamples, 9);
	assert_string_equal(im.run.samples[0].test, "BM_memset-64");
	assert_string_equal(im.run.samples[0].unit, "ns");
	assert_near(im.run.samples[0].value, 30.39545435920195, 0);
	assert_int_equal(im.run.samples[2].index, 3);
	assert_int_equal((int)im.run.samples[0].iterations, 4563361);
	assert_string_equal(im.run.samples[3].test, "BM_memset-1024");
	assert_int_equal(im.run.samples[6].status, RUN_FAILED);
	assert_string_equal(im.run.samples[6].reason, "no device");
	assert_string_equal(run_meta_get(&im.run, "hostname"), "vm");
	imp_free(&im);
}

/* Wrong types are warnings naming the entry; broken JSON is refused. */
static void
test_json_bad(void **state)
{
	struct imported	im;

	(void)state;
	imp("tests/data/bad-hyperfine-types.json", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.run.nsamples, 2);
	assert_int_equal(im.nwarn, 3);
	assert_string_equal(im.warn[0], "tests/data/bad-hyperfine-types.json: "
	    "results[0]: a time that is not a number: skipped");
	assert_non_null(strstr(im.warn[1], "results[0]: true: elapsed time -1 s"));
	assert_string_equal(im.warn[2], "tests/data/bad-hyperfine-types.json: "
	    "results[1]: no \"command\" and \"times\": skipped");
	imp_free(&im);
	/* The same command twice: the second's samples would repeat. */
	imp("tests/data/bad-hyperfine-twice.json", &im);
	assert_int_equal(im.rc, 0);
	assert_int_equal(im.run.nsamples, 2);
	assert_int_equal(im.nwarn, 1);
	assert_non_null(strstr(im.warn[0], "results[1]: true: sample 1 "
	    "again: skipped"));
	imp_free(&im);
	imp("tests/data/bad-hyperfine-truncated.json", &im);
	assert_int_equal(im.rc, -1);
	assert_non_null(strstr(im.err.msg,
	    "bad-hyperfine-truncated.json:1: not valid JSON"));
	imp_free(&im);
	imp("tests/data/bad-json-neither.json", &im);
	assert_int_equal(im.rc, -1);
	assert_non_null(strstr(im.err.msg, "neither a hyperfine export"));
	imp_free(&im);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hyperfine),
		cmocka_unit_test(test_hyperfine_names),
		cmocka_unit_test(test_json_long_names),
		cmocka_unit_test(test_gbench),
		cmocka_unit_test(test_json_bad),
		cmocka_unit_test(test_byte_becoming),
		cmocka_unit_test(test_byte_noindex),
		cmocka_unit_test(test_byte_log),
		cmocka_unit_test(test_lmbench3),
		cmocka_unit_test(test_lmbench3_bad_larger_size),
		cmocka_unit_test(test_lm3_short_uname),
		cmocka_unit_test(test_lm3_size_tolerance),
		cmocka_unit_test(test_byte_public_proven),
		cmocka_unit_test(test_byte_aligned),
		cmocka_unit_test(test_byte_unknown_line),
		cmocka_unit_test(test_unixbench_sample),
		cmocka_unit_test(test_unixbench_two_sections),
		cmocka_unit_test(test_unixbench_copies),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_cli_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
