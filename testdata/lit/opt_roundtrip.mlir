// RUN: tfrt_opt %s | tfrt_opt | FileCheck %s --check-prefix=OPT
// RUN: not bef_executor %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not bef_executor %s 2>&1 | count 5
// `not` succeeds because the run fails (a runtime error nobody expected;
// with pipefail a failing bef_executor would fail the pipeline otherwise);
// `count` counts the lines of the run's output and stderr: the Running
// line, the diagnostic's three lines (message, source line, caret) and the
// result line.

// OPT: func.func @divide() -> i32 {
// OPT-NEXT: %0 = tfrt.constant.i32 7
// OPT-NEXT: %1 = tfrt.constant.i32 0
// OPT-NEXT: %2:2 = tfrt.div.i32 %0, %1
// OPT-NEXT: tfrt.return %2#0 : i32

// ERR: --- Running 'divide':
// ERR-NEXT: opt_roundtrip.mlir:[[# @LINE + 5]]:12: error: unexpected error: runtime error: Divide by zero
// ERR: 'divide' returned <<error: Divide by zero>>
func.func @divide() -> i32 {
  %a = tfrt.constant.i32 7
  %z = tfrt.constant.i32 0
  %q, %r = tfrt.div.i32 %a, %z
  tfrt.return %q : i32
}
