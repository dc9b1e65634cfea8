#!/bin/sh
# tests/engine_agree.sh TFRUN — part of `make test` (docs/execution.md §7).
#
# The contract of --schedule=auto: for every program it runs fast, stdout and
# stderr are byte for byte what --schedule=exact prints; programs whose
# effects nothing orders keep their exact output. So every run-mode golden
# program (testdata/, examples/) runs under exact and under auto, and the two
# outputs (stdout, stderr, exit status) must be identical. Programs whose ARGS
# ask for --schedule=fast (testdata/engine/) are written to be determinate:
# exact and fast must agree on them too. Every program also runs under fast
# and must end normally (no crash, no time-out), whatever it prints. And
# every program runs under exact twice, on the cheaper exact engine
# (interp/xe.c, the default) and with TFRUN_EXACT_ENGINE=reference
# (interp/exec.c): the two must be identical (docs/engine.md "The exact
# engine"), on TFRT_CORPUS's files too.
#
# What differs between two exact runs is masked on both sides: the time stamp
# and thread id of TFRT_LOG lines, buffer addresses, benchmark timings; and
# --verbose's lines saying which schedule and work queue were chosen.
# Programs on the multi-threaded queue are left out (their order is not
# deterministic under either schedule). Every program auto runs fast
# (determinate) also runs under auto twice on --work-queue=mstd:8 and once
# on mstd:2, and must print what exact prints on one thread. With
# TFRT_CORPUS=DIR, TFRT's test files that tfrun runs are compared too (see
# below). auto chooses per function
# (docs/analysis.md §8): fast, exact, or exact until the ops of the function's
# unordered pairs are done and then fast; the last line counts each kind.
set -u
exe=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mask() {
    sed -E -e 's/^([IWEF]) [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:.]+ [0-9]+ /\1 TIME TID /' \
           -e 's/pointer=0x[0-9a-f]+/pointer=P/g' \
           -e 's/^(BM:[^:]*:[^:]*): [-+.e0-9]+$/\1: N/' \
           -e '/^Choosing (exact|fast) schedule/d' -e '/^Choosing .* work queue\.$/d' \
           -e '/^Choosing the schedule per function/d' -e "/^  '[^']*': (fast|exact)/d" \
           -e "/^'[^']*' (went on fast|ran exact to the end)/d" "$1"
}
# run NAME SCHEDULE FILE ARGS [ENGINE]: outputs in $tmp/NAME.{out,err,rc};
# ENGINE is TFRUN_EXACT_ENGINE's value (default: the cheaper exact engine).
run() {
    eval "TFRUN_EXACT_ENGINE=\"\${5:-}\" timeout 120 \"\$exe\" run $4 --schedule=$2 \"\$3\"" \
        >"$tmp/$1.out" 2>"$tmp/$1.err" </dev/null
    echo $? >"$tmp/$1.rc"
    mask "$tmp/$1.out" >"$tmp/$1.mout"
    mask "$tmp/$1.err" >"$tmp/$1.merr"
}
same() {
    cmp -s "$tmp/$1.mout" "$tmp/$2.mout" && cmp -s "$tmp/$1.merr" "$tmp/$2.merr" &&
        cmp -s "$tmp/$1.rc" "$tmp/$2.rc"
}
show() {
    echo "  --- $1 (exit $(cat "$tmp/$1.rc")) vs $2 (exit $(cat "$tmp/$2.rc")):"
    diff "$tmp/$1.mout" "$tmp/$2.mout" | sed 's/^/  out /' | head -10
    diff "$tmp/$1.merr" "$tmp/$2.merr" | sed 's/^/  err /' | head -10
}
n=0 fast=0 bad=0 mixed=0 ffast=0 fswitch=0 fexact=0 fwent=0
for f in $(find testdata examples -name '*.mlir' | sort); do
    grep -q -e '^// MODE:' -e '^// SKIP:' "$f" && continue
    args=$(sed -n 's|^// ARGS:||p' "$f" | tr '\n' ' ')
    case "$args" in *mstd*|*--help*|*--timeout*) continue;; esac
    forced=no
    case "$args" in *--schedule=fast*) forced=yes;; esac
    args=$(printf ' %s ' "$args" | sed -E 's/ -+schedule[= ][^ ]+/ /g')
    n=$((n + 1))
    run exact exact "$f" "$args"
    # The exact schedule's two engines (docs/engine.md "The exact engine"):
    # interp/xe.c, the default, and interp/exec.c, the reference, print the
    # same, kernel for kernel (masked as above: time stamps, addresses).
    run exactref exact "$f" "$args" reference
    if ! same exact exactref; then
        echo "engine agreement: $f: exact differs between the engines (TFRUN_EXACT_ENGINE=reference)"
        show exact exactref; bad=$((bad + 1))
    fi
    run auto auto "$f" "$args"
    if ! same exact auto; then
        echo "engine agreement: $f: auto differs from exact"; show exact auto; bad=$((bad + 1))
    fi
    verb=$(eval "\"\$exe\" run $args --schedule=auto --verbose \"\$f\"" 2>&1 >/dev/null </dev/null)
    if printf '%s\n' "$verb" | grep -q '^Choosing the schedule per function'; then
        mixed=$((mixed + 1))
        ffast=$((ffast + $(printf '%s\n' "$verb" | grep -c "^  '[^']*': fast")))
        fswitch=$((fswitch + $(printf '%s\n' "$verb" | grep -c "^  '[^']*': exact until")))
        fexact=$((fexact + $(printf '%s\n' "$verb" | grep -c "^  '[^']*': exact: ")))
        fwent=$((fwent + $(printf '%s\n' "$verb" | grep -c "^'[^']*' went on fast")))
    fi
    if printf '%s\n' "$verb" | grep -q '^Choosing fast schedule'; then
        fast=$((fast + 1))
        # Stress: a determinate program prints the same on eight workers,
        # run after run (issue 15's mstd:8 check).
        for k in 1 2 3; do
            q=mstd:8; [ $k = 3 ] && q=mstd:2
            run mstd8 auto "$f" "$args --work-queue=$q"
            if ! same exact mstd8; then
                echo "engine agreement: $f: auto on $q (run $k) differs from exact on s"
                show exact mstd8; bad=$((bad + 1)); break
            fi
        done
    fi
    run fast fast "$f" "$args"
    rc=$(cat "$tmp/fast.rc")
    if [ "$rc" -ge 124 ]; then
        echo "engine agreement: $f: --schedule=fast ended with status $rc"; bad=$((bad + 1))
    elif [ $forced = yes ] && ! same exact fast; then
        echo "engine agreement: $f: fast differs from exact (the program asks for fast)"
        show exact fast; bad=$((bad + 1))
    fi
