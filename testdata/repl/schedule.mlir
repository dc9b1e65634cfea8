// MODE: repl
// :schedule (tfrun.md §8): the schedule of the session's later runs. With
// no argument it says which schedule auto chose and why; exact and fast are
// taken as asked; anything else is an error that leaves it as it was. The
// results are the same under every schedule.
func.func @sum(%n: i32) -> i32 {
  %zero = tfrt.constant.i32 0
  %r:2 = tfrt.repeat.i32 %n, %zero, %n : i32, i32 {
    %s = tfrt.add.i32 %zero, %n
    tfrt.return %s, %n : i32, i32
  }
  tfrt.return %r#0 : i32
}
// CHECK: defined @sum
:schedule fast
// CHECK-NEXT: schedule fast: fast (requested)
:run @sum(4 : i32)
// CHECK-NEXT: 'sum' returned 16
:schedule exact
// CHECK-NEXT: schedule exact: exact (requested)
:run @sum(5 : i32)
// CHECK-NEXT: 'sum' returned 25
:schedule sometimes
// CHECK-NEXT: {{^<repl>:23:11: error: :schedule takes 'auto', 'exact' or 'fast'$}}
:schedule
// CHECK: schedule exact: exact (requested)
