/*
 * The fleet's pure parts: the inventory (plain lists and Ansible's INI
 * subset, ranges, group variables, what is refused with path:line), the
 * host patterns, the checks on names, and ssh's argv, which must never
 * need a shell and must end "-- HOST COMMAND"; the loop of ssh processes
 * against stand-ins, each test leaving no descriptor open that it found
 * closed (the teardown counts them).
 */
/* SPDX-License-Identifier: MIT */

#include <sys/resource.h>
#include <sys/stat.h>

#include <signal.h>

#include "testutil.h"
#include "fleetutil.h"

/* Parse text as inventory "inv"; 0 or -1 with err. */
static int
parse(struct fleet_inv *inv, const char *text, struct sm_error *err)
{
	fleet_inv_init(inv);
	return fleet_inv_parse(inv, text, strlen(text), "inv", err);
}

/* A plain list, comments and host:port. */
static void
test_plain(void **state)
{
	struct fleet_inv	inv;
	struct sm_error		err;

	(void)state;
	assert_int_equal(parse(&inv, "# fleet\nweb1\n  web2:2222  \n\n"
	    "; also a comment\n10.0.0.3\n", &err), 0);
	assert_int_equal(inv.nhosts, 3);
	assert_string_equal(inv.hosts[1].addr, "web2");
	assert_int_equal(inv.hosts[1].port, 2222);
	assert_int_equal(inv.hosts[0].port, 0);
	assert_null(inv.hosts[0].user);
	assert_string_equal(inv.hosts[1].where, "inv:3");
	fleet_inv_free(&inv);
}

static const char ini[] =
    "lb ansible_host=10.0.0.1\n"
    "[web]\n"
    "web[01:03] ansible_user=deploy\n"
    "[db]\n"
    "db[a:b].example.com ansible_port=2200\n"
    "[prod:children]\n"
    "web\n"
    "db\n"
    "[prod:vars]\n"
    "ansible_user=ops\n"
    "ansible_ssh_private_key_file=\"/keys/prod key\"\n"
    "[db:vars]\n"
    "ansible_user = dba\n"
    "http_port=80\n";

/* Ranges, children, group variables: deeper groups win, hosts win. */
static void
test_ini(void **state)
{
	struct fleet_inv	 inv;
	struct sm_error		 err;
	const struct fleet_host	*h;

	(void)state;
	assert_int_equal(parse(&inv, ini, &err), 0);
	assert_int_equal(inv.nhosts, 6);
	h = &inv.hosts[fu_host(&inv, "web02")];
	assert_string_equal(h->user, "deploy");
	assert_string_equal(h->key, "/keys/prod key");
	h = &inv.hosts[fu_host(&inv, "dbb.example.com")];
	assert_string_equal(h->user, "dba");
	assert_int_equal(h->port, 2200);
	assert_string_equal(inv.hosts[0].addr, "10.0.0.1");
	assert_null(inv.hosts[0].user);
	assert_int_equal(fu_host(&inv, "web03") >= 0, 1);
	assert_int_equal(fu_host(&inv, "web3"), -1);
	fleet_inv_free(&inv);
}

/* Patterns: union, intersection, exclusion, globs, typos. */
static void
test_patterns(void **state)
{
	struct fleet_inv	inv;
	struct sm_error		err;
	char			out[300];

	(void)state;
	assert_int_equal(parse(&inv, ini, &err), 0);
	fu_select(&inv, NULL, out, sizeof out);
	assert_string_equal(out, "lb web01 web02 web03 dba.example.com "
	    "dbb.example.com");
	fu_select(&inv, "web:lb", out, sizeof out);
	assert_string_equal(out, "lb web01 web02 web03");
	fu_select(&inv, "prod,!web02", out, sizeof out);
	assert_string_equal(out, "web01 web03 dba.example.com "
	    "dbb.example.com");
	fu_select(&inv, "prod:&db", out, sizeof out);
	assert_string_equal(out, "dba.example.com dbb.example.com");
	fu_select(&inv, "!prod", out, sizeof out);
	assert_string_equal(out, "lb");
	fu_select(&inv, "web0[13]", out, sizeof out);
	assert_string_equal(out, "web01 web03");
	fu_select(&inv, "*", out, sizeof out);
	assert_non_null(strstr(out, "lb web01"));
	fu_select(&inv, "web,wbe", out, sizeof out);
	assert_string_equal(out, "ERR pattern \"wbe\": no host or group by "
	    "that name");
	fu_select(&inv, "web:&db", out, sizeof out);
	assert_string_equal(out, "ERR pattern \"web:&db\" leaves no host");
	/* An empty term names nothing: never "all". */
	fu_select(&inv, "", out, sizeof out);
	assert_string_equal(out, "ERR pattern \"\": an empty term names no "
	    "host (name one, a group, or all)");
	fu_select(&inv, ":", out, sizeof out);
	assert_non_null(strstr(out, "ERR pattern \":\": an empty term"));
	for (size_t i = 0; i < 5; i++) {
		const char *bad[] = { ",", "web,,db", "web:", "!", "web:&" };

		fu_select(&inv, bad[i], out, sizeof out);
		assert_non_null(strstr(out, "an empty term names no host"));
	}
	fu_select(&inv, "all", out, sizeof out);
	assert_non_null(strstr(out, "lb web01"));
	fleet_inv_free(&inv);
}

