/*
 * visible.c: what a file or a host sent, made safe to print.  By the
 * kinds of byte a string can hold: printable ASCII and well-formed UTF-8
 * pass unchanged; C0 controls (ESC, a newline, a tab), DEL, C1 controls
 * in UTF-8 (U+009B, CSI to some terminals) and bytes that are not UTF-8
 * (a lone 0x9b, a truncated sequence, an overlong form) become \xNN; a
 * buffer too small is cut whole, never inside an escape, and the length
 * needed is returned as snprintf does.  The table model applies it to
 * every cell, so a test id from a file reaches no renderer raw.
 */
/* SPDX-License-Identifier: MIT */

#include "testutil.h"

/* xvisible(in, flags) is want. */
static void
check(const char *in, unsigned flags, const char *want)
{
	char	*v = xvisible(in, flags);

	assert_string_equal(v, want);
	free(v);
}

static void
test_bytes_by_kind(void **state)
{
	(void)state;
	check("", 0, "");
	check("plain box-1.example", 0, "plain box-1.example");
	check("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 0,
	    "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	check("\x1b[2J", 0, "\\x1b[2J");
	check("a\x1b]0;t\x07z", 0, "a\\x1b]0;t\\x07z");
	check("\x01\x1f\x7f", 0, "\\x01\\x1f\\x7f");
	check("x\ty\rz", 0, "x\\x09y\\x0dz");
	check("two\nlines", 0, "two\\x0alines");
	check("two\nlines", VISIBLE_LINES, "two\nlines");
	check("\xc2\x9b" "31m", 0, "\\xc2\\x9b31m");
	check("\xc2\xa0nbsp", 0, "\xc2\xa0nbsp");
	check("\x9b" "31m", 0, "\\x9b31m");
	check("\xff", 0, "\\xff");
	check("\xc3", 0, "\\xc3");
	check("\xe2\x82", 0, "\\xe2\\x82");
	check("\xc0\xaf", 0, "\\xc0\\xaf");
	check("\xed\xa0\x80", 0, "\\xed\\xa0\\x80");
	check("\xc3\xa9\xff\xc3\xa9", 0, "\xc3\xa9\\xff\xc3\xa9");
}

static void
test_cut_whole(void **state)
{
	char	buf[8];

	(void)state;
	assert_int_equal(visible_buf("ab\x1b" "cd", buf, sizeof buf, 0), 8);
	assert_string_equal(buf, "ab\\x1bc");
	assert_int_equal(visible_buf("abcde\x1b", buf, sizeof buf, 0), 9);
	assert_string_equal(buf, "abcde");
	assert_int_equal(visible_buf("abcdef\xc3\xa9", buf, sizeof buf, 0),
	    8);
	assert_string_equal(buf, "abcdef");
	assert_int_equal(visible_buf("x", buf, 1, 0), 1);
	assert_string_equal(buf, "");
}

static void
test_table_cells(void **state)
{
	struct table	*t = table_new("host\x1b[2J\nline two");
	size_t		 r;

	(void)state;
	table_add_col(t, "TEST\x1b", TABLE_LEFT);
	r = table_add_row(t);
	table_set(t, r, 0, "%s", "bad\x1b[31mid");
	table_add_section(t, "sec\x9b");
	table_add_note(t, "note\x07\nmore");
	assert_string_equal(t->title, "host\\x1b[2J\nline two");
	assert_string_equal(t->cols[0].header, "TEST\\x1b");
	assert_string_equal(t->rows[0].cells[0], "bad\\x1b[31mid");
	assert_string_equal(t->rows[1].cells[0], "sec\\x9b");
	assert_string_equal(t->notes[0], "note\\x07\nmore");
	table_set_title(t, "\x1b");
	assert_string_equal(t->title, "\\x1b");
	table_free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bytes_by_kind),
		cmocka_unit_test(test_cut_whole),
		cmocka_unit_test(test_table_cells),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
