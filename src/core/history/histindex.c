/*
 * Runs read for a history, through an index of their summaries: one file
 * per directory of runs, in a cache directory of the user's, holding for
 * each run file its name, size and modification time, the facts a
 * history names a run by, and its summary per test (history.c).  A file
 * whose size and time match is taken from the index; a new or changed
 * one is read and its summary replaces the old; the index is then
 * written again, whole and atomically (a private temporary file renamed
 * over it).  The CSV files stay the truth: an index that is missing,
 * foreign or damaged is rebuilt from them without a word.
 *
 * A text file of our own rather than SQLite: a history reads every
 * summary of a directory at once, which a flat file does in one pass
 * with no dependency (doc/history.md has the measurement).
 *
 *   sysmark-history-index <TAB> 1 <TAB> /the/dir
 *   F name size mtime_s mtime_ns kind        kind: r run, b bad, s skipped
 *   M host date label commit                 (r) \N for none
 *   E path:line: why                         (b) named again each time
 *   S test version copies unit mean relvar df n   (r) one per test
 *
 * Fields are separated by tabs; a tab, newline or backslash inside one is
 * written \t, \n, \\.
 */
/* SPDX-License-Identifier: MIT */

#define _DEFAULT_SOURCE		/* realpath() */

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "history.h"

#define HISTINDEX_MAGIC		"sysmark-history-index"
#define HISTINDEX_MAX_FIELDS	10

/* What the index knew of one file. */
struct histindex_old {
	char		*name;
	long long	 size;
	long long	 ms;		/* mtime seconds and nanoseconds */
	long long	 mns;
	char		 kind;
	char		*meta[4];	/* host, date, label, commit */
	char		*err;
	size_t		 sum0;		/* its summaries in the pool */
	size_t		 nsums;
};

/* Every summary the index holds, one array, the entries' in order. */
struct histindex_pool {
	struct history_sum	*v;
	size_t			 n;
	size_t			 cap;
};

/* One file of this scan, as the new index will say it. */
struct histindex_file {
	const char	*name;		/* into names[] */
	long long	 size;
	long long	 ms;
	long long	 mns;
	char		 kind;
	size_t		 run;
	size_t		 sum0;		/* its summaries in h->sums */
	size_t		 sum1;
	char		*err;
};

/* ---- Fields ---- */

/* Undo the escapes of a field, in place; NULL for \N. */
static char *
histindex_unescape(char *s)
{
	char	*w = s;

	if (strcmp(s, "\\N") == 0)
		return NULL;
	for (char *r = s; *r != '\0'; r++) {
		if (*r == '\\' && r[1] != '\0') {
			r++;
			*w++ = *r == 't' ? '\t' : *r == 'n' ? '\n' : *r;
		} else
			*w++ = *r;
	}
	*w = '\0';
	return s;
}

static void
histindex_put(FILE *f, const char *s)
{
	fputc('\t', f);
	if (s == NULL) {
		fputs("\\N", f);
		return;
	}
	for (; *s != '\0'; s++) {
		if (*s == '\t')
			fputs("\\t", f);
		else if (*s == '\n')
			fputs("\\n", f);
		else if (*s == '\\')
			fputs("\\\\", f);
		else
			fputc(*s, f);
	}
}

/* Split line at tabs into at most max fields; the count. */
static size_t
histindex_split(char *line, char **field, size_t max)
{
	size_t	n = 0;
	char	*p = line;

	line[strcspn(line, "\n")] = '\0';
	while (n < max) {
		field[n++] = p;
		if ((p = strchr(p, '\t')) == NULL)
			break;
		*p++ = '\0';
	}
	return n;
}

static int
histindex_ll(const char *s, long long *v)
{
	char	*end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	return errno != 0 || end == s || *end != '\0' ? -1 : 0;
}

/* ---- Reading the index ---- */

static void
histindex_old_free(struct histindex_old *o, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(o[i].name);
		for (int k = 0; k < 4; k++)
			free(o[i].meta[k]);
		free(o[i].err);
	}
	free(o);
}

/* An S record, o's next summary, into the pool; 0 or -1. */
static int
histindex_sum(struct histindex_old *o, struct histindex_pool *pool,
    char **f, size_t nf)
{
	struct history_sum	*s;
	long long		 v, c, n;

	if (nf != 9 || histindex_ll(f[2], &v) != 0 ||
	    histindex_ll(f[3], &c) != 0 || histindex_ll(f[8], &n) != 0 ||
	    strlen(f[1]) >= sizeof s->test || strlen(f[4]) >= sizeof s->unit)
		return -1;
	if (pool->n == pool->cap) {
		pool->cap = pool->cap ? 2 * pool->cap : 4096;
		pool->v = xreallocarray(pool->v, pool->cap, sizeof *pool->v);
	}
	if (o->nsums++ == 0)
		o->sum0 = pool->n;
	s = &pool->v[pool->n++];
	memset(s, 0, sizeof *s);
	strcpy(s->test, f[1]);
	strcpy(s->unit, f[4]);
	s->version = (int)v;
	s->copies = (int)c;
	s->n = (size_t)n;
	if (sm_parse_double(f[5], &s->mean) != 0 ||
	    sm_parse_double(f[6], &s->relvar) != 0 ||
	    sm_parse_double(f[7], &s->df) != 0)
		return -1;
	return 0;
}

