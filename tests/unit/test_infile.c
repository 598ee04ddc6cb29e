/*
 * Every input is refused cleanly: whatever a name points at, each loader
 * (run files, baselines, imported reports) answers at once with what it is
 * ("is a FIFO", "is a character device", "is a directory"), bounds what it
 * reads, names path:line for what it will not take, reports duplicates
 * and skips a byte order mark.  The CSV loader reads in blocks and must
 * still name the right line when a record spans a block boundary.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>

#include "testutil.h"

static char	top[256];

static int
setup_top(void **state)
{
	(void)state;
	tu_tmpdir(top, sizeof top);
	return 0;
}

static int
teardown_top(void **state)
{
	(void)state;
	sm_rmtree(top);
	return 0;
}

#define HEADER	"record,name,value,version,copies,sample,unit,duration," \
		"elapsed,iterations,status,reason,per_copy\n" \
		"meta,format,1,,,,,,,,,,\n"
#define SAMPLE(i) "sample,syscall,1000.5,1,1," #i ",lps,1,1.0001,1000,ok,,\n"

static void
write_file(const char *path, const char *text, size_t len)
{
	FILE	*f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* Each loader on path: -1, with want in the message. */
static void
expect_refused_by_all(const char *path, const char *want)
{
	struct sm_error	  err;
	struct run	  run;
	char		**warn;
	size_t		  nwarn;

	run_init(&run);
	assert_int_equal(csvstore_load(&run, path, &err), -1);
	if (strstr(err.msg, want) == NULL)
		fail_msg("run loader: \"%s\" lacks \"%s\"", err.msg, want);
	assert_int_equal(baseline_resolve(NULL, path, &run, &err), -1);
	if (strstr(err.msg, want) == NULL)
		fail_msg("baseline: \"%s\" lacks \"%s\"", err.msg, want);
	assert_int_equal(import_read(path, &run, &warn, &nwarn, &err), -1);
	if (strstr(err.msg, want) == NULL)
		fail_msg("importer: \"%s\" lacks \"%s\"", err.msg, want);
}

/* A FIFO with no writer: refused at once, not waited on. */
static void
test_fifo_refused(void **state)
{
	char		 path[300];
	char		*argv[] = { "sysmark", "show", path, NULL };
	struct tu_out	 o;

	(void)state;
	snprintf(path, sizeof path, "%s/fifo.csv", top);
	assert_int_equal(mkfifo(path, 0600), 0);
	alarm(60);	/* a hang fails the test instead of the suite */
	expect_refused_by_all(path, "fifo.csv: is a FIFO, not a file");
	tu_run(argv, &o);
	alarm(0);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "is a FIFO"));
	tu_out_free(&o);
}

/* /dev/zero would never end; a directory is not a file either. */
static void
test_devices_and_dirs_refused(void **state)
{
	char		*argv[] = { "sysmark", "import", "/dev/zero", NULL };
	struct tu_out	 o;

	(void)state;
	alarm(60);
	expect_refused_by_all("/dev/zero", "/dev/zero: is a character "
	    "device, not a file");
	expect_refused_by_all(top, "is a directory, not a file");
	tu_run(argv, &o);
	alarm(0);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	tu_out_free(&o);
}

/* Larger than a run may be: refused before a byte is read. */
static void
test_size_bounded(void **state)
{
	char		path[300], **warn;
	struct sm_error	err;
	struct run	run;
	size_t		nw;
	int		fd;

	(void)state;
	snprintf(path, sizeof path, "%s/huge.csv", top);
	assert_true((fd = open(path, O_WRONLY | O_CREAT, 0600)) >= 0);
	assert_int_equal(ftruncate(fd, CSVSTORE_MAX_FILE + 1), 0);
	close(fd);
	run_init(&run);
	assert_int_equal(csvstore_load(&run, path, &err), -1);
	assert_non_null(strstr(err.msg, "1073741825 bytes, more than the "
	    "1073741824 this reader accepts"));
	assert_true((fd = open(path, O_WRONLY)) >= 0);
	assert_int_equal(ftruncate(fd, IMPORT_MAX_FILE + 1), 0);
	close(fd);
	assert_int_equal(import_read(path, &run, &warn, &nw, &err), -1);
	assert_non_null(strstr(err.msg, "huge.csv: 4194305 bytes, more than "
	    "the 4194304 this reader accepts"));
}

