#!/bin/sh
# mlir-opt-16 as the oracle for tfrun's generic form (docs/language.md §4): for each
# generic-form program in tests/oracle/, `tfrun opt --mlir-print-op-generic`
# must print exactly what `mlir-opt-16 --mlir-print-op-generic` prints,
# mlir-opt-16 must read tfrun's output back to the same text, and so must
# tfrun (the generic form of functions and of the module, grammar.y gfunc).
# A file with the line `// oracle: custom form too` (no TFRT op in custom
# form) is compared in the default form as well: `tfrun opt` prints what
# `mlir-opt-16` prints, but for mlir-opt's empty last line, and reads its
# output back to the same text.
# usage: tests/mlir_oracle.sh path/to/tfrun
set -u
TFRUN=$1
MLIR_OPT=${MLIR_OPT:-mlir-opt-16}
if ! command -v "$MLIR_OPT" > /dev/null 2>&1; then
  echo "mlir oracle: $MLIR_OPT not found (Debian package mlir-16-tools; make test installs it)"
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
for f in tests/oracle/*.mlir; do
  n=$((n + 1))
  "$MLIR_OPT" --allow-unregistered-dialect --mlir-print-op-generic "$f" > "$tmp/want" 2>&1
  if ! "$TFRUN" opt -allow-unregistered-dialect -mlir-print-op-generic "$f" > "$tmp/got" 2>&1; then
    echo "FAIL $f: tfrun opt failed"; sed 's/^/    /' "$tmp/got" | head -5; failed=$((failed + 1)); continue
  fi
  if ! cmp -s "$tmp/want" "$tmp/got"; then
    echo "FAIL $f: tfrun's generic form differs from mlir-opt's"
    diff "$tmp/want" "$tmp/got" | sed 's/^/    /' | head -10; failed=$((failed + 1)); continue
  fi
  "$MLIR_OPT" --allow-unregistered-dialect --mlir-print-op-generic "$tmp/got" > "$tmp/back" 2>&1
  if ! cmp -s "$tmp/want" "$tmp/back"; then
    echo "FAIL $f: mlir-opt does not read tfrun's output back to the same module"
    diff "$tmp/want" "$tmp/back" | sed 's/^/    /' | head -10; failed=$((failed + 1)); continue
  fi
  "$TFRUN" opt -allow-unregistered-dialect -mlir-print-op-generic "$tmp/want" > "$tmp/self" 2>&1
  if ! cmp -s "$tmp/want" "$tmp/self"; then
    echo "FAIL $f: tfrun does not read the generic form back to the same module"
    diff "$tmp/want" "$tmp/self" | sed 's/^/    /' | head -10; failed=$((failed + 1)); continue
  fi
  grep -q '^// oracle: custom form too$' "$f" || continue
  "$MLIR_OPT" --allow-unregistered-dialect "$f" 2>&1 | sed '${/^$/d;}' > "$tmp/cwant"
  "$TFRUN" opt -allow-unregistered-dialect "$f" > "$tmp/cgot" 2>&1
  "$TFRUN" opt -allow-unregistered-dialect "$tmp/cgot" > "$tmp/cself" 2>&1
  if ! cmp -s "$tmp/cwant" "$tmp/cgot"; then
    echo "FAIL $f: tfrun's custom form differs from mlir-opt's"
    diff "$tmp/cwant" "$tmp/cgot" | sed 's/^/    /' | head -10; failed=$((failed + 1))
  elif ! cmp -s "$tmp/cgot" "$tmp/cself"; then
    echo "FAIL $f: tfrun does not read its custom form back to the same module"
    diff "$tmp/cgot" "$tmp/cself" | sed 's/^/    /' | head -10; failed=$((failed + 1))
  fi
done
echo "mlir oracle: $n programs, $failed failed"
[ $failed -eq 0 ]
