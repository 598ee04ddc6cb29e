/*
 * The smallest detectable change (signif.c's signif_detectable(),
 * detect.c's plans): its formula against the normal case worked by hand,
 * and its promise on synthetic data: a true change of the size it names
 * is found in 80% of comparisons, within 3 points, with repeats a side
 * and with one run a side and a host profile of 5 repeats.  Seeded, so
 * the rates are the same on every machine.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>

#include "testutil.h"

static const struct run_group g_t = { "t", 1 };

#define DRAW_MAX_RUNS	16	/* a simulated side's runs, at most */

/*
 * How a run is drawn: repeats repeats of n samples (and a warm-up) of
 * test "t", each sample varying by exp(cv_w z) around its repeat's level.
 * The level drifts by exp(x), x of sd cv_b: drawn afresh every `stretch`
 * repeats (1: each repeat its own), or with rho > 0 as an AR(1) process
 * from repeat to repeat, the way back-to-back repeats on a shared host
 * drift together.
 */
struct draw {
	int	repeats;
	int	n;
	double	cv_w;
	double	cv_b;
	int	stretch;
	double	rho;
};

static void
draw_run(struct run *run, struct sm_rng *rng, const struct draw *d,
    double level)
{
	double	x = 0;

	for (int r = 1; r <= d->repeats; r++) {
		if (d->rho > 0)
			x = r == 1 ? d->cv_b * sm_rng_normal(rng) : d->rho * x +
			    sqrt(1 - d->rho * d->rho) * d->cv_b *
			    sm_rng_normal(rng);
		else if ((r - 1) % d->stretch == 0)
			x = d->cv_b * sm_rng_normal(rng);
		for (int k = 0; k <= d->n; k++) {
			struct run_sample *s = run_add_sample(run);

			snprintf(s->test, sizeof s->test, "t");
			s->copies = 1;
			s->repeat = r;
			s->index = k;
			s->status = RUN_OK;
			s->value = level * exp(x) * exp(d->cv_w *
			    sm_rng_normal(rng));
		}
	}
}

/* repeats independent repeats of n samples: draw_run()'s plainest. */
static void
lognormal_run(struct run *run, struct sm_rng *rng, int repeats, int n,
    double level, double cv_w, double cv_b)
{
	const struct draw	d = { repeats, n, cv_w, cv_b, 1, 0 };

	draw_run(run, rng, &d, level);
}


/* A known variance and many df: (1.96 + 0.8416) sd, as the normal says. */
static void
test_detectable_normal(void **state)
{
	double	sd = 0.02, want = expm1((1.959964 + 0.841621) * sd);

	(void)state;
	assert_near(signif_detectable(sd * sd, 1e7, 0.05, 0), want, 1e-4);
	/* Few df: wider; a floor above it: at least the floor. */
	assert_true(signif_detectable(sd * sd, 4, 0.05, 0) > 1.3 * want);
	assert_true(signif_detectable(sd * sd, 1e7, 0.05, 0.2) > 0.2);
	assert_near(signif_detectable(0, 5, 0.05, 0.01), 0.01, 1e-12);
	assert_true(isnan(signif_detectable(NAN, 5, 0.05, 0)));
	assert_true(isnan(signif_detectable(1e-4, 0, 0.05, 0)));
}

/* One side: nrun runs drawn by d at level, estimated together. */
static void
draw_side(struct sm_rng *rng, const struct draw *d, int nrun, double level,
    struct estimate *e)
{
	struct run	 runs[DRAW_MAX_RUNS];
	const struct run *rp[DRAW_MAX_RUNS];

	assert_true(nrun <= DRAW_MAX_RUNS);
	for (int i = 0; i < nrun; i++) {
		run_init(&runs[i]);
		draw_run(&runs[i], rng, d, level);
		rp[i] = &runs[i];
	}
	estimate_group(rp, (size_t)nrun, &g_t, e);
	for (int i = 0; i < nrun; i++)
		run_free(&runs[i]);
}

/*
 * The share of trials in which side b (shifted by change) is called
 * better, or with change 0 anything but "~" (an A/A false call); nrun
 * runs a side, drawn by d.
 */
static double
called_share(struct sm_rng *rng, const struct draw *d, int nrun,
    double change, int with_profile, int trials)
{
	struct signif_rule	r;
	struct estimate		ea, eb;
	struct signif		s;
	int			called = 0;

	for (int i = 0; i < trials; i++) {
		struct run	p;

		run_init(&p);
		tu_rule_default(&r);
		if (with_profile) {
			lognormal_run(&p, rng, NOISE_REPEATS, d->n, 1000,
			    d->cv_w, d->cv_b);
			judge_profile(&p, &g_t, &r);
		}
		draw_side(rng, d, nrun, 1000, &ea);
		draw_side(rng, d, nrun, 1000 * (1 + change), &eb);
		signif_judge(&ea, &eb, &r, &s);
		called += change != 0 ? s.verdict == SIGNIF_BETTER :
		    s.verdict != SIGNIF_SAME;
		run_free(&p);
	}
	return (double)called / trials;
}

