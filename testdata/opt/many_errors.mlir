// MODE: opt
// EXIT: 1
// The verifier reports every error it finds, in source order, with notes
// at related places; nothing is printed for an invalid module.

func.func @callee(%x: i32) -> i32 {
  tfrt.return %x : i32
}

func.func @f(%x: i64) -> i32 {
  %a = "tfrt.add.i32"(%x, %x) : (i64, i64) -> i32
  %b = "tfrt.constant.i32"() : () -> i32
  %c = tfrt.call @callee(%x) : (i64) -> i32
  tfrt.return %x : i64
}

func.func @g() {
}
// CHECK-NOT: module
// CHECK: many_errors.mlir:11:8: error: 'tfrt.add.i32' op operand #0 must be 32-bit signless integer, but got 'i64'
// CHECK: many_errors.mlir:11:8: error: 'tfrt.add.i32' op operand #1 must be 32-bit signless integer, but got 'i64'
// CHECK: many_errors.mlir:12:8: error: 'tfrt.constant.i32' op requires attribute 'value'
// CHECK: many_errors.mlir:13:8: error: 'tfrt.call' op operand type mismatch: operand #0 is 'i64', callee expects 'i32'
// CHECK: many_errors.mlir:6:1: note: callee @callee defined here
// CHECK: many_errors.mlir:14:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32')
// CHECK: many_errors.mlir:17:1: error: 'func.func' op expected tfrt.return in body of @g
// CHECK-NOT: error
