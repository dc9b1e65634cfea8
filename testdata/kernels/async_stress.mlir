// VARIANTS: --work-queue=mstd:2
// Asynchronous kernels under load: 10 000 loop iterations whose carried
// value is produced by a task each time (tfrt_test.async_add.i32), and
// 10 000 atomic increments sequenced by a chain.

// CHECK-LABEL: --- Running 'async_loop':
func.func @async_loop() -> i32 {
  %n = tfrt.constant.i32 10000
  %zero = tfrt.constant.i32 0
  %r = tfrt.repeat.i32 %n, %zero : i32 {
    %one = tfrt.constant.i32 1
    %next = "tfrt_test.async_add.i32"(%zero, %one) : (i32, i32) -> i32
    tfrt.return %next : i32
  }
  tfrt.return %r : i32
}
// CHECK-NEXT: 'async_loop' returned 10000

// CHECK-LABEL: --- Running 'atomic_loop':
func.func @atomic_loop() -> i32 {
  %n = tfrt.constant.i32 10000
  %c = "tfrt_test.atomic.create.i32"() : () -> !test.atomic.i32
  %ch0 = tfrt.new.chain
  %c2, %ch1 = tfrt.repeat.i32 %n, %c, %ch0 : !test.atomic.i32, !tfrt.chain {
    %ch2 = "tfrt_test.atomic.inc.i32"(%c, %ch0) : (!test.atomic.i32, !tfrt.chain) -> !tfrt.chain
    tfrt.return %c, %ch2 : !test.atomic.i32, !tfrt.chain
  }
  %v, %ch3 = "tfrt_test.atomic.get.i32"(%c2, %ch1) : (!test.atomic.i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %v : i32
}
// CHECK-NEXT: 'atomic_loop' returned 10000
