/*
 * Whetstone (Curnow and Wichmann, 1976) in double precision, reported in
 * MWIPS as UnixBench's whetstone-double test reports it.  Written here
 * from the published description of its modules: array and procedure
 * arithmetic, conditional jumps, integer arithmetic, trigonometric and
 * standard functions, with the loop counts that make one pass a million
 * Whetstone instructions (so passes per second is MWIPS).
 *
 * The self-check: the integer modules end on their documented values,
 * every result is finite, and every pass must reproduce, bit for bit, the
 * pass computed in setup.  The constants are read through volatiles so
 * the compiler cannot fold a pass away.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* Module loop counts for one pass at the classic I = 10. */
#define WHET_N2		120
#define WHET_N3		140
#define WHET_N4		3450
#define WHET_N6		2100
#define WHET_N7		320
#define WHET_N8		8990
#define WHET_N9		6160
#define WHET_N11	930

static const volatile double whet_t0 = 0.499975;
static const volatile double whet_t1 = 0.50025;
static const volatile double whet_t2 = 2.0;

struct whet {
	double	t, t1, t2;
	double	e1[5];		/* 1-based, as the original */
	int	j, k, l;
};

struct whet_result {
	double	m2[5];		/* module 2: array elements */
	double	m3[5];		/* module 3: array as parameter */
	int	m4;		/* module 4: conditional jumps */
	int	m6[3];		/* module 6: integer arithmetic */
	double	m7[2];		/* module 7: trigonometric functions */
	double	m8;		/* module 8: procedure calls */
	double	m9[4];		/* module 9: array references */
	double	m11;		/* module 11: standard functions */
};

struct whet_state {
	struct whet_result	ref;
	struct whet_result	cur;
};

static void
whet_pa(struct whet *w, double *e)
{
	for (int j = 0; j < 6; j++) {
		e[1] = (e[1] + e[2] + e[3] - e[4]) * w->t;
		e[2] = (e[1] + e[2] - e[3] + e[4]) * w->t;
		e[3] = (e[1] - e[2] + e[3] + e[4]) * w->t;
		e[4] = (-e[1] + e[2] + e[3] + e[4]) / w->t2;
	}
}

static void
whet_p3(struct whet *w, double x, double y, double *z)
{
	x = w->t * (x + y);
	y = w->t * (x + y);
	*z = (x + y) / w->t2;
}

static void
whet_p0(struct whet *w)
{
	w->e1[w->j] = w->e1[w->k];
	w->e1[w->k] = w->e1[w->l];
	w->e1[w->l] = w->e1[w->j];
}

static void
whet_arrays(struct whet *w, struct whet_result *r)
{
	double	*e = w->e1;

	e[1] = 1;
	e[2] = e[3] = e[4] = -1;
	for (int i = 0; i < WHET_N2; i++) {
		e[1] = (e[1] + e[2] + e[3] - e[4]) * w->t;
		e[2] = (e[1] + e[2] - e[3] + e[4]) * w->t;
		e[3] = (e[1] - e[2] + e[3] + e[4]) * w->t;
		e[4] = (-e[1] + e[2] + e[3] + e[4]) * w->t;
	}
	memcpy(r->m2, e, sizeof r->m2);
	for (int i = 0; i < WHET_N3; i++)
		whet_pa(w, e);
	memcpy(r->m3, e, sizeof r->m3);
}

static void
whet_integers(struct whet *w, struct whet_result *r)
{
	int	j = 1, k = 2, l = 3;

	for (int i = 0; i < WHET_N4; i++) {
		j = j == 1 ? 2 : 3;
		j = j > 2 ? 0 : 1;
		j = j < 1 ? 1 : 0;
	}
	r->m4 = j;
	j = 1;
	for (int i = 0; i < WHET_N6; i++) {
		j = j * (k - j) * (l - k);
		k = l * k - (l - j) * k;
		l = (l - k) * (k + j);
		w->e1[l - 1] = j + k + l;
		w->e1[k - 1] = j * k * l;
	}
	r->m6[0] = j;
	r->m6[1] = k;
	r->m6[2] = l;
}

static void
whet_functions(struct whet *w, struct whet_result *r)
{
	double	x = 0.5, y = 0.5, z = 1;

	for (int i = 0; i < WHET_N7; i++) {
		x = w->t * atan(w->t2 * sin(x) * cos(x) /
		    (cos(x + y) + cos(x - y) - 1));
		y = w->t * atan(w->t2 * sin(y) * cos(y) /
		    (cos(x + y) + cos(x - y) - 1));
	}
	r->m7[0] = x;
	r->m7[1] = y;
	x = y = 1;
	for (int i = 0; i < WHET_N8; i++)
		whet_p3(w, x, y, &z);
	r->m8 = z;
	w->j = 1;
	w->k = 2;
	w->l = 3;
	w->e1[1] = 1;
	w->e1[2] = 2;
	w->e1[3] = 3;
	for (int i = 0; i < WHET_N9; i++)
		whet_p0(w);
	memcpy(r->m9, w->e1, sizeof r->m9);
	x = 0.75;
	for (int i = 0; i < WHET_N11; i++)
		x = sqrt(exp(log(x) / w->t1));
	r->m11 = x;
}

/* One pass: a million Whetstone instructions. */
static void
whet_pass(struct whet_result *r)
{
	struct whet	w;

	memset(&w, 0, sizeof w);
	w.t = whet_t0;
	w.t1 = whet_t1;
	w.t2 = whet_t2;
	whet_arrays(&w, r);
	whet_integers(&w, r);
	whet_functions(&w, r);
}

static int
whet_finite(const struct whet_result *r)
{
	for (int i = 1; i < 5; i++)
		if (!isfinite(r->m2[i]) || !isfinite(r->m3[i]))
			return 0;
	return isfinite(r->m7[0]) && isfinite(r->m7[1]) &&
	    isfinite(r->m8) && r->m11 > 0 && r->m11 <= 1;
}

static int
whet_setup(struct bench_ctx *ctx)
{
	struct whet_state	*st;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	whet_pass(&st->ref);
	if (st->ref.m4 != 1 || st->ref.m6[0] != 1 || st->ref.m6[1] != 2 ||
	    st->ref.m6[2] != 3 || !whet_finite(&st->ref))
		bench_fail(ctx, "whetstone: the reference pass is wrong");
	ctx->state = st;
	return 0;
}

static void
whet_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct whet_state	*st = ctx->state;

	while (n-- > 0) {
		whet_pass(&st->cur);
		if (memcmp(&st->cur, &st->ref, sizeof st->cur) != 0)
			bench_fail(ctx, "whetstone: a pass differs from the "
			    "reference");
		ctx->sink += (uint64_t)(st->cur.m8 * 1e6);
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
	.version = 1,
	.desc = "Whetstone in double precision, 1 M instructions a pass",
	.scale = 1,
	.setup = whet_setup,
	.loop = whet_loop,
	.teardown = whet_teardown,
};
