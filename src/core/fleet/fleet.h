/*
 * The core's fleet layer: the fleet: sysmark driving many hosts over
 * OpenSSH (fleet_*.c).
 *
 * Layers call only down: this header includes the one below it (history),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_FLEET_H
#define SYSMARK_FLEET_H

#include <sys/types.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "../history/history.h"

#define FLEET_MAX_HOSTS		4096	/* in one inventory */
#define FLEET_MAX_PARALLEL	32	/* -f's ceiling and default */

/*
 * The agent's protocol (src/cmd/cmd_agent.c): the plan is the lines of
 * plan_write_lines() (fleet_plan.c), each at most FLEET_PLAN_LINE_MAX.
 */
#define FLEET_PLAN_HELLO	"sysmark-plan 2"
#define FLEET_PLAN_CALIBRATE	"calibrate"	/* an A/A run: a profile */
#define FLEET_PLAN_LINE_MAX	65536
#define FLEET_LINE_MAX		512
#define FLEET_PLAN_S		30	/* to send the whole plan */
#define FLEET_HEARTBEAT_S	2	/* between heartbeats, both ways */
#define FLEET_HEARTBEAT_LOST_S	15	/* silence that stops a run */
#define FLEET_OUT_SLACK		(1 << 20)	/* output beyond the lines */

/* fleet_inv.c: a plain host list or Ansible's INI inventory */
struct fleet_host {
	char	*name;		/* as the inventory names it */
	char	*addr;		/* ansible_host, else name */
	char	*user;		/* ansible_user, else NULL (ssh's own) */
	char	*key;		/* ansible_ssh_private_key_file, or NULL */
	int	 port;		/* ansible_port or host:port, 0 = ssh's own */
	char	 where[128];	/* path:line of its first mention */
	unsigned set;		/* FLEET_VAR_* given on the host itself */
};
#define FLEET_VAR_HOST	0x1
#define FLEET_VAR_PORT	0x2
#define FLEET_VAR_USER	0x4
#define FLEET_VAR_KEY	0x8
struct fleet_var {
	char	*key;
	char	*value;
	char	 where[128];
};
struct fleet_group {
	char		 *name;
	size_t		 *hosts;	/* indexes into inv->hosts */
	size_t		  nhosts;
	size_t		 *children;	/* indexes into inv->groups */
	size_t		  nchildren;
	struct fleet_var *vars;
	size_t		  nvars;
};
struct fleet_inv {
	struct fleet_host	*hosts;
	size_t			 nhosts;
	struct fleet_group	*groups;	/* [0] is "all" */
	size_t			 ngroups;
};
void	 fleet_inv_init(struct fleet_inv *);
void	 fleet_inv_free(struct fleet_inv *);
int	 fleet_inv_parse(struct fleet_inv *inv, const char *buf, size_t len,
	     const char *path, struct sm_error *err);
int	 fleet_inv_from_list(struct fleet_inv *, const char *,
	     struct sm_error *);
int	 fleet_inv_member(const struct fleet_inv *inv, size_t g, size_t h);
int	 fleet_inv_finish(struct fleet_inv *, const char *, struct sm_error *);
long	 fleet_inv_add_host(struct fleet_inv *, const char *, const char *,
	     struct sm_error *);
long	 fleet_inv_add_group(struct fleet_inv *, const char *, const char *,
	     struct sm_error *);
void	 fleet_inv_add_member(struct fleet_inv *, size_t, size_t);
int	 fleet_inv_add_child(struct fleet_inv *, size_t, size_t, const char *,
	     struct sm_error *);
int	 fleet_inv_add_var(struct fleet_inv *, size_t, const char *,
	     const char *, const char *, struct sm_error *);

/* fleet_inv_load.c: an inventory file, read by the reader it needs */
#define FLEET_INV_MAX_FILE	(1 << 22)	/* bytes */
int	 fleet_inv_load(struct fleet_inv *, const char *, struct sm_error *);

/* fleet_ansible.c: YAML, JSON, scripts, directories: ansible-inventory */
#define FLEET_ANSIBLE_PROG	"ansible-inventory"
#define FLEET_ANSIBLE_S		60		/* its whole run */
#define FLEET_ANSIBLE_MAX_OUT	(1 << 24)	/* bytes of its JSON */
int	 fleet_ansible_load(struct fleet_inv *, const char *,
	     struct sm_error *);

/* fleet_pattern.c: all, a:b, a,b, !a, &a, globs */
int	 fleet_pattern_select(const struct fleet_inv *, const char *,
	     size_t **, size_t *, struct sm_error *);

