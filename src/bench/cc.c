/*
 * C Compiler Test: how many times a minute the system's cc compiles and
 * links a small program, as the BYTE suite measured it.  The figure moves
 * with the compiler as much as with the machine (seed 003 shows a
 * compiler upgrade as a -99% change), so the runner records which cc ran
 * and its version.  The program is compiled and run once in setup and its
 * output checked; each loop checks that the compiler left a program.
 */
/* SPDX-License-Identifier: MIT */

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

static const char cc_program[] =
    "#include <stdio.h>\n"
    "#include <string.h>\n"
    "\n"
    "struct word { const char *text; int count; };\n"
    "\n"
    "static int\n"
    "collatz(long n)\n"
    "{\n"
    "\tint steps = 0;\n"
    "\n"
    "\twhile (n != 1) {\n"
    "\t\tn = n % 2 ? 3 * n + 1 : n / 2;\n"
    "\t\tsteps++;\n"
    "\t}\n"
    "\treturn steps;\n"
    "}\n"
    "\n"
    "static void\n"
    "sort(struct word *w, int n)\n"
    "{\n"
    "\tfor (int i = 1; i < n; i++)\n"
    "\t\tfor (int j = i; j > 0 && strcmp(w[j - 1].text,\n"
    "\t\t    w[j].text) > 0; j--) {\n"
    "\t\t\tstruct word t = w[j];\n"
    "\t\t\tw[j] = w[j - 1];\n"
    "\t\t\tw[j - 1] = t;\n"
    "\t\t}\n"
    "}\n"
    "\n"
    "int\n"
    "main(void)\n"
    "{\n"
    "\tstruct word w[] = { { \"pear\", 3 }, { \"apple\", 5 },\n"
    "\t    { \"fig\", 7 } };\n"
    "\tint total = 0;\n"
    "\n"
    "\tsort(w, 3);\n"
    "\tfor (int i = 0; i < 3; i++)\n"
    "\t\ttotal += w[i].count * (i + 1);\n"
    "\tprintf(\"%s %d %d\\n\", w[0].text, total, collatz(27));\n"
    "\treturn 0;\n"
    "}\n";

/* apple 5 + fig 7 * 2 + pear 3 * 3 = 28; 27 takes 111 Collatz steps. */
#define CC_EXPECT	"apple 28 111\n"

struct cc_state {
	char	dir[1024];
	char	out[1100];
	char	prog[1100];	/* what each compile must produce */
};

static char *cc_argv[] = { "cc", "-O", "-o", "prog", "prog.c", NULL };

static const char *
cc_available(void)
{
	char	path[1024];

	if (bench_which("cc", path, sizeof path) != 0)
		return "no C compiler (cc) in PATH";
	return NULL;
}

/* Compile and run the program once and check what it prints. */
static void
cc_check(struct bench_ctx *ctx, struct cc_state *st)
{
	char	*run[] = { "./prog", NULL }, buf[64];
	ssize_t	 n;
	int	 fd;

	bench_command_wait(ctx, bench_command(ctx, st->dir, NULL, NULL,
	    cc_argv), "cc");
	bench_command_wait(ctx, bench_command(ctx, st->dir, NULL, st->out,
	    run), "the compiled program");
	if ((fd = open(st->out, O_RDONLY)) < 0)
		bench_fail(ctx, "%s: %s", st->out, strerror(errno));
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	if (strcmp(buf, CC_EXPECT) != 0)
		bench_fail(ctx, "the compiled program printed \"%s\"", buf);
}

static int
cc_setup(struct bench_ctx *ctx)
{
	struct cc_state	*st;
	char		 src[1100];
	int		 fd;

	if ((st = calloc(1, sizeof *st)) == NULL)
		bench_fail(ctx, "out of memory");
	snprintf(st->dir, sizeof st->dir, "%s/cc", ctx->tmpdir);
	snprintf(src, sizeof src, "%s/prog.c", st->dir);
	snprintf(st->out, sizeof st->out, "%s/out", st->dir);
	snprintf(st->prog, sizeof st->prog, "%s/prog", st->dir);
	if (mkdir(st->dir, 0700) != 0 ||
	    (fd = open(src, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
		bench_fail(ctx, "%s: %s", src, strerror(errno));
	if (write(fd, cc_program, sizeof cc_program - 1) !=
	    (ssize_t)sizeof cc_program - 1)
		bench_fail(ctx, "%s: %s", src, strerror(errno));
	close(fd);
	cc_check(ctx, st);
	ctx->state = st;
	return 0;
}

static void
cc_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct cc_state	*st = ctx->state;
	struct stat	 sb;

	while (n-- > 0) {
		unlink(st->prog);
		bench_command_wait(ctx, bench_command(ctx, st->dir, NULL, NULL,
		    cc_argv), "cc");
		if (stat(st->prog, &sb) != 0 || sb.st_size == 0)
			bench_fail(ctx, "cc left no program");
		ctx->sink += (uint64_t)sb.st_size;
	}
}

static void
cc_teardown(struct bench_ctx *ctx)
{
	free(ctx->state);
}

const struct bench bench_cc = {
	.id = "C",
	.title = "C Compiler Test",
	.group = "Programs",
	.unit = "lpm",
	.dir = BENCH_HIGHER,
	.version = 1,
	.desc = "the system's cc compiles and links a 40-line program",
	.scale = 60,
	.setup = cc_setup,
	.loop = cc_loop,
	.teardown = cc_teardown,
	.available = cc_available,
	.tool = "cc",
};
