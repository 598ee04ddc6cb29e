/*
 * The command line as a user meets it: exit statuses and messages for bad
 * arguments, `show` printing exactly what `run` printed, and the promises
 * about child processes: a child killed mid-run becomes a failed sample,
 * Ctrl-C leaves no child and no temporary file, and children die with
 * sysmark even when it is killed with SIGKILL.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>

#include "testutil.h"
#include "../../src/core/core.h"

/* Run sysmark with up to 15 arguments; expect status and stderr text. */
static void
expect(int status, const char *errtext, const char *outtext, ...)
{
	char		*argv[16] = { "sysmark" };
	struct tu_out	 o;
	va_list		 ap;
	int		 n = 1;

	va_start(ap, outtext);
	while (n < 15 && (argv[n] = va_arg(ap, char *)) != NULL)
		n++;
	va_end(ap);
	tu_run(argv, &o);
	if (o.status != status || (errtext && !strstr(o.err, errtext)) ||
	    (outtext && !strstr(o.out, outtext)))
		print_error("status %d\nstdout: %s\nstderr: %s\n", o.status,
		    o.out, o.err);
	assert_int_equal(o.status, status);
	if (errtext != NULL)
		assert_non_null(strstr(o.err, errtext));
	if (outtext != NULL)
		assert_non_null(strstr(o.out, outtext));
	tu_out_free(&o);
}

static void
test_help_and_version(void **state)
{
	(void)state;
	expect(0, NULL, "sysmark " SYSMARK_VERSION, "--version", NULL);
	expect(0, NULL, "usage: sysmark", "--help", NULL);
	/* Each command's own usage, its options beside it; -h likewise. */
	expect(0, NULL, "usage: sysmark run [-t ID", "run", "--help", NULL);
	expect(0, NULL, "  --order ORDER ", "run", "-d", "1", "--help", NULL);
	expect(0, NULL, "  -g SECONDS ", "calibrate", "--help", NULL);
	expect(0, NULL, "  -u USERS,... ", "users", "-h", NULL);
	expect(0, NULL, "  --best, -B ", "show", "--help", NULL);
	expect(0, NULL, "  -a ALPHA ", "compare", "--help", NULL);
	expect(0, NULL, "usage: sysmark import", "import", "--help", NULL);
	expect(0, NULL, "usage: sysmark list", "list", "--help", NULL);
	expect(0, NULL, "  -r N ", "console", "--help", NULL);
	/* The global usage is built from them: every synopsis is in it. */
	expect(0, NULL, "\n       sysmark users [-u USERS", "--help", NULL);
	expect(0, NULL, "\n       sysmark compare [-f", "--help", NULL);
	expect(0, NULL, "`sysmark COMMAND --help` shows", "--help", NULL);
	/* After "--" it is an operand, not a request for help. */
	expect(2, "sysmark: --help: No such file", NULL, "show", "--",
	    "--help", NULL);
	expect(2, "sysmark: no command given", NULL, NULL);
	expect(2, "sysmark: unknown command \"frob\"", NULL, "frob", NULL);
}

static void
test_bad_run_arguments(void **state)
{
	(void)state;
	expect(2, "sysmark: -t: unknown test \"nosuch\" (sysmark list shows "
	    "the catalog)", NULL, "run", "-t", "syscall,nosuch", NULL);
	expect(2, "sysmark: -t: test \"pipe\" is named twice", NULL, "run",
	    "-t", "pipe,pipe", NULL);
	expect(2, "sysmark: -d -1: the duration must be a number of seconds "
	    "from 0.1 to 86400", NULL, "run", "-d", "-1", NULL);
	expect(2, "sysmark: -d 0.05:", NULL, "run", "-d", "0.05", NULL);
	expect(2, "sysmark: -d 1e9:", NULL, "run", "-d", "1e9", NULL);
	expect(2, "sysmark: -d ten:", NULL, "run", "-d", "ten", NULL);
	expect(2, "sysmark: -d nan:", NULL, "run", "-d", "nan", NULL);
	expect(2, "sysmark: -c 0: copies must be whole numbers from 1 to "
	    "1024, cpus or scale", NULL, "run", "-c", "0", NULL);
	expect(2, "sysmark: -c 1,5000:", NULL, "run", "-c", "1,5000", NULL);
	expect(2, "sysmark: -n 0: samples must be a whole number from 1 to "
	    "1000", NULL, "run", "-n", "0", NULL);
	expect(2, "sysmark: option -d needs a value", NULL, "run", "-d",
	    NULL);
	expect(2, "sysmark: unknown option -z", NULL, "run", "-z", NULL);
	expect(2, "sysmark: -f html: the format is text, csv, md or json", NULL,
	    "run", "-f", "html", NULL);
	expect(2, "sysmark: -o: /dev/null: is a character device; not "
	    "written to", NULL, "run", "-o", "/dev/null", "-F", NULL);
}

