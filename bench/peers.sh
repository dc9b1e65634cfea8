#!/bin/sh
# Times tfrun against the tools people would use instead, on the same work,
# in the same run (the machine is shared and noisy: read the ratios, not the
# milliseconds). CPU time (user + sys) of the whole process, best of N runs.
#
#   fib       recursive fib(27): tfrt.call + tfrt.if vs python3, lua5.4
#   fizzbuzz  1 000 000 iterations, tfrt.repeat.i32 + nested tfrt.if
#   chain     one function of 1 000 000 tfrt.add.i32: ns per kernel
#   parse     200 000 generic-form ops in one function:
#             `tfrun opt --no-print` vs `mlir-opt-16 --allow-unregistered-dialect -o /dev/null`
#
# usage: bench/peers.sh [path/to/tfrun]     (BENCH_RUNS=N, default 5)
set -eu
TFRUN=${1:-bin/tfrun}
here=$(dirname "$0")
out=${BENCH_OUT:-build/bench}
mkdir -p "$out"
runs=${BENCH_RUNS:-5}

# Best-of-N CPU time in milliseconds of a shell command (GNU time's %U + %S).
cpu_ms() {
  best=""
  i=0
  while [ $i -lt "$runs" ]; do
    /usr/bin/env time -f '%U %S' -o "$out/time" sh -c "$1" >/dev/null 2>&1 || true
    t=$(awk '{ printf "%d", ($1 + $2) * 1000 }' "$out/time")
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
    i=$((i + 1))
  done
  echo "$best"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b < 1) b = 1; printf "%.2f", a / b }'; }
have() { command -v "$1" >/dev/null 2>&1; }

if ! have time && [ ! -x /usr/bin/time ]; then
  echo "bench: GNU time is needed (package time)" >&2; exit 1
fi

echo "== tfrun vs interpreters (CPU ms, best of $runs; ratio = tfrun / peer)"
for prog in fib fizzbuzz; do
  t=$(cpu_ms "$TFRUN $here/$prog.mlir")
  line=$(printf "%-9s tfrun %6d ms" "$prog" "$t")
  for peer in python3:py lua5.4:lua; do
    exe=${peer%%:*}; ext=${peer#*:}
    if have "$exe"; then
      p=$(cpu_ms "$exe $here/$prog.$ext")
      line="$line | $exe $p ms, ratio $(ratio "$t" "$p")"
    fi
  done
  echo "$line"
done

echo "== straight chain of 1 000 000 tfrt.add.i32"
sh "$here/genchain.sh" 1000000 custom > "$out/chain.mlir"
total=$(cpu_ms "$TFRUN $out/chain.mlir")
load=$(cpu_ms "$TFRUN opt --no-print $out/chain.mlir")
awk -v t="$total" -v l="$load" 'BEGIN {
  printf "run %d ms (%.0f ns per kernel, parsing included); parse+verify %d ms; execution %.0f ns per kernel\n",
         t, t * 1e6 / 1e6, l, (t - l) * 1e6 / 1e6 }'

echo "== parsing 200 000 generic-form ops (tfrun opt --no-print vs mlir-opt-16 -o /dev/null)"
sh "$here/genchain.sh" 200000 generic > "$out/parse.mlir"
t=$(cpu_ms "$TFRUN opt --no-print $out/parse.mlir")
if have mlir-opt-16; then
  p=$(cpu_ms "mlir-opt-16 --allow-unregistered-dialect $out/parse.mlir -o /dev/null")
  echo "parse     tfrun $t ms | mlir-opt-16 $p ms, ratio $(ratio "$t" "$p") (mlir-opt / tfrun = $(ratio "$p" "$t")x)"
else
  echo "parse     tfrun $t ms | mlir-opt-16 not found (package mlir-16-tools): comparison skipped"
fi
