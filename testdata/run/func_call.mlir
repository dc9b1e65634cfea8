// func.call is read and checked against its callee like tfrt.call, but it
// has no kernel: loading stops at it, with TFRT's op as the suggestion
// (docs/syntax.md "The func dialect"). Nothing runs.
// EXIT: 1

// CHECK: func_call.mlir:[[@LINE+8]]:8: error: unknown kernel name 'func.call'
// CHECK: func_call.mlir:[[@LINE+7]]:8: note: did you mean 'tfrt.call'?
// CHECK-NOT: --- Running
func.func @one() -> i32 {
  %one = tfrt.constant.i32 1
  tfrt.return %one : i32
}
func.func @main() -> i32 {
  %r = call @one() : () -> i32
  tfrt.return %r : i32
}
