#!/bin/sh
# tests/tsan_sweep.sh TFRUN REPORTDIR — part of `make tsan`.
#
# The golden suite runs each program with its own ARGS, so most programs run on
# the single-threaded queue and TSan never sees them race. This runs every
# run-mode golden program (testdata/, examples/) once more with
# --work-queue=mstd:2 in place of its own queue option, output discarded, and
# fails if TSan wrote a report (TSAN_OPTIONS=log_path into REPORTDIR), a program
# crashed or it ran out of time. Programs whose ARGS are deliberately invalid
# or which test the queue option itself are left out.
set -u
exe=$1 rep=$2
rm -rf "$rep" && mkdir -p "$rep" || exit 1
export TSAN_OPTIONS="log_path=$rep/report"
n=0 bad=0
for f in $(find testdata examples -name '*.mlir' | sort); do
    grep -q -e '^// MODE:' -e '^// SKIP:' "$f" && continue
    args=$(sed -n 's|^// ARGS:||p' "$f" | tr '\n' ' ')
    case "$args" in *no-such-option*|*--help*|*bogus*|*mstd:x*|*--timeout*) continue;; esac
    args=$(printf ' %s ' "$args" | sed -E 's/ -+(work-queue|work_queue_type)[= ][^ ]+/ /g')
    before=$(ls "$rep" | wc -l)
    eval "timeout 300 \"\$exe\" run $args --work-queue=mstd:2 \"\$f\"" >/dev/null 2>&1 </dev/null
    rc=$?
    n=$((n + 1))
    if [ "$(ls "$rep" | wc -l)" != "$before" ]; then
        echo "tsan sweep: TSan report from $f (ARGS:$args--work-queue=mstd:2)"; bad=$((bad + 1))
    elif [ $rc -eq 124 ] || [ $rc -ge 128 ]; then
        echo "tsan sweep: $f ended with status $rc under --work-queue=mstd:2"; bad=$((bad + 1))
    fi
done
[ $bad = 0 ] || cat "$rep"/* 2>/dev/null
echo "tsan sweep: $n programs under --work-queue=mstd:2, $bad failed"
[ $bad = 0 ]
