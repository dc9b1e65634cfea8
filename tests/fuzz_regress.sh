#!/bin/sh
# The inputs that fuzzing found to crash (tests/fuzz-regressions/TARGET/)
# go through bin/tfrun the way each fuzz target (fuzz/fuzz_TARGET.c) drives
# the library: none may end by a signal (a crash, an abort, a sanitizer)
# or hang. opt inputs that print must print a fixed point. When the fuzz
# binaries were built (make fuzz-build), they run the inputs too.
# usage: tests/fuzz_regress.sh path/to/tfrun [fuzz build dir]
set -u
TFRUN=$1
FUZZ=${2:-build/fuzz}
dir=tests/fuzz-regressions
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 n=0 stale=
# check STATUS WHAT: a signal (>= 128) or timeout(1)'s 124 is a failure.
check() {
  if [ "$1" -ge 124 ]; then
    echo "FAIL (status $1): $2"; head -c 400 "$tmp/out"; echo
    failed=$((failed + 1))
  fi
}
t() { timeout 20 "$@" > "$tmp/out" 2>&1; }
for f in "$dir"/opt/* "$dir"/run/* "$dir"/verify/* "$dir"/check/* "$dir"/repl/* "$dir"/explore/*; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  target=$(basename "$(dirname "$f")")
  case $target in
  opt)
    for u in "" -allow-unregistered-dialect; do
      t "$TFRUN" opt $u "$f" < /dev/null; st=$?; check $st "tfrun opt $u $f"
      if [ $st -eq 0 ]; then
        cp "$tmp/out" "$tmp/p1.mlir"
        t "$TFRUN" opt $u "$tmp/p1.mlir"; st=$?
        if [ $st -ne 0 ] || ! cmp -s "$tmp/out" "$tmp/p1.mlir"; then
          echo "FAIL: tfrun opt $u $f: the printed form is not a fixed point"; failed=$((failed + 1))
        fi
      fi
    done ;;
  run)
    for s in exact fast; do
      t "$TFRUN" run --schedule=$s --max-call-depth=2000 --timeout=5 "$f" < /dev/null
      check $? "tfrun run --schedule=$s $f"
    done ;;
  verify)
    t "$TFRUN" opt --verify-diagnostics --split-input-file -allow-unregistered-dialect "$f" < /dev/null
    check $? "tfrun opt --verify-diagnostics --split-input-file $f" ;;
  check)
    # The check text, a NUL, the input (no NUL: the file checks itself).
    python3 - "$f" "$tmp/chk" "$tmp/in" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read()
c, sep, i = d.partition(b'\0')
open(sys.argv[2], 'wb').write(c)
open(sys.argv[3], 'wb').write(i if sep else d)
PY
    t "$TFRUN" filecheck "$tmp/chk" --input-file="$tmp/in" < /dev/null
    check $? "tfrun filecheck $f" ;;
  repl)
    t "$TFRUN" repl --max-call-depth=2000 < "$f"
    check $? "tfrun repl < $f" ;;
  explore)
    t "$TFRUN" explore --max-schedules=200 --max-states=16 --timeout=5 "$f" < /dev/null
    check $? "tfrun explore $f" ;;
  esac
  if [ -x "$FUZZ/fuzz_$target" ] && [ "$FUZZ/fuzz_$target" -ot "$TFRUN" ]; then
    stale="$stale fuzz_$target"
  elif [ -x "$FUZZ/fuzz_$target" ]; then
    t "$FUZZ/fuzz_$target" -handle_int=0 "$f"
    st=$?
    if [ $st -ne 0 ]; then echo "FAIL (status $st): $FUZZ/fuzz_$target $f"; tail -20 "$tmp/out"; failed=$((failed + 1)); fi
  fi
done
# A fuzz binary older than bin/tfrun was built from older sources: it would
# judge code that is gone (`make fuzz-build` rebuilds them; CI does first).
[ -n "$stale" ] && echo "not run, older than $TFRUN (make fuzz-build):$(printf '%s\n' $stale | sort -u | tr '\n' ' ')"
echo "fuzz regressions: $n inputs, $failed failed"
[ $failed -eq 0 ]
