/*
 * csvstore.c: runs survive a save and a load bit for bit, quoting
 * included, whatever the locale; every malformed file gets its own
 * message naming path:line; a save never overwrites silently and a failed
 * save (a full disk) leaves the existing file and no debris behind.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/resource.h>
#include <sys/stat.h>

#include <dirent.h>
#include <locale.h>
#include <signal.h>

#include "testutil.h"
#include "../../src/core/core.h"

static char	dir[256];

static int
setup_dir(void **state)
{
	(void)state;
	tu_tmpdir(dir, sizeof dir);
	return 0;
}

static int
teardown_dir(void **state)
{
	(void)state;
	sm_rmtree(dir);
	return 0;
}

static void
make_run(struct run *run)
{
	struct run_sample	*s;

	run_init(run);
	run_meta_set(run, "hostname", "box, \"the\" big one");
	run_meta_set(run, "note", "line one\nline two, with a comma");
	s = run_add_sample(run);
	snprintf(s->test, sizeof s->test, "syscall");
	snprintf(s->unit, sizeof s->unit, "lps");
	s->version = 3;
	s->copies = 2;
	s->index = 1;
	s->duration = 0.1;
	s->elapsed = 0.10000123456789;
	s->iterations = 123456789012ull;
	s->per_copy = xcalloc(2, sizeof *s->per_copy);
	s->per_copy[0] = 1234567.8912345678;
	s->per_copy[1] = 0.1 + 0.2;	/* not representable in 15 digits */
	s->value = s->per_copy[0] + s->per_copy[1];
	s = run_add_sample(run);
	snprintf(s->test, sizeof s->test, "pipe");
	snprintf(s->unit, sizeof s->unit, "lps");
	s->version = 1;
	s->copies = 1;
	s->index = RUN_WARMUP;
	s->repeat = 3;
	s->busy = 1.5;
	s->duration = 10;
	s->status = RUN_FAILED;
	s->value = NAN;
	run_sample_reason(s, "copy 1: killed by SIGKILL, "
	    "\"hard\"");
}

static void
assert_same_run(const struct run *a, const struct run *b)
{
	assert_int_equal(a->nsamples, b->nsamples);
	for (size_t i = 0; i < a->nmeta; i++)
		assert_string_equal(run_meta_get(b, a->meta[i].key),
		    a->meta[i].value);
	for (size_t i = 0; i < a->nsamples; i++) {
		const struct run_sample *x = &a->samples[i], *y = &b->samples[i];

		assert_string_equal(x->test, y->test);
		assert_string_equal(x->unit, y->unit);
		assert_string_equal(x->reason, y->reason);
		assert_int_equal(x->version, y->version);
		assert_int_equal(x->copies, y->copies);
		assert_int_equal(x->index, y->index);
		assert_int_equal(x->repeat, y->repeat);
		assert_true(x->busy == y->busy || (isnan(x->busy) &&
		    isnan(y->busy)));
		assert_int_equal(x->status, y->status);
		assert_true(x->iterations == y->iterations);
		assert_true(x->duration == y->duration);
		assert_true(x->elapsed == y->elapsed);
		if (x->status == RUN_OK) {
			assert_true(x->value == y->value);
			for (int c = 0; c < x->copies; c++)
				assert_true(x->per_copy[c] == y->per_copy[c]);
		} else {
			assert_true(isnan(y->value));
			assert_null(y->per_copy);
		}
	}
}

static void
test_round_trip(void **state)
{
	struct run	a, b;
	struct sm_error	err;
	char		path[512];

	(void)state;
	make_run(&a);
	snprintf(path, sizeof path, "%s/rt.csv", dir);
	assert_int_equal(csvstore_save(&a, path, 0, &err), 0);
	run_init(&b);
	assert_int_equal(csvstore_load(&b, path, &err), 0);
	assert_same_run(&a, &b);
	run_free(&a);
	run_free(&b);
}

/*
 * The machine's busy share is saved only when it is one (finite, not
 * below 0): any other is saved as unknown, so the file loads and says
 * unknown, never a share nobody measured (or an "inf" no reader takes).
 */
static void
test_busy_not_a_share_saved_unknown(void **state)
{
	struct run	a, b;
	struct sm_error	err;
	char		path[512];

	(void)state;
	make_run(&a);
	a.samples[0].busy = INFINITY;
	a.samples[1].busy = -0.5;
	snprintf(path, sizeof path, "%s/busy.csv", dir);
	assert_int_equal(csvstore_save(&a, path, 0, &err), 0);
	run_init(&b);
	if (csvstore_load(&b, path, &err) != 0)
		fail_msg("the saved run does not load: %s", err.msg);
	assert_true(isnan(b.samples[0].busy));
	assert_true(isnan(b.samples[1].busy));
	run_free(&a);
	run_free(&b);
}

