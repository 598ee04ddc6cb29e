/*
 * The units (units.c): every unit a registered test reports in is
 * defined, once, for `sysmark list` and the console's help; a unit no
 * test uses is not listed; and a file test's KB a loop (its scale) is
 * the block its title names.
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"

/* Each test's unit has a definition that says which way is better. */
static void
test_every_unit_defined(void **state)
{
	const char	*what;

	(void)state;
	for (size_t k = 0; registry_all[k] != NULL; k++) {
		what = unit_describe(registry_all[k]->unit);
		if (what == NULL)
			fail_msg("%s: unit \"%s\" is not defined in units.c",
			    registry_all[k]->id, registry_all[k]->unit);
		assert_non_null(strstr(what, registry_all[k]->dir ==
		    BENCH_LOWER ? "lower is better" : "higher is better"));
	}
	assert_null(unit_describe("furlongs"));
	assert_null(unit_describe(""));
}

/* Every unit listed is one some test uses, each listed once. */
static void
test_every_unit_used(void **state)
{
	const char	*u;
	int		 used;

	(void)state;
	for (size_t i = 0; (u = unit_at(i)) != NULL; i++) {
		used = 0;
		for (size_t k = 0; registry_all[k] != NULL; k++)
			used |= strcmp(registry_all[k]->unit, u) == 0;
		if (!used)
			fail_msg("unit \"%s\" is listed but no test uses it", u);
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(unit_at(j), u);
	}
	assert_true(unit_at(0) != NULL);
}

/*
 * UnixBench's file tests do what their titles say: "File Copy N bufsize
 * M maxblocks" copies N-byte blocks, so a loop is N/1024 KB (its scale);
 * a block of another size would copy other files than the baselines'
 * and give figures that compare with none of them.
 */
static void
test_file_titles_sizes(void **state)
{
	int	n, m, seen = 0;

	(void)state;
	for (size_t i = 0; registry_all[i] != NULL; i++) {
		const struct bench *b = registry_all[i];

		if (sscanf(b->title, "File Copy %d bufsize %d maxblocks", &n,
		    &m) != 2)
			continue;
		seen++;
		if (b->scale * 1024 != n)
			fail_msg("%s: %g KB a loop, its title says %d-byte "
			    "blocks", b->id, b->scale, n);
	}
	assert_int_equal(seen, 3);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_unit_defined),
		cmocka_unit_test(test_every_unit_used),
		cmocka_unit_test(test_file_titles_sizes),
	};

	return cmocka_run_group_tests_name("units", tests, NULL, NULL);
}
