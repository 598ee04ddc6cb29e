/*
 * History (history.c, histindex.c): runs of another host, version or
 * copies never join a series; runs are ordered by start, label or
 * commit; a directory with corrupt, foreign and unreadable files is read
 * around them, each named path:line; the index is used when the files
 * have not changed, brought up to date when one has, rebuilt when
 * deleted, and private; byte copies of a run count once.  The gate's
 * tests are test_history_gate.c's.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <jansson.h>

#include "testutil.h"
#include "historyutil.h"

static void
test_series_never_mix(void **state)
{
	struct history		h;
	struct history_query	q = { 0 };

	(void)state;
	changepoint_opts_default(&q.cp);
	history_init(&h);
	for (int d = 1; d <= 6; d++) {
		th_run(&h, "a", d, 1, 1, 100, NULL);
		th_run(&h, "b", d, 1, 1, 50, NULL);	/* another host */
	}
	th_run(&h, "a", 7, 2, 1, 80, NULL);		/* another version */
	th_run(&h, "a", 8, 1, 2, 190, NULL);		/* other copies */
	history_build(&h, &q);
	assert_int_equal(h.nseries, 4);
	assert_string_equal(h.series[0].host, "a");
	assert_int_equal(h.series[0].version, 1);
	assert_int_equal(h.series[0].copies, 1);
	assert_int_equal(h.series[0].n, 6);
	/* Host a's own series is flat: the other hosts' figures not in it. */
	assert_int_equal(h.series[0].cp.ncps, 0);
	for (size_t i = 0; i < h.series[0].n; i++)
		assert_near(h.series[0].sums[i].mean, 100, 0);
	assert_int_equal(h.series[1].copies, 2);
	assert_int_equal(h.series[1].n, 1);
	assert_int_equal(h.series[2].version, 2);
	assert_string_equal(h.series[3].host, "b");
	assert_int_equal(h.series[3].n, 6);
	history_free(&h);
}

/*
 * Eight tests of 60 runs on each of two hosts: on "a" every run moves
 * with the host's drift (neighbouring runs correlated 0.7, as a host's
 * slow minutes make them), on "b" each figure strays alone.  Every
 * series of a host is judged with the host's one correlation: a's
 * clearly above 0 (its series alone would each have taken their own),
 * b's 0.
 */
static void
test_host_correlation(void **state)
{
	static const char *const host[] = { "a", "b" };
	struct history		 h;
	struct history_query	 q = { 0 };
	struct history_sum	*s;
	struct sm_rng		 rng;
	char			 date[64], path[64];
	double			 drift = 0;
	size_t			 r;

	(void)state;
	changepoint_opts_default(&q.cp);
	history_init(&h);
	sm_rng_seed(&rng, 7);
	for (int d = 0; d < 60; d++) {
		drift = 0.7 * drift + sqrt(1 - 0.49) * sm_rng_normal(&rng);
		for (size_t k = 0; k < 2; k++) {
			snprintf(date, sizeof date,
			    "2026-%02d-%02dT10:00:00+0000", 11 + d / 30,
			    1 + d % 30);
			snprintf(path, sizeof path, "/r/%s-%d.csv", host[k], d);
			r = history_add_run(&h, path, host[k], date, NULL, NULL);
			for (int t = 0; t < 8; t++) {
				s = history_add_sum(&h);
				s->run = r;
				snprintf(s->test, sizeof s->test, "t%d", t);
				strcpy(s->unit, "lps");
				s->version = s->copies = 1;
				s->mean = 100 * (1 + 0.03 * (k == 0 ? drift :
				    sm_rng_normal(&rng)) + 0.003 *
				    sm_rng_normal(&rng));
				s->relvar = 1e-6;
				s->df = 5;
				s->n = 6;
			}
		}
	}
	history_build(&h, &q);
	assert_int_equal(h.nseries, 16);
	for (size_t j = 0; j < 16; j++) {
		assert_string_equal(h.series[j].host, host[j / 8]);
		/*
		 * Each series keeps its own correlation only within 0.05
		 * (CHANGEPOINT_RHO_STEP) of the host's pooled one, so any
		 * two of a host lie within 0.1.
		 */
		assert_true(fabs(h.series[j].cp.rho -
		    h.series[j / 8 * 8].cp.rho) < 0.1);
	}
	assert_true(h.series[0].cp.rho > 0.3);
	assert_true(h.series[8].cp.rho == 0);
	history_free(&h);
}

