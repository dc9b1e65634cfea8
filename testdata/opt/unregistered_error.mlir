// MODE: opt
// EXIT: 1
// Without -allow-unregistered-dialect an op of an unknown dialect is an
// error, as with mlir-opt, at module level too; an unknown op of a known
// dialect always is. The errors come in source order.

func.func @u() {
  "my.other"() : () -> ()
  "tfrt.no_such_op"() : () -> ()
  tfrt.return
}
%0 = "my.top"() ({
  "my.inner"() : () -> ()
}) : () -> i32
// CHECK: unregistered_error.mlir:8:3: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
// CHECK: unregistered_error.mlir:9:3: error: unregistered operation 'tfrt.no_such_op' found in dialect ('tfrt') that does not allow unknown operations
// CHECK: unregistered_error.mlir:12:6: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
// CHECK: unregistered_error.mlir:13:3: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
