/*
 * The one plan (core/plan/plan.c): its defaults, its check, and every field
 * written into a run file by plan_write() and read back by plan_read()
 * unchanged, through the CSV file itself, so a resumed run runs exactly
 * the plan it was begun with; and a file whose plan keys are missing or
 * bad is refused naming the file and the key.
 */
/* SPDX-License-Identifier: MIT */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/core.h"
#include "testutil.h"

/* Command tests with every option set, after the catalog's. */
static void
odd_commands(struct plan *p)
{
	struct command_opts	 o = { 1, 1, 1, 3, 2.5, 30 };
	struct command_set	*set = xcalloc(1, sizeof *set);
	struct command_param	 par;
	struct sm_error		 err;

	assert_int_equal(command_param_list(&par, "n", "1,2", &err), 0);
	assert_int_equal(command_add(set, "z=gzip -{n} -c /etc/hostname",
	    &par, 1, &o, &err), 0);
	command_param_free(&par);
	o.no_shell = 0;
	assert_int_equal(command_add(set, "echo 'a,\"b\"' | cat", NULL, 0, &o,
	    &err), 0);
	set->cmd[2]->setup = xstrdup("touch f");
	set->cmd[2]->cleanup = xstrdup("rm -f f");
	set->cmd[2]->title = xstrdup("Echo");
	snprintf(set->cmd[2]->unit, sizeof set->cmd[2]->unit, "ms");
	set->cmd[2]->scale = 1e3;
	command_bench_init(set->cmd[2]);
	plan_add_commands(p, set);
}

/* The same test: the catalog's same one, or a command test made alike. */
static void
assert_same_bench(const struct bench *a, const struct bench *b)
{
	char	*ea, *eb;

	if (command_of(a) == NULL) {
		assert_ptr_equal(a, b);
		return;
	}
	assert_non_null(command_of(b));
	assert_string_equal(a->id, b->id);
	assert_int_equal(a->version, b->version);
	ea = command_encode(command_of(a));
	eb = command_encode(command_of(b));
	assert_string_equal(ea, eb);
	free(ea);
	free(eb);
}

/* A plan with every field away from its default. */
static void
odd_plan(struct plan *p)
{
	struct sm_error	err;

	plan_init(p);
	assert_int_equal(registry_parse("syscall,pipe,dhry2reg", &p->benches,
	    &p->nbench, &err), 0);
	p->copies[0] = 1;
	p->copies[1] = 3;
	p->copies[2] = 2;
	p->ncopies = 3;
	p->samples = 7;
	p->duration = 1.0 / 3;		/* no short decimal reads back as it */
	p->repeats = 4;
	p->order = RUNNER_ORDER_GROUPED;
	p->seed = 18446744073709551557ull;	/* above INT64_MAX */
	p->warmup = 0;
	p->gap = 2.5;
	p->target = 0.03;
	p->time_cap = 123.25;
	plan_set_str(&p->prepare, "echo 'a, \"b\"'");
	plan_set_str(&p->setup, "sync");
	plan_set_str(&p->cleanup, "rm -f /tmp/x");
	plan_set_str(&p->baseline, "byte-3.11");
	odd_commands(p);
}

static void
assert_same_plan(const struct plan *a, const struct plan *b)
{
	assert_int_equal(a->nbench, b->nbench);
	for (size_t i = 0; i < a->nbench; i++)
		assert_same_bench(a->benches[i], b->benches[i]);
	assert_int_equal(a->ncopies, b->ncopies);
	assert_memory_equal(a->copies, b->copies, a->ncopies *
	    sizeof a->copies[0]);
	assert_int_equal(a->samples, b->samples);
	assert_true(a->duration == b->duration);
	assert_int_equal(a->repeats, b->repeats);
	assert_int_equal(a->order, b->order);
	assert_true(a->seed == b->seed);
	assert_int_equal(a->warmup, b->warmup);
	assert_true(a->gap == b->gap);
	assert_true(a->target == b->target);
	assert_true(a->time_cap == b->time_cap);
	assert_string_equal(a->prepare, b->prepare);
	assert_string_equal(a->setup, b->setup);
	assert_string_equal(a->cleanup, b->cleanup);
	assert_string_equal(a->baseline, b->baseline);
}

