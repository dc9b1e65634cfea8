// RUN: tfrun explore %s | FileCheck %s
// RUN: sed 's/"tfrt.constant.i32"/"foo.constant"/' %s > %t.mlir
// RUN: not tfrun explore %t.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// The explorer loads the program as `tfrun run` does: an op at module level
// never runs (docs/syntax.md), and one whose name is no kernel stops the
// load at that op.
// CHECK:      --- Exploring 'main': 1 outcome in 1 schedule
// CHECK-NEXT:     'main' returned 2
// UNKNOWN: error: {{.*}}unknown kernel name 'foo.constant'
// UNKNOWN-NOT: Exploring
%one = "tfrt.constant.i32"() {value = 1 : i32} : () -> i32
func.func @main() -> i32 {
  %two = tfrt.constant.i32 2
  tfrt.return %two : i32
}