/* fleet_valid.c: what may reach ssh's argv at all */
int	 fleet_valid_name(const char *);
int	 fleet_valid_addr(const char *);
int	 fleet_valid_user(const char *);
int	 fleet_valid_path(const char *);
int	 fleet_valid_remote_dir(const char *);
int	 fleet_valid_host(const struct fleet_host *, struct sm_error *);
int	 fleet_valid_target(const char *t, char *user, size_t ulen, char *addr,
	     size_t alen, int *port);

/* fleet_ssh.c: ssh's argv, built without a shell */
struct fleet_ssh {
	const char	*ssh;		/* the program, default "ssh" */
	const char	*config;	/* -F FILE, or NULL */
	const char	*control_dir;	/* private 0700 directory, or NULL */
	int		 accept_new;	/* StrictHostKeyChecking=accept-new */
	int		 connect_timeout;	/* seconds */
};
#define FLEET_SSH_MAX_ARGS	40
size_t	 fleet_ssh_argv(const struct fleet_ssh *, const struct fleet_host *,
	     const char *, char **, char *, size_t);
size_t	 fleet_ssh_resolve_argv(const struct fleet_ssh *,
	     const struct fleet_host *, char **, char *, size_t);
size_t	 fleet_ssh_exit_argv(const struct fleet_ssh *,
	     const struct fleet_host *, char **, char *, size_t);

/* fleet_proc.c: one ssh process with its three pipes */
struct fleet_proc {
	pid_t	pid;
	int	in, out, err;		/* our ends, non-blocking */
	int	reaped;
	int	status;			/* exit status, or 128 + signal */
	int	signo;			/* the signal that killed it, or 0 */
};
int	 fleet_proc_start(struct fleet_proc *, char *const [],
	     struct sm_error *);
int	 fleet_proc_start_env(struct fleet_proc *, char *const [],
	     char *const [], struct sm_error *);
int	 fleet_proc_reap(struct fleet_proc *);
void	 fleet_proc_end(struct fleet_proc *);
void	 fleet_proc_close(int *);

/* fleet_sess.c: one host's steps over ssh */
enum fleet_status {
	FLEET_ST_PENDING,
	FLEET_ST_RUNNING,
	FLEET_ST_OK,
	FLEET_ST_FAILED_SAMPLES,
	FLEET_ST_REFUSED,
	FLEET_ST_UNREACHABLE,
	FLEET_ST_AUTH,
	FLEET_ST_HOSTKEY,
	FLEET_ST_NO_BINARY,
	FLEET_ST_LOST,
	FLEET_ST_TIMEOUT,
	FLEET_ST_INTERRUPTED,
	FLEET_ST_FAILED		/* sent more than the plan can make */
};
enum fleet_step {
	FLEET_STEP_PROBE,
	FLEET_STEP_PREP,
	FLEET_STEP_COPY,
	FLEET_STEP_COPY_EXEC,
	FLEET_STEP_AGENT,
	FLEET_STEP_STOP,
	FLEET_STEP_CLEAN,
	FLEET_STEP_COLLECT,
	FLEET_STEP_DONE
};
struct fleet_sess;
/* What every host of one command shares. */
struct fleet_job {
	int		 check_only;	/* fleet check: the probe only */
	int		 collect;	/* fleet collect */
	const char	*plan;		/* the agent's stdin */
	size_t		 plan_len;
	const char	*bin, *exec;	/* this sysmark and its helper */
	size_t		 bin_len, exec_len;
	char		 os[32], arch[32];	/* this host's uname */
	double		 connect_timeout;
	char		 id_dot[72];	/* "FLEET_ID." or "" (fleet_job_id()) */
	/*
	 * What a host may send at most, from the plan: a run file's bytes
	 * and the bytes of its other output (lines, stderr), which go to
	 * its log.  A host that sends more ends failed, its output cut.
	 */
	size_t		 max_file, max_out;	/* fleet_job_caps() */
	/* A whole run file came (s->file, s->file_len, s->cdir). */
	void		(*on_file)(struct fleet_sess *, void *);
	void		*arg;
};
struct fleet_sess {
	const struct fleet_host	*h;
	const struct fleet_ssh	*ssh;
	const struct fleet_job	*job;
	FILE			*log;
	enum fleet_step		 step;
	enum fleet_status	 status;
	char			 reason[640];
	struct fleet_proc	 p;
	uint64_t		 started, ended, step_start, deadline;
	time_t			 wall_start, wall_end;
	uint64_t		 agent_start, agent_end, last_out, next_hb;
	int			 interrupted;
	/* The step's stdin. */
	const char		*feed;
	size_t			 feed_len, feed_off;
	int			 keep_open;
	/* What the host said. */
	char			 line[FLEET_LINE_MAX];
	size_t			 nline;
	char			 errl[FLEET_LINE_MAX];
	size_t			 nerrl;
	char			 errs[1024];	/* this step's stderr */
	char			 last_err[256];
	char			 ssh_err[256];	/* the last not the agent's */
	int			 got_end;
	char			 os[32], arch[32], cpus[16], load[64];
	char			 version[64];
	char			 dir[512];	/* the remote directory */
	char			 bin[512];	/* the remote sysmark */
	char			 cdir[512];	/* collect: the file's dir */
	long			 agent_pid;
	int			 agent_exit;
	int			 samples, errors;
	char			 current[64], figure[64];
	char			*file;		/* a run file coming in */
	size_t			 file_len, file_got, file_cap;
	size_t			 out_got;	/* other bytes, all steps */
	int			 over;		/* 1: past a cap, 2: cut */
	int			 in_file, got_file;
	int			 keep;		/* no CLEAN: its run stays */
	int			 busy;		/* collect: runs still going */
	void			*user;		/* the caller's, per host */
};
const char *fleet_status_name(enum fleet_status);
void	 fleet_sess_init(struct fleet_sess *, const struct fleet_host *,
	     const struct fleet_ssh *, const struct fleet_job *, FILE *);
