// RUN: not tfrun run --schedule=exact %s 2>&1 | FileCheck %s
// RUN: not tfrun run --schedule=fast %s 2>&1 | FileCheck %s
// A runtime error deep in a chain of calls: the `called from` notes of the
// four innermost and the four outermost calls, those between counted in one
// note, as for the call depth limit (docs/execution.md §1.7).

func.func @fail(%x: i32) -> i32 {
  %f = "tfrt_test.fail"() : () -> i32
  tfrt.return %f : i32
}

// Counts %n down to 0, then calls @fail (compiled inline into @down).
func.func @down(%n: i32) -> i32 {
  %zero = tfrt.constant.i32 0
  %done = tfrt.equal.i32 %n, %zero
  %r = tfrt.if %done, %n : (i32) -> (i32) {
    %f = tfrt.call @fail(%n) : (i32) -> i32
    tfrt.return %f : i32
  } else {
    %one = tfrt.constant.i32 1
    %m = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %r2 = tfrt.call @down(%m) : (i32) -> i32
    tfrt.return %r2 : i32
  }
  tfrt.return %r : i32
}

// 12 calls: @fail's, ten of @down by itself, and this one.
// CHECK-LABEL: --- Running 'deep':
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:8:8: error: unexpected error: runtime error: something bad happened
// CHECK-NEXT: %f = "tfrt_test.fail"() : () -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:17:10: note: called from
// CHECK-NEXT: %f = tfrt.call @fail(%n) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:22:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:22:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:22:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: note: ... 4 more calls
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:22:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:22:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:22:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:61:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%n) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'deep' returned <<error: something bad happened>>
func.func @deep() -> i32 {
  %n = tfrt.constant.i32 10
  %r = tfrt.call @down(%n) : (i32) -> i32
  tfrt.return %r : i32
}

// The error in the recursive function itself.
func.func @down2(%n: i32) -> i32 {
  %zero = tfrt.constant.i32 0
  %done = tfrt.equal.i32 %n, %zero
  %r = tfrt.if %done, %n : (i32) -> (i32) {
    %z = tfrt.constant.i32 0
    %q, %rem = tfrt.div.i32 %n, %z
    tfrt.return %q : i32
  } else {
    %one = tfrt.constant.i32 1
    %m = "tfrt.minus.i32"(%n, %one) : (i32, i32) -> i32
    %r2 = tfrt.call @down2(%m) : (i32) -> i32
    tfrt.return %r2 : i32
  }
  tfrt.return %r : i32
}

// Exactly eight calls (seven of @down2 by itself, and this one): all shown.
// CHECK-LABEL: --- Running 'eight':
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:71:16: error: unexpected error: runtime error: Divide by zero
// CHECK-NEXT: %q, %rem = tfrt.div.i32 %n, %z
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:114:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down2(%n) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'eight' returned <<error: Divide by zero>>
func.func @eight() -> i32 {
  %n = tfrt.constant.i32 7
  %r = tfrt.call @down2(%n) : (i32) -> i32
  tfrt.return %r : i32
}

// Nine: the one in the middle is counted.
// CHECK-LABEL: --- Running 'nine':
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:71:16: error: unexpected error: runtime error: Divide by zero
// CHECK-NEXT: %q, %rem = tfrt.div.i32 %n, %z
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: note: ... 1 more call
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:76:11: note: called from
// CHECK-NEXT: %r2 = tfrt.call @down2(%m) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: {{.*}}call_notes_deep.mlir:151:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down2(%n) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: 'nine' returned <<error: Divide by zero>>
func.func @nine() -> i32 {
  %n = tfrt.constant.i32 8
  %r = tfrt.call @down2(%n) : (i32) -> i32
  tfrt.return %r : i32
}
// CHECK-NOT: {{.}}
