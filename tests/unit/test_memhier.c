/*
 * The memory hierarchy (memhier.c) and the pointer chase under it
 * (lat_mem_rd.c): the chase visits every element once per lap, the walk
 * before timing is one lap or its cap, plateaus of synthetic curves with
 * known steps give back their levels, and the plot of a saved sweep shows
 * the derived levels beside /sys's caches.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>

#include "testutil.h"
#include "../../src/core/core.h"

static void
test_chase_one_lap(void **state)
{
	const size_t	 strides[] = { 8, 64, 256 };

	(void)state;
	for (size_t k = 0; k < 3; k++) {
		size_t		 size = 64 * 1024, m = size / strides[k];
		char		*base = calloc(1, size);
		unsigned char	*seen = calloc(m, 1);
		void		**head, **p;

		assert_non_null(base);
		assert_non_null(seen);
		head = bench_chase_build(base, size, strides[k], 42);
		assert_non_null(head);
		p = head;
		for (size_t i = 0; i < m; i++) {
			size_t	off = (size_t)((char *)p - base);

			assert_int_equal(off % strides[k], 0);
			assert_true(off < size);
			/* Each element once: a repeat before m steps fails. */
			assert_int_equal(seen[off / strides[k]], 0);
			seen[off / strides[k]] = 1;
			p = *p;
		}
		assert_ptr_equal(p, head);	/* back at the start */
		free(seen);
		free(base);
	}
}

/*
 * The walk before the first batch: a short list is walked one whole lap
 * (back at its start), a list longer than BENCH_CHASE_WARM stops after
 * exactly that many loads.
 */
static void
test_chase_warm(void **state)
{
	size_t		  m = BENCH_CHASE_WARM + 1000, size = m * 8;
	char		 *base = calloc(1, size);
	void		**head, **p;

	(void)state;
	assert_non_null(base);
	head = bench_chase_build(base, 64 * 8, 8, 3);
	assert_non_null(head);
	assert_ptr_equal(bench_chase_warm(head, 64), head);
	head = bench_chase_build(base, size, 8, 3);
	assert_non_null(head);
	p = head;
	for (size_t i = 0; i < BENCH_CHASE_WARM; i++)
		p = *p;
	assert_ptr_not_equal(p, head);
	assert_ptr_equal(bench_chase_warm(head, m), p);
	free(base);
}

static void
test_chase_is_random(void **state)
{
	char	*base = calloc(1, 4096);
	void	**p;
	size_t	 inorder = 0;

	(void)state;
	assert_non_null(base);
	p = bench_chase_build(base, 4096, 64, 7);
	for (int i = 0; i < 64; i++) {
		if ((char *)*p == (char *)p + 64)
			inorder++;
		p = *p;
	}
	/* A sequential list would make every step a +64: prefetchable. */
	assert_true(inorder < 16);
	free(base);
}

/* A curve: sizes 512 B .. 256 MB doubling, latency given by fn. */
static size_t
mh_curve(struct memhier_point *p, double (*fn)(double))
{
	size_t	n = 0;

	for (double s = 512; s <= 256.0 * 1024 * 1024; s *= 2, n++) {
		p[n].size = s;
		p[n].ns = fn(s);
	}
	return n;
}

/* L1 32K 1 ns, L2 512K 4 ns, L3 16M 12 ns, main 80 ns; one step each. */
static double
mh_four(double s)
{
	if (s <= 32 * 1024)
		return 1.0 + (s == 4096 ? 0.05 : 0);	/* a little noise */
	if (s == 64 * 1024)
		return 2.5;				/* transition */
	if (s <= 512 * 1024)
		return 4.0;
	if (s == 1024 * 1024)
		return 7.0;
	if (s <= 16.0 * 1024 * 1024)
		return 12.0;
	if (s == 32.0 * 1024 * 1024)
		return 40.0;
	return 80.0;
}