/* Added out of order, read oldest first; by label in natural order. */
static void
test_series_order(void **state)
{
	struct history		h;
	struct history_query	q = { 0 };
	static const int	days[] = { 5, 1, 9, 3, 7, 2 };
	static const char	*labels[] = { "v10", "v2", "v1", "v9", "v3",
				    "v4" };

	(void)state;
	changepoint_opts_default(&q.cp);
	history_init(&h);
	for (int i = 0; i < 6; i++)
		th_run(&h, "a", days[i], 1, 1, 100 + days[i], labels[i]);
	history_build(&h, &q);
	for (size_t i = 1; i < 6; i++)
		assert_true(h.series[0].sums[i - 1].mean <
		    h.series[0].sums[i].mean);
	history_free(&h);
	history_init(&h);
	for (int i = 0; i < 6; i++)
		th_run(&h, "a", days[i], 1, 1, 100 + days[i], labels[i]);
	q.by = HISTORY_BY_LABEL;
	q.since = rundate_parse("2026-12-02");
	history_build(&h, &q);
	/* v2 (day 1) is before --since; then v3 v4 v9 v10. */
	assert_int_equal(h.series[0].n, 5);
	assert_near(h.series[0].sums[0].mean, 109, 0);	/* v1 */
	assert_near(h.series[0].sums[1].mean, 107, 0);	/* v3 */
	assert_near(h.series[0].sums[4].mean, 105, 0);	/* v10 */
	history_free(&h);
}

/* A date the calendar lacks is no date: --since 2026-02-30 is refused. */
static void
test_since_real_dates(void **state)
{
	(void)state;
	assert_true(rundate_parse("2026-02-30") < 0);
	assert_true(rundate_parse("2026-04-31") < 0);
	assert_true(rundate_parse("2026-02-29") < 0);
	assert_true(rundate_parse("2028-02-29") >= 0);
	assert_true(rundate_parse("2100-02-29") < 0);
	assert_true(rundate_parse("2000-02-29") >= 0);
	assert_int_equal(rundate_parse("2026-03-01") - rundate_parse(
	    "2026-02-28"), 86400);
	assert_true(rundate_parse("2026-12-31T23:59:59+0000") >= 0);
}

/* ---- Files read around, and the index ---- */

struct th_warn {
	size_t	n;
	char	last[4][300];
};

static void
th_warn_cb(const char *msg, void *arg)
{
	struct th_warn	*w = arg;

	if (w->n < 4)
		snprintf(w->last[w->n], sizeof w->last[0], "%s", msg);
	w->n++;
}

static void
th_copy(const char *from, const char *to)
{
	char	cmd[512];

	snprintf(cmd, sizeof cmd, "cp '%s' '%s'", from, to);
	assert_int_equal(system(cmd), 0);
}

/* Whether one of the warnings begins with prefix. */
static int
th_warned(const struct th_warn *w, const char *prefix)
{
	for (size_t i = 0; i < w->n && i < 4; i++)
		if (strncmp(w->last[i], prefix, strlen(prefix)) == 0)
			return 1;
	return 0;
}

/* A private directory dir (its template filled) with cache/ and runs/. */
static void
th_dirs(char *dir, char *cache, size_t clen, char *runs, size_t rlen)
{
	assert_non_null(mkdtemp(dir));
	snprintf(cache, clen, "%s/cache", dir);
	assert_int_equal(mkdir(cache, 0700), 0);
	snprintf(runs, rlen, "%s/runs", dir);
	assert_int_equal(mkdir(runs, 0700), 0);
}

