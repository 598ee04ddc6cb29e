/*
 * Dhrystone 2.1's second translation unit: Proc_6, Proc_7, Proc_8 and
 * Func_1, Func_2, Func_3, written from the published description.  They
 * live apart from the main loop (dhry.c) as in the 2.1 distribution, so
 * every call to them is a real call: compiled into one file, the compiler
 * inlined the whole program and sysmark reported 1.2 times UnixBench's
 * figure.  See dhry.c for the benchmark itself.
 */
/* SPDX-License-Identifier: MIT */

#include <string.h>

#include "dhry.h"

void
dhry_proc_6(struct dhry *d, enum dhry_enum val, enum dhry_enum *ref)
{
	*ref = val;
	if (!dhry_func_3(val))
		*ref = DHRY_IDENT_4;
	switch (val) {
	case DHRY_IDENT_1:
		*ref = DHRY_IDENT_1;
		break;
	case DHRY_IDENT_2:
		*ref = d->int_glob > 100 ? DHRY_IDENT_1 : DHRY_IDENT_4;
		break;
	case DHRY_IDENT_3:
		*ref = DHRY_IDENT_2;
		break;
	case DHRY_IDENT_4:
		break;
	case DHRY_IDENT_5:
		*ref = DHRY_IDENT_3;
		break;
	}
}

void
dhry_proc_7(int a, int b, int *out)
{
	*out = b + a + 2;
}

void
dhry_proc_8(struct dhry *d, int a, int b)
{
	int	loc = a + 5;

	d->arr_1_glob[loc] = b;
	d->arr_1_glob[loc + 1] = d->arr_1_glob[loc];
	d->arr_1_glob[loc + 30] = loc;
	for (int i = loc; i <= loc + 1; i++)
		d->arr_2_glob[loc][i] = loc;
	d->arr_2_glob[loc][loc - 1] += 1;
	d->arr_2_glob[loc + 20][loc] = d->arr_1_glob[loc];
	d->int_glob = 5;
}

enum dhry_enum
dhry_func_1(struct dhry *d, char c1, char c2)
{
	char	loc = c1;

	if (loc != c2)
		return DHRY_IDENT_1;
	d->ch_1_glob = loc;
	return DHRY_IDENT_2;
}

int
dhry_func_2(struct dhry *d, const char *s1, const char *s2)
{
	int	loc = 2;
	char	ch = '\0';

	while (loc <= 2)
		if (dhry_func_1(d, s1[loc], s2[loc + 1]) == DHRY_IDENT_1) {
			ch = 'A';
			loc += 1;
		}
	if (ch >= 'W' && ch < 'Z')
		loc = 7;
	if (ch == 'R')
		return 1;
	if (strcmp(s1, s2) > 0) {
		d->int_glob = loc + 7;
		return 1;
	}
	return 0;
}

int
dhry_func_3(enum dhry_enum e)
{
	return e == DHRY_IDENT_3;
}
