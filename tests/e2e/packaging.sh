#!/bin/sh
# What a packager looks for: a LICENSE that says what every source's SPDX
# line says; -V and --version; `sysmark completion bash|zsh` that a real
# bash (and zsh, when installed) loads and that completes commands,
# options, test ids, presets, groups (quoted, they hold spaces), baselines
# where -b names one (not history's -b BY) and users' mixes; `make` in parallel unless given -j; and `make
# uninstall` removing exactly what `make install` put, in a DESTDIR.
set -u
. tests/e2e/cli.subr

# 1. The licence: MIT, as every SPDX line in the tree says.
grep -q '^MIT License$' LICENSE || fail "LICENSE is not the MIT licence"
grep -q '^Copyright (c) [0-9]* the sysmark authors$' LICENSE ||
    fail "LICENSE has no copyright line for the sysmark authors"
if grep -rhoE 'SPDX-License-Identifier: [A-Za-z0-9.+-]+' src ui tests |
    grep -v ': MIT$' >"$out"; then
	fail "a source is not under MIT"
fi

# 2. The version, both spellings, from base.h's SYSMARK_VERSION.
version=$(sed -n 's/^#define SYSMARK_VERSION[	 ]*"\(.*\)"$/\1/p' \
    src/core/base/base.h)
[ -n "$version" ] || fail "no SYSMARK_VERSION in src/core/base/base.h"
for o in -V --version; do
	"$bin" "$o" >"$out" 2>"$err" || fail "sysmark $o failed"
	[ "$(cat "$out")" = "sysmark $version" ] ||
	    fail "sysmark $o printed something else than sysmark $version"
done

# 3. Completion for bash: loaded by a real bash, then asked as readline
# would ask (COMP_WORDS, COMP_CWORD).
SYSMARK_BASELINES=$top/baselines SYSMARK_MIXES=$top/mixes \
    "$bin" completion bash >"$tmp/sysmark.bash" 2>"$err" ||
    fail "sysmark completion bash failed"
"$bin" completion csh >"$out" 2>"$err" &&
    fail "sysmark completion csh was taken"
bash --norc --noprofile -c '
. "$1"
complete -p sysmark
ask() {	# CWORD WORD...: the words offered for the word at CWORD
	COMP_CWORD=$1
	shift
	COMP_WORDS=("$@")
	COMPREPLY=()
	_sysmark
	echo "$*: ${COMPREPLY[*]}"
}
ask 1 sysmark ru
ask 2 sysmark run -
ask 3 sysmark run -t sysc
ask 3 sysmark run -t syscall,pi
ask 2 sysmark fleet ""
ask 3 sysmark compare -t lat_sys
ask 2 sysmark completion ""
ask 3 sysmark show RUN.csv r
ask 3 sysmark run --preset un
ask 3 sysmark run -g "lmbench: f"
ask 3 sysmark compare -g IP
ask 3 sysmark run -b byte-3
ask 3 sysmark show -b unix
ask 3 sysmark history -b byte
ask 2 sysmark users dev
' sh "$tmp/sysmark.bash" >"$out" 2>"$err" || fail "bash could not load it"
[ ! -s "$err" ] || fail "bash said something loading it"
grep -q '^complete .*-F _sysmark sysmark$' "$out" ||
    fail "complete -p sysmark does not name _sysmark"
offered() {	# WORDS OFFERED: the line for WORDS holds OFFERED
	grep -F -- "$1: " "$out" | grep -q -- " $2\( \|\$\)" ||
	    fail "\"$1\" did not offer $2"
}
offered "sysmark ru" run
offered "sysmark run -" -t
offered "sysmark run -" --detect
offered "sysmark run -t sysc" syscall
offered "sysmark run -t syscall,pi" syscall,pipe
offered "sysmark fleet " check
offered "sysmark fleet " collect
offered "sysmark compare -t lat_sys" lat_syscall
offered "sysmark completion " zsh
grep -q -- '^sysmark ru: run$' "$out" || fail "\"sysmark ru\" offered more"
offered "sysmark run --preset un" unixbench
offered "sysmark run -g lmbench: f" 'lmbench:\\ file\\ system'
offered "sysmark compare -g IP" IPC
offered "sysmark run -b byte-3" byte-3.11
offered "sysmark show -b unix" unixbench
offered "sysmark users dev" devbox
grep -q -- '^sysmark history -b byte: $' "$out" ||
    fail "history's -b BY was offered baselines"
grep -q -- '^sysmark show RUN.csv r: $' "$out" ||
    fail "a file operand got words instead of the shell's file names"

# Completion for zsh: it parses, and with zsh's completion builtins
# stood in for by functions that print, it offers what bash does.
if command -v zsh >/dev/null 2>&1; then
	SYSMARK_BASELINES=$top/baselines SYSMARK_MIXES=$top/mixes \
	    "$bin" completion zsh >"$tmp/_sysmark" 2>"$err" ||
	    fail "sysmark completion zsh failed"
	zsh -n "$tmp/_sysmark" 2>"$err" || fail "zsh -n: it does not parse"
	zsh -f -c '
