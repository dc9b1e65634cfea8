// RUN: tfrun explore %s | FileCheck %s
// RUN: tfrun explore --json --function=main %s | FileCheck %s --check-prefix=JSON
// RUN: not tfrun run --replay=spec@main: %s 2>&1 | FileCheck %s --check-prefix=REPLAY
// A function that returns the tfrt.once of itself makes a value that waits
// for itself. Under the explorer's one-kernel-per-task order the binding
// came in the other order and failed an assertion (fuzz_explore's seed
// testdata/seeing/never_ran_once.mlir); now the value stays never produced
// in every schedule, as in `tfrun run`: each outcome ends with the error
// line of the result never produced or the print that never ran (after
// "(no output)": the program printed nothing), and the witness's replay
// reports them with their notes. --json has them as "never_ran".
func.func @g() -> i32 {
  %r = tfrt.once @g() : () -> i32
  tfrt.return %r : i32
}

func.func @main() {
  %ch = tfrt.new.chain
  %r = tfrt.once @g() : () -> i32
  %done = tfrt.print.i32 %r, %ch
  tfrt.return
}
// CHECK:      --- Exploring 'g': 1 outcome in 1 schedule
// CHECK-NEXT:     'g' returned <<unavailable>>
// CHECK-NEXT:     {{.*}}once_of_itself.mlir:14:3: error: result #0 of 'g' is never produced
// CHECK:      --- Exploring 'main': 1 outcome in 1 schedule
// CHECK-NEXT:     (no output)
// CHECK-NEXT:     {{.*}}once_of_itself.mlir:20:11: error: 'tfrt.print.i32' never ran: it waits for %r, which is never produced
// REPLAY:     --- Running 'main':
// REPLAY:     {{.*}}:20:11: error: 'tfrt.print.i32' never ran: it waits for %r, which is never produced
// JSON: "outcomes": [{"output": "", "never_ran": "{{.*}}once_of_itself.mlir:20:11: error: 'tfrt.print.i32' never ran: it waits for %r, which is never produced", "schedules": 1
