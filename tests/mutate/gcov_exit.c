/*
 * Linked into the coverage build of tests/mutate/coverage.py alone
 * (-Wl,--wrap=_exit): a forked child that ends with _exit() skips the
 * atexit handler that writes gcov's counts, so the lines only children
 * run (a workload's loop, the runner's child side) were counted as run
 * by no program, and their mutants "survived" untried.  Each _exit()
 * of sysmark's own code comes here first and writes the counts.
 */
/* SPDX-License-Identifier: MIT */

#include <stdnoreturn.h>

void		 __gcov_dump(void);
noreturn void	 __real__exit(int);
noreturn void	 __wrap__exit(int);

noreturn void
__wrap__exit(int status)
{
	__gcov_dump();
	__real__exit(status);
}