/* A format 1 file (13 columns) loads: one repeat, the load unknown. */
static void
test_format_1_loads(void **state)
{
	struct run	run;
	struct sm_error	err;

	(void)state;
	run_init(&run);
	assert_int_equal(csvstore_load(&run, "tests/data/run_small.csv",
	    &err), 0);
	assert_true(run.nsamples > 0);
	for (size_t i = 0; i < run.nsamples; i++) {
		assert_int_equal(run.samples[i].repeat, 1);
		assert_true(isnan(run.samples[i].busy));
		assert_true(run.samples[i].index >= 1);
	}
	run_free(&run);
}

/*
 * A format 4 file (21 columns, before single executions were timed)
 * loads with them unknown, and its other columns as they were.
 */
static void
test_format_4_loads(void **state)
{
	struct run	run;
	struct sm_error	err;

	(void)state;
	run_init(&run);
	assert_int_equal(csvstore_load(&run, "tests/data/kinds/cmd_seconds.csv",
	    &err), 0);
	assert_true(run.nsamples > 0);
	for (size_t i = 0; i < run.nsamples; i++) {
		assert_true(isnan(run.samples[i].exec_min));
		assert_true(isnan(run.samples[i].exec_mean));
		assert_true(isnan(run.samples[i].exec_max));
		assert_true(isnan(run.samples[i].exec_sd));
		assert_true(run.samples[i].value > 0);
	}
	run_free(&run);
}