/* What is refused, each with its path:line. */
static void
test_refused(void **state)
{
	static const struct {
		const char	*text;
		const char	*msg;
	} cases[] = {
	    { "a\nb ansible_password=x\n", "inv:2: ansible_password: "
	      "sysmark does not honour" },
	    { "[g:vars]\nansible_become=yes\n", "inv:2: ansible_become:" },
	    { "a ansible_connection=local\n", "inv:1: ansible_connection="
	      "local: sysmark connects with ssh only" },
	    { "a ansible_ssh_common_args='-o ProxyCommand=x'\n",
	      "inv:1: ansible_ssh_common_args:" },
	    { "a\nb ansible_host=a\n", "inv:2: b is the same host and port "
	      "as a (inv:1)" },
	    { "a:2222\nb ansible_host=A ansible_port=2222\n", "inv:2: b is "
	      "the same host" },
	    { "-oProxyCommand=x\n", "inv:1: \"-oProxyCommand=x\" is not a "
	      "host name" },
	    { "a;touch\n", "inv:1: \"a;touch\" is not a host name" },
	    { "a ansible_user=$(id)\n", "inv:1: ansible_user=$(id): not a "
	      "user name" },
	    { "a ansible_user=-lroot\n", "inv:1: ansible_user=-lroot:" },
	    { "a ansible_host=`x`\n", "inv:1: ansible_host=`x`:" },
	    { "a:99999\n", "inv:1: \"a:99999\": a port is a number" },
	    { "w[3:1]\n", "inv:1: \"w[3:1]\": the range's end" },
	    { "w[1:x]\n", "inv:1: \"w[1:x]\": a range is" },
	    { "[g:bogus]\n", "inv:1: [g:bogus]: a section is" },
	    { "[g\n", "inv:1: a section is" },
	    { "a x\n", "inv:1: \"x\": expected name=value" },
	    { "a b='x\n", "inv:1: unclosed quote" },
	    { "# nothing\n", "inv: no hosts" },
	    { "w[0:9999]\n", "more than 4096 hosts" },
	};
	struct fleet_inv	inv;
	struct sm_error		err;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (parse(&inv, cases[i].text, &err) != -1 ||
		    strstr(err.msg, cases[i].msg) == NULL)
			fail_msg("case %zu: got \"%s\"", i, err.msg);
		fleet_inv_free(&inv);
	}
}

/* run --hosts: [USER@]HOST[:PORT], nothing that starts another line. */
static void
test_hosts_list(void **state)
{
	struct fleet_inv	inv;
	struct sm_error		err;

	(void)state;
	assert_int_equal(fleet_inv_from_list(&inv, "web1,ops@web2:2222", &err),
	    0);
	assert_int_equal(inv.nhosts, 2);
	assert_string_equal(inv.hosts[1].user, "ops");
	assert_int_equal(inv.hosts[1].port, 2222);
	fleet_inv_free(&inv);
	assert_int_equal(fleet_inv_from_list(&inv, "a\nb ansible_password=x",
	    &err), -1);
	assert_non_null(strstr(err.msg, "--hosts"));
	fleet_inv_free(&inv);
	assert_int_equal(fleet_inv_from_list(&inv, "a,-oProxyCommand=x",
	    &err), -1);
	fleet_inv_free(&inv);
	assert_int_equal(fleet_inv_from_list(&inv, "x$y@a", &err), -1);
	assert_non_null(strstr(err.msg, "not a user name"));
	fleet_inv_free(&inv);
}

/* The remote directory must be safe inside single quotes. */
static void
test_valid(void **state)
{
	(void)state;
	assert_true(fleet_valid_remote_dir("/root/.cache/sysmark/run.AbC123"));
	assert_false(fleet_valid_remote_dir("root/.cache"));
	assert_false(fleet_valid_remote_dir("/a'b"));
	assert_false(fleet_valid_remote_dir("/a/../b"));
	assert_false(fleet_valid_remote_dir("/a b"));
	assert_true(fleet_valid_addr("::1"));
	assert_false(fleet_valid_addr("a b"));
	assert_false(fleet_valid_user(""));
	assert_false(fleet_valid_path("a\nb"));
}

/* The index of s in argv, or -1. */
static long
argv_at(char **argv, size_t argc, const char *s)
{
	for (size_t i = 0; i < argc; i++)
		if (strcmp(argv[i], s) == 0)
			return (long)i;
	return -1;
}

/* ssh's argv: options before "--", then the address and the command. */
static void
test_ssh_argv(void **state)
{
	struct fleet_ssh	 s = { "ssh", "/cfg", "/tmp/ctl", 0, 7 };
	struct fleet_host	 h = { "web1", "10.0.0.1", "ops", "/k", 2222,
				     "inv:1", 0 };
	char			*argv[FLEET_SSH_MAX_ARGS], buf[1024];
	size_t			 n;
	long			 dd;

	(void)state;
	n = fleet_ssh_argv(&s, &h, "sysmark agent", argv, buf, sizeof buf);
	assert_true(n > 10);
	assert_null(argv[n]);
	assert_string_equal(argv[0], "ssh");
	dd = argv_at(argv, n, "--");
	assert_int_equal(dd, (long)n - 3);
	assert_string_equal(argv[n - 2], "10.0.0.1");
	assert_string_equal(argv[n - 1], "sysmark agent");
	assert_true(argv_at(argv, n, "BatchMode=yes") >= 0);
	assert_true(argv_at(argv, n, "ConnectTimeout=7") >= 0);
	assert_true(argv_at(argv, n, "ServerAliveInterval=5") >= 0);
	assert_true(argv_at(argv, n, "ServerAliveCountMax=3") >= 0);
	assert_true(argv_at(argv, n, "StrictHostKeyChecking=yes") >= 0);
	assert_true(argv_at(argv, n, "ControlMaster=auto") >= 0);
	assert_true(argv_at(argv, n, "ControlPath=/tmp/ctl/%C") >= 0);
	assert_true(argv_at(argv, n, "Port=2222") >= 0);
	assert_int_equal(argv_at(argv, n, "-l") + 1, argv_at(argv, n, "ops"));
	assert_int_equal(argv_at(argv, n, "-F") + 1, argv_at(argv, n, "/cfg"));
	assert_int_equal(argv_at(argv, n, "-i") + 1, argv_at(argv, n, "/k"));
	s.accept_new = 1;
	n = fleet_ssh_argv(&s, &h, "x", argv, buf, sizeof buf);
	assert_true(argv_at(argv, n, "StrictHostKeyChecking=accept-new") >= 0);
	n = fleet_ssh_exit_argv(&s, &h, argv, buf, sizeof buf);
	assert_int_equal(argv_at(argv, n, "-O") + 1, argv_at(argv, n, "exit"));
	assert_string_equal(argv[n - 1], "10.0.0.1");
	h.addr = "-oProxyCommand=touch /tmp/x";
	assert_int_equal(fleet_ssh_argv(&s, &h, "x", argv, buf, sizeof buf),
	    0);
	h.addr = "a";
	h.user = "a b";
	assert_int_equal(fleet_ssh_argv(&s, &h, "x", argv, buf, sizeof buf),
	    0);
	h.user = NULL;
	assert_int_equal(fleet_ssh_argv(&s, &h, "x", argv, buf, 20), 0);
	n = fleet_ssh_resolve_argv(&s, &h, argv, buf, sizeof buf);
	assert_int_equal(argv_at(argv, n, "-G") + 2, (long)n - 1);
	assert_string_equal(argv[n - 2], "--");
	assert_int_equal(argv_at(argv, n, "ControlMaster=auto"), -1);
	s.control_dir = "/tmp/%d";
	assert_int_equal(fleet_ssh_argv(&s, &h, "x", argv, buf, sizeof buf),
	    0);
}