void	 fleet_sess_start(struct fleet_sess *);
void	 fleet_sess_start_at(struct fleet_sess *, enum fleet_step);
int	 fleet_sess_done(const struct fleet_sess *);
struct pollfd;
size_t	 fleet_sess_fds(const struct fleet_sess *, struct pollfd *);
void	 fleet_sess_step(struct fleet_sess *);
void	 fleet_sess_interrupt(struct fleet_sess *);
void	 fleet_sess_abandon(struct fleet_sess *);
void	 fleet_sess_free(struct fleet_sess *);

/* fleet_plan.c: what a host's agent is told */
void	 fleet_job_caps(struct fleet_job *, const struct plan *, int);
int	 fleet_job_plan(struct fleet_job *job, const struct plan *p,
	     const char *copies, int calibrate, char **buf, size_t *len,
	     struct sm_error *err);

/* fleet_resolve.c: two entries ssh takes to one machine */
int	 fleet_resolve_twins(const struct fleet_ssh *,
	     const struct fleet_host *const *, size_t, struct sm_error *);

/* fleet_valid.c: a fleet's id in a remote directory's name */
void	 fleet_job_id(struct fleet_job *, const char *);
int	 fleet_valid_dir_id(const char *, char *, size_t);

/* fleet_bin.c: what is copied to a host without sysmark */
void	 fleet_bin_uname(struct fleet_job *);
int	 fleet_bin_load(struct fleet_job *job, const char *self, char **bin,
	     char **exec, struct sm_error *err);

/* fleet_loop.c: many hosts at once */
int	 fleet_loop_pass(struct fleet_sess *s, size_t n, size_t parallel,
	     int stop, int *stopped);
int	 fleet_loop_run(struct fleet_sess *s, size_t n, size_t parallel,
	     volatile sig_atomic_t *stop, void (*tick)(void *), void *arg);
int	 fleet_loop_control_dir(char *, size_t, struct sm_error *);
void	 fleet_loop_end_masters(const struct fleet_ssh *,
	     const struct fleet_host *const *, size_t);

/* fleet_out.c: results/fleet-DATE/, fleet.csv, a run saved, checked */
#define FLEET_OUT_NCOLS		12
struct fleet_row {
	char	f[FLEET_OUT_NCOLS][640];	/* fleet.csv's columns */
};
int	 fleet_out_dir(const char *self, const char *base, char *buf,
	     size_t len, char *id, size_t idlen, struct sm_error *err);
int	 fleet_out_profile(const char *self, const char *host, int create,
	     char *buf, size_t len, struct sm_error *err);
FILE	*fleet_out_open(const char *dir, const char *name, const char *ext);
int	 fleet_out_write(const char *, const struct fleet_row *, size_t,
	     struct sm_error *);
void	 fleet_out_row(const struct fleet_sess *, const char *,
	     struct fleet_row *);
int	 fleet_out_save(struct fleet_sess *s, const char *path,
	     const char *id, int force);
int	 fleet_out_read(const char *, struct fleet_row **, size_t *,
	     struct sm_error *);
int	 fleet_out_whole(const struct run *, char *, size_t);
int	 fleet_out_check(const char *dir, struct fleet_row **rows, size_t *n,
	     char *note, size_t len, struct sm_error *err);

