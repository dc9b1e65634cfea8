#!/bin/sh
# tests/shim/selftest.sh CC CFLAGS... — builds tests/shim/selftest.c against the
# Criterion shim and checks every verdict (part of `make tsan`): the runner
# must fail what should fail, or the whole TSan unit run proves nothing.
set -u
out=${SHIM_SELFTEST_OUT:-build/shim_selftest}
mkdir -p "$(dirname "$out")"
"$@" -Itests/shim -o "$out" tests/shim/selftest.c tests/shim/shim.c -pthread || exit 1
log=$("$out" --jobs=2 --verbose 2>&1)
bad=0
check() {   # check VERDICT-TAG NAME-PREFIX
    if printf '%s\n' "$log" | grep "^\[$1\] " | grep -v "^\[$1\] [a-z]*::$2" | grep .; then
        echo "shim selftest: the lines above should not be $1"; bad=1
    fi
}
check PASS pass_; check FAIL 'fail_\|pass_and_fail'; check SKIP skip_
want='[====] Synthesis: Tested: 20 | Passing: 8 | Failing: 10 | Crashing: 2 | Skipped: 1 '
if ! printf '%s\n' "$log" | grep -qxF "$want"; then
    printf '%s\n' "$log" | grep Synthesis; echo "shim selftest: expected $want"; bad=1
fi
[ $bad = 0 ] && echo "shim selftest: ok" || { printf '%s\n' "$log"; exit 1; }
