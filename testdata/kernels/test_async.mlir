// VARIANTS: --work-queue=mstd:2
// Asynchronous tfrt_test kernels (docs/kernel-behaviour.md §5): results produced by tasks.

// CHECK-LABEL: --- Running 'async_values':
func.func @async_values() -> (i32, i32, i1, i32, i32, i32, i64) {
  %a = tfrt.constant.i32 40
  %b = tfrt.constant.i32 2
  %sum = "tfrt_test.async_add.i32"(%a, %b) : (i32, i32) -> i32
  %c = "tfrt_test.async_constant.i32"() {value = 7 : i32} : () -> i32
  %t = "tfrt_test.async_constant.i1"() {value = 1 : i1} : () -> i1
  %cp = "tfrt_test.async_copy.i32"(%sum) : (i32) -> i32
  %cp2 = "tfrt_test.async_copy_2.i32"(%c) : (i32) -> i32
  %d = "tfrt_test.async_copy.with_delay.i32"(%a) : (i32) -> i32
  %e = tfrt.constant.i64 -5
  %f = "tfrt_test.async_copy.with_delay.i64"(%e) : (i64) -> i64
  tfrt.return %sum, %c, %t, %cp, %cp2, %d, %f : i32, i32, i1, i32, i32, i32, i64
}
// CHECK-NEXT: 'async_values' returned 42,7,1,42,7,40,-5

// Async results flow into ordinary kernels, sequenced by chains.
// CHECK-LABEL: --- Running 'async_chain':
func.func @async_chain() {
  %ch0 = tfrt.new.chain
  %a = tfrt.constant.i32 1
  %b = "tfrt_test.async_add.i32"(%a, %a) : (i32, i32) -> i32
  %c = "tfrt_test.async_add.i32"(%b, %b) : (i32, i32) -> i32
  %ch1 = tfrt.print.i32 %b, %ch0
  %ch2 = tfrt.print.i32 %c, %ch1
  tfrt.return
}
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: int32 = 4

// CHECK-LABEL: --- Running 'sync_delay':
func.func @sync_delay() -> (i32, i64) {
  %a = tfrt.constant.i32 3
  %b = tfrt.constant.i64 4
  %x = "tfrt_test.copy.with_delay.i32"(%a) : (i32) -> i32
  %y = "tfrt_test.copy.with_delay.i64"(%b) : (i64) -> i64
  tfrt.return %x, %y : i32, i64
}
// CHECK-NEXT: 'sync_delay' returned 3,4

// A function without results runs its queued work during the quiesce,
// before the next `---` line (docs/execution.md §1.6).
// CHECK-LABEL: --- Running 'sleep':
func.func @sleep() {
  %t = tfrt.constant.i32 100
  "tfrt_test.usleep"(%t) : (i32) -> ()
  tfrt.return
}
// CHECK-NEXT: Slept for 100 microseconds

// CHECK-LABEL: --- Running 'blocking_sleep':
func.func @blocking_sleep() -> !tfrt.chain {
  %ch0 = tfrt.new.chain
  %t = tfrt.constant.i32 50
  %ch1 = "tfrt_test.blocking.usleep"(%t) : (i32) -> !tfrt.chain
  %ch2 = "tfrt_test.print_hello"(%ch1) : (!tfrt.chain) -> !tfrt.chain
  tfrt.return %ch2 : !tfrt.chain
}
// CHECK-NEXT: Slept for 50 microseconds
// CHECK-NEXT: hello host executor!
// CHECK-NEXT: 'blocking_sleep' returned !tfrt.chain value

// CHECK-LABEL: --- Running 'atomics':
func.func @atomics() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %c = "tfrt_test.atomic.create.i32"() : () -> !test.atomic.i32
  %ch1 = "tfrt_test.atomic.inc.i32"(%c, %ch0) : (!test.atomic.i32, !tfrt.chain) -> !tfrt.chain
  %five = tfrt.constant.i32 5
  %ch2 = "tfrt_test.atomic.add.i32"(%c, %five, %ch1) : (!test.atomic.i32, i32, !tfrt.chain) -> !tfrt.chain
  %v, %ch3 = "tfrt_test.atomic.get.i32"(%c, %ch2) : (!test.atomic.i32, !tfrt.chain) -> (i32, !tfrt.chain)
  %ch4 = "tfrt_test.atomic.inc.i32"(%c, %ch3) : (!test.atomic.i32, !tfrt.chain) -> !tfrt.chain
  %w, %ch5 = "tfrt_test.atomic.get.i32"(%c, %ch4) : (!test.atomic.i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %v, %w : i32, i32
}
// CHECK-NEXT: 'atomics' returned 6,7
