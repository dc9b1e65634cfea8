#!/bin/sh
# A run stopped by a signal (cli/run.c's watchdog; docs/tools.md §1.1):
# SIGINT, SIGTERM or SIGHUP stops the request as --timeout does, and the
# run ends on its own: the function's result line shows the cancellation,
# --profile's table and --trace's file are written, stderr ends with
# `tfrun: Cancelled: interrupted` (terminated, hangup) and the exit status
# is a death by that signal's (130, 143, 129). A signal while the program
# is still being read ends the process at once, with the same line. A run stuck outside the kernels (a value that never
# resolves) still ends 2 s after the signal, and a second signal ends it
# at once, with the same line and status. A signal tfrun was started
# ignoring (nohup's SIGHUP) stays ignored.
# usage: tests/interrupt.sh path/to/tfrun
set -u
TFRUN=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0 passed=0
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL: $*"; failed=$((failed + 1)); }

# A print, then a pure loop far too long to finish (chained after the
# print, so that the print runs first under every schedule).
cat > "$tmp/long.mlir" <<'EOF'
func.func @main() -> i32 {
  %c0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %c1 = tfrt.print.i32 %one, %c0
  %n0 = tfrt.constant.i32 2000000000
  %n = "tfrt_test.identity"(%c1, %n0) : (!tfrt.chain, i32) -> i32
  %z = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %z : i32 {
    %k = tfrt.constant.i32 1
    %z2 = tfrt.add.i32 %z, %k
    %z3 = tfrt.add.i32 %z2, %k
    tfrt.return %z3 : i32
  }
  tfrt.return %r : i32
}
EOF

# start ARGS...: runs tfrun in the background (its pid in $pid) and waits
# until it is running the function (or 20 s).
start() {
  rm -f "$tmp/out" "$tmp/err"
  # (a shell starts what it runs in the background with SIGINT ignored,
  # and this script may run under nohup: tfrun keeps ignoring what it was
  # started ignoring, so the three are set back to the default here)
  env --default-signal=INT,TERM,HUP "$TFRUN" "$@" > "$tmp/out" 2> "$tmp/err" &
  pid=$!
  i=0
  while [ $i -lt 200 ] && kill -0 "$pid" 2>/dev/null && ! grep -q "int32 = 1" "$tmp/out" 2>/dev/null; do
    sleep 0.1; i=$((i + 1))
  done
  sleep 0.2
}

# check NAME SIGNAL STATUS MESSAGE
check() {
  kill -"$2" "$pid" 2>/dev/null
  wait "$pid"
  st=$?
  [ "$st" -eq "$3" ] && ok || bad "$1: exit status $st, want $3"
  grep -qx "'main' returned <<error: $4>>" "$tmp/out" && ok || { bad "$1: no result line"; sed 's/^/    /' "$tmp/out" | head -5; }
  [ "$(tail -1 "$tmp/err")" = "tfrun: $4" ] && ok || { bad "$1: stderr ends"; tail -3 "$tmp/err" | sed 's/^/    /'; }
  grep -qx "int32 = 1" "$tmp/out" && ok || bad "$1: the print before is lost"
}

for sched in exact fast; do
  start --schedule=$sched "$tmp/long.mlir"
  check "SIGINT, $sched" INT 130 "Cancelled: interrupted"
done
start "$tmp/long.mlir"
check "SIGTERM" TERM 143 "Cancelled: terminated"
start "$tmp/long.mlir"
check "SIGHUP" HUP 129 "Cancelled: hangup"

# The profile and the trace of what ran.
start --schedule=exact --profile --trace="$tmp/t.json" "$tmp/long.mlir"
check "SIGINT with --profile" INT 130 "Cancelled: interrupted"
grep -q "^--- Profile: " "$tmp/err" && grep -q "^  tfrt.add.i32 " "$tmp/err" && ok || bad "no profile table"
python3 -c "import json, sys; d = json.load(open(sys.argv[1])); assert d['traceEvents']" "$tmp/t.json" 2>/dev/null && ok ||
  bad "no trace file"

# A value that never resolves and a sleep that ignores nothing: the
# function waits outside the kernels; a second signal ends the run at once.
cat > "$tmp/stuck.mlir" <<'EOF'
func.func @main() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %c1 = tfrt.print.i32 %one, %c0
  %n = tfrt.constant.i32 2000000000
  %r = tfrt.repeat.i32 %n, %c1 : !tfrt.chain {
    %u = tfrt.constant.i32 1000
    %c2 = "tfrt_test.blocking.usleep"(%u, %c1) : (i32, !tfrt.chain) -> !tfrt.chain
    tfrt.return %c2 : !tfrt.chain
  }
  tfrt.return %r : !tfrt.chain
}
EOF
start --schedule=exact "$tmp/stuck.mlir"
kill -INT "$pid"
sleep 0.3
t0=$(date +%s)
kill -INT "$pid" 2>/dev/null
wait "$pid"
st=$?
[ "$st" -eq 130 ] && ok || bad "second SIGINT: exit status $st, want 130"
[ $(( $(date +%s) - t0 )) -le 1 ] && ok || bad "second SIGINT: did not end at once"

# While reading the program from a pipe that stays open: at once.
mkfifo "$tmp/fifo"
sleep 8 > "$tmp/fifo" &
writer=$!
env --default-signal=INT "$TFRUN" - < "$tmp/fifo" > "$tmp/out" 2> "$tmp/err" &
pid=$!
sleep 0.5
t0=$(date +%s)
kill -INT "$pid"
wait "$pid"
st=$?
[ "$st" -eq 130 ] && ok || bad "SIGINT while reading: exit status $st"
[ $(( $(date +%s) - t0 )) -le 1 ] && ok || bad "SIGINT while reading: did not end at once"
[ "$(cat "$tmp/err")" = "tfrun: Cancelled: interrupted" ] && ok || bad "SIGINT while reading: stderr"
kill "$writer" 2>/dev/null
wait "$writer" 2>/dev/null

# nohup: SIGHUP ignored, the run goes on (then SIGTERM ends it).
rm -f "$tmp/out" "$tmp/err"
nohup "$TFRUN" "$tmp/long.mlir" > "$tmp/out" 2> "$tmp/err" &
pid=$!
i=0
while [ $i -lt 200 ] && ! grep -q "int32 = 1" "$tmp/out" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
kill -HUP "$pid"
sleep 0.5
kill -0 "$pid" 2>/dev/null && ok || bad "nohup: SIGHUP ended the run"
check "SIGTERM after an ignored SIGHUP" TERM 143 "Cancelled: terminated"

echo "interrupt: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
