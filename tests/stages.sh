#!/bin/sh
# tests/stages.sh STAGE... — `make test`'s runner: each STAGE is a make
# target, run in turn with its output in build/test-logs/STAGE.log. One line
# per stage: its name, ok or FAILED, its time and the stage's own last line
# (its summary); a failed stage shows the end of its log. Every stage runs
# even after one fails, so one run shows every failure. With V=1 the output
# of each stage is shown as it runs. The last line counts the stages:
# `make test: N passed, N failed`; the exit status is 1 if any failed.
set -u
make=${MAKE:-make}
logs=build/test-logs
mkdir -p "$logs"
passed=0 failed=0 failed_names=""
for stage in "$@"; do
    log=$logs/$stage.log
    start=$(date +%s)
    if [ -n "${V:-}" ]; then
        echo "== $stage"
        { $make --no-print-directory "$stage" 2>&1; echo $? >"$log.rc"; } | tee "$log"
        rc=$(cat "$log.rc")
    else
        $make --no-print-directory "$stage" >"$log" 2>&1
        rc=$?
    fi
    rm -f "$log.rc"
    secs=$(( $(date +%s) - start ))
    last=$(grep -v '^[[:space:]]*$' "$log" | tail -1 | cut -c1-90)
    if [ "$rc" -eq 0 ]; then
        passed=$((passed + 1))
        printf '%-18s ok     %4ss  %s\n' "$stage" "$secs" "$last"
    else
        failed=$((failed + 1))
        failed_names="$failed_names $stage"
        printf '%-18s FAILED %4ss  (exit %s; the end of %s:)\n' "$stage" "$secs" "$rc" "$log"
        [ -n "${V:-}" ] || tail -40 "$log" | sed 's/^/    /'
    fi
done
[ "$failed" -eq 0 ] || echo "failed stages:$failed_names"
echo "make test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