/* The share of trials in which side b (shifted by change) is called better. */
static double
found_share(struct sm_rng *rng, int repeats, int n, double change,
    double cv_w, double cv_b, int with_profile, int trials)
{
	const struct draw	d = { repeats, n, cv_w, cv_b, 1, 0 };

	return called_share(rng, &d, 1, change, with_profile, trials);
}

/*
 * The change promised for repeats x n a side when the noise is known
 * (cv_w within, cv_b between), by the rule compare judges with: with
 * repeats, from their means (df repeats - 1 a side); with one run, from a
 * profile of NOISE_REPEATS repeats at the same n.
 */
static double
promised(int repeats, int n, double cv_w, double cv_b)
{
	struct signif_rule	r;
	struct estimate		e;
	struct signif		s;
	double			unit = cv_b * cv_b + cv_w * cv_w / n;

	tu_rule_default(&r);
	memset(&e, 0, sizeof e);
	e.mean = 1;
	e.within_cv = cv_w;
	e.units = (size_t)repeats;
	e.n = (size_t)(repeats * n);
	if (repeats > 1) {
		e.relvar = unit / repeats;
		e.df = repeats - 1;
	} else {
		r.noise_relvar = unit;
		r.noise_df = NOISE_REPEATS - 1;
		r.noise_within = cv_w * cv_w / n;
		e.relvar = cv_w * cv_w / n;
		e.df = n - 1;
	}
	signif_judge(&e, &e, &r, &s);
	return s.detect;
}

/* Repeats a side: 3 x 10 and 5 x 6 at CV 3% within and 2% between. */
static void
test_power_repeats(void **state)
{
	const int	plans[][2] = { { 3, 10 }, { 5, 6 } };
	struct sm_rng	rng;
	double		d, share;

	(void)state;
	sm_rng_seed(&rng, 2408);
	for (size_t k = 0; k < sizeof plans / sizeof plans[0]; k++) {
		d = promised(plans[k][0], plans[k][1], 0.03, 0.02);
		share = found_share(&rng, plans[k][0], plans[k][1], d, 0.03,
		    0.02, 0, 4000);
		print_message("repeats %d x %d: promised %.2f%%, found in "
		    "%.1f%%\n", plans[k][0], plans[k][1], 100 * d,
		    100 * share);
		assert_true(fabs(share - SIGNIF_POWER) <= 0.03);
	}
}

/* One run a side, a fresh 5-repeat profile for each comparison. */
static void
test_power_profile(void **state)
{
	struct sm_rng	rng;
	double		d, share;

	(void)state;
	sm_rng_seed(&rng, 2409);
	d = promised(1, 10, 0.03, 0.02);
	share = found_share(&rng, 1, 10, d, 0.03, 0.02, 1, 4000);
	print_message("one run, profile: promised %.2f%%, found in %.1f%%\n",
	    100 * d, 100 * share);
	assert_true(fabs(share - SIGNIF_POWER) <= 0.03);
}

/*
 * The planner's two shapes of a side that drifts, as detect_side() models
 * them and compare judges them: the change detect_settings() promises on
 * a profile of this noise is found in 80% of comparisons within 3
 * points.  Runs a side, each drifting on its own; and one run of 12
 * repeats whose 3 stretches of 4 each share a drift (the batches
 * estimate.c takes).
 */
static void
test_power_shapes(void **state)
{
	const struct draw	runs = { 1, 4, 0.03, 0.02, 1, 0 };
	const struct draw	batched = { 12, 4, 0.03, 0.02, 4, 0 };
	struct sm_rng		rng;
	struct run		prof;
	double			d, share;

	(void)state;
	sm_rng_seed(&rng, 2410);
	run_init(&prof);
	/* A profile so long that its estimates are the truth. */
	lognormal_run(&prof, &rng, 4000, 4, 1000, 0.03, 0.02);
	d = detect_settings(&prof, &g_t, 6, 1, 4, 0.05, 0.01);
	share = called_share(&rng, &runs, 6, d, 0, 2000);
	print_message("6 runs of 1 x 4 a side: promised %.2f%%, found in "
	    "%.1f%%\n", 100 * d, 100 * share);
	assert_true(fabs(share - SIGNIF_POWER) <= 0.03);
	d = detect_settings(&prof, &g_t, 1, 12, 4, 0.05, 0.01);
	share = called_share(&rng, &batched, 1, d, 0, 2000);
	print_message("one run of 12 x 4 in 3 stretches: promised %.2f%%, "
	    "found in %.1f%%\n", 100 * d, 100 * share);
	assert_true(fabs(share - SIGNIF_POWER) <= 0.03);
	run_free(&prof);
}

