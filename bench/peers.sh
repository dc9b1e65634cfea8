#!/bin/sh
# Times tfrun against the tools people would use instead, on the same work,
# in the same run (the machine is shared and noisy: read the ratios, not the
# milliseconds). CPU time (user + sys) of the whole process, best of N runs,
# measured by bench/cputime.py.
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

# Best-of-N CPU time in milliseconds of a command (bench/cputime.py: the
# child's user + sys time from wait4, to 0.1 ms).
cpu_ms() {
  # shellcheck disable=SC2086  # the command is split into words on purpose
  python3 "$here/cputime.py" "$runs" $1
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b < 1) b = 1; printf "%.2f", a / b }'; }
have() { command -v "$1" >/dev/null 2>&1; }

if ! have python3; then
  echo "bench: python3 is needed (it times the runs: bench/cputime.py)" >&2; exit 1
fi

echo "== tfrun vs interpreters (CPU ms, best of $runs; ratio = tfrun / peer)"
for prog in fib fizzbuzz; do
  t=$(cpu_ms "$TFRUN $here/$prog.mlir")
  line=$(printf "%-9s tfrun %8s ms" "$prog" "$t")
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
  printf "run %.1f ms (%.0f ns per kernel, parsing included); parse+verify %.1f ms; execution %.0f ns per kernel\n",
         t, t * 1e6 / 1e6, l, (t - l) * 1e6 / 1e6 }'

echo "== parsing 200 000 generic-form ops (tfrun opt --no-print vs mlir-opt-16 -o /dev/null)"
sh "$here/genchain.sh" 200000 generic > "$out/parse.mlir"
t=$(cpu_ms "$TFRUN opt --no-print $out/parse.mlir")
if have mlir-opt-16; then
  p=$(cpu_ms "mlir-opt-16 --allow-unregistered-dialect $out/parse.mlir -o /dev/null")
  echo "parse     tfrun $t ms | mlir-opt-16 $p ms, ratio $(ratio "$t" "$p") (mlir-opt / tfrun = $(ratio "$p" "$t")x; issue 2 asks for at least 10x)"
else
  echo "parse     tfrun $t ms | mlir-opt-16 not found (package mlir-16-tools): comparison skipped"
fi
