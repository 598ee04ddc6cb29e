/*
 * runner.c as the console drives it: skipping the rest of one test keeps
 * its finished samples and goes on with the next, and the copies list
 * ("1,cpus") parses as the CLI and the console both read it.
 */
/* SPDX-License-Identifier: MIT */

#include <poll.h>

#include "testutil.h"
#include "../src/core/core.h"

struct rec {
	int	samples[2];	/* per bench of the plan */
	int	bench_done;
	int	finished;
	int	cancelled;
	size_t	done, total;
};

static void
rec_cb(const struct runner_event *ev, void *arg)
{
	struct rec	*r = arg;
	int		 which = ev->bench != NULL &&
			    strcmp(ev->bench->id, "pipe") == 0;

	switch (ev->type) {
	case RUNNER_EV_SAMPLE:
		r->samples[which]++;
		break;
	case RUNNER_EV_BENCH_DONE:
		r->bench_done++;
		break;
	case RUNNER_EV_PROGRESS:
		r->done = ev->done;
		r->total = ev->total;
		break;
	case RUNNER_EV_FINISHED:
		r->finished++;
		r->cancelled = ev->cancelled;
		break;
	default:
		break;
	}
}

static void
test_skip_keeps_finished(void **state)
{
	const struct bench	*b[2];
	int			 copies[1] = { 1 };
	struct runner_plan	 plan;
	struct runner		*rn;
	struct run		 run;
	struct rec		 rec;
	struct sm_error		 err;
	struct pollfd		 pfd;
	int			 skipped = 0;

	(void)state;
	b[0] = registry_find("syscall");
	b[1] = registry_find("pipe");
	memset(&plan, 0, sizeof plan);
	plan.benches = b;
	plan.nbench = 2;
	plan.copies = copies;
	plan.ncopies = 1;
	plan.samples = 4;
	plan.duration = 0.1;
	plan.grace = runner_default_grace(plan.duration);
	memset(&rec, 0, sizeof rec);
	run_init(&run);
	rn = runner_start(&plan, &run, rec_cb, &rec, &err);
	assert_non_null(rn);
	for (;;) {
		pfd.fd = runner_fd(rn);
		pfd.events = POLLIN;
		poll(&pfd, 1, runner_timeout_ms(rn));
		if (runner_step(rn))
			break;
		if (!skipped && rec.samples[0] == 1) {
			runner_skip(rn);
			skipped = 1;
		}
	}
	runner_free(rn);
	assert_int_equal(skipped, 1);
	assert_int_equal(rec.samples[0], 1);
	assert_int_equal(rec.samples[1], 4);
	assert_int_equal(rec.bench_done, 2);
	assert_int_equal(rec.finished, 1);
	assert_int_equal(rec.cancelled, 0);
	assert_int_equal(rec.done, rec.total);
	assert_int_equal(run.nsamples, 5);
	runner_note_plan(&plan, &run, 0);
	assert_string_equal(run_meta_get(&run, "samples"), "4");
	assert_string_equal(run_meta_get(&run, "status"), "complete");
	run_free(&run);
}

static void
test_parse_copies(void **state)
{
	struct sm_error	err;
	int		v[3];
	size_t		n;

	(void)state;
	assert_int_equal(runner_parse_copies("1,cpus", v, 3, &n, &err), 0);
	assert_int_equal(n, 2);
	assert_int_equal(v[0], 1);
	assert_int_equal(v[1], sysinfo_ncpu());
	assert_int_equal(runner_parse_copies("2 4", v, 3, &n, &err), 0);
	assert_int_equal(n, 2);
	assert_int_equal(v[1], 4);
	assert_int_equal(runner_parse_copies("1,x", v, 3, &n, &err), -1);
	assert_string_equal(err.msg, "copies 1,x: whole numbers from 1 to "
	    "1024, or cpus");
	assert_int_equal(runner_parse_copies("1,2,3,4", v, 3, &n, &err), -1);
	assert_string_equal(err.msg, "copies 1,2,3,4: at most 3 values");
	assert_int_equal(runner_parse_copies(",", v, 3, &n, &err), -1);
	assert_int_equal(runner_parse_copies("0", v, 3, &n, &err), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_skip_keeps_finished),
		cmocka_unit_test(test_parse_copies),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
