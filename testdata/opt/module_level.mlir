// RUN: tfrun opt -allow-unregistered-dialect %s | FileCheck %s
// RUN: tfrun opt -allow-unregistered-dialect -mlir-print-op-generic %s -o %t.g.mlir
// RUN: FileCheck %s --check-prefix=GEN < %t.g.mlir
// RUN: tfrun opt -allow-unregistered-dialect %t.g.mlir | FileCheck %s
// RUN: tfrun opt -allow-unregistered-dialect -mlir-print-op-generic %t.g.mlir | diff - %t.g.mlir
// RUN: tfrun opt -allow-unregistered-dialect %s | tfrun opt -allow-unregistered-dialect | FileCheck %s
// Ops of other dialects at module level (docs/syntax.md), in generic form:
// printed in their places among the functions, in custom and in generic
// form, and read back from both. The module level's values are numbered
// first (%0, %1:2, %2), a function's values after them (%3), and each
// region of an op at module level starts from there too, as mlir-opt-16
// numbers them (tests/oracle/module_level.mlir checks the generic form
// against mlir-opt-16 itself). An op at module level may name a function,
// and a function an op at module level that defines a symbol (sym_name).

// CHECK:      module {
// CHECK-NEXT:   %0 = "foo.a"() : () -> i32
// CHECK-NEXT:   "foo.b"(%0) {f = @f, x = "s"} : (i32) -> ()
// CHECK-NEXT:   func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:     %3 = "foo.c"(%arg0) {g = @g} : (i32) -> i32
// CHECK-NEXT:     %4 = tfrt.add.i32 %3, %3
// CHECK-NEXT:     tfrt.return %4 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = "foo.d"(%0) ({
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     %3 = "foo.e"(%arg0) : (i32) -> i32
// CHECK-NEXT:     %4 = tfrt.add.i32 %3, %3
// CHECK-NEXT:     "foo.y"(%4) : (i32) -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "foo.empty"() : () -> ()
// CHECK-NEXT:   }) : (i32) -> (i32, i64)
// CHECK-NEXT:   "foo.global"() {sym_name = "g", value = 3 : i64} : () -> ()
// CHECK-NEXT:   %2 = "foo.z"(%1#1, %1#0) : (i64, i32) -> f32
// CHECK-NEXT:   func.func @h() {
// CHECK-NEXT:     tfrt.return
// CHECK-NEXT:   }
// CHECK-NEXT:   "foo.last"(%2) : (f32) -> ()
// CHECK-NEXT: }

// GEN:      "builtin.module"() ({
// GEN-NEXT:   %0 = "foo.a"() : () -> i32
// GEN-NEXT:   "foo.b"(%0) {f = @f, x = "s"} : (i32) -> ()
// GEN-NEXT:   "func.func"() ({
// GEN-NEXT:   ^bb0(%arg0: i32):
// GEN-NEXT:     %3 = "foo.c"(%arg0) {g = @g} : (i32) -> i32
// GEN-NEXT:     %4 = "tfrt.add.i32"(%3, %3) : (i32, i32) -> i32
// GEN-NEXT:     "tfrt.return"(%4) : (i32) -> ()
// GEN-NEXT:   }) {function_type = (i32) -> i32, sym_name = "f"} : () -> ()
// GEN-NEXT:   %1:2 = "foo.d"(%0) ({
// GEN-NEXT:   ^bb0(%arg0: i32):
// GEN-NEXT:     %3 = "foo.e"(%arg0) : (i32) -> i32
// GEN-NEXT:     %4 = "tfrt.add.i32"(%3, %3) : (i32, i32) -> i32
// GEN-NEXT:     "foo.y"(%4) : (i32) -> ()
// GEN-NEXT:   }, {
// GEN-NEXT:     "foo.empty"() : () -> ()
// GEN-NEXT:   }) : (i32) -> (i32, i64)
// GEN-NEXT:   "foo.global"() {sym_name = "g", value = 3 : i64} : () -> ()
// GEN-NEXT:   %2 = "foo.z"(%1#1, %1#0) : (i64, i32) -> f32
// GEN-NEXT:   "func.func"() ({
// GEN-NEXT:     "tfrt.return"() : () -> ()
// GEN-NEXT:   }) {function_type = () -> (), sym_name = "h"} : () -> ()
// GEN-NEXT:   "foo.last"(%2) : (f32) -> ()
// GEN-NEXT: }) : () -> ()

%a = "foo.a"() : () -> i32
"foo.b"(%a) {x = "s", f = @f} : (i32) -> ()
func.func @f(%x: i32) -> i32 {
  %y = "foo.c"(%x) {g = @g} : (i32) -> i32
  %z = tfrt.add.i32 %y, %y
  tfrt.return %z : i32
}
%r:2 = "foo.d"(%a) ({
^bb0(%p: i32):
  %q = "foo.e"(%p) : (i32) -> i32
  %s = "tfrt.add.i32"(%q, %q) : (i32, i32) -> i32
  "foo.y"(%s) : (i32) -> ()
}, {
  "foo.empty"() : () -> ()
}) : (i32) -> (i32, i64)
"foo.global"() {sym_name = "g", value = 3} : () -> ()
%t = "foo.z"(%r#1, %r#0) : (i64, i32) -> f32
func.func @h() {
  tfrt.return
}
"foo.last"(%t) : (f32) -> ()
