/*
 * The report's charts and page (svg.c, chart_*.c, html.c, report_html.c)
 * built from fixture runs: scales worked out by hand, each chart's marks
 * where its data puts them (a broken scale moves them and fails), titles,
 * descriptions and units present, the ratio chart in bm_diff's order and
 * told by shape and words as well as colour, text escaped, the page
 * self-contained.  The page is parsed and opened in a browser by
 * tests/e2e/report.sh.
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"
#include "../../src/core/core.h"

#define DATA	"tests/data/"

static void
tc_load(struct run *run, const char *path)
{
	struct sm_error	err;

	run_init(run);
	if (csvstore_load(run, path, &err) != 0)
		fail_msg("%s", err.msg);
}

static size_t
tc_count(const char *hay, const char *needle)
{
	size_t	n = 0;

	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

static void
tc_has(const char *hay, const char *needle)
{
	if (strstr(hay, needle) == NULL)
		fail_msg("missing: %s", needle);
}

/* Every chart: a title and a description first, text as text. */
static void
tc_accessible(const char *svg)
{
	size_t	n = tc_count(svg, "<svg class=\"chart\"");

	assert_true(n > 0);
	assert_int_equal(n, tc_count(svg, "<title id="));
	assert_int_equal(n, tc_count(svg, "<desc id="));
	assert_null(strstr(svg, "<script"));
	assert_null(strstr(svg, "<image"));
}

static void
test_scale_by_hand(void **state)
{
	struct svg_scale	s;
	double			t[64];
	size_t			n;

	(void)state;
	svg_scale_fit(&s, 3, 97, 0);
	assert_near(s.lo, 0, 0);
	assert_near(s.hi, 100, 0);
	s.p0 = 100;
	s.p1 = 300;
	assert_near(svg_scale_px(&s, 25), 150, 1e-9);
	assert_int_equal(svg_scale_ticks(&s, 0, t, 64), 6);	/* 0 ... 100 */
	assert_near(t[1], 20, 1e-9);
	svg_scale_fit(&s, 3, 80, 1);		/* 1-2-5 ends */
	assert_near(s.lo, 2, 0);
	assert_near(s.hi, 100, 0);
	s.p0 = 0;
	s.p1 = 100;
	assert_near(svg_scale_px(&s, 20), 100 * log10(10) / log10(50), 1e-9);
	assert_true(isnan(svg_scale_px(&s, 0)));	/* not on a log scale */
	n = svg_scale_ticks(&s, 0, t, 64);
	assert_int_equal(n, 6);			/* 2 5 10 20 50 100 */
	assert_near(t[0], 2, 1e-9);
	assert_near(t[5], 100, 1e-9);
	svg_scale_fit(&s, 512, 300e6, 2);	/* sizes: powers of two */
	assert_near(s.lo, 512, 0);
	assert_near(s.hi, 536870912, 0);
	/* 21 powers of two thinned to every other one: 11 ticks */
	assert_int_equal(svg_scale_ticks(&s, 1, t, 64), 11);
	assert_near(t[1], 2048, 0);
	assert_near(t[10], 536870912, 0);
	svg_scale_fit(&s, 512, 4000, 2);	/* 4 powers: all of them */
	assert_int_equal(svg_scale_ticks(&s, 1, t, 64), 4);
	assert_near(t[3], 4096, 0);
	svg_scale_fit(&s, 5, 5, 0);		/* one value gets a middle */
	assert_true(s.lo < 5 && s.hi > 5);
}

