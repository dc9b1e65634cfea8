// tfrt.parallel_for.i32 / tfrt.parallel_call.i32 (docs/kernel-behaviour.md §4), order-independent:
// each block adds its start and end to an atomic counter. Blocks of
// [0, 10) by 3: [0,3) [3,6) [6,9) [9,10): starts 18 + ends 28 = 46.
// ARGS: --work-queue=mstd:2

// CHECK: --- Running 'pfor_async_body':
// CHECK-NEXT: 'pfor_async_body' returned 46
func.func @pfor_async_body() -> i32 {
  %s = tfrt.constant.i32 0
  %e = tfrt.constant.i32 10
  %bs = tfrt.constant.i32 3
  %c = "tfrt_test.atomic.create.i32"() : () -> !test.atomic.i32
  %done = tfrt.parallel_for.i32 %s to %e fixed %bs, %c : !test.atomic.i32 {
    %ch0 = "tfrt_test.atomic.add.i32"(%c, %s) : (!test.atomic.i32, i32) -> !tfrt.chain
    %ch1 = "tfrt_test.atomic.add.i32"(%c, %e, %ch0) : (!test.atomic.i32, i32, !tfrt.chain) -> !tfrt.chain
    tfrt.return %ch1 : !tfrt.chain
  }
  %v, %ch = "tfrt_test.atomic.get.i32"(%c, %done) : (!test.atomic.i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %v : i32
}

func.func @block(%s: i32, %e: i32, %c: !test.atomic.i32) -> !tfrt.chain {
  %ch0 = "tfrt_test.atomic.add.i32"(%c, %s) : (!test.atomic.i32, i32) -> !tfrt.chain
  %ch1 = "tfrt_test.atomic.add.i32"(%c, %e, %ch0) : (!test.atomic.i32, i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %ch1 : !tfrt.chain
}

// CHECK-NEXT: --- Not running 'block' because it has arguments.
// CHECK-NEXT: --- Running 'pcall':
// CHECK-NEXT: 'pcall' returned 46
func.func @pcall() -> i32 {
  %s = tfrt.constant.i32 0
  %e = tfrt.constant.i32 10
  %bs = tfrt.constant.i32 3
  %c = "tfrt_test.atomic.create.i32"() : () -> !test.atomic.i32
  %done = tfrt.parallel_call.i32 %s to %e fixed %bs @block(%c) : !test.atomic.i32
  %v, %ch = "tfrt_test.atomic.get.i32"(%c, %done) : (!test.atomic.i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %v : i32
}

// An empty range is done at once; a range within one block runs inline.
// CHECK-NEXT: --- Running 'pfor_small':
// CHECK-NEXT: 'pfor_small' returned 0,!tfrt.chain value
func.func @pfor_small() -> (i32, !tfrt.chain) {
  %s = tfrt.constant.i32 5
  %s2 = tfrt.constant.i32 5
  %bs = tfrt.constant.i32 3
  %e = tfrt.constant.i32 7
  %c = "tfrt_test.atomic.create.i32"() : () -> !test.atomic.i32
  %d = "tfrt_test.atomic.create.i32"() : () -> !test.atomic.i32
  %done1 = tfrt.parallel_for.i32 %s to %s2 fixed %bs, %c : !test.atomic.i32 {
    %ch0 = "tfrt_test.atomic.add.i32"(%c, %s) : (!test.atomic.i32, i32) -> !tfrt.chain
    tfrt.return %ch0 : !tfrt.chain
  }
  %done2 = tfrt.parallel_call.i32 %s to %e fixed %bs @sync_block(%d) : !test.atomic.i32
  %v, %ch = "tfrt_test.atomic.get.i32"(%c, %done1) : (!test.atomic.i32, !tfrt.chain) -> (i32, !tfrt.chain)
  tfrt.return %v, %done2 : i32, !tfrt.chain
}

// A body without results ("sync body"): done when every block returned
// (its deferred kernels may still be pending then).
func.func @sync_block(%s: i32, %e: i32, %c: !test.atomic.i32) {
  %ch = "tfrt_test.atomic.add.i32"(%c, %e) : (!test.atomic.i32, i32) -> !tfrt.chain
  tfrt.return
}

// Any other body signature is an error (no diagnostic).
func.func @bad_block(%s: i32, %e: i32) -> i32 {
  tfrt.return %s : i32
}
// CHECK-NEXT: --- Not running 'sync_block' because it has arguments.
// CHECK-NEXT: --- Not running 'bad_block' because it has arguments.
// CHECK-NEXT: --- Running 'pcall_bad':
// CHECK-NEXT: 'pcall_bad' returned <<error: Invalid parallel body function result types>>
func.func @pcall_bad() -> !tfrt.chain {
  %s = tfrt.constant.i32 0
  %e = tfrt.constant.i32 10
  %bs = tfrt.constant.i32 3
  %done = tfrt.parallel_call.i32 %s to %e fixed %bs @bad_block()
  tfrt.return %done : !tfrt.chain
}
// CHECK-NOT: {{.}}
