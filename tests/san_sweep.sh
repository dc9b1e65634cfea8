#!/bin/sh
# tests/san_sweep.sh TFRUN REPORTDIR SANITIZER QUEUE SCHEDULE...
# Part of `make asan` and `make tsan`.
#
# The golden suite runs each program with its own ARGS, so most programs run
# on the single-threaded queue under the schedule auto picks. This runs every
# run-mode golden program (testdata/, examples/) once more per SCHEDULE, on
# QUEUE (e.g. mstd:2, or "own" to keep the program's own queue option),
# output discarded, and fails if the sanitizer wrote a report
# (SANITIZER=asan|tsan sets its options' log_path into REPORTDIR), a program
# crashed or it ran out of time. Programs whose ARGS are deliberately invalid
# or which test the options themselves are left out, and so are lit-style
# files (RUN: lines), which are not run-mode programs.
set -u
exe=$1 rep=$2 san=$3 queue=$4
shift 4
rm -rf "$rep" && mkdir -p "$rep" || exit 1
case "$san" in
    tsan) export TSAN_OPTIONS="log_path=$rep/report second_deadlock_stack=1" ;;
    asan) export ASAN_OPTIONS="detect_leaks=1:log_path=$rep/report"
          export UBSAN_OPTIONS="abort_on_error=1"
          export LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0" ;;
    *) echo "san_sweep: unknown sanitizer '$san'" >&2; exit 2 ;;
esac
n=0 bad=0
for sched in "$@"; do
    for f in $(find testdata examples -name '*.mlir' | sort); do
        # lit-style files run by their RUN lines (testdata/lint's programs
        # race on purpose: they are what the lint warns about).
        grep -q -e '^// MODE:' -e '^// SKIP:' -e '^// RUN:' "$f" && continue
        args=$(sed -n 's|^// ARGS:||p' "$f" | tr '\n' ' ')
        case "$args" in *no-such-option*|*--help*|*bogus*|*mstd:x*|*--timeout*) continue;; esac
        args=$(printf ' %s ' "$args" | sed -E 's/ -+schedule[= ][^ ]+/ /g')
        q=
        if [ "$queue" != own ]; then
            args=$(printf ' %s ' "$args" | sed -E 's/ -+(work-queue|work_queue_type)[= ][^ ]+/ /g')
            q="--work-queue=$queue"
        fi
        before=$(ls "$rep" | wc -l)
        eval "timeout 300 \"\$exe\" run $args $q --schedule=$sched \"\$f\"" >/dev/null 2>&1 </dev/null
        rc=$?
        n=$((n + 1))
        if [ "$(ls "$rep" | wc -l)" != "$before" ]; then
            echo "$san sweep: report from $f ($args $q --schedule=$sched)"; bad=$((bad + 1))
        elif [ $rc -eq 124 ] || [ $rc -ge 128 ]; then
            echo "$san sweep: $f ended with status $rc ($args $q --schedule=$sched)"; bad=$((bad + 1))
        fi
    done
done
[ $bad = 0 ] || cat "$rep"/* 2>/dev/null
echo "$san sweep: $n runs (queue $queue; schedules $*), $bad failed"
[ $bad = 0 ]
