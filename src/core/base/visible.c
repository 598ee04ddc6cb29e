/*
 * Text from a file or a host made safe to show: a run file's meta values
 * and test ids, a remote host's stderr, a fleet.csv field, a hook's last
 * line of output.  A terminal takes ESC, CSI (0x9b) and the other control
 * characters as commands, so a hostile string could move the cursor,
 * retitle the window or rewrite what was printed before it.  Each such
 * byte is shown as \xNN instead: a control character (C0, DEL), a C1
 * control written in UTF-8 (U+0080..U+009F, shown as its two bytes), and
 * every byte that is not part of well-formed UTF-8.  Well-formed UTF-8
 * passes unchanged, so names in any script still read as they were.
 *
 * The table model (table.c), the console's one text call (ui_puts()),
 * error messages (sm_error_set()), the fleet's logs and reasons and the
 * hooks' messages all go through visible_buf() (or xvisible(), util.c's
 * allocating form), so no printer needs its own copy.  The UTF-8 decoder
 * is shared with the JSON and HTML writers.  It allocates nothing, so
 * util.c can use it.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

/*
 * The length of the well-formed UTF-8 sequence at p (1 to 4), or 0 if
 * there is none: a stray continuation byte, a truncated sequence, an
 * overlong form or a surrogate.  p[0] == '\0' is a sequence of 1.
 */
size_t
visible_utf8(const unsigned char *p)
{
	size_t	n;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0) ||
	    (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))
		return 0;
	return n;
}

/* How many bytes at p pass as they are (0: show p[0] as \xNN). */
static size_t
visible_keep(const unsigned char *p, unsigned flags)
{
	size_t	n;

	if (*p == '\n' && (flags & VISIBLE_LINES))
		return 1;
	if (*p < 0x20 || *p == 0x7f)
		return 0;
	if ((n = visible_utf8(p)) == 2 && p[0] == 0xc2 && p[1] < 0xa0)
		return 0;	/* a C1 control: 0x9b is CSI to some */
	return n;
}

/*
 * s made visible into buf (len bytes, at least 1), cut whole at a
 * character or an escape when it does not fit; the length it would need
 * (without the NUL), as snprintf counts.
 */
size_t
visible_buf(const char *s, char *buf, size_t len, unsigned flags)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 at = 0, end = 0, n, w;
	char			 esc[5];

	for (; *p != '\0'; p += n == 0 ? 1 : n, at += w) {
		if ((n = visible_keep(p, flags)) == 0) {
			snprintf(esc, sizeof esc, "\\x%02x", *p);
			w = 4;
		} else
			w = n;
		if (end != at || at + w >= len)
			continue;	/* full: only counted from here on */
		memcpy(buf + at, n == 0 ? esc : (const char *)p, w);
		end = at + w;
	}
	buf[end] = '\0';
	return at;
}
