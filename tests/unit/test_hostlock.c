/*
 * The host's lock a fleet's agent measures under: one holder at a time
 * (a second taker is refused with why, as a second agent on the host
 * would be), free again once let go; the file made readable by every
 * account whatever the umask; a link or a FIFO planted in its place
 * refused at once, neither followed nor waited on.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include "testutil.h"

/* One holder; the second refused saying why; free once let go. */
static void
test_one_at_a_time(void **state)
{
	char		dir[] = "/tmp/test_hostlock.XXXXXX", path[64];
	struct sm_error	err;
	struct stat	sb;
	mode_t		was;
	int		a, b;

	(void)state;
	assert_non_null(mkdtemp(dir));
	was = umask(077);
	assert_int_equal(hostlock_take(dir, &a, &err), 0);
	umask(was);
	assert_true(a >= 0);
	snprintf(path, sizeof path, "%s/sysmark-agent.lock", dir);
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0644);
	assert_int_equal(hostlock_take(dir, &b, &err), 1);
	assert_int_equal(b, -1);
	assert_non_null(strstr(err.msg, "another sysmark agent is measuring "
	    "this host now"));
	assert_non_null(strstr(err.msg, path));
	/* Still held: the refusal let nothing go. */
	assert_int_equal(hostlock_take(dir, &b, &err), 1);
	hostlock_release(&a);
	assert_int_equal(a, -1);
	assert_int_equal(hostlock_take(dir, &b, &err), 0);
	hostlock_release(&b);
	hostlock_release(&b);	/* twice: nothing */
	sm_rmtree(dir);
}

/* A link or a FIFO in the lock's place: refused, not followed or waited. */
static void
test_planted(void **state)
{
	char		dir[] = "/tmp/test_hostlock.XXXXXX", path[64];
	char		target[80];
	struct sm_error	err;
	struct stat	sb;
	int		fd;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/sysmark-agent.lock", dir);
	snprintf(target, sizeof target, "%s/elsewhere", dir);
	assert_int_equal(symlink(target, path), 0);
	assert_int_equal(hostlock_take(dir, &fd, &err), -1);
	assert_int_equal(fd, -1);
	assert_int_equal(stat(target, &sb), -1);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(mkfifo(path, 0644), 0);
	assert_int_equal(hostlock_take(dir, &fd, &err), -1);
	assert_non_null(strstr(err.msg, "not a regular file"));
	assert_int_equal(fd, -1);
	sm_rmtree(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_at_a_time),
		cmocka_unit_test(test_planted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