/* The defaults every front end starts from, set in one place. */
static void
test_defaults(void **state)
{
	struct plan	p;

	(void)state;
	plan_init(&p);
	assert_int_equal(p.nbench, 0);
	assert_int_equal(p.ncopies, 1);
	assert_int_equal(p.copies[0], 1);
	assert_int_equal(p.samples, 6);
	assert_true(p.duration == 10);
	assert_int_equal(p.repeats, 1);
	assert_int_equal(p.order, RUNNER_ORDER_INTERLEAVED);
	assert_int_equal(p.warmup, 1);
	assert_true(p.target == 0 && p.gap == 0);
	assert_true(p.time_cap == 600);
	assert_null(p.prepare);
	assert_null(p.baseline);
	plan_free(&p);
}

/* Every field through plan_write(), the CSV file and plan_read(). */
static void
test_round_trip_file(void **state)
{
	struct plan	a, b;
	struct run	run, back;
	struct sm_error	err;
	char		path[300];
	FILE		*f;

	(void)state;
	odd_plan(&a);
	run_init(&run);
	run_meta_set(&run, "hostname", "box");
	plan_write(&a, &run);
	snprintf(path, sizeof path, "%s/plan.csv", tu_dir());
	assert_non_null(f = fopen(path, "w"));
	assert_int_equal(csvstore_print(&run, f), 0);
	assert_int_equal(fclose(f), 0);
	tu_load(&back, path);
	assert_int_equal(plan_read(&b, &back, path, &err), 0);
	assert_same_plan(&a, &b);
	/* What the report and compare read stays as they read it. */
	assert_string_equal(run_meta_get(&back, "plan_tests"),
	    "syscall,pipe,dhry2reg,z-1,z-2,echo");
	assert_string_equal(run_meta_get(&back, "plan_copies"), "1,3,2");
	assert_string_equal(run_meta_get(&back, "order"), "grouped");
	assert_string_equal(run_meta_get(&back, "repeat_gap"), "2.5");
	assert_string_equal(run_meta_get(&back, "target_ci"), "0.03");
	plan_free(&a);
	plan_free(&b);
	run_free(&run);
	run_free(&back);
}

/* A copy owns its own arrays: freeing one leaves the other whole. */
static void
test_copy(void **state)
{
	struct plan	a, b;

	(void)state;
	odd_plan(&a);
	plan_copy(&b, &a);
	assert_ptr_not_equal(a.benches, b.benches);
	assert_ptr_not_equal(a.prepare, b.prepare);
	plan_free(&a);
	assert_string_equal(b.prepare, "echo 'a, \"b\"'");
	assert_string_equal(b.benches[2]->id, "dhry2reg");
	/* Its command tests are its own, the benches pointing into them. */
	assert_string_equal(b.benches[5]->title, "Echo");
	assert_ptr_equal(b.benches[5]->arg, b.commands->cmd[2]);
	plan_free(&b);
}

/* A short duration is written short, and the defaults stay out. */
static void
test_write_plain(void **state)
{
	struct plan	p;
	struct run	run;
	struct sm_error	err;

	(void)state;
	plan_init(&p);
	assert_int_equal(registry_parse("syscall", &p.benches, &p.nbench,
	    &err), 0);
	p.duration = 0.1;
	run_init(&run);
	plan_write(&p, &run);
	assert_string_equal(run_meta_get(&run, "duration"), "0.1");
	assert_string_equal(run_meta_get(&run, "samples"), "6");
	assert_string_equal(run_meta_get(&run, "warmup"), "1");
	assert_null(run_meta_get(&run, "repeat_gap"));
	assert_null(run_meta_get(&run, "target_ci"));
	assert_null(run_meta_get(&run, "prepare"));
	assert_null(run_meta_get(&run, "plan_baseline"));
	plan_free(&p);
	run_free(&run);
}

/* The plan's keys in a run, but key (NULL: all of them). */
static void
write_without(const struct plan *p, const char *key, struct run *run)
{
	struct run	all;

	run_init(&all);
	plan_write(p, &all);
	run_init(run);
	for (size_t i = 0; i < all.nmeta; i++)
		if (key == NULL || strcmp(all.meta[i].key, key) != 0)
			run_meta_set(run, all.meta[i].key, all.meta[i].value);
	run_free(&all);
}