/*
 * A/A pairs of one run of 26 back-to-back repeats whose levels drift
 * together (AR(1), lag-1 correlation 0.7, as dhry2reg's on a 2-vCPU VM):
 * judged by their batch means, about 5% are called; taken as independent
 * repeats (the judge before), over a third were.
 */
static void
test_aa_drift(void **state)
{
	const struct draw	d = { 26, 2, 0.03, 0.05, 1, 0.7 };
	struct sm_rng		rng;
	double			share;

	(void)state;
	sm_rng_seed(&rng, 2411);
	share = called_share(&rng, &d, 1, 0, 0, 2000);
	print_message("A/A, 26 drifting repeats a side: called in %.1f%%\n",
	    100 * share);
	assert_true(share <= 0.09);
}

/*
 * A 5-repeat profile of syscall (lognormal_run()'s, renamed) and a plan
 * of syscall alone, one copy, 1 s samples; run_free(&k->prof) after.
 */
struct syscall_case {
	const struct bench	*b;
	int			 one;
	struct plan		 p;
	struct run		 prof;
};

static void
syscall_case(struct syscall_case *k, uint64_t seed, double cv_w,
    double cv_b)
{
	struct sm_rng	rng;

	sm_rng_seed(&rng, seed);
	assert_non_null(k->b = registry_find("syscall"));
	k->one = 1;
	run_init(&k->prof);
	lognormal_run(&k->prof, &rng, 5, 6, 1000, cv_w, cv_b);
	for (size_t i = 0; i < k->prof.nsamples; i++)
		snprintf(k->prof.samples[i].test,
		    sizeof k->prof.samples[i].test, "syscall");
	memset(&k->p, 0, sizeof k->p);
	k->p.benches = &k->b;
	k->p.nbench = 1;
	k->p.copies[0] = k->one;
	k->p.ncopies = 1;
	k->p.duration = 1;
}

/*
 * The planner on a profile: more repeats find less; a profile of one
 * test plans it, and the cheapest settings reaching a target do reach it.
 */
static void
test_plan(void **state)
{
	struct syscall_case	 k;
	struct detect_choice	 c;
	struct run_group	 g = { "syscall", 1 };
	double			 d1, d3, d5;

	(void)state;
	syscall_case(&k, 7, 0.03, 0.02);
	d1 = detect_settings(&k.prof, &g, 1, 1, 6, 0.05, 0.01);
	d3 = detect_settings(&k.prof, &g, 1, 3, 6, 0.05, 0.01);
	d5 = detect_settings(&k.prof, &g, 1, 5, 6, 0.05, 0.01);
	assert_true(d1 > d3 && d3 > d5 && d5 > 0.01);
	assert_int_equal(detect_choose(&k.prof, &k.p, 0.05, 0.01, 0.05, &c),
	    1);
	assert_true(c.worst <= 0.05);
	assert_true(detect_settings(&k.prof, &g, c.runs, c.repeats, c.samples, 0.05,
	    0.01) <= 0.05);
	assert_true(c.seconds > 0);
	/* Nothing reaches a change below -e. */
	assert_int_equal(detect_choose(&k.prof, &k.p, 0.05, 0.01, 0.005, &c),
	    0);
	/* A test the profile lacks is named. */
	k.b = registry_find("dhry2");
	assert_int_equal(detect_choose(&k.prof, &k.p, 0.05, 0.01, 0.05, &c),
	    -1);
	assert_string_equal(c.worst_test, "dhry2");
	run_free(&k.prof);
}

/*
 * More samples a run find less, below and above the profile's own six,
 * for one run of repeats and for several runs alike (one unit a side
 * alone gaining nothing past the profile's own count); a profile that
 * strays more between its repeats gains less from them.
 */
static void
test_plan_samples(void **state)
{
	static const int	 samples[] = { 2, 3, 5, 6, 7, 12, 24, 60 };
	static const int	 shape[][2] = { { 1, 1 }, { 1, 3 }, { 4, 1 },
				     { 3, 2 } };
	struct syscall_case	 k, kb;
	struct run_group	 g = { "syscall", 1 };
	double			 d, prev, gain, gain_b;

	(void)state;
	syscall_case(&k, 7, 0.03, 0.02);
	syscall_case(&kb, 7, 0.03, 0.06);
	for (size_t h = 0; h < sizeof shape / sizeof shape[0]; h++) {
		prev = INFINITY;
		for (size_t i = 0; i < sizeof samples / sizeof samples[0];
		    i++) {
			d = detect_settings(&k.prof, &g, shape[h][0],
			    shape[h][1], samples[i], 0.05, 0.01);
			/* One unit a side: past the profile's count, no less. */
			if (!(h == 0 && samples[i] > 6 ? d <= prev : d < prev) ||
			    !(d > 0.01))
				fail_msg("%d runs x %d repeats x %d: %g after "
				    "%g", shape[h][0], shape[h][1],
				    samples[i], d, prev);
			prev = d;
		}
		gain = detect_settings(&k.prof, &g, shape[h][0], shape[h][1],
		    2, 0.05, 0.01) / detect_settings(&k.prof, &g, shape[h][0],
		    shape[h][1], 60, 0.05, 0.01);
		gain_b = detect_settings(&kb.prof, &g, shape[h][0],
		    shape[h][1], 2, 0.05, 0.01) / detect_settings(&kb.prof, &g,
		    shape[h][0], shape[h][1], 60, 0.05, 0.01);
		if (!(gain > gain_b && gain_b > 1))
			fail_msg("%d x %d: 2 to 60 samples gain %g, %g",
			    shape[h][0], shape[h][1], gain, gain_b);
	}
	run_free(&k.prof);
	run_free(&kb.prof);
}

