// MODE: repl
// Defining, redefining and running functions (docs/tools.md §3).

func.func @inc(%a: i32) -> i32 {
  %c1 = tfrt.constant.i32 1
  %r = tfrt.add.i32 %a, %c1
  tfrt.return %r : i32
}
// CHECK: defined @inc
func.func @twice(%a: i32) -> i32 {
  %b = tfrt.call @inc(%a) : (i32) -> i32
  %c = tfrt.call @inc(%b) : (i32) -> i32
  tfrt.return %c : i32
}
// CHECK-NEXT: defined @twice

// :run takes literals (the type may be omitted) and prints the driver's
// result line (docs/execution.md §1.5).
:run @twice(40 : i32)
// CHECK-NEXT: 'twice' returned 42
:run @inc(-5)
// CHECK-NEXT: 'inc' returned -4

// Top-level values are arguments too, and tfrt.call works at top level.
%x = tfrt.constant.i32 9
// CHECK-NEXT: %x = 9 : i32
:run @twice(%x)
// CHECK-NEXT: 'twice' returned 11
%y = tfrt.call @twice(%x) : (i32) -> i32
// CHECK-NEXT: %y = 11 : i32

// Redefinition with the same signature replaces the function; callers
// (compiled earlier) now call the new one.
func.func @inc(%a: i32) -> i32 {
  %c10 = tfrt.constant.i32 10
  %r = tfrt.add.i32 %a, %c10
  tfrt.return %r : i32
}
// CHECK-NEXT: redefined @inc
:run @twice(1)
// CHECK-NEXT: 'twice' returned 21

// Several functions in one input, results of every printable type.
module {
  func.func @f() -> f64 {
    %f = tfrt.constant.f64 0.25
    tfrt.return %f : f64
  }
  func.func @g() -> (i1, i64, !tfrt.chain) {
    %t = tfrt.constant.i1 1
    %n = tfrt.constant.i64 7
    %ch = tfrt.new.chain
    tfrt.return %t, %n, %ch : i1, i64, !tfrt.chain
  }
}
// CHECK-NEXT: defined @f
// CHECK-NEXT: defined @g
:run @f()
// CHECK-NEXT: 'f' returned 2.500000e-01
:run @g()
// CHECK-NEXT: 'g' returned 1,7,!tfrt.chain value

// Native and synchronous functions.
func.func private @native_add(i32, i32) -> i32 attributes {tfrt.native}
// CHECK-NEXT: defined @native_add
:run @native_add(2, 3)
// CHECK-NEXT: 'native_add' returned 5
func.func @sync_double(%a: i32) -> i32 attributes {tfrt.sync} {
  %r = tfrt.add_s.i32 %a, %a
  tfrt.return %r : i32
}
// CHECK-NEXT: defined @sync_double
:run @sync_double(21)
// CHECK-NEXT: 'sync_double' returned 42

// A function returning an error value still "returns" (as in TFRT).
func.func @bad() -> i32 {
  %e = "tfrt_test.fail"() : () -> i32
  tfrt.return %e : i32
}
// CHECK-NEXT: defined @bad
:run @bad()
// CHECK-NEXT: <repl>:[[@LINE-5]]:8: error: runtime error: something bad happened
// CHECK-NEXT: {{^}}  %e = "tfrt_test.fail"() : () -> i32
// CHECK-NEXT: {{^       \^$}}
// CHECK-NEXT: 'bad' returned <<error: something bad happened>>

// :list shows every function with its signature and where it is defined;
// :ir prints one in canonical MLIR.
:list
// CHECK-NEXT: @inc : (i32) -> i32  at <repl>:34
// CHECK-NEXT: @twice : (i32) -> i32  at <repl>:10
// CHECK-NEXT: @f : () -> f64  at <repl>:45
// CHECK-NEXT: @g : () -> (i1, i64, !tfrt.chain)  at <repl>:49
// CHECK-NEXT: @native_add : (i32, i32) -> i32 (native)  at <repl>:64
// CHECK-NEXT: @sync_double : (i32) -> i32 (sync)  at <repl>:68
// CHECK-NEXT: @bad : () -> i32  at <repl>:77
:ir @twice
// CHECK-NEXT: func.func @twice(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = tfrt.call @inc(%arg0) : (i32) -> i32
// CHECK-NEXT:   %1 = tfrt.call @inc(%0) : (i32) -> i32
// CHECK-NEXT:   tfrt.return %1 : i32
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
