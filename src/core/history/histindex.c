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
 * The index is binary and compact, read in one sequential read() and
 * used in place: a history of 10,000 runs of the whole catalog holds
 * 1.5 million summaries, and parsing them as text cost seconds
 * (doc/history.md has the measurements, and why not SQLite).  Every
 * string is kept once, in a pool at the end, and named by its offset:
 *
 *   header   magic "SMHIDX\0\0", u32 0x01020304 (the byte order),
 *            u32 version, u64 files, u64 summaries, u64 pool bytes,
 *            u32 the directory, u32 0
 *   files    name host date label commit err build (u32 each, NONE for
 *            none), i64 size, mtime s, mtime ns, u32 summaries, u8 kind,
 *            7 x 0, u64 hash
 *                kind: r run, b bad (err named again each time), s skipped
 *   sums     test unit (u32), i32 version, copies,
 *            f64 mean, relvar, df, u64 samples, u8 direction ('l', 'h'),
 *            3 x 0, f32 busy (others runnable, NaN unknown): in the
 *            files' order
 *   pool     NUL-terminated strings, the last byte NUL
 *
 * The hash (FNV-1a) is of what a file's entry says: its strings and its
 * summaries.  An entry that no longer matches it (a disk's or a hand's
 * change to a mean, its size and time still the file's) is not served:
 * the file is read again and the index rewritten, so its structure being
 * sound is never taken for its content being so.
 *
 * Numbers are in the machine's own order: an index written elsewhere
 * fails the byte-order check and is rebuilt, as a damaged one is.
 *
 * The file is past 800 lines for one reason: the layout above is read
 * and written here alone, so that its offsets and the entries' hash,
 * which both sides must compute alike, are never two copies to keep in
 * step.
 */
/* SPDX-License-Identifier: MIT */

#define _DEFAULT_SOURCE		/* realpath() */

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "history.h"

#define HISTINDEX_MAGIC		"SMHIDX\0\0"
#define HISTINDEX_BOM		0x01020304U
#define HISTINDEX_NONE		UINT32_MAX
#define HISTINDEX_HEAD		48	/* bytes of each part */
#define HISTINDEX_FILE		72
#define HISTINDEX_SUM		56
#define HISTINDEX_NSTR		7	/* strings of a file record */
#define HISTINDEX_F_SIZE	28	/* offsets in a file record */
#define HISTINDEX_F_MS		36
#define HISTINDEX_F_MNS		44
#define HISTINDEX_F_NSUM	52
#define HISTINDEX_F_KIND	56
#define HISTINDEX_F_HASH	64
#define HISTINDEX_S_NUMS	8	/* a summary's numbers: hashed whole */

/* The strings of a file record, in their order. */
enum histindex_str {
	HISTINDEX_NAME, HISTINDEX_HOST, HISTINDEX_DATE, HISTINDEX_LABEL,
	HISTINDEX_COMMIT, HISTINDEX_ERR, HISTINDEX_BUILD
};

/* The index as read: its bytes, checked, used in place. */
struct histindex_old {
	unsigned char		*buf;
	const unsigned char	*files;
	const unsigned char	*sums;
	const char		*pool;
	size_t			 npool;
	size_t			 nfiles;
	size_t			 nsums;
	size_t			*sum0;		/* each file's first summary */
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

/* Bytes that grow, for the index being written. */
struct histindex_buf {
	unsigned char	*p;
	size_t		 len;
	size_t		 cap;
};

/* The string pool being written, each string once (a hash table). */
struct histindex_pool {
	struct histindex_buf	 b;
	uint32_t		*slot;		/* offset + 1; 0 empty */
	size_t			 cap;
	size_t			 n;
	int			 full;		/* past what a u32 names */
};

/* ---- Bytes ---- */

static uint32_t
histindex_u32(const unsigned char *p)
{
	uint32_t	v;

	memcpy(&v, p, sizeof v);
	return v;
}

static uint64_t
histindex_u64(const unsigned char *p)
{
	uint64_t	v;

	memcpy(&v, p, sizeof v);
	return v;
}

static void
histindex_add(struct histindex_buf *b, const void *p, size_t n)
{
	if (b->len + n > b->cap) {
		b->cap = b->cap ? b->cap : 4096;
		while (b->len + n > b->cap)
			b->cap *= 2;
		b->p = xreallocarray(b->p, b->cap, 1);
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static void
histindex_add32(struct histindex_buf *b, uint32_t v)
{
	histindex_add(b, &v, sizeof v);
}

static void
histindex_add64(struct histindex_buf *b, uint64_t v)
{
	histindex_add(b, &v, sizeof v);
}

static void
histindex_addf(struct histindex_buf *b, double v)
{
	histindex_add(b, &v, sizeof v);
}

/* ---- What an entry says, hashed ---- */

static uint64_t
histindex_fnv(uint64_t x, const void *p, size_t n)
{
	const unsigned char	*b = p;

	for (size_t i = 0; i < n; i++)
		x = (x ^ b[i]) * 0x100000001b3ULL;
	return x;
}

/* A string into the hash, NUL and all; NULL apart from "". */
static uint64_t
histindex_fnv_str(uint64_t x, const char *s)
{
	return s != NULL ? histindex_fnv(x, s, strlen(s) + 1) :
	    histindex_fnv(x, "\377", 1);
}

/*
 * The hash of a file entry: its strings (but its name, which finds it),
 * then each of its ns summary records at sums, their strings read from
 * pool and their numbers as their bytes.
 */
static uint64_t
histindex_content_hash(const char *const *str, const unsigned char *sums,
    size_t ns, const char *pool)
{
	uint64_t	x = 0xcbf29ce484222325ULL;

	for (int k = HISTINDEX_HOST; k < HISTINDEX_NSTR; k++)
		x = histindex_fnv_str(x, str[k]);
	for (size_t i = 0; i < ns; i++, sums += HISTINDEX_SUM) {
		x = histindex_fnv_str(x, pool + histindex_u32(sums));
		x = histindex_fnv_str(x, pool + histindex_u32(sums + 4));
		x = histindex_fnv(x, sums + HISTINDEX_S_NUMS,
		    HISTINDEX_SUM - HISTINDEX_S_NUMS);
	}
	return x;
}

/* ---- Reading the index ---- */

/* String off of the pool, NULL for none (checked by histindex_check). */
static const char *
histindex_str(const struct histindex_old *o, uint32_t off)
{
	return off == HISTINDEX_NONE ? NULL : o->pool + off;
}

/* The hash of what the at-th file entry of o says, as written. */
static uint64_t
histindex_entry_hash(const struct histindex_old *o, size_t at)
{
	const unsigned char	*f = o->files + at * HISTINDEX_FILE;
	const char		*str[HISTINDEX_NSTR];

	for (int k = 0; k < HISTINDEX_NSTR; k++)
		str[k] = histindex_str(o, histindex_u32(f + 4 * k));
	return histindex_content_hash(str, o->sums + o->sum0[at] *
	    HISTINDEX_SUM, histindex_u32(f + HISTINDEX_F_NSUM), o->pool);
}

/* Whether off names a string of the pool shorter than max (0: any). */
static int
histindex_str_ok(const struct histindex_old *o, uint32_t off, size_t max,
    int none)
{
	if (off == HISTINDEX_NONE)
		return none;
	if (off >= o->npool)
		return 0;
	return max == 0 || strnlen(o->pool + off, max) < max;
}

/* Whether summary record p can be used as it is. */
static int
histindex_sum_ok(const struct histindex_old *o, const unsigned char *p)
{
	struct history_sum	s;

	return histindex_str_ok(o, histindex_u32(p), sizeof s.test, 0) &&
	    histindex_str_ok(o, histindex_u32(p + 4), sizeof s.unit, 0);
}

/*
 * Every offset and count of the index checked, each file's first
 * summary found: after this the records are used without a doubt.
 * 0 or -1.
 */
static int
histindex_check(struct histindex_old *o, size_t nsums)
{
	const unsigned char	*f;
	size_t			 at = 0;

	o->sum0 = xcalloc(o->nfiles + 1, sizeof *o->sum0);
	for (size_t i = 0; i < o->nfiles; i++) {
		f = o->files + i * HISTINDEX_FILE;
		for (int k = 0; k < HISTINDEX_NSTR; k++)
			if (!histindex_str_ok(o, histindex_u32(f + 4 * k), 0,
			    k != HISTINDEX_NAME))
				return -1;
		if (strchr("rbs", f[HISTINDEX_F_KIND]) == NULL ||
		    f[HISTINDEX_F_KIND] == '\0')
			return -1;
		o->sum0[i] = at;
		if ((at += histindex_u32(f + HISTINDEX_F_NSUM)) > nsums)
			return -1;
	}
	if (at != nsums)
		return -1;
	for (size_t i = 0; i < nsums; i++)
		if (!histindex_sum_ok(o, o->sums + i * HISTINDEX_SUM))
			return -1;
	return 0;
}

/* The bytes of the index at path into o->buf (one read); its size or 0. */
static size_t
histindex_slurp(const char *path, struct histindex_old *o)
{
	struct stat	sb;
	size_t		len, got = 0;
	ssize_t		r;
	int		fd;

	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_NOCTTY)) < 0)
		return 0;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    sb.st_size < HISTINDEX_HEAD || (uintmax_t)sb.st_size > SIZE_MAX) {
		close(fd);
		return 0;
	}
	len = (size_t)sb.st_size;
	o->buf = xmalloc(len);
	while (got < len && ((r = read(fd, o->buf + got, len - got)) > 0 ||
	    (r < 0 && errno == EINTR)))
		got += r > 0 ? (size_t)r : 0;
	close(fd);
	return got == len ? len : 0;
}