static void
test_escape(void **state)
{
	struct sbuf	b;

	(void)state;
	sbuf_init(&b);
	sbuf_esc(&b, "a<b>&\"c' \x01");
	assert_string_equal(b.s, "a&lt;b&gt;&amp;&quot;c&#39; \xef\xbf\xbd");
	sbuf_free(&b);
	/* UTF-8 kept; a stray byte, a cut or overlong sequence replaced. */
	sbuf_init(&b);
	sbuf_esc(&b, "\xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x93\x88|\x80|"
	    "\xc3|\xc0\xaf|\xed\xa0\x80|\xe2\x82");
	assert_string_equal(b.s, "\xc3\xa9t\xc3\xa9 \xe2\x82\xac "
	    "\xf0\x9f\x93\x88|\xef\xbf\xbd|\xef\xbf\xbd|\xef\xbf\xbd\xef\xbf\xbd|"
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd|\xef\xbf\xbd\xef\xbf\xbd");
	sbuf_free(&b);
}

/*
 * memcurve.csv: 512 B to 256 MB at 1 to 80 ns.  x: log2 from 512 to
 * 2^28 over pixels 78..616; y: log10 from 1 to 100 over 290..30.
 */
static void
test_memhier_chart(void **state)
{
	const struct run	*rp[1];
	const char		*names[1] = { "memcurve" };
	struct run		 run;
	struct sbuf		 b;

	(void)state;
	tc_load(&run, DATA "memcurve.csv");
	rp[0] = &run;
	sbuf_init(&b);
	assert_int_equal(chart_memhier(&b, rp, names, 1), 1);
	tc_accessible(b.s);
	tc_has(b.s, "size read (bytes)");
	tc_has(b.s, "latency of one load (ns)");
	/* 512 B at 1 ns: the bottom left corner. */
	tc_has(b.s, "x=\"78.0\" y=\"290.0\"");
	/* 64 KB at 2.5 ns: 7 of 19 octaves, log10(2.5) of 2 decades. */
	tc_has(b.s, "x=\"276.2\" y=\"238.3\"");
	/* 256 MB at 80 ns. */
	tc_has(b.s, "x=\"616.0\" y=\"42.6\"");
	/* One path for the one series, a marker a point (+1 in the legend). */
	assert_int_equal(tc_count(b.s, "data-series=\"memcurve\""), 1);
	assert_int_equal(tc_count(b.s, "class=\"s0\""), 20 + 1);
	/* The levels are marked and named. */
	tc_has(b.s, ">L1 1 ns</text>");
	tc_has(b.s, ">L2 4 ns</text>");
	sbuf_free(&b);
	run_free(&run);
}

/*
 * run_small.csv's syscall: 8 samples from 2000 to 9000, mean 5000; x
 * from 2000 to 9000 over pixels 150..616.
 */
static void
test_strip_chart(void **state)
{
	const struct run	*rp[1];
	const char		*names[1] = { "small" };
	struct run_group	 g = { "syscall", 1 };
	struct run		 run;
	struct sbuf		 b;

	(void)state;
	tc_load(&run, DATA "run_small.csv");
	rp[0] = &run;
	sbuf_init(&b);
	chart_strip(&b, rp, names, 1, &g);
	tc_accessible(b.s);
	tc_has(b.s, "System Call Overhead, 1 copy: every sample</title>");
	tc_has(b.s, "figure (lps)");
	/* The mean from estimate.c, where 5000 falls: 3/7 of the way. */
	tc_has(b.s, "<path class=\"mean\" d=\"M349.7 30.0V46.0\">");
	/* Every sample a circle (+1 in the legend); the ends at the ends. */
	assert_int_equal(tc_count(b.s, "href=\"#sm-m0\""), 8 + 1);
	tc_has(b.s, "x=\"150.0\" y=\"36.5\"");	/* #1, 2000 */
	tc_has(b.s, "x=\"616.0\" y=\"39.5\"");	/* #8, 9000 */
	tc_has(b.s, ">warm-up, not counted</text>");
	tc_has(b.s, "<rect class=\"band\"");
	sbuf_free(&b);
	run_free(&run);
}

/* The warm-ups are drawn apart (crosses), repeats on rows of their own. */
static void
test_strip_warmup_repeats(void **state)
{
	const struct run	*rp[1];
	const char		*names[1] = { "r" };
	struct run_group	 g = { "syscall", 1 };
	struct run		 run;
	struct run_sample	*s;
	struct sbuf		 b;

	(void)state;
	run_init(&run);
	for (int rep = 1; rep <= 2; rep++)
		for (int i = 0; i <= 3; i++) {
			s = run_add_sample(&run);
			snprintf(s->test, sizeof s->test, "syscall");
			snprintf(s->unit, sizeof s->unit, "lps");
			s->version = 1;
			s->copies = 1;
			s->index = i;
			s->repeat = rep;
			s->value = 100 + 10 * i + rep;
		}
	rp[0] = &run;
	sbuf_init(&b);
	chart_strip(&b, rp, names, 1, &g);
	assert_int_equal(tc_count(b.s, "href=\"#sm-m5\""), 2 + 1);
	assert_int_equal(tc_count(b.s, "href=\"#sm-m0\""), 6 + 1);
	tc_has(b.s, ">repeat 1</text>");
	tc_has(b.s, ">repeat 2</text>");
	tc_has(b.s, "<title>warm-up 101</title>");
	sbuf_free(&b);
	run_free(&run);
}

/*
 * report_scale.csv: syscall 100, 190, 300 at 1, 2 and 4 copies on 2
 * CPUs.  x: 1 to 4 over 78..616; y: 0 to 400 over 290..30.
 */
static void
test_scaling_chart(void **state)
{
	const struct run	*rp[1];
	const char		*names[1] = { "scale" };
	struct run		 run;
	struct sbuf		 b;

	(void)state;
	tc_load(&run, DATA "report_scale.csv");
	rp[0] = &run;
	sbuf_init(&b);
	assert_int_equal(chart_scaling(&b, rp, names, 1), 1);
	tc_accessible(b.s);
	tc_has(b.s, "throughput, all copies (lps)");
	tc_has(b.s, "copies run at once");
	tc_has(b.s, "data-series=\"scale\" d=\"M78.0 225.0L257.3 166.5"
	    "L616.0 95.0\"");
	/* The ideal: N times the one copy's 100, dashed, no markers. */
	tc_has(b.s, "class=\"dash s1\" data-series=\"ideal: N x one copy\" "
	    "d=\"M78.0 225.0L257.3 160.0L616.0 30.0\"");
	/* The CPU count. */
	tc_has(b.s, "<path class=\"mark\" d=\"M257.3 30.0V290.0\"/>");
	tc_has(b.s, ">2 CPUs</text>");
	sbuf_free(&b);
	b.len = 0;
	sbuf_init(&b);
	assert_int_equal(chart_scaling_test(&b, rp, names, 1, "pipe"), 0);
	assert_int_equal(b.len, 0);
	sbuf_free(&b);
	run_free(&run);
}

/* The y of the k-th point of a series' path: "M78.0 225.0L...". */
static double
tc_path_y(const char *svg, const char *series, int k)
{
	char		 key[128];
	const char	*p;
	double		 x, y = NAN;

	snprintf(key, sizeof key, "data-series=\"%s\" d=\"", series);
	if ((p = strstr(svg, key)) == NULL)
		fail_msg("no series %s", series);
	p += strlen(key);
	for (int i = 0; i <= k; i++) {
		if (sscanf(p + 1, "%lf %lf", &x, &y) != 2)
			fail_msg("%s: no point %d", series, k);
		p = strpbrk(p + 1, "ML");
		if (p == NULL && i < k)
			fail_msg("%s: no point %d", series, k);
	}
	return y;
}

/* Every figure of run times f; with drop, its one-copy samples gone. */
static void
tc_scale_run(struct run *run, double f, int drop)
{
	size_t	k = 0;

	for (size_t i = 0; i < run->nsamples; i++) {
		struct run_sample	*s = &run->samples[i];

		if (drop && s->copies == 1) {
			run_sample_free(s);
			continue;
		}
		s->value *= f;
		for (int c = 0; s->per_copy != NULL && c < s->copies; c++)
			s->per_copy[c] *= f;
		run->samples[k++] = *s;
	}
	run->nsamples = k;
}

/*
 * Two runs on one scaling chart: the ideal is the first run's with a
 * one-copy figure (it starts where that run's curve starts, not where the
 * other's does), whichever run that is: the first given, or the second
 * when the first has no one-copy figure.
 */
static void
test_scaling_ideal_first(void **state)
{
	const struct run	*rp[2];
	const char		*names[2] = { "a", "b" };
	const char		*ideal = "ideal: N x one copy";
	struct run		 ra, rb, rc;
	struct sbuf		 b;

	(void)state;
	tc_load(&ra, DATA "report_scale.csv");
	tc_load(&rb, DATA "report_scale.csv");
	tc_load(&rc, DATA "report_scale.csv");
	tc_scale_run(&rb, 1.5, 0);
	tc_scale_run(&rc, 2, 1);
	for (int first = 0; first < 2; first++) {
		rp[0] = first == 0 ? &ra : &rb;
		rp[1] = first == 0 ? &rb : &ra;
		sbuf_init(&b);
		assert_int_equal(chart_scaling(&b, rp, names, 2), 1);
		assert_true(tc_path_y(b.s, "a", 0) != tc_path_y(b.s, "b", 0));
		if (tc_path_y(b.s, ideal, 0) != tc_path_y(b.s, "a", 0))
			fail_msg("%s first: the ideal starts at y %.1f, its "
			    "one copy at %.1f", first == 0 ? "a (100)" :
			    "a (150)", tc_path_y(b.s, ideal, 0),
			    tc_path_y(b.s, "a", 0));
		sbuf_free(&b);
	}
	/* No one-copy figure in the first run: the second's. */
	rp[0] = &rc;
	rp[1] = &ra;
	sbuf_init(&b);
	assert_int_equal(chart_scaling(&b, rp, names, 2), 1);
	assert_true(tc_path_y(b.s, ideal, 0) == tc_path_y(b.s, "b", 0));
	/* ... twice its 100 at 2 copies: 200, above its own 190. */
	assert_true(tc_path_y(b.s, ideal, 1) < tc_path_y(b.s, "b", 1));
	sbuf_free(&b);
	run_free(&ra);
	run_free(&rb);
	run_free(&rc);
}

/* report_users.csv: 1, 2 and 4 users of seed000; knee as users.c says. */
static void
test_users_chart(void **state)
{
	const struct run	*rp[1];
	const char		*names[1] = { "u" };
	struct users_pct	*p;
	struct run		 run;
	struct sbuf		 b;
	char			 mark[64];
	int			 knee;
	size_t			 n;

	(void)state;
	tc_load(&run, DATA "report_users.csv");
	rp[0] = &run;
	n = users_curve(&run, &p, &knee);
	assert_int_equal(n, 3);
	sbuf_init(&b);
	assert_int_equal(chart_users(&b, rp, names, 1), 1);
	tc_accessible(b.s);
	tc_has(b.s, "response time of a step (ms)");
	/* One path per series; higher percentiles higher up (smaller y). */
	for (int k = 0; k < 3; k++) {
		assert_true(tc_path_y(b.s, "u p90", k) <=
		    tc_path_y(b.s, "u median", k));
		assert_true(tc_path_y(b.s, "u p99", k) <=
		    tc_path_y(b.s, "u p90", k));
	}
	/* The median at 4 users, on a 0-based linear scale of 260 px. */
	assert_true(fabs(290 - tc_path_y(b.s, "u median", 2) -
	    (290 - tc_path_y(b.s, "u p99", 2)) * p[2].p50 / p[2].p99) < 0.2);
	if (knee > 0) {
		snprintf(mark, sizeof mark, "<path class=\"mark\" d=\"M%.1f "
		    "30.0V290.0\"/>", 78 + (knee - 1) * 538.0 / 3);
		tc_has(b.s, mark);
		tc_has(b.s, ">knee</text>");
	}
	free(p);
	sbuf_free(&b);
	run_free(&run);
}

/* The x of the marker whose tooltip starts with test. */
static double
tc_marker_x(const char *svg, const char *test)
{
	char		 key[64];
	const char	*p, *use;
	double		 x;

	snprintf(key, sizeof key, "<title>%s: ", test);
	if ((p = strstr(svg, key)) == NULL)
		fail_msg("no marker for %s", test);
	for (use = p; use > svg && strncmp(use, "<use ", 5) != 0; use--)
		;
	assert_non_null(use = strstr(use, " x=\""));
	x = strtod(use + 4, NULL);
	return x;
}

/*
 * report_b against report_a: syscall doubled (better), spawn the same,
 * pipe halved (worse): rows in that order, each told by class, shape
 * and words; on the log scale x2 and /2 sit equally far from 1.
 */
static void
test_ratio_chart(void **state)
{
	struct run		 ra, rb;
	const struct run	*pa[1] = { &ra }, *pb[1] = { &rb };
	struct compare_side	 a = { pa, 1, "report_a" };
	struct compare_side	 b = { pb, 1, "report_b" };
	struct compare_opts	 o;
	struct sbuf		 s;
	const char		*sys, *spawn, *pipe;
	double			 one, up, down;

	(void)state;
	tc_load(&ra, DATA "report_a.csv");
	tc_load(&rb, DATA "report_b.csv");
	compare_opts_default(&o);
	sbuf_init(&s);
	assert_int_equal(chart_ratio(&s, "ratio-1", &a, &b, &o), 1);
	tc_accessible(s.s);
	sys = strstr(s.s, ">System Call Overhead</text>");
	spawn = strstr(s.s, ">Process Creation</text>");
	pipe = strstr(s.s, ">Pipe Throughput</text>");
	assert_non_null(sys);
	assert_non_null(spawn);
	assert_non_null(pipe);
	assert_true(sys < spawn && spawn < pipe);
	tc_has(s.s, "href=\"#sm-m2\" x=");	/* up: better */
	tc_has(s.s, "class=\"better\"><title>syscall: 2 ");
	tc_has(s.s, "class=\"worse\"><title>pipe: 0.5 ");
	tc_has(s.s, "class=\"same\"><title>spawn: 1 ");
	tc_has(s.s, ">+100.0% better</text>");
	tc_has(s.s, ">-50.0% worse</text>");
	tc_has(s.s, ">~ same</text>");
	one = tc_marker_x(s.s, "spawn");
	up = tc_marker_x(s.s, "syscall");
	down = tc_marker_x(s.s, "pipe");
	assert_true(up > one && one > down);
	assert_true(fabs((up - one) - (one - down)) < 0.15);
	sbuf_free(&s);
	run_free(&ra);
	run_free(&rb);
}

/* Five samples of test around v (spread 1%) into run. */
static void
tc_samples(struct run *run, const char *test, double v)
{
	static const double	f[] = { 0.99, 1.0, 1.01, 0.995, 1.005 };

	for (size_t i = 0; i < 5; i++) {
		struct run_sample	*s = run_add_sample(run);

		snprintf(s->test, sizeof s->test, "%s", test);
		snprintf(s->unit, sizeof s->unit, "%s",
		    strncmp(test, "lat_", 4) == 0 ? "us" : "lps");
		s->version = registry_find(test)->version;
		s->copies = 1;
		s->index = (int)i + 1;
		s->repeat = 1;
		s->value = v * f[i];
		s->status = RUN_OK;
	}
}

/*
 * The ratio chart's figures with better above 1 for both directions: a
 * lower-is-better test faster, slower and the same, beside higher-is-
 * better ones the same three ways; each row's interval holds its ratio,
 * in the tooltip and in the whisker drawn around the marker.
 */
static void
test_ratio_chart_directions(void **state)
{
	static const struct {
		const char	*test;
		double		 old, new, r;
		const char	*word;
	} rows[] = {
		{ "lat_syscall", 1.0, 0.5, 2, "better" },
		{ "lat_syscall_read", 1.0, 2.0, 0.5, "worse" },
		{ "lat_syscall_write", 1.0, 1.0, 1, "~ same" },
		{ "syscall", 100, 200, 2, "better" },
		{ "pipe", 100, 50, 0.5, "worse" },
		{ "spawn", 100, 100, 1, "~ same" },
	};
	struct run		 ra, rb;
	const struct run	*pa[1] = { &ra }, *pb[1] = { &rb };
	struct compare_side	 a = { pa, 1, "a" }, b = { pb, 1, "b" };
	struct compare_opts	 o;
	struct sbuf		 s;
	char			 key[64], word[32];
	const char		*p;
	double			 r, lo, hi, x;

	(void)state;
	run_init(&ra);
	run_init(&rb);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		tc_samples(&ra, rows[i].test, rows[i].old);
		tc_samples(&rb, rows[i].test, rows[i].new);
	}
	compare_opts_default(&o);
	sbuf_init(&s);
	assert_int_equal(chart_ratio(&s, "ratio-d", &a, &b, &o), 1);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		snprintf(key, sizeof key, "<title>%s: ", rows[i].test);
		if ((p = strstr(s.s, key)) == NULL)
			fail_msg("no row for %s", rows[i].test);
		if (sscanf(p + strlen(key), "%lf (95%%: %lf to %lf), %31[^<]",
		    &r, &lo, &hi, word) != 4)
			fail_msg("%s: %.80s", rows[i].test, p);
		if (fabs(r / rows[i].r - 1) > 1e-3 || !(lo < r && r < hi) ||
		    strcmp(word, rows[i].word) != 0)
			fail_msg("%s: %g (%g to %g), %s", rows[i].test, r, lo,
			    hi, word);
		/* The whisker: the last err path before the marker. */
		x = tc_marker_x(s.s, rows[i].test);
		{
			const char	*e = NULL, *q = s.s;
			double		 x0, x1, y;

			while ((q = strstr(q, "<path class=\"err ")) != NULL &&
			    q < p) {
				e = q;
				q++;
			}
			assert_non_null(e);
			assert_non_null(e = strstr(e, " d=\"M"));
			assert_int_equal(sscanf(e + 5, "%lf %lfH%lf", &x0, &y,
			    &x1), 3);
			if (!(x0 < x && x < x1))
				fail_msg("%s: whisker %g to %g, marker %g",
				    rows[i].test, x0, x1, x);
		}
	}
	sbuf_free(&s);
	run_free(&ra);
	run_free(&rb);
}

