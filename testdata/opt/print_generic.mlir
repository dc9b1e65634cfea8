// MODE: opt
// ARGS: -mlir-print-op-generic
// -mlir-print-op-generic prints every op in generic form, the functions as
// "func.func" ops and the module as "builtin.module" (tests/mlir_oracle.sh
// checks the same against mlir-opt-16 itself). Region arguments are
// %argN, and a region's values are numbered after its block's own.
// CHECK:      "builtin.module"() ({
// CHECK-NEXT:   "func.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: i1):
// CHECK-NEXT:     %0 = "tfrt.constant.i32"() {value = 1 : i32} : () -> i32
// CHECK-NEXT:     %1 = "tfrt.if"(%arg0, %0) ({
// CHECK-NEXT:     ^bb0(%arg1: i32):
// CHECK-NEXT:       "tfrt.return"(%arg1) : (i32) -> ()
// CHECK-NEXT:     }, {
// CHECK-NEXT:     ^bb0(%arg1: i32):
// CHECK-NEXT:       %2 = "tfrt.add.i32"(%arg1, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:       "tfrt.return"(%2) : (i32) -> ()
// CHECK-NEXT:     }) : (i1, i32) -> i32
// CHECK-NEXT:     "tfrt.return"(%1) : (i32) -> ()
// CHECK-NEXT:   }) {function_type = (i1) -> i32, sym_name = "f"} : () -> ()
// CHECK-NEXT:   "func.func"() ({
// CHECK-NEXT:   }) {function_type = (i32) -> i32, sym_name = "ext", sym_visibility = "private"} : () -> ()
// CHECK-NEXT: }) : () -> ()
func.func @f(%c: i1) -> i32 {
  %one = tfrt.constant.i32 1
  %r = tfrt.if %c, %one : (i32) -> (i32) {
    tfrt.return %one : i32
  } else {
    %two = tfrt.add.i32 %one, %one
    tfrt.return %two : i32
  }
  tfrt.return %r : i32
}
func.func private @ext(i32) -> i32