/*
 * Runs that stray more than their samples (a VM's dhry2reg: 6% between
 * runs, 6% within): more samples cannot reach 5%, nor can one run's many
 * back-to-back repeats, whose batches share the machine's drift (6% over
 * the root of 3 a side at best); short runs a side, taken in turn with
 * the other side's, do.  (The planner once chose -R 26 -n 2, and on a
 * real VM 3 of 5 A/A pairs of such runs were called different.)
 */
static void
test_plan_runs(void **state)
{
	struct syscall_case	 k;
	struct detect_choice	 c;
	struct run_group	 g = { "syscall", 1 };

	(void)state;
	syscall_case(&k, 11, 0.06, 0.06);
	assert_true(detect_settings(&k.prof, &g, 1, PLAN_MAX_REPEATS, 100,
	    0.05, 0.01) > 0.05);
	assert_int_equal(detect_choose(&k.prof, &k.p, 0.05, 0.01, 0.05, &c),
	    1);
	print_message("5%%: %d runs of -R %d -n %d, %.1f%%, %.0f s a side\n",
	    c.runs, c.repeats, c.samples, 100 * c.worst, c.seconds);
	assert_true(c.runs > 1 && c.repeats == 1 && c.samples <= 6);
	assert_true(c.worst <= 0.05);
	assert_true(detect_settings(&k.prof, &g, c.runs, 1, c.samples, 0.05,
	    0.01) <= 0.05);
	assert_near(c.seconds, c.runs * c.run_seconds, 1e-9);
	run_free(&k.prof);
}

/*
 * A profile whose repeat means strayed less than its samples' spread
 * predicts (samples that are not independent): more repeats still plan
 * a smaller detectable change than one run, which uses the profile whole
 * (once 3 repeats planned 35% where one run planned 13%).
 */
static void
test_plan_tight_means(void **state)
{
	static const double	 shape[] = { 1, 0.8, 1.0, 1.2 };
	struct run		 prof;
	double			 d1, d3, d5;

	(void)state;
	run_init(&prof);
	for (int r = 1; r <= 3; r++)
		for (int k = 0; k <= 3; k++) {
			struct run_sample *s = run_add_sample(&prof);

			snprintf(s->test, sizeof s->test, "t");
			s->copies = 1;
			s->repeat = r;
			s->index = k;
			s->status = RUN_OK;
			s->value = 1000 * shape[k] * (1 + 0.002 * r);
		}
	d1 = detect_settings(&prof, &g_t, 1, 1, 3, 0.05, 0.01);
	d3 = detect_settings(&prof, &g_t, 1, 3, 3, 0.05, 0.01);
	d5 = detect_settings(&prof, &g_t, 1, 5, 3, 0.05, 0.01);
	assert_true(isfinite(d1) && d1 > d3 && d3 > d5);
	run_free(&prof);
}

/* ---- The command line, on a synthetic profile of this host ---- */

static void
cli_ok(char *const argv[], struct tu_out *o, int want)
{
	tu_run(argv, o);
	if (o->status != want)
		print_error("%s%s", o->out, o->err);
	assert_int_equal(o->status, want);
}

/*
 * Save runs of syscall under $SYSMARK_RESULTS: path (one repeat of 6
 * samples, CV 3% within) and, with profile, this host's noise profile
 * (5 repeats, 2% between), both at 0.1 s a sample.
 */
