#!/bin/sh
# The memory ceiling (base/alloc.h; docs/tools.md §1): a run that outgrows
# it stops with `tfrun: out of memory (the limit is N MiB: --max-memory)`,
# exit status 1, what it printed before kept; the same work within the
# ceiling is untouched. TFRT's fizzbuzz loop at 3*10^5 iterations keeps
# every iteration pending under the exact schedule (about 100 MB) and runs
# in flat memory on the fast one. TFRUN_MAX_MEMORY sets the ceiling for
# every command, --max-memory for one run (it wins); bad sizes are usage
# errors; without either, the ceiling is three quarters of the machine's
# memory (or of the cgroup's limit when lower), read here from
# /proc/PID/limits of a running REPL. A matrix product under a low
# ceiling does not wait for OpenBLAS's buffer for ever, and what `tfrun
# test` runs for a RUN line is not held to the ceiling. Not in sanitizer
# builds (their shadow mappings would count; the ceiling is off there).
# usage: tests/memory_limit.sh path/to/tfrun
set -u
TFRUN=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }

sed 's/1000000/300000/' bench/tfrt_fizzbuzz.mlir > "$tmp/fb.mlir"
want_ret="'main' returned 100000,50000,50000"

# expect NAME STATUS STDERR-LINE(exact, or '') STDOUT-MUST-CONTAIN -- COMMAND...
expect() {
  name=$1 st=$2 err=$3 out=$4; shift 5
  "$@" > "$tmp/out" 2> "$tmp/err"
  got=$?
  if [ "$got" -ne "$st" ]; then bad "$name: exit $got, want $st"; sed 's/^/    /' "$tmp/err" | head -5; return; fi
  if [ -n "$err" ] && [ "$(cat "$tmp/err")" != "$err" ]; then
    bad "$name: stderr is"; sed 's/^/    /' "$tmp/err" | head -5; return
  fi
  if [ -n "$out" ] && ! grep -qF -- "$out" "$tmp/out"; then bad "$name: stdout lacks '$out'"; return; fi
  ok
}

oom64="tfrun: out of memory (the limit is 64 MiB: --max-memory)"
expect "exact over 64M" 1 "$oom64" "--- Running 'main':" -- \
  "$TFRUN" run --schedule=exact --max-memory=64M "$tmp/fb.mlir"
expect "fast within 64M" 0 "" "$want_ret" -- \
  "$TFRUN" run --schedule=fast --max-memory=64M "$tmp/fb.mlir"
expect "exact within 1G" 0 "" "$want_ret" -- \
  "$TFRUN" run --schedule=exact --max-memory=1G "$tmp/fb.mlir"
expect "TFRUN_MAX_MEMORY" 1 "$oom64" "" -- \
  env TFRUN_MAX_MEMORY=64m "$TFRUN" run --schedule=exact "$tmp/fb.mlir"
expect "--max-memory wins" 0 "" "$want_ret" -- \
  env TFRUN_MAX_MEMORY=64M "$TFRUN" run --schedule=exact --max-memory=none "$tmp/fb.mlir"
expect "verbose" 0 "" "" -- "$TFRUN" run --verbose --max-memory=96M examples/hello.mlir
grep -qx "Choosing a memory ceiling of 96 MiB." "$tmp/err" && ok || bad "verbose: no ceiling line"
expect "too small" 2 "" "" -- "$TFRUN" run --max-memory=1000 examples/hello.mlir
grep -q "invalid memory size '1000' (want at least 64M" "$tmp/err" && ok || bad "too small: message"
expect "bad suffix" 2 "" "" -- "$TFRUN" run --max-memory=5X examples/hello.mlir
expect "bad env" 2 "tfrun: invalid TFRUN_MAX_MEMORY '1e9' (want a size of at least 64M, such as 512M or 8G, or none)" "" -- \
  env TFRUN_MAX_MEMORY=1e9 "$TFRUN" opt examples/hello.mlir

# A matrix product under a ceiling too low for OpenBLAS's 128 MiB working
# buffer (which would wait for memory for ever) runs on tfrun's own loop:
# the same output, no hang (kernels/gemm.c).
args="--init-function=register_op_handlers_cpu testdata/corert/cpu_ops.mlir"
"$TFRUN" run $args > "$tmp/blas_hi" 2>&1
timeout 60 "$TFRUN" run --max-memory=100M $args > "$tmp/blas_lo" 2>&1
st=$?
if [ $st -eq 0 ] && cmp -s "$tmp/blas_hi" "$tmp/blas_lo"; then ok; else bad "matmul under 100M: exit $st, or other output"; fi

# The ceiling is tfrun's: what `tfrun test` starts for a RUN line (a
# shell, FileCheck, python) gets the hard limit back.
hard=$(ulimit -H -d)
printf '// RUN: sh -c "ulimit -d" | FileCheck %%s\n// CHECK: {{^}}%s{{$}}\n' "$hard" > "$tmp/child.mlir"
if env TFRUN_MAX_MEMORY=64M "$TFRUN" test "$tmp/child.mlir" > "$tmp/out" 2>&1; then ok; else
  bad "a RUN line's child kept the ceiling"; sed 's/^/    /' "$tmp/out" | head -8
fi

# The default: 3/4 of MemTotal, or of the cgroup's limit when lower, in
# the soft RLIMIT_DATA of a running tfrun.
kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
mem=$((kb * 1024))
for f in /sys/fs/cgroup/memory.max /sys/fs/cgroup/memory/memory.limit_in_bytes; do
  if [ -r "$f" ]; then
    c=$(head -1 "$f")
    case $c in
      ''|*[!0-9]*) ;;    # "max": none
      *) if [ "${#c}" -lt 19 ] && [ "$c" -lt "$mem" ]; then mem=$c; fi ;;
    esac
    break
  fi
done
want=$((mem / 4 * 3))
sleep 3 | env -u TFRUN_MAX_MEMORY "$TFRUN" repl > /dev/null 2>&1 &
pid=$!
sleep 1
got=$(awk '/^Max data size/ { print $4 }' "/proc/$pid/limits" 2>/dev/null)
wait
if [ "$got" = "$want" ]; then ok; else bad "default ceiling: $got bytes, want $want"; fi

# The default never raises a lower soft limit the user set.
st=$( (ulimit -S -d 65536; "$TFRUN" run --schedule=exact "$tmp/fb.mlir" > /dev/null 2> "$tmp/err"; echo $?) )
if [ "$st" = 1 ] && grep -qx "tfrun: out of memory (the limit is 64 MiB: --max-memory)" "$tmp/err"; then ok; else
  bad "ulimit -d 64M: exit $st"; sed 's/^/    /' "$tmp/err" | head -3
fi

echo "memory limit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
