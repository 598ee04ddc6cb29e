/*
 * Dhrystone 2.1's shared declarations: its types and the procedures of
 * its second translation unit (dhry_2.c), which the first (dhry.c)
 * calls across the unit boundary, as the 2.1 distribution's dhry_1.c and
 * dhry_2.c do.  Bench-private: only the two Dhrystone files include it.
 */
/* SPDX-License-Identifier: MIT */

#ifndef DHRY_H
#define DHRY_H

#include <stdint.h>

enum dhry_enum {
	DHRY_IDENT_1, DHRY_IDENT_2, DHRY_IDENT_3, DHRY_IDENT_4, DHRY_IDENT_5
};

struct dhry_rec {
	struct dhry_rec	*ptr_comp;
	enum dhry_enum	 discr;
	enum dhry_enum	 enum_comp;
	int		 int_comp;
	char		 str_comp[31];
};

struct dhry {
	struct dhry_rec	*ptr_glob;
	struct dhry_rec	*next_ptr_glob;
	int		 int_glob;
	int		 bool_glob;
	char		 ch_1_glob;
	char		 ch_2_glob;
	int		 arr_1_glob[50];
	int		 arr_2_glob[50][50];
	char		 str_1_loc[31];	/* Proc_0's locals after a batch */
	char		 str_2_loc[31];
	int		 loc[4];	/* int_1..3, enum */
	uint64_t	 runs;
};

void		dhry_proc_6(struct dhry *, enum dhry_enum, enum dhry_enum *);
void		dhry_proc_7(int a, int b, int *out);
void		dhry_proc_8(struct dhry *d, int a, int b);
enum dhry_enum	dhry_func_1(struct dhry *d, char c1, char c2);
int		dhry_func_2(struct dhry *d, const char *s1, const char *s2);
int		dhry_func_3(enum dhry_enum);

#endif
