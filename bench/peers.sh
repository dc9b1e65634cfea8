#!/bin/sh
# Times tfrun against the tools people would use instead, on the same work,
# in the same run (the machine is shared and noisy: read the ratios, not the
# milliseconds). Times are measured by bench/cputime.py from wait4(2): CPU
# time = user + sys of the whole process, wall time, and peak RSS
# (ru_maxrss; Linux carries the forking python's ~14 MB into the child, so
# that is the floor of every figure).
#
# Each line of the output:
#
#   fib, fizzbuzz, tfrt_fizzbuzz, collatz, series
#             tfrun (default options) vs python3 and lua5.4 running the same
#             algorithm (bench/NAME.{mlir,py,lua}; tests/bench_check.sh checks
#             that the three print the same numbers). CPU ms, best of
#             BENCH_RUNS rounds; in each round the three commands run one
#             after another (tfrun, python3, lua5.4, tfrun, ...) so noise
#             hits all alike. "ratio" = tfrun best / peer best, and in
#             brackets the min-max of the per-round ratios.
#               fib            recursive fib(27): tfrt.call + tfrt.if
#               fizzbuzz       10^6 iterations, tfrt.repeat.i32 + nested tfrt.if
#               tfrt_fizzbuzz  TFRT's fizzbuzz_compute(10^6): one repeat carrying
#                              nine values, three nested ifs of 4-8 operands
#               collatz        total Collatz steps for 1..10^4, i64: repeat
#                              around tfrt.while (body function) around tfrt.if
#               series         Leibniz series for pi, 10^6 f64 iterations
#             LuaJIT runs NAME.jit.lua when it exists (Lua 5.1's syntax), else
#             NAME.lua, as "luajit-joff" (its interpreter: luajit -joff) and
#             as "luajit" (the JIT).
#   exact     fib, collatz, series, tfrt_fizzbuzz under --schedule=exact alone
#             against lua5.4, and tfrun's peak RSS in those runs.
#   pair      bench/prints_fib.mlir (two unordered prints above fib(27)) under
#             auto against bench/fib.mlir: auto runs it exact until the pair
#             is decided, then fast (docs/analysis.md §8).
#   autox     bench/print_waits_fib.mlir (a print waits for fib(27) and races
#             another: the call runs exact under auto) on interp/xe.c, on
#             interp/exec.c (TFRUN_EXACT_ENGINE=reference), and lua5.4 fib.
#   rss       tfrun's peak RSS on fib and on tfrt_fizzbuzz, the latter at 10^5
#             and 10^6 iterations: "flat" if 10x the iterations costs less
#             than 1.5x the memory.
#   chain     one function of 10^6 tfrt.add.i32: run time, parse+verify time
#             (`tfrun opt --no-print`), execution ns per kernel = (run - parse)
#             / 10^6. When `tfrun run --help` mentions --schedule, also with
#             --schedule=exact and --schedule=fast.
#   parse     200 000 generic-form ops in one function:
#             `tfrun opt --no-print` vs `mlir-opt-16 --allow-unregistered-dialect -o /dev/null`
#   async2    bench/async2.mlir (two CPU-bound tfrt_test.do.async bodies):
#             CPU ms under --work-queue=s, wall ms under --work-queue=mstd:2,
#             and s CPU / mstd:2 wall (2 when the bodies run in parallel on
#             2 cores; the target is >= 1.8).
#   bm        bench/tfrt_fizzbuzz_bm.mlir (tfrt_test.benchmark of
#             fizzbuzz_compute(1000), up to 10000 runs + 10 warm-ups): wall
#             seconds of the whole process, killed after BENCH_BM_TIMEOUT
#             (60) seconds ("timeout"); the target is under 10 s.
#   tensors   numpy (/usr/bin/python3, python3-numpy on the same OpenBLAS) against
#             tfrun, both single-threaded (OPENBLAS_NUM_THREADS=1 for numpy,
#             tfrun's default of one BLAS thread), CPU ms and peak RSS, in
#             rounds as above; OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE are
#             unset in these commands only, so both pick the same kernels:
#               matmul     20 products of 768x768 f32 (bench/matmul.{mlir,py})
#               mnist_inf  200 inference batches of the MNIST-shaped network
#                          (100x784 -> 512 relu -> 10, argmax, accuracy;
#                          bench/mnist.{mlir,py} on tests/ml_data.py's data)
#               mnist_step 100 training steps of it
#             each also with 0 iterations (load only): "per iteration" is
#             the difference, divided by the count. Targets: matmul <= 1.2x,
#             mnist <= 1.5x, RSS within 1.5x.
#   blas      bench/matmul2.mlir (two do.async bodies of 10 products each)
#             under --work-queue=mstd:2 with TFRUN_BLAS_THREADS=1 (the default)
#             and =2: wall and CPU ms (2 threads each oversubscribe 2 cores).
# A summary table repeats the figures at the end.
#
# Limits, so that `make bench` ends (today in about 3-4 minutes): every run
# is killed after BENCH_TIMEOUT (120) seconds and prints "timeout"; a command
# whose run took more than BENCH_SLOW (10) seconds of wall time is not run in
# later rounds (its best is of fewer runs: "(best of N)" says how many).
#
# python3 is the interpreter that `python3` runs (its sys.executable, so no
# pyenv shim is timed), with -S: on this machine the site module's .pth files
# import certifi, ~60 ms of start-up unrelated to the programs.
# BENCH_PYTHON="python3" restores the plain command.
#
# usage: bench/peers.sh [path/to/tfrun]
#        (BENCH_RUNS=5 BENCH_TIMEOUT=120 BENCH_SLOW=10 BENCH_BM_TIMEOUT=60 BENCH_OUT=build/bench)
set -eu
TFRUN=${1:-bin/tfrun}
here=$(dirname "$0")
out=${BENCH_OUT:-build/bench}
mkdir -p "$out"
runs=${BENCH_RUNS:-5}
tmo=${BENCH_TIMEOUT:-120}
slow=${BENCH_SLOW:-10}
bm_tmo=${BENCH_BM_TIMEOUT:-60}