/*
 * Two entries ssh -G takes to one machine (two aliases of one HostName
 * and Port in ssh's config) are refused, named in their lines' order:
 * the later line's host first, as the inventory's own twin check words
 * it; an alias that ssh takes elsewhere is no twin.
 */
static void
test_resolve_twins(void **state)
{
	struct fleet_host	 a, b;
	const struct fleet_host	*h[] = { &a, &b };
	struct fleet_ssh	 s;
	struct sm_error		 err;
	char			 cfg[] = "/tmp/test_fleet.XXXXXX";
	FILE			*f;
	int			 fd;

	(void)state;
	if (access("/usr/bin/ssh", X_OK) != 0)
		skip();
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	memset(&s, 0, sizeof s);
	assert_true((fd = mkstemp(cfg)) >= 0);
	assert_non_null(f = fdopen(fd, "w"));
	fputs("Host alias1 alias2\n\tHostName 127.0.0.7\n\tPort 2299\n", f);
	assert_int_equal(fclose(f), 0);
	s.config = cfg;
	s.connect_timeout = 5;
	a.name = a.addr = "alias1";
	b.name = b.addr = "alias2";
	snprintf(a.where, sizeof a.where, "inv:1");
	snprintf(b.where, sizeof b.where, "inv:2");
	assert_int_equal(fleet_resolve_twins(&s, h, 2, &err), -1);
	if (strstr(err.msg, "inv:2: alias2 and alias1 (inv:1) both reach "
	    "127.0.0.7 port 2299") != err.msg)
		fail_msg("%s", err.msg);
	b.name = b.addr = "alias3";
	assert_int_equal(fleet_resolve_twins(&s, h, 2, &err), 0);
	unlink(cfg);
}

/* fleet.csv written and read back, quotes and commas kept; a bad one. */
static void
test_fleet_csv(void **state)
{
	struct fleet_row	 rows[2], *back = NULL;
	struct sm_error		 err;
	char			 dir[] = "/tmp/test_fleet.XXXXXX", path[64];
	size_t			 n;
	FILE			*f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	memset(rows, 0, sizeof rows);
	for (size_t c = 0; c < FLEET_OUT_NCOLS; c++) {
		snprintf(rows[0].f[c], sizeof rows[0].f[c], "a%zu", c);
		snprintf(rows[1].f[c], sizeof rows[1].f[c], "b%zu", c);
	}
	snprintf(rows[1].f[11], sizeof rows[1].f[11], "ssh: \"x\", y\nz");
	assert_int_equal(fleet_out_write(dir, rows, 2, &err), 0);
	assert_int_equal(fleet_out_read(dir, &back, &n, &err), 0);
	assert_int_equal(n, 2);
	assert_string_equal(back[0].f[3], "a3");
	assert_string_equal(back[1].f[11], "ssh: \"x\", y z");
	free(back);
	snprintf(path, sizeof path, "%s/fleet.csv", dir);
	assert_non_null(f = fopen(path, "w"));
	fputs("host,target\nh1,x\n", f);
	fclose(f);
	assert_int_equal(fleet_out_read(dir, &back, &n, &err), -1);
	assert_non_null(strstr(err.msg, "fleet.csv:1: expected 12 columns"));
	free(back);
	unlink(path);
	rmdir(dir);
}

/* Row r of a fleet.csv: host, status and run file (may be ""). */
static void
fleet_row(struct fleet_row *r, const char *host, const char *status,
    const char *file)
{
	memset(r, 0, sizeof *r);
	snprintf(r->f[0], sizeof r->f[0], "%s", host);
	snprintf(r->f[1], sizeof r->f[1], "%s", host);
	snprintf(r->f[2], sizeof r->f[2], "%s", status);
	snprintf(r->f[10], sizeof r->f[10], "%s", file);
}

/* dir/name: a run file (tests/data/gate-a1.csv), with status if given. */
static void
fleet_run_file(const char *dir, const char *name, const char *status)
{
	char	*text = tu_slurp("tests/data/gate-a1.csv"), *eol;
	char	 path[PATH_MAX];
	FILE	*f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	assert_non_null(f = fopen(path, "w"));
	if (status == NULL)
		fputs(text, f);
	else {
		eol = strchr(strstr(text, "meta,format,"), '\n') + 1;
		fprintf(f, "%.*smeta,status,%s,,,,,,,,,,,,\n%s",
		    (int)(eol - text), text, status, eol);
	}
	assert_int_equal(fclose(f), 0);
	free(text);
}

/*
 * fleet show's count of hosts not ok, by each kind of row: ok with a run
 * file that loads (or none) counts nothing; failed, lost or interrupted
 * counts one each; ok whose file is gone or does not load becomes lost
 * and counts; ok whose run was cut short (interrupted, or a journal still
 * running: part of its samples) becomes interrupted and counts, one whose
 * run says complete stays ok; a last row cut short counts; none, one or
 * several of them.
 */
