#!/bin/sh
# Builds and runs the AsyncValue microbenchmark (bench/micro_av.c) against
# the runtime archive, in its own build directory. With perf available it
# also prints cycles and instructions per operation of the single-threaded
# loops: perf counts this process only, so those figures hold even on a
# busy machine where wall-clock nanoseconds do not.
# usage: bench/micro.sh [N]
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
build=${BENCH_BUILD:-build/bench-rt}
make --no-print-directory -s BUILD="$build" BIN="$build/bin" "$build/librt.a" "$build/libbase.a"
${CC:-cc} -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -pthread -I. \
  bench/micro_av.c "$build/librt.a" "$build/libbase.a" -pthread -lm -o "$build/micro_av"
"$build/micro_av" "$@"
# perf may run yet count nothing (`<not supported>` in a container): the probe
# wants a number.
if command -v perf >/dev/null 2>&1 &&
   perf stat -x, -e cycles true 2>&1 >/dev/null | cut -d, -f1 | grep -q '^[0-9]'; then
  n=2000000
  echo
  printf "%-28s %10s %14s\n" "single thread (perf)" "cycles/op" "instructions/op"
  "$build/micro_av" --list | while read -r i name; do
    # The difference between n and 0 iterations removes start-up costs.
    c=$(perf stat -x, -e cycles,instructions "$build/micro_av" --only "$i" "$n" 2>&1 >/dev/null | cut -d, -f1 | tr '\n' ' ')
    z=$(perf stat -x, -e cycles,instructions "$build/micro_av" --only "$i" 0 2>&1 >/dev/null | cut -d, -f1 | tr '\n' ' ')
    echo "$name $c $z" | awk -v n="$n" '{ printf "%-28s %10.1f %14.1f\n", $1, ($2 - $4) / n, ($3 - $5) / n }'
  done
fi
