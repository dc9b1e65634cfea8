// Matched diagnostics print nothing, so CHECK-NEXT works across a failing
// kernel; a matched annotation may match several diagnostics on its line.
// ARGS: --work-queue=s

// CHECK: --- Running 'twice':
// CHECK-NEXT: int32 = 1
// CHECK-NEXT: 'twice' returned <<error: something bad happened>>,<<error: something bad happened>>
func.func @twice() -> (i32, i32) {
  %ch0 = tfrt.new.chain
  %one = tfrt.constant.i32 1
  %ch1 = tfrt.print.i32 %one, %ch0
  %a = "tfrt_test.fail"(%ch1) : (!tfrt.chain) -> i32  %b = "tfrt_test.fail"(%ch1) : (!tfrt.chain) -> i32 // expected-error {{something bad happened}}
  tfrt.return %a, %b : i32, i32
}
// CHECK-NOT: {{.}}
