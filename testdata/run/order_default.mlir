// Ordering under the single-threaded queue (docs/execution.md §6.2, §6.3), default options.
// Forward pass: %a has cfr 1, the three test_cost ops cfr 2 = T. Each
// test_cost op is its own stream; %a joins id 0's stream (the first most
// expensive child). Running %a makes its users ready in use-list order
// (id 2, id 1, id 0): id 0 is in the current stream (inline), ids 2 and 1 are
// dispatched as one task each in ascending stream order (id 2's stream was
// created first).
// ARGS: --work-queue=s
func.func @order() {
  %a = tfrt.constant.i32 1
  %x = tfrt_test.test_cost %a {id = 0 : i64, _tfrt_cost = 1 : i64} : i32
  %y = tfrt_test.test_cost %a {id = 1 : i64, _tfrt_cost = 1 : i64} : i32
  %z = tfrt_test.test_cost %a {id = 2 : i64, _tfrt_cost = 1 : i64} : i32
  tfrt.return
}
// CHECK:      --- Running 'order':
// CHECK-NEXT: id: 0
// CHECK-NEXT: id: 2
// CHECK-NEXT: id: 1
// CHECK-NOT: {{.}}
