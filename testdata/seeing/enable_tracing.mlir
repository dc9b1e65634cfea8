// RUN: cd %T && tfrun -enable_tracing --tracing_level=verbose %s | FileCheck %s
// RUN: python3 %S/../../tests/trace_check.py %T/trace.json --kernel tfrt.constant.i32=1 --driver run\ @f=1
// RUN: mkdir -p %t.out && TEST_UNDECLARED_OUTPUTS_DIR=%t.out tfrun --enable_tracing %s | FileCheck %s
// RUN: python3 %S/../../tests/trace_check.py %t.out/trace.json --kernel tfrt.constant.i32=1
// RUN: not tfrun --tracing_level=loud %s 2>&1 | FileCheck %s --check-prefix=LEVEL
// TFRT's spelling, --enable_tracing (a flag without a value, as TFRT's
// bef_executor takes it), writes the trace where TFRT's Chrome tracing sink
// writes it under a test: trace.json in $TEST_UNDECLARED_OUTPUTS_DIR, else
// in the working directory. --tracing_level takes TFRT's three levels
// (default, verbose, debug) and nothing else.

// CHECK: 'f' returned 1
// LEVEL: tfrun: invalid tracing level 'loud' (want default, verbose or debug)
func.func @f() -> i32 {
  %x = tfrt.constant.i32 1
  tfrt.return %x : i32
}
