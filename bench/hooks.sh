#!/bin/sh
# The cost of the executor's hooks (interp/hooks.h) when nothing is
# attached, and when the profile is (docs/tools.md §5, "What it costs").
#
# Builds a second tfrun with the hook call sites compiled out
# (-DTFRUN_NO_HOOKS, in build/nohooks) and compares it with the given one on
# the peer benchmarks under both schedules (exact at smaller sizes, so that
# the whole comparison takes about two minutes):
#
#   time      CPU ms, best of BENCH_RUNS interleaved rounds (bench/cputime.py):
#             tfrun / tfrun-without-hooks, and in brackets the min-max of
#             the per-round ratios. 1.00 means nothing measurable.
#   callgrind instructions executed (valgrind --tool=callgrind), when
#             valgrind is installed: the same ratio, exact to the
#             instruction, noise-free (BENCH_CALLGRIND=0 skips it).
#   attached  tfrun --profile / tfrun: what attaching a consumer costs (every
#             kernel is then two clock readings and a locked table update;
#             under fast every compiled instruction becomes a kernel call).
#
# usage: bench/hooks.sh [path/to/tfrun]   (BENCH_RUNS=5 BENCH_OUT=build/bench)
set -eu
TFRUN=${1:-bin/tfrun}
here=$(dirname "$0")
out=${BENCH_OUT:-build/bench}/hooks
mkdir -p "$out"
runs=${BENCH_RUNS:-5}
NOHOOKS=build/nohooks/bin/tfrun
# The exact schedule's default engine on one thread (interp/xe.c) has no
# hook call sites (a run with hooks attached goes to interp/exec.c): the
# exact figures are those of interp/exec.c, where the call sites are.
export TFRUN_EXACT_ENGINE=reference
echo "building $NOHOOKS (hook call sites compiled out) ..."
make --no-print-directory -s BUILD=build/nohooks BIN=build/nohooks/bin CFLAGS=-DTFRUN_NO_HOOKS "$NOHOOKS" >/dev/null

# The programs: under fast at full size (the compiled engine runs them in
# tens of milliseconds), under exact smaller (fib(22), 10^4 iterations,
# Collatz to 2000, async2 at 2*10^6).
for p in fib fizzbuzz tfrt_fizzbuzz collatz series async2; do cp "$here/$p.mlir" "$out/$p.fast.mlir"; done
sed 's/constant.i32 27$/constant.i32 22/' "$here/fib.mlir" > "$out/fib.exact.mlir"
sed 's/1000000/10000/' "$here/fizzbuzz.mlir" > "$out/fizzbuzz.exact.mlir"
sed 's/1000000/10000/' "$here/tfrt_fizzbuzz.mlir" > "$out/tfrt_fizzbuzz.exact.mlir"
sed 's/constant.i32 10000$/constant.i32 2000/' "$here/collatz.mlir" > "$out/collatz.exact.mlir"
sed 's/1000000/10000/' "$here/series.mlir" > "$out/series.exact.mlir"
sed 's/50000000/2000000/' "$here/async2.mlir" > "$out/async2.exact.mlir"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b < 1) b = 1; printf "%.3f", a / b }'; }
field() { awk -v i="$2" -v f="$3" '$1 == i { print $f }' "$1"; }

echo "== hooks off: tfrun / tfrun without hooks (CPU ms, best of $runs; [per-round min-max])"
for s in exact fast; do
  for p in fib fizzbuzz tfrt_fizzbuzz collatz series async2; do
    f="$out/$p.$s.mlir"
    python3 "$here/cputime.py" --rounds "$runs" --timeout 120 \
      "$TFRUN --schedule=$s $f" "$NOHOOKS --schedule=$s $f" > "$out/$p.$s.times"
    a=$(field "$out/$p.$s.times" 0 2); b=$(field "$out/$p.$s.times" 1 2)
    # RATIO_MIN/MAX of line 1 are tfrun/nohooks per round.
    printf "%-6s %-14s tfrun %9s ms | without hooks %9s ms: %s [%s-%s]\n" "$s" "$p" "$a" "$b" \
      "$(ratio "$a" "$b")" "$(field "$out/$p.$s.times" 1 7)" "$(field "$out/$p.$s.times" 1 8)"
  done
done

echo "== attached: tfrun --profile / tfrun (CPU ms, best of $runs; the exact sizes under both schedules)"
for s in exact fast; do
  for p in fib fizzbuzz collatz; do
    f="$out/$p.exact.mlir"
    python3 "$here/cputime.py" --rounds "$runs" --timeout 120 \
      "$TFRUN --schedule=$s --profile $f" "$TFRUN --schedule=$s $f" > "$out/$p.$s.prof.times"
    a=$(field "$out/$p.$s.prof.times" 0 2); b=$(field "$out/$p.$s.prof.times" 1 2)
    printf "%-6s %-14s --profile %9s ms | without %9s ms: %sx\n" "$s" "$p" "$a" "$b" "$(ratio "$a" "$b")"
  done
done

if [ "${BENCH_CALLGRIND:-1}" != 0 ] && command -v valgrind >/dev/null 2>&1; then
  echo "== hooks off under callgrind: instructions executed, tfrun / tfrun without hooks"
  sed 's/constant.i32 22$/constant.i32 16/' "$out/fib.exact.mlir" > "$out/fib16.exact.mlir"
  sed 's/constant.i32 27$/constant.i32 22/' "$here/fib.mlir" > "$out/fib22.fast.mlir"
  sed 's/1000000/100000/' "$here/fizzbuzz.mlir" > "$out/fizzbuzz5.fast.mlir"
  sed 's/1000000/100000/' "$here/tfrt_fizzbuzz.mlir" > "$out/tfrt_fizzbuzz5.fast.mlir"
  irs() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg.out" "$@" > /dev/null 2> "$out/cg.log" || true
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/cg.log"
  }
  for c in exact:fib16 exact:fizzbuzz exact:tfrt_fizzbuzz exact:collatz \
           fast:fib22 fast:fizzbuzz5 fast:tfrt_fizzbuzz5 fast:collatz; do
    s=${c%%:*}; p=${c#*:}; f="$out/$p.$s.mlir"
    a=$(irs "$TFRUN" --schedule=$s "$f"); b=$(irs "$NOHOOKS" --schedule=$s "$f")
    printf "%-6s %-16s %12s Ir | without hooks %12s Ir: %s\n" "$s" "$p" "$a" "$b" "$(ratio "$a" "$b")"
  done
  rm -f "$out/cg.out"
else
  echo "(valgrind not installed or BENCH_CALLGRIND=0: instruction counts skipped)"
fi
