/*
 * Linked into the coverage build of tests/mutate/coverage.py alone
 * (-Wl,--wrap=_exit): a forked child that ends with _exit() skips the
 * atexit handler that writes gcov's counts, so the lines only children
 * run (a workload's loop, the runner's child side) were counted as run
 * by no program, and their mutants "survived" untried.  Each _exit()
 * of sysmark's own code comes here first and writes the counts, past
 * any file size limit the child was under.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/resource.h>

#include <stdnoreturn.h>

void		 __gcov_dump(void);
noreturn void	 __real__exit(int);
noreturn void	 __wrap__exit(int);

noreturn void
__wrap__exit(int status)
{
	struct rlimit	rl;

	/*
	 * A child a test put under a file size limit (a full disk made with
	 * RLIMIT_FSIZE) would cut gcov's own files short, and the counts of
	 * its parent were lost with them: lift the soft limit first.
	 */
	if (getrlimit(RLIMIT_FSIZE, &rl) == 0) {
		rl.rlim_cur = rl.rlim_max;
		(void)setrlimit(RLIMIT_FSIZE, &rl);
	}
	/* Likewise a descriptor limit of 0 (how a test makes poll fail). */
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
		rl.rlim_cur = rl.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &rl);
	}
	__gcov_dump();
	__real__exit(status);
}