done
# TFRT's own test files (TFRT_CORPUS=DIR, tests/tfrt-corpus/README.md): those
# that tfrun runs, on the single-threaded queue, with the driver options of
# their first bef_executor RUN line; exact and auto must agree there too.
corpus=0
if [ -n "${TFRT_CORPUS:-}" ] && [ -d "$TFRT_CORPUS" ]; then
    for f in $(find "$TFRT_CORPUS" -name '*.mlir' | sort); do
        grep -q 'bef_executor' "$f" || continue
        grep -q -e 'mstd' -e 'split-input-file' "$f" && continue
        args=$(sed -n 's/^\/\/ *RUN:.*bef_executor\([^|]*\).*/\1/p' "$f" | head -1 | sed 's/%s//g')
        run exact exact "$f" "$args"
        rc=$(cat "$tmp/exact.rc")
        [ "$rc" -ge 124 ] && continue
        grep -q -e 'unknown kernel name' -e 'error: custom op' "$tmp/exact.err" && continue
        corpus=$((corpus + 1))
        run exactref exact "$f" "$args" reference
        if ! same exact exactref; then
            echo "engine agreement: $f: exact differs between the engines (TFRUN_EXACT_ENGINE=reference)"
            show exact exactref; bad=$((bad + 1))
        fi
        run auto auto "$f" "$args"
        if ! same exact auto; then
            echo "engine agreement: $f: auto differs from exact"; show exact auto; bad=$((bad + 1))
        fi
    done
fi
[ $corpus = 0 ] || echo "engine agreement: $corpus files of TFRT_CORPUS run, exact and auto compared, exact on both engines"
echo "engine agreement: $n programs (exact on both exact engines, and auto), $fast of them fast under auto, $mixed with a schedule per function" \
     "(their functions: $ffast fast, $fswitch exact then fast of which $fwent went on fast, $fexact exact), $bad failed"
[ $bad = 0 ]
