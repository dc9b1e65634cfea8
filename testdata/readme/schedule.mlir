// ARGS: --verbose
// Two functions for the README's section on schedules: @chained orders its
// prints with a chain, @unordered gives both prints the same chain. The
// whole run is only as determinate as its least ordered function, so auto
// keeps the exact schedule and --verbose names the unordered pair.
// CHECK:      Choosing exact schedule: auto: {{.*}}schedule.mlir:26:8: 'tfrt.print.i32' and {{.*}}schedule.mlir:27:8: 'tfrt.print.i32' both print to the output.
// CHECK-NEXT: --- Running 'chained':
// CHECK-NEXT: int32 = 1
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: --- Running 'unordered':
// CHECK-NEXT: int32 = 2
// CHECK-NEXT: int32 = 1
func.func @chained() {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %ch1 = tfrt.print.i32 %one, %ch0
  %ch2 = tfrt.print.i32 %two, %ch1
  tfrt.return
}

func.func @unordered() {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %two = tfrt.constant.i32 2
  %a = tfrt.print.i32 %one, %ch0
  %b = tfrt.print.i32 %two, %ch0
  tfrt.return
}