/* A missing or bad key is refused, naming the file and the key. */
static void
test_read_refuses(void **state)
{
	static const struct {
		const char	*key, *value, *says;
	} cases[] = {
		{ "plan_tests", NULL, "f.csv: the run does not record its "
		    "plan_tests" },
		{ "plan_tests", "nosuchtest", "f.csv: meta plan_tests: " },
		{ "plan_copies", "0", "f.csv: meta plan_copies: " },
		{ "samples", "many", "f.csv: meta samples \"many\" is not a "
		    "count of samples" },
		{ "duration", "0.01", "f.csv: meta duration \"0.01\" is not a "
		    "sample length" },
		{ "repeats", "1000", "f.csv: meta repeats \"1000\" is not" },
		{ "order", "random", "f.csv: meta order \"random\" is not "
		    "grouped or interleaved" },
		{ "repeat_gap", "-1", "f.csv: meta repeat_gap \"-1\"" },
	};
	struct plan	a, b;
	struct run	run;
	struct sm_error	err;

	(void)state;
	odd_plan(&a);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		write_without(&a, cases[i].value == NULL ? cases[i].key :
		    NULL, &run);
		if (cases[i].value != NULL)
			run_meta_set(&run, cases[i].key, cases[i].value);
		assert_int_equal(plan_read(&b, &run, "f.csv", &err), -1);
		if (strstr(err.msg, cases[i].says) != err.msg)
			fail_msg("%s: got \"%s\"", cases[i].key, err.msg);
		assert_null(b.benches);		/* nothing left to free */
		run_free(&run);
	}
	plan_free(&a);
}

/* p's field that key records, set back to plan_init()'s value. */
static void
reset_field(struct plan *p, const char *key)
{
	struct plan	d;

	plan_init(&d);
	if (strcmp(key, "repeats") == 0)
		p->repeats = d.repeats;
	else if (strcmp(key, "warmup") == 0)
		p->warmup = d.warmup;
	else if (strcmp(key, "order") == 0)
		p->order = d.order;
	else if (strcmp(key, "order_seed") == 0)
		p->seed = d.seed;
	else if (strcmp(key, "repeat_gap") == 0)
		p->gap = d.gap;
	else if (strcmp(key, "target_ci") == 0)
		p->target = d.target;
	else if (strcmp(key, "time_cap") == 0)
		p->time_cap = d.time_cap;
	else
		fail_msg("no field for %s", key);
	plan_free(&d);
}

/*
 * A key a run file may leave out (an older file's) reads back as
 * plan_init()'s default, each on its own, the other fields as written.
 */
static void
test_read_missing_defaults(void **state)
{
	static const char *const optional[] = {
		"repeats", "warmup", "order", "order_seed", "repeat_gap",
		"target_ci", "time_cap"
	};
	struct plan	a, b, want;
	struct run	run;
	struct sm_error	err;

	(void)state;
	odd_plan(&a);
	for (size_t i = 0; i < sizeof optional / sizeof optional[0]; i++) {
		write_without(&a, optional[i], &run);
		assert_null(run_meta_get(&run, optional[i]));
		if (plan_read(&b, &run, "f.csv", &err) != 0)
			fail_msg("without %s: %s", optional[i], err.msg);
		plan_copy(&want, &a);
		reset_field(&want, optional[i]);
		assert_same_plan(&want, &b);
		plan_free(&want);
		plan_free(&b);
		run_free(&run);
	}
	plan_free(&a);
}

/* The warm-up is off only when the file says "0": on for "1" or no key. */
static void
test_read_warmup(void **state)
{
	static const struct {
		const char	*value;
		int		 warmup;
	} cases[] = {
		{ "0", 0 }, { "1", 1 }, { NULL, 1 },
	};
	struct plan	a, b;
	struct run	run;
	struct sm_error	err;

	(void)state;
	for (int from = 0; from <= 1; from++) {
		odd_plan(&a);
		a.warmup = from;
		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			write_without(&a, "warmup", &run);
			if (cases[i].value != NULL)
				run_meta_set(&run, "warmup", cases[i].value);
			assert_int_equal(plan_read(&b, &run, "f.csv", &err),
			    0);
			if (b.warmup != cases[i].warmup)
				fail_msg("warmup %s: read %d",
				    cases[i].value ? cases[i].value : "(none)",
				    b.warmup);
			plan_free(&b);
			run_free(&run);
		}
		plan_free(&a);
	}
}

