// --timeout inside a loop whose body is fused divisibility tests (TREMK_I32,
// testdata/engine/rem_test.mlir) and whose branches end at copies of the
// loop's back edge (a jump to RPT_NEXT is replaced by it): the timeout is
// noticed at one of those back edges within 64 iterations, the loop stops
// with it as its results, the add after the loop is skipped (the loop's
// exit, also from a copy, leads there), and the run ends at once: 2 * 10^9
// iterations would take seconds.
// ARGS: --schedule=fast --timeout=0.3
// EXIT: 1

// CHECK-LABEL: --- Running 'main':
// CHECK-NEXT: 'main' returned <<error: Cancelled: timeout>>,<<error: Cancelled: timeout>>
// CHECK-NEXT: tfrun: Cancelled: timeout
// CHECK-EMPTY:
func.func @main() -> (i32, i32) {
  %n = tfrt.constant.i32 2000000000
  %i = tfrt.constant.i32 0
  %acc = tfrt.constant.i32 0
  %r:2 = tfrt.repeat.i32 %n, %i, %acc : i32, i32 {
    %one = tfrt.constant.i32 1
    %i1 = tfrt.add.i32 %i, %one
    %c3 = tfrt.constant.i32 3
    %z = tfrt.constant.i32 0
    %q, %m = tfrt.div.i32 %i1, %c3
    %by3 = tfrt.equal.i32 %m, %z
    %acc1 = tfrt.if %by3, %acc : (i32) -> (i32) {
      %o = tfrt.constant.i32 1
      %y = tfrt.add.i32 %acc, %o
      tfrt.return %y : i32
    } else {
      tfrt.return %acc : i32
    }
    tfrt.return %i1, %acc1 : i32, i32
  }
  %c1 = tfrt.constant.i32 1
  %s = tfrt.add.i32 %r#1, %c1
  tfrt.return %r#0, %s : i32, i32
}
