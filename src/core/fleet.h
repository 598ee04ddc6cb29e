/*
 * The fleet: sysmark driving many hosts over OpenSSH.  One header for the
 * fleet_*.c files of src/core (kept apart from core.h so that the fleet
 * can be read, and merged, on its own): the inventory and its patterns,
 * the checks every name passes before ssh sees it, the ssh command line,
 * the agent's line protocol, one host's session and the fleet's files.
 */
/* SPDX-License-Identifier: MIT */

#ifndef FLEET_H
#define FLEET_H

#include <sys/types.h>

#include <stddef.h>

#include "core.h"

#define FLEET_MAX_HOSTS		4096	/* in one inventory */
#define FLEET_MAX_PARALLEL	32	/* -f's ceiling and default */

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
int	 fleet_inv_load(struct fleet_inv *, const char *, struct sm_error *);
int	 fleet_inv_parse(struct fleet_inv *, const char *, size_t, const char *,
	     struct sm_error *);
int	 fleet_inv_from_list(struct fleet_inv *, const char *,
	     struct sm_error *);
int	 fleet_inv_member(const struct fleet_inv *, size_t, size_t);
int	 fleet_inv_expand(const char *, char ***, size_t *, struct sm_error *);

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
size_t	 fleet_ssh_exit_argv(const struct fleet_ssh *,
	     const struct fleet_host *, char **, char *, size_t);

#endif
