// MODE: opt
// ARGS: -mlir-print-op-generic
// An empty module in generic form: its region has its one block, written
// `^bb0:` as mlir-opt-16 writes an empty entry block
// (tests/oracle/empty_module.mlir); tfrun reads that form back.
// CHECK:      "builtin.module"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
// CHECK-EMPTY:
// CHECK-NOT: {{.}}
