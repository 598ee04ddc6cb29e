/*
 * sysmark-exec: the small program the exec tests start, so that they
 * measure replacing a process image and not loading sysmark's own 900 KB
 * and its five shared libraries.  It links only the C library, as the
 * programs UnixBench's Execl Throughput and lmbench's lat_proc exec do.
 *
 *   sysmark-exec chain N   exec this program again with N-1, until N is 1,
 *                          then exit 0 (Execl Throughput: a chain of N)
 *   sysmark-exec hello     write "Hello world" and exit 0, even when
 *                          stdout is closed (lat_proc's simple process
 *                          and /bin/sh process)
 *
 * It is built beside sysmark by the Makefile and installed in
 * $(PREFIX)/libexec/sysmark; bench_helper() in src/bench/bench.c finds it.
 * Anything else on its command line is a usage error, status 2.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int
chain(char *self, const char *count)
{
	char			 next[24], *p = next + sizeof next;
	unsigned long long	 left;
	char			*end;

	left = strtoull(count, &end, 10);
	if (*end != '\0' || end == count)
		return 2;
	if (left <= 1)
		return 0;
	/* left - 1 in decimal, without stdio: the chain is the workload. */
	*--p = '\0';
	for (left--; left > 0 || p == next + sizeof next - 1; left /= 10)
		*--p = (char)('0' + left % 10);
	execl(self, self, "chain", p, (char *)NULL);
	return 127;
}

int
main(int argc, char **argv)
{
	static const char	hello[] = "Hello world\n";
	ssize_t			r;

	/*
	 * lat_proc closes the child's stdout, as lmbench does: the write is
	 * part of the work, its EBADF is no failure.
	 */
	if (argc == 2 && strcmp(argv[1], "hello") == 0) {
		r = write(STDOUT_FILENO, hello, sizeof hello - 1);
		(void)r;
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "chain") == 0)
		return chain(argv[0], argv[2]);
	return 2;
}