/*
 * The index at path for directory dir into o, its files sorted by name
 * as written; 0, or -1 if there is none or it cannot be trusted (o is
 * then empty).
 */
static int
histindex_read(const char *path, const char *dir, struct histindex_old *o)
{
	const unsigned char	*p;
	uint64_t		 nf, ns, np;
	size_t			 len;

	memset(o, 0, sizeof *o);
	if ((len = histindex_slurp(path, o)) == 0)
		goto bad;
	p = o->buf;
	nf = histindex_u64(p + 16);
	ns = histindex_u64(p + 24);
	np = histindex_u64(p + 32);
	if (memcmp(p, HISTINDEX_MAGIC, 8) != 0 ||
	    histindex_u32(p + 8) != HISTINDEX_BOM ||
	    histindex_u32(p + 12) != HISTINDEX_VERSION ||
	    nf > len / HISTINDEX_FILE || ns > len / HISTINDEX_SUM ||
	    np > len || HISTINDEX_HEAD + nf * HISTINDEX_FILE +
	    ns * HISTINDEX_SUM + np != len || np == 0 ||
	    p[len - 1] != '\0')
		goto bad;
	o->nfiles = nf;
	o->nsums = ns;
	o->files = p + HISTINDEX_HEAD;
	o->sums = o->files + nf * HISTINDEX_FILE;
	o->pool = (const char *)(o->sums + ns * HISTINDEX_SUM);
	o->npool = np;
	if (!histindex_str_ok(o, histindex_u32(p + 40), 0, 0) ||
	    strcmp(histindex_str(o, histindex_u32(p + 40)), dir) != 0 ||
	    histindex_check(o, ns) != 0)
		goto bad;
	return 0;
bad:
	free(o->buf);
	free(o->sum0);
	memset(o, 0, sizeof *o);
	return -1;
}

