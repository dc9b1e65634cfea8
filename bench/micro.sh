#!/bin/sh
# Builds and runs the AsyncValue microbenchmark (bench/micro_av.c) against
# the runtime archive, in its own build directory.
# usage: bench/micro.sh [N]
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
build=${BENCH_BUILD:-build/bench-rt}
make --no-print-directory -s BUILD="$build" BIN="$build/bin" "$build/librt.a"
${CC:-cc} -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -pthread -I. \
  bench/micro_av.c "$build/librt.a" -pthread -lm -o "$build/micro_av"
"$build/micro_av" "$@"
