/*
 * Fitting a message into a fixed buffer without losing its cause.  A
 * reason is usually "what: PATH: cause", and a long TMPDIR makes the
 * path the bulk of it: cutting the end would cut the cause.  The middle
 * goes instead, marked "...", keeping the head (what failed) and the
 * tail (the path's end and the cause).
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <string.h>

#include "measure.h"

/* src into dst (len bytes with the NUL), its middle cut if too long. */
void
sm_squeeze(char *dst, size_t len, const char *src)
{
	size_t	n = strlen(src), head, tail;

	if (len == 0)
		return;
	if (n < len || len < 16) {
		snprintf(dst, len, "%s", src);
		return;
	}
	head = (len - 4) / 4;		/* "copy 1: fstime: ..." */
	tail = len - 4 - head;		/* "...s0/c0: No space left ..." */
	memmove(dst, src, head);
	memcpy(dst + head, "...", 3);
	memmove(dst + head + 3, src + n - tail, tail);
	dst[len - 1] = '\0';
}
