// docs/execution.md §6.7, third worked example (TFRT's async test
// async_add): k1 and k3 run inline, k2 becomes a task, the do.async body is
// enqueued, and its completion lets k7 print 43.
// ARGS: --work-queue=s
func.func @async_add() {
  %ch0 = tfrt.new.chain
  %x = tfrt.constant.i32 42
  %c1 = tfrt.constant.i32 1
  %ch1 = tfrt.print.i32 %x, %ch0
  %y = tfrt_test.do.async %x, %c1 : (i32, i32) -> (i32) {
    %y_res = tfrt.add.i32 %x, %c1
    tfrt.return %y_res : i32
  }
  %ch2 = tfrt.print.i32 %x, %ch1
  %ch3 = tfrt.print.i32 %y, %ch2
  tfrt.return
}
// CHECK:      --- Running 'async_add':
// CHECK-NEXT: int32 = 42
// CHECK-NEXT: int32 = 42
// CHECK-NEXT: int32 = 43
// CHECK-NOT: {{.}}
