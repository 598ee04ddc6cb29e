/*
 * Command tests (src/core/plan/command*.c, csvrows.c): how a command line is
 * split and whether it needs a shell, what is refused before anything
 * runs, parameter scans, suite files, and command tests run through the
 * runner: a figure per execution, a failing command's status and last
 * stderr line, -i, the time limit, the shell's start-up subtracted.
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"

static struct command_opts	opts = { 0, 0, 0, 0, 10, COMMAND_SETUP_TIMEOUT };

static const char	*suite(const char *);

/* Parse spec; returns the message on failure ("" when it parsed). */
static const char *
parse(struct command *cmd, const char *spec, const struct command_opts *o)
{
	static struct sm_error	err;

	err.msg[0] = '\0';
	if (command_parse(cmd, spec, o != NULL ? o : &opts, &err) != 0)
		return err.msg;
	return "";
}

static void
test_split_without_shell(void **state)
{
	struct command	c;

	(void)state;
	assert_string_equal(parse(&c, "printf '%s|%s' \"a b\" c\\ d", NULL),
	    "");
	assert_false(c.shell);
	assert_string_equal(c.name, "printf");
	assert_string_equal(c.argv[0], "printf");
	assert_string_equal(c.argv[1], "%s|%s");
	assert_string_equal(c.argv[2], "a b");
	assert_string_equal(c.argv[3], "c d");
	assert_null(c.argv[4]);
	command_free(&c);
}

static void
test_shell_syntax(void **state)
{
	static const char *const shell[] = {
		"echo a | cat", "echo $HOME", "ls *", "true && true",
		"echo \"$HOME\"", "cd /", "true > /dev/null",
		"echo `true`", "for i in 1; do :; done", NULL
	};
	struct command	c;
	struct command_opts o = opts;

	(void)state;
	for (size_t i = 0; shell[i] != NULL; i++) {
		assert_string_equal(parse(&c, shell[i], NULL), "");
		assert_true(c.shell);
		assert_string_equal(c.argv[0], "/bin/sh");
		assert_string_equal(c.argv[2], shell[i]);
		command_free(&c);
	}
	/* NAME=... names the test: an assignment needs a name first. */
	assert_string_equal(parse(&c, "e=X=1 env", NULL), "");
	assert_true(c.shell);
	assert_string_equal(c.text, "X=1 env");
	command_free(&c);
	/* -N: never a shell, the characters are the program's. */
	o.no_shell = 1;
	assert_string_equal(parse(&c, "echo a | cat", &o), "");
	assert_false(c.shell);
	assert_string_equal(c.argv[2], "|");
	command_free(&c);
}

/*
 * Whether a command needs a shell, by where each kind of character
 * stands: the shell's specials anywhere outside single quotes, '#' and
 * '~' at a word's start, '=' in the first word and the shell's own words
 * first need one; the same characters quoted, escaped, inside a word or
 * later on the line do not.
 */
static void
test_shell_by_position(void **state)
{
	static const char *const shell[] = {
		"echo a|b", "echo a&b", "echo a;b", "echo a<b", "echo a>b",
		"echo a(b", "echo a)b", "echo a$b", "echo a`b`", "echo a*b",
		"echo a?b", "echo a[b", "echo a\nb", "echo ~", "echo ~/x",
		"echo a ~b", "ls ~root", "echo #x", "echo a #b", "e=X=1 env",
		"echo \"a$b\"", "echo \"`x`\"", "cd /", ": x", "exec true",
		"! true", "eval true", "true #x",
	};
	static const char *const plain[] = {
		"echo a#b", "echo a~b", "echo x~", "echo x#", "echo '~'",
		"echo \"~\"", "echo \\~", "echo '#x'", "echo \"#x\"",
		"echo \\#", "echo 'a|b;c$d*e'", "env X=1 true", "echo cd",
		"echo a=b", "echo \"a|b\"", "echo -~", "echo .~",
	};
	struct command	c;

	(void)state;
	for (size_t i = 0; i < sizeof shell / sizeof shell[0]; i++) {
		assert_string_equal(parse(&c, shell[i], NULL), "");
		if (!c.shell)
			fail_msg("%s: no shell", shell[i]);
		assert_string_equal(c.argv[0], "/bin/sh");
		command_free(&c);
	}
	for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
		assert_string_equal(parse(&c, plain[i], NULL), "");
		if (c.shell)
			fail_msg("%s: a shell", plain[i]);
		assert_string_not_equal(c.argv[0], "/bin/sh");
		command_free(&c);
	}
}

