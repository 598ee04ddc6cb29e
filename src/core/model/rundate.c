/*
 * When a run was made: its "date" fact as run writes it,
 * 2026-12-01T10:00:00+0000, in seconds since the epoch, and that form
 * written (rundate_format(), for "date", "date_end" and the journal's).  history sorts
 * and filters runs by it, and a plan asks how old the noise profile it
 * leans on is (noise.c), so it lives beside the run.
 */
/* SPDX-License-Identifier: MIT */

#include <stdio.h>
#include <time.h>

#include "model.h"

/* Days from 1970-01-01 to a civil date (Hinnant's algorithm). */
static long
rundate_days(long y, long m, long d)
{
	long	era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* The days month m (1-12) of year y has, so 2026-02-30 is no date. */
static int
rundate_month_days(int y, int m)
{
	static const int	days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30,
				    31, 30, 31 };
	int			leap = (y % 4 == 0 && y % 100 != 0) ||
				    y % 400 == 0;

	return days[m - 1] + (m == 2 && leap);
}

/*
 * A run's date as run writes it, 2026-12-01T10:00:00+0000 (the offset
 * optional), or a day, 2026-12-01; seconds since the epoch, or -1.
 */
long long
rundate_parse(const char *s)
{
	int	y, mo, d, hh = 0, mm = 0, ss = 0, off = 0, n = 0, got;
	char	sign;

	if (s == NULL)
		return -1;
	got = sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &n);
	if (got != 3 || mo < 1 || mo > 12 || d < 1 ||
	    d > rundate_month_days(y, mo))
		return -1;
	s += n;
	if (*s == 'T' || *s == ' ') {
		if (sscanf(s + 1, "%2d:%2d:%2d%n", &hh, &mm, &ss, &n) != 3)
			return -1;
		s += 1 + n;
		if ((*s == '+' || *s == '-') && sscanf(s, "%c%4d", &sign,
		    &off) == 2)
			off = (sign == '-' ? -1 : 1) * (off / 100 * 3600 +
			    off % 100 * 60);
	}
	return (long long)rundate_days(y, mo, d) * 86400 + hh * 3600 +
	    mm * 60 + ss - off;
}

/* t as a run's "date" fact: local time with its offset. */
void
rundate_format(time_t t, char *buf, size_t len)
{
	struct tm	tm;

	if (len == 0)
		return;
	if (localtime_r(&t, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%dT%H:%M:%S%z", &tm) == 0)
		buf[0] = '\0';
}

/*
 * The seconds a run's samples took start to end ("date" to "date_end"):
 * for a profile, the window its repeats covered; -1 if either is not
 * recorded (a run before date_end was).
 */
double
rundate_span(const struct run *run)
{
	long long	a = rundate_parse(run_meta_get(run, "date")),
			b = rundate_parse(run_meta_get(run, "date_end"));

	return a >= 0 && b >= a ? (double)(b - a) : -1;
}
