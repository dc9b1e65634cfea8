// RUN: not tfrun run --schedule=exact %s 2>&1 | FileCheck %s
// RUN: not tfrun run --schedule=fast %s 2>&1 | FileCheck %s
// An error reported later, by a task a kernel left behind, is followed by
// the `called from` notes of that kernel's calls, however the calls have
// returned since (docs/execution.md §1.7). Two kernels on two chains report
// from their tasks, in the order the kernels ran.

func.func @later(%x: i32) -> i32 {
  %e = "tfrt_test.report_error_async"() : () -> i32
  tfrt.return %e : i32
}

func.func @mid(%x: i32) -> i32 {
  %r = tfrt.call @later(%x) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'async_errors':
// CHECK-NEXT: {{.*}}call_notes_async.mlir:9:8: error: unexpected error: runtime error: something bad happened asynchronously
// CHECK-NEXT: %e = "tfrt_test.report_error_async"() : () -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_async.mlir:14:8: note: called from
// CHECK-NEXT: %r = tfrt.call @later(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_async.mlir:37:8: note: called from
// CHECK-NEXT: %a = tfrt.call @mid(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_async.mlir:9:8: error: unexpected error: runtime error: something bad happened asynchronously
// CHECK-NEXT: %e = "tfrt_test.report_error_async"() : () -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_async.mlir:38:8: note: called from
// CHECK-NEXT: %b = tfrt.call @later(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'async_errors' returned <<error: something bad happened asynchronously>>,<<error: something bad happened asynchronously>>
func.func @async_errors() -> (i32, i32) {
  %c = tfrt.constant.i32 1
  %a = tfrt.call @mid(%c) : (i32) -> i32
  %b = tfrt.call @later(%c) : (i32) -> i32
  tfrt.return %a, %b : i32, i32
}
// CHECK-NOT: {{.}}