have() { command -v "$1" >/dev/null 2>&1; }
if ! have python3; then
  echo "bench: python3 is needed (it times the runs: bench/cputime.py)" >&2; exit 1
fi

# Best-of-N CPU time in milliseconds of a command (the chain and parse lines).
cpu_ms() {
  # shellcheck disable=SC2086  # the command is split into words on purpose
  python3 "$here/cputime.py" "$runs" $1
}
# Interleaved rounds of several commands: RUNS TIMEOUT 'CMD' ... One line per
# command: INDEX CPU_MS WALL_MS RSS_KB RUNS STATUS RATIO_MIN RATIO_MAX.
rounds() {
  _runs=$1 _tmo=$2; shift 2
  python3 "$here/cputime.py" --rounds "$_runs" --timeout "$_tmo" --slow "$slow" "$@"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b < 1) b = 1; printf "%.2f", a / b }'; }
# Field F (1-based) of line I (0-based) of a rounds output file.
field() { awk -v i="$2" -v f="$3" '$1 == i { print $f }' "$1"; }
mb() { awk -v k="$1" 'BEGIN { if (k == "-") print "-"; else printf "%.1f", k / 1024 }'; }

PY=${BENCH_PYTHON:-"$(python3 -c 'import sys; print(sys.executable)') -S"}
peer_names="python3 lua5.4 luajit-joff luajit"
# LuaJIT reads Lua 5.1: a program that needs 5.4 has a NAME.jit.lua twin.
jit_src() { if [ -f "$1.jit.lua" ]; then echo "$1.jit.lua"; else echo "$1.lua"; fi; }
peer_cmd() {
  case $1 in
    python3) echo "$PY $2.py" ;;
    lua5.4) echo "lua5.4 $2.lua" ;;
    luajit-joff) echo "luajit -joff $(jit_src "$2")" ;;
    luajit) echo "luajit $(jit_src "$2")" ;;
  esac
}
peer_have() {
  case $1 in
    python3) return 0 ;;
    luajit-joff) have luajit ;;
    *) have "$1" ;;
  esac
}

