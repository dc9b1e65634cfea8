#!/bin/sh
# `tfrun opt -canonicalize` on every golden program that runs plainly (no
# ARGS, MODE or RUN header) and exits 0: the canonical form must verify, be
# a fixed point of the pass, and run to the same output and exit status as
# the original. Only stdout is compared: the printed program has lost the
# comments (expected-error annotations) and the line numbers of stderr.
# Where the pass said that it may change the order of effects nothing
# orders (a remark, docs/tools.md §1.3), the same lines in another order
# pass (and are counted); without the remark the order must not change.
# usage: tests/canon_sweep.sh path/to/tfrun
set -u
TFRUN=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 changed=0 failed=0 reordered=0
for f in $(find testdata examples -name '*.mlir' | sort); do
  grep -q '^// \(ARGS\|MODE\|RUN\|SKIP\|EXIT\):' "$f" && continue
  grep -q '"[a-z_]*\.[a-z_.]*"(' "$f" && ! "$TFRUN" opt "$f" > /dev/null 2>&1 && continue   # unregistered ops
  timeout 20 "$TFRUN" --schedule=exact "$f" > "$tmp/before" 2> "$tmp/before.err" || continue
  # Programs whose output differs from run to run (addresses, timings) are
  # left out: a second run must print the same.
  timeout 20 "$TFRUN" --schedule=exact "$f" 2> /dev/null | cmp -s - "$tmp/before" || continue
  n=$((n + 1))
  # Locations are kept (tfrt_test.print_debug_info prints them).
  if ! "$TFRUN" opt -canonicalize --mlir-print-debuginfo "$f" -o "$tmp/c.mlir" 2> "$tmp/err"; then
    echo "FAIL $f: opt -canonicalize failed"; sed 's/^/    /' "$tmp/err" | head -5; failed=$((failed + 1)); continue
  fi
  "$TFRUN" opt --mlir-print-debuginfo "$f" > "$tmp/plain.mlir" 2>/dev/null
  cmp -s "$tmp/plain.mlir" "$tmp/c.mlir" || changed=$((changed + 1))
  if ! "$TFRUN" opt -canonicalize --mlir-print-debuginfo "$tmp/c.mlir" | cmp -s - "$tmp/c.mlir"; then
    echo "FAIL $f: the canonical form is not a fixed point"; failed=$((failed + 1)); continue
  fi
  timeout 20 "$TFRUN" --schedule=exact "$tmp/c.mlir" > "$tmp/after" 2> "$tmp/after.err"
  st=$?
  if ! cmp -s "$tmp/before" "$tmp/after" && grep -q 'may change the order in which the exact schedule' "$tmp/err"; then
    sort "$tmp/before" > "$tmp/sb"; sort "$tmp/after" > "$tmp/sa"
    if cmp -s "$tmp/sb" "$tmp/sa"; then reordered=$((reordered + 1)); continue; fi
  fi
  if ! cmp -s "$tmp/before" "$tmp/after" || { [ $st -ne 0 ] && ! grep -q 'expected-' "$f"; }; then
    echo "FAIL $f: runs differently after -canonicalize"
    diff "$tmp/before" "$tmp/after" | head -5 | sed 's/^/    /'; failed=$((failed + 1))
  fi
done
echo "canonicalize sweep: $n programs, $changed changed ($reordered reordered, with the remark), $failed failed"
[ $failed -eq 0 ] && [ $changed -gt 0 ]
