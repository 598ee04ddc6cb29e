/*
 * The HTML report's headline, the first thing the page says: for a
 * comparison how many tests got better, worse or stayed (compare's own
 * verdicts, bmdiff_lines()), and for any page whether a run's machine
 * was busy (the idle warning the run recorded) and which hosts the runs
 * come from; so that a reader who stops there has the answer.
 */
/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/*
 * The verdicts of new against old: better, worse, the rest, and whether
 * the host shifted under them (shift.c); 0, or -1 with one run.
 */
static int
report_headline_counts(const struct report_html *r, size_t n[3],
    struct host_shift *sh)
{
	struct compare_side	 a, s;
	struct bmdiff_line	*l;
	size_t			 nl;

	n[0] = n[1] = n[2] = 0;
	sh->found = 0;
	if (r->nrun < 2)
		return -1;
	if (r->split > 0) {
		a = (struct compare_side){ r->runs, (size_t)r->split,
		    r->names[0] };
		s = (struct compare_side){ r->runs + r->split,
		    r->nrun - (size_t)r->split, r->names[r->split] };
	} else {
		a = (struct compare_side){ r->runs, 1, r->names[0] };
		s = (struct compare_side){ r->runs + r->nrun - 1, 1,
		    r->names[r->nrun - 1] };
	}
	nl = bmdiff_lines(&a, &s, r->o, &l);
	for (size_t i = 0; i < nl; i++)
		if (l[i].kind == BMDIFF_RANKED)
			n[l[i].s.verdict == SIGNIF_BETTER ? 0 :
			    l[i].s.verdict == SIGNIF_WORSE ? 1 : 2]++;
	shift_find(l, nl, sh);
	free(l);
	return 0;
}

/* The runs whose machine was busy, by name; how many. */
static size_t
report_headline_busy(struct sbuf *b, const struct report_html *r)
{
	size_t	n = 0;

	for (size_t k = 0; k < r->nrun; k++) {
		if (run_meta_get(r->runs[k], "idle_warning") == NULL)
			continue;
		sbuf_puts(b, n++ > 0 ? ", " : "");
		sbuf_esc(b, r->names[k]);
	}
	return n;
}

/* The hosts the runs come from, each once. */
static void
report_headline_hosts(struct sbuf *b, const struct report_html *r)
{
	size_t	n = 0;

	for (size_t k = 0; k < r->nrun; k++) {
		const char	*h = run_meta_get(r->runs[k], "hostname");
		size_t		 j;

		if (h == NULL)
			continue;
		for (j = 0; j < k; j++) {
			const char *o = run_meta_get(r->runs[j], "hostname");

			if (o != NULL && strcmp(o, h) == 0)
				break;
		}
		if (j < k)
			continue;
		sbuf_puts(b, n++ > 0 ? ", " : "");
		sbuf_esc(b, h);
	}
	if (n == 0)
		sbuf_puts(b, "not recorded");
}

/* <p id="headline">: the verdicts, busy or not, the hosts. */
void
report_headline(struct sbuf *b, const struct report_html *r)
{
	struct sbuf		busy;
	struct host_shift	sh;
	size_t			n[3], nb, known = 0;

	sbuf_puts(b, "<p id=\"headline\"><strong>");
	if (report_headline_counts(r, n, &sh) == 0) {
		sbuf_esc(b, r->names[r->split > 0 ? (size_t)r->split :
		    r->nrun - 1]);
		sbuf_puts(b, " against ");
		sbuf_esc(b, r->names[0]);
		sbuf_printf(b, ": %zu better, %zu worse, %zu unchanged. ",
		    n[0], n[1], n[2]);
	}
	if (sh.found)
		sbuf_printf(b, "The host itself shifted: %zu of %zu tests, "
		    "from %zu groups, ran %.0f%% %s together. ", sh.moved,
		    sh.ranked, sh.groups, 100 * fabs(sh.median),
		    sh.way > 0 ? "faster" : "slower");
	sbuf_init(&busy);
	nb = report_headline_busy(&busy, r);
	for (size_t k = 0; k < r->nrun; k++)
		known += run_meta_get(r->runs[k], "load_average") != NULL;
	if (nb == 0 && known == 0)
		sbuf_puts(b, "Whether the machine was busy: not recorded. ");
	else if (nb == 0)
		sbuf_printf(b, "The machine was idle in %s. ", known ==
		    r->nrun ? r->nrun > 1 ? "every run" : "the run" :
		    "the runs that recorded their load");
	else
		sbuf_printf(b, "The machine was busy (figures low and noisy) "
		    "in %s. ", busy.s);
	sbuf_free(&busy);
	sbuf_puts(b, "</strong>Host: ");
	report_headline_hosts(b, r);
	sbuf_puts(b, ".</p>\n");
}