echo "== tfrun vs interpreters (CPU ms, best of $runs; ratio = tfrun / peer [per-round min-max])"
echo "   python3 = $PY"
progs="fib fizzbuzz tfrt_fizzbuzz collatz series"
for prog in $progs; do
  set -- "$TFRUN $here/$prog.mlir"
  names=""
  for peer in $peer_names; do
    if peer_have "$peer"; then
      set -- "$@" "$(peer_cmd "$peer" "$here/$prog")"; names="$names $peer"
    fi
  done
  rounds "$runs" "$tmo" "$@" > "$out/$prog.times"
  t=$(field "$out/$prog.times" 0 2)
  st=$(field "$out/$prog.times" 0 6)
  case $t in
    [0-9]*) line=$(printf "%-13s tfrun %9s ms (best of %s%s)" "$prog" "$t" \
              "$(field "$out/$prog.times" 0 5)" "$([ "$st" = ok ] || echo ", $st")") ;;
    timeout) line=$(printf "%-13s tfrun timeout (killed after %s s)" "$prog" "$tmo") ;;
    *) line=$(printf "%-13s tfrun failed (%s)" "$prog" "$st") ;;
  esac
  i=1
  for peer in $names; do
    p=$(field "$out/$prog.times" $i 2)
    lo=$(field "$out/$prog.times" $i 7); hi=$(field "$out/$prog.times" $i 8)
    case $t$p in
      [0-9]*[0-9]*) line="$line | $peer $p ms, ratio $(ratio "$t" "$p") [$lo-$hi]" ;;
      *) line="$line | $peer $p ms" ;;
    esac
    i=$((i + 1))
  done
  echo "$line"
done
missing=""
for peer in $peer_names; do peer_have "$peer" || missing="$missing $peer"; done
[ -z "$missing" ] || echo "   (not installed:$missing; make bench installs them)"

# The exact schedule alone (issue 23's targets: fib, collatz, series <= 10x
# Lua 5.4, tfrt_fizzbuzz <= 20x; fib(27) and tfrt_fizzbuzz at 10^6 <= 100 MB).
echo "== --schedule=exact alone vs lua5.4 (CPU ms, best of $runs; peak RSS of tfrun)"
exact_summary=""
for prog in fib collatz series tfrt_fizzbuzz; do
  if peer_have lua5.4; then
    rounds "$runs" "$tmo" "$TFRUN run --schedule=exact $here/$prog.mlir" "lua5.4 $here/$prog.lua" > "$out/$prog.exact.times"
  else
    rounds "$runs" "$tmo" "$TFRUN run --schedule=exact $here/$prog.mlir" > "$out/$prog.exact.times"
  fi
  t=$(field "$out/$prog.exact.times" 0 2); l=$(field "$out/$prog.exact.times" 1 2)
  lo=$(field "$out/$prog.exact.times" 1 7); hi=$(field "$out/$prog.exact.times" 1 8)
  rss=$(mb "$(field "$out/$prog.exact.times" 0 4)")
  case $t$l in
    [0-9]*[0-9]*) line=$(printf "%-13s exact %9s ms | lua5.4 %s ms, ratio %s [%s-%s] | peak %s MB" "$prog" "$t" "$l" \
                    "$(ratio "$t" "$l")" "$lo" "$hi" "$rss") ;;
    *) line=$(printf "%-13s exact %s (%s) | lua5.4 %s" "$prog" "$t" "$(field "$out/$prog.exact.times" 0 6)" "${l:--}") ;;
  esac
  echo "$line"
  exact_summary="$exact_summary$(printf '\n%-14s %s' "exact" "$line")"
