/*
 * Whetstone in double precision, in the 1997 form that UnixBench's
 * whetstone-double runs (Roy Longbottom's C translation of Curnow and
 * Wichmann's 1976 benchmark), reported in MWIPS as UnixBench reports it.
 * Written here from the published description of its eight timed
 * modules, each with its published weight (loop count per 100 "x100"
 * units): N1 array elements (12), N2 array as parameter (14), N3
 * conditional jumps (345), N4 integer arithmetic (210), N5 trigonometric
 * functions (32), N6 procedure calls (899), N7 array references (616) and
 * N8 standard functions (93).  One loop is one pass of all eight at
 * x100 = 100: ten million Whetstone instructions, so the figure is
 * passes * 10 per second.  (Version 1 ran the 1976 form, 1.5 times
 * UnixBench's figure.)
 *
 * Where sysmark deliberately differs: every module really runs.  The
 * module's starting values and constants are read through volatiles, so
 * no compiler can evaluate a module at build time or hoist it out of its
 * loop; UnixBench's build at -O3 does that to N4 (its report shows 0.000
 * seconds for it).  Each pass starts from the published initial values;
 * the first must end on the published results and every later pass on
 * the first's, bit for bit, so a wrong or skipped module cannot pass.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define WHET_X100	100

/* The published weights: loops per module, per x100 unit. */
enum { WHET_N1 = 12, WHET_N2 = 14, WHET_N3 = 345, WHET_N4 = 210,
       WHET_N5 = 32, WHET_N6 = 899, WHET_N7 = 616, WHET_N8 = 93 };

/* The constants and starting values, opaque to the compiler. */
static const volatile double whet_t = 0.49999975;
static const volatile double whet_t1 = 0.50000025;
static const volatile double whet_t2 = 2.0;
static const volatile int whet_one = 1;

/*
 * Each module's result as the 1997 program prints them, and how close a
 * pass must come.  That program carries N1, N2 and N5's values on from
 * pass to pass (alternating t), so their last digits depend on how many
 * passes it ran; a sysmark pass starts afresh, so those get a wider
 * tolerance.
 */
static const double whet_expect[8] = {
	-1.12398255667391744, -1.12187079889287311, 1.0, 12.0,
	0.49902937281518261, 0.99999987890767417, 3.0, 0.75100163018454191
};
static const double whet_tol[8] = {
	2e-2, 2e-2, 0, 0, 1e-6, 1e-9, 0, 1e-9
};

struct whet_state {
	double	ref[8];		/* the first pass, in setup */
};

static void
whet_pa(double *e, double t, double t2)
{
	for (int j = 0; j < 6; j++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) / t2;
	}
}

static void
whet_p3(double *x, double *y, double *z, double t, double t1, double t2)
{
	*x = *y;
	*y = *z;
	*x = t * (*x + *y);
	*y = t1 * (*x + *y);
	*z = (*x + *y) / t2;
}

static void
whet_po(double *e, int j, int k, int l)
{
	e[j] = e[k];
	e[k] = e[l];
	e[l] = e[j];
}

/* N1 and N2: the four-element transformation, inline and by procedure. */
static void
whet_arrays(double *r)
{
	double	e[4], t = whet_t, t2 = whet_t2;
	long	i;

	e[0] = whet_one;
	e[1] = e[2] = e[3] = -whet_one;
	for (i = 0; i < WHET_N1 * WHET_X100; i++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) * t;
	}
	r[0] = e[3];
	t = 1.0 - t;
	for (i = 0; i < WHET_N2 * WHET_X100; i++)
		whet_pa(e, t, t2);
	r[1] = e[3];
}

/* N3 and N4: conditional jumps and integer arithmetic. */
static void
whet_integers(double *r)
{
	double	e[4] = { 0, 0, 0, 0 };
	int	j = whet_one, k = 2 * whet_one, l = 3 * whet_one;
	long	i;

	for (i = 0; i < WHET_N3 * WHET_X100; i++) {
		j = j == 1 ? 2 : 3;
		j = j > 2 ? 0 : 1;
		j = j < 1 ? 1 : 0;
	}
	r[2] = j;
	j = whet_one;
	for (i = 0; i < WHET_N4 * WHET_X100; i++) {
		j = j * (k - j) * (l - k);
		k = l * k - (l - j) * k;
		l = (l - k) * (k + j);
		e[(l - 2) & 3] = j + k + l;
		e[(k - 2) & 3] = j * k * l;
	}
	r[3] = e[0] + e[1];
}

/* N5 to N8: trigonometry, procedure calls, references, functions. */
static void
whet_functions(double *r)
{
	double	t = whet_t, t1 = whet_t1, t2 = whet_t2;
	double	x = 0.5 * whet_one, y = x, z, e[3];
	long	i;

	for (i = 0; i < WHET_N5 * WHET_X100; i++) {
		x = t * atan(t2 * sin(x) * cos(x) /
		    (cos(x + y) + cos(x - y) - 1.0));
		y = t * atan(t2 * sin(y) * cos(y) /
		    (cos(x + y) + cos(x - y) - 1.0));
	}
	r[4] = x;
	x = y = z = whet_one;
	for (i = 0; i < WHET_N6 * WHET_X100; i++)
		whet_p3(&x, &y, &z, t, t1, t2);
	r[5] = z;
	e[0] = whet_one;
	e[1] = 2 * whet_one;
	e[2] = 3 * whet_one;
	for (i = 0; i < WHET_N7 * WHET_X100; i++)
		whet_po(e, 0, whet_one, 2);
	r[6] = e[2];
	x = 0.75 * whet_one;
	for (i = 0; i < WHET_N8 * WHET_X100; i++)
		x = sqrt(exp(log(x) / t1));
	r[7] = x;
}

/* One pass of the eight modules. */
static void
whet_pass(double *r)
{
	whet_arrays(r);
	whet_integers(r);
	whet_functions(r);
}

/* The first pass must give the published results. */
static int
whet_setup(struct bench_ctx *ctx)
{
	struct whet_state	*st;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	whet_pass(st->ref);
	for (int m = 0; m < 8; m++)
		if (!(fabs(st->ref[m] - whet_expect[m]) <=
		    whet_tol[m] * fabs(whet_expect[m])))
			bench_fail(ctx, "whetstone: module N%d gave %.17g, not "
			    "%.17g", m + 1, st->ref[m], whet_expect[m]);
	ctx->state = st;
	return 0;
}

/* Every pass must reproduce the first, bit for bit. */
static void
whet_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct whet_state	*st = ctx->state;
	double			 r[8];

	while (n-- > 0) {
		whet_pass(r);
		if (memcmp(r, st->ref, sizeof r) != 0)
			bench_fail(ctx, "whetstone: a pass differs from the "
			    "first");
		ctx->sink += (uint64_t)(r[7] * 1e6);
	}
}

static void
whet_teardown(struct bench_ctx *ctx)
{
	free(ctx->state);
}

const struct bench bench_whetstone = {
	.id = "whetstone-double",
	.title = "Double-Precision Whetstone",
	.group = "CPU",
	.unit = "MWIPS",
	.dir = BENCH_HIGHER,
	.version = 2,
	.desc = "Whetstone 1997 form, double, 8 modules; nothing hoisted",
	.scale = 10,
	.setup = whet_setup,
	.loop = whet_loop,
	.teardown = whet_teardown,
};
