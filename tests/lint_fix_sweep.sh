#!/bin/sh
# `tfrun lint --fix` held to its contract (docs/execution.md §8, tfrun.md §9;
# docs/analysis.md §9), two ways.
#
# 1. Every golden program the lint accepts: --fix exits 0 or 1 (never a
#    crash), and its output verifies, round-trips through `tfrun opt` (which
#    reads ops of other dialects as the lint does), is its own fix, and
#    lints as the exit status said: clean after exit status 0; after 1,
#    with no warning but those that say no chain edge can order the pair.
# 2. Differential: each determinate golden program G (lint exit status 0,
#    no remark)
#    loses one chain edge at a time (tests/lint_mutate.c: an op takes the
#    chain its producer took, a few mutants per file), and the mutant M is
#    fixed to F. Besides (1) for F: M must lint as not determinate or F be
#    M itself; and when F is complete (exit status 0), F prints under the
#    exact schedule what G printed (stdout and exit status), since G's
#    orders and F's both follow the source; auto runs F fast and prints
#    the same.
# 3. Random programs (tests/gen_programs.py --print SEED: calls, loops,
#    regions, async bodies, prints off fresh and shared chains, variables,
#    kernels that fail): (1) for each, and a complete fix prints the same
#    under exact and auto (stdout, stderr, exit status).
# usage: tests/lint_fix_sweep.sh path/to/tfrun path/to/lint_mutate [MUTANTS [SEEDS]]
#   MUTANTS: at most this many mutants per program (3)
#   SEEDS: random programs from seeds 1..SEEDS (60; 0 without python3)
set -u
TFRUN=$1
MUTATE=$2
PER=${3:-3}
SEEDS=${4:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fixed=0 failed=0 mutants=0 warned=0 complete=0 partial=0

fail() { echo "$1"; failed=$((failed + 1)); }

# check_fix SRC LABEL: lint --fix SRC, then the invariants of (1); sets $st
# to its exit status (3: a failure already reported).
check_fix() {
  "$TFRUN" lint --fix "$1" -o "$tmp/fixed.mlir" > /dev/null 2> "$tmp/fix.err"
  st=$?
  if [ $st -gt 1 ]; then fail "lint --fix crashed or refused (status $st): $2"; sed 's/^/    /' "$tmp/fix.err" | head -5; st=3; return; fi
  if grep -q 'internal error' "$tmp/fix.err"; then fail "lint --fix could not apply its fix: $2"; sed 's/^/    /' "$tmp/fix.err" | head -10; st=3; return; fi
  if ! "$TFRUN" opt -allow-unregistered-dialect "$tmp/fixed.mlir" > "$tmp/a.mlir" 2> "$tmp/err.txt" ||
     ! "$TFRUN" opt -allow-unregistered-dialect "$tmp/a.mlir" > "$tmp/b.mlir" 2>> "$tmp/err.txt" ||
     ! cmp -s "$tmp/a.mlir" "$tmp/b.mlir"; then
    fail "does not verify or round-trip after --fix: $2"; sed 's/^/    /' "$tmp/err.txt" | head -10; st=3; return
  fi
  "$TFRUN" lint --fix "$tmp/fixed.mlir" -o "$tmp/refixed.mlir" > /dev/null 2> "$tmp/relint.txt"
  rst=$?
  if ! cmp -s "$tmp/fixed.mlir" "$tmp/refixed.mlir"; then
    fail "--fix is not its own fix: $2"; diff "$tmp/fixed.mlir" "$tmp/refixed.mlir" | sed 's/^/    /' | head -10; st=3; return
  fi
  if [ $rst -ne $st ]; then
    fail "--fix said $st, the fixed program lints $rst: $2"; sed 's/^/    /' "$tmp/relint.txt" | head -10; st=3; return
  fi
  nw=$(grep -c ': warning: ' "$tmp/relint.txt")
  nn=$(grep -c ': note: no chain edge can order' "$tmp/relint.txt")
  if [ "$nw" -ne "$nn" ]; then
    fail "the fixed program has warnings an edge could fix: $2"; grep -A8 ': warning: ' "$tmp/relint.txt" | sed 's/^/    /' | head -12; st=3
  fi
}

# exact FILE OUT: stdout and exit status of the exact schedule.
exact() {
  timeout 20 "$TFRUN" run --schedule=exact "$1" > "$2" 2> /dev/null < /dev/null
  echo $? >> "$2"
}

for f in $(find testdata examples -name '*.mlir' | sort); do
  "$TFRUN" lint "$f" > /dev/null 2> "$tmp/lint.txt"
  rc=$?
  if [ $rc -gt 2 ]; then fail "lint crashed (status $rc): $f"; continue; fi
  # (A program that does not parse or verify for a run has no fix.)
  [ $rc -le 1 ] && ! grep -q ': error: ' "$tmp/lint.txt" || continue
  "$TFRUN" opt -allow-unregistered-dialect "$f" > /dev/null 2>&1 || continue
  check_fix "$f" "$f"
  [ $st -le 1 ] && fixed=$((fixed + 1))
  # (Ops the analysis does not model, remarks, run exact under auto.)
  [ $rc -eq 0 ] && ! grep -q ': remark: ' "$tmp/lint.txt" || continue

  # 2. Mutants of a determinate program.
  n=$("$MUTATE" "$f")
  [ "$n" -gt 0 ] 2>/dev/null || continue
  exact "$f" "$tmp/g.out"
  picks=$(awk -v n="$n" -v per="$PER" 'BEGIN { for (i = 0; i < per && i < n; i++) print int(i * n / (per < n ? per : n)) }' | sort -un)
  for k in $picks; do
    "$MUTATE" "$f" "$k" > "$tmp/m.mlir" || { fail "lint_mutate failed: $f #$k"; continue; }
    "$TFRUN" opt -allow-unregistered-dialect "$tmp/m.mlir" > /dev/null 2>&1 || continue
    mutants=$((mutants + 1))
    label="$f (mutant $k)"
    check_fix "$tmp/m.mlir" "$label"
    [ $st -gt 1 ] && continue
    cp "$tmp/fixed.mlir" "$tmp/f.mlir"
    "$TFRUN" lint "$tmp/m.mlir" > /dev/null 2>&1
    mst=$?
    if [ $mst -eq 0 ] && ! cmp -s "$tmp/m.mlir" "$tmp/f.mlir"; then
      fail "--fix changed a determinate program: $label"; continue
    fi
    [ $mst -eq 0 ] || warned=$((warned + 1))
    if [ $st -ne 0 ]; then partial=$((partial + 1)); continue; fi
    complete=$((complete + 1))
    exact "$tmp/f.mlir" "$tmp/f.out"
    if ! cmp -s "$tmp/g.out" "$tmp/f.out"; then
      fail "the fixed mutant prints under exact what the original did not: $label"
      diff "$tmp/g.out" "$tmp/f.out" | sed 's/^/    /' | head -10; continue
    fi
    timeout 20 "$TFRUN" run --verbose "$tmp/f.mlir" > "$tmp/a.out" 2> "$tmp/a.err" < /dev/null
    echo $? >> "$tmp/a.out"
    if grep -q 'Choosing exact schedule' "$tmp/a.err"; then
      fail "auto runs the complete fix exact: $label"; grep 'Choosing' "$tmp/a.err" | sed 's/^/    /'; continue
    fi
    if ! cmp -s "$tmp/f.out" "$tmp/a.out"; then
      fail "auto and exact print differently after --fix: $label"; diff "$tmp/f.out" "$tmp/a.out" | sed 's/^/    /' | head -10
    fi
  done
done
# 3. Random programs.
generated=0 gcomplete=0
command -v python3 > /dev/null 2>&1 || SEEDS=0
seed=1
while [ "$seed" -le "$SEEDS" ]; do
  label="random program $seed (tests/gen_programs.py --print $seed)"
  python3 tests/gen_programs.py --print "$seed" > "$tmp/r.mlir" 2> /dev/null || { fail "gen_programs failed: $label"; seed=$((seed + 1)); continue; }
  seed=$((seed + 1))
  generated=$((generated + 1))
  check_fix "$tmp/r.mlir" "$label"
  [ $st -eq 0 ] || continue
  gcomplete=$((gcomplete + 1))
  cp "$tmp/fixed.mlir" "$tmp/f.mlir"
  timeout 20 "$TFRUN" run --schedule=exact "$tmp/f.mlir" > "$tmp/x.out" 2> "$tmp/x.err" < /dev/null
  echo $? >> "$tmp/x.out"
  timeout 20 "$TFRUN" run "$tmp/f.mlir" > "$tmp/a.out" 2> "$tmp/a.err" < /dev/null
  echo $? >> "$tmp/a.out"
  if ! cmp -s "$tmp/x.out" "$tmp/a.out" || ! cmp -s "$tmp/x.err" "$tmp/a.err"; then
    fail "auto and exact print differently after --fix: $label"
    diff "$tmp/x.out" "$tmp/a.out" | sed 's/^/    /' | head -10
  fi
done
echo "lint --fix sweep: $fixed programs, $mutants mutants ($warned not determinate; $complete fixed completely, $partial in part), $generated random programs ($gcomplete fixed completely), $failed failed"
[ $failed -eq 0 ] && [ $fixed -gt 0 ] && [ $complete -gt 0 ]