/*
 * fleet_run.c: one fleet, whoever drives it (fleet check, run, calibrate
 * and collect on the command line, the console's Hosts screen), on
 * session.c's pattern: begun (the hosts chosen and checked, the binary,
 * the plan, the fleet's directory and id, the control sockets, each
 * host's session and log, fleet.csv written at once), its pipes polled
 * (fleet_run_fds()), stepped, and ended (fleet.csv, collect's clean-up,
 * the master connections, the exit status), speaking only through
 * events.  The front ends draw and print; they never reach a session.
 */
enum fleet_mode {
	FLEET_CHECK,		/* the probe only */
	FLEET_RUN,
	FLEET_CALIBRATE,	/* each host's noise profile */
	FLEET_COLLECT		/* runs left on hosts fetched */
};
enum fleet_ev_kind {
	FLEET_EV_BEGIN,		/* dir, id, nhosts, parallel */
	FLEET_EV_HOST,		/* host's view changed */
	FLEET_EV_NOTE,		/* text: a line for the user */
	FLEET_EV_END		/* rows (fleet.csv's), status */
};
enum fleet_state {
	FLEET_VIEW_WAITING,
	FLEET_VIEW_CONNECTING,
	FLEET_VIEW_MEASURING,	/* the agent runs the plan */
	FLEET_VIEW_FINISHING,
	FLEET_VIEW_DONE
};
/* A host as the front ends show it: every string printable. */
struct fleet_view {
	char		 name[256];
	enum fleet_state state;
	char		 status[32];	/* "connecting", "running", "ok"... */
	int		 ok;		/* done, and as good as the mode asks */
	int		 samples;
	char		 current[64], figure[64];
	char		 reason[640];
	char		 system[72], cpus[16], load[64];	/* check's */
	char		 binary[64];	/* check: sysmark there, or copied */
};
struct fleet_event {
	enum fleet_ev_kind	 kind;
	const char		*dir, *id;	/* BEGIN, END */
	size_t			 nhosts, parallel;	/* BEGIN */
	size_t			 host;		/* HOST */
	const struct fleet_view	*view;		/* HOST */
	const char		*text;		/* NOTE; END: fleet.csv is
						   stale, or NULL */
	const struct fleet_row	*rows;		/* END: nhosts of them */
	int			 status;	/* END: the exit status */
};
struct fleet_conf {
	enum fleet_mode		 mode;
	/* The hosts: an inventory file, --hosts, or one loaded and picked. */
	const char		*inv_path, *hosts, *pattern;
	const struct fleet_inv	*inv;		/* borrowed, with pick */
	const unsigned char	*pick;		/* a flag per inv host */
	const char		*ssh_config;	/* -F */
	int			 accept_new;
	int			 connect_timeout;	/* s; 0: 10 */
	size_t			 parallel;	/* 0: FLEET_MAX_PARALLEL */
	const char		*self;		/* sysmark's own path */
	const struct plan	*plan;		/* run, calibrate: checked */
	const char		*copies;	/* -c as given, or NULL */
	const char		*base;		/* where fleet-DATE goes */
	const char		*ref;		/* -b: a host, or a baseline
						   that must load now */
	void			(*on_event)(const struct fleet_event *,
				     void *);
	void			*arg;
};
#define FLEET_RUN_TICK_MS	200	/* the longest poll between steps */
struct fleet_run;
struct fleet_run *fleet_run_begin(const struct fleet_conf *,
	     struct sm_error *);
size_t	 fleet_run_fds(const struct fleet_run *, struct pollfd *, size_t,
	     int *);
int	 fleet_run_step(struct fleet_run *, int);
int	 fleet_run_end(struct fleet_run *);

/*
 * fleet_dir.c: a fleet's directory read by the one rule fleet show, fleet
 * run's end, report DIR and the console share: fleet.csv (or the rows a
 * run just wrote), a host whose run file is gone or does not load made
 * lost, and the runs that load (ref's host first), with each host's
 * noise profile when asked.
 */
struct fleet_dir {
	struct fleet_row	*rows;
	size_t			 n;
	int			 bad;		/* hosts not ok */
	char			 note[512];	/* what to tell the user */
	struct run		*runs;		/* nruns of them */
	const char		**names;	/* their hosts */
	size_t			 nruns;
	struct run		*profiles;	/* with FLEET_DIR_PROFILES */
	size_t			 nprofiles;	/* how many were found */
};
#define FLEET_DIR_RUNS		0x1
#define FLEET_DIR_PROFILES	0x2
int	 fleet_dir_load(struct fleet_dir *, const char *dir,
	     const struct fleet_row *rows, size_t n, unsigned flags,
	     const char *ref, const char *self, struct sm_error *);
void	 fleet_dir_free(struct fleet_dir *);

#endif
