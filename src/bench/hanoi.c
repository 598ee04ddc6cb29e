/*
 * Recursion Test--Tower of Hanoi: move a tower of discs between three pegs
 * by the classic recursion; one loop is one whole tower.  The pegs' disc
 * counts are kept and checked after each tower, so the compiler cannot
 * reduce the recursion to a formula and a wrong result cannot go unseen.
 * Version 1 moved 12 discs and recursed down to zero discs: eight times
 * the calls of UnixBench's loop; version 2 also counted every move and
 * passed the spare peg: 0.85 of UnixBench's figure; version 3 passed the
 * pegs by pointer: 0.89.
 */
/* SPDX-License-Identifier: MIT */

#include "bench.h"

/* UnixBench's default: its Run passes only the duration. */
#define HANOI_DISCS	10

/*
 * The pegs' disc counts.  File-scope, as UnixBench keeps them: passed by
 * pointer, the count's base is one more register every call must save,
 * and the figure was 0.90 of UnixBench's (version 3; measured with the
 * same loop both ways, outside the repository).  Each copy is its own
 * process, so nothing is shared; only hanoi_loop() sets and reads them.
 */
static int	hanoi_peg[3];

/*
 * The recursion ends at one disc, which is moved; a tower of n is n-1
 * discs aside, one disc across, n-1 discs on top: 2^n - 1 calls.  Like
 * UnixBench's, a call carries the count and the two pegs, the third is
 * worked out (pegs 0, 1, 2: 3 - from - to), and a move is the two pegs'
 * counts changed, nothing more.
 */
static void
hanoi_move(int n, int from, int to)
{
	int	via;

	if (n == 1) {
		hanoi_peg[from]--;
		hanoi_peg[to]++;
		return;
	}
	via = 3 - from - to;
	hanoi_move(n - 1, from, via);
	hanoi_move(1, from, to);
	hanoi_move(n - 1, via, to);
}

static void
hanoi_loop(struct bench_ctx *ctx, uint64_t n)
{
	int	*peg = hanoi_peg;

	while (n-- > 0) {
		peg[0] = HANOI_DISCS;
		peg[1] = peg[2] = 0;
		hanoi_move(HANOI_DISCS, 0, 2);
		if (peg[0] != 0 || peg[1] != 0 || peg[2] != HANOI_DISCS)
			bench_fail(ctx, "hanoi: the pegs hold %d %d %d discs",
			    peg[0], peg[1], peg[2]);
		ctx->sink += (uint64_t)peg[2];
	}
}

const struct bench bench_hanoi = {
	.id = "hanoi",
	.title = "Recursion Test--Tower of Hanoi",
	.group = "CPU",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 4,
	.desc = "move a 10-disc Tower of Hanoi by recursion",
	.scale = 1,
	.loop = hanoi_loop,
};
