/*
 * A duet run (run --duet) judged as two sides: its halves split with one
 * test id, each pair's ratio taken from samples taken at once, the
 * verdict on those ratios (which a host drift common to both cannot
 * move, and an unpaired test drowns in), the interference check against
 * the alone figures, and the plans a duet refuses.
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"

#define NPAIR	12

/*
 * A duet of a and b (seconds per execution, lower is better) where the
 * host swings both by up to 60% from pair to pair and b is 3% slower
 * than a in every pair, give or take 0.2%.
 */
static void
duet_run(struct run *run, double slower)
{
	double	fa[NPAIR], fb[NPAIR];

	run_init(run);
	run_meta_set(run, "duet", "1");
	run_meta_set(run, "hostname", "h");
	for (int k = 0; k < NPAIR; k++) {
		double	host = 1 + 0.6 * sin(1.7 * k);
		double	wob = 1 + 0.002 * ((k % 3) - 1);

		fa[k] = 0.010 * host;
		fb[k] = 0.010 * host * slower * wob;
	}
	/* As the runner records them: a and b of each pair in turn. */
	for (int k = 0; k < NPAIR; k++) {
		tu_add_samples(run, "a", 7, "s", &fa[k], 1);
		run->samples[run->nsamples - 1].index = k + 1;
		tu_add_samples(run, "b", 9, "s", &fb[k], 1);
		run->samples[run->nsamples - 1].index = k + 1;
	}
}

/* The judged line of compare DUET. */
static void
duet_judge(const struct run *run, struct signif *s, struct run *h)
{
	struct sm_error		 err;
	const struct run	*pa = &h[0], *pb = &h[1];
	struct compare_side	 a = { &pa, 1, "a" }, b = { &pb, 1, "b" };
	struct compare_opts	 o;
	struct run_group	 g = { "a~b", 1 };

	assert_int_equal(duet_split(run, &h[0], &h[1], &err), 0);
	compare_opts_default(&o);
	assert_true(duet_sides(&a, &b));
	judge_group(&a, &b, &g, BENCH_LOWER, &o, s);
}

/* 3% slower in every pair is found, though the host swung by 60%. */
static void
test_pairs_see_through_drift(void **state)
{
	struct run	run, h[2];
	struct signif	s;

	(void)state;
	duet_run(&run, 1.03);
	duet_judge(&run, &s, h);
	assert_int_equal(s.level, SIGNIF_LEVEL_PAIRS);
	assert_int_equal(s.test, SIGNIF_PAIRED);
	assert_int_equal(s.verdict, SIGNIF_WORSE);
	assert_near(s.ratio, 1.03, 0.002);
	assert_true(s.lo > 1.02 && s.hi < 1.04);
	assert_true(s.detect < 0.011);	/* -e 1% is its floor */
	assert_near(s.df, NPAIR - 1, 1e-9);
	run_free(&h[0]);
	run_free(&h[1]);
	run_free(&run);
}

/*
 * Unpaired, the same figures show nothing: the swing is in both sides'
 * spread.  Pairing is what finds it.
 */
static void
test_unpaired_misses(void **state)
{
	struct run		 run, h[2];
	struct sm_error		 err;
	const struct run	*pa = &h[0], *pb = &h[1];
	struct estimate		 ea, eb;
	struct signif_rule	 r;
	struct signif		 s;
	struct run_group	 g = { "a~b", 1 };

	(void)state;
	duet_run(&run, 1.03);
	assert_int_equal(duet_split(&run, &h[0], &h[1], &err), 0);
	estimate_group(&pa, 1, &g, &ea);
	estimate_group(&pb, 1, &g, &eb);
	tu_rule_default(&r);
	r.dir = BENCH_LOWER;
	signif_judge(&ea, &eb, &r, &s);
	assert_int_equal(s.verdict, SIGNIF_SAME);
	run_free(&h[0]);
	run_free(&h[1]);
	run_free(&run);
}

/* An A/A duet: nothing called, the ratio 1 within its interval. */
static void
test_pairs_aa(void **state)
{
	struct run	run, h[2];
	struct signif	s;

	(void)state;
	duet_run(&run, 1.0);
	duet_judge(&run, &s, h);
	assert_int_equal(s.verdict, SIGNIF_SAME);
	assert_true(s.lo < 1 && s.hi > 1);
	run_free(&h[0]);
	run_free(&h[1]);
	run_free(&run);
}

