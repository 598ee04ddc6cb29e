/*
 * signif.c: the distributions and tests against reference values worked
 * out independently (mpmath at 30 digits, and the U test by enumerating
 * every split of the pooled sample), then the verdicts on synthetic
 * samples whose answer is known.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>

#include "testutil.h"
#include "../src/core/core.h"

#define NELEM(a)	(sizeof (a) / sizeof (a)[0])

/* A repeatable normal sample: an LCG through Box-Muller. */
static void
normal_sample(double *v, size_t n, double mean, double cv, uint64_t seed)
{
	double	u1, u2;

	for (size_t i = 0; i < n; i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		u1 = ((double)(seed >> 11) + 1) / 9007199254740993.0;
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		u2 = (double)(seed >> 11) / 9007199254740992.0;
		v[i] = mean * (1 + cv * sqrt(-2 * log(u1)) *
		    cos(2 * 3.14159265358979323846 * u2));
	}
}

static void
test_t_distribution(void **state)
{
	(void)state;
	assert_near(signif_t_twosided(2.0, 3), 0.139325968558843, 1e-10);
	assert_near(signif_t_twosided(0, 7), 1, 1e-12);
	assert_near(signif_t_critical(0.05, 10), 2.22813885198627, 1e-7);
	assert_near(signif_t_critical(0.01, 4.5), 4.27282399301129, 1e-7);
	/* agrees with stats.c's table and, far out, with the normal */
	assert_near(signif_t_critical(0.05, 1), stats_t975(1), 1e-3);
	assert_near(signif_t_critical(0.05, 1e6), 1.959964, 1e-5);
	assert_true(isnan(signif_t_critical(0, 5)));
}

static void
test_welch(void **state)
{
	const double	a[] = { 20.1, 21.3, 19.8, 20.5, 20.9 };
	const double	b[] = { 22.0, 23.1, 21.7, 22.8 };
	const double	one[] = { 20 };
	double		df, p;

	(void)state;
	p = signif_welch(a, NELEM(a), b, NELEM(b), &df);
	assert_near(p, 0.00403594019564658, 1e-10);
	assert_near(df, 6.25460630006138, 1e-10);
	/* symmetric in its arguments */
	assert_near(signif_welch(b, NELEM(b), a, NELEM(a), &df), p, 1e-12);
	assert_true(isnan(signif_welch(a, NELEM(a), one, 1, &df)));
}

static void
test_mwu_exact(void **state)
{
	const double	lo[] = { 1, 2, 3, 4, 5 }, hi[] = { 6, 7, 8, 9, 10 };
	const double	odd[] = { 1, 3, 5, 7, 9 }, even[] = { 2, 4, 6, 8, 10 };
	const double	a[] = { 1.5, 2.5, 3.1, 7, 9, 11 };
	const double	b[] = { 4, 4.5, 5, 6, 12, 13, 14 };

	(void)state;
	/* complete separation: 2 of the C(10,5) = 252 splits */
	assert_near(signif_mwu(lo, 5, hi, 5), 2.0 / 252, 1e-12);
	assert_near(signif_mwu(hi, 5, lo, 5), 2.0 / 252, 1e-12);
	/* 3 against 3 can never go below 2/20 */
	assert_near(signif_mwu(lo, 3, hi, 3), 0.1, 1e-12);
	assert_near(signif_mwu(odd, 5, even, 5), 0.690476190476190, 1e-12);
	assert_near(signif_mwu(a, NELEM(a), b, NELEM(b)), 0.234265734265734,
	    1e-12);
}

static void
test_mwu_ties(void **state)
{
	const double	a[] = { 1, 2, 2, 3, 5 }, b[] = { 2, 3, 3, 4, 6, 7 };
	const double	same[] = { 4, 4, 4 };

	(void)state;
	assert_near(signif_mwu(a, NELEM(a), b, NELEM(b)), 0.163045055854237,
	    1e-12);
	assert_near(signif_mwu(same, 3, same, 3), 1, 0);
}

static void
test_ratio_ci(void **state)
{
	const double	a[] = { 20.1, 21.3, 19.8, 20.5, 20.9 };
	const double	b[] = { 22.0, 23.1, 21.7, 22.8 };
	const double	c[] = { 5, 5, 5 }, d[] = { 6, 6, 6 };
	double		lo, hi;

	(void)state;
	assert_int_equal(signif_ratio_ci(a, NELEM(a), b, NELEM(b), 0.05, &lo,
	    &hi), 0);
	assert_near(lo, 1.04008396678308, 1e-9);
	assert_near(hi, 1.14315190066332, 1e-9);
	/* no spread at all: the interval is the ratio itself */
	assert_int_equal(signif_ratio_ci(c, 3, d, 3, 0.05, &lo, &hi), 0);
	assert_near(lo, 1.2, 1e-12);
	assert_near(hi, 1.2, 1e-12);
	assert_int_equal(signif_ratio_ci(a, 1, b, 4, 0.05, &lo, &hi), -1);
}

static void
test_identical_is_not_significant(void **state)
{
	double		a[10], b[10];
	struct signif	s;

	(void)state;
	normal_sample(a, 10, 100, 0.02, 1);
	normal_sample(b, 10, 100, 0.02, 2);
	signif_compare(a, 10, b, 10, BENCH_HIGHER, 0.05, 0.01, &s);
	assert_int_equal(s.test, SIGNIF_MWU);
	assert_true(s.p > 0.05);
	assert_int_equal(s.verdict, SIGNIF_SAME);
	/* the very same figures */
	signif_compare(a, 10, a, 10, BENCH_HIGHER, 0.05, 0.01, &s);
	assert_near(s.p, 1, 1e-12);
	assert_int_equal(s.verdict, SIGNIF_SAME);
}

