// The same body as order_default.mlir with a large module threshold (plain
// mode, T = 100): the cheap test_cost streams are grouped into one stream
// that %a joins, so all three users run inline, LIFO: the one written first
// runs first (docs/execution.md §6.7a).
module attributes {tfrt.cost_threshold = 100 : i64} {
func.func @order() {
  %a = tfrt.constant.i32 1
  %x = tfrt_test.test_cost %a {id = 0 : i64, _tfrt_cost = 1 : i64} : i32
  %y = tfrt_test.test_cost %a {id = 1 : i64, _tfrt_cost = 1 : i64} : i32
  %z = tfrt_test.test_cost %a {id = 2 : i64, _tfrt_cost = 1 : i64} : i32
  tfrt.return
}

// A function attribute overrides the module's threshold for its own body:
// with threshold 1 this behaves like the default options.
func.func @order_fn() attributes {tfrt.cost_threshold = 1 : i64} {
  %a = tfrt.constant.i32 1
  %x = tfrt_test.test_cost %a {id = 0 : i64, _tfrt_cost = 1 : i64} : i32
  %y = tfrt_test.test_cost %a {id = 1 : i64, _tfrt_cost = 1 : i64} : i32
  %z = tfrt_test.test_cost %a {id = 2 : i64, _tfrt_cost = 1 : i64} : i32
  tfrt.return
}
}
// CHECK:      --- Running 'order':
// CHECK-NEXT: id: 0
// CHECK-NEXT: id: 1
// CHECK-NEXT: id: 2
// CHECK-NEXT: --- Running 'order_fn':
// CHECK-NEXT: id: 0
// CHECK-NEXT: id: 2
// CHECK-NEXT: id: 1
// CHECK-NOT: {{.}}
