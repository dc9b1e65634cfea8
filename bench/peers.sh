#!/bin/sh
# Times tfrun against the interpreters people would use instead (CPython,
# Lua) on the same programs, and against mlir-opt on parsing the same file.
# Figures are ratios measured in the same run: the machine is shared and noisy.
# usage: bench/peers.sh [path/to/tfrun]
set -eu
TFRUN=${1:-bin/tfrun}
here=$(dirname "$0")
out=${BENCH_OUT:-build/bench}
mkdir -p "$out"
runs=${BENCH_RUNS:-5}

# best-of-N wall time in milliseconds of a shell command
best_ms() {
  best=""
  i=0
  while [ $i -lt "$runs" ]; do
    s=$(date +%s%N); sh -c "$1" >/dev/null 2>&1; e=$(date +%s%N)
    t=$(( (e - s) / 1000000 ))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
    i=$((i + 1))
  done
  echo "$best"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 1; printf "%.2f", a / b }'; }

row() { # name tfrun-cmd peer-name peer-cmd
  t=$(best_ms "$2"); p=$(best_ms "$4")
  printf "%-12s tfrun %6d ms   %-10s %6d ms   tfrun/%s = %s\n" "$1" "$t" "$3" "$p" "$3" "$(ratio "$t" "$p")"
}

echo "== interpreter benchmarks (best of $runs)"
for prog in fib loop; do
  command -v python3 >/dev/null && row "$prog" "$TFRUN $here/$prog.mlir" python3 "python3 $here/$prog.py"
  command -v lua5.4 >/dev/null && row "$prog" "$TFRUN $here/$prog.mlir" lua5.4 "lua5.4 $here/$prog.lua"
done

echo "== parsing (tfrun opt vs mlir-opt-16, same generic-form file)"
sh "$here/genparse.sh" 500 > "$out/parse.mlir"
printf "file: %s ops, %s bytes\n" "$(grep -c '"tfrt' "$out/parse.mlir")" "$(wc -c < "$out/parse.mlir")"
if command -v mlir-opt-16 >/dev/null; then
  row parse "$TFRUN opt $out/parse.mlir" mlir-opt "mlir-opt-16 -allow-unregistered-dialect $out/parse.mlir"
else
  echo "mlir-opt-16 not found (package mlir-16-tools): parse comparison skipped"
fi
