/*
 * A fleet's files: results/fleet-DATE/ holds one ordinary run file per
 * host (meta fleet_id and fleet_host, so `sysmark compare` takes them
 * unchanged), each host's log, and fleet.csv, one row per host: host,
 * resolved target, status, exit codes, start, end, seconds, the agent's
 * seconds (the rest is the fleet's own overhead), samples, file, reason.
 * fleet.csv is read back (libcsv) by `fleet show`.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <csv.h>

#include "fleet.h"

static const char *const fleet_out_cols[FLEET_OUT_NCOLS] = {
	"host", "target", "status", "ssh_exit", "agent_exit", "start", "end",
	"seconds", "agent_seconds", "samples", "file", "reason"
};

/* Make results/fleet-DATE (-2, -3... if taken), private; 0 or -1. */
int
fleet_out_dir(const char *self, const char *base, char *buf, size_t len,
    char *id, size_t idlen, struct sm_error *err)
{
	char	dir[PATH_MAX], stamp[32];
	time_t	now = time(NULL);

	if (base != NULL)
		snprintf(dir, sizeof dir, "%s", base);
	else if (paths_results_dir(self, dir, sizeof dir, err) != 0)
		return -1;
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
	for (int n = 1; n < 100; n++) {
		if (n == 1)
			snprintf(id, idlen, "fleet-%s", stamp);
		else
			snprintf(id, idlen, "fleet-%s-%d", stamp, n);
		if (snprintf(buf, len, "%s/%s", dir, id) >= (int)len) {
			sm_error_set(err, "%s: path too long", dir);
			return -1;
		}
		if (mkdir(buf, 0700) == 0)
			return 0;
		if (errno != EEXIST) {
			sm_error_set(err, "%s: %s", buf, strerror(errno));
			return -1;
		}
	}
	sm_error_set(err, "%s: too many fleets named %s", dir, id);
	return -1;
}

/*
 * results/noise-fleet/HOST.csv, where fleet calibrate keeps the host's
 * noise profile (by its inventory name: hosts may share a hostname);
 * the directory is made if create says so.  0, or -1 with err (buf
 * still naming the file when the results directory is known).
 */