static void
test_bad_show_arguments(void **state)
{
	(void)state;
	expect(2, "sysmark: tests/data/none.csv: No such file or directory",
	    NULL, "show", "tests/data/none.csv", NULL);
	expect(2, "sysmark: tests/data/bad_number.csv:3: column \"value\": "
	    "expected a finite number, got \"n/a\"", NULL, "show",
	    "tests/data/bad_number.csv", NULL);
	expect(2, "sysmark: show: name one saved run", NULL, "show", NULL);
}

static void
test_list_names_every_test(void **state)
{
	char		*argv[] = { "sysmark", "list", NULL };
	struct tu_out	 o;

	(void)state;
	tu_run(argv, &o);
	assert_int_equal(o.status, 0);
	for (size_t i = 0; registry_all[i] != NULL; i++) {
		assert_non_null(strstr(o.out, registry_all[i]->id));
		assert_non_null(strstr(o.out, registry_all[i]->title));
	}
	tu_out_free(&o);
}

/* What run prints is what show prints from the saved file. */
static void
test_show_matches_run(void **state)
{
	char		 path[300];
	char		*run[] = { "sysmark", "run", "-t", "syscall,pipe", "-d",
			    "0.1", "-n", "2", "-c", "1,2", "-o", path, NULL };
	char		*show[] = { "sysmark", "show", path, NULL };
	struct tu_out	 a, b;
	char		*before;

	(void)state;
	snprintf(path, sizeof path, "%s/a.csv", tu_results_dir());
	tu_run(run, &a);
	assert_int_equal(a.status, 0);
	assert_non_null(strstr(a.out, "System Call"));
	assert_non_null(strstr(a.out, "copies)"));
	assert_non_null(strstr(a.out, "(0.1 secs, 2 samples)"));
	assert_non_null(strstr(a.err, "saved "));
	tu_run(show, &b);
	assert_int_equal(b.status, 0);
	assert_string_equal(a.out, b.out);
	tu_out_free(&b);
	/* A second run to the same file is refused before it runs. */
	before = tu_slurp(path);
	tu_run(run, &b);
	assert_int_equal(b.status, 2);
	assert_non_null(strstr(b.err, "the file exists (-F replaces it)"));
	assert_null(strstr(b.err, "sample 1"));
	free(b.out);
	b.out = tu_slurp(path);
	assert_string_equal(before, b.out);
	free(before);
	tu_out_free(&a);
	tu_out_free(&b);
}

/* How many files the results directory holds (none when it is missing). */
static int
results_count(void)
{
	char		 dir[300];
	DIR		*d;
	struct dirent	*e;
	int		 n = 0;

	snprintf(dir, sizeof dir, "%s/results", tu_results_dir());
	if ((d = opendir(dir)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* How many lines of the plan (one per test, "  ID: ...") text holds. */
static int
plan_lines(const char *text)
{
	int	n = 0;

	for (const char *p = text; (p = strstr(p, "\n  ")) != NULL; p++)
		n++;
	return n;
}

/*
 * run -t takes globs, -g a group in any case, --preset a named plan, and
 * --dry-run prints what they chose with its estimate, measuring nothing.
 */
static void
test_run_selects_tests(void **state)
{
	char		*glob[] = { "sysmark", "run", "-t", "lat_syscall*",
			    "--dry-run", NULL };
	char		*group[] = { "sysmark", "run", "--dry-run", "-g", "ipc",
			    NULL };
	char		*preset[] = { "sysmark", "run", "--preset=lmbench",
			    "-n", "2", "--dry-run", NULL };
	char		*narrow[] = { "sysmark", "run", "--preset", "lmbench",
			    "--group=lmbench: file system", "--dry-run", NULL };
	struct tu_out	 o;
	int		 before = results_count();

	(void)state;
	tu_run(glob, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "the plan: 6 tests, in interleaved"));
	assert_non_null(strstr(o.out, "\n  lat_syscall_open: Open/Close, "));
	assert_int_equal(plan_lines(o.out), 6);
	assert_non_null(strstr(o.out, "estimated time: about "));
	assert_string_equal(o.err, "");
	tu_out_free(&o);
	tu_run(group, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "\n  pipe: Pipe Throughput, 1 copy, 6 "
	    "x 10 s + warm-up\n  context1: "));
	assert_int_equal(plan_lines(o.out), 2);
	assert_non_null(strstr(o.out, "estimated time: about 2 min\n"));
	tu_out_free(&o);
	tu_run(preset, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "\n  bw_pipe: "));
	assert_non_null(strstr(o.out, "\n  lat_mem_rd@1K: "));
	assert_null(strstr(o.out, "dhry2"));
	assert_non_null(strstr(o.out, ", 2 x the median of 11 batches"));
	tu_out_free(&o);
	tu_run(narrow, &o);
	assert_int_equal(o.status, 0);
	assert_int_equal(plan_lines(o.out), 4);
	assert_non_null(strstr(o.out, "\n  lat_fs_create_0k: "));
	tu_out_free(&o);
	assert_int_equal(results_count(), before);
}

