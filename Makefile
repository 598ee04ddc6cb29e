# sysmark: a Unix system benchmark console.
#
#   make          build ./sysmark
#   make run      install what is missing, build, start sysmark
#   make test     install what is missing, build the tests with
#                 AddressSanitizer and UBSan, run them all
#   make fuzz     run every libFuzzer target for FUZZ_SECONDS (60) each
#                 under ASan and UBSan, from the corpora kept in
#                 tests/fuzz/corpus/, and merge what it finds into them
#                 (minimised); fails on any finding
#   make unixbench-flags  the workloads built with UnixBench's flags
#   make install  PREFIX=/usr/local DESTDIR= : binary, exec helper,
#                 baselines, mixes, man page
#   make uninstall  the same PREFIX and DESTDIR: removes exactly those
#
# make builds in parallel, one job per CPU, unless given -j itself.

# A -j on the command line wins: make 4.4 shows it here, and make 4.3,
# which does not, applies it over this one.
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif

PREFIX	?= /usr/local
BINDIR	 = $(PREFIX)/bin
DATADIR	 = $(PREFIX)/share/sysmark
MANDIR	 = $(PREFIX)/share/man/man1
LIBEXECDIR = $(PREFIX)/libexec/sysmark

CC	?= cc
CFLAGS	?= -O2 -g
# The workloads (src/bench/) are built with BENCH_CFLAGS: by default the
# same reviewable flags as the rest.  UnixBench builds its programs with
# -O3 -ffast-math -march=native; for a like-for-like figure:
#   make unixbench-flags   (= make BENCH_CFLAGS='-O3 -ffast-math ...')
BENCH_CFLAGS ?= $(CFLAGS)
UB_CFLAGS = -O3 -ffast-math -march=native -g
WARN	 = -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L
LIBS	 = -lformw -lncursesw -lcsv -ljansson -lm
SAN	 = -fsanitize=address,undefined -fno-omit-frame-pointer \
	   -fno-sanitize-recover=undefined

CC_VERSION := $(shell $(CC) --version 2>/dev/null | head -n 1)
DEFS	 = -DSYSMARK_CC='"$(CC_VERSION)"' -DSYSMARK_CFLAGS='"$(CFLAGS)"' \
	   -DSYSMARK_DATADIR='"$(DATADIR)"' \
	   -DSYSMARK_LIBEXECDIR='"$(LIBEXECDIR)"' \
	   -DSYSMARK_BENCH_CFLAGS='"$(BENCH_CFLAGS)"'