/*
 * A series' name in its data-series attribute, by each kind of
 * character: the markup ones (& < > " ') escaped, a control byte
 * replaced, plain text and UTF-8 kept; the attribute never ends early.
 */
static void
test_series_name_escaped(void **state)
{
	static const struct {
		const char	*name, *attr;
	} cases[] = {
		{ "plain", "plain" },
		{ "a&b", "a&amp;b" },
		{ "<b>", "&lt;b&gt;" },
		{ "say \"hi\"", "say &quot;hi&quot;" },
		{ "it's", "it&#39;s" },
		{ "caf\xc3\xa9", "caf\xc3\xa9" },
		{ "\" onmouseover=\"x", "&quot; onmouseover=&quot;x" },
	};
	const double	x[] = { 1, 2 }, y[] = { 3, 4 };
	char		want[128];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct sbuf	b;
		struct svg	g;
		const char	*p, *q;

		sbuf_init(&b);
		svg_begin(&g, &b, 640, 320, "c", "t", "d");
		svg_scale_fit(&g.x, 1, 2, 0);
		svg_scale_fit(&g.y, 3, 4, 0);
		svg_line_data(&g, x, y, 2, "s1", cases[i].name);
		snprintf(want, sizeof want, "data-series=\"%s\" d=\"M",
		    cases[i].attr);
		tc_has(b.s, want);
		/* Between its quotes, no quote or markup of the name's own. */
		assert_non_null(p = strstr(b.s, "data-series=\""));
		p += strlen("data-series=\"");
		assert_non_null(q = strchr(p, '"'));
		assert_int_equal((size_t)(q - p), strlen(cases[i].attr));
		sbuf_free(&b);
	}
	/* A control byte is never written as itself. */
	{
		struct sbuf	b;
		struct svg	g;

		sbuf_init(&b);
		svg_begin(&g, &b, 640, 320, "c", "t", "d");
		svg_scale_fit(&g.x, 1, 2, 0);
		svg_scale_fit(&g.y, 3, 4, 0);
		svg_line_data(&g, x, y, 2, "s1", "esc\x1b[2J");
		assert_null(strchr(b.s, '\x1b'));
		sbuf_free(&b);
	}
}