static void
cli_files(const char *path, int profile)
{
	struct sm_rng	 rng;
	struct sm_error	 err;
	struct run	 run;
	char		 host[256], prof[600];

	gethostname(host, sizeof host);
	host[sizeof host - 1] = '\0';
	/* Each file its own samples: compare refuses one run named twice. */
	sm_rng_seed(&rng, profile ? 99 : 98 + (unsigned char)path[strlen(path)
	    - 5]);
	run_init(&run);
	lognormal_run(&run, &rng, profile ? 5 : 1, 6, 50000, 0.03, 0.02);
	for (size_t i = 0; i < run.nsamples; i++) {
		struct run_sample *sp = &run.samples[i];

		snprintf(sp->test, sizeof sp->test, "syscall");
		snprintf(sp->unit, sizeof sp->unit, "lps");
		sp->version = registry_find("syscall")->version;
		sp->duration = sp->elapsed = 0.1;
		sp->iterations = 5000;
	}
	run_meta_set(&run, "hostname", host);
	run_meta_set(&run, "duration", "0.1");
	/* Where the profile goes, made by the first run otherwise. */
	snprintf(prof, sizeof prof, "%s/results", tu_results_dir());
	if (mkdir(prof, 0700) != 0 && errno != EEXIST)
		fail_msg("%s: %s", prof, strerror(errno));
	run_meta_set(&run, "samples", "6");
	if (profile)
		run_meta_set(&run, "kind", "noise-profile");
	snprintf(prof, sizeof prof, "%s/results/noise-%s.csv",
	    tu_results_dir(), host);
	if (csvstore_save(&run, profile ? prof : path, 1, &err) != 0)
		fail_msg("%s", err.msg);
	run_free(&run);
}

/*
 * run --detect: refused without a profile, beside -n, -R or -C, or past
 * -T under -q; with the profile it picks settings, says them and runs.
 */
static void
test_cli_detect(void **state)
{
	char	*noprof[] = { "sysmark", "run", "--detect", "5", "-t",
		    "syscall", "-q", NULL };
	char	*both[] = { "sysmark", "run", "--detect", "5", "-n", "3",
		    "-t", "syscall", NULL };
	char	*bad[] = { "sysmark", "run", "--detect=0", NULL };
	char	*capped[] = { "sysmark", "run", "--detect", "3", "-t",
		    "syscall", "-T", "1", "-q", NULL };
	char	*never[] = { "sysmark", "run", "--detect", "0.5", "-t",
		    "syscall", "-q", NULL };
	char	 out[300];
	char	*go[] = { "sysmark", "run", "--detect", "40", "-t", "syscall",
		    "-o", out, "-F", NULL };
	struct tu_out	 o;
	struct run	 run;

	(void)state;
	cli_ok(noprof, &o, 2);
	assert_non_null(strstr(o.err, "no noise profile; run sysmark "
	    "calibrate"));
	tu_out_free(&o);
	cli_ok(both, &o, 2);
	assert_non_null(strstr(o.err, "leave out -n, -R and -C"));
	tu_out_free(&o);
	cli_ok(bad, &o, 2);
	assert_non_null(strstr(o.err, "--detect 0: the change to detect"));
	tu_out_free(&o);
	cli_files(NULL, 1);
	cli_ok(capped, &o, 2);
	assert_non_null(strstr(o.err, "longer than -T 1 s"));
	tu_out_free(&o);
	cli_ok(never, &o, 2);
	assert_non_null(strstr(o.err, "not reachable on this host"));
	tu_out_free(&o);
	snprintf(out, sizeof out, "%s/d.csv", tu_results_dir());
	cli_ok(go, &o, 0);
	assert_non_null(strstr(o.err, "run --detect 40%: -R 1 -n "));
	assert_non_null(strstr(o.err, "a comparison needs two"));
	tu_out_free(&o);
	tu_load(&run, out);
	assert_string_equal(run_meta_get(&run, "duration"), "0.1");
	run_free(&run);
}

/*
 * With the profile: compare's "~" says what it could have seen, csv has
 * it, and the index's interval rests on the profile.
 */
static void
test_cli_compare_index(void **state)
{
	char	a[300], b[300];
	char	*cmp[] = { "sysmark", "compare", a, b, NULL };
	char	*csv[] = { "sysmark", "compare", "-f", "csv", a, b, NULL };
	char	*idx[] = { "sysmark", "show", "-b", "baselines/unixbench.csv",
		    a, NULL };
	struct tu_out	o;

	(void)state;
	snprintf(a, sizeof a, "%s/a.csv", tu_results_dir());
	snprintf(b, sizeof b, "%s/b.csv", tu_results_dir());
	cli_files(NULL, 1);
	cli_files(a, 0);
	cli_files(b, 0);
	cli_ok(cmp, &o, 0);
	assert_non_null(strstr(o.out, "~ <"));
	assert_non_null(strstr(o.out, "4 times in 5"));
	tu_out_free(&o);
	cli_ok(csv, &o, 0);
	assert_non_null(strstr(o.out, ",kind,detectable_pct\n"));
	tu_out_free(&o);
	cli_ok(idx, &o, 0);
	assert_non_null(strstr(o.out, "BASIS"));
	assert_non_null(strstr(o.out, " profile"));
	assert_non_null(strstr(o.out, "host noise profile"));
	tu_out_free(&o);
}

/*
 * run -b NAME -C: the profile says how far one run of syscall strays, so
 * the index cannot get within 2% by more samples: it is said before the
 * run, with the repeats that could, and no -C rounds are taken.
 */