# The core, in folders by concern (src/core/FOLDER/, core.h names them).
CORE_SRC = $(wildcard src/core/*/*.c) $(wildcard src/bench/*.c)
UI_SRC	 = $(wildcard ui/*.c)
# The command line: main.c, one file per command (src/cmd/cmd_*.c), what
# they share (src/cmd/cmd.c) and the helpers several use
# (src/cmd/cli_*.c).  Built into the binary only, never into the tests'
# core library.
CLI_SRC	 = src/main.c $(wildcard src/cmd/*.c)
APP_SRC	 = $(CLI_SRC) $(CORE_SRC) $(UI_SRC)
# Each object lists the headers it includes in a .d file beside it (-MMD),
# so a header edit rebuilds what uses it, not everything.
DEPFLAGS = -MMD -MP
TEST_SRC = $(wildcard tests/unit/test_*.c)

# libFuzzer targets (tests/fuzz/fuzz_NAME.c, with NAME.dict and NAME.seeds),
# built with clang; `make test` runs each for FUZZ_SECONDS_CI.
FUZZ_CC	 = clang
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	   -fno-omit-frame-pointer
FUZZ_SECONDS	?= 60
FUZZ_SECONDS_CI	?= 30
FUZZ_SRC = $(wildcard tests/fuzz/fuzz_*.c)
FUZZ	 = $(FUZZ_SRC:tests/fuzz/%.c=build/fuzz/%)
FUZZ_OBJ = $(CORE_SRC:%.c=build/fuzz/obj/%.o)

OBJ	 = $(APP_SRC:%.c=build/obj/%.o)
SAN_OBJ	 = $(APP_SRC:%.c=build/san/%.o)
SAN_CORE = $(filter-out $(CLI_SRC:%.c=build/san/%.o),$(SAN_OBJ))
TESTS	 = $(TEST_SRC:tests/unit/%.c=build/san/%)

all: deps sysmark sysmark-exec

# What is missing is installed before anything is compiled (every object
# waits for build/flags, which waits for deps), and the tests' packages
# before a test is built: in a parallel build nothing else orders them.
deps:
	@sh .ci/deps

test-deps: deps
	@sh .ci/deps test

$(TESTS) $(FUZZ) $(FUZZ_OBJ): | test-deps

sysmark: $(OBJ)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) -o $@ $(OBJ) $(LIBS)

# The exec tests' helper: C library only, never sanitized (it is the
# workload), one copy beside each sysmark binary.
HELPER_SRC = src/helper/sysmark-exec.c

sysmark-exec: $(HELPER_SRC) build/flags
	@echo "  LD      $@"
	@$(CC) $(WARN) $(CFLAGS) -o $@ $(HELPER_SRC)

build/san/sysmark-exec: sysmark-exec
	@mkdir -p $(@D)
	@cp sysmark-exec $@

build/obj/%.o: %.c build/flags
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(WARN) $(CFLAGS) $(DEFS) $(DEPFLAGS) -c -o $@ $<

build/obj/src/bench/%.o: src/bench/%.c build/flags
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(WARN) $(BENCH_CFLAGS) $(DEFS) $(DEPFLAGS) -c -o $@ $<

build/san/%.o: %.c build/flags
	@mkdir -p $(@D)
	@echo "  CC-SAN  $<"
	@$(CC) $(WARN) -O1 -g $(SAN) $(DEFS) $(DEPFLAGS) -c -o $@ $<

build/san/sysmark: $(SAN_OBJ)
	@echo "  LD-SAN  $@"
	@$(CC) $(SAN) -o $@ $(SAN_OBJ) $(LIBS)

build/san/test_%: tests/unit/test_%.c tests/unit/testutil.h $(SAN_CORE)
	@echo "  TEST    $@"
	@$(CC) $(WARN) -O1 -g $(SAN) $(DEFS) $(DEPFLAGS) -o $@ $< $(SAN_CORE) \
	    -lcmocka $(LIBS)

build/fuzz/obj/%.o: %.c build/flags
	@mkdir -p $(@D)
	@echo "  CC-FUZZ $<"
	@$(FUZZ_CC) $(WARN) -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer-no-link \
	    $(DEFS) $(DEPFLAGS) -c -o $@ $<

.SECONDARY: $(FUZZ_OBJ)

build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_OBJ)
	@echo "  FUZZ    $@"
	@$(FUZZ_CC) $(WARN) -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer $(DEFS) \
	    $(DEPFLAGS) -o $@ $< $(FUZZ_OBJ) $(LIBS)

# Rebuild everything when the flags or the install prefix change.
build/flags: FORCE | deps
	@mkdir -p build
	@echo '$(CC) $(CFLAGS) $(DEFS) $(DEPFLAGS)' | cmp -s - $@ || \
	    echo '$(CC) $(CFLAGS) $(DEFS) $(DEPFLAGS)' > $@

# The workloads rebuilt with UnixBench's compiler flags, in one command.
unixbench-flags:
	$(MAKE) BENCH_CFLAGS='$(UB_CFLAGS)' sysmark sysmark-exec

run: deps sysmark sysmark-exec
	./sysmark

test: test-deps build/san/sysmark build/san/sysmark-exec $(TESTS) $(FUZZ)
	@FUZZ_SECONDS=$(FUZZ_SECONDS_CI) sh tests/run.sh $(TESTS)

fuzz: test-deps $(FUZZ)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_KEEP=1 sh tests/fuzz/run.sh $(FUZZ:build/fuzz/%=%)

install: sysmark sysmark-exec
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/baselines \
	    $(DESTDIR)$(DATADIR)/mixes $(DESTDIR)$(MANDIR) $(DESTDIR)$(LIBEXECDIR)
	install -m 755 sysmark $(DESTDIR)$(BINDIR)/sysmark
	install -m 755 sysmark-exec $(DESTDIR)$(LIBEXECDIR)/sysmark-exec
	for f in baselines/*.csv; do [ ! -f "$$f" ] || \
	    install -m 644 "$$f" $(DESTDIR)$(DATADIR)/baselines/; done
	for f in mixes/*; do [ ! -f "$$f" ] || \
	    install -m 644 "$$f" $(DESTDIR)$(DATADIR)/mixes/; done
	install -m 644 src/sysmark.1 $(DESTDIR)$(MANDIR)/sysmark.1

# What install put, by name (a file of one's own beside it stays), then
# sysmark's own directories if that left them empty.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sysmark \
	    $(DESTDIR)$(LIBEXECDIR)/sysmark-exec \
	    $(DESTDIR)$(MANDIR)/sysmark.1
	for f in baselines/*.csv; do [ ! -f "$$f" ] || \
	    rm -f "$(DESTDIR)$(DATADIR)/baselines/$${f##*/}"; done
	for f in mixes/*; do [ ! -f "$$f" ] || \
	    rm -f "$(DESTDIR)$(DATADIR)/mixes/$${f##*/}"; done
	for d in $(DATADIR)/baselines $(DATADIR)/mixes $(DATADIR) \
	    $(LIBEXECDIR); do [ ! -d "$(DESTDIR)$$d" ] || \
	    rmdir "$(DESTDIR)$$d" 2>/dev/null || true; done

clean:
	rm -rf build sysmark sysmark-exec

FORCE:

-include $(shell find build -name '*.d' 2>/dev/null)

.PHONY: all deps test-deps run test fuzz install uninstall clean \
	unixbench-flags FORCE