static void
test_refused(void **state)
{
	struct command	c;

	(void)state;
	assert_string_equal(parse(&c, "", NULL), "the command is empty");
	assert_string_equal(parse(&c, "  \t ", NULL), "the command is empty");
	assert_string_equal(parse(&c, "no-such-program-xyz -v", NULL),
	    "program \"no-such-program-xyz\" not found on PATH");
	assert_string_equal(parse(&c, "echo 'abc", NULL),
	    "an unbalanced ' quote");
	assert_string_equal(parse(&c, "echo \"abc", NULL),
	    "an unbalanced \" quote");
	assert_string_equal(parse(&c, "sleep {t}", NULL),
	    "{t}: no parameter t is given (-P or -L)");
	assert_string_equal(parse(&c, "/nonexistent/prog", NULL),
	    "/nonexistent/prog is not an executable file");
	/* ${VAR} is the shell's, not a parameter. */
	assert_string_equal(parse(&c, "echo ${HOME}", NULL), "");
	command_free(&c);
}

/*
 * NAME=command with a NAME no test may have is refused as a bad name,
 * made visible, not handed to the shell as an assignment; an '=' after
 * the first word is the command's own.
 */
static void
test_bad_names(void **state)
{
	struct command	c;

	(void)state;
	assert_string_equal(parse(&c, "=true", NULL), "name \"\" (before the "
	    "'='): a test's name is letters, digits, '_', '.' and '-', at "
	    "most 31");
	assert_non_null(strstr(parse(&c, "t\xc3\xa9st=true", NULL),
	    "name \"t\xc3\xa9st\" (before the '=')"));
	assert_non_null(strstr(parse(&c, "a\033[2Jb=true", NULL),
	    "name \"a\\x1b[2Jb\" (before the '=')"));
	assert_non_null(strstr(parse(&c, "01234567890123456789012345678901"
	    "=true", NULL), "name \"01234567890123456789012345678901\""));
	assert_string_equal(parse(&c, "a=", NULL),
	    "a=: no command after the name");
	/* The longest name still is one. */
	assert_string_equal(parse(&c, "0123456789012345678901234567890=true",
	    NULL), "");
	assert_string_equal(c.name, "0123456789012345678901234567890");
	command_free(&c);
	assert_string_equal(parse(&c, "dd if=/dev/zero count=1", NULL), "");
	assert_string_equal(c.name, "dd");
	command_free(&c);
	assert_string_equal(parse(&c, "echo\ta=b", NULL), "");
	command_free(&c);
}

/*
 * What a user typed or a suite file holds reaches the terminal made
 * visible: -x with an escape in its name when refused, a suite's title
 * with one in the plan listing (--dry-run; a run prints the same lines).
 */
static void
test_escapes_visible(void **state)
{
	char		*x[] = { "sysmark", "run", "-x", "a\033[2Jb=true", "-n",
			    "1", NULL };
	char		*dry[] = { "sysmark", "run", "--suite", NULL, "-n",
			    "1", "--dry-run", NULL };
	struct tu_out	 o;

	(void)state;
	tu_run(x, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_null(strchr(o.err, '\033'));
	assert_non_null(strstr(o.err, "-x 'a\\x1b[2Jb=true': name "));
	tu_out_free(&o);
	dry[3] = (char *)suite("id,title,command,setup,cleanup,unit,"
	    "direction\na,Red \033[31mtitle,true,,,,\n");
	tu_run(dry, &o);
	assert_int_equal(o.status, 0);
	assert_null(strchr(o.out, '\033'));
	assert_non_null(strstr(o.out, "  a: Red \\x1b[31mtitle, 1 copy"));
	tu_out_free(&o);
}

/*
 * The plan's estimate of command tests: -d alone would say about 1 s of
 * -x 'sleep 3' -d 0.2 -n 3, which takes 12 s; a command's own time is
 * unknown before it runs, so the plan says so and how many executions
 * at least it will make (each sample's, -w's warm-ups included).
 */
static void
test_plan_estimate(void **state)
{
	char		*x[] = { "sysmark", "run", "-x", "sleep 3", "-d", "0.2",
			    "-n", "3", "--dry-run", NULL, NULL, NULL };
	char		*cat[] = { "sysmark", "run", "-t", "syscall", "-d",
			    "0.2", "-n", "3", "--dry-run", NULL };
	struct tu_out	 o;

	(void)state;
	tu_run(x, &o);
	assert_int_equal(o.status, 0);
	assert_null(strstr(o.out, "estimated time: about 1 s\n"));
	if (strstr(o.out, "a command's own time is unknown until it runs: 4 "
	    "executions or more") == NULL)
		fail_msg("%s", o.out);
	tu_out_free(&o);
	x[9] = "-w";
	x[10] = "2";
	tu_run(x, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, ": 12 executions or more"));
	tu_out_free(&o);
	/* A catalog test's time is known: nothing is said of commands. */
	tu_run(cat, &o);
	assert_int_equal(o.status, 0);
	assert_null(strstr(o.out, "own time"));
	tu_out_free(&o);
}

