#!/bin/sh
# The REPL's debugger (docs/tools.md §3): what going back costs, and what
# the debugger costs a run when nothing is armed. `make bench` runs it
# (bench/run.sh); the machine is shared and noisy: read the ratios.
#
#   reverse   a loop of 33 334 iterations, three kernels each (10^5 kernels
#             in all), stopped by a conditional breakpoint at the last kernel
#             of its last iteration; then one :reverse-step, which runs the loop again
#             from its start to the kernel before, output silenced. Three
#             sessions in interleaved rounds (bench/cputime.py): A stops and
#             continues, B stops, steps back once and continues, C runs the
#             loop with nothing armed (exact, unwatched: what `tfrun run`
#             costs). "latency" = B - A (CPU ms of the step back; the per-round
#             ratios A/B in brackets), also as a ratio to C.
#   armed     what a watched run with a conditional breakpoint costs: A / C
#             (the debugger's records, and the condition's test).
#   unarmed   instructions (valgrind --tool=callgrind, when installed) of
#             :run in the REPL with nothing armed, against `tfrun run` of
#             the same function under the same schedule, the REPL's start-up
#             and `run`'s subtracted (a session and a run of an empty
#             function): with nothing armed the REPL attaches no hooks, so
#             this should be 1.00. bench/fib.mlir's fib(16), exact and fast.
#
# usage: bench/repl.sh [path/to/tfrun]   (BENCH_RUNS=5 BENCH_OUT=build/bench)
set -eu
TFRUN=${1:-bin/tfrun}
here=$(dirname "$0")
out=${BENCH_OUT:-build/bench}
mkdir -p "$out"
runs=${BENCH_RUNS:-5}

n=33334
cat > "$out/repl_loop.mlir" <<EOF
func.func @loop(%n: i32) -> i32 {
  %z = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %z : i32 {
    %one = tfrt.constant.i32 1
    %s = tfrt.add.i32 %z, %one
    %t = tfrt.add.i32 %z, %one
    tfrt.return %t : i32
  }
  tfrt.return %r : i32
}
EOF
last=$((n - 1))
printf ':break 6 if %%z == %s\n:run @loop(%s : i32)\n:delete 1\n:continue\n' "$last" "$n" > "$out/repl_a.txt"
printf ':break 6 if %%z == %s\n:run @loop(%s : i32)\n:reverse-step\n:delete 1\n:continue\n' "$last" "$n" > "$out/repl_b.txt"
printf ':schedule exact\n:run @loop(%s : i32)\n' "$n" > "$out/repl_c.txt"

# The sessions must say what they are meant to (a stop, a step back).
"$TFRUN" repl "$out/repl_loop.mlir" < "$out/repl_b.txt" > "$out/repl_b.out" 2>&1
grep -q "^stopped: tfrt.constant.i32 at .*:4:.*(%z = $last)" "$out/repl_b.out" ||
  { echo "repl: the step back did not stop where expected:" >&2; cat "$out/repl_b.out" >&2; exit 1; }
grep -q "'loop' returned $n" "$out/repl_b.out" || { echo "repl: wrong result" >&2; exit 1; }

echo "== the REPL's debugger (CPU ms, best of $runs rounds)"
python3 "$here/cputime.py" --rounds "$runs" --timeout 120 \
  "sh -c '$TFRUN repl $out/repl_loop.mlir < $out/repl_a.txt'" \
  "sh -c '$TFRUN repl $out/repl_loop.mlir < $out/repl_b.txt'" \
  "sh -c '$TFRUN repl $out/repl_loop.mlir < $out/repl_c.txt'" > "$out/repl.times"
a=$(awk '$1 == 0 { print $2 }' "$out/repl.times")
b=$(awk '$1 == 1 { print $2 }' "$out/repl.times")
c=$(awk '$1 == 2 { print $2 }' "$out/repl.times")
# Per round: B - A (the rounds' ratios are A/B and A/C; the differences come
# from the best times and the ratio bounds).
b_lo=$(awk '$1 == 1 { print $7 }' "$out/repl.times")
b_hi=$(awk '$1 == 1 { print $8 }' "$out/repl.times")
awk -v a="$a" -v b="$b" -v c="$c" -v lo="$b_lo" -v hi="$b_hi" -v k="$((3 * n + 2))" 'BEGIN {
  d = b - a
  printf "reverse   run of %d kernels: %.1f ms; stopped and continued %.1f ms; with one step back %.1f ms\n", k, c, a, b
  printf "          latency of :reverse-step %.1f ms = %.2f x the run", d, d / (c < 1 ? 1 : c)
  if (lo != "-" && hi != "-") printf " (A/B per round %.2f-%.2f)", lo, hi
  printf "\n"
  printf "armed     a conditional breakpoint tested at every kernel: %.2f x the run\n", a / (c < 1 ? 1 : c)
}'

if command -v valgrind >/dev/null 2>&1; then
  fib="$out/repl_fib16.mlir"
  sed 's/constant.i32 27/constant.i32 16/' "$here/fib.mlir" > "$fib"
  printf 'func.func @main() -> i32 {\n  %%z = tfrt.constant.i32 0\n  tfrt.return %%z : i32\n}\n' > "$out/repl_empty.mlir"
  # Instructions of a command, its standard input from the file $1.
  ir() {
    _in=$1; shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" < "$_in" 2>&1 >/dev/null |
      awk '/refs:/ { gsub(",", "", $NF); print $NF }'
  }
  for s in exact fast; do
    printf ':schedule %s\n:run @main()\n' "$s" > "$out/repl_run.txt"
    printf ':schedule %s\n' "$s" > "$out/repl_none.txt"
    r=$(ir "$out/repl_run.txt" "$TFRUN" repl "$fib")
    r0=$(ir "$out/repl_none.txt" "$TFRUN" repl "$fib")
    p=$(ir /dev/null "$TFRUN" run --schedule="$s" --functions=main "$fib")
    p0=$(ir /dev/null "$TFRUN" run --schedule="$s" --functions=main "$out/repl_empty.mlir")
    awk -v s="$s" -v r="$r" -v r0="$r0" -v p="$p" -v p0="$p0" 'BEGIN {
      printf "unarmed   fib(16) %-5s REPL %.1fM instructions, run %.1fM: %.2f x\n", s, (r - r0) / 1e6, (p - p0) / 1e6, (r - r0) / (p - p0)
    }'
  done
else
  echo "unarmed   (valgrind is not installed: no instruction counts)"
fi
