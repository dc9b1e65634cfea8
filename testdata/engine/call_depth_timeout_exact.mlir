// --timeout during unbounded recursion (exact schedule, issue 15 item 3):
// with the depth limit out of the way, the timeout stops the request, no
// call starts after it, and the run ends at once with the timeout as the
// result (not when the watchdog forces an exit two seconds later, and not
// out of memory).
// ARGS: --schedule=exact --max-call-depth=1000000000 --timeout=0.3
// EXIT: 1

func.func @down(%x: i32) -> i32 {
  %r = tfrt.call @down(%x) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'main':
// CHECK-NEXT: 'main' returned <<error: Cancelled: timeout>>
// CHECK-NEXT: tfrun: Cancelled: timeout
// CHECK-EMPTY:
func.func @main() -> i32 {
  %c = tfrt.constant.i32 1
  %r = tfrt.call @down(%c) : (i32) -> i32
  tfrt.return %r : i32
}
