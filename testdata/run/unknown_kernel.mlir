// An unknown kernel name stops the program at load time (docs/execution.md §1.8): a single
// diagnostic for the first unknown name, nothing runs, exit 1 when the
// diagnostic is unexpected. It is a load-time error, not a runtime one
// (docs/language.md §4: no "runtime error:"); a name near one of the op table's
// gets a note (testdata/run/unknown_kernel_near.mlir).
// EXIT: 1

// CHECK: unknown_kernel.mlir:[[@LINE+5]]:{{[0-9]+}}: error: unknown kernel name 'foo.first'
// CHECK-NOT: unexpected error
// CHECK-NOT: --- Running
// CHECK-NOT: unknown kernel name 'foo.second'
func.func @f() {
  "foo.first"() : () -> ()
  "foo.second"() : () -> ()
  tfrt.return
}
func.func @g() -> i32 {
  %a = tfrt.constant.i32 1
  tfrt.return %a : i32
}