/* One line longer than any run has: path:line, not a search for its end. */
static void
test_line_bounded(void **state)
{
	size_t		 len = strlen(HEADER) + CSVSTORE_MAX_LINE + 10;
	char		*text = malloc(len + 1), path[300], *w;
	struct sm_error	 err;
	struct run	 run;
	size_t		 nw;
	char		**warn;

	(void)state;
	assert_non_null(text);
	strcpy(text, HEADER);
	memset(text + strlen(HEADER), 'x', len - strlen(HEADER));
	text[len] = '\0';
	snprintf(path, sizeof path, "%s/long.csv", top);
	write_file(path, text, len);
	run_init(&run);
	assert_int_equal(csvstore_load(&run, path, &err), -1);
	assert_non_null(strstr(err.msg, "long.csv:3: line 3 is longer than "
	    "1048576 bytes"));
	w = text + strlen(HEADER);
	memcpy(w, "BYTE UNIX Benchmarks (Version 3.11)\n", 36);
	write_file(path, text, 100000);
	assert_int_equal(import_read(path, &run, &warn, &nw, &err), -1);
	assert_non_null(strstr(err.msg, "long.csv:4: a line of more than "
	    "4096 bytes"));
	free(text);
}

/* Figures no benchmark can give are refused with path:line. */
static void
test_absurd_values_refused(void **state)
{
	static const struct {
		const char	*row;
		const char	*want;
	} bad[] = {
		{ "sample,x,1e400,1,1,1,lps,1,1,1,ok,,\n",
		    "column \"value\": expected a finite number" },
		{ "sample,x,nan,1,1,1,lps,1,1,1,ok,,\n",
		    "column \"value\": expected a finite number" },
		{ "sample,x,-5,1,1,1,lps,1,1,1,ok,,\n",
		    "x: the figure -5 is not a finite number of 0 or more" },
		{ "sample,x,5,1,1,1,lps,1e9,1,1,ok,,\n",
		    "x: duration 1e+09 s is outside 0 to 1e+07 s" },
		{ "sample,x,5,1,1,1,lps,1,-1,1,ok,,\n",
		    "x: elapsed time -1 s is outside 0 to 1e+07 s" },
		{ "sample,x,5,1,1,1,lps,1,1,-1,ok,,\n",
		    "column \"iterations\": expected a count" },
		{ "sample,x,5,1,1,1,lps,1,1,1e3,ok,,\n",
		    "column \"iterations\": expected a count" },
		{ "sample,x,5,1,2,1,lps,1,1,1,ok,,2;inf\n",
		    "column \"per_copy\": expected 2 finite numbers" },
	};
	char		text[512];
	struct sm_error	err;
	struct run	run;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, "%s%s", HEADER, bad[i].row);
		run_init(&run);
		assert_int_equal(csvstore_load_buf(&run, text, strlen(text),
		    "t.csv", &err), -1);
		if (strncmp(err.msg, "t.csv:3: ", 9) != 0 ||
		    strstr(err.msg, bad[i].want) == NULL)
			fail_msg("%s: got \"%s\"", bad[i].row, err.msg);
	}
}

/* What sysmark would refuse to read, it refuses to write. */
static void
test_never_writes_what_it_refuses(void **state)
{
	struct sm_error		 err;
	struct run		 run;
	struct run_sample	*s;
	char			 path[300];

	(void)state;
	run_init(&run);
	s = run_add_sample(&run);
	snprintf(s->test, sizeof s->test, "syscall");
	s->copies = s->index = 1;
	s->status = RUN_OK;
	s->value = INFINITY;
	snprintf(path, sizeof path, "%s/inf.csv", top);
	assert_int_equal(csvstore_save(&run, path, 0, &err), -1);
	assert_non_null(strstr(err.msg, "cannot be saved: syscall: the "
	    "figure inf"));
	assert_int_equal(access(path, F_OK), -1);
	run_free(&run);
}

