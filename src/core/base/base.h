/*
 * The core's base layer: what every part of the core stands on: errors and
 * allocation, the clock and number parsing (util.c), the seeded generator
 * (rng.c), growable text (sbuf.c), private directories (privdir.c), the
 * host's lock an agent measures under (hostlock.c), reading
 * and writing files safely (infile.c, outfile.c), CSV cells and rows
 * (csvcell.c, csvrows.c), text made safe for a terminal (visible.c) and the
 * units figures are given in (units.c).
 *
 * Layers call only down: this header includes the one below it (bench.h),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_BASE_H
#define SYSMARK_BASE_H

#include <sys/types.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdarg.h>

#include "../../bench/bench.h"

#define SYSMARK_VERSION		"0.1.0"

/*
 * The exit statuses, the one list of them: sysmark.1's EXIT STATUS says
 * each in words (tests/e2e/manpage.sh checks the two agree).
 */
enum sm_exit {
	SM_EXIT_OK = 0,
	SM_EXIT_SAMPLE_FAILED = 1,	/* the other samples are kept */
	SM_EXIT_INPUT = 2,		/* usage or input: what and where */
	SM_EXIT_SAVED_ELSEWHERE = 3,	/* the run is in a fallback file */
	SM_EXIT_NOT_SAVED = 4,		/* the run is only on stderr */
	SM_EXIT_GATE = 5,		/* --fail-on tripped (compare, history) */
	SM_EXIT_FLEET_PARTIAL = 6,	/* a host without a complete run */
	SM_EXIT_INTERNAL = 70,		/* sm_fatal(): memory, a broken promise */
	SM_EXIT_INTERRUPTED = 130	/* 128 + SIGINT, as shells say it */
};

/* The most exec takes in one argument on Linux (MAX_ARG_STRLEN). */
#define MIX_MAX_ARG		131072L

/* util.c */
struct sm_error {
	char	msg[256];
};
void	 sm_error_set(struct sm_error *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));
void	 sm_fatal(const char *, ...)
	     __attribute__((format(printf, 1, 2), noreturn));
void	 sm_set_fatal_hook(void (*)(void));
void	*xmalloc(size_t);
void	*xcalloc(size_t n, size_t size);
void	*xreallocarray(void *old, size_t n, size_t size);
char	*xstrdup(const char *);
uint64_t sm_now_ns(void);

int	 sm_parse_double(const char *, double *);
double	 sm_log_frac(double v, double lo, double hi);
int	 sm_parse_int(const char *s, long min, long max, long *out);
int	 sm_rmtree(const char *);
const char *sm_signame(int);

/* rng.c: a small seeded generator, so that an order can be replayed */
struct sm_rng {
	uint64_t	s;
};
void	 sm_rng_seed(struct sm_rng *, uint64_t);
uint64_t sm_rng_next(struct sm_rng *);
double	 sm_rng_normal(struct sm_rng *);
void	 sm_rng_shuffle(struct sm_rng *, size_t *, size_t);

/* infile.c */
#define INFILE_PATH_SHOWN	96	/* a longer path loses its head */
const char *infile_kind(mode_t);
const char *infile_short(const char *, char *, size_t);
FILE	*infile_open(const char *, off_t, struct sm_error *);
size_t	 infile_bom(const char *, size_t);

/* hostlock.c: one fleet agent measuring the host at a time */
int	 hostlock_take(const char *, int *, struct sm_error *);
void	 hostlock_release(int *);

/* privdir.c */
int	 privdir_make(char *, size_t, struct sm_error *);
int	 privdir_make_in(const char *, char *, size_t, struct sm_error *);

/* csvcell.c */
void	 csvcell_add(char **field, size_t max, size_t *n, const void *s,
	     size_t len);
void	 csvcell_clear(char **, size_t, size_t *);

/* units.c: what each unit a test reports in means */
const char *unit_describe(const char *);
const char *unit_at(size_t);

/* visible.c: text from a file or a host, safe to show on a terminal */
#define VISIBLE_LINES	0x1	/* keep newlines (a title, a note) */
size_t	 visible_utf8(const unsigned char *);
size_t	 visible_buf(const char *, char *, size_t, unsigned);
char	*xvisible(const char *, unsigned);	/* util.c */

/* csvrows.c: a small CSV file of rows, each named by its line */
#define CSVROWS_COLS	16
struct csvrows {
	const char	*path;
	struct sm_error	*err;
	void		(*row)(struct csvrows *);
	void		*data;
	char		*field[CSVROWS_COLS];
	size_t		 nfield;	/* may exceed CSVROWS_COLS */
	size_t		 nrec;		/* records before this one */
	size_t		 line;
	size_t		 rec_line;	/* where this record began */
	int		 in_record;
	int		 comment;
	int		 failed;
};
int	 csvrows_read(const char *, void (*)(struct csvrows *),
	     void (*)(struct csvrows *), void *, struct sm_error *);
void	 csvrows_bad(struct csvrows *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));

/* sbuf.c: text that grows; every allocation checked (xmalloc) */
struct sbuf {
	char	*s;		/* NUL-terminated */
	size_t	 len;
	size_t	 cap;
};
void	 sbuf_init(struct sbuf *);
void	 sbuf_free(struct sbuf *);
void	 sbuf_puts(struct sbuf *, const char *);
void	 sbuf_printf(struct sbuf *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));
void	 sbuf_esc(struct sbuf *, const char *);
void	 sbuf_escf(struct sbuf *, const char *, ...)
	     __attribute__((format(printf, 2, 3)));

/* outfile.c */
int	 outfile_write(const char *path, const char *data, size_t len,
	     int replace, struct sm_error *err);

#endif