static void
test_bad_files_read_around(void **state)
{
	char			 dir[] = "/tmp/test_history.XXXXXX", cache[300];
	char			 p[400], idx[400], *paths[1];
	struct history		 h;
	struct histindex_stats	 st;
	struct th_warn		 w = { 0 };
	struct sm_error		 err;
	struct stat		 sb;
	FILE			*f;

	(void)state;
	th_dirs(dir, cache, sizeof cache, p, sizeof p);
	snprintf(p, sizeof p, "%s/runs/good.csv", dir);
	th_copy("tests/data/report_a.csv", p);
	snprintf(p, sizeof p, "%s/runs/corrupt.csv", dir);
	th_copy("tests/data/bad_quote.csv", p);
	snprintf(p, sizeof p, "%s/runs/foreign.csv", dir);
	assert_non_null(f = fopen(p, "w"));
	fputs("hello, this is no run\n", f);
	fclose(f);
	/* Unreadable even by root: a directory named like a run. */
	snprintf(p, sizeof p, "%s/runs/dir.csv", dir);
	assert_int_equal(mkdir(p, 0700), 0);
	snprintf(p, sizeof p, "%s/runs", dir);
	paths[0] = p;

	history_init(&h);
	histindex_load(&h, paths, 1, cache, th_warn_cb, &w, &st);
	assert_int_equal(h.nruns, 1);
	assert_int_equal(st.files, 4);
	assert_int_equal(st.bad, 3);
	assert_int_equal(st.read, 4);
	assert_int_equal(w.n, 3);
	snprintf(idx, sizeof idx, "%s/runs/corrupt.csv:3:", dir);
	assert_true(th_warned(&w, idx));
	snprintf(idx, sizeof idx, "%s/runs/foreign.csv:1:", dir);
	assert_true(th_warned(&w, idx));
	snprintf(idx, sizeof idx, "%s/runs/dir.csv: is a directory", dir);
	assert_true(th_warned(&w, idx));
	assert_int_equal(st.written, 1);
	history_free(&h);

	/* The index, private, answers the second time: nothing read. */
	assert_int_equal(histindex_dir_path(p, cache, idx, sizeof idx, &err),
	    0);
	assert_int_equal(lstat(idx, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
	memset(&w, 0, sizeof w);
	history_init(&h);
	histindex_load(&h, paths, 1, cache, th_warn_cb, &w, &st);
	assert_int_equal(st.read, 0);
	assert_int_equal(st.written, 0);
	assert_int_equal(w.n, 3);
	assert_int_equal(h.nruns, 1);
	assert_int_equal(h.nsums, 3);
	assert_string_equal(h.runs[0].date, "2026-12-01T10:00:00+0000");
	history_free(&h);

	/* A new file: only it is read; the index deleted: rebuilt. */
	snprintf(p, sizeof p, "%s/runs/second.csv", dir);
	th_copy("tests/data/report_b.csv", p);
	snprintf(p, sizeof p, "%s/runs", dir);
	memset(&w, 0, sizeof w);
	history_init(&h);
	histindex_load(&h, paths, 1, cache, th_warn_cb, &w, &st);
	assert_int_equal(st.read, 1);
	assert_int_equal(h.nruns, 2);
	history_free(&h);
	assert_int_equal(unlink(idx), 0);
	history_init(&h);
	histindex_load(&h, paths, 1, cache, th_warn_cb, &w, &st);
	assert_int_equal(st.read, 5);
	assert_int_equal(st.written, 1);
	assert_int_equal(lstat(idx, &sb), 0);
	history_free(&h);

	assert_int_equal(sm_rmtree(dir), 0);
}

/* report_a.csv at path with its date's day set to day, and extra appended. */
static void
th_write_day(const char *path, int day, const char *extra)
{
	char	*text = tu_slurp("tests/data/report_a.csv"), *d;
	FILE	*f;

	assert_non_null(d = strstr(text, "meta,date,2026-12-01T"));
	d[19] = (char)('0' + day);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fputs(extra, f);
	assert_int_equal(fclose(f), 0);
	free(text);
}

/* Load paths through the index; the date of its one run into date. */
static size_t
th_load_date(char **paths, const char *cache, char *date, size_t len)
{
	struct history		 h;
	struct histindex_stats	 st;
	struct th_warn		 w = { 0 };

	history_init(&h);
	histindex_load(&h, paths, 1, cache, th_warn_cb, &w, &st);
	assert_int_equal(h.nruns, 1);
	snprintf(date, len, "%s", h.runs[0].date);
	history_free(&h);
	return st.read;
}

/*
 * The index answers for a file only while its size and modification
 * time (seconds and nanoseconds) are as recorded: a file changed in any
 * one of them, the other two kept, is read again and its new content
 * seen; one left alone is not read.
 */
static void
test_index_sees_changes(void **state)
{
	char			 dir[] = "/tmp/test_history.XXXXXX", p[400];
	char			 cache[300], runs[300], date[64], *paths[1];
	struct timespec		 t[2];

	(void)state;
	th_dirs(dir, cache, sizeof cache, runs, sizeof runs);
	snprintf(p, sizeof p, "%s/a.csv", runs);
	th_write_day(p, 1, "");
	paths[0] = runs;
	/* A time with nanoseconds, so that each part can change alone. */
	t[0].tv_sec = t[1].tv_sec = 1764000000;
	t[0].tv_nsec = t[1].tv_nsec = 500000000;
	assert_int_equal(utimensat(AT_FDCWD, p, t, 0), 0);
	assert_int_equal(th_load_date(paths, cache, date, sizeof date), 1);
	assert_string_equal(date, "2026-12-01T10:00:00+0000");
	assert_int_equal(th_load_date(paths, cache, date, sizeof date), 0);

	/* Longer, its time put back: read again. */
	th_write_day(p, 2, "meta,note,longer,,,,,,,,,,\n");
	assert_int_equal(utimensat(AT_FDCWD, p, t, 0), 0);
	assert_int_equal(th_load_date(paths, cache, date, sizeof date), 1);
	assert_string_equal(date, "2026-12-02T10:00:00+0000");
	assert_int_equal(th_load_date(paths, cache, date, sizeof date), 0);

	/* Shorter, its time put back: read again. */
	th_write_day(p, 3, "");
	assert_int_equal(utimensat(AT_FDCWD, p, t, 0), 0);
	assert_int_equal(th_load_date(paths, cache, date, sizeof date), 1);
	assert_string_equal(date, "2026-12-03T10:00:00+0000");

	/* The same size, a nanosecond later: read again. */
	th_write_day(p, 4, "");
	t[0].tv_nsec = t[1].tv_nsec = 500000001;
	assert_int_equal(utimensat(AT_FDCWD, p, t, 0), 0);
	assert_int_equal(th_load_date(paths, cache, date, sizeof date), 1);
	assert_string_equal(date, "2026-12-04T10:00:00+0000");

	/* The same size, a second earlier: read again. */
	th_write_day(p, 5, "");
	t[0].tv_sec = t[1].tv_sec = 1763999999;
	assert_int_equal(utimensat(AT_FDCWD, p, t, 0), 0);
	assert_int_equal(th_load_date(paths, cache, date, sizeof date), 1);
	assert_string_equal(date, "2026-12-05T10:00:00+0000");
	assert_int_equal(th_load_date(paths, cache, date, sizeof date), 0);

	assert_int_equal(sm_rmtree(dir), 0);
}

/*
 * A history of 30 runs in 1% noise whose newest is 1.5% low, saved again
 * eight times under other names: byte copies (dated as the run), or,
 * with moved set, eight more runs (dated hours on); and one run with
 * run 5's facts but not its figure.
 */
static void
th_copies(struct history *h, int moved)
{
	struct history_sum	one;
	struct sm_rng		rng;
	char			path[64], date[64];
	size_t			r;

	sm_rng_seed(&rng, 3);
	history_init(h);
	for (size_t i = 0; i < 30; i++)
		th_at(h, "a", i, th_noisy(&rng) * (i == 29 ? 0.985 : 1));
	for (size_t i = 29; i <= 30; i++)
		for (int c = 0; c < (i < 30 ? 8 : 1); c++) {
			snprintf(path, sizeof path, "/r/copy-%zu-%d.csv", i, c);
			one = h->sums[i < 30 ? i : 5];
			snprintf(date, sizeof date, "2026-12-02T%02d:%02d:00+0000",
			    moved ? 10 + c : 0, (int)i);
			r = history_add_run(h, path, "a", moved && i < 30 ?
			    date : h->runs[one.run].date, NULL, NULL);
			one.run = r;
			if (i == 30)	/* run 5's facts, not its figure */
				one.mean *= 1.001;
			*history_add_sum(h) = one;
		}
}

/*
 * Byte copies of runs count once.  Counted as runs, the low run's eight
 * copies make a new level of nine runs, a step; counted once, it is one
 * newest run, too few to call one.  A run that shares the facts but not
 * the figures is no copy.
 */
/* Whether series k holds a change point that begins at run at. */
static int
th_step_at(const struct history_series *k, size_t at)
{
	for (size_t i = 0; i < k->cp.ncps; i++)
		if (k->cp.cps[i].at == at)
			return 1;
	return 0;
}

static void
test_copies_count_once(void **state)
{
	struct history_query	q = { 0 };
	struct history		h;
	size_t			copies = 0;

	(void)state;
	changepoint_opts_default(&q.cp);
	th_copies(&h, 1);
	history_build(&h, &q);
	assert_int_equal(h.series[0].n, 39);
	assert_true(th_step_at(&h.series[0], 30));	/* as runs: a step */
	history_free(&h);
	th_copies(&h, 0);
	history_build(&h, &q);
	for (size_t i = 0; i < h.nruns; i++)
		copies += h.same[i] != SIZE_MAX;
	assert_int_equal(copies, 8);
	assert_int_equal(h.same[h.nruns - 1], SIZE_MAX);
	assert_int_equal(h.series[0].n, 31);
	assert_false(th_step_at(&h.series[0], 30));
	history_free(&h);
}

/*
 * A series with no step says what it could have seen: "~ <x%" up to a
 * change of 100% (one decimal under it), "~ blind" past it, where a
 * figure doubling could go unseen; one too short says so.
 */
static void
test_verdict_words(void **state)
{
	static const struct {
		double		 detect;
		const char	*says;
	} cases[] = {
		{ 0.012, "~ <1.2%" }, { 0.5, "~ <50.0%" }, { 1.0, "~ <100.0%" },
		{ 1.0001, "~ blind" }, { 8.2, "~ blind" },
	};
	struct history_series	 k;
	char			 buf[128];

	(void)state;
	memset(&k, 0, sizeof k);
	k.n = 30;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		k.cp.detect = cases[i].detect;
		history_verdict(NULL, &k, buf, sizeof buf);
		assert_string_equal(buf, cases[i].says);
	}
	k.n = 3;
	k.cp.status = CHANGEPOINT_SHORT;
	history_verdict(NULL, &k, buf, sizeof buf);
	assert_string_equal(buf, "too short (3 runs, 5 needed)");
}

enum th_damage { TH_APPEND, TH_BYTE_ORDER, TH_TRUNCATE, TH_OFFSET };

/*
 * Damage the index at idx as asked (bytes added at its end, its byte
 * order mark changed, its end cut off, its first file's name pointing
 * past its strings); the next load reads the one run file again, whole
 * and right, and writes a sound index.
 */
static void
th_damage_rebuilt(const char *idx, char **paths, const char *cache,
    enum th_damage how)
{
	struct history		 h;
	struct histindex_stats	 st;
	struct th_warn		 w = { 0 };
	struct stat		 sb;
	unsigned char		 bad[4] = { 0xff, 0xff, 0xff, 0x7f };
	int			 fd;

	assert_int_equal(stat(idx, &sb), 0);
	assert_true((fd = open(idx, O_WRONLY)) >= 0);
	if (how == TH_APPEND)
		assert_int_equal(pwrite(fd, "S\tx\n", 4, sb.st_size), 4);
	else if (how == TH_BYTE_ORDER)
		assert_int_equal(pwrite(fd, "\1\2\3\5", 4, 8), 4);
	else if (how == TH_TRUNCATE)
		assert_int_equal(ftruncate(fd, sb.st_size - 1), 0);
	else
		assert_int_equal(pwrite(fd, bad, 4, 48), 4);
	close(fd);
	history_init(&h);
	histindex_load(&h, paths, 1, cache, th_warn_cb, &w, &st);
	assert_int_equal(st.read, 1);
	assert_int_equal(st.written, 1);
	assert_int_equal(h.nruns, 1);
	assert_int_equal(h.nsums, 3);
	history_free(&h);
	history_init(&h);
	histindex_load(&h, paths, 1, cache, th_warn_cb, &w, &st);
	assert_int_equal(st.read, 0);
	assert_int_equal(h.nsums, 3);
	history_free(&h);
}

/* A damaged index is no truth: the files are read again. */
static void
test_damaged_index(void **state)
{
	char			 dir[] = "/tmp/test_history.XXXXXX", p[400];
	char			 idx[400], *paths[1];
	struct history		 h;
	struct histindex_stats	 st;
	struct th_warn		 w = { 0 };
	struct sm_error		 err;
	struct stat		 sb;
	char			 magic[8];
	FILE			*f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(p, sizeof p, "%s/a.csv", dir);
	th_copy("tests/data/report_a.csv", p);
	paths[0] = dir;
	history_init(&h);
	histindex_load(&h, paths, 1, dir, th_warn_cb, &w, &st);
	history_free(&h);
	assert_int_equal(histindex_dir_path(dir, dir, idx, sizeof idx, &err),
	    0);
	/* Binary and compact: its magic, then each file and summary. */
	assert_non_null(f = fopen(idx, "r"));
	assert_int_equal(fread(magic, 1, sizeof magic, f), sizeof magic);
	fclose(f);
	assert_memory_equal(magic, "SMHIDX\0\0", sizeof magic);
	assert_int_equal(stat(idx, &sb), 0);
	assert_true(sb.st_size < 48 + 56 + 3 * 48 + 200 + (off_t)strlen(dir));
	th_damage_rebuilt(idx, paths, dir, TH_APPEND);
	th_damage_rebuilt(idx, paths, dir, TH_BYTE_ORDER);
	th_damage_rebuilt(idx, paths, dir, TH_TRUNCATE);
	th_damage_rebuilt(idx, paths, dir, TH_OFFSET);
	assert_int_equal(sm_rmtree(dir), 0);
}

/*
 * The exports carry each series' direction: a lower-is-better series of
 * seconds is the BMF measure "s (lower is better)" and Otava's metric of
 * direction -1; syscall, higher, "lps (higher is better)" and 1.
 */
static void
test_exports_direction(void **state)
{
	struct history_query	 q = { 0 };
	struct history		 h;
	struct json_t		*bmf;
	char			*text, *conf;
	size_t			 len, r;
	FILE			*f;

	(void)state;
	changepoint_opts_default(&q.cp);
	history_init(&h);
	for (int i = 0; i < 6; i++) {
		r = th_run(&h, "a", i + 1, 1, 1, 100, NULL);
		th_sum(&h, r, 1, 1, 2.5);
		strcpy(h.sums[h.nsums - 1].test, "mycmd");
		strcpy(h.sums[h.nsums - 1].unit, "s");
		h.sums[h.nsums - 1].dir = 'l';
	}
	history_build(&h, &q);
	assert_int_equal(h.nseries, 2);
	bmf = history_bmf(&h);
	text = json_dumps(bmf, JSON_COMPACT);
	assert_non_null(strstr(text, "\"mycmd\":{\"s (lower is better)\":"));
	assert_non_null(strstr(text,
	    "\"syscall\":{\"lps (higher is better)\":"));
	free(text);
	json_decref(bmf);
	assert_non_null(f = open_memstream(&conf, &len));
	history_otava_config(&h, "x.csv", f);
	fclose(f);
	assert_non_null(strstr(conf, "\"mycmd\":\n        column: \"mycmd\"\n"
	    "        direction: -1  # s, lower is better\n"));
	assert_non_null(strstr(conf, "\"syscall\":\n        column: "
	    "\"syscall\"\n        direction: 1  # lps, higher is better\n"));
	assert_non_null(strstr(conf, "file: \"x.csv\"\n"));
	free(conf);
	history_free(&h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_series_never_mix),
		cmocka_unit_test(test_series_order),
		cmocka_unit_test(test_since_real_dates),
		cmocka_unit_test(test_host_correlation),
		cmocka_unit_test(test_bad_files_read_around),
		cmocka_unit_test(test_index_sees_changes),
		cmocka_unit_test(test_copies_count_once),
		cmocka_unit_test(test_verdict_words),
		cmocka_unit_test(test_damaged_index),
		cmocka_unit_test(test_exports_direction),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
