// MODE: repl
// ARGS: --replay=spec@race:0.0.0.0.0.0 testdata/repl/race.mlir.in
// Replaying the witnesses of `tfrun explore testdata/repl/race.mlir.in`
// (two outcomes: 'race' returned 1 with witness spec@race:0.0.0.0.0.0, and
// 'race' returned 2 with spec@race:0.1.0.0.0.0): each :run follows the schedule
// its witness names, so each gives its outcome, and the debugger can stop,
// watch and go back in it. With --replay the first witness applies from
// the start.
// CHECK: defined @race
:replay
// CHECK-NEXT: runs replay witness spec@race:0.0.0.0.0.0
:run @race()
// CHECK-NEXT: replaying witness spec@race:0.0.0.0.0.0
// CHECK-NEXT: 'race' returned 1
// The lost update, step by step: both reads (the kernels) come before
// either write (a step of its own under the spec model).
:break rv.assign_add
// CHECK-NEXT: breakpoint 1: op rv.assign_add
:run @race()
// CHECK-NEXT: replaying witness spec@race:0.0.0.0.0.0
// CHECK-NEXT: stopped at breakpoint 1: rv.assign_add at testdata/repl/race.mlir.in:9:8 in @race
:watch %v
// CHECK-NEXT: watchpoint 2: %v = 0
:continue
// CHECK-NEXT: stopped at breakpoint 1: rv.assign_add at testdata/repl/race.mlir.in:10:8 in @race
:continue
// CHECK-NEXT: watchpoint 2: %v changed from 0 to 1 at testdata/repl/race.mlir.in:9:8 'rv.assign_add'
// CHECK-NEXT: watchpoint 2: %v written, still 1, at testdata/repl/race.mlir.in:10:8 'rv.assign_add'
// CHECK-NEXT: stopped: tfrt.merge.chains at testdata/repl/race.mlir.in:11:10 in @race
// Back to the previous hit, then forward again: the same schedule.
:rc
// CHECK-NEXT: stopped at breakpoint 1: rv.assign_add at testdata/repl/race.mlir.in:10:8 in @race
:continue
// CHECK-NEXT: watchpoint 2: %v changed from 0 to 1 at testdata/repl/race.mlir.in:9:8 'rv.assign_add'
// CHECK-NEXT: watchpoint 2: %v written, still 1, at testdata/repl/race.mlir.in:10:8 'rv.assign_add'
// CHECK-NEXT: stopped: tfrt.merge.chains at testdata/repl/race.mlir.in:11:10 in @race
:continue
// CHECK-NEXT: 'race' returned 1
// CHECK-NEXT: watchpoint 2 deleted: %v belonged to the run that ended
:delete 1
// CHECK-NEXT: deleted breakpoint 1
// The other witness: the second read comes after the first write.
:replay spec@race:0.1.0.0.0.0
// CHECK-NEXT: :run @race() follows witness spec@race:0.1.0.0.0.0
:run @race()
// CHECK-NEXT: replaying witness spec@race:0.1.0.0.0.0
// CHECK-NEXT: 'race' returned 2
// A witness names its function: another one runs in the session's
// schedule.
func.func @other() -> i32 {
  %one = tfrt.constant.i32 1
  tfrt.return %one : i32
}
// CHECK-NEXT: defined @other
:run @other()
// CHECK-NEXT: 'other' returned 1
// A witness that does not fit the run (one without a name fits any
// function without arguments): the run ends in queue order.
:replay spec:0.1
// CHECK-NEXT: :run of a function without arguments follows witness spec:0.1
:run @race()
// CHECK-NEXT: replaying witness spec:0.1
// CHECK-NEXT: 'race' returned 2
// CHECK-NEXT: <repl>:[[@LINE-3]]:1: error: the witness 'spec:0.1' does not fit '@race': {{.+}}
// The session's own schedule again (exact: no update is lost).
:replay off
// CHECK: no witness: runs follow the session's schedule
:run @race()
// CHECK-NEXT: 'race' returned 2
:replay a b
// CHECK-NEXT: <repl>:[[@LINE-1]]:9: error: :replay takes one witness (or 'off')