/*
 * A suite's setup has its own bound (--setup-timeout, 600 s unless
 * given), not the sample's grace (5 s + d/2): a 6 s setup at -d 0.2
 * measures; one past its bound fails the sample, the reason naming the
 * setup and the bound.
 */
static void
test_suite_setup_bound(void **state)
{
	char		*argv[] = { "sysmark", "run", "--suite", NULL, "-d",
			    "0.2", "-n", "1", "--no-save", "-f", "csv", NULL,
			    NULL, NULL };
	struct tu_out	 o;

	(void)state;
	argv[3] = (char *)suite("id,title,command,setup,cleanup,unit,"
	    "direction\nslow,Slow setup,true,sleep 6,,,\n");
	tu_run(argv, &o);
	if (o.status != 0)
		fail_msg("status %d: %s", o.status, o.err);
	assert_null(strstr(o.err, "timed out"));
	tu_out_free(&o);
	argv[3] = (char *)suite("id,title,command,setup,cleanup,unit,"
	    "direction\nslow,Slow setup,true,sleep 30,,,\n");
	argv[11] = "--setup-timeout";
	argv[12] = "1";
	tu_run(argv, &o);
	assert_int_equal(o.status, SM_EXIT_SAMPLE_FAILED);
	if (strstr(o.err, "timed out in setup after 6.2 s: the suite's setup "
	    "\"sleep 30\" (and any -w warm-ups) may take 1 s "
	    "(--setup-timeout)") == NULL)
		fail_msg("%s", o.err);
	tu_out_free(&o);
}

/* The name given, and a version that changes with the command. */
static void
test_name_and_version(void **state)
{
	struct command	a, b, d;

	(void)state;
	assert_string_equal(parse(&a, "zip=gzip -1 -c /etc/services", NULL),
	    "");
	assert_string_equal(a.name, "zip");
	assert_string_equal(a.text, "gzip -1 -c /etc/services");
	assert_string_equal(parse(&b, "zip=gzip -9 -c /etc/services", NULL),
	    "");
	assert_string_equal(parse(&d, "zip=gzip -1 -c /etc/services", NULL),
	    "");
	assert_int_not_equal(a.version, b.version);
	assert_int_equal(a.version, d.version);
	assert_true(a.version > 0);
	command_free(&a);
	command_free(&b);
	command_free(&d);
}

