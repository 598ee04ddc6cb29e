/*
 * The Arithmetic Tests of the BYTE suite (arithoh, register, short, int,
 * long, float, double), written here from their description: each loop
 * runs 100 steps of x = i, y = x * x, z += y / (y - 1) in one C type, and
 * arithoh is the same loop with the arithmetic left out, so its figure is
 * the loop's own overhead.  One generic body is instantiated per type.
 *
 * A volatile zero is read at every step, so the compiler can neither fold
 * the steps into a formula (as it would arithoh's sum) nor hoist them out;
 * the sum is checked against its known value (100 for the integer types)
 * and goes to the sink.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>

#include "bench.h"

struct arith_param {
	double	expect;		/* z after one loop */
	double	tol;
};

/* i^2 / (i^2 - 1) summed for i = 2..101 is 100 + (3/2 - 1/101 - 1/102)/2. */
#define ARITH_REAL	(100 + (1.5 - 1.0 / 101 - 1.0 / 102) / 2)

static const volatile int arith_zero = 0;

static void
arith_check(struct bench_ctx *ctx, double z)
{
	const struct arith_param	*p = ctx->bench->arg;

	if (!(fabs(z - p->expect) <= p->tol))
		bench_fail(ctx, "%s: the sum is %.9g, not %.9g",
		    ctx->bench->id, z, p->expect);
	ctx->sink += (uint64_t)z;
}

/* One loop function per type; STEP uses x, y and z. */
#define ARITH_LOOP(name, type, REG, STEP)				\
static void								\
arith_##name##_loop(struct bench_ctx *ctx, uint64_t n)			\
{									\
	while (n-- > 0) {						\
		REG type	x, y = 0, z = 0;			\
									\
		for (REG int i = 2; i <= 101; i++) {			\
			x = (type)(i + arith_zero);			\
			STEP;						\
		}							\
		(void)y;						\
		arith_check(ctx, (double)z);				\
	}								\
}

#define ARITH_STEP	y = (x * x); z += y / (y - 1)

ARITH_LOOP(arithoh, int, , z += x)
ARITH_LOOP(register, int, register, ARITH_STEP)
ARITH_LOOP(short, short, , ARITH_STEP)
ARITH_LOOP(int, int, , ARITH_STEP)
ARITH_LOOP(long, long, , ARITH_STEP)
ARITH_LOOP(float, float, , ARITH_STEP)
ARITH_LOOP(double, double, , ARITH_STEP)

static const struct arith_param arith_overhead = { 5150, 0 };
static const struct arith_param arith_integer = { 100, 0 };
static const struct arith_param arith_float = { ARITH_REAL, 1e-3 };
static const struct arith_param arith_double = { ARITH_REAL, 1e-9 };

#define ARITH_BENCH(name, param, d)					\
	const struct bench bench_arith_##name = {			\
		.id = #name,						\
		.title = "Arithmetic Test (type = " #name ")",		\
		.group = "CPU",						\
		.unit = "lps",						\
		.dir = BENCH_HIGHER,					\
		.version = 1,						\
		.desc = d,						\
		.scale = 1,						\
		.loop = arith_##name##_loop,				\
		.arg = &param,						\
	}

ARITH_BENCH(arithoh, arith_overhead,
    "the arithmetic loop without its arithmetic: overhead");
ARITH_BENCH(register, arith_integer,
    "100 multiply/divide/add steps on register ints");
ARITH_BENCH(short, arith_integer, "100 multiply/divide/add steps on shorts");
ARITH_BENCH(int, arith_integer, "100 multiply/divide/add steps on ints");
ARITH_BENCH(long, arith_integer, "100 multiply/divide/add steps on longs");
ARITH_BENCH(float, arith_float, "100 multiply/divide/add steps on floats");
ARITH_BENCH(double, arith_double,
    "100 multiply/divide/add steps on doubles");
