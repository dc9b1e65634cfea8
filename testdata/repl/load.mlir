// MODE: repl
// ARGS: testdata/repl/lib.mlir.in
// `tfrun repl FILE` loads FILE first (paths are relative to the directory
// the tests run from, the repository root).
// CHECK: defined @square
// CHECK-NEXT: defined @sum_of_squares

:list
// CHECK-NEXT: @square : (i32) -> i32  at testdata/repl/lib.mlir.in:3
// CHECK-NEXT: @sum_of_squares : (i32, i32) -> i32  at testdata/repl/lib.mlir.in:8
:run @sum_of_squares(3, 4)
// CHECK-NEXT: 'sum_of_squares' returned 25

// Breakpoints by FILE:LINE point into the loaded file; diagnostics and
// :where name its lines.
:break testdata/repl/lib.mlir.in:4
// CHECK-NEXT: breakpoint 1: line testdata/repl/lib.mlir.in:4
:run @sum_of_squares(1, 2)
// CHECK-NEXT: note: runs use the exact schedule while the debugger is armed {{.*}}
// CHECK-NEXT: stopped at breakpoint 1: tfrt.mul.i32 at testdata/repl/lib.mlir.in:4:8 in @square(%x = 1), depth 2
:where
// CHECK-NEXT: #0 tfrt.mul.i32 at testdata/repl/lib.mlir.in:4:8 in @square(%x = 1)
// CHECK-NEXT: #1 tfrt.call at testdata/repl/lib.mlir.in:9:9 in @sum_of_squares(%a = 1, %b = 2)
:print %x
// CHECK-NEXT: %x : i32 = 1 (available, refcount
// The second call has not started: it waits for nothing, so it is ready.
:ready
// CHECK-NEXT: next: tfrt.mul.i32 at testdata/repl/lib.mlir.in:4:8 in @square(%x = 1)
// CHECK-NEXT: ready: tfrt.call at testdata/repl/lib.mlir.in:10:9 in @sum_of_squares(%a = 1, %b = 2)
:continue
// CHECK-NEXT: stopped at breakpoint 1: tfrt.mul.i32 at testdata/repl/lib.mlir.in:4:8 in @square(%x = 2), depth 2
:where
// CHECK-NEXT: #0 tfrt.mul.i32 at testdata/repl/lib.mlir.in:4:8 in @square(%x = 2)
// CHECK-NEXT: #1 tfrt.call at testdata/repl/lib.mlir.in:10:9 in @sum_of_squares(%a = 1, %b = 2)
:delete 1
// CHECK-NEXT: deleted breakpoint 1
:continue
// CHECK-NEXT: 'sum_of_squares' returned 5

// A function typed in the session can call the loaded ones.
func.func @main() -> i32 {
  %three = tfrt.constant.i32 3
  %r = tfrt.call @square(%three) : (i32) -> i32
  tfrt.return %r : i32
}
// CHECK-NEXT: defined @main
:run @main()
// CHECK-NEXT: 'main' returned 9

// Redefining a loaded function in the session, then :reload restores the
// file's version (same signatures, so both are allowed).
func.func @square(%x: i32) -> i32 {
  %r = tfrt.add.i32 %x, %x
  tfrt.return %r : i32
}
// CHECK-NEXT: redefined @square
:run @main()
// CHECK-NEXT: 'main' returned 6
:run @sum_of_squares(3, 4)
// CHECK-NEXT: 'sum_of_squares' returned 14
:reload
// CHECK-NEXT: redefined @square
// CHECK-NEXT: redefined @sum_of_squares
:run @sum_of_squares(3, 4)
// CHECK-NEXT: 'sum_of_squares' returned 25
:load testdata/repl/lib.mlir.in
// CHECK-NEXT: redefined @square
// CHECK-NEXT: redefined @sum_of_squares
:ir @square
// CHECK-NEXT: func.func @square(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = tfrt.mul.i32 %arg0, %arg0
// CHECK-NEXT:   tfrt.return %0 : i32
// CHECK-NEXT: }
// :list N lists the loaded file when no run is stopped; :list @f a function.
:list 4
// CHECK-NEXT: {{^     1  // A library loaded by load.mlir}}
// CHECK: {{^     4    %r = tfrt.mul.i32 %x, %x$}}
// CHECK: {{^    10    %b2 = tfrt.call @square\(%b\) : \(i32\) -> i32$}}
:list @square
// CHECK-NEXT: {{^     3  func.func @square\(%x: i32\) -> i32 \{$}}
// CHECK-NEXT: {{^     4    %r = tfrt.mul.i32 %x, %x$}}
// CHECK-NEXT: {{^     5    tfrt.return %r : i32$}}
// CHECK-NEXT: {{^     6  }$}}
:list testdata/repl/lib.mlir.in:9
// CHECK-NEXT: {{^     4    %r = tfrt.mul.i32 %x, %x$}}
// CHECK: {{^    13  }$}}
// CHECK-NOT: {{.}}
