#!/bin/sh
# tfrt.parallel_for.i32 keeps its pending work bounded (issue 15 item 4).
# 2^31 blocks under --timeout=1 stop at the timeout (well before the
# watchdog's forced exit at 3 s) within a 200 MB address-space limit, on
# both queues and both schedules (before: 220-450 MB at 2 s, growing, as
# the split tasks of a FIFO queue queued about half the blocks). And the
# chunked split above PFOR_SPLIT_MAX blocks (kernels/control.c) runs every
# block once: the sum of every block's start and end matches awk's.
# The limit counts address space: glibc reserves 64 MB of it for the malloc
# arena of each thread that allocates, untouched, and three of them are 192
# MB, which left the limit a few pages from failing whatever the program
# did (a binary a few pages larger ran out). MALLOC_ARENA_MAX=1 keeps the
# reservations out, so the limit measures what the run allocates.
# usage: tests/pfor_bounded.sh path/to/tfrun
set -u
TFRUN=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
cat > "$tmp/huge.mlir" <<'MLIR'
func.func @main() -> !tfrt.chain {
  %ch = tfrt.new.chain
  %start = tfrt.constant.i32 -1073741824
  %end = tfrt.constant.i32 1073741824
  %bs = tfrt.constant.i32 1
  %done = tfrt.parallel_for.i32 %start to %end fixed %bs, %ch : !tfrt.chain {
    tfrt.return %ch : !tfrt.chain
  }
  tfrt.return %done : !tfrt.chain
}
MLIR
sum() {  # $1 start, $2 end, $3 block size: a program summing block bounds
  cat <<MLIR
func.func @main() -> i32 {
  %s = tfrt.constant.i32 $1
  %e = tfrt.constant.i32 $2
  %bs = tfrt.constant.i32 $3
  %c = "tfrt_test.atomic.create.i32"() : () -> !test.atomic.i32
  %done = tfrt.parallel_for.i32 %s to %e fixed %bs, %c : !test.atomic.i32 {
    %ch0 = "tfrt_test.atomic.add.i32"(%c, %s) : (!test.atomic.i32, i32) -> !tfrt.chain
    %ch1 = "tfrt_test.atomic.add.i32"(%c, %e, %ch0) : (!test.atomic.i32, i32, !tfrt.chain) -> !tfrt.chain
    tfrt.return %ch1 : !tfrt.chain
  }
  %v, %ch = "tfrt_test.atomic.get.i32"(%c, %done) : (!test.atomic.i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %v : i32
}
MLIR
}
for q in s mstd:2; do
  for s in exact fast; do
    t0=$(date +%s.%N)
    ( ulimit -v 200000; MALLOC_ARENA_MAX=1 "$TFRUN" --work-queue=$q --schedule=$s --timeout=1 "$tmp/huge.mlir" ) \
      > "$tmp/out" 2>&1 < /dev/null
    rc=$?
    t=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    if [ $rc -ne 1 ] || ! grep -q "^'main' returned" "$tmp/out" || ! grep -q "Cancelled: timeout" "$tmp/out" \
       || awk -v t="$t" 'BEGIN { exit !(t > 2.5) }'; then
      echo "FAIL: 2^31 blocks, $q $s: status $rc after $t s"; head -c 400 "$tmp/out"; echo
      failed=$((failed + 1))
    fi
  done
done
for case in "0 3000 1" "5 20005 7" "-100 100 3" "0 1024 1" "0 1025 1"; do
  set -- $case
  want=$(awk -v s="$1" -v e="$2" -v b="$3" 'BEGIN { t = 0; for (lo = s; lo < e; lo += b) { hi = lo + b; if (hi > e) hi = e; t += lo + hi }; print t }')
  sum "$1" "$2" "$3" > "$tmp/sum.mlir"
  for q in s mstd:2; do
    for s in exact fast; do
      got=$("$TFRUN" --work-queue=$q --schedule=$s "$tmp/sum.mlir" 2>&1 | sed -n "s/^'main' returned //p")
      if [ "$got" != "$want" ]; then
        echo "FAIL: blocks of [$1, $2) by $3, $q $s: $got, wanted $want"
        failed=$((failed + 1))
      fi
    done
  done
done
echo "parallel_for bounded: $failed failed"
[ $failed -eq 0 ]