static void
test_fleet_check(void **state)
{
	static const struct {
		const char	*host, *status, *file;
		int		 bad;
		const char	*after;
	} kinds[] = {
		{ "h0", "ok", "good.csv", 0, "ok" },
		{ "h1", "ok", "", 0, "ok" },
		{ "h2", "failed", "", 1, "failed" },
		{ "h3", "lost", "", 1, "lost" },
		{ "h4", "ok", "gone.csv", 1, "lost" },
		{ "h5", "ok", "junk.csv", 1, "lost" },
		{ "h6", "interrupted", "good.csv", 1, "interrupted" },
		{ "h7", "ok", "good.csv", 0, "ok" },
		{ "h8", "ok", "cut.csv", 1, "interrupted" },
		{ "h9", "ok", "whole.csv", 0, "ok" },
		{ "ha", "ok", "running.csv", 1, "interrupted" },
	};
	static const char *const sets[] = {
		"0", "01", "07", "2", "02", "3", "4", "5", "6", "234",
		"0123456", "01234567", "70", "8", "9", "08", "89", "a", "a9",
		"0123456789a",
	};
	static const char *const status[][2] = { { "cut.csv", "interrupted" },
	    { "whole.csv", "complete" }, { "running.csv", "running" } };
	struct fleet_row	 rows[11], *back = NULL;
	struct sm_error		 err;
	char			 dir[] = "/tmp/test_fleet.XXXXXX", path[64];
	char			 note[256];
	size_t			 n, k;
	int			 want;
	FILE			*f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	fleet_run_file(dir, "good.csv", NULL);
	/* The same run with a status: cut short, whole, still running. */
	for (size_t i = 0; i < sizeof status / sizeof status[0]; i++)
		fleet_run_file(dir, status[i][0], status[i][1]);
	snprintf(path, sizeof path, "%s/junk.csv", dir);
	assert_non_null(f = fopen(path, "w"));
	fputs("not a run file\n", f);
	assert_int_equal(fclose(f), 0);
	for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
		want = 0;
		for (k = 0; sets[s][k] != '\0'; k++) {
			size_t	i = (size_t)(sets[s][k] == 'a' ? 10 :
				    sets[s][k] - '0');

			fleet_row(&rows[k], kinds[i].host, kinds[i].status,
			    kinds[i].file);
			want += kinds[i].bad;
		}
		assert_int_equal(fleet_out_write(dir, rows, k, &err), 0);
		if (fleet_out_check(dir, &back, &n, note, sizeof note,
		    &err) != want)
			fail_msg("rows %s: not %d", sets[s], want);
		assert_int_equal(n, k);
		assert_string_equal(note, "");
		for (k = 0; k < n; k++) {
			size_t	i = (size_t)(sets[s][k] == 'a' ? 10 :
				    sets[s][k] - '0');

			assert_string_equal(back[k].f[2], kinds[i].after);
			if (strcmp(kinds[i].after, "lost") == 0 &&
			    strcmp(kinds[i].status, "lost") != 0)
				assert_non_null(strstr(back[k].f[11],
				    "does not load"));
			if (strcmp(kinds[i].file, "cut.csv") == 0 ||
			    strcmp(kinds[i].file, "running.csv") == 0)
				assert_non_null(strstr(back[k].f[11],
				    "cut short"));
		}
		free(back);
	}
	/* A last row cut short: left out, said in the note, and counted. */
	fleet_row(&rows[0], "h0", "ok", "good.csv");
	fleet_row(&rows[1], "h1", "ok", "");
	assert_int_equal(fleet_out_write(dir, rows, 2, &err), 0);
	snprintf(path, sizeof path, "%s/fleet.csv", dir);
	assert_non_null(f = fopen(path, "a"));
	fputs("h9,h9,ok\n", f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(fleet_out_check(dir, &back, &n, note, sizeof note,
	    &err), 1);
	assert_int_equal(n, 2);
	assert_non_null(strstr(note, "cut short"));
	free(back);
	unlink(path);
	snprintf(path, sizeof path, "%s/good.csv", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/junk.csv", dir);
	unlink(path);
	for (size_t i = 0; i < sizeof status / sizeof status[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, status[i][0]);
		unlink(path);
	}
	rmdir(dir);
}

/*
 * fleet.csv that cannot be written (a full disk; here a file size limit
 * of 0) stays as it was, and no temporary file is left beside it.
 */
static void
test_fleet_csv_full(void **state)
{
	struct fleet_row	 row, *back = NULL;
	struct sm_error		 err;
	struct rlimit		 was, none;
	char			 dir[] = "/tmp/test_fleet.XXXXXX", path[64];
	size_t			 n;
	int			 rc;

	(void)state;
	assert_non_null(mkdtemp(dir));
	fleet_row(&row, "h1", "running", "");
	assert_int_equal(fleet_out_write(dir, &row, 1, &err), 0);
	fleet_row(&row, "h1", "ok", "h1.csv");
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &was), 0);
	none = was;
	none.rlim_cur = 0;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &none), 0);
	rc = fleet_out_write(dir, &row, 1, &err);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &was), 0);
	signal(SIGXFSZ, SIG_DFL);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(err.msg, "/fleet.csv: File too large"));
	snprintf(path, sizeof path, "%s/.fleet.csv.tmp", dir);
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(fleet_out_read(dir, &back, &n, &err), 0);
	assert_int_equal(n, 1);
	assert_string_equal(back[0].f[2], "running");
	free(back);
	snprintf(path, sizeof path, "%s/fleet.csv", dir);
	unlink(path);
	rmdir(dir);
}

/*
 * A row fleet.csv left running (it went stale: the disk filled after the
 * host's run was saved) is taken from the host's run file when there is
 * one: ok, saying fleet.csv is stale, when whole; interrupted when cut
 * short; still running, and counted, when there is none.
 */
static void
test_fleet_check_stale(void **state)
{
	struct fleet_row	 rows[3], *back = NULL;
	struct sm_error		 err;
	char			 dir[] = "/tmp/test_fleet.XXXXXX", path[64];
	char			 note[256];
	size_t			 n;

	(void)state;
	assert_non_null(mkdtemp(dir));
	fleet_run_file(dir, "h1.csv", NULL);
	fleet_run_file(dir, "h3.csv", "interrupted");
	fleet_row(&rows[0], "h1", "running", "");
	fleet_row(&rows[1], "h2", "running", "");
	fleet_row(&rows[2], "h3", "running", "");
	assert_int_equal(fleet_out_write(dir, rows, 3, &err), 0);
	assert_int_equal(fleet_out_check(dir, &back, &n, note, sizeof note,
	    &err), 2);
	assert_int_equal(n, 3);
	assert_string_equal(back[0].f[2], "ok");
	assert_string_equal(back[0].f[10], "h1.csv");
	assert_non_null(strstr(back[0].f[11], "fleet.csv is stale"));
	assert_string_equal(back[1].f[2], "running");
	assert_string_equal(back[1].f[10], "");
	assert_string_equal(back[2].f[2], "interrupted");
	assert_non_null(strstr(back[2].f[11], "cut short"));
	free(back);
	for (int i = 1; i <= 3; i += 2) {
		snprintf(path, sizeof path, "%s/h%d.csv", dir, i);
		unlink(path);
	}
	snprintf(path, sizeof path, "%s/fleet.csv", dir);
	unlink(path);
	rmdir(dir);
}

