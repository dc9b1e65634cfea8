// The call depth limit (--max-call-depth, issue 15 item 3) under the exact
// schedule: a function that calls itself with no base case stops at the
// limit with a located error at the call that would go deeper, and
// 'called from' notes for the chain (the innermost and outermost
// EXEC_CALL_NOTES = 4, the ones between counted). The error stops the
// request: every call still to start returns it. The next function runs
// with a fresh request.
// ARGS: --schedule=exact --max-call-depth=12
// EXIT: 1

func.func @down(%x: i32) -> i32 {
  %r = tfrt.call @down(%x) : (i32) -> i32
  tfrt.return %r : i32
}

func.func @via_cond(%x: i32) -> i32 {
  %t = tfrt.constant.i1 1
  %r = tfrt.cond %t @down @down (%x) : (i32) -> (i32)
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'main':
// CHECK-NEXT: call_depth_exact.mlir:12:8: error: {{(unexpected error: )?}}call depth exceeds 12
// CHECK-NEXT: %r = tfrt.call @down(%x) : (i32) -> i32
// CHECK-NEXT: ^
// CHECK-NEXT: call_depth_exact.mlir:12:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%x)
// CHECK-NEXT: ^
// CHECK-NEXT: call_depth_exact.mlir:12:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%x)
// CHECK-NEXT: ^
// CHECK-NEXT: call_depth_exact.mlir:12:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%x)
// CHECK-NEXT: ^
// CHECK-NEXT: call_depth_exact.mlir:12:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%x)
// CHECK-NEXT: ^
// CHECK-NEXT: note: ... 4 more calls
// CHECK-NEXT: call_depth_exact.mlir:12:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%x)
// CHECK-NEXT: ^
// CHECK-NEXT: call_depth_exact.mlir:12:8: note: called from
// CHECK-NEXT: %r = tfrt.call @down(%x)
// CHECK-NEXT: ^
// CHECK-NEXT: call_depth_exact.mlir:18:8: note: called from
// CHECK-NEXT: %r = tfrt.cond %t @down @down (%x)
// CHECK-NEXT: ^
// CHECK-NEXT: call_depth_exact.mlir:54:8: note: called from
// CHECK-NEXT: %r = tfrt.call @via_cond(%c)
// CHECK-NEXT: ^
// CHECK-NEXT: 'main' returned <<error: call depth exceeds 12>>
func.func @main() -> i32 {
  %c = tfrt.constant.i32 1
  %r = tfrt.call @via_cond(%c) : (i32) -> i32
  tfrt.return %r : i32
}

// CHECK-LABEL: --- Running 'after':
// CHECK-NEXT: 'after' returned 7
func.func @after() -> i32 {
  %c = tfrt.constant.i32 7
  tfrt.return %c : i32
}