static void
test_html_table(void **state)
{
	struct table	*t = table_new("Title <1>\nline 2");
	struct sbuf	 b;
	size_t		 r;

	(void)state;
	table_add_col(t, "TEST", TABLE_LEFT);
	table_add_col(t, "RESULT", TABLE_RIGHT);
	table_add_section(t, "Group & co");
	r = table_add_row(t);
	table_set(t, r, 0, "a<b");
	table_set(t, r, 1, "1.5");
	table_add_note(t, "note \"quoted\"");
	sbuf_init(&b);
	html_table(&b, t, NULL);
	tc_has(b.s, "<p class=\"cap\" aria-hidden=\"true\">Title &lt;1&gt;\n"
	    "line 2</p>");
	tc_has(b.s, "<caption class=\"vh\">Title &lt;1&gt;\nline 2</caption>");
	tc_has(b.s, "<th scope=\"col\" class=\"n\">RESULT</th>");
	tc_has(b.s, "<tr class=\"sec\"><th colspan=\"2\" scope=\"colgroup\">"
	    "Group &amp; co</th></tr>");
	tc_has(b.s, "<tr><th scope=\"row\">a&lt;b</th><td class=\"n\">1.5"
	    "</td></tr>");
	tc_has(b.s, "<li>note &quot;quoted&quot;</li>");
	sbuf_free(&b);
	table_free(t);
}

