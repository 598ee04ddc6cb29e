/*
 * The CPU watched (cpufreq.c): governor, boost, frequency and temperature
 * read from a fixture sysfs tree that each test builds under
 * $SYSMARK_SYSFS; "not available" where the tree has none of it; the
 * warnings before a run, after it and in compare; the per-sample columns
 * of run file format 3, and format 2 files still loading.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <limits.h>

#include "testutil.h"

static char	root[256];	/* the fixture tree of the current test */

/* Write text to root/rel, making the directories on the way. */
static void
put(const char *rel, const char *text)
{
	char	 path[PATH_MAX];
	FILE	*f;

	snprintf(path, sizeof path, "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(path, 0700);
		*p = '/';
	}
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

/* Every CPU the machine numbers gets governor g and frequency khz. */
static void
put_cpus(const char *g, const char *khz)
{
	char	rel[96];
	long	n = sysconf(_SC_NPROCESSORS_CONF);

	for (long i = 0; i < n; i++) {
		snprintf(rel, sizeof rel, "devices/system/cpu/cpu%ld/cpufreq/"
		    "scaling_governor", i);
		put(rel, g);
		snprintf(rel, sizeof rel, "devices/system/cpu/cpu%ld/cpufreq/"
		    "scaling_cur_freq", i);
		put(rel, khz);
	}
}

static int
setup(void **state)
{
	(void)state;
	tu_tmpdir(root, sizeof root);
	setenv("SYSMARK_SYSFS", root, 1);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	unsetenv("SYSMARK_SYSFS");
	sm_rmtree(root);
	return 0;
}

/* An empty tree, as a VM without cpufreq: "not available", no figure. */
static void
test_not_available(void **state)
{
	struct run	run;
	char		buf[400];

	(void)state;
	run_init(&run);
	cpufreq_collect(&run);
	assert_string_equal(run_meta_get(&run, "cpu_governor"), CPUFREQ_NA);
	assert_string_equal(run_meta_get(&run, "cpu_boost"), CPUFREQ_NA);
	assert_string_equal(run_meta_get(&run, "cpu_freq_mhz"), CPUFREQ_NA);
	assert_string_equal(run_meta_get(&run, "cpu_temp_c"), CPUFREQ_NA);
	assert_true(isnan(cpufreq_mhz()));
	assert_true(isnan(cpufreq_temp_c()));
	assert_int_equal(cpufreq_warn_governor(&run, buf, sizeof buf), 0);
	assert_int_equal(cpufreq_warn_now(buf, sizeof buf), 0);
	cpufreq_head(&run, buf, sizeof buf);
	assert_string_equal(buf, "CPU clock: governor not available, boost "
	    "not available, frequency not available, temperature not "
	    "available");
	run_free(&run);
}

/* A laptop's tree: powersave, boost off, 2.4 GHz, two thermal zones. */
static void
test_fixture(void **state)
{
	struct run	run;
	char		buf[400];

	(void)state;
	put_cpus("powersave\n", "2400000\n");
	put("devices/system/cpu/cpufreq/boost", "0\n");
	put("class/thermal/thermal_zone0/temp", "45000\n");
	put("class/thermal/thermal_zone1/temp", "52500\n");
	put("class/thermal/cooling_device0/temp", "99000\n");
	run_init(&run);
	cpufreq_collect(&run);
	assert_string_equal(run_meta_get(&run, "cpu_governor"), "powersave");
	assert_string_equal(run_meta_get(&run, "cpu_boost"), "off");
	assert_string_equal(run_meta_get(&run, "cpu_freq_mhz"), "2400");
	assert_string_equal(run_meta_get(&run, "cpu_temp_c"), "52.5");
	assert_int_equal(cpufreq_warn_governor(&run, buf, sizeof buf), 1);
	assert_non_null(strstr(buf, "governor is powersave, not performance"));
	assert_non_null(strstr(buf, "cpupower frequency-set -g performance"));
	assert_int_equal(cpufreq_warn_now(buf, sizeof buf), 1);
	assert_true(strlen(buf) <= 80);
	put_cpus("performance\n", "2400000\n");
	assert_int_equal(cpufreq_warn_now(buf, sizeof buf), 0);
	run_free(&run);
}

/* intel_pstate says turbo the other way round: no_turbo = 1 is off. */
static void
test_intel_turbo(void **state)
{
	char	buf[16];

	(void)state;
	assert_int_equal(cpufreq_boost(buf, sizeof buf), -1);
	put("devices/system/cpu/intel_pstate/no_turbo", "1\n");
	assert_int_equal(cpufreq_boost(buf, sizeof buf), 0);
	assert_string_equal(buf, "off");
	put("devices/system/cpu/intel_pstate/no_turbo", "0\n");
	assert_int_equal(cpufreq_boost(buf, sizeof buf), 0);
	assert_string_equal(buf, "on");
}

/* CPUs under different governors say so rather than naming one. */
static void
test_mixed(void **state)
{
	char	buf[160];

	(void)state;
	if (sysconf(_SC_NPROCESSORS_CONF) < 2)
		skip();
	put_cpus("performance\n", "1000000\n");
	put("devices/system/cpu/cpu1/cpufreq/scaling_governor", "ondemand\n");
	assert_int_equal(cpufreq_governor(buf, sizeof buf), 0);
	assert_string_equal(buf, "mixed (performance, ondemand)");
}

/* A run of samples at the given frequencies and temperatures. */
static void
make_run(struct run *run, const double *mhz, const double *temp, int n)
{
	run_init(run);
	for (int i = 0; i < n; i++) {
		struct run_sample *s = run_add_sample(run);

		snprintf(s->test, sizeof s->test, "syscall");
		snprintf(s->unit, sizeof s->unit, "lps");
		s->copies = 1;
		s->index = i + 1;
		s->value = 1000 + i;
		s->duration = 1;
		s->freq_mhz = mhz[i];
		s->temp_c = temp[i];
	}
}

/* After the run: a clock that moved 10% or 10 degrees is warned of. */
static void
test_moved(void **state)
{
	const double	steady[3] = { 2400, 2390, 2395 };
	const double	slowed[3] = { 2400, 2000, 2100 };
	const double	cool[3] = { 40, 42, 41 };
	const double	hot[3] = { 40, 55, 60 };
	const double	none[3] = { NAN, NAN, NAN };
	struct run	run;
	char		buf[400];

	(void)state;
	make_run(&run, steady, cool, 3);
	assert_int_equal(cpufreq_warn_moved(&run, buf, sizeof buf), 0);
	assert_null(run_meta_get(&run, "cpu_warning"));
	run_free(&run);
	make_run(&run, slowed, hot, 3);
	assert_int_equal(cpufreq_warn_moved(&run, buf, sizeof buf), 1);
	assert_string_equal(buf, "the CPU frequency moved from 2000 to 2400 "
	    "MHz during the run; the temperature moved from 40.0 to 60.0 C");
	assert_string_equal(run_meta_get(&run, "cpu_warning"), buf);
	cpufreq_head(&run, buf, sizeof buf);
	assert_non_null(strstr(buf, "(2000 to 2400 over the samples)"));
	run_free(&run);
	make_run(&run, none, none, 3);
	assert_int_equal(cpufreq_warn_moved(&run, buf, sizeof buf), 0);
	run_free(&run);
}

/* compare: different governors or boost are warned of, unknown is not. */
static void
test_compare(void **state)
{
	struct run	a, b;
	char		buf[400];

	(void)state;
	run_init(&a);
	run_init(&b);
	assert_int_equal(cpufreq_warn_compare(&a, "a", &b, "b", buf,
	    sizeof buf), 0);
	run_meta_set(&a, "cpu_governor", "performance");
	run_meta_set(&b, "cpu_governor", "performance");
	run_meta_set(&a, "cpu_boost", "on");
	assert_int_equal(cpufreq_warn_compare(&a, "a", &b, "b", buf,
	    sizeof buf), 0);
	run_meta_set(&b, "cpu_boost", "off");
	assert_int_equal(cpufreq_warn_compare(&a, "a", &b, "b", buf,
	    sizeof buf), 1);
	assert_string_equal(buf, "a and b ran with different CPU boost (on, "
	    "off): a change may be the clock's, not the system's");
	run_meta_set(&b, "cpu_governor", "powersave");
	assert_int_equal(cpufreq_warn_compare(&a, "a", &b, "b", buf,
	    sizeof buf), 1);
	assert_non_null(strstr(buf, "governors (performance, powersave)"));
	run_free(&a);
	run_free(&b);
}

/* Format 3 keeps each sample's clock, heat and session. */
static void
test_roundtrip(void **state)
{
	const double	mhz[2] = { 2400, NAN };
	const double	temp[2] = { -5.5, NAN };
	struct sm_error	err;
	struct run	run, back;
	char		path[PATH_MAX], *text;

	(void)state;
	make_run(&run, mhz, temp, 2);
	run.samples[1].session = 2;
	snprintf(path, sizeof path, "%s/run.csv", root);
	assert_int_equal(csvstore_save(&run, path, 0, &err), 0);
	text = tu_slurp(path);
	assert_non_null(strstr(text, "meta,format,5,"));
	assert_non_null(strstr(text, ",freq_mhz,temp_c,session,user_s,sys_s,"
	    "maxrss_kb,exec_min,exec_mean,exec_max,exec_sd\n"));
	free(text);
	tu_load(&back, path);
	assert_near(back.samples[0].freq_mhz, 2400, 0);
	assert_near(back.samples[0].temp_c, -5.5, 0);
	assert_int_equal(back.samples[0].session, 1);
	assert_true(isnan(back.samples[1].freq_mhz));
	assert_true(isnan(back.samples[1].temp_c));
	assert_int_equal(back.samples[1].session, 2);
	run_free(&run);
	run_free(&back);
}

/* Files of formats 1 and 2 load: clock unknown, one session. */
static void
test_old_formats(void **state)
{
	struct run	run;

	(void)state;
	tu_load(&run, "tests/data/run_small.csv");
	assert_true(run.nsamples > 0);
	assert_true(isnan(run.samples[0].freq_mhz));
	assert_int_equal(run.samples[0].session, 1);
	run_free(&run);
	tu_load(&run, "tests/data/run-becoming.csv");
	assert_true(run.nsamples > 0);
	assert_true(isnan(run.samples[0].temp_c));
	assert_int_equal(run.samples[0].session, 1);
	run_free(&run);
}

/* A bad cell of the new columns names the line and column. */
static void
test_bad_cells(void **state)
{
	static const char	head[] = "record,name,value,version,copies,"
	    "sample,unit,duration,elapsed,iterations,status,reason,per_copy,"
	    "repeat,busy,freq_mhz,temp_c,session\nmeta,format,3,,,,,,,,,,,,,,,"
	    "\n";
	struct sm_error		err;
	struct run		run;
	char			buf[512];

	(void)state;
	run_init(&run);
	snprintf(buf, sizeof buf, "%ssample,syscall,5,1,1,1,lps,1,1,5,ok,,5,"
	    "1,,fast,,1\n", head);
	assert_int_equal(csvstore_load_buf(&run, buf, strlen(buf), "x.csv",
	    &err), -1);
	assert_string_equal(err.msg, "x.csv:3: column \"freq_mhz\": expected "
	    "a finite number, got \"fast\"");
	snprintf(buf, sizeof buf, "%ssample,syscall,5,1,1,1,lps,1,1,5,ok,,5,"
	    "1,,,,0\n", head);
	assert_int_equal(csvstore_load_buf(&run, buf, strlen(buf), "x.csv",
	    &err), -1);
	assert_string_equal(err.msg, "x.csv:3: column \"session\": expected "
	    "a whole number from 1 to 2147483647, got \"0\"");
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test_setup_teardown(test_not_available, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_fixture, setup, teardown),
		cmocka_unit_test_setup_teardown(test_intel_turbo, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_mixed, setup, teardown),
		cmocka_unit_test(test_moved),
		cmocka_unit_test(test_compare),
		cmocka_unit_test_setup_teardown(test_roundtrip, setup,
		    teardown),
		cmocka_unit_test(test_old_formats),
		cmocka_unit_test(test_bad_cells),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
