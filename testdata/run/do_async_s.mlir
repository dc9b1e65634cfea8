// Same program as do_async_mstd.mlir, run on the single-threaded queue.
// tfrt_test.do.async under the multi-threaded queue: results are forwarding
// values bound when the body (run by a task) finishes.
// ARGS: --work-queue=s

// CHECK: --- Running 'nested':
// CHECK-NEXT: 'nested' returned 10,!tfrt.chain value
func.func @nested() -> (i32, !tfrt.chain) {
  %a = tfrt.constant.i32 3
  %b = tfrt.constant.i32 4
  %r:2 = tfrt_test.do.async %a, %b : (i32, i32) -> (i32, !tfrt.chain) {
    %s = tfrt.add.i32 %a, %b
    %t = tfrt_test.do.async %s, %a : (i32, i32) -> (i32) {
      %u = tfrt.add.i32 %s, %a
      tfrt.return %u : i32
    }
    %ch = tfrt.new.chain
    tfrt.return %t, %ch : i32, !tfrt.chain
  }
  tfrt.return %r#0, %r#1 : i32, !tfrt.chain
}

// Output sequenced by chains comes out in order on any queue.
// CHECK-NEXT: --- Running 'chained':
// CHECK-NEXT: int32 = 1
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: int32 = 3
// CHECK-NEXT: 'chained' returned !tfrt.chain value
func.func @chained() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %two = "tfrt_test.async_constant.i32"() {value = 2 : i32} : () -> i32
  %three = "tfrt_test.async_add.i32"(%one, %two) : (i32, i32) -> i32
  %ch1 = tfrt.print.i32 %one, %ch0
  %ch2 = tfrt.print.i32 %two, %ch1
  %ch3 = tfrt.print.i32 %three, %ch2
  tfrt.return %ch3 : !tfrt.chain
}
// CHECK-NOT: {{.}}