static void
test_scan(void **state)
{
	struct command_param	p[2];
	struct command_set	set = { 0 };
	struct sm_error		err;

	(void)state;
	assert_int_equal(command_param_range(&p[0], "n", "1", "3", NULL,
	    &err), 0);
	assert_int_equal(command_param_list(&p[1], "w", "a,b", &err), 0);
	assert_int_equal(command_add(&set, "s=echo {n} {w}", p, 2, &opts,
	    &err), 0);
	assert_int_equal(set.n, 6);
	assert_string_equal(set.cmd[0]->name, "s-1-a");
	assert_string_equal(set.cmd[0]->text, "echo 1 a");
	assert_string_equal(set.cmd[0]->param, "n=1 w=a");
	assert_string_equal(set.cmd[5]->name, "s-3-b");
	assert_string_equal(set.cmd[5]->bench.id, "s-3-b");
	/* A command without {w} takes only n. */
	assert_int_equal(command_add(&set, "echo {n}", p, 2, &opts, &err), 0);
	assert_int_equal(set.n, 9);
	assert_string_equal(set.cmd[6]->name, "echo-1");
	/* Two tests may not share a given name. */
	assert_int_equal(command_add(&set, "x=true", NULL, 0, &opts, &err), 0);
	assert_int_equal(command_add(&set, "x=false", NULL, 0, &opts, &err),
	    -1);
	assert_non_null(strstr(err.msg, "given twice"));
	/* A derived one gets a number. */
	assert_int_equal(command_add(&set, "true", NULL, 0, &opts, &err), 0);
	assert_int_equal(command_add(&set, "true -x", NULL, 0, &opts, &err),
	    0);
	assert_string_equal(set.cmd[set.n - 1]->name, "true-2");
	command_set_free(&set);
	command_param_free(&p[0]);
	command_param_free(&p[1]);
	assert_int_equal(command_param_range(&p[0], "n", "0", "1", "0.25",
	    &err), 0);
	assert_int_equal(p[0].n, 5);
	assert_string_equal(p[0].values[4], "1");
	command_param_free(&p[0]);
	assert_int_equal(command_param_range(&p[0], "n", "3", "1", NULL,
	    &err), -1);
	assert_int_equal(command_param_list(&p[0], "n", "a,,b", &err), -1);
}

/* Write text to a suite file in TMPDIR; its path. */
static const char *
suite(const char *text)
{
	static char	path[PATH_MAX];
	FILE		*f;

	snprintf(path, sizeof path, "%s/suite.csv", tu_dir());
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
	return path;
}

static void
test_suite(void **state)
{
	static const char	head[] =
	    "id,title,command,setup,cleanup,unit,direction\n";
	struct command_set	set = { 0 };
	struct sm_error		err;
	char			buf[1024], want[PATH_MAX + 128];
	const char		*p;

	(void)state;
	snprintf(buf, sizeof buf, "%s# a comment\n"
	    "a,Echo,echo hi,touch x,rm -f x,ms,lower\n"
	    ",,\"printf '%%s\\n' \"\"a,b\"\"\",,,,\n", head);
	assert_int_equal(command_suite_load(&set, suite(buf), NULL, 0, &opts,
	    &err), 0);
	assert_int_equal(set.n, 2);
	assert_string_equal(set.cmd[0]->bench.title, "Echo");
	assert_string_equal(set.cmd[0]->bench.unit, "ms");
	assert_near(set.cmd[0]->bench.scale, 1e3, 0);
	assert_string_equal(set.cmd[0]->setup, "touch x");
	assert_string_equal(set.cmd[1]->name, "printf");
	assert_string_equal(set.cmd[1]->argv[2], "a,b");
	command_set_free(&set);
	/* A missing column, named by its line. */
	snprintf(buf, sizeof buf, "%s\nok,,true,,,,\nb,,true,,,ms\n", head);
	p = suite(buf);
	assert_int_equal(command_suite_load(&set, p, NULL, 0, &opts, &err), -1);
	snprintf(want, sizeof want, "%s:4: expected 7 columns (id,title,"
	    "command,setup,cleanup,unit,direction), got 6", p);
	assert_string_equal(err.msg, want);
	command_set_free(&set);
	/* A bad command, with the reason command_parse() gives. */
	snprintf(buf, sizeof buf, "%sb,,echo 'x,,,,\n", head);
	assert_int_equal(command_suite_load(&set, p = suite(buf), NULL, 0,
	    &opts, &err), -1);
	snprintf(want, sizeof want, "%s:2: an unbalanced ' quote", p);
	assert_string_equal(err.msg, want);
	command_set_free(&set);
	snprintf(buf, sizeof buf, "%sb,,true,,,ms,higher\n", head);
	assert_int_equal(command_suite_load(&set, suite(buf), NULL, 0, &opts,
	    &err), -1);
	assert_non_null(strstr(err.msg, ":2: direction \"higher\""));
	command_set_free(&set);
	assert_int_equal(command_suite_load(&set, suite("id,what\n"), NULL, 0,
	    &opts, &err), -1);
	assert_non_null(strstr(err.msg, ":1: expected 7 columns"));
	command_set_free(&set);
}

/* A suite of one row, id a, whose column col (1 title, 3 setup, 4
 * cleanup) is n bytes of 'x'; its path. */
