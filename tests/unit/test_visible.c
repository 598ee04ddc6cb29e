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

/* Every single byte below 0x80: controls and DEL escaped, the rest kept. */
static void
test_ascii_each_byte(void **state)
{
	char	in[4], want[8];

	(void)state;
	for (int c = 1; c < 0x80; c++) {
		snprintf(in, sizeof in, "%c", c);
		if (c < 0x20 || c == 0x7f)
			snprintf(want, sizeof want, "\\x%02x", c);
		else
			snprintf(want, sizeof want, "%c", c);
		check(in, 0, want);
	}
}

/*
 * Every two-byte character from U+0080 to U+00FF: the C1 controls, all
 * 32 of them up to U+009F, escaped byte by byte; from U+00A0 on, kept.
 */
static void
test_c1_each_character(void **state)
{
	char	in[4], want[16];

	(void)state;
	for (int c = 0x80; c < 0x100; c++) {
		snprintf(in, sizeof in, "%c%c", 0xc0 | (c >> 6),
		    0x80 | (c & 0x3f));
		if (c < 0xa0)
			snprintf(want, sizeof want, "\\x%02x\\x%02x",
			    (unsigned char)in[0], (unsigned char)in[1]);
		else
			snprintf(want, sizeof want, "%s", in);
		check(in, 0, want);
	}
}

/*
 * Each end of each UTF-8 range: the first and last well-formed sequence
 * of each lead byte kept, the overlong forms, surrogates and code points
 * past U+10FFFF just beyond them escaped.
 */
static void
test_utf8_range_ends(void **state)
{
	static const char *const kept[] = {
		"\xdf\xbf", "\xe0\xa0\x80", "\xe0\xbf\xbf", "\xe1\x80\x80",
		"\xec\xbf\xbf", "\xed\x80\x80", "\xed\x9f\xbf", "\xee\x80\x80",
		"\xef\xbf\xbf", "\xf0\x90\x80\x80", "\xf0\xbf\xbf\xbf",
		"\xf3\xbf\xbf\xbf", "\xf4\x80\x80\x80", "\xf4\x8f\xbf\xbf",
	};
	static const struct {
		const char	*in, *want;
	} escaped[] = {
		{ "\xc1\xbf", "\\xc1\\xbf" },
		{ "\xe0\x9f\xbf", "\\xe0\\x9f\\xbf" },
		{ "\xed\xa0\x80", "\\xed\\xa0\\x80" },
		{ "\xed\xbf\xbf", "\\xed\\xbf\\xbf" },
		{ "\xf0\x8f\xbf\xbf", "\\xf0\\x8f\\xbf\\xbf" },
		{ "\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80" },
		{ "\xf5\x80\x80\x80", "\\xf5\\x80\\x80\\x80" },
		{ "\xc2\xc0", "\\xc2\\xc0" },
		{ "\x80", "\\x80" },
		{ "\xbf", "\\xbf" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
		check(kept[i], 0, kept[i]);
	for (size_t i = 0; i < sizeof escaped / sizeof escaped[0]; i++)
		check(escaped[i].in, 0, escaped[i].want);
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
		cmocka_unit_test(test_ascii_each_byte),
		cmocka_unit_test(test_c1_each_character),
		cmocka_unit_test(test_utf8_range_ends),
		cmocka_unit_test(test_cut_whole),
		cmocka_unit_test(test_table_cells),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