static void
test_cli_reach(void **state)
{
	char	out[300];
	char	*argv[] = { "sysmark", "run", "-t", "syscall", "-d", "0.1",
		    "-n", "2", "-C", "2", "-T", "5", "-b",
		    "baselines/unixbench.csv", "-o", out, "-F", NULL };
	struct tu_out	o;
	struct run	run;

	(void)state;
	snprintf(out, sizeof out, "%s/c.csv", tu_results_dir());
	cli_files(NULL, 1);
	cli_ok(argv, &o, 0);
	assert_non_null(strstr(o.err, "run -C 2%: more samples of one run "
	    "cannot bring the index's 95% interval below"));
	assert_non_null(strstr(o.err, "  with -R "));
	assert_non_null(strstr(o.out, " profile"));
	tu_out_free(&o);
	tu_load(&run, out);
	assert_int_equal(run.nsamples, 3);	/* a warm-up and -n 2 */
	run_free(&run);
}

/*
 * show on a profile: the detect table's narrow cells give the time as
 * detect_secs() does without the space and with the unit's first letter
 * ("2s", "5m", "1.5h"), beside the settings or the detectable change.
 */
static void
test_cli_detect_table(void **state)
{
	char		 host[256], prof[600];
	char		*show[] = { "sysmark", "show", prof, NULL };
	struct tu_out	 o;

	(void)state;
	gethostname(host, sizeof host);
	host[sizeof host - 1] = '\0';
	snprintf(prof, sizeof prof, "%s/results/noise-%s.csv",
	    tu_results_dir(), host);
	cli_files(NULL, 1);
	cli_ok(show, &o, 0);
	assert_non_null(strstr(o.out, "SMALLEST DETECTABLE CHANGE"));
	/*
	 * The profile is seeded: 5 runs a side of 2 samples of 0.1 s, and
	 * 16 of 3.
	 */
	assert_non_null(strstr(o.out, "  5x(1x2) 2s  16x(1x3) 7s\n"));
	assert_non_null(strstr(o.out, "at once: 5 runs a side of -n 2,"));
	tu_out_free(&o);
}

/*
 * calibrate's table for a test whose repeats spread over 2x (AF_UNIX
 * latency with its two processes placed anew each run): the
 * detectable change is said in words, "blind", never as "267021%", and
 * a note names the pinned variants that can see a change.
 */
static void
test_detect_table_blind(void **state)
{
	static const double	 level[4] = { 5, 30, 9, 40 };
	struct run		 prof;
	struct table		*t;
	int			 notes = 0;

	(void)state;
	run_init(&prof);
	run_meta_set(&prof, "samples", "3");
	for (int r = 0; r < 4; r++)
		for (int k = 0; k <= 3; k++) {
			struct run_sample *s = run_add_sample(&prof);

			snprintf(s->test, sizeof s->test, "lat_unix");
			snprintf(s->unit, sizeof s->unit, "us");
			s->copies = 1;
			s->repeat = r + 1;
			s->index = k;
			s->status = RUN_OK;
			s->value = level[r] * (1 + 0.01 * k);
		}
	t = detect_table(&prof);
	assert_int_equal(t->nrows, 1);
	assert_non_null(t->rows[0].cells[1]);
	assert_true(strncmp(t->rows[0].cells[1], "blind ", 6) == 0);
	for (size_t i = 0; i < 4; i++)
		assert_null(strchr(t->rows[0].cells[1 + i % 3], '%'));
	for (size_t i = 0; i < t->nnotes; i++)
		if (strstr(t->notes[i], "blind: lat_unix cannot see a change "
		    "on this host") != NULL && strstr(t->notes[i],
		    "lat_unix_1cpu and lat_unix_2cpu") != NULL)
			notes++;
	assert_int_equal(notes, 1);
	table_free(t);
	run_free(&prof);
}


/*
 * The sides of a comparison as compare will meet them, written to
 * files: runs runs a side of one repeat of n samples of syscall, each
 * run's mean 1 + sd times a score and its samples spread by w about it
 * (scores of mean 0 and sd 1), the files side-NAME-i.csv.  Side b's
 * files differ from a's only in their label, so compare takes them as
 * other runs of the same figures.
 */