/* Whether s holds a control byte (C0, DEL, or ESC's C1 form). */
static int
has_control(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f || (p[0] == 0xc2 && p[1] < 0xa0 &&
		    p[1] >= 0x80))
			return 1;
	return 0;
}

/*
 * A run that came back and does not load: the host ends lost, its copy
 * kept, and its reason, which quotes what the host sent, printable
 * whatever control bytes (ESC, BEL, a newline, DEL, CSI) that held.
 */
static void
test_save_lost_reason(void **state)
{
	static const char *const bad[] = {
		"\x1b[2J\x1b]0;owned\x07,n,1,,,,,,,,,,,,\n",
		"\"two\nlines\",n,1,,,,,,,,,,,,\n",
		"del\x7f\xc2\x9b" "31m,n,1,,,,,,,,,,,,\n",
		"tab\there\r,n,1,,,,,,,,,,,,\n",
		"plain,n,1,,,,,,,,,,,,\n",
	};
	struct fleet_host	 h;
	struct fleet_sess	 s;
	char			 dir[] = "/tmp/test_fleet.XXXXXX", path[64];
	char			*run = tu_slurp("tests/data/gate-a1.csv");
	struct stat		 sb;
	size_t			 len = strlen(run);

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/h.csv", dir);
	memset(&h, 0, sizeof h);
	h.name = "h1";
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&s, 0, sizeof s);
		s.h = &h;
		s.status = FLEET_ST_RUNNING;
		s.file_len = len + strlen(bad[i]);
		s.file = xmalloc(s.file_len + 1);
		memcpy(s.file, run, len);
		memcpy(s.file + len, bad[i], strlen(bad[i]) + 1);
		assert_int_equal(fleet_out_save(&s, path, "id", 0), -1);
		assert_int_equal(s.status, FLEET_ST_LOST);
		assert_int_equal(s.keep, 1);
		assert_non_null(strstr(s.reason, "does not load"));
		assert_non_null(strstr(s.reason, i == 3 ? "expected 15 fields" :
		    "unknown record"));
		if (has_control(s.reason))
			fail_msg("line %zu: reason \"%s\"", i, s.reason);
		assert_int_equal(stat(path, &sb), -1);
		free(s.file);
	}
	free(run);
	rmdir(dir);
}

/*
 * A run that loads but cannot be written where it was to go: saved in
 * the fallback directory instead, the host lost with its copy kept, and
 * the reason naming both places and the command that fetches the host's
 * copy (fleet collect with the fleet's directory), printable even when
 * their names hold control bytes; and a name without any kept as it is.
 */
static void
test_save_fallback_reason(void **state)
{
	static const char *const names[] = { "h\x1b[1m.csv", "h\x07\n.csv",
	    "plain.csv" };
	char			 tmp[] = "/tmp/test_fleet\x1b]0;x\x07.XXXXXX";
	char			 path[256], *old, *p, *run;
	struct fleet_host	 h;
	struct fleet_sess	 s;
	struct run		 back;

	(void)state;
	run = tu_slurp("tests/data/gate-a1.csv");
	assert_non_null(mkdtemp(tmp));
	old = getenv("TMPDIR") != NULL ? xstrdup(getenv("TMPDIR")) : NULL;
	setenv("TMPDIR", tmp, 1);
	memset(&h, 0, sizeof h);
	h.name = "h1";
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(path, sizeof path, "%s/missing/%s", tmp, names[i]);
		memset(&s, 0, sizeof s);
		s.h = &h;
		s.status = FLEET_ST_RUNNING;
		s.file = xstrdup(run);
		s.file_len = strlen(run);
		assert_int_equal(fleet_out_save(&s, path, "id", 0), -1);
		assert_int_equal(s.status, FLEET_ST_LOST);
		assert_int_equal(s.keep, 1);
		if (has_control(s.reason))
			fail_msg("%zu: reason \"%s\"", i, s.reason);
		assert_non_null(strstr(s.reason, "instead"));
		/* The command that fetches the host's copy: the fleet's dir. */
		assert_non_null(strstr(s.reason, "its copy stays on the host: "
		    "sysmark fleet collect /tmp/test_fleet"));
		assert_non_null(strstr(s.reason, "/missing fetches it"));
		if (i == 2)
			assert_non_null(strstr(s.reason, "not saved in "
			    "plain.csv ("));
		/* The fallback file, under tmp, holds the run. */
		assert_non_null(p = strstr(s.reason, "sysmark-unsaved-"));
		p[strcspn(p, " ;")] = '\0';
		snprintf(path, sizeof path, "%s/%s", tmp, p);
		tu_load(&back, path);
		assert_string_equal(run_meta_get(&back, "fleet_host"), "h1");
		assert_string_equal(run_meta_get(&back, "fleet_id"), "id");
		run_free(&back);
		unlink(path);
		free(s.file);
	}
	if (old != NULL)
		setenv("TMPDIR", old, 1);
	else
		unsetenv("TMPDIR");
	free(old);
	sm_rmtree(tmp);
	free(run);
}

/*
 * A run of syscall: repeats repeats of 5 samples (and a warm-up), the
 * repeats' means spread by +-spread around base, the samples by 0.1%.
 */
static void
fake_run(struct run *r, int repeats, double base, double spread)
{
	run_init(r);
	if (repeats > 1)
		run_meta_set(r, "kind", "noise-profile");
	for (int rep = 1; rep <= repeats; rep++)
		for (int k = 0; k <= 5; k++) {
			struct run_sample *s = run_add_sample(r);

			snprintf(s->test, sizeof s->test, "syscall");
			snprintf(s->unit, sizeof s->unit, "lps");
			s->version = 1;
			s->copies = 1;
			s->index = k;
			s->repeat = rep;
			s->duration = s->elapsed = 1;
			s->iterations = 1000;
			s->value = base * (1 + spread * (rep % 2 ? 1 : -1)) *
			    (1 + 0.001 * (k % 2 ? 1 : -1));
		}
}

/* One run a side (a, b) judged with the two hosts' profiles pa, pb. */
static void
judge_pair(const struct run *a, const struct run *b, const struct run *pa,
    const struct run *pb, struct signif *s)
{
	struct run_group	 g = { "syscall", 1 };
	struct compare_opts	 o;

	compare_opts_default(&o);
	judge_hosts(&(struct compare_side){ &a, 1, NULL },
	    &(struct compare_side){ &b, 1, NULL }, &g, BENCH_HIGHER, &o,
	    pa, pb, s);
}