compdef() { echo "compdef $*"; }
. "$1"
compadd() { [ "$1" = -- ] && shift; echo "offer: $*"; }
compset() { :; }
_files() { echo "offer: (files)"; }
words=(sysmark ru); CURRENT=2; PREFIX=ru; _sysmark
words=(sysmark run -); CURRENT=3; PREFIX=-; _sysmark
words=(sysmark run -t sys); CURRENT=4; PREFIX=sys; _sysmark
words=(sysmark show x); CURRENT=3; PREFIX=x; _sysmark
words=(sysmark run -g l); CURRENT=4; PREFIX=l; _sysmark
words=(sysmark run --preset q); CURRENT=4; PREFIX=q; _sysmark
words=(sysmark run -b b); CURRENT=4; PREFIX=b; _sysmark
words=(sysmark users d); CURRENT=3; PREFIX=d; _sysmark
' sh "$tmp/_sysmark" >"$out" 2>"$err" || fail "zsh could not load it"
	[ ! -s "$err" ] || fail "zsh said something loading it"
	grep -q '^compdef _sysmark sysmark$' "$out" ||
	    fail "sourced in zsh, it did not call compdef"
	grep '^offer: ' "$out" | sed -n 1p | grep -q ' run ' ||
	    fail "zsh: the commands were not offered"
	grep '^offer: ' "$out" | sed -n 2p | grep -q ' -t ' ||
	    fail "zsh: run's options were not offered"
	grep '^offer: ' "$out" | sed -n 3p | grep -q ' syscall ' ||
	    fail "zsh: the test ids were not offered after -t"
	grep '^offer: ' "$out" | sed -n 4p | grep -q '(files)' ||
	    fail "zsh: a file operand did not complete file names"
	grep '^offer: ' "$out" | sed -n 5p | grep -q 'lmbench: file system' ||
	    fail "zsh: the groups were not offered after -g"
	grep '^offer: ' "$out" | sed -n 6p | grep -q ' quick ' ||
	    fail "zsh: the presets were not offered after --preset"
	grep '^offer: ' "$out" | sed -n 7p | grep -q ' byte-3.11 ' ||
	    fail "zsh: the baselines were not offered after -b"
	grep '^offer: ' "$out" | grep -q ' devbox ' ||
	    fail "zsh: the mixes were not offered for users"
fi

# A copy of what install reads, the binaries already built, so that no
# compiler runs here: make -o leaves them as they are.
mk=$tmp/tree
mkdir -p "$mk/src" "$mk/baselines" "$mk/mixes"
cp Makefile "$mk/"
cp src/sysmark.1 "$mk/src/"
cp baselines/*.csv "$mk/baselines/"
cp mixes/* "$mk/mixes/" 2>/dev/null
cp "$bin" "$mk/sysmark"
exec_bin=$(dirname "$bin")/sysmark-exec
[ -x "$exec_bin" ] || exec_bin=$top/sysmark-exec
cp "$exec_bin" "$mk/sysmark-exec" || fail "no sysmark-exec beside $bin"

# 4. make in parallel: two jobs that each wait (at most 5 s) for the
# other to start finish only when make runs them at once; a -j1 given
# on the command line wins and runs them one after the other.
cat >"$tmp/probe.mk" <<'EOF'
probe: probe-a probe-b
probe-a probe-b:
	@touch $@.on; i=0; \
	while [ ! -e probe-a.on ] || [ ! -e probe-b.on ]; do \
		[ $$i -lt 50 ] || exit 1; sleep 0.1; i=$$((i + 1)); done
EOF
if [ "$(nproc)" -gt 1 ]; then
	make -s -C "$mk" -f Makefile -f "$tmp/probe.mk" probe >"$out" \
	    2>"$err" || fail "make did not run two jobs at once"
fi
rm -f "$mk"/probe-*.on
make -s -C "$mk" -f Makefile -f "$tmp/probe.mk" -j1 probe >"$out" \
    2>"$err" && fail "make -j1 ran two jobs at once"

# 5. install, then uninstall: nothing left of sysmark's, a file of
# one's own beside it kept.
dest=$tmp/dest
mkdir -p "$dest/usr/share/sysmark/baselines"
echo mine >"$dest/usr/share/sysmark/baselines/mine.csv"
make -s -C "$mk" -o sysmark -o sysmark-exec install DESTDIR="$dest" \
    PREFIX=/usr >"$out" 2>"$err" || fail "make install failed"
for f in bin/sysmark libexec/sysmark/sysmark-exec \
    share/man/man1/sysmark.1 share/sysmark/baselines/byte-3.11.csv \
    share/sysmark/mixes/seed000.csv; do
	[ -f "$dest/usr/$f" ] || fail "make install put no $f"
done
[ -x "$dest/usr/bin/sysmark" ] || fail "the installed sysmark is not executable"
n=$(find "$dest" -type f | wc -l)
[ "$n" -eq $(($(ls baselines/*.csv | wc -l) + $(ls mixes | wc -l) + 4)) ] ||
    fail "make install put $n files, not what it installs"
make -s -C "$mk" uninstall DESTDIR="$dest" PREFIX=/usr >"$out" 2>"$err" ||
    fail "make uninstall failed"
find "$dest" -type f >"$out"
[ "$(cat "$out")" = "$dest/usr/share/sysmark/baselines/mine.csv" ] ||
    fail "make uninstall left or took files"
[ ! -e "$dest/usr/libexec/sysmark" ] && [ ! -e "$dest/usr/share/sysmark/mixes" ] ||
    fail "make uninstall left sysmark's empty directories"
rm "$dest/usr/share/sysmark/baselines/mine.csv"
make -s -C "$mk" uninstall DESTDIR="$dest" PREFIX=/usr >"$out" 2>"$err" ||
    fail "make uninstall failed with nothing to remove"
[ ! -e "$dest/usr/share/sysmark" ] || fail "the emptied share/sysmark stayed"
exit 0