static void
test_tight_shift_is_significant(void **state)
{
	double		a[10], b[10];
	struct signif	s;

	(void)state;
	normal_sample(a, 10, 100, 0.005, 3);
	normal_sample(b, 10, 105, 0.005, 4);
	signif_compare(a, 10, b, 10, BENCH_HIGHER, 0.05, 0.01, &s);
	assert_true(s.p < 0.001);
	assert_true(s.lo > 1.03 && s.hi < 1.07);
	assert_int_equal(s.verdict, SIGNIF_BETTER);
	/* the same change for a latency is a loss */
	signif_compare(a, 10, b, 10, BENCH_LOWER, 0.05, 0.01, &s);
	assert_int_equal(s.verdict, SIGNIF_WORSE);
	signif_compare(b, 10, a, 10, BENCH_LOWER, 0.05, 0.01, &s);
	assert_int_equal(s.verdict, SIGNIF_BETTER);
}

static void
test_noisy_shift_is_not(void **state)
{
	double		a[3], b[3];
	struct signif	s;

	(void)state;
	normal_sample(a, 3, 100, 0.20, 5);
	normal_sample(b, 3, 105, 0.20, 6);
	signif_compare(a, 3, b, 3, BENCH_HIGHER, 0.05, 0.01, &s);
	assert_int_equal(s.test, SIGNIF_WELCH);
	assert_true(s.p > 0.05);
	assert_true(s.lo < 1 && s.hi > 1);
	assert_int_equal(s.verdict, SIGNIF_SAME);
}

static void
test_small_change_is_no_win(void **state)
{
	double		a[200], b[200];
	struct signif	s;

	(void)state;
	/* 0.5% is plain to see with CV 0.05%, but under the 1% floor */
	normal_sample(a, 20, 100, 0.0005, 7);
	normal_sample(b, 20, 100.5, 0.0005, 8);
	signif_compare(a, 20, b, 20, BENCH_HIGHER, 0.05, 0.01, &s);
	assert_true(s.p < 0.001);
	assert_int_equal(s.verdict, SIGNIF_SMALL);
	/* with the floor at 0.1% it counts */
	signif_compare(a, 20, b, 20, BENCH_HIGHER, 0.05, 0.001, &s);
	assert_int_equal(s.verdict, SIGNIF_BETTER);
	/* 3% against samples that spread by 5% is no win either */
	normal_sample(a, 200, 100, 0.05, 9);
	normal_sample(b, 200, 103, 0.05, 10);
	signif_compare(a, 200, b, 200, BENCH_HIGHER, 0.05, 0.01, &s);
	assert_true(s.p < 0.05);
	assert_int_equal(s.verdict, SIGNIF_SMALL);
}

/* The U test has the last word: here the interval alone would say yes. */
static void
test_u_test_decides(void **state)
{
	const double	a[] = { 100, 101, 102, 103, 104 };
	const double	b[] = { 102.5, 103.5, 104.5, 105.5, 106.5 };
	struct signif	s;

	(void)state;
	signif_compare(a, 5, b, 5, BENCH_HIGHER, 0.05, 0.01, &s);
	assert_int_equal(s.test, SIGNIF_MWU);
	assert_near(s.p, 1.0 / 18, 1e-12);	/* U = 3: 14 of 252 splits */
	assert_true(s.lo > 1);
	assert_int_equal(s.verdict, SIGNIF_SAME);
	signif_compare(a, 5, b, 5, BENCH_HIGHER, 0.10, 0.01, &s);
	assert_int_equal(s.verdict, SIGNIF_BETTER);
}

static void
test_single_figure_is_not_tested(void **state)
{
	const double	a[] = { 100 }, b[] = { 120, 121, 119 };
	struct signif	s;

	(void)state;
	signif_compare(a, 1, b, 3, BENCH_HIGHER, 0.05, 0.01, &s);
	assert_int_equal(s.verdict, SIGNIF_SINGLE);
	assert_int_equal(s.test, SIGNIF_NONE);
	assert_true(isnan(s.p));
	assert_near(s.ratio, 1.2, 1e-12);
}

/*
 * Figures whose squares overflow (near 1e308, or 1e200 squared) give a NaN
 * p and interval: that must never read as better or worse.
 */
static void
test_huge_figures_are_not_judged(void **state)
{
	const double	a[][3] = { { 1e200, 1.01e200, 0.99e200 },
			    { 4e307, 4.1e307, 3.9e307 } };
	const double	b[][3] = { { 2e200, 2.02e200, 1.98e200 },
			    { 8e307, 8.2e307, 7.8e307 } };
	struct signif	s;

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		signif_compare(a[i], 3, b[i], 3, BENCH_HIGHER, 0.05, 0.01, &s);
		if (s.verdict == SIGNIF_BETTER || s.verdict == SIGNIF_WORSE) {
			assert_true(isfinite(s.p) && s.p < 0.05);
			assert_true(isfinite(s.lo) && isfinite(s.hi));
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t_distribution),
		cmocka_unit_test(test_welch),
		cmocka_unit_test(test_mwu_exact),
		cmocka_unit_test(test_mwu_ties),
		cmocka_unit_test(test_ratio_ci),
		cmocka_unit_test(test_identical_is_not_significant),
		cmocka_unit_test(test_tight_shift_is_significant),
		cmocka_unit_test(test_noisy_shift_is_not),
		cmocka_unit_test(test_small_change_is_no_win),
		cmocka_unit_test(test_u_test_decides),
		cmocka_unit_test(test_single_figure_is_not_tested),
		cmocka_unit_test(test_huge_figures_are_not_judged),
	};

	return cmocka_run_group_tests_name("signif", tests, NULL, NULL);
}