/*
 * A preset makes the same plan for the console (which keeps the flags)
 * and run --preset: its tests, seconds and samples; the copies chosen
 * stay.
 */
static void
test_preset_apply(void **state)
{
	const struct preset	*p = preset_find("lmbench");
	unsigned char		*sel = xcalloc(registry_count(), 1);
	struct plan		 a, b;
	struct sm_error		 err;
	size_t			 n = 0;

	(void)state;
	assert_non_null(p);
	plan_init(&a);
	plan_init(&b);
	a.copies[0] = 2;
	assert_int_equal(preset_apply(p, NULL, &a, sel, &err), 0);
	assert_int_equal(preset_plan(p, NULL, &b, &err), 0);
	assert_int_equal(a.nbench, b.nbench);
	for (size_t i = 0; i < a.nbench; i++) {
		assert_ptr_equal(a.benches[i], b.benches[i]);
		assert_true(registry_glob("lat_*,bw_*", a.benches[i]->id));
	}
	for (size_t i = 0; registry_all[i] != NULL; i++)
		n += sel[i];
	assert_int_equal(n, a.nbench);
	assert_true(n > 0);
	assert_true(a.duration == p->duration && b.duration == p->duration);
	assert_int_equal(a.samples, p->samples);
	assert_int_equal(b.samples, p->samples);
	assert_int_equal(a.copies[0], 2);
	plan_free(&a);
	plan_free(&b);
	free(sel);
}

/*
 * run --preset's names: each preset found by its own name in any case,
 * and no other word (a prefix, a title, an empty name) finds one.
 */
static void
test_preset_find(void **state)
{
	static const char *const none[] = {
		"", "bogus", "unix", "bytes", "lmbench ", " all", "UnixBench2",
		"byte-3.11"
	};
	char	name[32];

	(void)state;
	for (const struct preset *p = preset_all; p->name != NULL; p++) {
		assert_ptr_equal(preset_find(p->name), p);
		for (size_t i = 0; i <= strlen(p->name); i++)
			name[i] = (char)toupper((unsigned char)p->name[i]);
		assert_ptr_equal(preset_find(name), p);
		snprintf(name, sizeof name, "%s", p->name);
		name[0] = (char)toupper((unsigned char)name[0]);
		assert_ptr_equal(preset_find(name), p);
		assert_ptr_equal(preset_find(p->title), p);
	}
	assert_ptr_equal(preset_find("BYTE"), preset_find("byte"));
	assert_non_null(preset_find("LmBench"));
	for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
		if (preset_find(none[i]) != NULL)
			fail_msg("\"%s\" found a preset", none[i]);
}

/* The plan's own check, before any process is started. */
static void
test_check(void **state)
{
	struct plan	p;
	struct sm_error	err;

	(void)state;
	odd_plan(&p);
	assert_int_equal(plan_check(&p, &err), 0);
	p.samples = 0;
	assert_int_equal(plan_check(&p, &err), -1);
	assert_string_equal(err.msg, "samples 0: must be between 1 and 1000");
	p.samples = 1;
	p.duration = 86401;
	assert_int_equal(plan_check(&p, &err), -1);
	assert_string_equal(err.msg, "duration 86401 s: must be between 0.1 "
	    "and 86400");
	p.duration = 1;
	p.target = 1;
	assert_int_equal(plan_check(&p, &err), -1);
	p.target = 0;
	p.nbench = 0;
	assert_int_equal(plan_check(&p, &err), -1);
	assert_string_equal(err.msg, "nothing to run");
	p.nbench = 3;
	plan_free(&p);
}

/*
 * A plan's samples lie between 1 and PLAN_MAX_SAMPLES, each bound held:
 * the CLI refuses -n 0 itself, but the console and the agent fill a plan
 * without it.
 */
