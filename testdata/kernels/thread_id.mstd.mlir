// ARGS: --work-queue=mstd:2
// tfrt_test.get_thread_id under mstd (docs/kernel-behaviour.md §5): ids come from a
// per-run counter in order of first use, so with the main thread and two
// workers they are 0, 1 or 2; a thread keeps its id.

// CHECK-LABEL: --- Running 'thread_ids':
func.func @thread_ids() -> (i1, i1) {
  %ch0 = tfrt.new.chain
  %id = "tfrt_test.get_thread_id"(%ch0) : (!tfrt.chain) -> i32
  %zero = tfrt.constant.i32 0
  %two = tfrt.constant.i32 2
  %ge0 = "tfrt.lessequal.i32"(%zero, %id) : (i32, i32) -> i1
  %le2 = "tfrt.lessequal.i32"(%id, %two) : (i32, i32) -> i1
  tfrt.return %ge0, %le2 : i1, i1
}
// CHECK-NEXT: 'thread_ids' returned 1,1