static void
histindex_old_free(struct histindex_old *o)
{
	free(o->buf);
	free(o->sum0);
}

/* ---- Writing it ---- */

static uint64_t
histindex_hash(const char *s)
{
	uint64_t	h = 0xcbf29ce484222325ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

/* The slot of string s in the pool's table: its own, or an empty one. */
static size_t
histindex_slot(const struct histindex_pool *pl, const uint32_t *slot,
    size_t cap, const char *s)
{
	size_t	at = histindex_hash(s) & (cap - 1);

	while (slot[at] != 0 && strcmp((const char *)pl->b.p + slot[at] - 1,
	    s) != 0)
		at = (at + 1) & (cap - 1);
	return at;
}

/* The pool's table twice as large, its strings placed again. */
static void
histindex_pool_grow(struct histindex_pool *pl)
{
	size_t		 cap = pl->cap ? 2 * pl->cap : 1024;
	uint32_t	*slot = xcalloc(cap, sizeof *slot);

	for (size_t i = 0; i < pl->cap; i++)
		if (pl->slot[i] != 0)
			slot[histindex_slot(pl, slot, cap,
			    (const char *)pl->b.p + pl->slot[i] - 1)] =
			    pl->slot[i];
	free(pl->slot);
	pl->slot = slot;
	pl->cap = cap;
}

/* String s's offset in the pool, added once; NONE for NULL. */
static uint32_t
histindex_intern(struct histindex_pool *pl, const char *s)
{
	size_t	at;

	if (s == NULL)
		return HISTINDEX_NONE;
	if (pl->b.len + strlen(s) + 1 >= HISTINDEX_NONE) {
		pl->full = 1;
		return HISTINDEX_NONE;
	}
	if (2 * (pl->n + 1) > pl->cap)
		histindex_pool_grow(pl);
	at = histindex_slot(pl, pl->slot, pl->cap, s);
	if (pl->slot[at] == 0) {
		pl->slot[at] = (uint32_t)pl->b.len + 1;
		histindex_add(&pl->b, s, strlen(s) + 1);
		pl->n++;
	}
	return pl->slot[at] - 1;
}

/* Summary s's record into sb. */
static void
histindex_put_sum(struct histindex_buf *sb, struct histindex_pool *pl,
    const struct history_sum *s)
{
	unsigned char	tail[8] = { (unsigned char)s->dir };
	float		busy = (float)s->busy;

	memcpy(tail + 4, &busy, sizeof busy);
	histindex_add32(sb, histindex_intern(pl, s->test));
	histindex_add32(sb, histindex_intern(pl, s->unit));
	histindex_add32(sb, (uint32_t)s->version);
	histindex_add32(sb, (uint32_t)s->copies);
	histindex_addf(sb, s->mean);
	histindex_addf(sb, s->relvar);
	histindex_addf(sb, s->df);
	histindex_add64(sb, (uint64_t)s->n);
	histindex_add(sb, tail, sizeof tail);
}

/*
 * File e's record into fb, its summaries into sb: the summaries first,
 * so that the record ends with the hash of what it says (written as the
 * reader will find it, from the bytes and strings just put).
 */
static void
histindex_put_file(struct histindex_buf *fb, struct histindex_buf *sb,
    struct histindex_pool *pl, const struct history *h,
    const struct histindex_file *e)
{
	const struct history_run *r = e->kind == 'r' ? &h->runs[e->run] : NULL;
	const char		*str[HISTINDEX_NSTR];
	unsigned char		 tail[8] = { (unsigned char)e->kind };
	size_t			 ns = r != NULL ? e->sum1 - e->sum0 : 0;
	size_t			 at = sb->len;

	str[HISTINDEX_NAME] = e->name;
	str[HISTINDEX_HOST] = r ? r->host : NULL;
	str[HISTINDEX_DATE] = r ? r->date : NULL;
	str[HISTINDEX_LABEL] = r ? r->label : NULL;
	str[HISTINDEX_COMMIT] = r ? r->commit : NULL;
	str[HISTINDEX_ERR] = e->kind == 'b' ? e->err : NULL;
	str[HISTINDEX_BUILD] = r ? r->build : NULL;
	for (size_t i = 0; i < ns; i++)
		histindex_put_sum(sb, pl, &h->sums[e->sum0 + i]);
	for (int k = 0; k < HISTINDEX_NSTR; k++)
		histindex_add32(fb, histindex_intern(pl, str[k]));
	histindex_add64(fb, (uint64_t)e->size);
	histindex_add64(fb, (uint64_t)e->ms);
	histindex_add64(fb, (uint64_t)e->mns);
	histindex_add32(fb, (uint32_t)ns);
	histindex_add(fb, tail, sizeof tail);
	/* A full pool named some string NONE: the index is not written. */
	histindex_add64(fb, pl->full ? 0 : histindex_content_hash(str,
	    ns > 0 ? sb->p + at : NULL, ns, (const char *)pl->b.p));
}

/* All of b to fd; 0 or -1. */
static int
histindex_write_all(int fd, const struct histindex_buf *b)
{
	size_t	done = 0;
	ssize_t	r;

	while (done < b->len) {
		if ((r = write(fd, b->p + done, b->len - done)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		done += (size_t)r;
	}
	return 0;
}

/* The index's parts, in the order of the file: 0 or -1. */
static int
histindex_write_parts(int fd, const char *dir, const struct history *h,
    const struct histindex_file *e, size_t n)
{
	struct histindex_buf	 head = { 0 }, fb = { 0 }, sb = { 0 };
	struct histindex_pool	 pl = { 0 };
	uint32_t		 d;
	int			 rc;

	d = histindex_intern(&pl, dir);
	for (size_t i = 0; i < n; i++)
		histindex_put_file(&fb, &sb, &pl, h, &e[i]);
	histindex_add(&head, HISTINDEX_MAGIC, 8);
	histindex_add32(&head, HISTINDEX_BOM);
	histindex_add32(&head, HISTINDEX_VERSION);
	histindex_add64(&head, (uint64_t)n);
	histindex_add64(&head, (uint64_t)(sb.len / HISTINDEX_SUM));
	histindex_add64(&head, (uint64_t)pl.b.len);
	histindex_add32(&head, d);
	histindex_add32(&head, 0);
	rc = pl.full || histindex_write_all(fd, &head) != 0 ||
	    histindex_write_all(fd, &fb) != 0 ||
	    histindex_write_all(fd, &sb) != 0 ||
	    histindex_write_all(fd, &pl.b) != 0 ? -1 : 0;
	free(head.p);
	free(fb.p);
	free(sb.p);
	free(pl.b.p);
	free(pl.slot);
	return rc;
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
	char	tmp[PATH_MAX];
	int	fd, ok;

	if (snprintf(tmp, sizeof tmp, "%s.XXXXXX", path) >= (int)sizeof tmp ||
	    (fd = mkstemp(tmp)) < 0)
		return -1;
	ok = histindex_write_parts(fd, dir, h, e, n) == 0 && fsync(fd) == 0;
	if (close(fd) != 0 || !ok || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* ---- Scanning ---- */

/* The index's record of name, if it matches the file as it is now. */
static const unsigned char *
histindex_find(const struct histindex_old *o, size_t *at, const char *name,
    const struct histindex_file *e)
{
	const unsigned char	*f = NULL;
	int			 c = 1;

	/* Both lists are sorted by name: walk them together. */
	while (*at < o->nfiles) {
		f = o->files + *at * HISTINDEX_FILE;
		if ((c = strcmp(histindex_str(o, histindex_u32(f)), name)) >= 0)
			break;
		(*at)++;
	}
	if (*at >= o->nfiles || c != 0)
		return NULL;
	if ((long long)histindex_u64(f + HISTINDEX_F_SIZE) != e->size ||
	    (long long)histindex_u64(f + HISTINDEX_F_MS) != e->ms ||
	    (long long)histindex_u64(f + HISTINDEX_F_MNS) != e->mns ||
	    histindex_u64(f + HISTINDEX_F_HASH) != histindex_entry_hash(o,
	    *at))
		return NULL;
	return f;
}

/* Summaries [from, from + n) of the index into h, of run. */
static void
histindex_reuse_sums(struct history *h, const struct histindex_old *o,
    size_t from, size_t n, size_t run)
{
	const unsigned char	*p = o->sums + from * HISTINDEX_SUM;
	struct history_sum	*s;
	float			 busy;

	for (size_t i = 0; i < n; i++, p += HISTINDEX_SUM) {
		s = history_add_sum(h);
		s->run = run;
		strcpy(s->test, histindex_str(o, histindex_u32(p)));
		strcpy(s->unit, histindex_str(o, histindex_u32(p + 4)));
		s->version = (int)histindex_u32(p + 8);
		s->copies = (int)histindex_u32(p + 12);
		memcpy(&s->mean, p + 16, sizeof s->mean);
		memcpy(&s->relvar, p + 24, sizeof s->relvar);
		memcpy(&s->df, p + 32, sizeof s->df);
		s->n = (size_t)histindex_u64(p + 40);
		s->dir = (char)p[48];
		memcpy(&busy, p + 52, sizeof busy);
		s->busy = busy;
	}
}

/* Take file record f (the at-th) from the index into h. */
static void
histindex_reuse(struct history *h, const char *path,
    const struct histindex_old *o, size_t at, struct histindex_file *e,
    histindex_warn_cb warn, void *arg)
{
	const unsigned char	*f = o->files + at * HISTINDEX_FILE;
	const char		*err;

	e->kind = (char)f[HISTINDEX_F_KIND];
	if (e->kind == 'b') {
		err = histindex_str(o, histindex_u32(f + 4 * HISTINDEX_ERR));
		e->err = xstrdup(err != NULL ? err : path);
		warn(e->err, arg);
		return;
	}
	if (e->kind != 'r')
		return;
	e->run = history_add_run(h, path,
	    histindex_str(o, histindex_u32(f + 4 * HISTINDEX_HOST)),
	    histindex_str(o, histindex_u32(f + 4 * HISTINDEX_DATE)),
	    histindex_str(o, histindex_u32(f + 4 * HISTINDEX_LABEL)),
	    histindex_str(o, histindex_u32(f + 4 * HISTINDEX_COMMIT)));
	history_run_build(h, e->run, histindex_str(o, histindex_u32(f +
	    4 * HISTINDEX_BUILD)));
	e->sum0 = h->nsums;
	histindex_reuse_sums(h, o, o->sum0[at],
	    histindex_u32(f + HISTINDEX_F_NSUM), e->run);
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
histindex_same(const struct histindex_old *o, const struct histindex_file *e,
    size_t n, size_t read)
{
	if (read > 0 || o->nfiles != n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (strcmp(histindex_str(o, histindex_u32(o->files +
		    i * HISTINDEX_FILE)), e[i].name) != 0)
			return 0;
	return 1;
}

/*
 * Whether path is a fleet's table (fleet.csv, its first line
 * "host","target",...), which sysmark writes beside the hosts' runs in a
 * fleet's directory: no run, so not read as one nor warned about.
 */
static int
histindex_fleet_table(const char *path)
{
	static const char	head[] = "\"host\",\"target\",";
	char			buf[sizeof head];
	FILE			*f = fopen(path, "r");
	size_t			n;

	if (f == NULL)
		return 0;
	n = fread(buf, 1, sizeof head - 1, f);
	fclose(f);
	return n == sizeof head - 1 && memcmp(buf, head, n) == 0;
}

/* Every NAME.csv of dir into h, through the index at ipath (or none). */
static void
histindex_dir(struct history *h, const char *dir, const char *ipath,
    histindex_warn_cb warn, void *arg, struct histindex_stats *st)
{
	struct histindex_old	 o = { 0 };
	struct histindex_file	*e;
	char			**names, path[PATH_MAX];
	size_t			 n, at = 0, read = 0;

	n = paths_list_csv(dir, &names);
	if (ipath != NULL)
		histindex_read(ipath, dir, &o);
	history_reserve(h, n, o.nsums);
	e = xcalloc(n + 1, sizeof *e);
	for (size_t i = 0; i < n; i++) {
		e[i].name = names[i];
		snprintf(path, sizeof path, "%s/%s.csv", dir, names[i]);
		if (strcmp(names[i], "fleet") == 0 &&
		    histindex_fleet_table(path)) {
			e[i].kind = 's';
			continue;
		}
		st->files++;
		if (histindex_stat(path, &e[i]) != 0) {
			e[i].kind = 'b';
			e[i].err = xstrdup(path);
			warn(path, arg);
			st->bad++;
			continue;
		}
		if (histindex_find(&o, &at, names[i], &e[i]) != NULL)
			histindex_reuse(h, path, &o, at, &e[i], warn, arg);
		else {
			read++;
			histindex_read_run(h, path, &e[i], warn, arg);
		}
		st->bad += e[i].kind == 'b';
	}
	st->read += read;
	if (ipath != NULL && !histindex_same(&o, e, n, read))
		st->written |= histindex_write(ipath, dir, h, e, n) == 0;
	histindex_old_free(&o);
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
