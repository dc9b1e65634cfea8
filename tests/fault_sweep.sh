#!/bin/sh
# Allocation failures end cleanly (issue 15, fault injection; base/alloc.h).
# With the fault-injection build (make faultinj), each command below runs
# once to count its allocations C and its output, then once for every N of
# 1..C (a sample of about 400 when C is larger) with TFRUN_FAIL_ALLOC=N:
# the run must print exactly the output of the run without a failure, or
# say `out of memory` (the policy's `tfrun: out of memory`, or the front
# end's diagnostic) with exit status 1 — never end by a signal, hang, or
# say nothing.
#
# Output files (base/outfile.h): each command below writes FILE, which
# holds "original" before every run. With TFRUN_FAIL_IO=N for every N up
# to its count of file operations (creating the temporary file, each
# write, fsync, link, close, rename), and with TFRUN_FAIL_ALLOC=N for a
# sample of N, the run must either exit 0 with FILE holding what the run
# without a failure wrote, or exit 1 saying why (`No space left on device`,
# `out of memory`) with FILE byte for byte "original"; and nothing else may
# be left in FILE's directory. The same checks with FILE a symbolic link
# (the link stays, the file it names is the one replaced), and with FILE
# the input itself (`tfrun opt F -o F`).
# usage: tests/fault_sweep.sh path/to/fault-build/tfrun
set -u
TFRUN=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 runs=0 oom=0 ok=0
sweep() {  # COMMAND...: one program
  TFRUN_COUNT_ALLOC=1 "$@" > "$tmp/want" 2> "$tmp/count" < /dev/null
  want_st=$?
  c=$(sed -n 's/^tfrun: \([0-9]*\) allocations$/\1/p' "$tmp/count" | tail -1)
  [ -n "$c" ] || { echo "FAIL: no allocation count from: $*"; failed=$((failed + 1)); return; }
  step=$(( c / 400 + 1 ))
  n=1 bad=0
  while [ $n -le "$c" ]; do
    TFRUN_FAIL_ALLOC=$n timeout 20 "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
    st=$?
    runs=$((runs + 1))
    if [ $st -eq $want_st ] && cmp -s "$tmp/out" "$tmp/want"; then
      ok=$((ok + 1))
    elif [ $st -eq 1 ] && grep -q "out of memory" "$tmp/err" "$tmp/out"; then
      oom=$((oom + 1))
    else
      [ $bad -lt 5 ] && { echo "FAIL (N=$n of $c, status $st): $*"; head -c 300 "$tmp/err"; echo; }
      bad=$((bad + 1))
    fi
    n=$((n + step))
  done
  [ $bad -gt 0 ] && echo "  $bad failures in all for: $*"
  failed=$((failed + bad))
}
sweep "$TFRUN" examples/hello.mlir
sweep "$TFRUN" --schedule=exact examples/matmul.mlir
sweep "$TFRUN" --schedule=fast examples/counter.mlir
sweep "$TFRUN" --work-queue=mstd:2 testdata/run/control_parallel.mlir
sweep "$TFRUN" opt examples/strings.mlir
sweep "$TFRUN" --schedule=fast testdata/engine/calls.mlir
sweep "$TFRUN" --schedule=exact examples/strings.mlir
sweep "$TFRUN" --schedule=exact testdata/engine/objects.mlir

