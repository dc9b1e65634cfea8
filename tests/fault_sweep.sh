#!/bin/sh
# Allocation failures end cleanly (issue 15, fault injection; base/alloc.h).
# With the fault-injection build (make faultinj), each command below runs
# once to count its allocations C and its output, then once for every N of
# 1..C (a sample of about 400 when C is larger) with TFRUN_FAIL_ALLOC=N:
# the run must print exactly the output of the run without a failure, or
# say `out of memory` (the policy's `tfrun: out of memory`, or the front
# end's diagnostic) with exit status 1 — never end by a signal, hang, or
# say nothing.
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
echo "fault sweep: $runs runs: $ok with the right output, $oom out of memory, $failed failed"
[ $failed -eq 0 ]
