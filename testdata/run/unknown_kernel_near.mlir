// A generic op whose name is one edit from a kernel's: the load-time error
// names it and the note suggests the op table's nearest name.
// EXIT: 1

// CHECK: unknown_kernel_near.mlir:[[@LINE+6]]:8: error: unknown kernel name 'tfrt.constnt.i32'
// CHECK: unknown_kernel_near.mlir:[[@LINE+5]]:8: note: did you mean 'tfrt.constant.i32'?
// CHECK-NOT: unexpected error
// CHECK-NOT: --- Running
// CHECK-NOT: runtime error
func.func @main() -> i32 {
  %x = "tfrt.constnt.i32"() {value = 1 : i32} : () -> i32
  tfrt.return %x : i32
}