/* The page of one run: self-contained, facts, tables, charts. */
static void
test_report_page(void **state)
{
	const struct run	*rp[1];
	const char		*names[1] = { "small" };
	struct compare_opts	 o;
	struct report_html	 h;
	struct run		 run;
	struct sbuf		 b;
	const char		*p;

	(void)state;
	tc_load(&run, DATA "run_small.csv");
	run_meta_set(&run, "label", "nightly <rc1>");
	rp[0] = &run;
	compare_opts_default(&o);
	h = (struct report_html){ rp, names, 1, -1, NULL, NULL, &o, "t" };
	sbuf_init(&b);
	report_html(&b, &h);
	assert_true(strncmp(b.s, "<!DOCTYPE html>", 15) == 0);
	tc_has(b.s, "content=\"default-src 'none'; style-src 'unsafe-inline'"
	    "\"");
	tc_has(b.s, "<td>nightly &lt;rc1&gt;</td>");
	/* A fact the run did not record has no row; the headline first. */
	assert_null(strstr(b.s, "<th scope=\"row\">CPU governor</th>"));
	tc_has(b.s, "<main>\n<p id=\"headline\"><strong>The machine was "
	    "idle in the run. </strong>Host: testbox.</p>");
	tc_has(b.s, "@media print{@page{size:A4");
	tc_has(b.s, "prefers-color-scheme:dark");
	tc_has(b.s, "<th scope=\"row\">System Call Overhead</th>");
	tc_has(b.s, "id=\"strip-syscall-1\"");
	tc_has(b.s, "id=\"strip-pipe-2\"");
	tc_accessible(b.s);
	/* Nothing to fetch: the only URL is SVG's namespace. */
	for (p = b.s; (p = strstr(p, "http")) != NULL; p++)
		assert_true(strncmp(p, "http://www.w3.org/2000/svg", 26) == 0 ||
		    strncmp(p, "http-equiv", 10) == 0);
	assert_null(strstr(b.s, "<script"));
	assert_null(strstr(b.s, "<link"));
	assert_null(strstr(b.s, "url("));
	sbuf_free(&b);
	run_free(&run);
}