/*
 * Two hosts judged with their own profiles: a 5% gap is significant
 * with two quiet hosts, not when one of them strays by 10%.
 */
static void
test_judge_hosts(void **state)
{
	struct run		 a, b, quiet, loud;
	struct signif		 s;

	(void)state;
	fake_run(&a, 1, 1000, 0);
	fake_run(&b, 1, 1050, 0);
	fake_run(&quiet, 4, 1000, 0.002);
	fake_run(&loud, 4, 1000, 0.1);
	judge_pair(&a, &b, &quiet, &quiet, &s);
	assert_int_equal(s.verdict, SIGNIF_BETTER);
	judge_pair(&a, &b, &quiet, &loud, &s);
	assert_int_equal(s.verdict, SIGNIF_SAME);
	run_free(&a);
	run_free(&b);
	run_free(&quiet);
	run_free(&loud);
}

/*
 * Two hosts whose profiles have 3 and 11 repeats: the ratio leans on
 * both, so it is as uncertain as the one of fewer df (the one of 3
 * repeats), whichever side it is on; the larger df would call gaps the
 * short profile cannot vouch for.
 */
static void
test_judge_hosts_df(void **state)
{
	struct run		 a, b, few, many;
	struct signif		 s, s2, sfew;

	(void)state;
	fake_run(&a, 1, 1000, 0);
	fake_run(&b, 1, 1010, 0);
	fake_run(&few, 3, 1000, 0.01);
	fake_run(&many, 11, 1000, 0.01);
	judge_pair(&a, &b, &few, &few, &sfew);
	judge_pair(&a, &b, &few, &many, &s);
	judge_pair(&a, &b, &many, &few, &s2);
	assert_true(isfinite(sfew.df) && sfew.df > 0);
	assert_true(s.df <= sfew.df + 1e-9);
	assert_true(s2.df <= sfew.df + 1e-9);
	run_free(&a);
	run_free(&b);
	run_free(&few);
	run_free(&many);
}

/*
 * A stand-in for ssh: it marks itself running in $FAKE_DIR, waits (at
 * most 2 s) for one more of its kind than $FAKE_LIMIT, or 0.3 s once
 * $FAKE_LIMIT are running, appends the most it saw at once to
 * $FAKE_DIR/seen, and fails as an unreachable host does.  The loop
 * starts a host only when one has ended, so the count is exact; the
 * waits only give a host too many the time to show itself.
 */
static const char fake_ssh[] =
    "#!/bin/sh\n"
    "mkdir \"$FAKE_DIR/run.$$\" || exit 254\n"
    "most=0 t=0 full=0\n"
    "while [ $t -lt 40 ] && [ $full -lt 6 ]; do\n"
    "	n=$(ls \"$FAKE_DIR\" | grep -c '^run\\.')\n"
    "	[ $n -gt $most ] && most=$n\n"
    "	[ $n -gt $FAKE_LIMIT ] && break\n"
    "	[ $n -eq $FAKE_LIMIT ] && full=$((full + 1))\n"
    "	sleep 0.05; t=$((t + 1))\n"
    "done\n"
    "echo $most >>\"$FAKE_DIR/seen\"\n"
    "rmdir \"$FAKE_DIR/run.$$\"\n"
    "echo 'ssh: connect to host: Connection refused' >&2\n"
    "exit 255\n";

/* Probe n hosts, parallel at once, through fake_ssh; the most seen. */
static int
loop_most(const char *dir, size_t n, size_t parallel)
{
	struct fleet_host	 h[8];
	struct fleet_sess	 s[8];
	struct fleet_ssh	 ssh = { 0 };
	struct fleet_job	 job = { 0 };
	char			 prog[300], seen[300], lim[16], *text;
	int			 most = 0, runs = 0;
	FILE			*f;

	snprintf(prog, sizeof prog, "%s/ssh", dir);
	snprintf(seen, sizeof seen, "%s/seen", dir);
	snprintf(lim, sizeof lim, "%zu", parallel);
	unlink(seen);
	setenv("FAKE_DIR", dir, 1);
	setenv("FAKE_LIMIT", lim, 1);
	assert_non_null(f = fopen(prog, "w"));
	fputs(fake_ssh, f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(prog, 0700), 0);
	ssh.ssh = prog;
	ssh.connect_timeout = 5;
	job.check_only = 1;
	job.connect_timeout = 5;
	memset(h, 0, sizeof h);
	for (size_t i = 0; i < n; i++) {
		h[i].name = h[i].addr = (char *)"203.0.113.1";
		fleet_sess_init(&s[i], &h[i], &ssh, &job, NULL);
	}
	assert_int_equal(fleet_loop_run(s, n, parallel, NULL, NULL, NULL),
	    0);
	for (size_t i = 0; i < n; i++) {
		assert_true(fleet_sess_done(&s[i]));
		assert_int_not_equal(s[i].status, FLEET_ST_OK);
		fleet_sess_free(&s[i]);
	}
	text = tu_slurp(seen);
	for (char *p = text; *p != '\0'; p = strchr(p, '\n') + 1) {
		most = atoi(p) > most ? atoi(p) : most;
		runs++;
	}
	free(text);
	assert_int_equal(runs, (int)n);
	return most;
}

/*
 * -f N: the loop has at most N hosts going at once, and N indeed, for
 * N of 1, 2 and 3 with two and three times as many hosts, and with
 * exactly as many (whole waves: a short last wave would only wait out
 * the stand-in's 2 s).
 */
static void
test_loop_parallel(void **state)
{
	static const size_t	 cases[][2] = { { 3, 1 }, { 4, 2 }, { 6, 3 },
	    { 2, 2 } };
	char			 dir[] = "/tmp/test_fleet.XXXXXX";

	(void)state;
	assert_non_null(mkdtemp(dir));
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_int_equal(loop_most(dir, cases[i][0], cases[i][1]),
		    (int)cases[i][1]);
	sm_rmtree(dir);
}

/* A stand-in for ssh whose agent speaks, then its connection drops. */
static const char fake_drop[] =
    "#!/bin/sh\n"
    "echo 'sysmark-agent 1 pid 4242'\n"
    "echo 'sample syscall 1 1/9 100.0 lps'\n"
    "echo 'sysmark agent: this machine is not idle: load average 9.1' >&2\n"
    "[ -z \"$FAKE_SSH_SAYS\" ] || echo \"$FAKE_SSH_SAYS\" >&2\n"
    "exit 255\n";