/* Two rows for one sample: refused, naming both lines. */
static void
test_duplicates_reported(void **state)
{
	const char	 text[] = HEADER SAMPLE(1) SAMPLE(2) SAMPLE(1);
	const char	*rep = "tests/data/byte-becoming.txt";
	char		 path[300], *body, **warn, *line, *eol;
	struct sm_error	 err;
	struct run	 run;
	size_t		 nw, n, found;
	FILE		*f;

	(void)state;
	run_init(&run);
	assert_int_equal(csvstore_load_buf(&run, text, strlen(text), "d.csv",
	    &err), -1);
	assert_string_equal(err.msg, "d.csv:5: sample 1 of syscall at 1 copy "
	    "appears again (first on line 3)");
	/* A report with its first result line twice: the second is skipped. */
	body = tu_slurp(rep);
	run_init(&run);
	assert_int_equal(import_read(rep, &run, &warn, &nw, &err), 0);
	n = run.nsamples;
	for (size_t i = 0; i < nw; i++)
		free(warn[i]);
	free(warn);
	run_free(&run);
	snprintf(path, sizeof path, "%s/dup.txt", top);
	assert_non_null(f = fopen(path, "w"));
	line = strstr(body, " lps ");
	assert_non_null(line);
	while (line > body && line[-1] != '\n')
		line--;
	eol = strchr(line, '\n');
	fwrite(body, 1, (size_t)(eol + 1 - body), f);
	fwrite(line, 1, (size_t)(eol + 1 - line), f);
	fputs(eol + 1, f);
	fclose(f);
	run_init(&run);
	assert_int_equal(import_read(path, &run, &warn, &nw, &err), 0);
	assert_int_equal(run.nsamples, n);
	for (found = 0; found < nw && strstr(warn[found], "a second result "
	    "for the same test skipped") == NULL; found++)
		;
	assert_true(found < nw);
	for (size_t i = 0; i < nw; i++)
		free(warn[i]);
	free(warn);
	run_free(&run);
	free(body);
}

/* A UTF-8 byte order mark before the header or the banner is skipped. */
static void
test_bom_skipped(void **state)
{
	char		 text[1024], path[300], *body, **warn;
	struct sm_error	 err;
	struct run	 run;
	size_t		 nw;
	FILE		*f;

	(void)state;
	snprintf(text, sizeof text, "\xef\xbb\xbf%s%s", HEADER, SAMPLE(1));
	run_init(&run);
	assert_int_equal(csvstore_load_buf(&run, text, strlen(text), "b.csv",
	    &err), 0);
	assert_int_equal(run.nsamples, 1);
	run_free(&run);
	body = tu_slurp("tests/data/byte-becoming.txt");
	snprintf(path, sizeof path, "%s/bom.txt", top);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f, "\xef\xbb\xbf%s", body);
	fclose(f);
	run_init(&run);
	assert_int_equal(import_read(path, &run, &warn, &nw, &err), 0);
	assert_true(run.nsamples > 0);
	for (size_t i = 0; i < nw; i++)
		free(warn[i]);
	free(warn);
	run_free(&run);
	free(body);
}

/*
 * Read in 64 KB blocks, a record after a quoted field of 200 KB spanning
 * lines still gets its own line in messages, and a file loads the same
 * from a buffer and from the disk.
 */
static void
test_blocks_keep_line_numbers(void **state)
{
	size_t		 big = 200000, len;
	char		*text, path[300];
	struct sm_error	 err;
	struct run	 run;

	(void)state;
	assert_non_null(text = malloc(big + 1024));
	len = (size_t)sprintf(text, "%smeta,note,\"", HEADER);
	for (size_t i = 0; i < big; i++)
		text[len++] = i % 100 == 99 ? '\n' : 'n';
	len += (size_t)sprintf(text + len, "\",,,,,,,,,,\n%s"
	    "sample,syscall,1,1,0,2,lps,1,1,1,ok,,\n", SAMPLE(1));
	snprintf(path, sizeof path, "%s/blocks.csv", top);
	write_file(path, text, len);
	run_init(&run);
	assert_int_equal(csvstore_load(&run, path, &err), -1);
	/* Header 1, format 2, note 3..2003, sample 2004, bad row 2005. */
	if (strstr(err.msg, "blocks.csv:2005: column \"copies\"") == NULL)
		fail_msg("%s", err.msg);
	run_init(&run);
	assert_int_equal(csvstore_load_buf(&run, text, len, path, &err), -1);
	assert_non_null(strstr(err.msg, "blocks.csv:2005: column \"copies\""));
	free(text);
}

int
main(void)
{
#define T(f)	cmocka_unit_test_setup_teardown(f, setup_top, teardown_top)
	const struct CMUnitTest tests[] = {
		T(test_fifo_refused),
		T(test_devices_and_dirs_refused),
		T(test_size_bounded),
		T(test_line_bounded),
		T(test_absurd_values_refused),
		T(test_never_writes_what_it_refuses),
		T(test_duplicates_reported),
		T(test_bom_skipped),
		T(test_blocks_keep_line_numbers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
