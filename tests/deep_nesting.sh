#!/bin/sh
# Deep nesting never crashes (issue: a stack overflow in the verifier).
# IR_MAX_NESTING (ir/ir.h) regions deep, every command runs within a 1 MB C
# stack; one level more is a located `regions nested too deeply`, exit 1. The
# deepest attribute the parser accepts prints within 1 MB too; deeper input
# is `input nested too deeply`. The REPL survives loading such a file.
# Values nested 10^6 deep (a list holding a list holding a list ..., a
# buffer sliced from a slice of a slice ...) are freed within a 1 MB stack
# too, under every schedule and queue (interp/any.c: destruction through a
# worklist, issue 25).
# usage: tests/deep_nesting.sh path/to/tfrun
set -u
TFRUN=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
max=$(sed -n 's/^#define IR_MAX_NESTING \([0-9]*\).*/\1/p' ir/ir.h)
ifs() {  # $1 levels of tfrt.if, each region passing the condition on
  awk -v n="$1" 'BEGIN {
    print "func.func @f() {"; print "  %c = tfrt.constant.i1 1"
    for (i = 0; i < n; i++) print "tfrt.if %c, %c : (i1) -> () {"
    print "tfrt.return"
    for (i = 0; i < n; i++) { print "}"; print "tfrt.return" }
    print "}" }'
}
generic() {  # $1 levels of an unregistered op with a region
  awk -v n="$1" 'BEGIN {
    print "func.func @f() {"
    for (i = 0; i < n; i++) print "\"x.op\"() ({"
    for (i = 0; i < n; i++) print "}) : () -> ()"
    print "tfrt.return"; print "}" }'
}
arrays() {  # an attribute $1 arrays deep
  awk -v n="$1" 'BEGIN {
    s = ""; for (i = 0; i < n; i++) s = s "["; s = s "1"; for (i = 0; i < n; i++) s = s "]"
    print "func.func @f() {"
    print "  %x = \"tfrt_test.get_string\"() {value = \"a\", deep = " s "} : () -> !tfrt.string"
    print "  tfrt.return"; print "}" }'
}
# expect STATUS GREP-TEXT-OR-EMPTY COMMAND... : run with a 1 MB stack.
expect() {
  want=$1 text=$2; shift 2
  ( ulimit -s 1024; "$@" > "$tmp/out" 2>&1 < /dev/null ); rc=$?
  if [ $rc -ne "$want" ] || { [ -n "$text" ] && ! grep -q "$text" "$tmp/out"; }; then
    echo "FAIL (status $rc, wanted $want${text:+ and '$text'}): $*"; head -c 300 "$tmp/out"; echo
    failed=$((failed + 1))
  fi
}
ifs "$max" > "$tmp/ok.mlir"
ifs $((max + 1)) > "$tmp/deep.mlir"
generic $((max + 1)) > "$tmp/gdeep.mlir"
for cmd in "opt" "run --schedule=exact" "run --schedule=fast" "run --work-queue=mstd:2" "lint"; do
  expect 0 "" "$TFRUN" $cmd "$tmp/ok.mlir"
  expect 1 "regions nested too deeply" "$TFRUN" $cmd "$tmp/deep.mlir"
done
expect 1 "regions nested too deeply" "$TFRUN" opt -allow-unregistered-dialect "$tmp/gdeep.mlir"
printf ':load %s\n:list\n' "$tmp/deep.mlir" > "$tmp/session"
expect 0 "regions nested too deeply" sh -c "'$TFRUN' repl < '$tmp/session'"
arrays 6000 > "$tmp/arr.mlir"
arrays 20000 > "$tmp/arrdeep.mlir"
expect 0 "" "$TFRUN" opt "$tmp/arr.mlir"
expect 1 "input nested too deeply" "$TFRUN" opt "$tmp/arrdeep.mlir"
# nested N: a list nested N deep, and a chain of N buffer slices.
nested() {
  cat <<EOF
func.func @lists() -> !tfrt.chain {
  %n = tfrt.constant.i32 $1
  %l0 = "list.new"() : () -> !tfrt.list
  %ch0 = tfrt.new.chain
  %r:2 = tfrt.repeat.i32 %n, %l0, %ch0 : !tfrt.list, !tfrt.chain {
    %l = "list.new"() : () -> !tfrt.list
    %ch1 = "list.append"(%l, %l0, %ch0) : (!tfrt.list, !tfrt.list, !tfrt.chain) -> !tfrt.chain
    tfrt.return %l, %ch1 : !tfrt.list, !tfrt.chain
  }
  tfrt.return %r#1 : !tfrt.chain
}
func.func @slices() -> i64 {
  %n = tfrt.constant.i32 $1
  %size = tfrt.constant.i64 64
  %align = tfrt.constant.i64 8
  %zero = tfrt.constant.i64 0
  %b0 = "tfrt_dht.allocate_buffer"(%size, %align) : (i64, i64) -> !ht.host_buffer
  %r:3 = tfrt.repeat.i32 %n, %b0, %zero, %size : !ht.host_buffer, i64, i64 {
    %s = "tfrt_dht.get_buffer_slice"(%b0, %zero, %size) : (!ht.host_buffer, i64, i64) -> !ht.host_buffer
    tfrt.return %s, %zero, %size : !ht.host_buffer, i64, i64
  }
  tfrt.return %r#2 : i64
}
EOF
}
nested 1000000 > "$tmp/values.mlir"
for cmd in "run --schedule=exact" "run --schedule=fast" "run --work-queue=mstd:2" \
           "run --schedule=fast --work-queue=mstd:2"; do
  expect 0 "'slices' returned 64" "$TFRUN" $cmd "$tmp/values.mlir"
done
echo "deep nesting: $failed failed"
[ $failed -eq 0 ]
