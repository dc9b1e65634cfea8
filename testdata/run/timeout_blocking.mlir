// --timeout reaches a kernel that blocks: tfrt_test.blocking.usleep waits on
// the request's cancellation instead of sleeping blind (rq_sleep), so a
// 100-second sleep ends at the timeout; it prints nothing, and its chain is
// the cancellation's error. Before, the run went on until the watchdog's
// forced exit two seconds later, with no 'returned' line.
// ARGS: --timeout=0.3
// EXIT: 1

// CHECK:      --- Running 'blocking':
// CHECK-NEXT: 'blocking' returned <<error: Cancelled: timeout>>
// CHECK-NEXT: tfrun: Cancelled: timeout
// CHECK-NOT: Slept for
// CHECK-NOT: --- Running 'after'
func.func @blocking() -> !tfrt.chain {
  %t = tfrt.constant.i32 100000000
  %ch = "tfrt_test.blocking.usleep"(%t) : (i32) -> !tfrt.chain
  tfrt.return %ch : !tfrt.chain
}
func.func @after() {
  tfrt.return
}
