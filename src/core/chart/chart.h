/*
 * The core's chart layer: pictures of runs: the SVG writer (svg.c) and the
 * charts on it (chart_*.c).
 *
 * Layers call only down: this header includes the one below it (session),
 * so a file here sees every lower layer and none above
 * (tests/structure/layers.sh checks the calls).
 */
/* SPDX-License-Identifier: MIT */

#ifndef SYSMARK_CHART_H
#define SYSMARK_CHART_H

#include "../session/session.h"

/* svg.c: one chart's frame, its scales and its marks */
#define SVG_SERIES	8	/* colours and shapes before they repeat */
#define SVG_CHAR_W	6.2	/* a 12px sans-serif character's width, about */
enum svg_shape {
	SVG_CIRCLE = 0, SVG_SQUARE, SVG_TRIANGLE, SVG_DIAMOND, SVG_DOWN,
	SVG_CROSS, SVG_PLUS, SVG_STAR
};
struct svg_scale {
	double	lo, hi;		/* data */
	double	p0, p1;		/* pixels lo and hi map to */
	int	log;		/* log10 scale */
};
typedef void (*svg_fmt)(double, char *, size_t);
struct svg_axis {
	const char	*label;		/* with its unit */
	svg_fmt		 fmt;		/* tick labels; NULL: %g */
	int		 log2;		/* log scale ticks at powers of 2 */
	int		 whole;		/* counts: ticks at whole numbers only */
};
struct svg {
	struct sbuf	*b;
	double		 w, h;		/* the viewBox */
	double		 left, right, top, bottom;	/* the plot area */
	struct svg_scale x, y;
};
void	 svg_scale_fit(struct svg_scale *s, double lo, double hi, int log);
double	 svg_scale_px(const struct svg_scale *, double);
size_t	 svg_scale_ticks(const struct svg_scale *, int, double *, size_t);
void	 svg_fmt_g(double, char *, size_t);
void	 svg_begin(struct svg *g, struct sbuf *b, double w, double h,
	     const char *id, const char *title, const char *desc);
void	 svg_end(struct svg *);
void	 svg_axes(struct svg *g, const struct svg_axis *ax,
	     const struct svg_axis *ay);
void	 svg_shape(struct svg *g, enum svg_shape sh, double x, double y,
	     double r, const char *cls, const char *tip);
void	 svg_line_data(struct svg *g, const double *x, const double *y,
	     size_t n, const char *cls, const char *name);
void	 svg_vmark(struct svg *g, double x, const char *cls,
	     const char *label);
void	 svg_legend(struct svg *g, double y, const char *const *name,
	     const char *const *cls, const enum svg_shape *sh, size_t n);
void	 svg_text(struct svg *g, double x, double y, const char *anchor,
	     const char *cls, const char *s);
const char *svg_style(void);
void	 svg_defs(struct sbuf *);

/* chart_busy.c: the mark of a run measured on a busy machine */
#define CHART_BUSY_LEN	128
int	 chart_busy_run(const struct run *);
void	 chart_busy_add(char *, size_t, const char *);
size_t	 chart_busy_names(const struct run *const *, const char *const *,
	     size_t, char *, size_t);
void	 svg_busy(struct svg *, const char *);

/* chart_strip.c: every sample of one test, run by run, repeat by repeat */
void	 chart_strip(struct sbuf *, const struct run *const *,
	     const char *const *, size_t, const struct run_group *);

/* chart_xy.c: curves against a common x, for the three below */
struct chart_series {
	const char	*name;
	double		*x;
	double		*y;
	double		*lo;		/* each point's interval, or NULL */
	double		*hi;
	size_t		 n;
	int		 dashed;	/* a reference, not a measurement */
};
struct chart_mark {
	double		 x;		/* a vertical line here */
	char		 label[48];
};
struct chart_level {
	double		 from, to;	/* a plateau: x from..to at y */
	double		 y;
	char		 label[48];
};
struct chart_xy {
	const char		*id;
	const char		*title;
	char			 desc[512];
	struct svg_axis		 ax, ay;
	int			 xlog, ylog;
	int			 yfit;		/* y not read from zero */
	struct chart_series	*s;
	size_t			 ns;
	struct chart_mark	 mark[8];
	size_t			 nmark;
	struct chart_level	 level[8];
	size_t			 nlevel;
	char			 busy[CHART_BUSY_LEN];	/* busy runs' names */
};
#define CHART_W		640	/* every chart's viewBox width */
#define CHART_PLOT_H	260	/* the xy charts' plot height */
struct chart_series *chart_xy_add(struct chart_xy *, const char *, size_t,
	     int);
void	 chart_xy_intervals(struct chart_series *);
void	 chart_xy_draw(struct sbuf *, const struct chart_xy *);
void	 chart_xy_free(struct chart_xy *);

/* chart_memhier.c, chart_scaling.c, chart_users.c: 0 when none drawn */
int	 chart_memhier(struct sbuf *, const struct run *const *,
	     const char *const *, size_t);
size_t	 chart_scaling(struct sbuf *, const struct run *const *,
	     const char *const *, size_t);
int	 chart_scaling_test(struct sbuf *, const struct run *const *,
	     const char *const *, size_t, const char *);
int	 chart_users(struct sbuf *, const struct run *const *,
	     const char *const *, size_t);

/* chart_scan.c: a command test's figure against its scan's parameter */
size_t	 chart_scan(struct sbuf *, const struct run *const *,
	     const char *const *, size_t);

/* chart_ratio.c: new over old per test, bm_diff's order, by verdict */
int	 chart_ratio(struct sbuf *b, const char *id,
	     const struct compare_side *a, const struct compare_side *bs,
	     const struct compare_opts *o);

#endif