/* Two caches, and main memory still climbing at the end (TLB misses). */
static double
mh_climbing(double s)
{
	if (s <= 16 * 1024)
		return 2.0;
	if (s <= 1024 * 1024)
		return 10.0;
	return 100.0 * pow(1.4, log2(s / (2.0 * 1024 * 1024)));
}

static void
test_plateaus_four(void **state)
{
	struct memhier_point	p[32];
	struct memhier_level	lv[8];
	size_t			n, np = mh_curve(p, mh_four);

	(void)state;
	n = memhier_levels(p, np, 0, lv, 8);
	assert_int_equal(n, 4);
	assert_string_equal(lv[0].name, "L1");
	assert_near(lv[0].ns, 1.0, 0.05);
	assert_near(lv[0].to, 32 * 1024, 0);
	assert_string_equal(lv[1].name, "L2");
	assert_near(lv[1].ns, 4.0, 1e-9);
	assert_near(lv[1].from, 128 * 1024, 0);
	assert_string_equal(lv[2].name, "L3");
	assert_near(lv[2].ns, 12.0, 1e-9);
	assert_string_equal(lv[3].name, "main");
	assert_near(lv[3].ns, 80.0, 1e-9);
}

static void
test_plateaus_climbing(void **state)
{
	struct memhier_point	p[32];
	struct memhier_level	lv[8];
	size_t			n, np = mh_curve(p, mh_climbing);

	(void)state;
	n = memhier_levels(p, np, 0, lv, 8);
	assert_int_equal(n, 3);
	assert_near(lv[0].ns, 2.0, 1e-9);
	assert_near(lv[1].ns, 10.0, 1e-9);
	assert_string_equal(lv[2].name, "main");
	/* No plateau at the end: main memory is the largest size's. */
	assert_near(lv[2].ns, p[np - 1].ns, 1e-9);
}

/* Told of two caches, the third plateau is main memory, the fourth past it. */
static void
test_plateaus_named_by_caches(void **state)
{
	struct memhier_point	p[32];
	struct memhier_level	lv[8];
	size_t			n, np = mh_curve(p, mh_four);

	(void)state;
	n = memhier_levels(p, np, 2, lv, 8);
	assert_int_equal(n, 4);
	assert_string_equal(lv[1].name, "L2");
	assert_string_equal(lv[2].name, "main");
	assert_near(lv[2].ns, 12.0, 1e-9);
	assert_string_equal(lv[3].name, "main+");
	/* Told of more caches than there are plateaus: the last is main. */
	n = memhier_levels(p, np, 4, lv, 8);
	assert_string_equal(lv[3].name, "main");
}

/*
 * Named by the reported sizes: a level keeps a cache's name only where
 * that cache ends between the plateau and the next one, and the last is
 * main only when it starts past every cache.  A huge reported L3 (a VM
 * passing the host's on) leaves main memory unnamed, not called L3.
 */
static void
test_plateaus_named_by_sizes(void **state)
{
	struct memhier_point	p[32];
	struct memhier_level	lv[8];
	const double		fit[3] = { 32 * 1024, 1 << 20, 16 << 20 };
	const double		huge[3] = { 32 * 1024, 1 << 20, 512u << 20 };
	const double		off[2] = { 4096, 1 << 20 };
	size_t			n, np = mh_curve(p, mh_four);

	(void)state;
	n = memhier_levels(p, np, 0, lv, 8);
	memhier_name_by_sizes(lv, n, fit, 3);
	assert_string_equal(lv[0].name, "L1");
	assert_string_equal(lv[1].name, "L2");
	assert_string_equal(lv[2].name, "L3");
	assert_string_equal(lv[3].name, "main");
	memhier_name_by_sizes(lv, n, huge, 3);
	assert_string_equal(lv[1].name, "L2");
	assert_string_equal(lv[2].name, "level 3");
	assert_string_equal(lv[3].name, "level 4");
	/* An L1 of 4 KB ends inside the first plateau: no name there. */
	memhier_name_by_sizes(lv, n, off, 2);
	assert_string_equal(lv[0].name, "level 1");
	assert_string_equal(lv[1].name, "L2");
	assert_string_equal(lv[2].name, "main");
	assert_string_equal(lv[3].name, "main+");
}

