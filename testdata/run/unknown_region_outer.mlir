// A region of an unknown op that uses the values around it (docs/syntax.md
// "Regions of unknown ops") loads as any unknown op does: `unknown kernel
// name`, at the first of the kernel table's order, where the ops of a
// region come before the op that holds it (docs/execution.md §1.8). The
// known kernels inside, which use the function's values, change nothing.
// Nothing runs.
// EXIT: 1

// CHECK: unknown_region_outer.mlir:[[@LINE+9]]:{{[0-9]+}}: error: unknown kernel name 'foo.yield'
// CHECK-NOT: --- Running
// CHECK-NOT: unknown kernel name 'foo.wrap'
func.func @main() -> i32 {
  %ch = tfrt.new.chain
  %x = tfrt.constant.i32 1
  %r = "foo.wrap"() ({
    %y = tfrt.add.i32 %x, %x
    %ch1 = tfrt.print.i32 %y, %ch
    "foo.yield"(%y, %ch1) : (i32, !tfrt.chain) -> ()
  }) : () -> i32
  %s = tfrt.add.i32 %r, %x
  tfrt.return %s : i32
}
