// MODE: opt
// ARGS: -allow-unregistered-dialect
// Ops of unknown dialects are accepted with the flag and print in generic
// form, regions with their block arguments.

// CHECK-LABEL: func.func @u(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = "my.op"(%arg0) ({
// CHECK-NEXT:    ^bb0(%arg1: i32):
// CHECK-NEXT:      tfrt.return %arg1 : i32
// CHECK-NEXT:    }) {k = 1 : i64} : (i32) -> i32
// CHECK-NEXT:    "my.other"() : () -> ()
// CHECK-NEXT:    tfrt.return %0 : i32
func.func @u(%x: i32) -> i32 {
  %r = "my.op"(%x) ({
  ^bb0(%a: i32):
    tfrt.return %a : i32
  }) {k = 1} : (i32) -> i32
  "my.other"() : () -> ()
  tfrt.return %r : i32
}