static void
test_never_overwrites_silently(void **state)
{
	struct run	a;
	struct sm_error	err;
	char		path[512], *before, *after;
	FILE		*f;

	(void)state;
	snprintf(path, sizeof path, "%s/keep.csv", dir);
	assert_non_null(f = fopen(path, "w"));
	fputs("precious\n", f);
	fclose(f);
	make_run(&a);
	before = tu_slurp(path);
	assert_int_equal(csvstore_save(&a, path, 0, &err), -1);
	assert_non_null(strstr(err.msg, "already exists; not overwritten"));
	after = tu_slurp(path);
	assert_string_equal(before, after);
	free(after);
	assert_int_equal(csvstore_save(&a, path, 1, &err), 0);
	after = tu_slurp(path);
	assert_non_null(strstr(after, "record,name,value"));
	free(before);
	free(after);
	/*
	 * Not even with overwrite may a save replace what is not a file:
	 * "-o /dev/null -F" must not turn the device into a file.  A FIFO
	 * stands in for the device here.
	 */
	snprintf(path, sizeof path, "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(csvstore_save(&a, path, 1, &err), -1);
	assert_non_null(strstr(err.msg, "fifo: is a FIFO; not "
	    "overwritten"));
	assert_int_equal(csvstore_save(&a, dir, 1, &err), -1);
	run_free(&a);
}

static int
count_entries(const char *d)
{
	DIR		*dp = opendir(d);
	struct dirent	*e;
	int		 n = 0;

	assert_non_null(dp);
	while ((e = readdir(dp)) != NULL)
		n += e->d_name[0] != '.' || strlen(e->d_name) > 2;
	closedir(dp);
	return n;
}

/*
 * A full disk, made with RLIMIT_FSIZE in a child: the save fails with the
 * path and the reason, the old file is intact and no temporary is left.
 */
static void
test_full_disk_keeps_old_file(void **state)
{
	char		 sub[512], path[600], *before, *after;
	struct run	 a;
	struct sm_error	 err;
	pid_t		 pid;
	int		 st, n0;
	FILE		*f;

	(void)state;
	snprintf(sub, sizeof sub, "%s/full", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	snprintf(path, sizeof path, "%s/run.csv", sub);
	assert_non_null(f = fopen(path, "w"));
	fputs("the run saved yesterday\n", f);
	fclose(f);
	before = tu_slurp(path);
	n0 = count_entries(sub);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct rlimit rl = { 64, 64 };

		signal(SIGXFSZ, SIG_IGN);
		setrlimit(RLIMIT_FSIZE, &rl);
		make_run(&a);
		if (csvstore_save(&a, path, 1, &err) == 0)
			_exit(1);
		if (strstr(err.msg, path) == NULL ||
		    strstr(err.msg, "File too large") == NULL)
			_exit(2);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	after = tu_slurp(path);
	assert_string_equal(before, after);
	assert_int_equal(count_entries(sub), n0);
	free(before);
	free(after);
}

static void
test_missing_file(void **state)
{
	struct run	run;
	struct sm_error	err;

	(void)state;
	run_init(&run);
	assert_int_equal(csvstore_load(&run, "tests/data/vanished.csv", &err),
	    -1);
	assert_string_equal(err.msg,
	    "tests/data/vanished.csv: No such file or directory");
}

/* Each malformed fixture and the exact message it must give. */
static const struct {
	const char	*file;
	const char	*msg;
} bad[] = {
	{ "bad_empty.csv", "1: empty file: not a sysmark run" },
	{ "bad_header.csv", "1: not a sysmark run: expected column 1 to be "
	    "\"record\", got \"kind\"" },
	{ "bad_noformat.csv", "2: expected the format record "
	    "(meta,format,5) first" },
	{ "bad_format.csv", "2: format 9 is newer than this sysmark reads "
	    "(5); upgrade sysmark" },
	{ "bad_columns.csv", "4: expected 13 fields, got 12" },
	{ "bad_repeat.csv", "3: column \"repeat\": expected a whole number "
	    "from 1 to 2147483647, got \"0\"" },
	{ "bad_number.csv", "3: column \"value\": expected a finite number, got "
	    "\"n/a\"" },
	{ "bad_status.csv", "3: column \"status\": expected ok, failed or "
	    "skipped, got \"good\"" },
	{ "bad_percopy.csv", "3: column \"per_copy\": 1 figures for 2 "
	    "copies" },
	{ "bad_negative.csv", "3: syscall: duration -1 s is outside 0 to "
	    "1e+07 s" },
	/* 2^64 once became a uint64_t through a double (undefined). */
	{ "bad_iterations.csv", "3: column \"iterations\": expected a count "
	    "from 0 to 18446744073709551615, got \"18446744073709551616\"" },
	{ "bad_quote.csv", "3: malformed CSV: error parsing data while "
	    "strict checking enabled" },
	{ "bad_truncated.csv", "4: malformed CSV at the end of the file: "
	    "error parsing data while strict checking enabled" },
	{ "bad_binary.csv", "3: binary data (a NUL byte): not a CSV file" },
	/* The record starts on line 6, after a field spanning lines 3-5. */
	{ "bad_after_multiline.csv", "6: column \"copies\": expected a whole "
	    "number from 1 to 1024, got \"0\"" },
};

static void
test_malformed_files(void **state)
{
	struct run	run;
	struct sm_error	err;
	char		path[256], want[512];

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(path, sizeof path, "tests/data/%s", bad[i].file);
		snprintf(want, sizeof want, "%s:%s", path, bad[i].msg);
		run_init(&run);
		assert_int_equal(csvstore_load(&run, path, &err), -1);
		assert_string_equal(err.msg, want);
		/* A failed load leaves nothing half-filled. */
		assert_int_equal(run.nsamples, 0);
		assert_int_equal(run.nmeta, 0);
	}
}

#define RUN_HEAD	"record,name,value,version,copies,sample,unit," \
	"duration,elapsed,iterations,status,reason,per_copy\n"

/* Load a run file held in memory, named run.csv: 0 or -1, msg why. */
static int
load_text(const char *text, char *msg, size_t len)
{
	struct run	run;
	struct sm_error	err;
	int		rc;

	run_init(&run);
	rc = csvstore_load_buf(&run, text, strlen(text), "run.csv", &err);
	snprintf(msg, len, "%s", rc != 0 ? err.msg : "");
	run_free(&run);
	return rc;
}

/*
 * The bounds of what a run file may hold: format 4 (the newest this
 * sysmark reads) reads, 5 does not; 1 copy reads, 0 does not; sample 1
 * reads, -1 (below the warm-up's 0) does not, each refused with where
 * and why.
 */
static void
test_run_file_bounds(void **state)
{
	char	msg[256];

	(void)state;
	assert_int_equal(load_text(RUN_HEAD "meta,format,5,,,,,,,,,,\n"
	    "sample,syscall,5,1,1,1,lps,1,1,5,ok,,5\n", msg, sizeof msg), 0);
	assert_int_not_equal(load_text(RUN_HEAD "meta,format,6,,,,,,,,,,\n"
	    "sample,syscall,5,1,1,1,lps,1,1,5,ok,,5\n", msg, sizeof msg), 0);
	assert_non_null(strstr(msg, "run.csv:2: format 6 is newer"));
	assert_int_not_equal(load_text(RUN_HEAD "meta,format,1,,,,,,,,,,\n"
	    "sample,syscall,5,1,0,1,lps,1,1,5,ok,,5\n", msg, sizeof msg), 0);
	assert_non_null(strstr(msg, "run.csv:3: column \"copies\""));
	assert_int_not_equal(load_text(RUN_HEAD "meta,format,1,,,,,,,,,,\n"
	    "sample,syscall,5,1,1,-1,lps,1,1,5,ok,,5\n", msg, sizeof msg), 0);
	assert_non_null(strstr(msg, "run.csv:3: column \"sample\""));
}

/*
 * In a locale with a decimal comma the file still holds a decimal point,
 * and reads back the same.  The locale is built privately with localedef.
 */
static void
test_decimal_comma_locale(void **state)
{
	char		 locdir[512], cmd[1024], path[600], *text;
	struct run	 a, b;
	struct sm_error	 err;

	(void)state;
	snprintf(locdir, sizeof locdir, "%s/locale", dir);
	snprintf(cmd, sizeof cmd, "localedef -c -i de_DE -f UTF-8 "
	    "%s/de_DE.UTF-8 2>/dev/null", locdir);
	assert_int_equal(mkdir(locdir, 0700), 0);
	assert_int_equal(system(cmd) == -1, 0);
	setenv("LOCPATH", locdir, 1);
	assert_non_null(setlocale(LC_ALL, "de_DE.UTF-8"));
	assert_string_equal(localeconv()->decimal_point, ",");
	make_run(&a);
	/*
	 * Format 4's rusage columns and format 5's single executions, in
	 * the C locale too.
	 */
	for (size_t i = 0; i < a.nsamples; i++) {
		a.samples[i].user_s = 1.5;
		a.samples[i].sys_s = 0.25;
		a.samples[i].maxrss_kb = 2048;
		a.samples[i].exec_min = 0.25;
		a.samples[i].exec_mean = 0.5;
		a.samples[i].exec_max = 1.75;
		a.samples[i].exec_sd = 0.125;
	}
	snprintf(path, sizeof path, "%s/de.csv", dir);
	assert_int_equal(csvstore_save(&a, path, 0, &err), 0);
	text = tu_slurp(path);
	assert_non_null(strstr(text, ",1234567.891234567"));
	assert_non_null(strstr(text,
	    ";0.30000000000000004,1,,,,1,1.5,0.25,2048,0.25,0.5,1.75,"
	    "0.125\n"));
	assert_null(strstr(text, "1234567,89"));
	assert_non_null(strstr(text, ",0.10000123456789,"));
	run_init(&b);
	assert_int_equal(csvstore_load(&b, path, &err), 0);
	assert_same_run(&a, &b);
	assert_near(b.samples[0].user_s, 1.5, 0);
	assert_near(b.samples[0].sys_s, 0.25, 0);
	assert_near(b.samples[0].maxrss_kb, 2048, 0);
	assert_near(b.samples[0].exec_min, 0.25, 0);
	assert_near(b.samples[0].exec_mean, 0.5, 0);
	assert_near(b.samples[0].exec_max, 1.75, 0);
	assert_near(b.samples[0].exec_sd, 0.125, 0);
	setlocale(LC_ALL, "C");
	unsetenv("LOCPATH");
	free(text);
	run_free(&a);
	run_free(&b);
}

/*
 * Mangled copies of a good file (bytes flipped, cut short, lines
 * repeated): each load either succeeds or fails with a path:line message,
 * and never crashes (ASan and UBSan watch every one).
 */
static void
test_mangled_files_never_crash(void **state)
{
	char		 good[512], path[512], *text;
	size_t		 len;
	struct run	 a, b;
	struct sm_error	 err;
	FILE		*f;
	unsigned	 seed = 12345;

	(void)state;
	make_run(&a);
	snprintf(good, sizeof good, "%s/good.csv", dir);
	snprintf(path, sizeof path, "%s/mangled.csv", dir);
	assert_int_equal(csvstore_save(&a, good, 1, &err), 0);
	run_free(&a);
	text = tu_slurp(good);
	len = strlen(text);
	for (int i = 0; i < 300; i++) {
		char	*m = strdup(text);
		size_t	 cut = len;

		assert_non_null(m);
		for (int k = 0; k < 1 + i % 4; k++) {
			seed = seed * 1103515245u + 12345u;
			m[(seed >> 8) % len] = (char)(seed >> 20);
		}
		if (i % 3 == 0)
			cut = (seed >> 4) % len;
		assert_non_null(f = fopen(path, "w"));
		fwrite(m, 1, cut, f);
		fclose(f);
		run_init(&b);
		if (csvstore_load(&b, path, &err) != 0)
			assert_true(strncmp(err.msg, path, strlen(path)) == 0);
		run_free(&b);
		free(m);
	}
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_busy_not_a_share_saved_unknown),
		cmocka_unit_test(test_format_1_loads),
		cmocka_unit_test(test_format_4_loads),
		cmocka_unit_test(test_never_overwrites_silently),
		cmocka_unit_test(test_full_disk_keeps_old_file),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_malformed_files),
		cmocka_unit_test(test_run_file_bounds),
		cmocka_unit_test(test_decimal_comma_locale),
		cmocka_unit_test(test_mangled_files_never_crash),
	};

	return cmocka_run_group_tests_name("csvstore", tests, setup_dir,
	    teardown_dir);
}
