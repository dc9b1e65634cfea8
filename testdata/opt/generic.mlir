// MODE: opt
// ARGS: --mlir-print-debuginfo
// Ops without custom syntax print in generic form; attributes print in
// MLIR's canonical spelling (typed integers and floats, nested arrays,
// dense elements, unit keys); with --mlir-print-debuginfo the locations
// written in the source are kept (testdata/opt/no_locs.mlir: without it).

// CHECK-LABEL: func.func @attrs() {
// CHECK-NEXT:    %0:4 = "tfrt_test.flat"() {value = {{\[\[}}"s", [1 : i32, 0 : i32]], [1.000000e+00 : f32]]} : () -> (!tfrt.string, i32, i32, f32)
// CHECK-NEXT:    %1 = "tfrt_test.const_dense_attr"() {value = dense<{{\[\[}}1, 1], [2, 2]]> : tensor<2x2xi32>} : () -> !t.tensor
// CHECK-NEXT:    %2 = "tfrt.minus.i32"(%0#1, %0#2) : (i32, i32) -> i32
// CHECK-NEXT:    %3 = "tfrt_test.sync_sum_attributes"() {a = 1 : i64, b, c = "tab\09quote\22", d = @attrs, e = 2.500000e+00 : f64} : () -> i32
// CHECK-NEXT:    %4 = "tfrt_test.print_debug_info"() : () -> !tfrt.chain loc("my name")
// CHECK-NEXT:    %5 = "tfrt_test.print_debug_info"() : () -> !tfrt.chain loc(fused["a", "b"])
// CHECK-NEXT:    %6 = "tfrt_test.print_debug_info"() : () -> !tfrt.chain loc(callsite("callee" at "caller.py":3:4))
// CHECK-NEXT:    tfrt.return
// CHECK-NEXT:  }
func.func @attrs() {
  %s, %a, %b, %f = "tfrt_test.flat"() {value = [["s", [1 : i32, 0 : i32]], [1.0 : f32]]} : () -> (!tfrt.string, i32, i32, f32)
  %t = "tfrt_test.const_dense_attr"() {value = dense<[[1, 1], [2, 2]]> : tensor<2x2xi32>} : () -> !t.tensor
  %m = "tfrt.minus.i32"(%a, %b) : (i32, i32) -> i32
  %x = "tfrt_test.sync_sum_attributes"() {e = 2.5, d = @attrs, c = "tab\tquote\"", b, a = 1} : () -> i32
  %d0 = "tfrt_test.print_debug_info"() : () -> !tfrt.chain loc("my name")
  %d1 = "tfrt_test.print_debug_info"() : () -> !tfrt.chain loc(fused["a", "b"])
  %d2 = "tfrt_test.print_debug_info"() : () -> !tfrt.chain loc(#cs)
  tfrt.return
}
#cs = loc(callsite("callee" at "caller.py":3:4))
