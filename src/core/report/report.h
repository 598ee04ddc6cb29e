/*
 * The core's report layer: output: the results report (report.c), JSON
 * (json_*.c), curves (curves.c, scaling.c), HTML tables and the HTML report
 * (html.c, report_html.c).
 *
 * Layers call only down: this header includes the one below it (chart),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_REPORT_H
#define SYSMARK_REPORT_H

#include "../chart/chart.h"

/* report.c */
struct table *report_results(const struct run *, int);
void	 report_fold_samples(struct table *);
struct table *report_stats(const struct run *);

/* execs.c: the spread of a command's single executions */
void	 report_execs(const struct run *, const struct run_group *, size_t,
	     struct table *);
/* relative.c: hyperfine's summary, each command against the fastest */
void	 report_relative(const struct run *, struct table *);
void	 relative_ratio(const struct estimate *fast,
	     const struct estimate *slow, int lower_better, double *ratio,
	     double *half);

/* json_out.c: -f json (doc/json.md); jansson's json_t, opaque here */
#define JSON_OUT_VERSION	1	/* "sysmark_json": bumped on a change */
struct json_t;
struct json_t *json_out_doc(const char *);
void	 json_out_set(struct json_t *obj, const char *key, struct json_t *v);
void	 json_out_append(struct json_t *arr, struct json_t *v);
struct json_t *json_out_object(void);
struct json_t *json_out_array(void);
struct json_t *json_out_number(double);
struct json_t *json_out_string(const char *);
void	 json_out_num(struct json_t *, const char *, double);
void	 json_out_null(struct json_t *, const char *);
void	 json_out_int(struct json_t *, const char *, long long);
void	 json_out_bool(struct json_t *, const char *, int);
void	 json_out_str(struct json_t *obj, const char *key, const char *s);
struct json_t *json_out_table(const struct table *);
void	 json_out_add_tables(struct json_t *, struct table **, size_t);
void	 json_out_catalog(struct json_t *);
int	 json_out_write(struct json_t *, FILE *, struct sm_error *);

/* json_run.c */
struct json_t *json_run_object(const struct run *, const char *);
void	 json_run_add(struct json_t *, const struct run *, const char *);

/* json_compare.c */
size_t	 json_compare_add(struct json_t *doc, const struct compare_side *a,
	     size_t afirst, const struct compare_side *b, size_t bfirst,
	     const struct bmdiff_line *lines, size_t n,
	     const struct compare_opts *co);

/* curves.c */
size_t	 curves_tables(const struct run *, struct table ***);
size_t	 curves_compare(const struct run *const *, const char *const *,
	     size_t, struct table ***);

/* scan.c: a run's parameter scans, figure against value */
struct table *scan_table(const struct run *);

/* scaling.c: a test's figures as copies are added */
struct table *scaling_table(const struct run *);
struct table *scaling_compare(const struct run *const *,
	     const char *const *, size_t);

/* json_out.c: a document not written after all (an error on the way) */
void	 json_out_free(struct json_t *);

/* html.c */
void	 html_table(struct sbuf *, const struct table *, const char *);

/* report_html.c */
struct report_html {
	const struct run *const	*runs;
	const char *const	*names;
	size_t			 nrun;
	int			 split;		/* OLD... -- NEW...; -1 */
	const struct run	*base;		/* -b, or NULL */
	const char		*base_name;
	const struct compare_opts *o;
	const char		*title;
};
void	 report_html(struct sbuf *, const struct report_html *);
/* report_headline.c: what the page opens with */
void	 report_headline(struct sbuf *, const struct report_html *);
void	 report_html_open(struct sbuf *b, const char *title,
	     const char *about);
void	 report_html_close(struct sbuf *);
int	 report_html_svg(struct sbuf *, const struct report_html *,
	     const char *, struct sm_error *);
const char *report_html_charts(void);

#endif