done
exact_summary=${exact_summary#?}

# One unordered pair of prints above a heavy pure call, under auto, against
# the same call alone (target: within 3x; docs/analysis.md §8).
echo "== an unordered pair of prints above fib(27), auto (bench/prints_fib.mlir) vs bench/fib.mlir"
rounds "$runs" "$tmo" "$TFRUN $here/prints_fib.mlir" "$TFRUN $here/fib.mlir" > "$out/prints_fib.times"
t=$(field "$out/prints_fib.times" 0 2); f=$(field "$out/prints_fib.times" 1 2)
lo=$(field "$out/prints_fib.times" 1 7); hi=$(field "$out/prints_fib.times" 1 8)
pair_line=$(awk -v t="$t" -v f="$f" -v lo="$lo" -v hi="$hi" 'BEGIN {
  if (t !~ /^[0-9]/ || f !~ /^[0-9]/) { printf "prints+fib %s ms, fib %s ms", t, f; exit }
  printf "prints+fib %.1f ms, fib alone %.1f ms: %.2fx [%s-%s] (target <= 3x)", t, f, t / (f < 1 ? 1 : f), lo, hi }')
echo "pair      $pair_line"

# auto's exact parts: a print waits for fib(27) and races another print, so
# the call runs exact under auto; on interp/xe.c since issue 23, on
# interp/exec.c before (TFRUN_EXACT_ENGINE=reference), against lua5.4.
echo "== auto, exact part: a print waiting for fib(27) (bench/print_waits_fib.mlir), xe.c vs exec.c vs lua5.4"
rounds "$runs" "$tmo" "$TFRUN $here/print_waits_fib.mlir" \
  "env TFRUN_EXACT_ENGINE=reference $TFRUN $here/print_waits_fib.mlir" "lua5.4 $here/fib.lua" > "$out/print_waits_fib.times"
t=$(field "$out/print_waits_fib.times" 0 2); r=$(field "$out/print_waits_fib.times" 1 2)
l=$(field "$out/print_waits_fib.times" 2 2)
lo=$(field "$out/print_waits_fib.times" 2 7); hi=$(field "$out/print_waits_fib.times" 2 8)
autox_line=$(awk -v t="$t" -v r="$r" -v l="$l" -v lo="$lo" -v hi="$hi" 'BEGIN {
  if (t !~ /^[0-9]/ || r !~ /^[0-9]/ || l !~ /^[0-9]/) { printf "xe.c %s ms, exec.c %s ms, lua5.4 %s ms", t, r, l; exit }
  if (l < 1) l = 1
  printf "xe.c %.1f ms (%.0fx lua5.4), exec.c %.1f ms (%.0fx): exec.c/xe.c %.2f [xe.c/lua5.4 per round %s-%s]",
         t, t / l, r, r / l, r / (t < 1 ? 1 : t), lo, hi }')
echo "autox     $autox_line"

echo "== tfrun peak RSS (MB)"
sed 's/1000000/100000/' "$here/tfrt_fizzbuzz.mlir" > "$out/tfrt_fizzbuzz_1e5.mlir"
rounds 1 "$tmo" "$TFRUN $out/tfrt_fizzbuzz_1e5.mlir" > "$out/tfrt_fizzbuzz_1e5.times"
rss_fib=$(mb "$(field "$out/fib.times" 0 4)")
rss6=$(field "$out/tfrt_fizzbuzz.times" 0 4)
rss5=$(field "$out/tfrt_fizzbuzz_1e5.times" 0 4)
flat=$(awk -v a="$rss5" -v b="$rss6" 'BEGIN {
  if (a == "-" || b == "-") { print "unknown (a run did not finish)"; exit }
  r = b / a; printf "%.1fx the memory for 10x the iterations: %s", r, (r < 1.5 ? "flat" : "grows") }')
rss_line="fib $rss_fib | tfrt_fizzbuzz 10^5 $(mb "$rss5"), 10^6 $(mb "$rss6"): $flat"
echo "rss       $rss_line"

echo "== straight chain of 1 000 000 tfrt.add.i32"
sh "$here/genchain.sh" 1000000 custom > "$out/chain.mlir"
total=$(cpu_ms "$TFRUN $out/chain.mlir")
load=$(cpu_ms "$TFRUN opt --no-print $out/chain.mlir")
chain_ns() { awk -v t="$1" -v l="$2" 'BEGIN { printf "%.0f", (t - l) * 1e6 / 1e6 }'; }
awk -v t="$total" -v l="$load" 'BEGIN {
  printf "run %.1f ms (%.0f ns per kernel, parsing included); parse+verify %.1f ms; execution %.0f ns per kernel\n",
         t, t * 1e6 / 1e6, l, (t - l) * 1e6 / 1e6 }'
