/*
 * Dhrystone 2 (Weicker's synthetic integer benchmark, version 2.1), with
 * and without register variables, as the BYTE and UnixBench suites ran
 * it.  Written here from the published description of its procedures
 * (Proc_1..Proc_8, Func_1..Func_3 over records, strings, arrays and an
 * enumeration); the program's globals live in a struct so that nothing is
 * shared between copies.  One loop is one Dhrystone run.
 *
 * As in the 2.1 distribution the program is two translation units: this
 * one holds the main run and Proc_1..Proc_5, dhry_2.c holds Proc_6..8 and
 * Func_1..3, so the calls between them are real calls (the figure
 * depends on it: one file let the compiler inline everything, 1.2 times
 * UnixBench's figure).
 *
 * The main run is instantiated twice, with its locals declared register
 * or not.  After every batch the values Dhrystone documents as correct
 * are checked, including Arr_2_Glob[8][7] = runs + 10.
 */
/* SPDX-License-Identifier: MIT */

#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "dhry.h"

static const char dhry_some[] = "DHRYSTONE PROGRAM, SOME STRING";
static const char dhry_1st[] = "DHRYSTONE PROGRAM, 1'ST STRING";
static const char dhry_2nd[] = "DHRYSTONE PROGRAM, 2'ND STRING";
static const char dhry_3rd[] = "DHRYSTONE PROGRAM, 3'RD STRING";

static void
dhry_proc_3(struct dhry *d, struct dhry_rec **ref)
{
	if (d->ptr_glob != NULL)
		*ref = d->ptr_glob->ptr_comp;
	dhry_proc_7(10, d->int_glob, &d->ptr_glob->int_comp);
}

static void
dhry_proc_1(struct dhry *d, struct dhry_rec *val)
{
	struct dhry_rec	*next = val->ptr_comp;

	*val->ptr_comp = *d->ptr_glob;
	val->int_comp = 5;
	next->int_comp = val->int_comp;
	next->ptr_comp = val->ptr_comp;
	dhry_proc_3(d, &next->ptr_comp);
	if (next->discr == DHRY_IDENT_1) {
		next->int_comp = 6;
		dhry_proc_6(d, val->enum_comp, &next->enum_comp);
		next->ptr_comp = d->ptr_glob->ptr_comp;
		dhry_proc_7(next->int_comp, 10, &next->int_comp);
	} else
		*val = *val->ptr_comp;
}

static void
dhry_proc_2(struct dhry *d, int *ref)
{
	int		loc = *ref + 10;
	enum dhry_enum	e = DHRY_IDENT_2;

	do {
		if (d->ch_1_glob == 'A') {
			loc -= 1;
			*ref = loc - d->int_glob;
			e = DHRY_IDENT_1;
		}
	} while (e != DHRY_IDENT_1);
}

static void
dhry_proc_4(struct dhry *d)
{
	int	loc = d->ch_1_glob == 'A';

	d->bool_glob = loc | d->bool_glob;
	d->ch_2_glob = 'B';
}

static void
dhry_proc_5(struct dhry *d)
{
	d->ch_1_glob = 'A';
	d->bool_glob = 0;
}

/*
 * Proc_0's loop: n Dhrystone runs, locals declared with REG.  As in the
 * published program the loop, its locals and the two string buffers live
 * in one function (strings on the stack, aligned as a compiler aligns a
 * local array), and Proc_1..Proc_5 are calls it may inline; with a call
 * per run through a pointer, and the strings in the heap at an odd
 * offset (version 2), the figure was 0.80 of UnixBench's, now 1.01 with
 * its flags.  The locals' final values are copied out for dhry_check().
 */
#define DHRY_RUN(name, REG)						\
static void								\
name(struct dhry *d, uint64_t n)					\
{									\
	int		int_1 = 0, int_3 = 0;	/* passed by address */	\
	REG int		int_2 = 0;					\
	REG char	ch;						\
	enum dhry_enum	e = DHRY_IDENT_2;				\
	int		run;						\
	char		str_1_loc[31], str_2_loc[31];			\
									\
	memcpy(str_1_loc, dhry_1st, sizeof dhry_1st);			\
	while (n-- > 0) {						\
		run = (int)++d->runs;					\
		dhry_proc_5(d);						\
		dhry_proc_4(d);						\
		int_1 = 2;						\
		int_2 = 3;						\
		memcpy(str_2_loc, dhry_2nd, sizeof dhry_2nd);		\
		e = DHRY_IDENT_2;					\
		d->bool_glob = !dhry_func_2(d, str_1_loc, str_2_loc);	\
		while (int_1 < int_2) {					\
			int_3 = 5 * int_1 - int_2;			\
			dhry_proc_7(int_1, int_2, &int_3);		\
			int_1 += 1;					\
		}							\
		dhry_proc_8(d, int_1, int_3);				\
		dhry_proc_1(d, d->ptr_glob);				\
		for (ch = 'A'; ch <= d->ch_2_glob; ++ch)		\
			if (e == dhry_func_1(d, ch, 'C')) {		\
				dhry_proc_6(d, DHRY_IDENT_1, &e);	\
				memcpy(str_2_loc, dhry_3rd,		\
				    sizeof dhry_3rd);			\
				int_2 = run;				\
				d->int_glob = run;			\
			}						\
		int_2 = int_2 * int_1;					\
		int_1 = int_2 / int_3;					\
		int_2 = 7 * (int_2 - int_3) - int_1;			\
		dhry_proc_2(d, &int_1);					\
	}								\
	memcpy(d->str_1_loc, str_1_loc, sizeof str_1_loc);		\
	memcpy(d->str_2_loc, str_2_loc, sizeof str_2_loc);		\
	d->loc[0] = int_1;						\
	d->loc[1] = int_2;						\
	d->loc[2] = int_3;						\
	d->loc[3] = (int)e;						\
}