# ---- output files --------------------------------------------------------
# normalize FILE: what may differ between two good runs (test reports' times).
normalize() {
  sed -e 's/"time": [0-9.]*/"time": T/g' -e 's/time="[0-9.]*"/time="T"/g' "$1"
}
# file_run KIND N: one run of $cmd with failure N of KIND (IO or ALLOC) in a
# fresh directory holding only FILE ("original", or the input for "self").
file_run() {
  rm -rf "$tmp/d"; mkdir "$tmp/d"
  if [ "$mode" = self ]; then cp "$input" "$tmp/d/target"; else echo original > "$tmp/d/target"; fi
  if [ "$mode" = link ]; then mv "$tmp/d/target" "$tmp/d/real"; ln -s real "$tmp/d/target"; fi
  cp "$tmp/d/target" "$tmp/orig" 2>/dev/null || cp "$tmp/d/real" "$tmp/orig"
  env "TFRUN_FAIL_$1=$2" timeout 60 sh -c "$cmd" > "$tmp/out" 2> "$tmp/err" < /dev/null
}
# check_file N: the outcome of the last file_run.
check_file() {
  st=$1; n=$2; kind=$3
  runs=$((runs + 1))
  real="$tmp/d/target"; [ "$mode" = link ] && real="$tmp/d/real"
  extra=$(ls -A "$tmp/d" | grep -v -x -e target -e real)
  why=""
  if [ "$mode" = link ] && [ ! -L "$tmp/d/target" ]; then why="the link was replaced"
  elif [ -n "$extra" ]; then why="left behind: $extra"
  elif [ $st -eq 0 ] && normalize "$real" | cmp -s - "$tmp/want"; then ok=$((ok + 1)); return
  elif [ $st -eq 1 ] && cmp -s "$real" "$tmp/orig" && grep -q "No space left on device\|out of memory" "$tmp/err" "$tmp/out"; then
    oom=$((oom + 1)); return
  elif [ $st -eq 1 ] && ! cmp -s "$real" "$tmp/orig"; then why="FILE changed although the run failed"
  else why="status $st"; fi
  [ $bad -lt 5 ] && { echo "FAIL ($kind N=$n, $mode): $cmd: $why"; head -c 300 "$tmp/err"; echo; }
  bad=$((bad + 1))
}
# sweep_file MODE INPUT CMD [io]: CMD (a shell command; $F is FILE, $I the
# input) under every I/O failure and, unless "io" is given, a sample of
# allocation failures (not for `tfrun test`, whose children would fail too).
sweep_file() {
  mode=$1 input=$2 cmd=$(echo "$3" | sed -e "s|\$F|$tmp/d/target|g" -e "s|\$I|$2|g") only=${4:-}
  bad=0
  file_run IO 0 || { echo "FAIL: $cmd fails without a fault"; failed=$((failed + 1)); return; }
  real="$tmp/d/target"; [ "$mode" = link ] && real="$tmp/d/real"
  normalize "$real" > "$tmp/want"
  if cmp -s "$tmp/want" "$tmp/orig"; then echo "FAIL: $cmd wrote nothing"; failed=$((failed + 1)); return; fi
  rm -rf "$tmp/d"; mkdir "$tmp/d"; echo original > "$tmp/d/target"
  c=$(TFRUN_COUNT_IO=1 sh -c "$cmd" 2>&1 >/dev/null < /dev/null |
      sed -n 's/^tfrun: \([0-9]*\) output operations$/\1/p' | tail -1)
  [ -n "$c" ] && [ "$c" -gt 0 ] || { echo "FAIL: no output operations counted for: $cmd"; failed=$((failed + 1)); return; }
  n=1
  while [ $n -le "$c" ]; do file_run IO $n; check_file $? $n IO; n=$((n + 1)); done
  a=0
  [ "$only" = io ] || a=$(TFRUN_COUNT_ALLOC=1 sh -c "$cmd" 2>&1 >/dev/null < /dev/null |
      sed -n 's/^tfrun: \([0-9]*\) allocations$/\1/p' | tail -1)
  step=$(( ${a:-0} / 60 + 1 )) n=1
  while [ $n -le "${a:-0}" ]; do file_run ALLOC $n; check_file $? $n ALLOC; n=$((n + step)); done
  [ $bad -gt 0 ] && echo "  $bad failures in all for: $cmd"
  failed=$((failed + bad))
}
T=$TFRUN
for mode in new link; do
  sweep_file $mode examples/strings.mlir "$T opt \$I -o \$F"
done
cp testdata/opt/canonicalize.mlir "$tmp/in.mlir"
sweep_file self "$tmp/in.mlir" "$T opt \$F -o \$F"
sweep_file self "$tmp/in.mlir" "$T opt -canonicalize \$F -o \$F"
sweep_file new testdata/lint/fix.mlir "$T lint --fix \$I -o \$F"
sweep_file new testdata/opt "$T test --json=\$F \$I/canonical.mlir \$I/inline.mlir" io
sweep_file new testdata/opt "$T test --xunit-xml-output=\$F \$I/canonical.mlir" io
# test --update rewrites FILE.mlir.out: a copy of hello.mlir whose .out is FILE.
cp examples/hello.mlir "$tmp/h.mlir"
sweep_file new "$tmp/h.mlir" "ln -sf \$F $tmp/h.mlir.out; $T test --update $tmp/h.mlir" io

echo "fault sweep: $runs runs: $ok with the right output, $oom out of memory or a write error, $failed failed"
[ $failed -eq 0 ]