chain_line="$(chain_ns "$total" "$load") ns per kernel (default)"
if "$TFRUN" run --help 2>&1 | grep -q -- '--schedule'; then
  for s in exact fast; do
    ts=$(cpu_ms "$TFRUN run --schedule=$s $out/chain.mlir")
    awk -v s="$s" -v t="$ts" -v l="$load" 'BEGIN {
      printf "--schedule=%s: run %.1f ms; execution %.0f ns per kernel\n", s, t, (t - l) * 1e6 / 1e6 }'
    chain_line="$chain_line, $(chain_ns "$ts" "$load") ($s)"
  done
else
  echo "(this tfrun has no --schedule: exact and fast not measured)"
fi

echo "== parsing 200 000 generic-form ops (tfrun opt --no-print vs mlir-opt-16 -o /dev/null)"
sh "$here/genchain.sh" 200000 generic > "$out/parse.mlir"
t=$(cpu_ms "$TFRUN opt --no-print $out/parse.mlir")
if have mlir-opt-16; then
  p=$(cpu_ms "mlir-opt-16 --allow-unregistered-dialect $out/parse.mlir -o /dev/null")
  echo "parse     tfrun $t ms | mlir-opt-16 $p ms, ratio $(ratio "$t" "$p") (mlir-opt / tfrun = $(ratio "$p" "$t")x; issue 2 asks for at least 10x)"
  parse_line="tfrun $t ms, mlir-opt-16 $p ms: mlir-opt / tfrun = $(ratio "$p" "$t")x (target >= 10x)"
else
  echo "parse     tfrun $t ms | mlir-opt-16 not found (package mlir-16-tools): comparison skipped"
  parse_line="tfrun $t ms, mlir-opt-16 not installed"
fi

echo "== async2: two CPU-bound do.async bodies (CPU under s, wall under mstd:2; best of $runs)"
rounds "$runs" "$tmo" "$TFRUN run --work-queue=s $here/async2.mlir" \
  "$TFRUN run --work-queue=mstd:2 $here/async2.mlir" > "$out/async2.times"
s_cpu=$(field "$out/async2.times" 0 2)
m_wall=$(field "$out/async2.times" 1 3)
m_cpu=$(field "$out/async2.times" 1 2)
async_line=$(awk -v c="$s_cpu" -v w="$m_wall" -v mc="$m_cpu" 'BEGIN {
  if (c !~ /^[0-9]/ || w !~ /^[0-9]/) { printf "s CPU %s ms, mstd:2 wall %s ms", c, w; exit }
  printf "s CPU %.1f ms, mstd:2 wall %.1f ms (CPU %.1f ms): s CPU / mstd:2 wall = %.2f (target >= 1.8)",
         c, w, mc, c / w }')
echo "async2    $async_line"