static void
test_check_sample_bounds(void **state)
{
	struct plan	p;
	struct sm_error	err;

	(void)state;
	odd_plan(&p);
	p.samples = 1;
	assert_int_equal(plan_check(&p, &err), 0);
	p.samples = PLAN_MAX_SAMPLES;
	assert_int_equal(plan_check(&p, &err), 0);
	p.samples = 0;
	assert_int_equal(plan_check(&p, &err), -1);
	assert_string_equal(err.msg, "samples 0: must be between 1 and 1000");
	p.samples = PLAN_MAX_SAMPLES + 1;
	assert_int_equal(plan_check(&p, &err), -1);
	assert_string_equal(err.msg,
	    "samples 1001: must be between 1 and 1000");
	plan_free(&p);
}

/*
 * Every field through plan_write_lines(), the lines a fleet's agent
 * reads, plan_read_line() and plan_read(): the plan each host runs is
 * the one asked for, command tests and hooks included; -c as given
 * travels as given (each host's "cpus").
 */
static void
test_round_trip_lines(void **state)
{
	struct plan	 a, b;
	struct run	 run;
	struct sm_error	 err;
	char		*buf = NULL, *line, *save = NULL;
	size_t		 len = 0, n = 0;
	FILE		*f;

	(void)state;
	odd_plan(&a);
	assert_non_null(f = open_memstream(&buf, &len));
	assert_int_equal(plan_write_lines(&a, NULL, f, &err), 0);
	assert_int_equal(fclose(f), 0);
	run_init(&run);
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save), n++)
		assert_int_equal(plan_read_line(&run, line, &err), 0);
	/* 15 keys of the plan and one per command test, nothing else. */
	assert_int_equal(n, 15 + 3);
	assert_int_equal(plan_read(&b, &run, "lines", &err), 0);
	assert_same_plan(&a, &b);
	plan_free(&b);
	run_free(&run);
	free(buf);

	/* -c as given; a control character no line can carry is refused. */
	buf = NULL;
	assert_non_null(f = open_memstream(&buf, &len));
	assert_int_equal(plan_write_lines(&a, "1,cpus", f, &err), 0);
	assert_int_equal(fclose(f), 0);
	assert_non_null(strstr(buf, "\nplan_copies 1,cpus\n"));
	free(buf);
	plan_set_str(&a.prepare, "a\nb");
	buf = NULL;
	assert_non_null(f = open_memstream(&buf, &len));
	assert_int_equal(plan_write_lines(&a, NULL, f, &err), -1);
	assert_int_equal(fclose(f), 0);
	assert_non_null(strstr(err.msg, "prepare"));
	free(buf);
	plan_free(&a);
}

/* A line that is no key of a plan, or a key given twice, is refused. */
static void
test_read_line_refuses(void **state)
{
	static const char *const bad[] = {
		"plan_tests", "bogus 1", " samples 1", "-t syscall",
		"hostname box", "plan_command. x", "samples 2"
	};
	struct run	run;
	struct sm_error	err;
	char		line[64];

	(void)state;
	run_init(&run);
	snprintf(line, sizeof line, "samples 1");
	assert_int_equal(plan_read_line(&run, line, &err), 0);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(line, sizeof line, "%s", bad[i]);
		if (plan_read_line(&run, line, &err) != -1)
			fail_msg("\"%s\" accepted", bad[i]);
		assert_string_equal(line, bad[i]);
	}
	assert_string_equal(run_meta_get(&run, "samples"), "1");
	run_free(&run);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_round_trip_file),
		cmocka_unit_test(test_copy),
		cmocka_unit_test(test_write_plain),
		cmocka_unit_test(test_read_refuses),
		cmocka_unit_test(test_read_missing_defaults),
		cmocka_unit_test(test_read_warmup),
		cmocka_unit_test(test_preset_find),
		cmocka_unit_test(test_preset_apply),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_check_sample_bounds),
		cmocka_unit_test(test_round_trip_lines),
		cmocka_unit_test(test_read_line_refuses),
	};

	return cmocka_run_group_tests(tests, tu_dir_make, tu_dir_free);
}