static void
promise_sides(const char *name, int runs, int n, double sd, double w)
{
	struct sm_error	err;
	struct run	run;
	char		path[600], label[32];
	double		mid = (runs - 1) / 2.0, nmid = (n - 1) / 2.0;

	for (int r = 0; r < runs; r++) {
		run_init(&run);
		for (int i = 0; i < n; i++) {
			struct run_sample *sp = run_add_sample(&run);

			snprintf(sp->test, sizeof sp->test, "syscall");
			snprintf(sp->unit, sizeof sp->unit, "lps");
			sp->version = registry_find("syscall")->version;
			sp->copies = 1;
			sp->index = i + 1;
			sp->duration = sp->elapsed = 0.1;
			sp->iterations = 5000;
			sp->value = 50000 * (1 + sd * (r - mid) /
			    sqrt(runs * (runs + 1) / 12.0) + w * (i - nmid) /
			    sqrt(n * (n + 1) / 12.0));
		}
		snprintf(label, sizeof label, "%s%d", name, r);
		run_meta_set(&run, "label", label);
		snprintf(path, sizeof path, "%s/side-%s-%d.csv",
		    tu_results_dir(), name, r);
		if (csvstore_save(&run, path, 1, &err) != 0)
			fail_msg("%s", err.msg);
		run_free(&run);
	}
}

/* The detectable_pct compare -f csv prints for syscall: a fraction. */
static double
promise_reported(char *const argv[])
{
	struct tu_out	o;
	const char	*row;
	double		d;
	int		col = 0;

	cli_ok(argv, &o, 0);
	assert_non_null(strstr(o.out, ",detectable_pct\n"));
	assert_non_null(row = strstr(o.out, "\nsyscall,"));
	/* detectable_pct is the last field of the row. */
	for (const char *c = row + 1; *c != '\n' && *c != '\0'; c++)
		if (*c == ',')
			col++;
	row = strchr(row + 1, '\n');
	while (row[-1] != ',')
		row--;
	d = strtod(row, NULL) / 100;
	tu_out_free(&o);
	assert_true(col > 10);
	return d;
}

/* cli_files()'s profile, saved and loaded into *p; its path in path. */
static void
promise_profile(struct run *p, char *path, size_t len)
{
	char	host[256];

	gethostname(host, sizeof host);
	host[sizeof host - 1] = '\0';
	cli_files(NULL, 1);
	snprintf(path, len, "%s/results/noise-%s.csv", tu_results_dir(),
	    host);
	tu_load(p, path);
}

/*
 * The plan's promise is compare's report: for a profile, the change
 * detect_settings() promises for 6 runs a side of the profile's samples
 * is what `sysmark compare -p PROFILE A... -- B...` reports it can see on
 * sides whose runs spread exactly as the profile's repeats did; and for
 * one run a side, what compare -p reports of two runs whose samples
 * spread as the profile's did.
 */
static void
test_promise_is_compare(void **state)
{
	char		 prof[600], f[12][600];
	char		*six[20] = { "sysmark", "compare", "-f", "csv", "-p",
			     prof };
	char		 c[600], d[600];
	char		*one[] = { "sysmark", "compare", "-f", "csv", "-p",
			     prof, c, d, NULL };
	struct run	 p;
	struct estimate	 e;
	struct run_group g = { "syscall", 1 };
	double		 promised, reported, sd, w;

	(void)state;
	promise_profile(&p, prof, sizeof prof);
	estimate_run(&p, &g, &e);
	sd = sqrt(e.unit_relvar);
	w = e.within_cv;
	promise_sides("a", 6, 6, sd, w);
	promise_sides("b", 6, 6, sd, w);
	for (int i = 0; i < 12; i++) {
		snprintf(f[i], sizeof f[i], "%s/side-%s-%d.csv",
		    tu_results_dir(), i < 6 ? "a" : "b", i % 6);
		six[6 + i + (i >= 6)] = f[i];
	}
	six[12] = "--";
	six[19] = NULL;
	promised = detect_settings(&p, &g, 6, 1, 6, 0.05, 0.01);
	reported = promise_reported(six);
	print_message("6 runs a side: promised %.3f%%, compare reports "
	    "%.3f%%\n", 100 * promised, 100 * reported);
	assert_true(fabs(promised / reported - 1) < 0.005);
	promise_sides("c", 1, 6, 0, w);
	promise_sides("d", 1, 6, 0, w);
	snprintf(c, sizeof c, "%s/side-c-0.csv", tu_results_dir());
	snprintf(d, sizeof d, "%s/side-d-0.csv", tu_results_dir());
	promised = detect_settings(&p, &g, 1, 1, 6, 0.05, 0.01);
	reported = promise_reported(one);
	print_message("one run a side: promised %.3f%%, compare reports "
	    "%.3f%%\n", 100 * promised, 100 * reported);
	assert_true(fabs(promised / reported - 1) < 0.005);
	run_free(&p);
}

/* The profile cli_files() saves, dated age seconds ago (-1: undated). */
static void
promise_dated(double age)
{
	struct sm_error	err;
	struct run	run;
	char		path[600], date[32];
	time_t		t = time(NULL) - (time_t)age;

	promise_profile(&run, path, sizeof path);
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S+0000", gmtime(&t));
	if (age >= 0)
		run_meta_set(&run, "date", date);
	if (csvstore_save(&run, path, 1, &err) != 0)
		fail_msg("%s", err.msg);
	run_free(&run);
}