/* A test id mistyped gets the nearest test; a bad group or preset, the list. */
static void
test_run_did_you_mean(void **state)
{
	(void)state;
	expect(2, "sysmark: -t: unknown test \"sycall\": did you mean "
	    "\"syscall\" (System Call Overhead)? (sysmark list shows the "
	    "catalog)", NULL, "run", "-t", "pipe,sycall", NULL);
	expect(2, "did you mean \"lat_syscall_open\" (Open/Close)?", NULL,
	    "run", "-t", "lat_sycall_open", NULL);
	expect(2, "did you mean \"pipe\" (Pipe Throughput)?", NULL, "run",
	    "-t", "pipe throughptu", NULL);
	expect(2, "sysmark: -t: unknown test \"zzzzzz\" (sysmark list", NULL,
	    "run", "-t", "zzzzzz", NULL);
	expect(2, "sysmark: -t: \"nomatch_*\" matches no test", NULL, "run",
	    "-t", "nomatch_*", NULL);
	expect(2, "sysmark: -g Nope: no such group (the groups are CPU, ",
	    NULL, "run", "-g", "Nope", NULL);
	expect(2, "sysmark: -g CPU: none of the tests -t names is in it", NULL,
	    "run", "-t", "pipe", "-g", "cpu", NULL);
	expect(2, "sysmark: --preset bogus: the presets are unixbench|quick|"
	    "byte|lmbench|all", NULL, "run", "--preset", "bogus", NULL);
	expect(2, "sysmark: --preset quick chooses the tests: leave out -t",
	    NULL, "run", "--preset", "quick", "-t", "pipe", NULL);
	expect(2, "sysmark: unknown option --frob", NULL, "run", "--frob=1",
	    NULL);
	expect(2, "sysmark: option --note needs a value", NULL, "run",
	    "--note", NULL);
	expect(2, "sysmark: --no-save -o x.csv: choose one", NULL, "run", "-t",
	    "pipe", "--no-save", "-o", "x.csv", NULL);
	expect(2, "sysmark: -o - -f json: both would go to stdout", NULL,
	    "run", "-t", "pipe", "-o", "-", "-f", "json", NULL);
}

/*
 * Without a terminal a plan over 30 minutes is refused unless --yes,
 * before anything is measured; `run` with no -t is such a plan.
 */
static void
test_run_long_plan_needs_yes(void **state)
{
	char		*all[] = { "sysmark", "run", NULL };
	char		*q[] = { "sysmark", "run", "-t", "syscall", "-d", "60",
			    "-n", "40", "-q", NULL };
	struct tu_out	 o;
	int		 before = results_count();

	(void)state;
	tu_run(all, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "the plan: 150 tests"));
	assert_non_null(strstr(o.err, "sysmark: run: this plan takes about "
	    "43 min, over 30 min, and there is no terminal to ask on: give "
	    "--yes to start it, or choose fewer tests (-t, -g, --preset)"));
	assert_null(strstr(o.err, "test 1 of"));
	assert_string_equal(o.out, "");
	tu_out_free(&o);
	tu_run(q, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "about 41 min, over 30 min"));
	assert_null(strstr(o.err, "the plan:"));
	tu_out_free(&o);
	assert_int_equal(results_count(), before);
}

/*
 * --no-save measures and prints but writes no file; -o - writes the run
 * file, and only it, to stdout.  Progress is plain lines naming test k
 * of N and the time left, with no escape code when stderr is a file.
 */