echo "== tfrt_fizzbuzz_bm: tfrt_test.benchmark of fizzbuzz_compute(1000) (wall, timeout ${bm_tmo} s)"
rounds 1 "$bm_tmo" "$TFRUN $here/tfrt_fizzbuzz_bm.mlir" > "$out/bm.times"
bm_line=$(awk -v w="$(field "$out/bm.times" 0 3)" -v st="$(field "$out/bm.times" 0 6)" -v t="$bm_tmo" 'BEGIN {
  if (st == "timeout") printf "timeout (not finished after %g s; target under 10 s)", t
  else if (w !~ /^[0-9]/) printf "failed (%s)", st
  else printf "%.1f s: %s 10 s", w / 1000, (w < 10000 ? "under" : "NOT under") }')
echo "bm        $bm_line"

echo "== tensors: tfrun vs numpy on OpenBLAS, single-threaded (CPU ms, best of $runs; peak RSS MB)"
NPY=${BENCH_NUMPY:-/usr/bin/python3}
tensor_line="numpy not found ($NPY with python3-numpy; make bench installs it)"
blas_line=""
if "$NPY" -c 'import numpy' 2> /dev/null; then
  ml=$(cd "$out" && pwd)/ml
  mkdir -p "$ml"
  "$NPY" "$here/../tests/ml_data.py" "$ml"
  for n in 200 100 0; do sed "s/ITERATIONS/$n/" "$here/mnist.mlir" > "$ml/mnist_$n.mlir"; done
  abs_tfrun=$(cd "$(dirname "$TFRUN")" && pwd)/$(basename "$TFRUN")
  abs_here=$(cd "$here" && pwd)
  ENVB="env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS=1"
  # name, tfrun command, numpy command (run in $ml, where mnist.btf is)
  tensor_bench() {
    rounds "$runs" "$tmo" "sh -c 'cd $ml && exec $ENVB $2'" "sh -c 'cd $ml && exec $ENVB $3'" > "$out/$1.times"
    t=$(field "$out/$1.times" 0 2); p=$(field "$out/$1.times" 1 2)
    tr=$(field "$out/$1.times" 0 4); pr=$(field "$out/$1.times" 1 4)
    lo=$(field "$out/$1.times" 1 7); hi=$(field "$out/$1.times" 1 8)
    printf "%-11s tfrun %8s ms %6s MB | numpy %8s ms %6s MB | CPU ratio %s [%s-%s], RSS ratio %s\n" "$1" "$t" \
      "$(mb "$tr")" "$p" "$(mb "$pr")" "$(ratio "$t" "$p")" "$lo" "$hi" "$(ratio "$tr" "$pr")"
  }
  tensor_bench matmul "$abs_tfrun $abs_here/matmul.mlir" "$NPY $abs_here/matmul.py"
  tensor_bench mnist_inf "$abs_tfrun --functions=inference mnist_200.mlir" "$NPY $abs_here/mnist.py inference 200"
  tensor_bench mnist_inf0 "$abs_tfrun --functions=inference mnist_0.mlir" "$NPY $abs_here/mnist.py inference 0"
  tensor_bench mnist_step "$abs_tfrun --functions=training mnist_100.mlir" "$NPY $abs_here/mnist.py training 100"
  tensor_bench mnist_step0 "$abs_tfrun --functions=training mnist_0.mlir" "$NPY $abs_here/mnist.py training 0"
  per() {   # per-iteration ms of tfrun and numpy, and their ratio: (full - load) / n
    awk -v a="$(field "$out/$1.times" 0 2)" -v b="$(field "$out/$1.times" 1 2)" \
        -v a0="$(field "$out/${1}0.times" 0 2)" -v b0="$(field "$out/${1}0.times" 1 2)" -v n="$2" 'BEGIN {
      if (a !~ /^[0-9]/ || b !~ /^[0-9]/ || a0 !~ /^[0-9]/ || b0 !~ /^[0-9]/) { print "unknown"; exit }
      x = (a - a0) / n; y = (b - b0) / n
      printf "%.3f ms vs %.3f ms per iteration: %.2fx", x, y, (y > 0 ? x / y : 0) }'
  }
  echo "mnist_inf   per batch (load subtracted): $(per mnist_inf 200)"
  echo "mnist_step  per step (load subtracted): $(per mnist_step 100)"
  tensor_line=$(for b in matmul mnist_inf mnist_step; do
    printf "%s %s [%s-%s] rss %s; " "$b" "$(ratio "$(field "$out/$b.times" 0 2)" "$(field "$out/$b.times" 1 2)")" \
      "$(field "$out/$b.times" 1 7)" "$(field "$out/$b.times" 1 8)" \
      "$(ratio "$(field "$out/$b.times" 0 4)" "$(field "$out/$b.times" 1 4)")"; done)
  tensor_line="tfrun/numpy CPU: ${tensor_line}per iteration: inference $(per mnist_inf 200), step $(per mnist_step 100)"

  echo "== blas: bench/matmul2.mlir under --work-queue=mstd:2, TFRUN_BLAS_THREADS=1 vs 2 (best of $runs)"
  rounds "$runs" "$tmo" "env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE TFRUN_BLAS_THREADS=1 $TFRUN --work-queue=mstd:2 $here/matmul2.mlir" \
    "env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE TFRUN_BLAS_THREADS=2 $TFRUN --work-queue=mstd:2 $here/matmul2.mlir" > "$out/blas.times"
  blas_line=$(awk '{ cpu[$1] = $2; wall[$1] = $3 } END {
    printf "1 thread per product: wall %s ms, CPU %s ms | 2 threads: wall %s ms, CPU %s ms", wall[0], cpu[0], wall[1], cpu[1] }' "$out/blas.times")
  echo "blas      $blas_line"
