// tfrt_test.get_thread_id (docs/kernel-behaviour.md §5): under the single-threaded queue
// everything runs on the main thread, which gets id 0.

// CHECK-LABEL: --- Running 'thread_ids':
func.func @thread_ids() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %id = "tfrt_test.get_thread_id"(%ch0) : (!tfrt.chain) -> i32
  %ch1 = "tfrt_test.as_chain"(%id, %ch0) : (i32, !tfrt.chain) -> !tfrt.chain
  %id2 = "tfrt_test.get_thread_id"(%ch1) : (!tfrt.chain) -> i32
  tfrt.return %id, %id2 : i32, i32
}
// CHECK-NEXT: 'thread_ids' returned 0,0