static void
test_run_no_save_and_stdout(void **state)
{
	char		*nosave[] = { "sysmark", "run", "-t", "syscall,pipe",
			    "-d", "0.1", "-n", "2", "--no-save", NULL };
	char		*out[] = { "sysmark", "run", "-o", "-", "-t", "pipe",
			    "-d", "0.1", "-n", "1", "--order", "grouped", NULL };
	struct tu_out	 o;
	int		 before = results_count();

	(void)state;
	tu_run(nosave, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "System Call Overhead"));
	assert_non_null(strstr(o.err, "test 2 of 2: "));
	assert_non_null(strstr(o.err, ", sample 2/2: "));
	assert_non_null(strstr(o.err, "%, about "));
	assert_non_null(strstr(o.err, "not saved (--no-save)"));
	assert_null(strchr(o.err, '\r'));
	assert_null(strchr(o.err, '\033'));
	assert_int_equal(results_count(), before);
	tu_out_free(&o);
	tu_run(out, &o);
	assert_int_equal(o.status, 0);
	assert_int_equal(strncmp(o.out, "record,name,value,", 18), 0);
	assert_non_null(strstr(o.out, "\nsample,pipe,"));
	assert_null(strstr(o.out, "Pipe Throughput"));
	assert_non_null(strstr(o.err, "test 1 of 1: pipe, 1 copy, sample "
	    "1/1: "));
	assert_int_equal(results_count(), before);
	tu_out_free(&o);
}
/*
 * Runs ending in the same second still get a file each: the second name
 * carries -2.  Retried when the clock ticks between the two names.
 */
static void
test_default_names_never_collide(void **state)
{
	char		 first[512], second[512];
	struct sm_error	 err;
	struct run	 run;
	FILE		*f;
	size_t		 stem;

	(void)state;
	run_init(&run);
	run_meta_set(&run, "hostname", "box");
	for (int tries = 0; tries < 5; tries++) {
		assert_int_equal(paths_default_run(NULL, &run, first,
		    sizeof first, &err), 0);
		assert_non_null(f = fopen(first, "w"));
		fclose(f);
		assert_int_equal(paths_default_run(NULL, &run, second,
		    sizeof second, &err), 0);
		stem = strlen(first) - strlen(".csv");
		if (strncmp(first, second, stem) == 0)
			break;
	}
	assert_non_null(strstr(first, "/box-"));
	assert_string_equal(second + stem, "-2.csv");
	run_free(&run);
}

#ifdef __linux__
/* ---- Child processes, seen through /proc ---- */

struct bg {
	pid_t	pid;
	char	out[300];
	char	err[300];
	char	tmpdir[300];
};

