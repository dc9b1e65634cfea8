// auto chooses per function (docs/analysis.md §8): @ordered runs fast;
// @in_callee exact, because its pair meets in the callee @twice (every
// call of @twice could hold one of its instances); @itself exact, because
// it may call itself (its body would not run once); @top and @line exact
// until the ops of their pairs are done, then fast: @top's pair is its two
// prints, both must have run; @line's print is unordered with the
// `returned` line, and must have run. The racy prints are
// checked as a set (their order is exact's, which
// tests/engine_agree.sh compares with auto's).
// ARGS: --verbose
// CHECK:      Choosing the schedule per function: auto:
// CHECK-NEXT:   'ordered': fast: every conflicting pair of effects it reaches is ordered.
// CHECK-NEXT:   'in_callee': exact: {{.*}}verbose_per_function.mlir:63:8: 'tfrt.print.i32' and {{.*}}verbose_per_function.mlir:64:8: 'tfrt.print.i32' both print to the output.
// CHECK-NEXT:   'itself': exact: {{.*}}: 'tfrt.print.i32' and {{.*}}: 'tfrt.print.i32' both print to the output.
// CHECK-NEXT:   'top': exact until the ops of its unordered pairs are done, then fast: {{.*}}: 'tfrt.print.i32' and {{.*}}: 'tfrt.print.i32' both print to the output.
// CHECK-NEXT:   'line': exact until the ops of its unordered pairs are done, then fast: {{.*}}: 'tfrt.print.i32' prints to the output, and no result of 'line' depends on it, so it may come after the line 'line' returned ....
// CHECK:      --- Running 'ordered':
// CHECK-NEXT: int32 = 55
// CHECK-NEXT: 'ordered' returned !tfrt.chain value
// CHECK:      --- Running 'in_callee':
// CHECK-NEXT: int32 = 3
// CHECK-NEXT: int32 = 3
// CHECK-NEXT: 'in_callee' returned !tfrt.chain value
// CHECK-NEXT: --- Running 'itself':
// CHECK-DAG:  int32 = 4
// CHECK-DAG:  int32 = 5
// CHECK:      'itself' returned !tfrt.chain value
// CHECK-NEXT: --- Running 'top':
// CHECK-DAG:  int32 = 6
// CHECK-DAG:  int32 = 7
// CHECK:      'top' returned 610,!tfrt.chain value
// CHECK-NEXT: 'top' went on fast once {{.*}}verbose_per_function.mlir:{{[0-9]+}}:8: 'tfrt.print.i32' was done.
// CHECK-NEXT: --- Running 'line':
// CHECK-NEXT: int32 = 8
// CHECK-NEXT: 'line' returned 610
// CHECK-NEXT: 'line' went on fast once {{.*}}verbose_per_function.mlir:108:8: 'tfrt.print.i32' was done.
func.func @fib(%n: i32) -> i32 {
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %small = "tfrt.lessequal.i32"(%n, %one) : (i32, i32) -> i1
  %r = tfrt.if %small, %n, %one, %two : (i32, i32, i32) -> (i32) {
    tfrt.return %n : i32
  } else {
    %m1 = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %m2 = "tfrt.minus.i32"(%n, %two) : (i32, i32) -> i32
    %a = tfrt.call @fib(%m1) : (i32) -> i32
    %b = tfrt.call @fib(%m2) : (i32) -> i32
    %s = tfrt.add.i32 %a, %b
    tfrt.return %s : i32
  }
  tfrt.return %r : i32
}

func.func @ordered() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %n = tfrt.constant.i32 10
  %r = tfrt.call @fib(%n) : (i32) -> i32
  %c1 = tfrt.print.i32 %r, %c0
  tfrt.return %c1 : !tfrt.chain
}

func.func @twice(%x: i32, %c: !tfrt.chain) -> !tfrt.chain {
  %a = tfrt.print.i32 %x, %c
  %b = tfrt.print.i32 %x, %c
  %m = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain
  tfrt.return %m : !tfrt.chain
}

func.func @in_callee() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %x = tfrt.constant.i32 3
  %c = tfrt.call @twice(%x, %c0) : (i32, !tfrt.chain) -> !tfrt.chain
  tfrt.return %c : !tfrt.chain
}

func.func @itself() -> !tfrt.chain {
  %c0 = tfrt.new.chain
  %x = tfrt.constant.i32 4
  %y = tfrt.constant.i32 5
  %a = tfrt.print.i32 %x, %c0
  %b = tfrt.print.i32 %y, %c0
  %no = tfrt.constant.i1 0
  %m = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain
  %r = tfrt.if %no, %m : (!tfrt.chain) -> (!tfrt.chain) {
    %again = tfrt.call @itself() : () -> !tfrt.chain
    tfrt.return %again : !tfrt.chain
  } else {
    tfrt.return %m : !tfrt.chain
  }
  tfrt.return %r : !tfrt.chain
}

func.func @top() -> (i32, !tfrt.chain) {
  %c0 = tfrt.new.chain
  %x = tfrt.constant.i32 6
  %y = tfrt.constant.i32 7
  %a = tfrt.print.i32 %x, %c0
  %b = tfrt.print.i32 %y, %c0
  %m = tfrt.merge.chains %a, %b : !tfrt.chain, !tfrt.chain
  %n = tfrt.constant.i32 15
  %r = tfrt.call @fib(%n) : (i32) -> i32
  tfrt.return %r, %m : i32, !tfrt.chain
}

func.func @line() -> i32 {
  %c0 = tfrt.new.chain
  %x = tfrt.constant.i32 8
  %a = tfrt.print.i32 %x, %c0
  %n = tfrt.constant.i32 15
  %r = tfrt.call @fib(%n) : (i32) -> i32
  tfrt.return %r : i32
}
