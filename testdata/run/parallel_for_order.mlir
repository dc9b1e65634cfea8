// tfrt.parallel_for.i32 splitting under the single-threaded queue (docs/kernel-behaviour.md §4):
// [0, 4) by 1 is four blocks; the kernel enqueues [2,4) and [1,2) and runs
// block 0; the task for [2,4) enqueues [3,4) and runs block 2; then block 1,
// then block 3. Each block's print runs within its block's invocation (the
// invocation switches to the print's stream when its inline list empties),
// so prints come out as 0, 2, 1, 3. The body has no results: the chain is
// set when the last block's invocation returned.
// ARGS: --work-queue=s

// CHECK:      --- Running 'split':
// CHECK-NEXT: int32 = 0
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: int32 = 1
// CHECK-NEXT: int32 = 3
// CHECK-NEXT: 'split' returned !tfrt.chain value
func.func @split() -> !tfrt.chain {
  %s = tfrt.constant.i32 0
  %e = tfrt.constant.i32 4
  %bs = tfrt.constant.i32 1
  %done = tfrt.parallel_for.i32 %s to %e fixed %bs {
    %ch = tfrt.new.chain
    %p = tfrt.print.i32 %s, %ch
    tfrt.return
  }
  tfrt.return %done : !tfrt.chain
}
// CHECK-NOT: {{.}}
