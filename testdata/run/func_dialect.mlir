// MLIR's func.return and func.call are read and checked (tfrun opt prints
// them as mlir-opt does, testdata/opt/func_dialect.mlir), but TFRT runs
// neither: its converter wants every function to end in tfrt.return, and
// func.call has no kernel. So `run` rejects a function that ends in
// `return`, at the function, with a note at the return (docs/syntax.md
// "The func dialect"), and runs nothing.
// EXIT: 1

// CHECK: func_dialect.mlir:[[@LINE+8]]:1: error: 'func.func' op expected tfrt.return in body of @main
// CHECK-NEXT: func.func @main() -> i32 {
// CHECK: func_dialect.mlir:[[@LINE+8]]:3: note: it ends in MLIR's 'func.return', which TFRT does not run (tfrun opt reads it)
// CHECK-NOT: --- Running
func.func @one() -> i32 {
  %one = tfrt.constant.i32 1
  tfrt.return %one : i32
}
func.func @main() -> i32 {
  %r = tfrt.call @one() : () -> i32
  return %r : i32
}
