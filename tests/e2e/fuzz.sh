#!/bin/sh
# Every libFuzzer target for a bounded time (FUZZ_SECONDS, 30 by default)
# under ASan and UBSan, plus the inputs that once failed: `make test`
# builds them (build/fuzz/fuzz_*); any finding fails.
set -u
names=""
for b in build/fuzz/fuzz_*; do
	[ -x "$b" ] && names="$names ${b#build/fuzz/}"
done
if [ -z "$names" ]; then
	echo "$0: no fuzz targets built (make test builds them)" >&2
	exit 1
fi
exec sh tests/fuzz/run.sh $names
