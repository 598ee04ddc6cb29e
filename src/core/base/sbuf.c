/*
 * A growable string: what the SVG and HTML writers append to.  The report
 * is built whole in memory and written with one call, so a failed write
 * never leaves half a page behind a name that looks finished.  Escaping
 * for XML text and attributes lives here, so that no writer can forget
 * it: a test title, a host name or a label reaches the page only through
 * sbuf_esc().
 */
/* SPDX-License-Identifier: MIT */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

static void
sbuf_grow(struct sbuf *b, size_t more)
{
	size_t	cap = b->cap ? b->cap : 256;

	if (b->len + more + 1 <= b->cap)
		return;
	while (cap < b->len + more + 1)
		cap *= 2;
	b->s = xreallocarray(b->s, cap, 1);
	b->cap = cap;
}

/* An empty buffer, "" already, so that s is never NULL. */
void
sbuf_init(struct sbuf *b)
{
	b->s = NULL;
	b->len = b->cap = 0;
	sbuf_grow(b, 0);
	b->s[0] = '\0';
}

void
sbuf_free(struct sbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

static void
sbuf_add(struct sbuf *b, const char *p, size_t n)
{
	sbuf_grow(b, n);
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
sbuf_puts(struct sbuf *b, const char *s)
{
	sbuf_add(b, s, strlen(s));
}

static void
sbuf_vprintf(struct sbuf *b, const char *fmt, va_list ap)
{
	va_list	aq;
	int	n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		sm_fatal("sbuf: bad format \"%s\"", fmt);
	sbuf_grow(b, (size_t)n);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void
sbuf_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	sbuf_vprintf(b, fmt, ap);
	va_end(ap);
}

/*
 * Text for an XML/HTML element or a quoted attribute: the five markup
 * characters as entities, control characters (which XML forbids) and
 * bytes that are not UTF-8 as U+FFFD, so that what a file held cannot
 * break the page or make the SVG ill-formed.
 */
void
sbuf_esc(struct sbuf *b, const char *s)
{
	static const char	*const rep = "\xef\xbf\xbd";
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 n;

	while (*p != '\0') {
		if (*p == '&')
			sbuf_puts(b, "&amp;");
		else if (*p == '<')
			sbuf_puts(b, "&lt;");
		else if (*p == '>')
			sbuf_puts(b, "&gt;");
		else if (*p == '"')
			sbuf_puts(b, "&quot;");
		else if (*p == '\'')
			sbuf_puts(b, "&#39;");
		else if (*p < 0x20 && *p != '\n' && *p != '\t')
			sbuf_puts(b, rep);
		else if ((n = visible_utf8(p)) == 0)
			sbuf_puts(b, rep);
		else {
			sbuf_add(b, (const char *)p, n);
			p += n;
			continue;
		}
		p++;
	}
}

/* sbuf_esc() of a formatted string. */
void
sbuf_escf(struct sbuf *b, const char *fmt, ...)
{
	struct sbuf	t;
	va_list		ap;

	sbuf_init(&t);
	va_start(ap, fmt);
	sbuf_vprintf(&t, fmt, ap);
	va_end(ap);
	sbuf_esc(b, t.s);
	sbuf_free(&t);
}