/* A pair is two samples of one (repeat, index); a lone one is left out. */
static void
test_pairs_matched(void **state)
{
	struct run	run, h[2];
	struct sm_error	err;
	double		*lr;
	size_t		 n;

	(void)state;
	duet_run(&run, 1.03);
	run.samples[5].status = RUN_FAILED;	/* b of pair 3 */
	run.samples[6].repeat = 2;		/* a of pair 4, elsewhere */
	assert_int_equal(duet_split(&run, &h[0], &h[1], &err), 0);
	n = duet_log_ratios(&h[0], &h[1], "a~b", &lr);
	assert_int_equal(n, NPAIR - 2);
	for (size_t i = 0; i < n; i++)
		assert_near(lr[i], log(1.03), 0.003);
	free(lr);
	run_free(&h[0]);
	run_free(&h[1]);
	run_free(&run);
}

/* The halves: one id, the first's version, labels, the meta kept. */
static void
test_split(void **state)
{
	struct run	run, h[2], plain;
	struct sm_error	err;

	(void)state;
	duet_run(&run, 1.03);
	assert_int_equal(duet_split(&run, &h[0], &h[1], &err), 0);
	assert_int_equal(h[0].nsamples, NPAIR);
	assert_string_equal(h[1].samples[0].test, "a~b");
	assert_int_equal(h[1].samples[0].version, 7);
	assert_string_equal(run_meta_get(&h[0], "label"), "a (duet)");
	assert_string_equal(run_meta_get(&h[1], "duet_test"), "b");
	assert_string_equal(run_meta_get(&h[1], "hostname"), "h");
	run_free(&h[0]);
	run_free(&h[1]);
	run_init(&plain);
	tu_add_samples(&plain, "a", 1, "s", (double[]){ 1, 2 }, 2);
	assert_int_equal(duet_split(&plain, &h[0], &h[1], &err), -1);
	assert_non_null(strstr(err.msg, "not a duet"));
	run_free(&plain);
	run_free(&run);
}

/* The alone figures: alike is said so, unequal is a warning. */
static void
test_interference(void **state)
{
	struct run	run, h[2];
	struct sm_error	err;
	char		buf[1024] = "";

	(void)state;
	duet_run(&run, 1.03);
	run_meta_set(&run, "duet_alone.a", "4 0.0095 0.0001");
	run_meta_set(&run, "duet_alone.b", "4 0.0098 0.0001");
	assert_int_equal(duet_split(&run, &h[0], &h[1], &err), 0);
	duet_interference(&h[0], &h[1], buf, sizeof buf);
	assert_non_null(strstr(buf, "slowed each other alike"));
	assert_null(strstr(buf, "warning"));
	run_free(&h[0]);
	run_free(&h[1]);
	/* b alone as fast as a: in the duet it lost 3% more than a did. */
	run_meta_set(&run, "duet_alone.b", "4 0.0085 0.0001");
	assert_int_equal(duet_split(&run, &h[0], &h[1], &err), 0);
	buf[0] = '\0';
	duet_interference(&h[0], &h[1], buf, sizeof buf);
	assert_non_null(strstr(buf, "warning: the duet's commands interfere"));
	run_free(&h[0]);
	run_free(&h[1]);
	run_free(&run);
}

/* A duet is two commands, one copy each, a fixed number of pairs. */
static void
test_plan_check(void **state)
{
	struct plan		p;
	struct command_set	cs = { 0 };
	struct command_opts	co = { 0 };
	struct sm_error		err;

	(void)state;
	plan_init(&p);
	assert_int_equal(command_add(&cs, "a=true", NULL, 0, &co, &err), 0);
	assert_int_equal(command_add(&cs, "b=true", NULL, 0, &co, &err), 0);
	plan_add_commands(&p, command_set_copy(&cs));
	p.duet = 1;
	assert_int_equal(plan_check(&p, &err), 0);
	p.copies[0] = 2;
	assert_int_equal(plan_check(&p, &err), -1);
	assert_non_null(strstr(err.msg, "one copy"));
	p.copies[0] = 1;
	p.target = 0.05;
	assert_int_equal(plan_check(&p, &err), -1);
	p.target = 0;
	p.nbench = 1;
	assert_int_equal(plan_check(&p, &err), -1);
	assert_non_null(strstr(err.msg, "two commands"));
	p.nbench = 2;
	p.benches[1] = registry_find("syscall");
	assert_int_equal(plan_check(&p, &err), -1);
	assert_non_null(strstr(err.msg, "catalog test"));
	p.benches[1] = p.benches[0];
	plan_free(&p);
	command_set_free(&cs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pairs_see_through_drift),
		cmocka_unit_test(test_unpaired_misses),
		cmocka_unit_test(test_pairs_aa),
		cmocka_unit_test(test_pairs_matched),
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_interference),
		cmocka_unit_test(test_plan_check),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