/*
 * run --detect names the basis compare will judge its sides by (each
 * side's own runs, not the profile, when it plans runs a side), says how
 * far the profile's few repeats leave the promise uncertain, and refuses
 * a profile older than a week, warning of one over a day old.
 */
static void
test_cli_detect_promise(void **state)
{
	char	*plan[] = { "sysmark", "run", "--detect", "4", "-t",
		    "syscall", "-T", "0.001", NULL };
	struct tu_out	o;

	(void)state;
	promise_dated(60);
	cli_ok(plan, &o, 2);
	assert_non_null(strstr(o.err, " runs a side of "));
	assert_non_null(strstr(o.err, "by the spread of each side's own "
	    "runs (basis runs;"));
	assert_null(strstr(o.err, "judged against the host profile"));
	assert_non_null(strstr(o.err, "the profile's 5 repeats estimate "
	    "its spread only so well"));
	assert_null(strstr(o.err, "old"));
	tu_out_free(&o);
	promise_dated(2 * 86400);
	cli_ok(plan, &o, 2);
	assert_non_null(strstr(o.err, "the noise profile is 48 hours old"));
	assert_non_null(strstr(o.err, "longer than -T"));
	tu_out_free(&o);
	promise_dated(30 * 86400);
	cli_ok(plan, &o, 2);
	assert_non_null(strstr(o.err, "the noise profile is 30 days old"));
	assert_null(strstr(o.err, "runs a side"));
	tu_out_free(&o);
}

/* How old, and under what load, a profile may plan (noise_stale()). */
static void
test_noise_stale(void **state)
{
	struct run	p;
	long long	made;
	char		msg[512];

	(void)state;
	run_init(&p);
	assert_int_equal(noise_stale(&p, 0, 1, msg, sizeof msg), 1);
	assert_non_null(strstr(msg, "does not say when"));
	run_meta_set(&p, "date", "2026-12-01T12:00:00+0100");
	run_meta_set(&p, "load_average", "1.00");
	made = rundate_parse("2026-12-01T11:00:00+0000");
	assert_int_equal(noise_stale(&p, made + 3600, 1.5, msg, sizeof msg),
	    0);
	assert_string_equal(msg, "");
	assert_int_equal(noise_stale(&p, made + 3600, -1, msg, sizeof msg),
	    0);
	assert_int_equal(noise_stale(&p, made + 3600, 3.5, msg, sizeof msg),
	    1);
	assert_non_null(strstr(msg, "load average is 3.5 now and was 1.0"));
	assert_non_null(strstr(msg, "spread more"));
	assert_int_equal(noise_stale(&p, made + 25 * 3600, 1, msg,
	    sizeof msg), 1);
	assert_non_null(strstr(msg, "25 hours old"));
	assert_int_equal(noise_stale(&p, made + 8 * 86400, 1, msg,
	    sizeof msg), 2);
	assert_non_null(strstr(msg, "8 days old"));
	run_free(&p);
}

/*
 * The promise's own uncertainty from a profile of df degrees of
 * freedom: sqrt(df / chi-square) at its 90% and 10% points (tabled:
 * 7.779 and 1.064 at df 4, 37.92 and 18.94 at df 28).
 */
static void
test_promise_range(void **state)
{
	double	lo, hi;

	(void)state;
	noise_promise_range(4, &lo, &hi);
	assert_near(lo, sqrt(4 / 7.779), 0.02);
	assert_near(hi, sqrt(4 / 1.064), 0.06);
	noise_promise_range(28, &lo, &hi);
	assert_near(lo, sqrt(28 / 37.92), 0.01);
	assert_near(hi, sqrt(28 / 18.94), 0.01);
	noise_promise_range(noise_repeats_for(0.25) - 1, &lo, &hi);
	assert_true(lo >= 0.75 && hi <= 1.25);
	noise_promise_range(noise_repeats_for(0.25) - 2, &lo, &hi);
	assert_true(hi > 1.25);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detectable_normal),
		cmocka_unit_test(test_power_repeats),
		cmocka_unit_test(test_power_profile),
		cmocka_unit_test(test_power_shapes),
		cmocka_unit_test(test_aa_drift),
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_plan_samples),
		cmocka_unit_test(test_plan_tight_means),
		cmocka_unit_test(test_plan_runs),
		cmocka_unit_test(test_cli_detect),
		cmocka_unit_test(test_cli_compare_index),
		cmocka_unit_test(test_cli_reach),
		cmocka_unit_test(test_cli_detect_table),
		cmocka_unit_test(test_detect_table_blind),
		cmocka_unit_test(test_promise_is_compare),
		cmocka_unit_test(test_cli_detect_promise),
		cmocka_unit_test(test_noise_stale),
		cmocka_unit_test(test_promise_range),
	};

	return cmocka_run_group_tests(tests, tu_results_env,
	    tu_results_env_free);
}