/* The command: a fleet directory's hosts as columns, -f svg, errors. */
static void
test_report_cli(void **state)
{
	char		 dir[256], out[300], svg[300];
	char		*page;
	struct tu_out	 o;

	(void)state;
	tu_tmpdir(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/fleet.html", dir);
	tu_run((char *const[]){ "sysmark", "report", "-o", out,
	    DATA "fleet-20261201", NULL }, &o);
	assert_int_equal(o.status, 0);
	tc_has(o.err, "report written to");
	tu_out_free(&o);
	page = tu_slurp(out);
	tc_has(page, "<th scope=\"col\">alpha</th><th scope=\"col\">beta"
	    "</th>");
	tc_has(page, "id=\"ratio-1\"");
	free(page);
	/* Never replaced without -F. */
	tu_run((char *const[]){ "sysmark", "report", "-o", out,
	    DATA "run_small.csv", NULL }, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	tc_has(o.err, "already exists; not overwritten (-F replaces it)");
	tu_out_free(&o);
	snprintf(svg, sizeof svg, "%s/m.svg", dir);
	tu_run((char *const[]){ "sysmark", "report", "-f", "svg", "-c",
	    "memhier", "-o", svg, DATA "memcurve.csv", NULL }, &o);
	assert_int_equal(o.status, 0);
	tu_out_free(&o);
	page = tu_slurp(svg);
	assert_true(strncmp(page, "<?xml", 5) == 0);
	tc_has(page, "<style>");
	tc_has(page, "<symbol id=\"sm-m0\"");
	free(page);
	tu_run((char *const[]){ "sysmark", "report", "-f", "svg", "-c",
	    "users", "-o", svg, DATA "memcurve.csv", NULL }, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	tc_has(o.err, "no chart \"users\" in these runs (charts: memhier,");
	tu_out_free(&o);
	/* -b: the INDEX VALUES, the score with its interval. */
	tu_run((char *const[]){ "sysmark", "report", "-F", "-b",
	    "baselines/unixbench.csv", "-o", out, DATA "run_small.csv",
	    NULL }, &o);
	assert_int_equal(o.status, 0);
	tu_out_free(&o);
	page = tu_slurp(out);
	tc_has(page, "<caption class=\"vh\">INDEX VALUES</caption>");
	tc_has(page, "<th scope=\"col\" class=\"n\">+/- CI</th>");
	tc_has(page, "System Benchmarks Index Score");
	free(page);
	tu_run((char *const[]){ "sysmark", "report", DATA "memcurve.csv",
	    NULL }, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	tc_has(o.err, "report: -o FILE is required");
	tu_out_free(&o);
	tu_run((char *const[]){ "sysmark", "report", "-o", svg,
	    DATA "nope.csv", NULL }, &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	tc_has(o.err, "nope");
	tu_out_free(&o);
	tu_run((char *const[]){ "sysmark", "report", "-o", svg, dir, NULL },
	    &o);
	assert_int_equal(o.status, SM_EXIT_INPUT);
	tc_has(o.err, "a directory with no run files (NAME.csv) in it");
	tu_out_free(&o);
	sm_rmtree(dir);
}

/*
 * A time's row in the ratio chart: drawn the way of better (a longer
 * time is left of 1), but its words say the figure's change as
 * compare's CHANGE does: 10 -> 12 us is "+20.0%" and its verdict, not
 * the speed's "-16.7%".
 */
static void
test_ratio_chart_times(void **state)
{
	const double		 va[] = { 10, 10.1, 9.9 }, vb[] = { 12, 12.1,
				     11.9 };
	struct run		 ra, rb;
	const struct run	*pa[1] = { &ra }, *pb[1] = { &rb };
	struct compare_side	 a = { pa, 1, "A" }, b = { pb, 1, "B" };
	struct compare_opts	 o;
	struct sbuf		 s;

	(void)state;
	run_init(&ra);
	run_init(&rb);
	tu_add_samples(&ra, "lat", 0, "us", va, 3);
	tu_add_samples(&rb, "lat", 0, "us", vb, 3);
	compare_opts_default(&o);
	sbuf_init(&s);
	assert_int_equal(chart_ratio(&s, "ratio-1", &a, &b, &o), 1);
	tc_has(s.s, "class=\"tk\">+20.0% ");
	sbuf_free(&s);
	run_free(&ra);
	run_free(&rb);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scale_by_hand),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_memhier_chart),
		cmocka_unit_test(test_strip_chart),
		cmocka_unit_test(test_strip_warmup_repeats),
		cmocka_unit_test(test_scaling_chart),
		cmocka_unit_test(test_scaling_ideal_first),
		cmocka_unit_test(test_users_chart),
		cmocka_unit_test(test_ratio_chart),
		cmocka_unit_test(test_ratio_chart_times),
		cmocka_unit_test(test_ratio_chart_directions),
		cmocka_unit_test(test_series_name_escaped),
		cmocka_unit_test(test_html_table),
		cmocka_unit_test(test_report_page),
		cmocka_unit_test(test_report_cli),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