/*
 * A host whose connection drops while its agent runs ends lost, and its
 * reason is ssh's failure (exit 255, with ssh's own last words when it
 * said any), never the agent's last line (its load warning), which came
 * over the same stderr.
 */
static void
test_lost_reason(void **state)
{
	static const char *const says[] = { "",
	    "client_loop: send disconnect: Broken pipe" };
	char			 dir[] = "/tmp/test_fleet.XXXXXX", prog[300];
	struct fleet_host	 h;
	struct fleet_sess	 s;
	struct fleet_ssh	 ssh = { 0 };
	struct fleet_job	 job = { 0 };
	FILE			*f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(prog, sizeof prog, "%s/ssh", dir);
	assert_non_null(f = fopen(prog, "w"));
	fputs(fake_drop, f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(prog, 0700), 0);
	ssh.ssh = prog;
	ssh.connect_timeout = 5;
	job.connect_timeout = 5;
	job.plan = "plan\n";
	job.plan_len = 5;
	job.max_file = job.max_out = 1 << 20;
	memset(&h, 0, sizeof h);
	h.name = h.addr = (char *)"203.0.113.1";
	for (size_t i = 0; i < sizeof says / sizeof says[0]; i++) {
		setenv("FAKE_SSH_SAYS", says[i], 1);
		fleet_sess_init(&s, &h, &ssh, &job, NULL);
		snprintf(s.dir, sizeof s.dir, "/h/.cache/sysmark/run.aBc");
		snprintf(s.bin, sizeof s.bin, "/h/.cache/sysmark/run.aBc/sm");
		s.status = FLEET_ST_RUNNING;
		fleet_sess_start_at(&s, FLEET_STEP_AGENT);
		fleet_loop_run(&s, 1, 1, NULL, NULL, NULL);
		assert_int_equal(s.status, FLEET_ST_LOST);
		if (strstr(s.reason, "ssh failed (exit 255)") != s.reason ||
		    strstr(s.reason, "not idle") != NULL ||
		    strstr(s.reason, says[i]) == NULL)
			fail_msg("%zu: reason \"%s\"", i, s.reason);
		fleet_sess_free(&s);
	}
	unsetenv("FAKE_SSH_SAYS");
	sm_rmtree(dir);
}

/*
 * IPv6: fleet.csv's targets read back as ssh
 * writes them ([::1]:2222, with a user), and as older files wrote them
 * (::1:2223, the port after the last colon); a name or a bad port is no
 * target.  --hosts takes [ADDR]:PORT and a bare address as ssh does.
 */
static void
test_ipv6_targets(void **state)
{
	struct fleet_inv	inv;
	struct sm_error		err;
	char			user[64], addr[256];
	int			port;
	long			h;

	(void)state;
	assert_int_equal(fleet_valid_target("[::1]:2222", user, sizeof user,
	    addr, sizeof addr, &port), 0);
	assert_string_equal(addr, "::1");
	assert_string_equal(user, "");
	assert_int_equal(port, 2222);
	assert_int_equal(fleet_valid_target("ops@[fe80::1]:22", user,
	    sizeof user, addr, sizeof addr, &port), 0);
	assert_string_equal(user, "ops");
	assert_string_equal(addr, "fe80::1");
	assert_int_equal(fleet_valid_target("::1:2223", user, sizeof user,
	    addr, sizeof addr, &port), 0);
	assert_string_equal(addr, "::1");
	assert_int_equal(port, 2223);
	assert_int_equal(fleet_valid_target("web1.example:22", user,
	    sizeof user, addr, sizeof addr, &port), 0);
	assert_string_equal(addr, "web1.example");
	/* No port: ssh's own (its config's, else 22), as the run had it. */
	assert_int_equal(fleet_valid_target("web1", user, sizeof user, addr,
	    sizeof addr, &port), 0);
	assert_string_equal(addr, "web1");
	assert_int_equal(port, 0);
	assert_int_equal(fleet_valid_target("[::1]", user, sizeof user, addr,
	    sizeof addr, &port), 0);
	assert_string_equal(addr, "::1");
	assert_int_equal(port, 0);
	assert_int_equal(fleet_valid_target("[::1]x", user, sizeof user, addr,
	    sizeof addr, &port), -1);
	assert_int_equal(fleet_valid_target("web1:", user, sizeof user, addr,
	    sizeof addr, &port), -1);
	assert_int_equal(fleet_valid_target("[::1]:0", user, sizeof user,
	    addr, sizeof addr, &port), -1);
	assert_int_equal(fleet_valid_target("a;b:22", user, sizeof user,
	    addr, sizeof addr, &port), -1);

	assert_int_equal(fleet_inv_from_list(&inv, "[::1]:2222,ops@[::1]:2223,"
	    "fe80::1,web[1:2]:22", &err), 0);
	assert_true((h = fu_host(&inv, "__1-2222")) >= 0);
	assert_string_equal(inv.hosts[h].addr, "::1");
	assert_int_equal(inv.hosts[h].port, 2222);
	assert_true((h = fu_host(&inv, "__1-2223")) >= 0);
	assert_string_equal(inv.hosts[h].user, "ops");
	assert_int_equal(inv.hosts[h].port, 2223);
	assert_true((h = fu_host(&inv, "fe80__1")) >= 0);
	assert_string_equal(inv.hosts[h].addr, "fe80::1");
	assert_int_equal(inv.hosts[h].port, 0);
	assert_true((h = fu_host(&inv, "web2")) >= 0);
	assert_int_equal(inv.hosts[h].port, 22);
	fleet_inv_free(&inv);
	assert_int_equal(fleet_inv_from_list(&inv, "[::1]:x", &err), -1);
	fleet_inv_free(&inv);
}

/*
 * --hosts errors name the entry as the user typed it, never the
 * inventory line it is rewritten into (ansible_user=, a section); a port
 * out of range is refused by --hosts' own check, first and at each bound
 * (65536, 0), with the port as typed, for a name and an [ADDR] alike.
 */