int
fleet_out_profile(const char *self, const char *host, int create, char *buf,
    size_t len, struct sm_error *err)
{
	char	dir[PATH_MAX];

	buf[0] = '\0';
	if (paths_results_dir(self, dir, sizeof dir, err) != 0)
		return -1;
	if (snprintf(buf, len, "%s/noise-fleet/%s.csv", dir, host) >=
	    (int)len) {
		buf[0] = '\0';
		sm_error_set(err, "%s/noise-fleet: path too long", dir);
		return -1;
	}
	snprintf(dir + strlen(dir), sizeof dir - strlen(dir), "/noise-fleet");
	if (create && mkdir(dir, 0700) != 0 && errno != EEXIST) {
		sm_error_set(err, "%s: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

/* Open dir/name for writing, new and private (no planted link); or NULL. */
FILE *
fleet_out_open(const char *dir, const char *name, const char *ext)
{
	char	path[PATH_MAX];
	int	fd;

	if (snprintf(path, sizeof path, "%s/%s%s", dir, name, ext) >=
	    (int)sizeof path)
		return NULL;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	    0600);
	return fd < 0 ? NULL : fdopen(fd, "w");
}

/* One CSV field, quoted. */
static void
fleet_out_field(FILE *f, const char *s, int last)
{
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
	}
	fputs(last ? "\"\n" : "\",", f);
}

/*
 * Write fleet.csv in dir; 0, or -1 with the old one left as it was and
 * no temporary file behind (a full disk takes the new one's name but
 * none of its bytes).
 */
int
fleet_out_write(const char *dir, const struct fleet_row *rows, size_t n,
    struct sm_error *err)
{
	char	path[PATH_MAX], tmp[PATH_MAX];
	FILE	*f;
	int	ok, e;

	snprintf(path, sizeof path, "%s/fleet.csv", dir);
	snprintf(tmp, sizeof tmp, "%s/.fleet.csv.tmp", dir);
	unlink(tmp);
	if ((f = fleet_out_open(dir, ".fleet.csv", ".tmp")) == NULL) {
		sm_error_set(err, "%s: %s", tmp, strerror(errno));
		return -1;
	}
	for (size_t c = 0; c < FLEET_OUT_NCOLS; c++)
		fleet_out_field(f, fleet_out_cols[c], c + 1 == FLEET_OUT_NCOLS);
	for (size_t r = 0; r < n; r++)
		for (size_t c = 0; c < FLEET_OUT_NCOLS; c++)
			fleet_out_field(f, rows[r].f[c],
			    c + 1 == FLEET_OUT_NCOLS);
	ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
	e = errno;
	/* Closed whatever happened: a failed write still holds its FILE. */
	if (fclose(f) != 0 && ok) {
		ok = 0;
		e = errno;
	}
	if (ok && rename(tmp, path) != 0) {
		ok = 0;
		e = errno;
	}
	if (ok)
		return 0;
	/* Not left behind: a full disk gave it a name and no bytes. */
	unlink(tmp);
	sm_error_set(err, "%s: %s", path, strerror(e));
	return -1;
}

/*
 * One host's row from its session; file is the saved run or "".  A host
 * still pending has no times, one still running no end yet (fleet.csv is
 * written from the start: see cli_fleet_run.c).
 */
void
fleet_out_row(const struct fleet_sess *s, const char *file,
    struct fleet_row *row)
{
	char	t[64], port[16];
	int	done = fleet_sess_done(s), started = s->started != 0;
	double	secs = !started ? 0 : (double)((done ? s->ended :
		    sm_now_ns()) - s->started) / 1e9;
	double	agent = s->agent_end > s->agent_start ?
		    (double)(s->agent_end - s->agent_start) / 1e9 : 0;
	int	v6 = strchr(s->h->addr, ':') != NULL;

	memset(row, 0, sizeof *row);
	snprintf(row->f[0], sizeof row->f[0], "%s", s->h->name);
	/*
	 * An IPv6 address in brackets, as ssh writes one (fleet_valid.c);
	 * no port where the inventory gave none: ssh's config chose it, and
	 * fleet collect must leave the choice to it again.
	 */
	snprintf(port, sizeof port, ":%d", s->h->port);
	snprintf(row->f[1], sizeof row->f[1], "%s%s%s%s%s%s",
	    s->h->user ? s->h->user : "", s->h->user ? "@" : "",
	    v6 ? "[" : "", s->h->addr, v6 ? "]" : "",
	    s->h->port ? port : "");
	snprintf(row->f[2], sizeof row->f[2], "%s",
	    fleet_status_name(s->status));
	snprintf(row->f[3], sizeof row->f[3], "%d", s->p.status);
	snprintf(row->f[4], sizeof row->f[4], "%d", s->agent_exit);
	strftime(t, sizeof t, "%Y-%m-%dT%H:%M:%S", localtime(&s->wall_start));
	snprintf(row->f[5], sizeof row->f[5], "%s", started ? t : "");
	strftime(t, sizeof t, "%Y-%m-%dT%H:%M:%S", localtime(&s->wall_end));
	snprintf(row->f[6], sizeof row->f[6], "%s", done && started ? t : "");
	snprintf(row->f[7], sizeof row->f[7], "%.2f", secs);
	snprintf(row->f[8], sizeof row->f[8], "%.2f", agent);
	snprintf(row->f[9], sizeof row->f[9], "%d", s->samples);
	snprintf(row->f[10], sizeof row->f[10], "%s", file);
	snprintf(row->f[11], sizeof row->f[11], "%s", s->reason);
}

/*
 * s's run was not kept here: the host ends lost with why (made visible:
 * an error may quote what the host sent), its remote copy kept.
 */
static void
fleet_out_lost(struct fleet_sess *s, const char *fmt, ...)
{
	va_list	ap;
	char	why[sizeof s->reason];

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	s->keep = 1;
	s->status = FLEET_ST_LOST;
	visible_buf(why, s->reason, sizeof s->reason, 0);
}

/* The last part of a path: a host's line has no room for the whole. */
static const char *
fleet_out_base(const char *path)
{
	const char	*slash = strrchr(path, '/');

	return slash != NULL ? slash + 1 : path;
}

/* Why err's save failed, without the path it starts with. */
static const char *
fleet_out_why(const struct sm_error *err, const char *path)
{
	size_t	n = strlen(path);

	if (strncmp(err->msg, path, n) == 0 && strncmp(err->msg + n, ": ", 2)
	    == 0)
		return err->msg + n + 2;
	return err->msg;
}

/*
 * The command that fetches a host's copy of a run not kept at path: a
 * fleet's run (id) into its own directory, whose fleet.csv (written from
 * the fleet's start) fleet collect DIR reads; a noise profile by asking
 * the inventory's hosts.
 */
static void
fleet_out_collect_hint(const char *path, const char *id, char *buf,
    size_t len)
{
	const char	*slash = strrchr(path, '/');

	if (id == NULL || slash == NULL)
		snprintf(buf, len, "sysmark fleet collect -i INVENTORY fetches "
		    "it");
	else
		snprintf(buf, len, "sysmark fleet collect %.*s fetches it",
		    (int)(slash - path), path);
}

/*
 * The run file that came from s: checked by the ordinary loader, tagged
 * fleet_id and fleet_host, saved at path (replaced only with force); 0.
 * Whatever keeps it from path (a full disk, a file in the way), nothing
 * is lost: the run goes to a fallback file as run's would (save_run()),
 * the host's own copy is kept for fleet collect (s->keep: no CLEAN), and
 * the host ends lost, its reason saying where the run is and the command
 * that fetches the host's copy; -1.
 */
int
fleet_out_save(struct fleet_sess *s, const char *path, const char *id,
    int force)
{
	struct sm_error	 err;
	struct run	 run;
	char		 to[PATH_MAX], hint[PATH_MAX + 64];
	int		 rc = -1;

	run_init(&run);
	if (csvstore_load_buf(&run, s->file, s->file_len, s->h->name, &err)
	    != 0) {
		fleet_out_lost(s, "the run that came back does not load: %s",
		    err.msg);
		goto out;
	}
	if (id != NULL)
		run_meta_set(&run, "fleet_id", id);
	run_meta_set(&run, "fleet_host", s->h->name);
	fleet_out_collect_hint(path, id, hint, sizeof hint);
	switch (save_run(&run, NULL, path, force, to, sizeof to, &err)) {
	case SAVE_OK:
		rc = 0;
		break;
	case SAVE_FALLBACK:
		fleet_out_lost(s, "not saved in %s (%s): saved in %s instead; "
		    "its copy stays on the host: %s", fleet_out_base(path),
		    fleet_out_why(&err, path), to, hint);
		break;
	default:
		fleet_out_lost(s, "not saved in %s (%s), nor in a fallback "
		    "file: its copy stays on the host: %s",
		    fleet_out_base(path), fleet_out_why(&err, path), hint);
	}
out:
	run_free(&run);
	return rc;
}

/* ---- Reading fleet.csv ---- */

struct fleet_out_load {
	struct fleet_row	*rows;
	size_t			 n, col, line;
	int			 header, bad;
	int			 short_last;	/* the last row: too few */
};

/* libcsv: one field into the current row. */
static void
fleet_out_on_field(void *s, size_t len, void *arg)
{
	struct fleet_out_load	*ld = arg;
	struct fleet_row	*r;

	if (ld->header || ld->col >= FLEET_OUT_NCOLS) {
		ld->col++;
		return;
	}
	if (ld->col == 0) {
		ld->rows = xreallocarray(ld->rows, ld->n + 1, sizeof *ld->rows);
		memset(&ld->rows[ld->n++], 0, sizeof *ld->rows);
	}
	r = &ld->rows[ld->n - 1];
	snprintf(r->f[ld->col], sizeof r->f[ld->col], "%.*s",
	    (int)(len < sizeof r->f[0] ? len : sizeof r->f[0] - 1),
	    (const char *)s);
	ld->col++;
}

/* libcsv: the end of a row. */
static void
fleet_out_on_row(int c, void *arg)
{
	struct fleet_out_load	*ld = arg;

	(void)c;
	ld->line++;
	ld->short_last = ld->col < FLEET_OUT_NCOLS;
	if (ld->col != FLEET_OUT_NCOLS && !ld->bad)
		ld->bad = (int)ld->line;
	ld->header = 0;
	ld->col = 0;
}

/*
 * Read dir/fleet.csv into *rows (allocated), *n of them; 0, 1 when its
 * last row was cut short (a copy cut off, a disk that filled): that row
 * is left out and err says so; -1 when another row is not whole.
 */
int
fleet_out_read(const char *dir, struct fleet_row **rows, size_t *n,
    struct sm_error *err)
{
	struct fleet_out_load	ld = { NULL, 0, 0, 0, 1, 0, 0 };
	struct csv_parser	p;
	char			path[PATH_MAX], buf[4096];
	size_t			got;
	FILE			*f;

	snprintf(path, sizeof path, "%s/fleet.csv", dir);
	if ((f = fopen(path, "r")) == NULL) {
		sm_error_set(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (csv_init(&p, CSV_STRICT) != 0)
		sm_fatal("csv_init failed");
	while ((got = fread(buf, 1, sizeof buf, f)) > 0)
		if (csv_parse(&p, buf, got, fleet_out_on_field,
		    fleet_out_on_row, &ld) != got && !ld.bad)
			ld.bad = (int)ld.line + 1;
	csv_fini(&p, fleet_out_on_field, fleet_out_on_row, &ld);
	csv_free(&p);
	fclose(f);
	*rows = ld.rows;
	*n = ld.n;
	if (ld.bad > 1 && (size_t)ld.bad == ld.line && ld.short_last) {
		(*n)--;
		sm_error_set(err, "%s:%d: its last row is cut short: that host "
		    "is left out", path, ld.bad);
		return 1;
	}
	if (ld.bad) {
		sm_error_set(err, "%s:%d: expected %d columns (host ... "
		    "reason)", path, ld.bad, FLEET_OUT_NCOLS);
		return -1;
	}
	return 0;
}

/*
 * Whether run came whole: 1, why ""; 0 when it was cut short (status
 * interrupted, or running: a journal its agent never ended), why saying
 * so with the samples it holds.  A run without a status (an older
 * sysmark's) is whole.
 */
int
fleet_out_whole(const struct run *run, char *why, size_t len)
{
	const char	*st = run_meta_get(run, "status");

	why[0] = '\0';
	if (st == NULL || (strcmp(st, "interrupted") != 0 &&
	    strcmp(st, "running") != 0))
		return 1;
	snprintf(why, len, "its run was cut short (%s, %zu sample(s))", st,
	    run->nsamples);
	return 0;
}

/* An ok row whose run was cut short is interrupted, not ok. */
static void
fleet_out_check_whole(struct fleet_row *r, const struct run *run)
{
	char	why[128], was[sizeof r->f[11]];

	if (strcmp(r->f[2], "ok") != 0 || fleet_out_whole(run, why,
	    sizeof why))
		return;
	memcpy(was, r->f[11], sizeof was);
	snprintf(r->f[2], sizeof r->f[2], "interrupted");
	snprintf(r->f[11], sizeof r->f[11], "%s%s%.100s", why, was[0] ?
	    "; " : "", was);
}

/*
 * A row still "running" whose HOST.csv is there: fleet.csv went stale
 * (the disk filled after the run was saved, or the fleet was killed
 * between the two), and the run file, not the row, says how the host
 * ended: ok, as fleet collect would make it, and then checked whole.
 */
static void
fleet_out_check_running(const char *dir, struct fleet_row *r)
{
	char		path[PATH_MAX];
	struct stat	sb;

	if (strcmp(r->f[2], "running") != 0 || r->f[10][0] != '\0' ||
	    !fleet_valid_name(r->f[0]))
		return;
	snprintf(path, sizeof path, "%s/%s.csv", dir, r->f[0]);
	if (lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
		return;
	snprintf(r->f[10], sizeof r->f[10], "%.255s.csv", r->f[0]);
	snprintf(r->f[2], sizeof r->f[2], "ok");
	snprintf(r->f[11], sizeof r->f[11], "fleet.csv is stale (it was "
	    "not rewritten after this host ended): %.260s holds its run",
	    r->f[10]);
}

/*
 * A fleet's directory by the one rule fleet show and report DIR share:
 * fleet.csv read (fleet_out_read(): a last row cut short is left out,
 * said in note), a row left running whose run file is there taken from
 * that file (fleet_out_check_running()), then each host's run file
 * loaded as compare would: a host whose file is gone or does not load
 * is no longer "ok" but "lost", one whose run was cut short
 * "interrupted" (its run is a part), its reason saying why.  The number
 * of hosts not ok (a cut row counts), or -1 with err.
 */
int
fleet_out_check(const char *dir, struct fleet_row **rows, size_t *n,
    char *note, size_t len, struct sm_error *err)
{
	struct sm_error	 lerr;
	struct run	 run;
	char		 path[PATH_MAX];
	int		 rc, bad;

	note[0] = '\0';
	if ((rc = fleet_out_read(dir, rows, n, err)) < 0)
		return -1;
	if (rc == 1)
		snprintf(note, len, "%s", err->msg);
	bad = rc;
	for (size_t i = 0; i < *n; i++) {
		struct fleet_row	*r = &(*rows)[i];

		fleet_out_check_running(dir, r);
		if (r->f[10][0] != '\0') {
			snprintf(path, sizeof path, "%s/%s", dir, r->f[10]);
			run_init(&run);
			rc = csvstore_load(&run, path, &lerr);
			if (rc != 0) {
				snprintf(r->f[2], sizeof r->f[2], "lost");
				snprintf(r->f[11], sizeof r->f[11], "its run "
				    "file does not load: %.200s", lerr.msg);
				r->f[10][0] = '\0';
			} else
				fleet_out_check_whole(r, &run);
			run_free(&run);
		}
		bad += strcmp(r->f[2], "ok") != 0;
	}
	return bad;
}
