/*
 * The core's store layer: runs on disk: the CSV format (csvstore*.c),
 * saving with a fallback (save.c), saving as it goes (journal.c), baselines
 * (baseline.c).
 *
 * Layers call only down: this header includes the one below it (machine),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_STORE_H
#define SYSMARK_STORE_H

#include "../machine/machine.h"

/* save.c */
enum save_outcome {
	SAVE_OK = 0,
	SAVE_FALLBACK,		/* not where asked, but in a fallback file */
	SAVE_NONE		/* in no file at all */
};
void	 save_dir_of(const char *, char *, size_t);
int	 save_check(const char *self, const char *out, int force,
	     struct sm_error *err);
enum save_outcome save_run(const struct run *run, const char *self,
	     const char *out, int force, char *path, size_t len,
	     struct sm_error *err);
int	 save_claim_default(const struct run *, const char *, char *, size_t,
	     struct sm_error *);
int	 save_fallback(const struct run *, char *, size_t);

/* journal.c: a run saved as it goes, for run --resume */
struct journal {
	char		path[PATH_MAX];
	char		lock[PATH_MAX + 8];	/* path.lock, while held */
	uint64_t	last;		/* when last written, ns */
	int		written;	/* at least once */
	int		claimed;	/* a default name claimed for it */
	int		failed;		/* writes that failed */
	struct sm_error	err;		/* the first failure */
};
int	 journal_begin(struct journal *j, const char *self, const char *out,
	     int force, const struct run *run, struct sm_error *err);
void	 journal_release(struct journal *);
int	 journal_write(struct journal *, struct run *, int);
void	 journal_abandon(struct journal *);

/* csvstore.c: the format; csvstore_read.c, csvstore_write.c */
#define CSVSTORE_FORMAT		5
#define CSVSTORE_MAX_FILE	((off_t)1 << 30)	/* bytes */
#define CSVSTORE_MAX_LINE	(1 << 20)		/* bytes */
#define CSVSTORE_MAX_FACT	(CSVSTORE_MAX_LINE / 4)	/* a meta name and value */
#define CSVSTORE_MAX_SECONDS	1e7	/* a duration or elapsed time */
int	 csvstore_save(const struct run *, const char *, int,
	     struct sm_error *);
int	 csvstore_check_sample(const struct run_sample *, char *, size_t);
int	 csvstore_check(const struct run *, struct sm_error *);
int	 csvstore_print(const struct run *, FILE *);
int	 csvstore_load(struct run *, const char *, struct sm_error *);
int	 csvstore_load_buf(struct run *run, const char *buf, size_t len,
	     const char *name, struct sm_error *err);

/* baseline.c */
size_t	 baseline_list(const char *, char ***);
int	 baseline_resolve(const char *self, const char *arg, struct run *run,
	     struct sm_error *err);

#endif