static const char *
suite_long(int col, size_t n)
{
	static const char	head[] =
	    "id,title,command,setup,cleanup,unit,direction\n";
	char			*buf = xmalloc(n + 128), *at;
	const char		*p;

	at = buf + sprintf(buf, "%sa,%s", head, col == 1 ? "" : "T,");
	at += sprintf(at, "%s", col == 1 ? "" : "true,");
	if (col == 4)
		at += sprintf(at, ",");
	memset(at, 'x', n);
	at += n;
	sprintf(at, "%s\n", col == 1 ? ",true,,,," : col == 3 ? ",,," : ",,");
	p = suite(buf);
	free(buf);
	return p;
}

/*
 * Every column of a suite row within what it goes to, checked as the
 * file is read (path:line), never after a run: setup and cleanup are one
 * argument of sh -c; the row as a whole is one fact of the run file.  The
 * longest title that fits is taken, and a run of it saves and loads; one
 * byte more is refused naming the title.
 */
static void
test_suite_long_columns(void **state)
{
	struct command_set	 set = { 0 };
	struct sm_error		 err;
	struct command		*c;
	struct tu_out		 o;
	struct run		 run;
	char			*enc, out[PATH_MAX], *argv[] = { "sysmark",
				    "run", "--suite", NULL, "-d", "0.1", "-n",
				    "1", "-q", "-o", out, NULL };
	size_t			 most;

	(void)state;
	/* What a title of one byte costs beside it gives the longest. */
	assert_int_equal(command_suite_load(&set, suite_long(1, 1), NULL, 0,
	    &opts, &err), 0);
	c = set.cmd[0];
	enc = command_encode(c);
	most = CSVSTORE_MAX_FACT + 1 - strlen("plan_command.a") - strlen(enc);
	free(enc);
	command_set_free(&set);
	memset(&set, 0, sizeof set);
	assert_int_equal(command_suite_load(&set, suite_long(1, most + 1),
	    NULL, 0, &opts, &err), -1);
	assert_non_null(strstr(err.msg, "suite.csv:2: title: "));
	assert_non_null(strstr(err.msg, "; a run file holds at most 262144 "
	    "bytes of a test's command, title, setup and cleanup together "
	    "(262145 here, as saved)"));
	command_set_free(&set);
	memset(&set, 0, sizeof set);
	assert_int_equal(command_suite_load(&set, suite_long(3, MIX_MAX_ARG),
	    NULL, 0, &opts, &err), -1);
	assert_non_null(strstr(err.msg, "suite.csv:2: setup: 131072 bytes; "
	    "exec takes at most 131071 in one argument"));
	command_set_free(&set);
	memset(&set, 0, sizeof set);
	assert_int_equal(command_suite_load(&set, suite_long(4, MIX_MAX_ARG),
	    NULL, 0, &opts, &err), -1);
	assert_non_null(strstr(err.msg, "suite.csv:2: cleanup: 131072 "));
	command_set_free(&set);
	memset(&set, 0, sizeof set);
	assert_int_equal(command_suite_load(&set, suite_long(1, most), NULL,
	    0, &opts, &err), 0);
	command_set_free(&set);
	/*
	 * run's own options (-w, --timeout) encode to other lengths: the
	 * length it says of one title too long gives its longest, which is
	 * taken, run, saved and read back whole.
	 */
	argv[3] = (char *)suite_long(1, most + 100);
	tu_run(argv, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(enc = strstr(o.err, "together ("));
	most = most + 100 - (strtoul(enc + 10, NULL, 10) - CSVSTORE_MAX_FACT);
	tu_out_free(&o);
	argv[3] = (char *)suite_long(1, most);
	snprintf(out, sizeof out, "%s/long.csv", tu_dir());
	tu_run(argv, &o);
	if (o.status != 0)
		fail_msg("status %d: %.300s", o.status, o.err);
	tu_load(&run, out);
	assert_int_equal(strlen(run_meta_get(&run, "plan_command.a")) +
	    strlen("plan_command.a"), CSVSTORE_MAX_FACT);
	run_free(&run);
	tu_out_free(&o);
	/* One byte more: refused before anything is measured. */
	argv[3] = (char *)suite_long(1, most + 1);
	unlink(out);
	tu_run(argv, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	assert_non_null(strstr(o.err, "suite.csv:2: title: "));
	assert_int_equal(access(out, F_OK), -1);
	tu_out_free(&o);
}

/*
 * A suite's title is its test's wherever a saved run is shown: show's
 * table and its JSON (the run records it as title:ID, as an import does
 * a title), an escape in it made visible on the terminal.
 */
static void
test_suite_title(void **state)
{
	char		 out[PATH_MAX];
	char		*run[] = { "sysmark", "run", "--suite", NULL, "-d", "0.1",
			    "-n", "1", "-q", "-o", out, NULL };
	char		*json[] = { "sysmark", "show", "-f", "json", out, NULL };
	char		*text[] = { "sysmark", "show", out, NULL };
	struct tu_out	 o;

	(void)state;
	snprintf(out, sizeof out, "%s/titled.csv", tu_dir());
	run[3] = (char *)suite("id,title,command,setup,cleanup,unit,"
	    "direction\na,Red \033[31mtitle,true,,,,\n");
	tu_run(run, &o);
	if (o.status != 0)
		fail_msg("status %d: %.300s", o.status, o.err);
	tu_out_free(&o);
	tu_run(json, &o);
	assert_int_equal(o.status, 0);
	if (strstr(o.out, "\"title\": \"Red \\u001B[31mtitle\"") == NULL)
		fail_msg("%.2000s", o.out);
	tu_out_free(&o);
	tu_run(text, &o);
	assert_int_equal(o.status, 0);
	assert_null(strchr(o.out, '\033'));
	assert_non_null(strstr(o.out, "Red \\x1b[31mtitle"));
	tu_out_free(&o);
	unlink(out);
}

/* ---- Through the runner ---- */

static void
ignore_event(const struct runner_event *ev, void *arg)
{
	(void)ev;
	(void)arg;
}

/* Run spec's command test for two samples of 0.2 s. */
static void
run_one(const char *spec, const struct command_opts *o, struct run *run)
{
	struct command_set	*set = xcalloc(1, sizeof *set);
	struct runner_env	 env;
	struct plan		 plan;
	struct sm_error		 err;
	struct runner		*r;

	assert_int_equal(command_add(set, spec, NULL, 0, o, &err), 0);
	plan_init(&plan);
	plan_add_commands(&plan, set);
	plan.samples = 2;
	plan.duration = 0.2;
	plan.warmup = 0;
	memset(&env, 0, sizeof env);
	env.grace = 5;
	env.self_exe = tu_bin();
	run_init(run);
	assert_non_null(r = runner_start(&plan, &env, run, ignore_event, NULL,
	    &err));
	runner_wait(r, NULL);
	runner_free(r);
	plan_free(&plan);
}

static void
test_run_ok(void **state)
{
	struct run	run;
	struct command_opts o = opts;

	(void)state;
	o.warmup = 2;
	run_one("t=true", &o, &run);
	assert_int_equal(run.nsamples, 2);
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(run.samples[i].status, RUN_OK);
		assert_string_equal(run.samples[i].test, "t");
		assert_string_equal(run.samples[i].unit, "s");
		/*
		 * Seconds per execution: the sample's time over its
		 * executions (no upper bound: at a load of 17 on 2 CPUs
		 * `true` took 69 ms in hyperfine too).
		 */
		assert_true(run.samples[i].value > 1e-5);
		assert_true(run.samples[i].iterations >= 1);
		assert_near(run.samples[i].value *
		    (double)run.samples[i].iterations, run.samples[i].elapsed,
		    1e-6 * run.samples[i].elapsed);
		/*
		 * wait4's rusage of the copy and what it ran: their CPU
		 * time in all is exact, its split into user and system is
		 * the kernel's sampling at ticks, so on a busy host a run
		 * of `true` that no tick met is all user or all system.
		 */
		assert_true(run.samples[i].user_s >= 0);
		assert_true(run.samples[i].sys_s >= 0);
		assert_true(run.samples[i].user_s + run.samples[i].sys_s > 0);
		assert_true(run.samples[i].maxrss_kb > 100);
	}
	assert_string_equal(run_meta_get(&run, "command.t"), "true");
	assert_string_equal(run_meta_get(&run, "command_shell.t"), "no shell");
	run_free(&run);
}

/*
 * Each execution is timed alone: a command that sleeps 50 ms every
 * other time shows it in its fastest, slowest and sd of one execution
 * (about 25 ms, whatever the load adds to both kinds alike), which the
 * sample's mean cannot show; the executions' mean never exceeds the
 * sample's figure, whose batches hold the executions and the gaps
 * between them.
 */
static void
test_run_execs(void **state)
{
	struct run		 run;
	struct run_execs	 e;
	struct run_group	 g = { "flip", 1 };
	struct command_opts	 o = opts;

	(void)state;
	run_one("flip=if [ -e \"$TMPDIR/f\" ]; then rm \"$TMPDIR/f\"; "
	    "sleep 0.05; else : >\"$TMPDIR/f\"; fi", &o, &run);
	for (size_t i = 0; i < run.nsamples; i++) {
		const struct run_sample *s = &run.samples[i];

		if (s->status != RUN_OK)
			print_message("sample %zu: %s\n", i, s->reason);
		assert_int_equal(s->status, RUN_OK);
		assert_true(s->exec_min >= 0);
		assert_true(s->exec_min <= s->exec_mean);
		assert_true(s->exec_mean <= s->exec_max);
		assert_true(s->exec_mean <= s->value * (1 + 1e-9));
		assert_true(s->exec_sd >= 0);
	}
	assert_int_equal(run_group_execs(&run, &g, &e), 2);
	assert_int_equal(e.n, run.samples[0].iterations +
	    run.samples[1].iterations);
	assert_true(e.n >= 4);
	assert_true(e.max - e.min > 0.03);
	assert_true(e.sd > 0.015);
	assert_true(e.sd < e.max - e.min);
	run_free(&run);
}

static void
test_run_fails(void **state)
{
	struct run	run;
	struct command_opts o = opts;

	(void)state;
	run_one("f=echo first >&2; echo 'it broke' >&2; exit 3", &o, &run);
	assert_int_equal(run.samples[0].status, RUN_FAILED);
	assert_string_equal(run.samples[0].reason,
	    "copy 1: f: exited with status 3: it broke");
	run_free(&run);
	/* -i: the status is no failure. */
	o.ignore_fail = 1;
	run_one("f=false", &o, &run);
	assert_int_equal(run.samples[0].status, RUN_OK);
	run_free(&run);
	/* The time limit ends an execution, and the sample fails. */
	o.timeout = 0.05;
	run_one("s=sleep 5", &o, &run);
	assert_int_equal(run.samples[0].status, RUN_FAILED);
	assert_string_equal(run.samples[0].reason,
	    "copy 1: s: past its time limit, killed");
	run_free(&run);
}

/*
 * Through a shell, the shell's start-up is measured (the run says how
 * much an execution) and subtracted: sleep 0.02 still reads about 20 ms,
 * not less than 15 (a start-up measured slower than the one the sample
 * met may take a few ms too many off under load; a subtraction in the
 * wrong unit, or twice, takes far more).  (Under load a shell's
 * start-up varies too much for an upper bound to hold.)
 */
static void
test_run_shell(void **state)
{
	struct run	 run;
	double		 over;

	(void)state;
	run_one("z=sleep 0.02; :", &opts, &run);
	assert_int_equal(run.samples[0].status, RUN_OK);
	assert_true(run.samples[0].value >= 0.015);
	assert_int_equal(sm_parse_double(run_meta_get(&run, "overhead_ns.z"),
	    &over), 0);
	assert_true(over > 1e4);
	assert_non_null(strstr(run_meta_get(&run, "command_shell.z"),
	    "subtracted"));
	run_free(&run);
}

/* A sample of test at value v, as a run of a scan records it. */
static void
curve_sample(struct run *run, const char *test, double v)
{
	struct run_sample	*s = run_add_sample(run);

	snprintf(s->test, sizeof s->test, "%s", test);
	snprintf(s->unit, sizeof s->unit, "s");
	s->value = v;
	s->copies = 1;
	s->index = 1;
	s->repeat = 1;
	s->status = RUN_OK;
}

/*
 * The scans a run holds: one curve per command and numeric parameter,
 * its points sorted by value, its figure each test's mean; a scan of
 * words, of two parameters, or of one value is no curve.
 */
static void
test_curves(void **state)
{
	const struct run	*one[1];
	struct command_curve	*cc;
	struct run		 run;
	struct stats		 st;
	size_t			 n;

	(void)state;
	run_init(&run);
	run_meta_set(&run, "command_param.gz-8", "n=8");
	run_meta_set(&run, "command_param.gz-1", "n=1");
	run_meta_set(&run, "command_param.gz-2", "n=2");
	run_meta_set(&run, "command_param.w-a", "w=a");
	run_meta_set(&run, "command_param.w-b", "w=b");
	run_meta_set(&run, "command_param.two-1-2", "a=1 b=2");
	run_meta_set(&run, "command_param.two-2-2", "a=2 b=2");
	run_meta_set(&run, "command_param.lone-3", "k=3");
	curve_sample(&run, "gz-1", 1.0);
	curve_sample(&run, "gz-1", 3.0);
	curve_sample(&run, "gz-2", 4.0);
	one[0] = &run;
	n = command_curves(one, 1, &cc);
	assert_int_equal(n, 1);
	assert_string_equal(cc[0].name, "n");
	assert_string_equal(cc[0].base, "gz");
	assert_int_equal(cc[0].n, 3);
	assert_string_equal(cc[0].test[0], "gz-1");
	assert_string_equal(cc[0].test[2], "gz-8");
	assert_true(cc[0].x[0] == 1 && cc[0].x[1] == 2 && cc[0].x[2] == 8);
	assert_true(command_curve_figure(&run, "gz-1", &st) == 2.0);
	assert_int_equal(st.n, 2);
	assert_true(isnan(command_curve_figure(&run, "gz-8", &st)));
	command_curves_free(cc, n);
	free(cc);
	run_free(&run);
}

/*
 * A scan's {NAME} replaced wherever it stands (first, last, twice, side
 * by side, after other text or a '$' not its own), and nothing else: not
 * the shell's ${NAME}, nor {NAME without its brace.
 */
static void
test_scan_substitution(void **state)
{
	static const struct {
		const char	*spec, *text;
	} cases[] = {
		{ "s=echo {n}", "echo 7" },
		{ "s=echo {n} x", "echo 7 x" },
		{ "s=echo {n}{n} {n}", "echo 77 7" },
		{ "s=echo a{n}b", "echo a7b" },
		{ "s=echo $x{n}", "echo $x7" },
		{ "s=echo $ {n}", "echo $ 7" },
		{ "s=echo {n} ${n}", "echo 7 ${n}" },
		{ "s=echo ${n}{n}", "echo ${n}7" },
		{ "s=echo \"${n}\" {n}", "echo \"${n}\" 7" },
		{ "s=echo {n} {n", "echo 7 {n" },
		{ "s={n}", "7" },
	};
	struct command_param	p;
	struct command_set	set = { 0 };
	struct sm_error		err;

	(void)state;
	assert_int_equal(command_param_list(&p, "n", "7", &err), 0);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (command_add(&set, cases[i].spec, &p, 1, &opts, &err) != 0) {
			/* "7" is no program: only the text matters here. */
			if (strcmp(cases[i].text, "7") != 0)
				fail_msg("%s: %s", cases[i].spec, err.msg);
			assert_non_null(strstr(err.msg, "\"7\" not found"));
			continue;
		}
		assert_string_equal(set.cmd[set.n - 1]->text, cases[i].text);
		command_set_free(&set);
		memset(&set, 0, sizeof set);
	}
	command_set_free(&set);
	command_param_free(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split_without_shell),
		cmocka_unit_test(test_shell_syntax),
		cmocka_unit_test(test_shell_by_position),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_bad_names),
		cmocka_unit_test(test_escapes_visible),
		cmocka_unit_test(test_plan_estimate),
		cmocka_unit_test(test_suite_setup_bound),
		cmocka_unit_test(test_name_and_version),
		cmocka_unit_test(test_scan),
		cmocka_unit_test(test_scan_substitution),
		cmocka_unit_test(test_suite),
		cmocka_unit_test(test_suite_long_columns),
		cmocka_unit_test(test_suite_title),
		cmocka_unit_test(test_run_ok),
		cmocka_unit_test(test_run_execs),
		cmocka_unit_test(test_run_fails),
		cmocka_unit_test(test_run_shell),
		cmocka_unit_test(test_curves),
	};

	return cmocka_run_group_tests(tests, tu_dir_make, tu_dir_free);
}
