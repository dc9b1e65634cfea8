// An op at module level (docs/syntax.md) is, as in TFRT's BEF converter,
// a kernel of the kernel table that never runs: when its name is no
// kernel, loading fails with `unknown kernel name`, in the table's order
// (the top level in source order, docs/execution.md §1.8), at the op.
// Here the one at module level comes before 'foo.later' of @g; the ops of
// its region come before it. Nothing runs.
// EXIT: 1

// CHECK: module_level_unknown.mlir:[[@LINE+8]]:{{[0-9]+}}: error: unknown kernel name 'foo.inner'
// CHECK-NOT: --- Running
// CHECK-NOT: unknown kernel name 'foo.later'
func.func @f() -> i32 {
  %a = tfrt.constant.i32 1
  tfrt.return %a : i32
}
%0 = "foo.top"() ({
  "foo.inner"() : () -> ()
}) : () -> i32
func.func @g() {
  "foo.later"() : () -> ()
  tfrt.return
}