static void
bg_start(struct bg *bg, char *const argv[])
{
	int	fo, fe;

	snprintf(bg->out, sizeof bg->out, "%s/bg.out", tu_results_dir());
	snprintf(bg->err, sizeof bg->err, "%s/bg.err", tu_results_dir());
	snprintf(bg->tmpdir, sizeof bg->tmpdir, "%s/bgtmp", tu_results_dir());
	sm_rmtree(bg->tmpdir);
	assert_int_equal(mkdir(bg->tmpdir, 0700), 0);
	/* Made before the fork, so a reader never finds them missing. */
	fo = open(bg->out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	fe = open(bg->err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fo >= 0 && fe >= 0);
	bg->pid = fork();
	assert_true(bg->pid >= 0);
	if (bg->pid == 0) {
		setenv("TMPDIR", bg->tmpdir, 1);
		dup2(fo, STDOUT_FILENO);
		dup2(fe, STDERR_FILENO);
		execv(tu_bin(), argv);
		_exit(127);
	}
	close(fo);
	close(fe);
}

/* Wait until the file holds text, for at most secs. */
static void
bg_wait_for(const char *path, const char *text, double secs)
{
	uint64_t	 end = sm_now_ns() + (uint64_t)(secs * 1e9);
	char		*s;
	int		 found = 0;

	while (!found && sm_now_ns() < end) {
		s = tu_slurp(path);
		found = strstr(s, text) != NULL;
		free(s);
		if (!found)
			tu_sleep_ms(20);
	}
	if (!found)
		print_error("\"%s\" never appeared in %s\n", text, path);
	assert_true(found);
}

static int
bg_status(struct bg *bg)
{
	int	st;

	assert_int_equal(waitpid(bg->pid, &st, 0), bg->pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The parent pid and state of a process, from /proc; 0 if it is gone. */
static pid_t
proc_ppid(pid_t pid, char *state)
{
	char	 path[64], buf[512], *p;
	FILE	*f;
	int	 ppid = 0;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	if (fgets(buf, sizeof buf, f) != NULL &&
	    (p = strrchr(buf, ')')) != NULL)
		sscanf(p + 2, "%c %d", state, &ppid);
	fclose(f);
	return ppid;
}

/* Up to max live descendants of root (children and grandchildren). */
static size_t
proc_descendants(pid_t root, pid_t *out, size_t max)
{
	DIR		*d = opendir("/proc");
	struct dirent	*e;
	size_t		 n = 0, before;
	char		 st;

	assert_non_null(d);
	do {
		before = n;
		rewinddir(d);
		while ((e = readdir(d)) != NULL && n < max) {
			pid_t	pid = atoi(e->d_name), pp;
			size_t	k;
			int	seen = 0;

			if (pid <= 0 || (pp = proc_ppid(pid, &st)) == 0 ||
			    st == 'Z')
				continue;
			for (k = 0; k < n; k++)
				seen |= out[k] == pid;
			if (seen)
				continue;
			for (k = 0; k < n && out[k] != pp; k++)
				;
			if (pp == root || k < n)
				out[n++] = pid;
		}
	} while (n != before);
	closedir(d);
	return n;
}

static int
proc_alive(pid_t pid)
{
	char	st = 0;

	return proc_ppid(pid, &st) != 0 && st != 'Z';
}

static void
assert_all_gone(const pid_t *pids, size_t n)
{
	uint64_t	end = sm_now_ns() + 3000000000ull;
	size_t		alive;

	do {
		alive = 0;
		for (size_t i = 0; i < n; i++)
			alive += proc_alive(pids[i]);
		if (alive)
			tu_sleep_ms(20);
	} while (alive && sm_now_ns() < end);
	assert_int_equal(alive, 0);
}

static int
dir_is_empty(const char *path)
{
	DIR		*d = opendir(path);
	struct dirent	*e;
	int		 n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..");
	closedir(d);
	return n == 0;
}

static void
test_ctrl_c_cleans_up(void **state)
{
	char		 path[300], *text;
	char		*argv[] = { "sysmark", "run", "-t", "context1", "-c",
			    "2", "-d", "0.3", "-n", "20", "-o", path, NULL };
	struct bg	 bg;
	pid_t		 kids[64];
	size_t		 nk;

	(void)state;
	snprintf(path, sizeof path, "%s/int.csv", tu_results_dir());
	bg_start(&bg, argv);
	bg_wait_for(bg.err, "sample 2/20", 10);
	nk = proc_descendants(bg.pid, kids, 64);
	kill(bg.pid, SIGINT);
	assert_int_equal(bg_status(&bg), SM_EXIT_INTERRUPTED);
	assert_all_gone(kids, nk);
	assert_true(dir_is_empty(bg.tmpdir));
	text = tu_slurp(bg.err);
	assert_non_null(strstr(text, "interrupted: the samples finished so "
	    "far are kept"));
	free(text);
	text = tu_slurp(path);
	assert_non_null(strstr(text, "meta,status,interrupted"));
	assert_non_null(strstr(text, "sample,context1,"));
	free(text);
	text = tu_slurp(bg.out);
	assert_non_null(strstr(text, "Pipe-based"));
	assert_non_null(strstr(text, "(0.3 secs, "));
	free(text);
}

/*
 * --yes starts a plan over 30 minutes without a terminal; the options
 * are read as written (a value that looks like an option is a value,
 * --name=value works) and the argv ps shows is the one given.
 */
static void
test_run_yes_and_verbatim_options(void **state)
{
	char		 path[300], proc[64], *text;
	char		*argv[] = { "sysmark", "run", "-t", "syscall", "-d", "2",
			    "-n", "1000", "--yes", "--note", "--prepare",
			    "--label=lbl", "-o", path, NULL };
	const char	 want[] = "run\0-t\0syscall\0-d\0002\0-n\0001000\0"
			    "--yes\0--note\0--prepare\0--label=lbl\0-o";
	struct bg	 bg;
	int		 fd;
	ssize_t		 n;
	char		 cmdline[512];

	(void)state;
	snprintf(path, sizeof path, "%s/yes.csv", tu_results_dir());
	bg_start(&bg, argv);
	bg_wait_for(bg.err, "sample 1/1000", 20);
	snprintf(proc, sizeof proc, "/proc/%d/cmdline", (int)bg.pid);
	fd = open(proc, O_RDONLY);
	assert_true(fd >= 0);
	n = read(fd, cmdline, sizeof cmdline);
	close(fd);
	assert_true(n > (ssize_t)sizeof want);
	assert_memory_equal(cmdline + strlen("sysmark") + 1, want,
	    sizeof want - 1);
	kill(bg.pid, SIGINT);
	assert_int_equal(bg_status(&bg), SM_EXIT_INTERRUPTED);
	text = tu_slurp(bg.err);
	assert_non_null(strstr(text, "estimated time: about 34 min"));
	free(text);
	text = tu_slurp(path);
	assert_non_null(strstr(text, "\nmeta,note,--prepare,"));
	assert_non_null(strstr(text, "\nmeta,label,lbl,"));
	assert_null(strstr(text, "\nmeta,prepare,"));
	free(text);
}

/* kill -9 of a copy: that sample fails with the reason, the run goes on. */
static void
test_killed_child_fails_one_sample(void **state)
{
	char		 path[300], *text = NULL;
	char		*argv[] = { "sysmark", "run", "-t", "syscall", "-d",
			    "0.5", "-n", "3", "-o", path, NULL };
	struct bg	 bg;
	pid_t		 kids[64];
	uint64_t	 end;
	int		 killed = 0;

	(void)state;
	snprintf(path, sizeof path, "%s/k9.csv", tu_results_dir());
	bg_start(&bg, argv);
	bg_wait_for(bg.err, "sample 1/3", 10);
	end = sm_now_ns() + 5000000000ull;
	while (!killed && sm_now_ns() < end) {
		if (proc_descendants(bg.pid, kids, 64) > 0)
			killed = kill(kids[0], SIGKILL) == 0;
		else
			tu_sleep_ms(5);
	}
	assert_true(killed);
	assert_int_equal(bg_status(&bg), SM_EXIT_SAMPLE_FAILED);
	text = tu_slurp(bg.err);
	assert_non_null(strstr(text, "FAILED: copy 1: killed by SIGKILL"));
	free(text);
	text = tu_slurp(bg.out);
	assert_non_null(strstr(text, "(0.5 secs, 2 samples, 1 failed)"));
	assert_non_null(strstr(text, "syscall, 1 copy, sample "));
	free(text);
	assert_true(dir_is_empty(bg.tmpdir));
}

/* SIGKILL gives sysmark no chance to clean up: its children must go too. */
static void
test_children_die_with_sysmark(void **state)
{
	char		 path[300];
	char		*argv[] = { "sysmark", "run", "-t", "context1", "-c",
			    "2", "-d", "30", "-n", "1", "-q", "-o", path, NULL };
	struct bg	 bg;
	pid_t		 kids[64];
	size_t		 nk = 0;
	uint64_t	 end;

	(void)state;
	snprintf(path, sizeof path, "%s/never.csv", tu_results_dir());
	bg_start(&bg, argv);
	/* Two copies, each with its partner process. */
	end = sm_now_ns() + 10000000000ull;
	while ((nk = proc_descendants(bg.pid, kids, 64)) < 4 &&
	    sm_now_ns() < end)
		tu_sleep_ms(10);
	assert_int_equal(nk, 4);
	kill(bg.pid, SIGKILL);
	assert_int_equal(bg_status(&bg), 128 + SIGKILL);
	assert_all_gone(kids, nk);
}
#endif

/* ---- Options as getopt_long reads them ---- */

#define D	"tests/data/"

/* The file path in the test's directory, emptied. */
static char *
cli_tmp(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", tu_results_dir(), name);
	unlink(buf);
	return buf;
}

/* Options after the operands, in every command that takes operands. */
static void
test_options_after_operands(void **state)
{
	char	page[300], csv[300];

	(void)state;
	cli_tmp(page, sizeof page, "after.html");
	expect(0, "report written to", NULL, "report", D "report_a.csv",
	    "-o", page, NULL);
	expect(0, NULL, "\"command\": \"show\"", "show", D "report_a.csv",
	    "-f", "json", NULL);
	expect(0, NULL, "report_b,", "show", D "report_a.csv",
	    D "report_b.csv", "--best", "-f", "csv", NULL);
	expect(0, NULL, "\"command\": \"compare\"", "compare",
	    D "gate-a1.csv", D "gate-a2.csv", "-f", "json", NULL);
	/* After "--", between compare's two sides, options go on. */
	expect(5, "the gate tripped", NULL, "compare", D "gate-a1.csv", "--",
	    D "gate-slow.csv", "--fail-on", "worse", NULL);
	expect(0, NULL, "\"command\": \"history\"", "history",
	    D "fleet-20261201", "-f", "json", "--index", "none", NULL);
	expect(0, NULL, "\"command\": \"import\"", "import",
	    D "byte-log.txt", "-o", cli_tmp(csv, sizeof csv, "i.csv"), "-f",
	    "json", NULL);
	expect(2, "-d x: the duration", NULL, "users", "nosuchmix", "-d", "x",
	    NULL);
	expect(2, "unexpected argument \"x\"", NULL, "calibrate", "x", "-q",
	    NULL);
	expect(2, "unexpected argument \"x\"", NULL, "list", "x", "-f", "csv",
	    NULL);
	/* A stray operand is named with its control characters shown. */
	expect(2, "list: unexpected argument \"a\\x1b[31mb\"", NULL, "list",
	    "a\033[31mb", NULL);
	expect(2, "unexpected argument \"x\"", NULL, "console", "x", "-r",
	    "1", NULL);
	expect(2, "unknown option -x", NULL, "completion", "bash", "-x", NULL);
}

/* --NAME=VALUE, and errors that name the option as it was typed. */
static void
test_long_options_as_typed(void **state)
{
	char	page[300];

	(void)state;
	expect(2, "sysmark: nosuch: no such file", NULL, "show",
	    "--baseline=nosuch", D "report_a.csv", NULL);
	expect(2, "sysmark: option --baseline needs a value", NULL, "show",
	    D "report_a.csv", "--baseline", NULL);
	expect(2, "sysmark: option --best takes no value", NULL, "show",
	    "--best=1", D "report_a.csv", NULL);
	expect(5, "the gate tripped", NULL, "compare", D "gate-a1.csv",
	    D "gate-slow.csv", "--fail-on=worse", NULL);
	expect(2, "sysmark: option --fail-on needs a value", NULL, "compare",
	    D "gate-a1.csv", D "gate-slow.csv", "--fail-on", NULL);
	expect(2, "sysmark: --since 2026-13-01: a date is YYYY-MM-DD", NULL,
	    "history", "--since=2026-13-01", D "fleet-20261201", NULL);
	expect(2, "sysmark: option --since needs a value", NULL, "history",
	    D "fleet-20261201", "--since", NULL);
	expect(2, "sysmark: option --index needs a value", NULL, "history",
	    D "fleet-20261201", "--index", NULL);
	expect(2, "sysmark: --compare 0: the number of a change point", NULL,
	    "history", "--index=none", "--compare=0", D "fleet-20261201",
	    NULL);
	expect(2, "sysmark: --fail-on worse: history fails on change or "
	    "busy", NULL, "history", "--fail-on=worse", D "fleet-20261201",
	    NULL);
	expect(2, "sysmark: option --history takes no value", NULL, "report",
	    "--history=yes", "-o", cli_tmp(page, sizeof page, "h.html"),
	    D "report_a.csv", NULL);
	expect(2, "sysmark: unknown option --frob", NULL, "list", "--frob=1",
	    NULL);
}

/* A value that looks like an option is the value, as typed. */
static void
test_option_values_verbatim(void **state)
{
	char	page[300], *html;

	(void)state;
	expect(2, "sysmark: --best: no such file", NULL, "show", "-b",
	    "--best", D "report_a.csv", NULL);
	expect(2, "sysmark: --fail-on: No such file", NULL, "compare", "-p",
	    "--fail-on", D "gate-a1.csv", D "gate-slow.csv", NULL);
	expect(2, "sysmark: -g --since: no such group", NULL, "history",
	    "--index", "none", "-g", "--since", D "fleet-20261201", NULL);
	expect(2, "sysmark: --index: no such file, and no mix", NULL, "users",
	    "-o", "--index", "--", "--index", NULL);
	expect(0, "report written to", NULL, "report", "-t", "--history",
	    "-o", cli_tmp(page, sizeof page, "title.html"), D "report_a.csv",
	    NULL);
	html = tu_slurp(page);
	assert_non_null(strstr(html, "<title>--history</title>"));
	free(html);
}

/*
 * Every option a command's usage names (as completion reads them) is
 * one its table takes: given with two unknown options after it (the
 * first may be its value), the command fails on those, not on it.
 */
static void
test_usage_options_parsed(void **state)
{
	static const char *const cmds[] = { "show", "compare", "history",
	    "report", "import", "users", "list", "calibrate", "console" };
	char		*comp[] = { "sysmark", "completion", "bash", NULL };
	char		 arm[64], opt[64], refused[96];
	char		*argv[] = { "sysmark", NULL, opt, "--zz", "--zz",
			    NULL };
	struct tu_out	 c, o;
	const char	*p;
	int		 n, seen;

	(void)state;
	tu_run(comp, &c);
	assert_int_equal(c.status, 0);
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
		snprintf(arm, sizeof arm, "\t%s)\n\t\topts='", cmds[i]);
		assert_non_null(p = strstr(c.out, arm));
		argv[1] = (char *)cmds[i];
		for (p += strlen(arm), seen = 0; sscanf(p, "%63[^' ]%n", opt,
		    &n) == 1; p += n + (p[n] == ' '), seen++) {
			tu_run(argv, &o);
			snprintf(refused, sizeof refused, "option %s", opt);
			/* Past opt, "--zz" is its value or the one refused. */
			if (o.status != 2 || strstr(o.err, refused) != NULL ||
			    strstr(o.err, "--zz") == NULL)
				print_error("%s %s: %s", cmds[i], opt, o.err);
			assert_int_equal(o.status, 2);
			assert_null(strstr(o.err, refused));
			assert_non_null(strstr(o.err, "--zz"));
			tu_out_free(&o);
		}
		assert_true(seen > 0);
	}
	tu_out_free(&c);
}

#ifdef __linux__
/*
 * Run argv with stderr into a pipe read only after /proc/PID/cmdline:
 * a command that writes more there than the pipe holds (64 KiB) waits
 * for the reader, its options parsed, so what ps would show is what the
 * command left of its arguments.  Returns that, NUL-separated, in buf.
 */
static size_t
cli_cmdline(char *const argv[], char *buf, size_t len)
{
	struct pollfd	 pfd;
	char		 path[64], junk[4096];
	size_t		 got = 0, piped = 0;
	ssize_t		 n;
	pid_t		 pid;
	int		 p[2], fd, st;

	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(p[1], STDERR_FILENO);
		close(p[0]);
		close(p[1]);
		execv(tu_bin(), argv);
		_exit(127);
	}
	close(p[1]);
	pfd = (struct pollfd){ .fd = p[0], .events = POLLIN };
	assert_int_equal(poll(&pfd, 1, 60000), 1);
	snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	while (got < len && (n = read(fd, buf + got, len - got)) > 0)
		got += (size_t)n;
	close(fd);
	while (poll(&pfd, 1, 60000) == 1 &&
	    (n = read(p[0], junk, sizeof junk)) > 0)
		piped += (size_t)n;
	close(p[0]);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	/* More than the pipe holds: it waited, alive, while it was read. */
	assert_true(piped > 65536);
	return got;
}

/* ps shows the command line as typed: no option is rewritten in argv. */
static void
test_argv_left_as_typed(void **state)
{
	char	 dir[300], file[600], name[201], buf[4096], *p;
	char	*argv[] = { "sysmark", "history", "--since", "2000-01-01",
		    "--index=none", "--fail-on", "change", dir, "--compare=1",
		    NULL };
	size_t	 len;
	int	 fd;

	(void)state;
	/* Runs history reads around, each named on stderr: 150 KiB. */
	snprintf(dir, sizeof dir, "%s/many", tu_results_dir());
	assert_int_equal(mkdir(dir, 0700), 0);
	memset(name, 'r', sizeof name - 1);
	name[sizeof name - 1] = '\0';
	for (int i = 0; i < 1000; i++) {
		snprintf(file, sizeof file, "%s/%04d%.150s.csv", dir, i, name);
		assert_true((fd = open(file, O_WRONLY | O_CREAT, 0600)) >= 0);
		close(fd);
	}
	len = cli_cmdline(argv, buf, sizeof buf);
	p = buf;
	for (int i = 0; argv[i] != NULL; i++) {
		assert_true(p < buf + len);
		assert_string_equal(p, argv[i]);
		p += strlen(p) + 1;
	}
	assert_true(p == buf + len);
	sm_rmtree(dir);
}
#endif

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_help_and_version),
		cmocka_unit_test(test_bad_run_arguments),
		cmocka_unit_test(test_bad_show_arguments),
		cmocka_unit_test(test_list_names_every_test),
		cmocka_unit_test(test_show_matches_run),
		cmocka_unit_test(test_default_names_never_collide),
		cmocka_unit_test(test_run_selects_tests),
		cmocka_unit_test(test_run_did_you_mean),
		cmocka_unit_test(test_run_long_plan_needs_yes),
		cmocka_unit_test(test_run_no_save_and_stdout),
		cmocka_unit_test(test_options_after_operands),
		cmocka_unit_test(test_long_options_as_typed),
		cmocka_unit_test(test_option_values_verbatim),
		cmocka_unit_test(test_usage_options_parsed),
#ifdef __linux__
		cmocka_unit_test(test_ctrl_c_cleans_up),
		cmocka_unit_test(test_run_yes_and_verbatim_options),
		cmocka_unit_test(test_killed_child_fails_one_sample),
		cmocka_unit_test(test_children_die_with_sysmark),
		cmocka_unit_test(test_argv_left_as_typed),
#endif
	};

	return cmocka_run_group_tests_name("cli", tests, tu_results_env,
	    tu_results_env_free);
}