static void
test_hosts_list_errors(void **state)
{
	static const char *const bad[][2] = {
		{ "u@", "no host named" },
		{ "-x@h", "not a user name (\"-x\")" },
		{ "ok,x$y@a", "not a user name" },
		{ "[::1", "[ADDR]" },
		{ "[]:22", "[ADDR]" },
		{ "u@[]", "[ADDR]" },
		{ "[::1]x", "only :PORT" },
		{ "u@b:x", "a port is a number from 1 to 65535 (\"x\")" },
		{ "a:99999", "65535" },
		{ "a:65536", "a port is a number from 1 to 65535 (\"65536\")" },
		{ "[::1]:65536", "from 1 to 65535 (\"65536\")" },
		{ "u@[::1]:0", "from 1 to 65535 (\"0\")" },
		{ "h:0", "65535" },
		{ ":22", "no host named" },
		{ "a@b@c", "one '@'" },
		{ "ok,-oProxy", "is not a host name" },
		{ "db[3:1]", "range" },
	};
	struct fleet_inv	inv;
	struct sm_error		err;
	char			want[128];

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char	*e = strrchr(bad[i][0], ',');

		assert_int_equal(fleet_inv_from_list(&inv, bad[i][0], &err),
		    -1);
		snprintf(want, sizeof want, "--hosts \"%s\": ",
		    e != NULL ? e + 1 : bad[i][0]);
		if (strncmp(err.msg, want, strlen(want)) != 0 ||
		    strstr(err.msg, bad[i][1]) == NULL ||
		    strstr(err.msg, "ansible_") != NULL ||
		    strstr(err.msg, "section") != NULL)
			fail_msg("%s: got \"%s\"", bad[i][0], err.msg);
		fleet_inv_free(&inv);
	}
}

/* The caps fleet_job_caps() sets for p: a run's lines of lineb bytes. */
static void
expect_caps(const struct plan *p, int calibrate, double lines, double lineb)
{
	struct fleet_job	job;

	memset(&job, 0, sizeof job);
	fleet_job_caps(&job, p, calibrate);
	if (job.max_out != (size_t)fmin(lines * FLEET_LINE_MAX +
	    FLEET_OUT_SLACK, (double)CSVSTORE_MAX_FILE) ||
	    job.max_file != (size_t)fmin(lines * lineb + FLEET_OUT_SLACK,
	    (double)CSVSTORE_MAX_FILE))
		fail_msg("%g lines of %g bytes: out %zu, file %zu", lines,
		    lineb, job.max_out, job.max_file);
}

/*
 * What a host may send, by the plan's kinds: a line per sample and the
 * warm-up's for each test, copies value and repeat; a target's most
 * samples; calibrate's repeats when the plan has one; a line the longer
 * for more copies; and never past the largest run file.
 */
static void
test_job_caps(void **state)
{
	struct plan	p;

	(void)state;
	plan_init(&p);
	p.nbench = 1;
	expect_caps(&p, 0, 1 * 1 * (6 + 1), 256 + 24);
	p.samples = 1;
	expect_caps(&p, 0, 2, 256 + 24);
	p.samples = 2;
	expect_caps(&p, 0, 3, 256 + 24);
	p.nbench = 3;
	p.copies[1] = 4;
	p.copies[2] = 2;
	p.ncopies = 3;
	expect_caps(&p, 0, 3 * 3 * 3, 256 + 24 * 4);
	p.repeats = 3;
	expect_caps(&p, 0, 3 * 3 * 3 * 3, 256 + 24 * 4);
	expect_caps(&p, 1, 3 * 3 * 3 * 3, 256 + 24 * 4);
	p.repeats = 1;
	expect_caps(&p, 1, 3 * 3 * 3 * NOISE_REPEATS, 256 + 24 * 4);
	p.target = 0.02;
	expect_caps(&p, 0, 3 * 3 * PLAN_MAX_SAMPLES, 256 + 24 * 4);
	p.nbench = 100;
	p.repeats = PLAN_MAX_REPEATS;
	expect_caps(&p, 0, 100.0 * 3 * PLAN_MAX_SAMPLES * PLAN_MAX_REPEATS,
	    256 + 24 * 4);
	plan_free(&p);
	/* The figures themselves, one small plan worked by hand. */
	{
		struct fleet_job	job;

		plan_init(&p);
		p.nbench = 2;
		p.samples = 4;
		memset(&job, 0, sizeof job);
		fleet_job_caps(&job, &p, 0);
		assert_int_equal(job.max_out, 10 * 512 + (1 << 20));
		assert_int_equal(job.max_file, 10 * 280 + (1 << 20));
		plan_free(&p);
	}
}

/*
 * One ssh process's pipes: three while it runs; its stdin closed is an
 * end of file it sees (cat exits 0, within a deadline: it never would
 * with the pipe held open), and none of the three is open here once it
 * has ended.
 */
static void
test_proc_pipes(void **state)
{
	char *const		 argv[] = { (char *)"cat", NULL };
	struct fleet_proc	 p;
	struct sm_error		 err;
	int			 before = tu_fds();
	uint64_t		 deadline;

	(void)state;
	assert_true(before > 0);
	assert_int_equal(fleet_proc_start(&p, argv, &err), 0);
	assert_int_equal(tu_fds(), before + 3);
	fleet_proc_close(&p.in);
	assert_int_equal(p.in, -1);
	assert_int_equal(tu_fds(), before + 2);
	deadline = sm_now_ns() + 30000000000ull;
	while (!fleet_proc_reap(&p) && sm_now_ns() < deadline)
		nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
	if (!p.reaped) {
		fleet_proc_end(&p);
		fail_msg("cat never saw its stdin end in 30 s");
	}
	assert_int_equal(p.status, 0);
	fleet_proc_end(&p);
	assert_int_equal(p.out, -1);
	assert_int_equal(p.err, -1);
	assert_int_equal(tu_fds(), before);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_plain,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_hosts_list_errors,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_ini,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_patterns,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_refused,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_hosts_list,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_valid,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_ssh_argv,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_resolve_twins,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_fleet_csv,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_fleet_check,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_fleet_csv_full,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_fleet_check_stale,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_save_lost_reason,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_save_fallback_reason,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_judge_hosts,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_judge_hosts_df,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_ipv6_targets,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_job_caps,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_loop_parallel,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_lost_reason,
		    tu_fds_mark, tu_fds_same),
		cmocka_unit_test_setup_teardown(test_proc_pipes,
		    tu_fds_mark, tu_fds_same),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
