/*
 * stats.c against figures worked out by hand; select.c against a sort.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>

#include "testutil.h"
#include "../../src/core/core.h"

static void
test_hand_computed(void **state)
{
	/* mean 5, deviations -3 -1 -1 -1 0 0 2 4: ss 32, var 32/7 */
	const double	v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	struct stats	st;
	double		sd = sqrt(32.0 / 7);

	(void)state;
	stats_compute(v, 8, &st);
	assert_int_equal(st.n, 8);
	assert_near(st.mean, 5.0, 1e-12);
	assert_near(st.median, 4.5, 1e-12);
	assert_near(st.min, 2.0, 0);
	assert_near(st.max, 9.0, 0);
	assert_near(st.sd, sd, 1e-12);
	assert_near(st.cv, sd / 5, 1e-12);
	/* t(0.975, 7) = 2.364624 */
	assert_near(st.ci, 2.364624 * sd / sqrt(8), 1e-5);
}

static void
test_odd_median_unsorted(void **state)
{
	const double	v[] = { 9, 1, 5 };
	struct stats	st;

	(void)state;
	stats_compute(v, 3, &st);
	assert_near(st.median, 5, 0);
	assert_near(st.mean, 5, 1e-12);
	assert_near(st.sd, 4, 1e-12);
	/* t(0.975, 2) = 4.302653; ci = 4.302653 * 4 / sqrt(3) */
	assert_near(st.ci, 4.302653 * 4 / sqrt(3), 1e-5);
}

static void
test_one_and_none(void **state)
{
	const double	v[] = { 42 };
	struct stats	st;

	(void)state;
	stats_compute(v, 1, &st);
	assert_near(st.mean, 42, 0);
	assert_near(st.median, 42, 0);
	assert_true(isnan(st.sd));
	assert_true(isnan(st.ci));
	stats_compute(NULL, 0, &st);
	assert_int_equal(st.n, 0);
	assert_true(isnan(st.mean));
}

/*
 * The critical values of Student's t against the published table:
 * NIST/SEMATECH e-Handbook of Statistical Methods, section 1.3.6.7.2,
 * "Critical Values of the Student's t Distribution" (upper-tail 0.05,
 * 0.025 and 0.005, so two-sided 0.10, 0.05 and 0.01; three decimals).
 */
static void
test_t_quantiles(void **state)
{
	static const struct {
		double	df, p, t;
	} nist[] = {
		{ 1, 0.05, 12.706 }, { 2, 0.05, 4.303 }, { 3, 0.05, 3.182 },
		{ 4, 0.05, 2.776 }, { 5, 0.05, 2.571 }, { 6, 0.05, 2.447 },
		{ 7, 0.05, 2.365 }, { 8, 0.05, 2.306 }, { 9, 0.05, 2.262 },
		{ 10, 0.05, 2.228 }, { 20, 0.05, 2.086 }, { 30, 0.05, 2.042 },
		{ 40, 0.05, 2.021 }, { 60, 0.05, 2.000 }, { 100, 0.05, 1.984 },
		{ 1, 0.10, 6.314 }, { 10, 0.10, 1.812 }, { 30, 0.10, 1.697 },
		{ 1, 0.01, 63.657 }, { 2, 0.01, 9.925 }, { 5, 0.01, 4.032 },
		{ 10, 0.01, 3.169 }, { 30, 0.01, 2.750 }, { 100, 0.01, 2.626 },
	};
	struct stats	st;
	const double	v[] = { 1, 2, 3, 4, 5 };

	(void)state;
	for (size_t i = 0; i < sizeof nist / sizeof nist[0]; i++)
		assert_near(tdist_critical(nist[i].p, nist[i].df), nist[i].t,
		    5e-4);
	/* The normal's 1.959964 far out; none for no df or no level. */
	assert_near(tdist_critical(0.05, 1e6), 1.959964, 1e-5);
	assert_true(isnan(tdist_critical(0.05, 0)));
	assert_true(isnan(tdist_critical(0, 5)));
	/* Back through the tail it came from, to 1e-10. */
	assert_near(tdist_twosided(tdist_critical(0.05, 7.3), 7.3), 0.05,
	    1e-10);
	/* A mean's interval takes the t of n - 1 df: 2.776 for 5 values. */
	stats_compute(v, 5, &st);
	assert_near(st.ci, 2.776445 * sqrt(2.5) / sqrt(5), 1e-5);
}

static void
test_identical_values(void **state)
{
	const double	v[] = { 3, 3, 3, 3 };
	struct stats	st;

	(void)state;
	stats_compute(v, 4, &st);
	assert_near(st.sd, 0, 0);
	assert_near(st.cv, 0, 0);
	assert_near(st.ci, 0, 0);
}

static void
test_outliers(void **state)
{
	/* median 10, deviations 0 0 0 1 1 1 10 (sorted): MAD 1 */
	const double	v[] = { 10, 9, 11, 10, 20, 10, 9 };
	const double	flat[] = { 5, 5, 5, 6 };
	unsigned char	f[7];

	(void)state;
	/* 0.6745 * 10 / 1 = 6.7 > 3.5: only the 20 */
	assert_int_equal(stats_outliers(v, 7, f), 1);
	assert_memory_equal(f, "\0\0\0\0\1\0\0", 7);
	/* MAD 0: anything off the median stands out */
	assert_int_equal(stats_outliers(flat, 4, f), 1);
	assert_int_equal(f[3], 1);
	/* too few values to call any an outlier */
	assert_int_equal(stats_outliers(v + 3, 2, f), 0);
}

/*
 * The modified z-score's cut is 3.5: seven values within 1 of 100 have
 * a MAD of 1, so a value 7 away scores 0.6745 x 7 = 4.72 (an outlier)
 * and one 5 away 3.37 (not).
 */
static void
test_outlier_cut(void **state)
{
	double		v[8] = { 100, 101, 99, 100, 101, 99, 100, 107 };
	unsigned char	flag[8];

	(void)state;
	assert_int_equal(stats_outliers(v, 8, flag), 1);
	assert_int_equal(flag[7], 1);
	assert_int_equal(flag[0], 0);
	v[7] = 105;
	assert_int_equal(stats_outliers(v, 8, flag), 0);
	assert_int_equal(flag[7], 0);
}

/*
 * Selection against a sort: every k-th smallest of a shuffled set with
 * ties, and the median by selection equal to stats_compute()'s (sorted)
 * for odd and even counts.
 */
static void
test_select(void **state)
{
	struct sm_rng	rng;
	struct stats	st;
	double		v[41], w[41], sorted[41];

	(void)state;
	sm_rng_seed(&rng, 3);
	for (size_t n = 1; n <= 41; n++) {
		for (size_t i = 0; i < n; i++)
			v[i] = (double)(sm_rng_next(&rng) % 13);
		memcpy(sorted, v, n * sizeof *v);
		qsort(sorted, n, sizeof *sorted, stats_cmp);
		for (size_t k = 0; k < n; k++) {
			memcpy(w, v, n * sizeof *v);
			assert_true(stats_select(w, n, k) == sorted[k]);
		}
		memcpy(w, v, n * sizeof *v);
		stats_compute(v, n, &st);
		assert_true(stats_median_select(w, n) == st.median);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand_computed),
		cmocka_unit_test(test_odd_median_unsorted),
		cmocka_unit_test(test_one_and_none),
		cmocka_unit_test(test_t_quantiles),
		cmocka_unit_test(test_identical_values),
		cmocka_unit_test(test_outliers),
		cmocka_unit_test(test_outlier_cut),
		cmocka_unit_test(test_select),
	};

	return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