static void
test_sizes(void **state)
{
	char	buf[16];

	(void)state;
	assert_near(memhier_parse_size("512"), 512, 0);
	assert_near(memhier_parse_size("64K"), 65536, 0);
	assert_near(memhier_parse_size("256M"), 256.0 * 1024 * 1024, 0);
	assert_near(memhier_parse_size("64M/s16"), 0, 0);
	assert_near(memhier_parse_size("K"), 0, 0);
	memhier_format_size(32768, buf, sizeof buf);
	assert_string_equal(buf, "32K");
	memhier_format_size(256.0 * 1024 * 1024, buf, sizeof buf);
	assert_string_equal(buf, "256M");
}

/* The saved sweep in tests/data: its curve, levels and caches shown. */
static void
test_show_plot(void **state)
{
	char *const	argv[] = { "sysmark", "show", "tests/data/memcurve.csv",
			    NULL };
	struct tu_out	o;

	(void)state;
	tu_run(argv, &o);
	assert_int_equal(o.status, 0);
	assert_non_null(strstr(o.out, "Memory read latency"));
	assert_non_null(strstr(o.out, "---- L1d ends at 32K"));
	/* The notes wrap at 80 columns, so look for them piece by piece. */
	assert_non_null(strstr(o.out, "Levels read off the plateaus: L1 1 ns "
	    "(512-32K),"));
	assert_non_null(strstr(o.out, "L2 4 ns (128K-512K),"));
	assert_non_null(strstr(o.out, "L3 12 ns"));
	assert_non_null(strstr(o.out, "(2M-16M),"));
	assert_non_null(strstr(o.out, "main 80 ns (64M-256M)"));
	assert_non_null(strstr(o.out, "Caches as the system reports them:"));
	assert_non_null(strstr(o.out, "L1d 32K, L2 512K, L3 16384K"));
	tu_out_free(&o);
}

/*
 * A latency of 0 has no place on a log scale: it once made the plot's bar
 * width log(x / 0), a cast of infinity (undefined).  Run files refuse it
 * now, but a run built in memory may still hold one: it is left off.
 */
static void
test_zero_latency_is_off_the_curve(void **state)
{
	const char		*size[] = { "1K", "2K", "4K" };
	const double		 ns[] = { 0, 1.5, 1.6 };
	struct memhier_point	*p;
	struct run_sample	*s;
	struct table		*t;
	struct run		 run;
	char			*text;

	(void)state;
	run_init(&run);
	for (size_t i = 0; i < 3; i++) {
		s = run_add_sample(&run);
		snprintf(s->test, sizeof s->test, "lat_mem_rd@%s", size[i]);
		snprintf(s->unit, sizeof s->unit, "ns");
		s->copies = s->index = 1;
		s->value = ns[i];
	}
	assert_int_equal(memhier_curve(&run, &p), 2);
	assert_true(p[0].ns > 0);
	free(p);
	assert_non_null(t = memhier_plot(&run));
	text = tu_render(t, TABLE_TEXT);
	assert_null(strstr(text, "1K "));
	assert_non_null(strstr(text, "2K "));
	free(text);
	table_free(t);
	run_free(&run);
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_chase_one_lap),
		cmocka_unit_test(test_chase_warm),
		cmocka_unit_test(test_chase_is_random),
		cmocka_unit_test(test_plateaus_four),
		cmocka_unit_test(test_plateaus_climbing),
		cmocka_unit_test(test_plateaus_named_by_caches),
		cmocka_unit_test(test_plateaus_named_by_sizes),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_show_plot),
		cmocka_unit_test(test_zero_latency_is_off_the_curve),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
