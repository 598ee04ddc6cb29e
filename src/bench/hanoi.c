/*
 * Recursion Test--Tower of Hanoi: move a tower of discs between three pegs
 * by the classic recursion; one loop is one whole tower.  The pegs' disc
 * counts are kept and checked after each tower, so the compiler cannot
 * reduce the recursion to a formula and a wrong result cannot go unseen.
 * Version 1 moved 12 discs and recursed down to zero discs: eight times
 * the calls of UnixBench's loop.
 */
/* SPDX-License-Identifier: MIT */

#include "bench.h"

/* UnixBench's default: its Run passes only the duration. */
#define HANOI_DISCS	10

struct hanoi {
	int		peg[3];
	uint64_t	moves;
};

/*
 * The recursion ends at one disc, which is moved; a tower of n is n-1
 * discs aside, one disc across, n-1 discs on top: 2^n - 1 calls.
 */
static void
hanoi_move(struct hanoi *h, int n, int from, int to, int via)
{
	if (n == 1) {
		h->peg[from]--;
		h->peg[to]++;
		h->moves++;
		return;
	}
	hanoi_move(h, n - 1, from, via, to);
	hanoi_move(h, 1, from, to, via);
	hanoi_move(h, n - 1, via, to, from);
}

static void
hanoi_loop(struct bench_ctx *ctx, uint64_t n)
{
	struct hanoi	h;

	while (n-- > 0) {
		h.peg[0] = HANOI_DISCS;
		h.peg[1] = h.peg[2] = 0;
		h.moves = 0;
		hanoi_move(&h, HANOI_DISCS, 0, 2, 1);
		if (h.peg[2] != HANOI_DISCS ||
		    h.moves != (1u << HANOI_DISCS) - 1)
			bench_fail(ctx, "hanoi: %llu moves left %d discs on "
			    "the target peg", (unsigned long long)h.moves,
			    h.peg[2]);
		ctx->sink += h.moves;
	}
}

const struct bench bench_hanoi = {
	.id = "hanoi",
	.title = "Recursion Test--Tower of Hanoi",
	.group = "CPU",
	.unit = "lps",
	.dir = BENCH_HIGHER,
	.version = 2,
	.desc = "move a 10-disc Tower of Hanoi by recursion",
	.scale = 1,
	.loop = hanoi_loop,
};