/* An F record: a new entry; 0 or -1. */
static int
histindex_entry(struct histindex_old **o, size_t *n, char **f, size_t nf)
{
	struct histindex_old	*e;

	if (nf != 6 || strlen(f[5]) != 1 || strchr("rbs", f[5][0]) == NULL)
		return -1;
	*o = xreallocarray(*o, *n + 1, sizeof **o);
	e = &(*o)[(*n)++];
	memset(e, 0, sizeof *e);
	e->name = xstrdup(histindex_unescape(f[1]) != NULL ? f[1] : "");
	e->kind = f[5][0];
	if (histindex_ll(f[2], &e->size) != 0 ||
	    histindex_ll(f[3], &e->ms) != 0 || histindex_ll(f[4], &e->mns))
		return -1;
	return 0;
}

/* One record after the first line; 0 or -1 (the index is damaged). */
static int
histindex_record(struct histindex_old **o, size_t *n,
    struct histindex_pool *pool, char *line)
{
	char			*f[HISTINDEX_MAX_FIELDS];
	size_t			 nf = histindex_split(line, f,
				     HISTINDEX_MAX_FIELDS);
	struct histindex_old	*e = *n > 0 ? &(*o)[*n - 1] : NULL;

	if (strcmp(f[0], "F") == 0)
		return histindex_entry(o, n, f, nf);
	if (e == NULL)
		return -1;
	if (strcmp(f[0], "S") == 0 && e->kind == 'r')
		return histindex_sum(e, pool, f, nf);
	if (strcmp(f[0], "M") == 0 && nf == 5 && e->kind == 'r') {
		for (int k = 0; k < 4; k++) {
			char	*v = histindex_unescape(f[k + 1]);

			e->meta[k] = v != NULL ? xstrdup(v) : NULL;
		}
		return 0;
	}
	if (strcmp(f[0], "E") == 0 && nf == 2 && e->kind == 'b') {
		e->err = xstrdup(histindex_unescape(f[1]) != NULL ? f[1] :
		    "");
		return 0;
	}
	return -1;
}

/*
 * The index at path for directory dir, as a list sorted by name; an
 * empty list if there is none or it cannot be trusted.
 */
static size_t
histindex_read(const char *path, const char *dir, struct histindex_old **out,
    struct histindex_pool *pool)
{
	struct histindex_old	*o = NULL;
	size_t			 n = 0, cap = 0;
	char			*line = NULL, *f[3], want[16];
	FILE			*fp;
	int			 fd, bad = 0;

	*out = NULL;
	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_NOCTTY)) < 0 ||
	    (fp = fdopen(fd, "r")) == NULL) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	snprintf(want, sizeof want, "%d", HISTINDEX_VERSION);
	if (getline(&line, &cap, fp) < 0 ||
	    histindex_split(line, f, 3) != 3 ||
	    strcmp(f[0], HISTINDEX_MAGIC) != 0 || strcmp(f[1], want) != 0 ||
	    strcmp(histindex_unescape(f[2]) != NULL ? f[2] : "", dir) != 0)
		bad = 1;
	while (!bad && getline(&line, &cap, fp) >= 0)
		bad = histindex_record(&o, &n, pool, line) != 0;
	fclose(fp);
	free(line);
	if (bad) {
		histindex_old_free(o, n);
		pool->n = 0;
		return 0;
	}
	*out = o;
	return n;
}

/* ---- Writing it ---- */

static void
histindex_write_file(FILE *f, const struct history *h,
    const struct histindex_file *e)
{
	const struct history_run *r;
	const struct history_sum *s;

	fputs("F", f);
	histindex_put(f, e->name);
	fprintf(f, "\t%lld\t%lld\t%lld\t%c\n", e->size, e->ms, e->mns,
	    e->kind);
	if (e->kind == 'b') {
		fputs("E", f);
		histindex_put(f, e->err);
		fputc('\n', f);
	}
	if (e->kind != 'r')
		return;
	r = &h->runs[e->run];
	fputs("M", f);
	histindex_put(f, r->host);
	histindex_put(f, r->date);
	histindex_put(f, r->label);
	histindex_put(f, r->commit);
	fputc('\n', f);
	for (size_t i = e->sum0; i < e->sum1; i++) {
		s = &h->sums[i];
		fputs("S", f);
		histindex_put(f, s->test);
		fprintf(f, "\t%d\t%d", s->version, s->copies);
		histindex_put(f, s->unit);
		fprintf(f, "\t%.17g\t%.17g\t%.17g\t%zu\n", s->mean, s->relvar,
		    s->df, s->n);
	}
}

