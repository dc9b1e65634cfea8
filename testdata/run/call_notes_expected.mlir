// RUN: not tfrun run --schedule=exact %s 2>&1 | FileCheck %s
// RUN: not tfrun run --schedule=fast %s 2>&1 | FileCheck %s
// The `called from` notes explain the diagnostic before them: when an
// `expected-error` annotation claims that diagnostic, its notes are not
// printed either (docs/execution.md §1.7); an unexpected one keeps them.

func.func @expected(%x: i32) -> i32 {
  %z = tfrt.constant.i32 0
  %q, %r = tfrt.div.i32 %x, %z // expected-error {{Divide by zero}}
  tfrt.return %q : i32
}

func.func @unexpected(%x: i32) -> i32 {
  %f = "tfrt_test.fail"() : () -> i32
  tfrt.return %f : i32
}

func.func @mid(%x: i32) -> i32 {
  %r = tfrt.call @expected(%x) : (i32) -> i32
  tfrt.return %r : i32
}

func.func @mid2(%x: i32) -> i32 {
  %r = tfrt.call @unexpected(%x) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'claimed':
// CHECK-NEXT: 'claimed' returned <<error: Divide by zero>>
func.func @claimed() -> i32 {
  %c = tfrt.constant.i32 7
  %r = tfrt.call @mid(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-NEXT: --- Running 'not_claimed':
// CHECK-NEXT: {{.*}}call_notes_expected.mlir:14:8: error: unexpected error: runtime error: something bad happened
// CHECK-NEXT: %f = "tfrt_test.fail"() : () -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_expected.mlir:24:8: note: called from
// CHECK-NEXT: %r = tfrt.call @unexpected(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_expected.mlir:49:8: note: called from
// CHECK-NEXT: %r = tfrt.call @mid2(%c) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'not_claimed' returned <<error: something bad happened>>
func.func @not_claimed() -> i32 {
  %c = tfrt.constant.i32 7
  %r = tfrt.call @mid2(%c) : (i32) -> i32
  tfrt.return %r : i32
}
// CHECK-NOT: {{.}}
