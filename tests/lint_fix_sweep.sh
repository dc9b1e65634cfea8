#!/bin/sh
# `tfrun lint --fix` on every golden program that the lint warns about and
# can fix completely (exit status 0): the fixed program must lint clean,
# verify (`tfrun opt`) and round-trip through `tfrun opt` (docs/execution.md §8),
# which reads ops of other dialects as the lint does (-allow-unregistered-dialect).
# Any lint exit status other than 0, 1 or 2 (a crash) fails too.
# usage: tests/lint_fix_sweep.sh path/to/tfrun
set -u
TFRUN=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fixed=0 failed=0
for f in $(find testdata examples -name '*.mlir' | sort); do
  "$TFRUN" lint "$f" > /dev/null 2>&1
  rc=$?
  if [ $rc -gt 2 ]; then echo "lint crashed (status $rc): $f"; failed=$((failed + 1)); continue; fi
  [ $rc -eq 1 ] || continue
  "$TFRUN" lint --fix "$f" -o "$tmp/fixed.mlir" > /dev/null 2>&1 || continue
  fixed=$((fixed + 1))
  if ! "$TFRUN" lint "$tmp/fixed.mlir" > "$tmp/lint.txt" 2>&1; then
    echo "not clean after --fix: $f"; sed 's/^/    /' "$tmp/lint.txt" | head -10; failed=$((failed + 1))
  elif ! "$TFRUN" opt -allow-unregistered-dialect "$tmp/fixed.mlir" > "$tmp/a.mlir" 2> "$tmp/err.txt" ||
       ! "$TFRUN" opt -allow-unregistered-dialect "$tmp/a.mlir" > "$tmp/b.mlir" 2>> "$tmp/err.txt" ||
       ! cmp -s "$tmp/a.mlir" "$tmp/b.mlir"; then
    echo "does not verify or round-trip after --fix: $f"; sed 's/^/    /' "$tmp/err.txt" | head -10; failed=$((failed + 1))
  fi
done
echo "lint --fix sweep: $fixed programs fixed, $failed failed"
[ $failed -eq 0 ] && [ $fixed -gt 0 ]