/*
 * The new index, written beside the old under a private temporary name
 * (mkstemp: 0600, never through a planted link), then renamed over it.
 * A failure leaves the old one; the history does not need it.
 */
static int
histindex_write(const char *path, const char *dir, const struct history *h,
    const struct histindex_file *e, size_t n)
{
	char	 tmp[PATH_MAX];
	FILE	*f;
	int	 fd, ok;

	if (snprintf(tmp, sizeof tmp, "%s.XXXXXX", path) >= (int)sizeof tmp ||
	    (fd = mkstemp(tmp)) < 0)
		return -1;
	if ((f = fdopen(fd, "w")) == NULL) {
		close(fd);
		unlink(tmp);
		return -1;
	}
	fprintf(f, "%s\t%d", HISTINDEX_MAGIC, HISTINDEX_VERSION);
	histindex_put(f, dir);
	fputc('\n', f);
	for (size_t i = 0; i < n; i++)
		histindex_write_file(f, h, &e[i]);
	ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
	if (fclose(f) != 0 || !ok || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* ---- Scanning ---- */

/* The index's entry for name, if it matches the file as it is now. */
static const struct histindex_old *
histindex_find(const struct histindex_old *o, size_t n, size_t *at,
    const char *name, const struct histindex_file *e)
{
	int	c = 1;

	/* Both lists are sorted by name: walk them together. */
	while (*at < n && (c = strcmp(o[*at].name, name)) < 0)
		(*at)++;
	if (*at >= n || c != 0)
		return NULL;
	if (o[*at].size != e->size || o[*at].ms != e->ms ||
	    o[*at].mns != e->mns)
		return NULL;
	return &o[*at];
}

/* Take a file's entry from the index into h. */
static void
histindex_reuse(struct history *h, const char *path,
    const struct histindex_old *o, const struct histindex_pool *pool,
    struct histindex_file *e, histindex_warn_cb warn, void *arg)
{
	e->kind = o->kind;
	if (o->kind == 'b') {
		e->err = xstrdup(o->err != NULL ? o->err : path);
		warn(e->err, arg);
		return;
	}
	if (o->kind != 'r')
		return;
	e->run = history_add_run(h, path, o->meta[0], o->meta[1], o->meta[2],
	    o->meta[3]);
	e->sum0 = h->nsums;
	history_add_sums(h, pool->v + o->sum0, o->nsums, e->run);
	e->sum1 = h->nsums;
}

/* Read a run file into h; a file that cannot be read is named. */
static void
histindex_read_run(struct history *h, const char *path,
    struct histindex_file *e, histindex_warn_cb warn, void *arg)
{
	struct run	run;
	struct sm_error	err;

	run_init(&run);
	e->sum0 = h->nsums;
	if (csvstore_load(&run, path, &err) != 0) {
		e->kind = 'b';
		e->err = xstrdup(err.msg);
		warn(err.msg, arg);
	} else if (history_add_loaded(h, path, &run)) {
		e->kind = 'r';
		e->run = h->nruns - 1;
	} else
		e->kind = 's';
	e->sum1 = h->nsums;
	run_free(&run);
}

/* A file's size and modification time into e; 0 or -1. */
static int
histindex_stat(const char *path, struct histindex_file *e)
{
	struct stat	sb;

	if (stat(path, &sb) != 0)
		return -1;
	e->size = (long long)sb.st_size;
	e->ms = (long long)sb.st_mtim.tv_sec;
	e->mns = (long long)sb.st_mtim.tv_nsec;
	return 0;
}

/* Whether the new list says the same as the index did. */
static int
histindex_same(const struct histindex_old *o, size_t no,
    const struct histindex_file *e, size_t n, size_t read)
{
	if (read > 0 || no != n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (strcmp(o[i].name, e[i].name) != 0)
			return 0;
	return 1;
}

/* Every NAME.csv of dir into h, through the index at ipath (or none). */
static void
histindex_dir(struct history *h, const char *dir, const char *ipath,
    histindex_warn_cb warn, void *arg, struct histindex_stats *st)
{
	struct histindex_old		*o = NULL;
	struct histindex_pool		 pool = { 0 };
	const struct histindex_old	*hit;
	struct histindex_file		*e;
	char				**names, path[PATH_MAX];
	size_t				 n, no = 0, at = 0, read = 0;

	n = paths_list_csv(dir, &names);
	if (ipath != NULL)
		no = histindex_read(ipath, dir, &o, &pool);
	e = xcalloc(n + 1, sizeof *e);
	for (size_t i = 0; i < n; i++) {
		e[i].name = names[i];
		snprintf(path, sizeof path, "%s/%s.csv", dir, names[i]);
		st->files++;
		if (histindex_stat(path, &e[i]) != 0) {
			e[i].kind = 'b';
			e[i].err = xstrdup(path);
			warn(path, arg);
			st->bad++;
			continue;
		}
		if ((hit = histindex_find(o, no, &at, names[i], &e[i])) != NULL)
			histindex_reuse(h, path, hit, &pool, &e[i], warn,
			    arg);
		else {
			read++;
			histindex_read_run(h, path, &e[i], warn, arg);
		}
		st->bad += e[i].kind == 'b';
	}
	st->read += read;
	if (ipath != NULL && !histindex_same(o, no, e, n, read))
		st->written |= histindex_write(ipath, dir, h, e, n) == 0;
	histindex_old_free(o, no);
	free(pool.v);
	for (size_t i = 0; i < n; i++) {
		free(e[i].err);
		free(names[i]);
	}
	free(e);
	free(names);
}

/* mkdir dir (0700) if it is not there; 0 or -1. */
static int
histindex_mkdir(const char *dir)
{
	struct stat	sb;

	if (mkdir(dir, 0700) == 0 || (errno == EEXIST && lstat(dir, &sb) ==
	    0 && S_ISDIR(sb.st_mode)))
		return 0;
	return -1;
}

/*
 * Where the indexes go: opt (made if missing), else
 * $XDG_CACHE_HOME/sysmark or ~/.cache/sysmark, in buf; NULL for none
 * (opt "none", or no place to make one).
 */
const char *
histindex_cache(const char *opt, char *buf, size_t len)
{
	const char	*xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	int		 n;

	if (opt != NULL && strcmp(opt, "none") == 0)
		return NULL;
	if (opt != NULL)
		return histindex_mkdir(opt) == 0 ? opt : NULL;
	if (xdg != NULL && xdg[0] == '/')
		n = snprintf(buf, len, "%s", xdg);
	else if (home != NULL && home[0] == '/')
		n = snprintf(buf, len, "%s/.cache", home);
	else
		return NULL;
	if (n < 0 || (size_t)n + sizeof "/sysmark" > len ||
	    histindex_mkdir(buf) != 0)
		return NULL;
	strcat(buf, "/sysmark");
	return histindex_mkdir(buf) == 0 ? buf : NULL;
}

/*
 * Where the index of directory dir lives in cache: a name made from a
 * hash of the directory's real path.  0 or -1.
 */
int
histindex_dir_path(const char *dir, const char *cache, char *buf, size_t len,
    struct sm_error *err)
{
	char		real[PATH_MAX];
	uint64_t	hash = 0xcbf29ce484222325ULL;

	if (realpath(dir, real) == NULL) {
		sm_error_set(err, "%s: %s", dir, strerror(errno));
		return -1;
	}
	for (const char *p = real; *p != '\0'; p++)
		hash = (hash ^ (unsigned char)*p) * 0x100000001b3ULL;
	if (snprintf(buf, len, "%s/history-%016llx.idx", cache,
	    (unsigned long long)hash) >= (int)len) {
		sm_error_set(err, "%s: the index's path is too long", cache);
		return -1;
	}
	return 0;
}

/*
 * The runs of paths[0..n) into h: a directory's NAME.csv files through
 * its index in cache (NULL: no index, every file read), a file read as
 * it is.  A file that cannot be read is named through warn and read
 * around, as is an operand that is neither.
 */
void
histindex_load(struct history *h, char *const *paths, size_t n,
    const char *cache, histindex_warn_cb warn, void *arg,
    struct histindex_stats *st)
{
	struct histindex_file	 e;
	struct sm_error		 err;
	struct stat		 sb;
	char			 ipath[PATH_MAX], real[PATH_MAX];

	memset(st, 0, sizeof *st);
	for (size_t i = 0; i < n; i++) {
		if (stat(paths[i], &sb) == 0 && S_ISDIR(sb.st_mode)) {
			if (cache != NULL && realpath(paths[i], real) != NULL &&
			    histindex_dir_path(paths[i], cache, ipath,
			    sizeof ipath, &err) == 0)
				histindex_dir(h, real, ipath, warn, arg, st);
			else
				histindex_dir(h, paths[i], NULL, warn, arg,
				    st);
			continue;
		}
		memset(&e, 0, sizeof e);
		st->files++;
		st->read++;
		histindex_read_run(h, paths[i], &e, warn, arg);
		st->bad += e.kind == 'b';
		free(e.err);
	}
}