DHRY_RUN(dhry_run_reg, register)
DHRY_RUN(dhry_run_plain, )

struct dhry_param {
	void	(*run)(struct dhry *, uint64_t);
};

static const struct dhry_param dhry_reg = { dhry_run_reg };
static const struct dhry_param dhry_plain = { dhry_run_plain };

static int
dhry_setup(struct bench_ctx *ctx)
{
	struct dhry	*d;

	/* Each record its own allocation, as Proc_0 makes them. */
	if ((d = calloc(1, sizeof *d)) == NULL ||
	    (d->ptr_glob = calloc(1, sizeof *d->ptr_glob)) == NULL ||
	    (d->next_ptr_glob = calloc(1, sizeof *d->next_ptr_glob)) == NULL)
		bench_fail(ctx, "out of memory");
	d->ptr_glob->ptr_comp = d->next_ptr_glob;
	d->ptr_glob->discr = DHRY_IDENT_1;
	d->ptr_glob->enum_comp = DHRY_IDENT_3;
	d->ptr_glob->int_comp = 40;
	memcpy(d->ptr_glob->str_comp, dhry_some, sizeof dhry_some);
	d->arr_2_glob[8][7] = 10;
	ctx->state = d;
	return 0;
}

/* The final values Dhrystone's own output lists as "should be". */
static void
dhry_check(struct bench_ctx *ctx, const struct dhry *d)
{
	const struct dhry_rec	*p = d->ptr_glob, *q = d->next_ptr_glob;

	if (d->int_glob != 5 || d->bool_glob != 1 || d->ch_1_glob != 'A' ||
	    d->ch_2_glob != 'B' || d->arr_1_glob[8] != 7 ||
	    d->arr_2_glob[8][7] != (int)(d->runs + 10))
		bench_fail(ctx, "dhrystone: wrong globals after %llu runs",
		    (unsigned long long)d->runs);
	if (p->ptr_comp != q || p->discr != DHRY_IDENT_1 ||
	    p->enum_comp != DHRY_IDENT_3 || p->int_comp != 17 ||
	    strcmp(p->str_comp, dhry_some) != 0 || q->ptr_comp != q ||
	    q->discr != DHRY_IDENT_1 || q->enum_comp != DHRY_IDENT_2 ||
	    q->int_comp != 18 || strcmp(q->str_comp, dhry_some) != 0)
		bench_fail(ctx, "dhrystone: wrong records");
	if (d->loc[0] != 5 || d->loc[1] != 13 || d->loc[2] != 7 ||
	    d->loc[3] != DHRY_IDENT_2 || strcmp(d->str_1_loc, dhry_1st) ||
	    strcmp(d->str_2_loc, dhry_2nd) != 0)
		bench_fail(ctx, "dhrystone: wrong locals");
}

static void
dhry_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct dhry		*d = ctx->state;
	const struct dhry_param	*p = ctx->bench->arg;

	if (n == 0)
		return;
	p->run(d, n);
	dhry_check(ctx, d);
	ctx->sink += (uint64_t)d->loc[1];
	/* Keep the run counter and Arr_2_Glob[8][7] far from overflow. */
	if (d->runs >= (1u << 30)) {
		d->arr_2_glob[8][7] -= (int)d->runs;
		d->runs = 0;
	}
}

static void
dhry_teardown(struct bench_ctx *ctx)
{
	struct dhry	*d = ctx->state;

	free(d->ptr_glob);
	free(d->next_ptr_glob);
	free(d);
}

const struct bench bench_dhry2reg = {
	.id = "dhry2reg",
	.title = "Dhrystone 2 using register variables",
	.group = "CPU",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 3,
	.desc = "Dhrystone 2.1, locals in register variables",
	.scale = 1,
	.setup = dhry_setup,
	.loop = dhry_loop,
	.teardown = dhry_teardown,
	.arg = &dhry_reg,
};

const struct bench bench_dhry2 = {
	.id = "dhry2",
	.title = "Dhrystone 2 without register variables",
	.group = "CPU",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 3,
	.desc = "Dhrystone 2.1, no register variables",
	.scale = 1,
	.setup = dhry_setup,
	.loop = dhry_loop,
	.teardown = dhry_teardown,
	.arg = &dhry_plain,
};