else
  echo "tensors   $tensor_line"
fi

echo
echo "== summary (CPU ms, best of up to $runs; ratio = tfrun / peer [per-round min-max])"
printf "%-14s %9s %9s %9s %9s %9s   %-20s %-20s %-20s %-20s\n" program tfrun python3 lua5.4 lj-joff luajit \
  tfrun/python3 tfrun/lua5.4 tfrun/lj-joff tfrun/luajit
for prog in $progs; do
  f=$out/$prog.times
  awk -v prog="$prog" -v names="$(for p in $peer_names; do peer_have "$p" && printf "%s " "$p"; done)" '
    { cpu[$1] = $2; lo[$1] = $7; hi[$1] = $8 }
    END {
      n = split(names, nm, " ")
      split("python3 lua5.4 luajit-joff luajit", all, " ")
      for (j = 1; j <= 4; j++) { col[all[j]] = "-"; rat[all[j]] = "-" }
      for (i = 1; i <= n; i++) {
        col[nm[i]] = cpu[i]
        if (cpu[0] ~ /^[0-9]/ && cpu[i] ~ /^[0-9]/)
          rat[nm[i]] = sprintf("%.2f [%s-%s]", cpu[0] / (cpu[i] < 1 ? 1 : cpu[i]), lo[i], hi[i])
      }
      printf "%-14s %9s %9s %9s %9s %9s   %-20s %-20s %-20s %-20s\n", prog, cpu[0], col["python3"], col["lua5.4"],
             col["luajit-joff"], col["luajit"], rat["python3"], rat["lua5.4"], rat["luajit-joff"], rat["luajit"]
    }' "$f"
done
[ -z "${exact_summary:-}" ] || printf "%s\n" "$exact_summary"
[ -z "${pair_line:-}" ] || echo "pair+fib       $pair_line"
[ -z "${autox_line:-}" ] || echo "auto exact part $autox_line"
echo "rss (MB)       $rss_line"
echo "chain          $chain_line"
echo "parse          $parse_line"
echo "async2         $async_line"
echo "bm             $bm_line"
echo "tensors        $tensor_line"
[ -z "$blas_line" ] || echo "blas           $blas_line"
